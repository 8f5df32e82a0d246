"""Keys written apart from their questions: a key block after a section, or an answer part at the end.

    一、单选题 … 二、判断题 …            (the questions)
    参考答案 / 答案与解析
    一、单选题  1.A 2.C                  (a repeated header: keys of that section)
    二、判断题  3.对   6～8：对错对  1-5 ACBDA   | 4 | 错 |
    解析：  1. …                          (optional numbered explanations)

A group under a repeated header keys the question section with the same name (its title without
counts), or failing that the first not yet keyed section of the same kind. Keys without a header go by
number and order: each key goes to the first section, from the one the previous key went to, holding a
question of that number; a number that does not rise (numbering restarting at 1 in each section) moves
on to the next section. Every key that finds no question or does not fit its question is a warning
naming its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.banks.conventions.chars import cn_number, probe
from bot.banks.conventions.keys import count_blanks, parse_letters, read_true_false
from bot.banks.model import CHOICE_KINDS, KIND_NAMES, Kind

__all__ = [
    "KEY_WORDS",
    "AnswerEntry",
    "AnswerGroup",
    "Keyable",
    "blank_entries",
    "entries_label",
    "entries_of_line",
    "grid_entries",
    "is_answer_header",
    "labelled_answers",
    "match_answer_part",
    "separated_entries",
    "split_entry",
]

Warn = Callable[[int, str, str], None]


@dataclass(slots=True)
class Piece:
    text: str
    line: int
    gap: bool  # a blank line stood before it


@dataclass
class AnswerEntry:
    """One numbered key or explanation written apart from its question."""

    number: int
    line: int
    key: str  # as written; empty for an explanation
    more: list[Piece] = field(default_factory=list)  # the lines after it (explanation, or a case answer)
    label: str = "plain"  # how it is numbered: case (案例2), di (第2题) or plain (2.)


@dataclass
class AnswerGroup:
    """The keys and explanations under one heading of the answer part (or before any heading)."""

    header: str | None
    kind: Kind | None
    line: int
    keys: list[AnswerEntry] = field(default_factory=list)
    explanations: list[AnswerEntry] = field(default_factory=list)
    blanks: list[AnswerEntry] = field(default_factory=list)  # answers keyed by their blank's label 【N】


class Keyable(Protocol):
    """A question being read, as far as keys written elsewhere are concerned."""

    number: int
    stem: list[Piece]
    key: list[Piece]
    answer: list[Piece]
    explanation: list[Piece]

    @property
    def is_case(self) -> bool: ...

    def expects(self) -> Kind | None: ...

    def has_options(self) -> bool: ...


class Section(Protocol):
    title: str | None
    kind: Kind | None

    @property
    def questions(self) -> Sequence[Keyable]: ...


# -- recognising key lines --------------------------------------------------------------------------
_KIND_PREFIX = (
    r"(?:单项选择题|多项选择题|不定项选择题|单选题|多选题|选择题|判断题|填空题|简答题|问答题|案例分析题|名词解释)?\s*"
)
# "一、单项选择题答案", "（二）判断题参考答案": a numbered section of the answer part
_SECTION_NUMBER = (
    r"[一二三四五六七八九十]{1,3}\s*[、.．]\s*|[（(][一二三四五六七八九十]{1,3}[)）]\s*|[Ⅰ-Ⅻ]\s*[、.．]?\s*"
)
# the answer part's heading in other languages: "Answers to Review Questions", "Soluciones", "Lösungen",
# "Corrigé des exercices", "Gabarito"
_FOREIGN_HEADER = (
    r"Answers?\s+(?:Key\s+)?(?:to|for)\s+(?:the\s+)?(?:[A-Za-z-]+\s+){0,2}(?:Questions|Exercises|Quiz(?:zes)?|Tests?|Problems)"
    r"|Solutions?(?:\s+(?:to|for)\s+(?:the\s+)?(?:[A-Za-z-]+\s+){0,2}(?:Questions|Exercises|Problems))?|Answer\s+Keys?"
    r"|Answers?(?:\s+Key)?\s+(?:and|&|with)\s+(?:Explanations?|Rationales?|Solutions?)|Key\s+to\s+(?:the\s+)?(?:Exercises|Questions|Tests?)"
    r"|Soluciones|Solucionario|Clave\s+de\s+respuestas|Respuestas|L[öo]sungen|L[öo]sungsschl[üu]ssel|Corrig[ée]s?"
    r"(?:\s+des\s+exercices)?|R[ée]ponses|Soluzioni|Gabarito|Respostas"
)
_HEADER = re.compile(
    rf"^(?:附\s*[:：]?\s*)?(?:{_SECTION_NUMBER})?[【\[]?\s*{_KIND_PREFIX}(?:参考答案|答案|正答表|正答|标准答案|正确答案|习题答案|练习答案|试题答案|试卷答案|答案速查|答案汇总"
    rf"|参考答案(?:及|与|和)(?:解析|评分(?:标准|要点|细则|参考)|详解)|评分(?:标准|要点|细则)(?:及|与|和)参考答案|答案(?:及|与|和)(?:解析|详解|讲解|评分(?:标准|要点))|答案解析|Answers?(?:\s*Key)?|Key|{_FOREIGN_HEADER})"
    r"\s*[】\]]?\s*(?:[（(][^（()）]{1,10}[)）])?\s*[:：]?$",  # "案例分析题参考答案（要点）："
    re.I,
)
_STRONG_HEADER = re.compile(
    r"(?:与|及|和|速查|汇总|评分标准|Key|Answers|Solu|L[öo]sung|Corrig|Respu|Respo|R[ée]pons|Gabarito)", re.I
)
_KEY_TOKEN = r"(?:[A-Ha-h]{1,8}|[①-⑧]{1,8}|[√×✓✗✔✘]|对|错|正确|错误|不正确|[TFVR](?![a-z]))"
_BLOCK_ENTRY = re.compile(
    rf"[（(【\[]?(\d{{1,4}})[)）】\]]?\s*[.．、:：)）\-–]?\s*[（(]?({_KEY_TOKEN})[)）]?(?=\s|[,，;；。]|$|[（(](?!\s*[)）]))"
)  # "1.A", "(1)D", "1-(b)", "11.B（第11题：…）" (a note after the last)
# NCRE-style fill answers keyed by their blank's label: "【1】类    【2】virtual"
_BLANK_ENTRY = re.compile(r"【(\d{1,3})】\s*([^【\s][^【]*?)\s*(?=【\d|$)")
# a grid of keys: "题 号  1  2  3" above "是/否  √  ×  √" (or "答 案  A  C  B")
_GRID_NUMBERS = re.compile(r"^(?:题\s*号|序\s*号|No\.?)\s*[:：]?\s+(\d{1,4}(?:\s+\d{1,4})+)\s*$", re.I)
_RANGE = re.compile(
    r"(\d{1,4})\s*[-－~～—–至到]\s*(\d{1,4})\s*(?:题)?\s*[.．、:：]?\s*"
    r"((?:[A-Ha-h_]+|[√×✓✗对错TF_]+)(?:[ \t]+(?:[A-Ha-h_]+|[√×✓✗对错TF_]+))*)"
)
_GAP = re.compile(r"[\s,，;；.。]*(?:[（(][^（()）]*[)）])?[\s,，;；.。]*")  # a note may follow: （第9题答案缺）
_NUMBERED = re.compile(
    r"^(?:第\s*(\d{1,4}|[一二三四五六七八九十]{1,3})\s*题\s*[.．、:：)）]?|(\d{1,4})\s*[.．、:：)）]|[（(【\[]\s*(\d{1,4})\s*[)）】\]]"
    r"|(?:案例(?:分析)?|试题|题目)\s*(\d{1,4}|[一二三四五六七八九十]{1,3})\s*[.．、:：]?|(\d{1,4})\s+(?=【))\s*"
)
# What every line of keys has somewhere: a number, then (after a mark) a key or a range's dash
_MAYBE_ENTRY = re.compile(
    r"\d\s*[.．、:：)）\]】\-–~～—至到]?\s*[（(]?(?:[A-Ha-h√×✓✗✔✘对错正不TFVR_①-⑧\-–~～—至到]|[1-8]\b)"
)
_NUMBER_KEY = re.compile(r"(\d{1,4})\s*[:：]\s*([1-8])(?=\s|$)")
_BARE_KEYS = re.compile(rf"^(?:{_KEY_TOKEN}\s*){{2,}}$")


_SPACED = re.compile(r"(?<=[\u4e00-\u9fff（(【\[])\s+(?=[\u4e00-\u9fff）)】\]])")
_WRAPPED = re.compile(r"^[（(【\[]\s*(.*?)\s*[)）】\]]$")
# What may stand before the heading's words: "以下为参考答案", "《深度学习》期末考试参考答案及评分标准"
_HEADER_LEAD = re.compile(
    r"^(?:以下(?:为|是)|下面(?:为|是)|附(?:录)?|第\s*[一二三四五六七八九十\d]{1,3}\s*部分|.*(?:试卷|考试|试题|测试|练习|习题|测验|作业|期末|期中|模拟"
    r"|真题|单元|》)[\dA-Za-z一二三四五六七八九十]{0,3}(?:\s*[（(][^（()）]{1,8}[)）])?)\s*[:：]?\s*$"
)
_HEADER_TAIL = re.compile(
    r"(?:参考答案(?:及|与|和)(?:解析|评分(?:标准|要点|细则)|详解)|评分(?:标准|要点)(?:及|与|和)参考答案|答案(?:及|与|和)(?:解析|详解|讲解)|参考答案"
    r"|标准答案|答案解析|答案)\s*[:：]?$"
)


_AFTER_TITLE = re.compile(r"^(?P<title>.{2,60}?)\s+[—–-]{1,2}\s+(?P<rest>\S.{0,30})$")
_HEADER_HINT = re.compile(r"答|案|key|answer|solu|sung|corrig|respu|respo|pons|gabarito", re.I)


def is_answer_header(text: str, probed: str | None = None) -> tuple[bool, bool] | None:
    """(opens, strong) when the line is the heading of keys (`参考答案`, `答案与解析`, `单选题答案`, `Answers`),
    also spaced out or in brackets (`（ 以 下 为 参 考 答 案 ）`) or after a paper's title (`《…》期末考试参考答案`)."""
    p = (probe(text) if probed is None else probed).strip()
    if not _HEADER_HINT.search(p):
        return None  # most lines: one look instead of the patterns
    p = p.lstrip("#").strip()  # `## Answer Key`: a Markdown heading in a text file
    titled = _AFTER_TITLE.match(p)
    if titled is not None and _HEADER.match(titled["rest"]) and not re.search(r"[？?]", titled["title"]):
        return True, True  # `Module 2 Quiz: Chemistry — Answer Key`: the paper's title, then the heading
    if _HEADER.match(p):  # numbered like a section ("Ⅱ 答案：", "一、单选题答案"): a heading, not a key's label
        return True, bool(_STRONG_HEADER.search(p) or re.match(_SECTION_NUMBER, p))
    if len(p) > 60:
        return None
    compact = _SPACED.sub("", p)
    if m := _WRAPPED.match(compact):
        compact = m.group(1)
    if compact != p and _HEADER.match(compact):
        return True, True  # spaced out or bracketed: set apart as a heading
    tail = _HEADER_TAIL.search(compact)
    if tail is None or re.search(r"[？?]|_{2,}|[（(]\s*[)）]", compact):
        return None
    lead = compact[: tail.start()]
    if _HEADER_LEAD.match(lead) and not re.search(r"(?<!以下)(?<!下面)是|本题|哪", lead):  # not "本题考查的是…答案"
        return True, True
    return None


