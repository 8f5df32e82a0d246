"""Section headings: one that names a kind (`二. 多选题（共8题，34分）`, `## 多选`, `A1型题：…`), a chapter
(`第三章 …`, `### Vue`), a part of a language test (`B. ¿Verdadero (V) o falso (F)?`), and a heading of keys
(`单选题答案`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.banks.conventions.chars import probe
from bot.banks.conventions.kinds import KIND_ALTERNATION, kind_of_word
from bot.banks.model import Kind

__all__ = ["Heading", "kind_in_header", "match_heading", "part_heading"]


@dataclass(frozen=True)
class Heading:
    title: str
    kind: Kind | None  # None: a heading that names no kind (a chapter), or a plain 选择题
    names_kind: bool  # the heading names a kind of question (选择题 included)
    declared: int | None = None
    numbered: bool = False  # "11.多选题（3分）": numbered like a question; the document decides which it is

    @property
    def ambiguous(self) -> bool:
        """A numbered kind heading that declares no count may be a question's label instead."""
        return self.numbered and self.declared is None


_ORDINAL = (
    r"(?:[一二三四五六七八九十]+\s*[、.．:：]|[（(]\s*[一二三四五六七八九十]+\s*[)）]\s*[、.．]?|第[一二三四五六七八九十\d]+\s*"
    r"(?:部分|大题|节|章|单元|类)\s*[、.．:：]?|Part\s*(?:[IVX\d]+|[A-H])\s*[.:：]?|[IVX]+\s*[.、]|[Ⅰ-Ⅻ]\s*[.、．]?|(?P<digit>\d{1,2})\s*[、.．](?!\d))"
)
_KIND_HEADING = re.compile(
    rf"^{_ORDINAL}?\s*(?P<word>{KIND_ALTERNATION})(?:\s*questions?)?\s*(?P<rest>(?:[（(\[【:：。.,，\s].*)?)$", re.I
)
# "三、计算问答题（6分）", "四、综合分析题": a few words before the kind, under a section's numeral only
_QUALIFIED_KIND_HEADING = re.compile(
    # also an instruction that ends in its kind under a numeral: "Ⅱ. 用括号内动词的适当形式填空（共3小题）"
    rf"^(?:[一二三四五六七八九十]+\s*[、.．:：]|[（(]\s*[一二三四五六七八九十]+\s*[)）]\s*[、.．]?|第[一二三四五六七八九十\d]+\s*"
    rf"(?:部分|大题)\s*[、.．:：]?|[Ⅰ-Ⅻ]\s*[.、．]?)\s*(?:(?:[\u4e00-\u9fff]{{2,6}}[：:]\s*)?[\u4e00-\u9fff]{{0,4}}?"
    rf"(?P<word>{KIND_ALTERNATION})\s*(?P<rest>(?:[（(\[【:：。.,，\s].*)?)"
    rf"|[\u4e00-\u9fff]{{5,16}}?(?P<long>填空)\s*(?:[（(][^（()）]*[)）])?)$"
)
_BRACKETED_KIND = re.compile(rf"^[【\[]\s*(?P<word>{KIND_ALTERNATION})\s*[】\]]$", re.I)
_DECLARED = [
    re.compile(r"=\s*(\d+)\s*(?:小|道)?题"),
    re.compile(r"共\s*(\d+)\s*(?:小|道|个)?(?:题|问)"),
    re.compile(r"^[（(【\[]\s*(\d+)\s*(?:小|道)?题"),
    re.compile(r"[（(【\[,，]\s*(\d+)\s*(?:小|道)?题(?!\s*[分每])"),
]
_CHAPTER = re.compile(
    r"^(?:第\s*[一二三四五六七八九十百\d]+\s*(?:章|节|讲|课|单元|部分|篇|编|周|次课|模块)|Chapter\s*\d+|Unit\s*\d+|Lesson\s*\d+"
    r"|Part\s*[IVX\d]+|专题\s*[一二三四五六七八九十\d]+|模块\s*[一二三四五六七八九十\d]+|\d+(?:\.\d+)+\s"
    r"|[一二三四五六七八九十]+\s*[、．.]|[（(]\s*[一二三四五六七八九十]+\s*[)）])",
    re.I,
)


