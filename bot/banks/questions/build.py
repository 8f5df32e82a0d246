"""From drafts to a bank: each draft is checked the same way, whatever the document's format.

A draft becomes a question when its kind, options and key can be read with confidence; otherwise it is
left out with its line and the reason (`第 7 题没有答案，未导入`). The document as a whole fails only when
no question at all could be read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from bot.banks.conventions.annulled import annulled
from bot.banks.conventions.keys import (
    LETTERS,
    count_blanks,
    enumerated_parts,
    key_in_brackets,
    key_in_explanation,
    parse_letters,
    read_choice_key,
    read_true_false_key,
    split_fill_key,
    true_false_letters,
    true_false_options,
    unwrapped_math,
)
from bot.banks.conventions.shapes import ALPHABET_LETTERS, option_run
from bot.banks.issues import DocumentError, Issue
from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question, Section
from bot.banks.questions.draft import Convention, Draft, ImportResult, LeftOut, SectionReport
from bot.banks.questions.fit import misaligned_parts, misfit
from bot.banks.questions.lengths import overlong_field
from bot.banks.text import ends_sentence

__all__ = ["ID_PREFIX", "finish", "question_id"]

ID_PREFIX = {
    Kind.single: "single",
    Kind.multiple: "multiple",
    Kind.fill: "fill",
    Kind.true_false: "tf",
    Kind.case: "case",
}


def question_id(kind: Kind, number: int, taken: set[str]) -> str:
    """'single-3'; a second single 3 in the same document becomes 'single-3-2' (stable on re-import)."""
    base = f"{ID_PREFIX[kind]}-{number}"
    qid, k = base, 1
    while qid in taken:
        k += 1
        qid = f"{base}-{k}"
    taken.add(qid)
    return qid


# A key or reference the document does not give: "略", "答案略（参见教材第三章）", "略，言之成理即可。",
# "Answers will vary." — the question is left out, never imported with that as its answer.
# a key that is only a placeholder: "略", "待补充", "TODO", "to be added", "à compléter"
_PLACEHOLDER = (
    r"略|无|见(?:教材|课本|书|讲义)\S*|暂无|自行作答|开放题|待补充|待補充|待完善|待更新|待定|TODO|TBD|N/A"
    r"|to\s+be\s+(?:added|completed|confirmed)|coming\s+soon|à\s+compléter|a\s+completar|por\s+completar|wird\s+ergänzt"
)
_OMITTED = re.compile(
    # one placeholder, or two, the second in brackets ("待补充（TODO）")
    rf"[（(]?\s*(?:答案)?(?:{_PLACEHOLDER})\s*[)）]?(?:\s*[（(]\s*(?:{_PLACEHOLDER})\s*[)）])?[。.]?"
    # "see the textbook": the key is elsewhere ("voir schéma du manuel p. 112", "see the textbook, p. 40")
    r"|(?:voir|see|ver|siehe|vedi)\s+(?:(?:le|la|el|the|das|den|il)\s+)?(?:schéma\s+du\s+|figure\s+(?:in|of)\s+the\s+)?"
    r"(?:manuel|cours|livre|textbook|book|notes|libro|manual|Lehrbuch|Buch|manuale)\b[^\n]{0,40}"
    r"|(?:答案)?略\s*[（(，,；;：:。]\s*[^\n]{0,40}"
    r"|(?:言之(?:成理|有理)|合理即可|酌情给分|自由发挥)[^\n]{0,20}"
    r"|(?:(?:student\s+)?answers?\s+(?:will|may|can|could)\s+vary|open[\s-]ended|no\s+single\s+(?:correct\s+)?answer)"
    r"[^\n]{0,60}",
    re.I,
)
_ESSAY = re.compile(
    r"^(?:简述|简答|论述|试述|阐述|说明|分析|谈谈|比较|举例说明|为什么|如何|怎样|请|结合|将下列|把下列|翻译|Explain|Describe"
    r"|Discuss|Translate|Write|Summari[sz]e|Compare)"
)
_KEY_LABEL = re.compile(r"^\s*(?:填|答|解)\s*[:：]\s*")  # "填：链式法则"


# Kinds a chat cannot ask: by the section they stand in, or by how the question opens.
_UNASKABLE = [
    ("听力", "a listening", re.compile(r"听力|Listening", re.I), re.compile(r"^(?:听|Listen)", re.I)),
    (
        "排序",
        "ordering",
        re.compile(r"排序|Ordering", re.I),
        re.compile(r"^(?:将下列.{0,12}排序|排序|Put the following .{0,40}order|Arrange)", re.I),
    ),
    ("连线", "a matching", re.compile(r"连线|配对|Matching", re.I), re.compile(r"^(?:连线|Match\b)", re.I)),
    (
        "拖放",
        "a drag-and-drop",
        re.compile(r"拖放|拖拽"),
        re.compile(r"^(?:DRAG\s*(?:AND\s*)?DROP|HOTSPOT|拖放|拖拽)", re.I),
    ),
]


# A stem that asks about its picture: "如图所示", "这个标志是何含义？", "the sign shown below"
_NEEDS_PICTURE = re.compile(
    r"图中|图示|下图|上图|此图|该图|这个|这种|该标志|此标志|所示的?(?:标志|标线|手势|信号|仪表|指示灯|情况|路段|图形)"
    r"|(?:in|on) the (?:figure|picture|image|exhibit)|shown (?:below|above|here)|this (?:sign|symbol|light|picture)",
    re.I,
)


# Words by which a stem points at what its picture shows, in the other languages the importer reads (the
# Chinese and English ones are above): "О чем предупреждают эти знаки?", "В данной ситуации Вы:", "Was
# bedeutet dieses Zeichen?", "la situation ci-dessous", "esta imagen", "この標識", "다음 그림". Only asked of a
# question whose picture's placeholder stands in it.
_POINTS_AT_PICTURE = re.compile(
    r"\b(?:эт(?:от|а|и|о|ом|ой|ого|их|у)|данн\w*|указанн\w*|изображ\w*|показанн\w*|так(?:ой|ая|ое|ие|ом|ую))\b"
    r"|\b(?:diese[rsmn]?|abgebildet\w*|gezeigt\w*|dargestellt\w*|Abbildung|Bild)\b"
    r"|\b(?:cet|cette|ces|ce)\s+(?:panneau|signal|image|photo|figure|situation|schéma|dessin)\b|ci-(?:dessous|dessus|contre)"
    r"|\b(?:esta|este|estos|estas|esse|essa|esses|essas|questo|questa|questi|queste)\s+(?:señal|señales|imagen|imagem"
    r"|figura|situación|situação|sinal|placa|immagine|segnale|situazione|foto)\b|\b(?:ilustrad|mostrad|raffigurat)\w*"
    r"|\b(?:this|these|that)\s+(?:signs?|symbols?|lights?|pictures?|images?|diagrams?|situations?|markings?|positions?)\b"
    r"|\b(?:pictured|illustrated|depicted)\b|\b(?:figure|diagram|picture|image|photo|drawing)\s+(?:below|above)\b"
    r"|この|図|写真|画像|イラスト|그림|사진|이\s*(?:표지|상황|장면)"
    r"|\b(?:gambar|ilustrasi)\b|\bhình\s*(?:vẽ|bên|dưới|trên)|\b(?:şekil|resim)\w*|\brysun\w*"
    r"|\bfigura\s+(?:abaixo|acima|seguinte|sottostante|siguiente)\b",
    re.I,
)
# A stem that says what its picture shows, so it reads without it: "如图所示，前方路口黄灯持续闪烁，可以加速通过。"
_SAYS_WHAT_PICTURE_SHOWS = re.compile(r"^\s*(?:如图所示|如图|图中所示|As shown|As pictured)\s*[，,:：]\s*\S.{5,}", re.I)


# A note in the stem that its picture is missing, in the languages the importer reads: "[그림 없음]", "（图略）",
# "[image not available]", "[Рисунок отсутствует]", "[Bild fehlt]", "(sans image)", "[画像なし]"
_PICTURE_WORDS = (
    r"그림|사진|도표|图片?|圖片?|插图|插圖|图表|圖表|漫画|漫畫|照片|地图|地圖|image|picture|figure|diagram|illustration|photo|Рисун\w*|Изображени\w*"
    r"|Схем\w*|Abbildung|Bild|Grafik|Imagen|Imagem|Figura|Immagine|画像|図|写真|Hình(?:\s*ảnh)?|Gambar|Resim|Şekil|Rysun\w*"
)
_MISSING_WORDS = (
    r"없음|생략|누락|略|省略|缺失|暂缺|暫缺|缺|后补|後補|missing|omitted|not\s+(?:shown|available|included)|unavailable"
    r"|removed|fehlt|entfernt|nicht\s+verfügbar|manquante?|absente?|non\s+disponible|omise?|отсутствует|не\s+показан\w*"
    r"|no\s+disponible|omitida|faltante|ausente|não\s+disponível|omessa|mancante|なし|無し|không\s+có|tidak\s+ada|yok|brak"
)
_PICTURE_MISSING = re.compile(
    rf"[\[【［(（]\s*(?:(?:{_PICTURE_WORDS})\s*[:：,，]?\s*(?:{_MISSING_WORDS})"
    rf"|(?:no|sans|sin|sem|senza|ohne|kein\w*|нет|без)\s+(?:{_PICTURE_WORDS}))[^\]】］)）\n]{{0,20}}[\]】］)）]",
    re.I,
)


def _points_at_picture(d: Draft, asked: str) -> bool:
    """Whether the question points at a picture it stood with, or at one its stem notes is missing."""
    if not d.picture and (missing := _PICTURE_MISSING.search(asked)) is not None:
        asked = asked[: missing.start()] + asked[missing.end() :]  # the note names the picture too
    elif not d.picture:
        return False
    return _NEEDS_PICTURE.search(asked) is not None or _POINTS_AT_PICTURE.search(asked) is not None


def _pictures_essential(drafts: list[Draft]) -> bool:
    """Whether the document's pictures carry its questions: most questions that stood with a picture point at
    it (at least two). Then a pictured question that points at nothing in its words (`По какой траектории Вам
    разрешается выполнить поворот налево?` over the crossing's drawing) needs its picture too."""
    pictured = [d for d in drafts if d.picture]
    pointing = sum(_points_at_picture(d, _own_blank_clause(d)) for d in pictured)
    return pointing >= 2 and 2 * pointing >= len(pictured)


# the empty slot a statement to judge leaves for the verdict: "R ☐   F ☐", "V □ F □", "___"
_EMPTY_VERDICT = re.compile(r"(?:\s+[A-Za-z]{1,7}\s*[☐□]){2}\s*$|(?<=[.!?»”\"])\s+_{2,}\s*$")
_JUDGEMENT_SLOT = re.compile(r"[。.！!？?）)]\s*[（(]\s*[)）]\s*[。.]?\s*$")  # a statement, then its slot


# A stem that points at a figure the text does not carry, with no placeholder left for it: "如下图所示",
# "如图所示的仪表", "如图所示星座", "见图", "the exhibit shown below" (not "如图所示，前方路口黄灯持续闪烁……",
# which says what the picture shows; not "在有向图中": a graph; not "上图书馆"; not "心电图示…": the ECG shows)
_POINTS_AT_FIGURE = re.compile(
    r"如[下上右左]图|如图所示(?![，,。：:\s])|如图(?!所示)(?![，,。：:\s])|[下上右左]图(?!书)|(?<!电)图示(?!法)|见[下上]?图|附图"
    r"|(?:in|on) the (?:figure|picture|image|exhibit)|shown (?:below|above)"
    r"|the following (?:figure|diagram|exhibit|picture|image)|refer to the (?:exhibit|figure)",
    re.I,
)


# A question about the sign (or symbol) it shows, asked with nothing that says which: the sign was a picture
# ("Qu'indique le panneau ?", "What does this sign mean?", "¿Qué indica esta señal?", "この標識の意味は？")
_ASKS_ABOUT_SIGN = re.compile(
    r"(?:Qu['’]indique|Que signifie|Que veut dire)\s+(?:ce|le|cet|cette)\s+"
    r"(?:panneau|signal|pictogramme|marquage)\s*[?？]"
    r"|\b(?:this|the)\s+(?:sign|signal|symbol|road marking)\s+(?:mean|indicate|show|tell)\w*\b[^?]{0,20}\?\s*$"
    r"|(?:indica|significa)\s+(?:esta|la|este|el)\s+(?:señal|placa|sinal|símbolo)\s*[?？]"
    r"|(?:bedeutet|zeigt)\s+(?:dieses|das|diese)\s+(?:Verkehrs)?(?:zeichen|schild|symbol)\s*[?？]"
    r"|この(?:標識|記号|マーク)|이\s*표지",
    re.I,
)


_MAY_ASK_ABOUT_SIGN = re.compile(r"[?？]|この|표지")  # a cheap test first: most stems ask nothing of the kind


# "您的姓名：____": what a questionnaire asks of the person, before its questions
_FORM_FIELD = re.compile(
    r"^(?:您的|你的|请(?:输入|填写)(?:您的|你的)?)?(?:姓名|名字|部门|所在部门|工号|手机号?码?|电话|班级|学号|单位|工作单位|邮箱|年龄|性别"
    r"|身份证号?码?|Name|Department|Email|Phone|Class|Student ID)"
    r"\s*[:：]?\s*(?:_{2,}|（\s*）|\(\s*\))?\s*(?:填空题)?\s*[*＊]?\s*$",
    re.I,
)


# Options that make a "single choice" a statement to judge (正确/错误), unlike a question answered 是/否
_JUDGEMENT_WORDS = {"正确", "错误", "对", "错", "√", "×", "true", "false"}


_NUMBERED_BLANK = re.compile(r"[（(]\s*(\d{1,3})\s*[)）]")
_CLAUSE_END = re.compile(r"(?<=[。；;！!？?])")


def _own_blank_clause(d: Draft) -> str:
    """What the question asks: for one of a shared stem's numbered blanks (软考's `…描述 （2） ；…事件6的最晚开始时刻是
    （3） 。`, a question per blank), the clause holding its own blank, so the figure another blank's clause asks
    about (`下图所示的PERT图中`) does not cost it; else the whole stem."""
    numbers = {int(n) for n in _NUMBERED_BLANK.findall(d.stem)}
    if len(numbers) < 2 or d.number not in numbers:
        return d.stem
    own = re.compile(rf"[（(]\s*{d.number}\s*[)）]")
    return next((c for c in _CLAUSE_END.split(d.stem) if own.search(c)), d.stem)


def _unaskable(d: Draft) -> tuple[str, str] | None:
    for zh, en, section, stem in _UNASKABLE:
        if (d.section and section.search(d.section)) or stem.match(d.stem.strip()):
            return zh, en
    return None


def _options_in_stem(d: Draft) -> bool:
    """A question without options whose key names options and whose stem holds a run of options lettered in
    sequence (`一年有____个月。 a. 10  b. 12  c. 14` keyed `B`; `…どれか。 ア 利根川 イ 信濃川` keyed `イ`; `1 赤 2 緑`
    keyed `3`) is a choice question: the run is its options, the key read in their alphabet. False when the
    key is the number of an option the run of circled options does not hold (`정답 : [7]` under ① to ④): no
    fill-in keyed `[7]` either."""
    key = (d.key or "").strip()
    key = key_in_brackets(key) or key  # `[4]☜ 블럭 설정하면 보임`: the number in brackets, the page's words after
    if not key or len(key) > 16 or not (run := option_run(d.stem)) or not run.before or len(run.options) < 2:
        return True
    letters = _letters_in(key, run.alphabet)
    options = {LETTERS[i]: text for i, text in run.options}
    if letters and all(letter in options for letter in letters):
        d.stem, d.options, d.key = run.before, options, letters
        return True
    return not (run.alphabet == "circled" and len(run.options) >= 3 and key.isdigit())


def _letters_in(key: str, alphabet: str) -> str | None:
    """A key in an alphabet of options (`B`, `b, d`, `イ`, `Б`, `3`, `②`) as the letters A-H; None when it is not."""
    own = ALPHABET_LETTERS[alphabet]
    if alphabet in ("latin", "latin-lower"):
        return parse_letters(key)
    chars = re.sub(r"[\s,，、;；/和及.。]+", "", key)
    if alphabet == "circled":
        chars = chars.translate(_CIRCLED_BY_DIGIT)  # `정답 : 3` for ③: the circled number written plain
    if not chars or not all(ch in own for ch in chars):
        return None
    return "".join(sorted({LETTERS[own.index(ch)] for ch in chars}))


_CIRCLED_BY_DIGIT = str.maketrans("12345678", "①②③④⑤⑥⑦⑧")
_LETTERS_KEY = re.compile(r"[A-H]{1,4}")
# one key of a row: a judgement mark (bracketed or not) or option letters
_ROW_KEY = re.compile(r"[（(]?\s*([√×✓✗✔✘对错○]|[A-H]{1,8})\s*[)）]?")


def _rows_of_keys(drafts: list[Draft]) -> None:
    """A key line holding a row of keys (`答案：(√) (×) (√) (×)`, `答案：B D A C`) under the last of as many
    questions that have none: one key each, in order. Never one question's key (it is not one key)."""
    for i, d in enumerate(drafts):
        if d.key is None:
            continue
        bracketed = "(" in d.key or "（" in d.key
        tokens = re.findall(r"[（(][^()（）]*[)）]", d.key) if bracketed else d.key.split()
        if len(tokens) < 3 or not all(_ROW_KEY.fullmatch(tok) for tok in tokens):
            continue  # three keys at least: "A C" may be one question's two letters
        before = drafts[i - len(tokens) + 1 : i]
        if len(before) != len(tokens) - 1 or any(
            b.key is not None or b.part != d.part or bool(b.options) != bool(d.options) for b in before
        ):
            continue
        for draft, token in zip([*before, d], tokens, strict=True):
            draft.key = _ROW_KEY.fullmatch(token).group(1)  # type: ignore[union-attr]
            draft.key_line, draft.key_apart = d.key_line, True


_LETTER_AND_TEXT = re.compile(r"^\s*[(（]?([A-Ha-h])\s*[.．、:：)）]\s*(\S.*?)\s*$", re.S)


def _plain_option(text: str) -> str:
    return re.sub(r"[\s。.,，;；]+", "", text).casefold()


def _other_option(key: str, letters: str, options: dict[str, str]) -> str | None:
    """The option a key written as a letter and its text (`B) Kraków`) names by its text, where that is
    another option than its letter's: the key says two things."""
    m = _LETTER_AND_TEXT.match(key)
    if m is None or len(letters) != 1:
        return None
    said = _plain_option(m.group(2))
    named = [letter for letter, text in options.items() if _plain_option(text) == said]
    return named[0] if named and letters not in named else None


class _Skip(Exception):
    """A draft that cannot be read with confidence: its reason, zh and en, and the line to name."""

    def __init__(self, line: int, zh: str, en: str) -> None:
        super().__init__(en)
        self.line, self.zh, self.en = line, zh, en


@dataclass
class _Checker:
    taken: set[str] = field(default_factory=set)
    warnings: list[Issue] = field(default_factory=list)
    keys_at_end: bool = False
    sheet: str | None = None  # the sheet of the draft being checked, named in its warnings
    lettered: bool = False  # the document has choice questions: option letters are their keys
    fill_separator: str | None = None  # the mark the document's keys of several blanks are split at
    pictures_essential: bool = False  # the document's pictures carry its questions (`_pictures_essential`)

    def no_key(self, d: Draft, what: tuple[str, str] = ("答案", "key")) -> _Skip:
        where = f"第 {d.number} 题", f"question {d.number}"
        if d.unkeyed is not None:
            return _Skip(d.key_line or d.line, f"{where[0]}{d.unkeyed[0]}", f"{where[1]} {d.unkeyed[1]}")
        if self.keys_at_end:
            return _Skip(
                d.line, f"{where[0]}在文末答案中没有{what[0]}", f"{where[1]} has no {what[1]} in the answer section"
            )
        return _Skip(d.line, f"{where[0]}没有{what[0]}", f"{where[1]} has no {what[1]}")

    def warn(self, line: int, zh: str, en: str) -> None:
        self.warnings.append(Issue("warning", line, zh, en, self.sheet))

    def kind_of(self, d: Draft) -> Kind:
        declared = d.kind
        pair = true_false_options(d.options)
        judged = pair is not None and {v.strip().lower() for v in d.options.values()} <= _JUDGEMENT_WORDS
        if pair is not None and (declared in (None, Kind.true_false) or (declared is Kind.single and judged)):
            return Kind.true_false
        if d.options and (declared is None or read_choice_key(d.key or "", d.options) is not None or d.marked):
            if declared in CHOICE_KINDS:
                return declared  # type: ignore[return-value]
            return self.choice_kind(d)
        if declared in CHOICE_KINDS and not d.options and d.key is not None and read_choice_key(d.key, {}) is None:
            # under a choice heading, but no options and a key that is no letters: a judgement or a fill-in
            if read_true_false_key(d.key, {}) is not None and not count_blanks(d.stem):
                return Kind.true_false
            if count_blanks(d.stem):
                return Kind.fill
        if declared is not None:
            return declared
        if d.answer:
            return Kind.case
        if (
            d.key is not None
            and read_true_false_key(d.key, {}) is not None
            and (not count_blanks(d.stem) or (_JUDGEMENT_SLOT.search(d.stem) and count_blanks(d.stem) == 1))
        ):
            return Kind.true_false  # "地球是圆的。（ ）" keyed 对: the brackets are where the judgement goes
        if not count_blanks(d.stem) and _ESSAY.match(d.stem):
            return Kind.case  # "简述分层体系结构的好处。" answered with a list: a short-answer question
        if count_blanks(d.stem) or (d.key is not None and len(d.key) <= 40 and "\n" not in d.key):
            return Kind.fill
        return Kind.case

    def choice_kind(self, d: Draft) -> Kind:
        letters = read_choice_key(d.key or "", d.options) or d.marked
        return Kind.multiple if len(letters) > 1 or "多选" in d.stem else Kind.single

    def build(self, d: Draft) -> Question:
        where = f"第 {d.number} 题", f"question {d.number}"
        if (too_long := overlong_field(d)) is not None:  # first: the checks below quote the fields
            raise _Skip(d.line, *too_long)
        if d.key is not None and _OMITTED.fullmatch(d.key.strip()):
            d.key = None  # "答案：略": the document gives no key
        if d.key is not None and annulled(d.key):
            raise _Skip(
                d.key_line or d.line,
                f"{where[0]}已作废（{d.key.strip()}），没有可据以评分的答案",
                f"{where[1]} was annulled ({d.key.strip()}): it has no key to grade by",
            )
        if d.key is not None:
            d.key = unwrapped_math(_KEY_LABEL.sub("", d.key))
        if d.answer is not None and _OMITTED.fullmatch(d.answer.strip()):
            d.answer = None
        if d.key is None and not d.marked and d.options and d.explanation:
            d.key = key_in_explanation(d.explanation, d.options)  # "……，故本题选B。": the key said in prose
        key_line = d.key_line or d.line
        if _FORM_FIELD.match(d.stem.strip()):
            raise _Skip(
                d.line,
                f"{where[0]}是信息收集项（姓名、部门等），不是试题",
                f"{where[1]} is a form field (name, department …), not a question",
            )
        asked = _own_blank_clause(d)
        if (
            _points_at_picture(d, asked)
            or (d.section is not None and _PICTURE_MISSING.search(d.section))  # "閱讀下方漫畫後回答15～16題（漫畫略）"
            or (d.picture and self.pictures_essential and not _SAYS_WHAT_PICTURE_SHOWS.search(asked))
            or _POINTS_AT_FIGURE.search(asked)
            or (_MAY_ASK_ABOUT_SIGN.search(asked) and _ASKS_ABOUT_SIGN.search(asked))
        ):
            raise _Skip(
                d.line,
                f"{where[0]}要看图作答，但文档里没有这张图",
                f"{where[1]} asks about a picture that the document does not carry",
            )
        if (unaskable := _unaskable(d)) is not None:
            raise _Skip(
                d.line,
                f"{where[0]}是{unaskable[0]}题，无法在聊天中作答",
                f"{where[1]} is {unaskable[1]} question, which cannot be answered in the chat",
            )
        if not d.stem.strip():
            raise _Skip(d.line, f"{where[0]}没有题干", f"{where[1]} has no text")
        if not d.options and d.key is not None and not _options_in_stem(d):
            raise _Skip(
                key_line,
                f"{where[0]}的答案（{key_in_brackets(d.key) or d.key}）不是任何选项的编号",
                f"{where[1]}: its key ({key_in_brackets(d.key) or d.key}) is the number of no option",
            )
        *leading, _last = d.options.values() or [""]
        if leading and all(_BULLET_TAIL.search(text) for text in leading):
            # `- A. 是 - B. 否`: a list written on one line leaves each option but the last with the next
            # item's bullet; drop it (an option that really ends so, `int *`, stands alone)
            d.options = {letter: _BULLET_TAIL.sub("", text) for letter, text in d.options.items()}
        if (unfit := misfit(d)) is not None:  # bot/banks/questions/fit.py
            raise _Skip(key_line, *unfit)
        kind = self.kind_of(d)
        options: dict[str, str] = {}
        answer: str | bool | list[str] | list[list[str]]
        if kind in CHOICE_KINDS:
            options = dict(d.options)
            if not options:
                raise _Skip(d.line, f"{where[0]}是选择题却没有选项", f"{where[1]} is a choice question without options")
            answer = self.choice_answer(d, where, key_line)
            if kind is Kind.single and len(answer) > 1:
                # a key of several letters beside its question makes a multiple-choice question
                if d.kind is Kind.single:
                    self.warn(
                        key_line,
                        f"{where[0]}标为单选，但答案有多个字母（{answer}），按多选题导入",
                        f"{where[1]} is marked single choice but its key has several letters ({answer}); "
                        "imported as multiple choice",
                    )
                kind = Kind.multiple
        elif kind is Kind.true_false:
            answer = self.true_false_answer(d, where, key_line)
            d.stem = _EMPTY_VERDICT.sub("", d.stem) or d.stem  # "…  R ☐   F ☐", "…   ___": the learner's slot
        elif kind is Kind.fill:
            letters = _LETTERS_KEY.fullmatch((d.key or "").strip())
            if d.key_apart and self.lettered and letters and not count_blanks(d.stem):
                # keys written apart are option letters in this document: one for a line without options or
                # a blank was given to the wrong question (a numbered note before the quiz, a misaligned part)
                raise _Skip(
                    key_line,
                    f"{where[0]}没有选项也没有空，但文中另列的答案是选项字母（{d.key}），答案可能与题目错位",
                    f"{where[1]} has neither options nor a blank but the key written apart for it is option "
                    f"letters ({d.key}); the keys may be misaligned",
                )
            answer = self.fill_answer(d, where, key_line)
        else:
            answer = d.answer or d.key or ""
            if not answer.strip():
                raise self.no_key(d, ("参考答案", "reference answer"))
            answer, note = _scoring_note(answer)
            if note:  # "（答出三点即可得满分）": how it is marked, shown with the explanation, not graded
                d.explanation = f"{d.explanation}\n{note}" if d.explanation else note
        try:
            return Question(
                id=question_id(kind, d.number, self.taken),
                kind=kind,
                number=d.number,
                prompt=d.stem,
                options=options,
                answer=answer,
                explanation=d.explanation or None,
                section=d.section,
                line=d.line,
                alternates=d.alternates,
                tags=d.tags,
            )
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"]
            raise _Skip(d.line, f"{where[0]}无效：{msg}", f"{where[1]} is invalid: {msg}") from exc

    def choice_answer(self, d: Draft, where: tuple[str, str], key_line: int) -> str:
        if d.key is None and not d.marked:
            raise self.no_key(d)
        letters = read_choice_key(d.key, d.options) if d.key is not None else d.marked
        if letters is None:
            raise _Skip(
                key_line,
                f"{where[0]}的答案“{d.key}”不是选项字母",
                f"the key '{d.key}' of {where[1]} is not option letters",
            )
        if d.key is not None and d.marked and d.marked != letters:
            self.warn(
                key_line,
                f"{where[0]}的答案 {letters} 与文中标出的选项 {d.marked} 不一致，采用答案行",
                f"{where[1]}: the key {letters} differs from the options marked in the text ({d.marked}); "
                "the key is used",
            )
        missing = [letter for letter in letters if letter not in d.options]
        if missing:  # marked letters; a key's were checked with the others (bot/banks/questions/fit.py)
            raise _Skip(
                key_line,
                f"{where[0]}的答案含 {''.join(missing)}，但没有选项 {''.join(missing)}",
                f"the key of {where[1]} names option {''.join(missing)}, which it does not have",
            )
        if d.key is not None and (other := _other_option(d.key, letters, d.options)) is not None:
            raise _Skip(
                key_line,
                f"{where[0]}的答案“{d.key}”：字母 {letters} 与其后的文字（选项 {other}）不一致",
                f"the key '{d.key}' of {where[1]} names option {letters} by its letter and option {other} by its text",
            )
        return letters

    def true_false_answer(self, d: Draft, where: tuple[str, str], key_line: int) -> bool:
        if d.key is None and not d.marked:
            raise self.no_key(d)
        value = read_true_false_key(d.key if d.key is not None else d.marked, d.options)
        letters = true_false_letters(d.section) if value is None and d.key else None
        if letters is not None and (letter := d.key.strip().upper() if d.key else "") in letters:
            value = letters[letter]  # "正确的涂A，错误的涂B" above the section
        if value is None:
            raise _Skip(
                key_line,
                f"判断题{where[0]}的答案“{d.key}”不是对/错",
                f"the key '{d.key}' of true/false {where[1]} is neither true nor false",
            )
        return value

    def fill_answer(self, d: Draft, where: tuple[str, str], key_line: int) -> list[str] | list[list[str]]:
        if d.key is None:
            raise self.no_key(d)
        blanks = count_blanks(d.stem)
        numbered = enumerated_parts(d.key)
        if numbered > blanks and all(re.search(rf"[（(]\s*{n}\s*[)）]", d.stem) for n in range(1, numbered + 1)):
            blanks = numbered  # "请补全（1）（2）处代码": the blanks are numbered in the stem (or its code)
        answer, fits = split_fill_key(d.key, blanks)
        if (labelled := _blank_labelled(d.key)) is not None:  # `- 空 1 A - 空 2 B`: each blank's answer labelled
            one = len(labelled) == 1
            answer = _one_blank(labelled[0]) if one else [_one_blank(p) for p in labelled]
            fits = len(labelled) == blanks or (one and blanks <= 1)
        elif blanks > 1 and not numbered and self.fill_separator is not None:
            parts = _top_level_parts(d.key, self.fill_separator)
            if len(parts) == blanks:  # the document's own mark, not one a part holds (`3 4 X * + 2 / -`)
                answer, fits = [_one_blank(p) for p in parts], True
        if not answer:
            raise _Skip(key_line, f"{where[0]}的答案为空", f"the key of {where[1]} is empty")
        if not blanks and not re.search(r"[?？]\s*$", d.stem):  # "What is … called?" is asked, not filled
            self.warn(
                d.line, f"填空题{where[0]}中没有空（___ 或（ ））", f"fill-in {where[1]} has no blank (___ or （ ）)"
            )
        elif not fits and self.fill_separator is not None:
            # the document's other keys split into their blanks: this one is short of answers or holds a
            # neighbour's, and a blank would be graded against the wrong one
            raise _Skip(
                key_line,
                f"{where[0]}有 {blanks} 个空，但答案无法按空分开（本文档其他答案以“{self.fill_separator}”分开）",
                f"{where[1]} has {blanks} blanks but its key cannot be split into as many answers "
                f"(the document's other keys are split at '{self.fill_separator}')",
            )
        elif not fits:
            self.warn(
                key_line,
                f"{where[0]}有 {blanks} 个空，但答案无法按空分开",
                f"{where[1]} has {blanks} blanks but its key cannot be split into as many answers",
            )
        return answer


# A marking note closing a reference answer: "（酌情给分）", "（每条1.5分）", "（答出三点即可得满分）"
_SCORING_NOTE = re.compile(r"\s*[（(]([^（()）]*(?:\d\s*分|给分|得分|满分|即可|酌情)[^（()）]*)[)）]\s*$")


def _scoring_note(answer: str) -> tuple[str, str | None]:
    m = _SCORING_NOTE.search(answer)
    if m is None or not answer[: m.start()].strip():
        return answer, None
    return answer[: m.start()].rstrip(), m.group(1).strip()


def _last_text(q: Question) -> str:
    if q.kind is Kind.case:
        return q.answer if isinstance(q.answer, str) else ""
    return q.explanation or ""


def _looks_truncated(text: str, *, note: bool) -> bool:
    text = text.rstrip()
    # an explanation may be a short note ("同一空可接受多个答案") without a full stop
    if not text or (note and len(text) < 30):
        return False
    return not ends_sentence(text) or text.endswith(("：", ":"))


# The marks a key of several blanks is split at, each as a pattern
_FILL_SEPARATORS = {"，": r"\s*[,，]\s*", "；": r"\s*[;；]\s*", "、": r"\s*、\s*", "|": r"\s*[|｜]\s*"}
_OPENING, _CLOSING = "(（[【{", ")）]】}"


_BULLET_TAIL = re.compile(r"\s+[-•]$")
# A blank's label before its answer, as quiz exports write them: `- 空 1 …`, `第2空：…`, `空3: …`.
_BLANK_LABEL = re.compile(r"(?:^|\s)[-•]?\s*(?:第\s*\d{1,2}\s*空|空\s*\d{1,2})\s*[:：.．]?\s*")


def _blank_labelled(key: str) -> list[str] | None:
    """The answers of a key whose blanks are labelled, in order; None when it labels none."""
    if not _BLANK_LABEL.match(key):
        return None
    parts = [p.strip(" -•;；,，") for p in _BLANK_LABEL.split(key)]
    found = [p for p in parts if p]
    return found or None


def _top_level_parts(key: str, separator: str) -> list[str]:
    """The key's parts split at the separator outside brackets: `（12，40），（74）` is two parts."""
    pattern = re.compile(_FILL_SEPARATORS[separator])
    parts, depth, start, i = [], 0, 0, 0
    while i < len(key):
        c = key[i]
        depth += (c in _OPENING) - (c in _CLOSING and depth > 0)
        m = pattern.match(key, i) if depth == 0 else None
        if m is not None and m.end() > m.start() and key[m.start() : m.end()].strip():
            parts.append(key[start : m.start()])
            start = i = m.end()
            continue
        i += 1
    parts.append(key[start:])
    return [p.strip() for p in parts if p.strip()]


def _one_blank(part: str) -> list[str]:
    """One blank's accepted answers; the part whole where splitting it at ` / ` leaves an alternative of
    no letter or digit (`3 4 X * + 2 Y * 3 / -`: an operator, no other answer)."""
    accepted = split_fill_key(part, 1)[0]
    if any(not any(c.isalnum() for c in a) for a in accepted):
        return [part.strip()]
    return accepted


def _fill_separator(drafts: list[Draft]) -> str | None:
    """The mark that splits the document's keys of several blanks into as many answers: the one that
    splits most of them (two at least, none other splitting as many); None when none does."""
    counts = dict.fromkeys(_FILL_SEPARATORS, 0)
    for d in drafts:
        blanks = count_blanks(d.stem) if d.key and not d.options else 0
        if blanks > 1 and not enumerated_parts(d.key or ""):
            for separator in counts:
                counts[separator] += len(_top_level_parts(d.key or "", separator)) == blanks
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    if ranked[0][1] >= 2 and ranked[0][1] > ranked[1][1]:
        return ranked[0][0]
    return None


def finish(
    drafts: list[Draft],
    sections: list[SectionReport],
    *,
    source: str,
    bank_id: str,
    title: str,
    warnings: list[Issue] | None = None,
    conventions: list[Convention] | None = None,
    keys_at_end: bool = False,
) -> ImportResult:
    """Check every draft; the bank of those that read with confidence, the rest reported as left out.

    Raises DocumentError only when no question at all could be read.
    """
    checker = _Checker(warnings=list(warnings or []), keys_at_end=keys_at_end)
    _rows_of_keys(drafts)
    checker.lettered = any(d.options for d in drafts)
    checker.fill_separator = _fill_separator(drafts)
    checker.pictures_essential = _pictures_essential(drafts)
    questions: list[Question] = []
    left_out: list[LeftOut] = []
    last_of: dict[int, tuple[Question, Draft]] = {}
    misaligned = misaligned_parts(drafts)  # bot/banks/questions/fit.py
    for index, d in enumerate(drafts):
        report = sections[d.part] if d.part is not None else None
        checker.sheet = d.sheet
        try:
            if (unfit := misaligned.get(index)) is not None:
                raise _Skip(unfit.line, unfit.zh, unfit.en)
            q = checker.build(d)
        except _Skip as skip:
            left_out.append(
                LeftOut(
                    skip.line,
                    d.number,
                    d.section,
                    f"{skip.zh}，未导入",
                    f"{skip.en}; not imported",
                    first_line=d.line,
                    last_line=d.end_line or d.line,
                    sheet=d.sheet,
                )
            )
            if report is not None:
                report.left_out += 1
            continue
        questions.append(q)
        if d.part is not None:
            last_of[d.part] = (q, d)
        if report is not None:
            report.found += 1
            report.kind = report.kind or q.kind
    for s in sections:
        held = s.found + s.left_out
        if s.title is not None and s.declared is not None and s.declared != held:
            checker.warn(
                s.line,
                f"“{s.title}”声明 {s.declared} 题，实际有 {held} 题",
                f"section '{s.title}' declares {s.declared} questions but holds {held}",
            )
        if s.title is not None and not held:
            checker.warn(s.line, f"“{s.title}”下没有题目", f"section '{s.title}' holds no questions")
    _truncation(checker, sections, last_of, questions, drafts)
    if not questions:
        issues = [lo.issue() for lo in left_out] or [
            Issue("error", 0, "文档中没有找到任何题目", "no questions were found in the document")
        ]
        errors = [i.error() for i in issues]
        raise DocumentError.from_issues(source, sorted(errors, key=lambda i: i.line))
    bank = Bank(
        id=bank_id,
        title=title or Path(source).stem,
        source=source,
        questions=questions,
        sections=[
            Section(title=s.title, kind=s.kind or Kind.single, declared=s.declared, found=s.found, line=s.line)
            for s in sections
            if s.title is not None
        ],
    )
    all_warnings = checker.warnings + [lo.issue() for lo in left_out]
    return ImportResult(
        bank=bank,
        warnings=sorted(all_warnings, key=lambda i: i.line),
        left_out=left_out,
        sections=sections,
        conventions=list(conventions or []),
    )


def _truncation(
    checker: _Checker,
    sections: list[SectionReport],
    last_of: dict[int, tuple[Question, Draft]],
    questions: list[Question],
    drafts: list[Draft],
) -> None:
    """A section holding fewer questions than it declares, or the document's end, may be cut off mid-text."""
    suspects = [last_of[i] for i, s in enumerate(sections) if i in last_of and s.declared and s.found < s.declared]
    if questions:
        last = questions[-1]
        suspects.append((last, next(d for d in reversed(drafts) if d.line == last.line)))
    seen: set[str] = set()
    for q, d in suspects:
        if q.id in seen:
            continue
        seen.add(q.id)
        if _looks_truncated(_last_text(q), note=q.kind is not Kind.case):
            checker.warn(
                d.end_line or d.line,
                f"第 {q.number} 题看起来被截断了：结尾不是完整的句子",
                f"question {q.number} looks truncated: it ends mid-sentence",
            )