def _gaps(line: str, matches: list[re.Match[str]]) -> list[str]:
    edges = [0, *(x for m in matches for x in (m.start(), m.end())), len(line)]
    return [line[a:b] for a, b in zip(edges[::2], edges[1::2], strict=True)]


# What may stand before a line of keys: a section's numeral, a label naming the keys (`答案：`,
# `【本部分答案】`, `第三部分答案：`, `Answers (Part A):`), the part or kind they belong to (`单选题：`,
# `A1型题：`, `Part II:`, `第二部分：`).
_ENTRY_PREFIX = re.compile(
    r"^(?:[一二三四五六七八九十]+\s*[、.．]|[（(]\s*[一二三四五六七八九十]+\s*[)）])?\s*"
    r"(?:[【\[][^】\]\d]{0,8}答案[^】\]\d]{0,6}[】\]]\s*[:：]?"
    r"|[^\s\d:：，,。]{0,8}?(?:答案|Answers?(?:\s*Key)?|Key)\s*(?:[（(](?P<label>[^（()）]{1,30})[)）])?\s*[:：])?\s*"
    r"(?:(?:(?:单项选择|多项选择|不定项选择|单选|多选|判断|填空|选择)题?|[ABX]\d?型题"
    r"|(?:Part|Teil|Parte|Partie|Aufgabe|Übung|Ejercicio|Exercice|Exercise)\s+[IVX\d]{1,4}"
    r"|(?:Section|Part)\s+[A-H]|第[一二三四五六七八九十\d]{1,3}(?:部分|大题|节)|(?:問題|问题|大問)\s*\d{1,2}\s+)\s*[:：.]?"
    r"|[\u4e00-\u9fffA-Za-z][^\s\d:：，,。]{0,7}\s*[:：])?\s*(?=\d)",  # any short part name: "听力：1-5 BACCA"
    re.I,
)