def match_heading(text: str, *, markdown: bool, probed: str | None = None) -> Heading | None:
    """A section heading: one that names a kind (`二. 多选题（共8题，34分）`, `## 多选`), or a chapter
    (`第三章 …`, `第05讲`, `### Vue` in Markdown, `#### 2.3`)."""
    p = (probe(text) if probed is None else probed).strip()
    plain = p.rstrip("：:。. ")
    if len(plain) <= 160 and (m := _KIND_HEADING.match(plain)) and not re.search(r"[？?]", plain[:60]):
        rest = m.group("rest")
        if m.group("digit") and rest.strip() and not re.fullmatch(r"\s*(?:[（(【\[][^）)】\]]*[）)】\]]\s*)+", rest):
            return None  # "7. 判断：Java 中……": a numbered question tagged with its kind
        if not rest.strip() or _heading_tail(rest):
            title = text.strip().rstrip(":：")
            return Heading(title, kind_of_word(m.group("word")), True, _declared(rest), bool(m.group("digit")))
    if (
        len(plain) <= 60
        and (m := _QUALIFIED_KIND_HEADING.match(plain))
        # "计算问答题", "语法填空", "阅读理解：判断正误"; never "常识判断" (行测's choices)
        and (m.group("long") or m.group("word").endswith(("题", "填空", "正误", "对错", "是非")))
        and not re.search(r"[？?]", plain)
    ):
        if m.group("long"):  # an instruction that ends in its kind: "用括号内动词的适当形式填空"
            return Heading(text.strip().rstrip(":："), Kind.fill, True)
        rest = m.group("rest")
        if not rest.strip() or _heading_tail(rest):
            return Heading(text.strip().rstrip(":："), kind_of_word(m.group("word")), True, _declared(rest))
    if m := _BRACKETED_KIND.match(plain):  # "【单选题】" alone on its line
        return Heading(text.strip(), kind_of_word(m.group("word")), True)
    if markdown:
        return Heading(text.strip(), None, False)
    if len(plain) <= 40 and _CHAPTER.match(plain) and not re.search(r"[？?（(]\s*[)）]|_{2,}", plain):
        return Heading(text.strip(), None, False)
    if len(plain) <= 160 and _NAMED_PART.match(plain) and not re.search(r"[？?؟]\s*$|_{2,}", plain):
        return Heading(text.strip(), None, False)
    return None


# a part named by a word no question opens with, what to do after it: "ثانياً: ضع علامة …", "PHẦN II. Trắc
# nghiệm đúng sai", "Część I. Zadania zamknięte"
_NAMED_PART = re.compile(
    r"^(?:(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا|رابعاً|رابعا|خامساً|خامسا|سادساً|سادسا)\s*[:：\-–]"
    r"|(?:PHẦN|Phần|Część|CZĘŚĆ)\s+(?:[IVX]{1,4}|\d{1,2})\s*[.:：\-–])"
)


# a part of a language test headed by a letter or a part's name and what to do: "A. Elige la opción correcta.",
# "B. ¿Verdadero (V) o falso (F)?", "Teil 2: Richtig oder falsch?", "Exercice 3 : Complétez les phrases."
_PART_HEADING = re.compile(
    r"^(?:[A-H]|[IVX]{1,4}|(?:Teil|Aufgabe|Übung|Parte?|Partie|Ejercicio|Exercice|Exercise|Section|Sección|Abschnitt)"
    r"\s*[\dA-H]{1,2})\s*(?:[.．:：)]|\s[-–—])\s*(?P<rest>[¿¡]?\s*(?:Elige|Escoge|Selecciona|Marca|Completa|Rellena|Escribe|Responde"
    r"|Choose|Select|Circle|Complete|Fill|Write|Answer|Tick|Decide|Wähle|Wählen|Kreuze|Kreuzen|Ergänze|Ergänzen|Schreib"
    r"|Choisis|Choisissez|Complète|Complétez|Coche|Cochez|Indiquez|Écrivez|Scegli|Verdadero|Cierto|Richtig|Wahr|Vrai|Vero"
    r"|True)\b.{4,}[.:：?!)]\s*)$",
    re.I,
)
# "true or false", "T (true) or F (false)", "¿Verdadero (V) o falso (F)?", "Richtig oder falsch?", "Vrai ou faux ?"
_PART_TRUE_FALSE = re.compile(
    r"\b(?:true|richtig|wahr|vrai|verdadero|cierto|vero)\b.{0,15}\b(?:false|falsch|faux|falso)\b", re.I
)