_NOTE_THEN_KEYS = re.compile(r"^[^:：\n]{0,30}?[。.，,；;]\s*(?:参考|正确|标准)?答案\s*[:：]\s*(?=\d)")


def entries_label(text: str) -> str | None:
    """The part a line of keys names: "Answers (Part A): 1-(b), …" -> "Part A"."""
    m = _ENTRY_PREFIX.match(probe(text))
    return m.group("label").strip() if m and m.group("label") else None


def entries_of_line(text: str, warn: Warn | None = None, line: int = 0) -> list[tuple[int, str]] | None:
    """Several keys on one line: "1.A 2.C 3.B", "1-5 ACBDA", "6～8：对错对", "一、1-5 DCBAB 6-10 ACDBC";
    None when the line is not such a list."""
    p = probe(text)
    if not _MAYBE_ENTRY.search(p):
        return None  # no number followed by a key: most lines, told at once
    labelled = False  # the line says it holds keys ("答案："): then one key is a list too
    if note := _NOTE_THEN_KEYS.match(p):
        p, labelled = p[note.end() :], True  # "一、共16分。每题2分。答案：1. ④ 2. ④": a scoring note, then the keys
    elif prefix := _ENTRY_PREFIX.match(p):
        # "答案：1.B", "二、多项选择题：7.ABC": a label says the line holds keys, even one
        p, labelled = p[prefix.end() :], "答案" in prefix.group(0) or bool(re.search(r"[:：]\s*$", prefix.group(0)))
    ranges = list(_RANGE.finditer(p))
    if ranges and all(_GAP.fullmatch(gap) for gap in _gaps(p, ranges)):
        out: list[tuple[int, str]] = []
        for m in ranges:
            first, last, keys = int(m.group(1)), int(m.group(2)), m.group(3)
            parts = keys.split()
            if len(parts) != last - first + 1:
                parts = list("".join(parts))
            if last < first or len(parts) != last - first + 1:
                if warn is not None:
                    size = max(last - first + 1, 0)
                    warn(
                        line,
                        f"“{m.group(0).strip()}”给出 {len(parts)} 个答案，但题号范围有 {size} 题，已忽略",
                        f"'{m.group(0).strip()}' gives {len(parts)} keys for a range of {size} questions; ignored",
                    )
                continue
            out.extend((n, k) for n, k in zip(range(first, last + 1), parts, strict=True) if k != "_")
        return out
    compact = list(_BLOCK_ENTRY.finditer(p))
    if (len(compact) > 1 or (labelled and compact)) and all(_GAP.fullmatch(gap) for gap in _gaps(p, compact)):
        return [(int(m.group(1)), m.group(2)) for m in compact]
    numbered = list(_NUMBER_KEY.finditer(p))  # "問題1　1:1　2:2": options numbered, keyed by number
    if len(numbered) > 1 and all(_GAP.fullmatch(gap) for gap in _gaps(p, numbered)):
        return [(int(m.group(1)), m.group(2)) for m in numbered]
    return None


def blank_entries(text: str) -> list[tuple[int, str]] | None:
    """ "【1】类    【2】virtual" -> [(1, "类"), (2, "virtual")]: answers keyed by the label of their blank."""
    p = text.strip()
    if not p.startswith("【"):
        return None
    found = _BLANK_ENTRY.findall(p)
    return [(int(n), a.strip()) for n, a in found] if len(found) >= 2 else None


_OCR_DIGITS = str.maketrans("OoDlI", "00011")


def _grid_row(text: str, *, numbers: bool = False) -> str:
    """A grid's row with its cells apart by spaces (`题号 | 1 | 2` too); in a row of numbers, the letters a
    scan reads for digits (`1O`, `l9`) are read as the digits."""
    row = re.sub(r"\s*[|｜]\s*", " ", probe(text)).strip()
    if numbers:
        row = " ".join(
            t.translate(_OCR_DIGITS) if re.fullmatch(r"[\dOoDlI]{1,4}", t) and re.search(r"\d", t) else t
            for t in row.split()
        )
    return row


def grid_entries(numbers: str, keys: str) -> list[tuple[int, str]] | None:
    """A row of question numbers above a row of keys (a label first): the keys by number."""
    if probe(numbers).lstrip(" |｜")[:1] not in "题序Nn":  # 題號 as 题号
        return None
    m = _GRID_NUMBERS.match(_grid_row(numbers, numbers=True))
    if not m:
        return None
    nums = [int(n) for n in m.group(1).split()]
    tokens = _grid_row(keys).split()
    if len(tokens) == len(nums) + 1:
        tokens = tokens[1:]  # the row's label: 是/否, 答案, 答 案 …
    elif len(tokens) == len(nums) + 2 and len(tokens[0]) == 1:
        tokens = tokens[2:]  # "答 案": a label spaced out
    if len(tokens) != len(nums):
        return None
    return list(zip(nums, tokens, strict=True))