def part_heading(text: str) -> Heading | None:
    """A lettered or named part of a language test that says what to do; a statement-to-judge part names its
    kind, the others are read by their questions. Never a line that holds a second option (`A. x B. y`)."""
    m = _PART_HEADING.match(text.strip())
    if m is None or re.search(r"\s[B-H][.．)]\s", m.group("rest")):
        return None
    judge = _PART_TRUE_FALSE.search(m.group("rest"))
    return Heading(text.strip(), Kind.true_false if judge else None, True)


_HEADER_KIND = re.compile(
    rf"^(?:[一二三四五六七八九十]{{1,3}}\s*[、.．]\s*)?[【\[]?\s*(?P<word>{KIND_ALTERNATION})\s*(?:参考)?答案"
)


def kind_in_header(text: str) -> Kind | None:
    """The kind a heading of keys names (`单选题答案` -> single); None when it names none."""
    m = _HEADER_KIND.match(probe(text).strip())
    return kind_of_word(m.group("word")) if m else None


_INSTRUCTION = re.compile(
    r"^(?:请|下列|以下|每|本|共|根据|阅读|在每|从|选出|将|把|判断|Choose|Select|Answer|Read|Decide)", re.I
)


# how a licensing exam's part is answered, however long: "每一道考试题下面有A、B、C、D、E五个备选答案"
_EXAM_INSTRUCTION = re.compile(r"每一?道|备选答案|最佳答案|请从中选择|下设若干|以下提供若干")


def _heading_tail(rest: str) -> bool:
    """What may follow the kind word in a heading: counts, points, instructions — not a question."""
    tail = rest.strip()
    if re.match(r"^[，,。.：:]?\s*[（(【\[]", tail):
        return True
    if tail.startswith((":", "：")) and len(tail) <= 160 and _EXAM_INSTRUCTION.search(tail):
        return not re.search(
            r"[？?]|_{2,}|[（(]\s*[)）]", tail
        )  # "A1型题：每一道考试题下面有A、B、C、D、E五个备选答案。…"
    if tail.startswith((":", "：")) and len(tail) <= 40:
        # instructions ("：每题2分", "：下列各题只有一个正确答案"), not a statement to judge ("True or false: Acids …")
        return not re.search(r"[A-H]\s*[.．、]", tail) and (
            len(tail) <= 2 or bool(re.search(r"每|共|分|题|答案|选项|points?|questions?|each|answer", tail, re.I))
        )
    if re.match(r"^[，,。.]?\s*(?:共|每|本|\d)", tail):
        return True
    if re.match(r"^[，,。.：:]", tail) and re.search(
        r"写|填|打|涂|标出|选出|作答|表示|\b(?:Write|Circle|Mark|Choose|Select|Fill|Indicate|Tick)\b", tail
    ):
        # "，正确的在括号内写T，错误的写F": how to answer
        return not re.search(r"[？?]|_{2,}|[（(]\s*[)）]", tail)
    # an instruction after a space: "判断题 请判断每题的表述是否正确。", "单项选择题 每题只有一个正确答案，……"
    return bool(rest[:1].isspace() and _INSTRUCTION.match(tail) and not re.search(r"[？?]|_{2,}|[（(]\s*[)）]", tail))


def _declared(rest: str) -> int | None:
    for pattern in _DECLARED:
        if m := pattern.search(rest):
            return int(m.group(1))
    return None