_ENTRY_MARKER = re.compile(
    r"^[【\[]\s*(?:参考|正确)?答案(?:及解析|与解析)?\s*[】\]]\s*[:：]?\s*|^(?:参考|正确)?答案\s*[:：]\s*"
)


_SECTION_LEAD = re.compile(
    r"^\s*(?:[一二三四五六七八九十]+\s*[、.．]|[（(]\s*[一二三四五六七八九十]+\s*[)）]|Part\s+[IVX\d]{1,4}\s*[:：.]"
    r"|第[一二三四五六七八九十\d]{1,3}(?:部分|大题)\s*[:：、]?)\s*",
    re.I,
)


def numbered_entry(text: str) -> tuple[int, str] | None:
    """ "3. 水平划分" / "第3题 …" / "(3) …" / "1.【答案】A" / "四、14．…" (the section's numeral first)
    -> (3, "水平划分")."""
    p = probe(text)
    if lone := _LONE_KEY_ENTRY.match(p):  # "1 b", "2-a": a key alone after its number
        return int(lone.group(1)), lone.group(2)
    if (lead := _SECTION_LEAD.match(p)) and re.match(r"\d", p[lead.end() :]):
        p, text = p[lead.end() :], text[lead.end() :]
    m = _NUMBERED.match(p)
    if not m:
        return None
    rest = text[m.end() :].strip()
    marker = _ENTRY_MARKER.match(probe(rest))
    return cn_number(next(g for g in m.groups() if g)), (rest[marker.end() :] if marker else rest).strip()


_SPACED_NUMBER = re.compile(r"(?:^|(?<=\s))(\d{1,4})\s*[.．、]\s*(?=\S)")


# words that say a line holds keys: 答案, Answers, Key, Lösungen, Soluciones, Corrigé, Respuestas …
KEY_WORDS = re.compile(r"答案|Answer|Key|L[öo]sung|Solu[tc]i|Corrig|Respu|R[ée]pons|Gabarito", re.I)
# one key to a line in an answer part: "1 b", "2-a", "3 – V"
_LONE_KEY_ENTRY = re.compile(rf"^\s*(\d{{1,4}})\s*(?:[-–]\s*|\s+)({_KEY_TOKEN})\s*[.。]?\s*$")


def labelled_answers(text: str) -> list[tuple[int, str]] | None:
    """Worded answers after a label that says they are a part's keys: "【本部分答案】1．维修　2．History" ->
    [(1, "维修"), (2, "History")]; None for a line with no such label (a plain `答案：` is one question's)."""
    p = probe(text)
    m = _ENTRY_PREFIX.match(p)
    if m is None or not KEY_WORDS.search(m.group(0)):
        return None
    if re.sub(r"[\s【】\[\]:：]", "", m.group(0)).lower() in _OWN_KEY_LABELS:
        return None  # "答案：1. 增加数据 2. 正则化": one question's answer, a list of its own
    return spaced_entries(text[m.end() :])


_OWN_KEY_LABELS = {"答案", "参考答案", "正确答案", "标准答案", "answer", "answers", "key"}


def spaced_entries(text: str) -> list[tuple[int, str]] | None:
    """Several answers with words on one line, numbered in order: "13. 1010    14. 输入；输出    15. 1",
    "三、12．6；9　13．惯性" -> [(13, "1010"), (14, "输入；输出"), (15, "1")]; None otherwise. Each number
    follows a space and the one before it, so a number inside an answer ("相距 3. 5 米") is no entry."""
    if (separated := separated_entries(text)) is not None:
        return separated
    p = probe(text)
    note = _NOTE_THEN_KEYS.match(p)
    lead = note or _SECTION_LEAD.match(p)
    if lead:
        p, text = p[lead.end() :], text[lead.end() :]
    found = list(_SPACED_NUMBER.finditer(p))
    if not found or found[0].start() != 0:
        return None
    chain = [found[0]]
    for m in found[1:]:
        if int(m.group(1)) == int(chain[-1].group(1)) + 1:
            chain.append(m)
    if len(chain) < (1 if note else 2):  # one answer: where a note has said "答案："
        return None
    out = []
    for m, nxt in zip(chain, [*chain[1:], None], strict=True):
        answer = text[m.end() : nxt.start() if nxt else len(text)].strip().rstrip("；;，,")
        if not answer:
            return None
        out.append((int(m.group(1)), answer))
    return out


# answers parted by a middle dot, a bar or a spaced dash, a number before each, its mark optional:
# "A: 1 b · 2 a · 3 c", "C: 12 comimos · 13 jugaba", "Teil 1: 1b – 2a – 3c", "Teil 2: 7 falsch | 8 richtig"
_SEPARATOR = re.compile(r"\s*[·•|｜]\s*|\s+[-–—/]\s+")
_WEAK_SEPARATOR = re.compile(r"\s*[;；,，]\s*(?=\d)")
_SEPARATED_ENTRY = re.compile(r"^(\d{1,4})\s*(?:[.．、:：)）\-–]\s*|\s+|(?=[A-Za-z]))(\S.*?)[\s;；,，.。]*$")


def separated_entries(text: str) -> list[tuple[int, str]] | None:
    """Keys or worded answers parted by `·` or `|`, numbered in order: "A: 1 b · 2 a", "12 comimos · 13 jugaba"
    -> [(1, "b"), (2, "a")]; one entry only after a part's label ("C: 12 comimos"); None otherwise."""
    p = probe(text)
    parted = "·" in p or "•" in p or "|" in p or "｜" in p or " – " in p or " - " in p or " — " in p or " / " in p
    if not parted and ":" not in p and "：" not in p:
        return None
    prefix = _ENTRY_PREFIX.match(p)
    labelled = prefix is not None and bool(re.search(r"[:：]\s*$", prefix.group(0)))
    if not parted and not labelled:
        return None
    pieces = _SEPARATOR.split(body := p[prefix.end() if prefix else 0 :].strip())
    if len(pieces) == 1 and labelled and len(weak := _WEAK_SEPARATOR.split(body)) > 1 and max(map(len, weak)) <= 30:
        pieces = weak  # "Ejercicio 1: 1. es; 2. está": short answers parted by semicolons or commas after a label
    if len(pieces) == 1 and (not labelled or len(_SPACED_NUMBER.findall(pieces[0])) > 1 or entries_of_line(p)):
        return None  # "C: 12 comimos": one answer where a label says the line holds answers (not "1.B 2.C")
    out: list[tuple[int, str]] = []
    for piece in pieces:
        m = _SEPARATED_ENTRY.match(piece)
        if m is None or (out and int(m.group(1)) != out[-1][0] + 1):
            return None
        out.append((int(m.group(1)), m.group(2)))
    return out


def bare_keys(text: str) -> list[str] | None:
    """ "ACBDA BDCAB" or "对 错 对": keys in order, without numbers."""
    p = probe(text).strip()
    if not _BARE_KEYS.match(p) or (not re.search(r"\s", p) and len(p) > 12):
        return None
    tokens = p.split()
    if len(tokens) == 1 and re.fullmatch(r"[A-Ha-h]+", tokens[0]):
        return None  # one run of letters: a multiple-choice key, not a list
    out: list[str] = []
    for token in tokens:
        if re.fullmatch(r"[A-Ha-h]+", token) and len(token) >= 4:
            out.extend(token)  # "ACBDA": five single-choice keys
        elif len(token) >= 2 and re.fullmatch(r"[√×✓✗✔✘对错]+", token):
            out.extend(token)  # "√××√": four judgements
        else:
            out.append(token)
    return out


_CODE_HEAD = re.compile(r"^\s*(`[^`]+`(?:\s*[,，、;；]\s*`[^`]+`)*)\s*[。.；;，,:：]?\s*")


_ENTRY_EXPLANATION = re.compile(r"\s*【?(?:试题|答案|题目)?(?:解析|分析|详解)[】:：]\s*")


def split_entry(raw: str, kind: Kind | None) -> tuple[str, str]:
    """An entry's key and the explanation written on its line: "C。因为……" -> ("C", "因为……");
    "`0`，即……" -> ("0", "即……") (the key in code marks)."""
    m = _ENTRY_EXPLANATION.search(raw)
    if m:
        return raw[: m.start()].strip(), raw[m.end() :].strip()
    if code := _CODE_HEAD.match(raw):
        parts = re.findall(r"`([^`]+)`", code.group(1))
        joiner = "" if kind in CHOICE_KINDS or all(len(p) == 1 for p in parts) else "；"
        return joiner.join(p.strip() for p in parts), raw[code.end() :].strip()
    if kind in CHOICE_KINDS and parse_letters(raw) is not None:
        return raw.strip(), ""  # "A, B, D": letters only, all of them the key
    if kind in CHOICE_KINDS or kind is Kind.true_false:
        head = re.match(
            rf"^\s*({_KEY_TOKEN}(?:\s*[,，、]\s*[A-Ha-h])*)\s*(?:[。.；;，,:：]\s*|\s+|(?=[（(【\[]))(?=\S)", probe(raw)
        )
        if head:
            return raw[: head.end(1)].strip(), raw[head.end() :].strip()
    return raw.strip(), ""


# -- matching keys to questions --------------------------------------------------------------------
_COUNTS = re.compile(r"[（(【\[].*$")
_ORDINAL = re.compile(r"^[一二三四五六七八九十]+\s*[、.．]\s*|^第.+?(?:部分|大题)\s*[、.．:：]?\s*")


def _name(title: str) -> str:
    # "三、判断题 请判断每题的表述是否正确。": the name before the instructions
    name = probe(title).strip()
    if m := re.match(r"^(\S{2,24}?题)\s+\S", name):
        name = m.group(1)
    return re.sub(r"\s+", "", _COUNTS.sub("", name))


def _fits(q: Keyable, key: str) -> bool:
    kind = q.expects()
    if kind in CHOICE_KINDS or (kind is None and q.has_options()):
        return parse_letters(key) is not None or bool(re.fullmatch(r"[1-8]", key.strip()))  # options numbered 1–4
    if kind is Kind.true_false:  # or a letter: of a 正确/错误 option, or as the section says ("正确的涂A")
        return read_true_false(key) is not None or bool(re.fullmatch(r"\s*[ABab]\s*", key))
    if kind is None and parse_letters(key) is not None:
        return False  # option letters for a question without options: a numbered note, not the question
    return bool(key.strip())


def _kind_name(q: Keyable) -> tuple[str, str]:
    kind = q.expects()
    if kind is None:
        return ("选择题", "choice") if q.has_options() else ("无选项的题", "open")
    return KIND_NAMES[kind]


class _Matcher:
    def __init__(self, sections: list[Section], warn: Warn) -> None:
        self.sections = [s for s in sections if s.questions]
        self.warn = warn
        self.used: set[int] = set()
        self.cursor = 0

    def find_section(self, group: AnswerGroup) -> int | None:
        assert group.header is not None
        name = _name(group.header)
        bare = _ORDINAL.sub("", name)
        tests: list[Callable[[Section], bool]] = [
            lambda s: _name(s.title or "") == name,
            lambda s: _ORDINAL.sub("", _name(s.title or "")) == bare,
            lambda s: group.kind is not None and s.kind is group.kind,
        ]
        for test in tests:
            for only_unused in (True, False):
                for i, sec in enumerate(self.sections):
                    if test(sec) and not (only_unused and i in self.used):
                        return i
        return None

    def find(
        self, entries: list[AnswerEntry], fixed: int | None, *, explaining: bool = False
    ) -> list[tuple[AnswerEntry, Keyable | None]]:
        out: list[tuple[AnswerEntry, Keyable | None]] = []
        previous: int | None = None
        for entry in entries:
            if fixed is not None:
                candidates = [fixed]
                if explaining and not any(q.number == entry.number for q in self.sections[fixed].questions):
                    # "解析：" after the last header's keys may explain the whole document
                    candidates = [i for i in range(len(self.sections)) if i != fixed]
            else:
                start = self.cursor if previous is None or entry.number > previous else self.cursor + 1
                candidates = list(range(start, len(self.sections)))
            previous = entry.number
            found = self.question_for(entry, candidates, explaining)
            if found is not None and fixed is None:
                self.cursor = found[0]
            out.append((entry, found[1] if found is not None else None))
        return out

    def question_for(self, entry: AnswerEntry, candidates: list[int], explaining: bool) -> tuple[int, Keyable] | None:
        """The first question of that number, in the candidate sections, that the key fits (a letter key
        goes to a choice question, not to a numbered note before the quiz); else the first of that number."""
        first: tuple[int, Keyable] | None = None
        for i in candidates:
            for q in self.sections[i].questions:
                if q.number != entry.number:
                    continue
                if first is None:
                    first = (i, q)
                if explaining or (not _taken(q) and _fits(q, split_entry(entry.key, _kind(q))[0])):
                    return i, q
        return first

    def run(self, groups: list[AnswerGroup]) -> None:
        for group in groups:
            fixed = None
            if group.header is not None:
                fixed = self.find_section(group)
                if fixed is None:
                    self.warn(
                        group.line,
                        f"文末答案中的“{group.header}”与文中任何一节都对不上，按题号匹配",
                        f"'{group.header}' in the answer section matches no section of the questions; "
                        "its keys are matched by number",
                    )
                else:
                    self.used.add(fixed)
                    self.cursor = fixed
            begin = self.cursor
            self.keys(self.find(group.keys, fixed))
            self.cursor = begin
            self.explanations(self.find(group.explanations, fixed, explaining=True))

    def keys(self, pairs: list[tuple[AnswerEntry, Keyable | None]]) -> None:
        for entry, q in pairs:
            n = entry.number
            if q is None:
                self.warn(
                    entry.line,
                    f"文末答案给出第 {n} 题的答案，但文中没有第 {n} 题，已忽略",
                    f"the answer section gives a key for question {n}, which the document does not have; ignored",
                )
                continue
            if q.key or q.answer:
                self.warn(
                    entry.line,
                    f"第 {n} 题在题后和文末答案中都有答案，采用题后的",
                    f"question {n} has a key after it and in the answer section; the first is used",
                )
                continue
            more_lines = list(entry.more)
            if not entry.key and more_lines and not q.is_case:  # "8.【答案】" with the key on the next line
                entry.key = more_lines.pop(0).text
                entry.more = more_lines
            key, explanation = split_entry(entry.key, _kind(q))
            if not _fits(q, key) and not (q.is_case and (entry.more or key)):
                zh, en = _kind_name(q)
                self.warn(
                    entry.line,
                    f"第 {n} 题是{zh}，文末答案“{entry.key}”与之不符，已忽略",
                    f"the key '{entry.key}' in the answer section does not fit {en} question {n}; ignored",
                )
            elif (
                q.is_case
                or (_kind(q) is None and not q.has_options() and len(key) > 30 and entry.more)
                or _points_answer(q, entry)
            ):
                # a long answer running on over lines ("…加强了中央集权；促进" / "了教育的发展…"): a reference answer
                q.answer = [Piece(entry.key, entry.line, False), *entry.more] if entry.key else list(entry.more)
            else:
                q.key = [Piece(key, entry.line, False)]
                more = ([Piece(explanation, entry.line, False)] if explanation else []) + list(entry.more)
                if more and not q.explanation:
                    q.explanation = more

    def explanations(self, pairs: list[tuple[AnswerEntry, Keyable | None]]) -> None:
        for entry, q in pairs:
            n = entry.number
            if q is None:
                self.warn(
                    entry.line,
                    f"文末解析给出第 {n} 题的解析，但文中没有第 {n} 题，已忽略",
                    f"the answer section explains question {n}, which the document does not have; ignored",
                )
            elif q.explanation:
                self.warn(
                    entry.line,
                    f"第 {n} 题已有解析，文末的解析被忽略",
                    f"question {n} already has an explanation; the one in the answer section is ignored",
                )
            else:
                q.explanation = list(entry.more)


_BULLET = re.compile(r"^\s*[-*•]\s+\S")


def _points_answer(q: Keyable, entry: AnswerEntry) -> bool:
    """A title over bulleted points (`**9. Water (1 point)**` then `- …` lines) answering a question with no
    options and no blank: a reference answer, not a one-word key with its explanation."""
    if _kind(q) is not None or q.has_options() or any(count_blanks(p.text) for p in q.stem):
        return False
    bullets = sum(bool(_BULLET.match(p.text)) for p in entry.more)
    return bullets >= 2 and bullets * 2 >= len(entry.more)


def _kind(q: Keyable) -> Kind | None:
    return q.expects() or (Kind.single if q.has_options() else None)


def _taken(q: Keyable) -> bool:
    return bool(q.key or q.answer)


def match_answer_part(groups: list[AnswerGroup], sections: list[Section], warn: Warn) -> None:
    """Give each question its key and explanation from the answer part (warnings for what does not fit)."""
    _Matcher(sections, warn).run(groups)
