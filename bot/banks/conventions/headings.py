"""The ways exam documents write their parts, each a small named object in one place.

A numbering style (`1、`, `（1）`, `第1题`, `Q1`, `K07`…), an option style (`A.`, `(A)`, `【A】`, `A 文字`…), the
markers of keys and explanations, section headings, kind tags inside a question. The reader first counts
which of these a document uses (`bot.banks.recognise`), then reads it with them (`bot.banks.reader`).
Adding the next layout is adding one more object here.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bot.banks.model import Kind

__all__ = [
    "KIND_WORDS",
    "NUMBERINGS",
    "OPTION_STYLES",
    "Heading",
    "Marker",
    "Numbering",
    "OptionStyle",
    "cn_number",
    "find_kind_tag",
    "kind_in_header",
    "match_heading",
    "match_marker",
    "next_option_heads",
    "part_heading",
    "probe",
    "split_options",
    "trailing_tag",
]

# Traditional forms of marker characters -> simplified (one to one, so offsets survive).
_PROBE = str.maketrans(
    "單選項擇題斷問論簡綜確誤對錯參頁與標籤備講詳據類型號閱讀範圍單填寫劃釋應範復習練難點綜認識",
    "单选项择题断问论简综确误对错参页与标签备讲详据类型号阅读范围单填写划释应范复习练难点综认识",
)


_TRADITIONAL = re.compile("[單選項擇題斷問論簡綜確誤對錯參頁與標籤備講詳據類型號閱讀範圍填寫劃釋應復習練難點認識]")


def probe(text: str) -> str:
    """The text with traditional marker characters read as simplified (same length)."""
    return text.translate(_PROBE) if _TRADITIONAL.search(text) else text


_CN = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def cn_number(text: str) -> int:
    """'12' -> 12, '十二' -> 12, '二十一' -> 21, '一百零五' -> 105."""
    if text.isascii() and text.isdigit():
        return int(text)
    if len(text) == 1 and text in _CIRCLED_NUMBERS:  # ① … ⑳, ㉑ …: circled numbers
        return int(unicodedata.numeric(text))
    total, current = 0, 0
    for ch in text:
        if ch in _CN:
            current = _CN[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
    return total + current


_NUM = r"(\d{1,4}|[一二三四五六七八九十百零〇两]{1,4})"
_KIND_TAG_WORDS = (
    "单选题|多选题|判断题|填空题|简答题|单项选择|多项选择|不定项|单选|多选|判断|填空|问答题|论述题|案例分析题"
)


# -- numbering ------------------------------------------------------------------------------------
_AGAIN = re.compile(r"(\d{1,4})\s*[.．、]\s*(?!\d)")


@dataclass(frozen=True)
class Numbering:
    """How a document numbers its questions. `strong` styles say "question" by themselves (第3题);
    weak ones (`3.`) are also how explanations and case answers number their points."""

    name: str
    label: str  # as the import summary shows it
    pattern: re.Pattern[str]
    strong: bool = False
    starts: str = ""  # the characters a match can start with ("" = any): a cheap test first
    sequential: bool = True  # numbers run 1, 2, 3 (an id like K07 need not)
    stem_follows: bool = False  # the number stands alone; the stem is on the next line

    def match(self, text: str) -> tuple[int, str] | None:
        if self.starts and (not text or text[0] not in self.starts):
            return None
        m = self.pattern.match(text)
        if not m:
            return None
        number = cn_number(m.group("n")) if "n" in m.groupdict() else 0  # 0: unnumbered, counted in order
        rest = text[m.end() :].strip()
        # "1、1.以下……" (a sequence number, then the question's own): read the number once
        again = _AGAIN.match(rest)
        if again and int(again.group(1)) == number:
            rest = rest[again.end() :]
        return number, rest


_DIGITS = "0123456789"
_CIRCLED_NUMBERS = "".join(chr(c) for c in [*range(0x2460, 0x2474), *range(0x3251, 0x3260), *range(0x32B1, 0x32C0)])
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _numbering(name: str, label: str, regex: str, starts: str = "", **kw: bool) -> Numbering:
    return Numbering(name, label, re.compile(regex), starts=starts, **kw)


NUMBERINGS: list[Numbering] = [
    _numbering(
        "example",
        "例题1",
        rf"^[【\[]?\s*(?:例题|习题|练习题|试题|题目|题干)\s*(?P<n>{_NUM[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*",
        strong=True,
        starts="【[例习练试题",
    ),
    _numbering(
        "di",
        "第1题",
        rf"^[【\[]?\s*第\s*(?P<n>{_NUM[1:-1]})\s*[题題]\s*[】\]]?(?:\s*[.．、:：]\s*|\s*)",
        strong=True,
        starts="【[第",
    ),
    _numbering(
        "case",
        "案例1",
        rf"^[【\[]?\s*案例(?:分析)?\s*(?P<n>{_NUM[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*",
        strong=True,
        starts="【[案",
    ),
    # "材料1" alone on its line over a case's material, its 问题 and 参考答案 (材料分析题)
    _numbering(
        "material",
        "材料1",
        rf"^[【\[]?\s*材料\s*(?P<n>{_NUM[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*$",
        strong=True,
        stem_follows=True,
        starts="【[材",
    ),
    _numbering("bracket", "【1】", r"^[【\[]\s*(?P<n>\d{1,4})\s*[】\]]\s*[.．、:：]?\s*", strong=True, starts="【["),
    _numbering(
        "q",
        "Q1",
        r"^(?:Q\s?|q\s?|Question\s*|QUESTION\s*|Problem\s*|PROBLEM\s*|Frage\s*|Pregunta\s*|問題\s*)(?P<n>\d{1,4})(?:\s+(?:of|/)\s*\d{1,4})?\s*(?:[.．、:：)）]\s*|\s+|$|(?=[（(【\[]))",
        strong=True,
        starts="QqPF問",  # 問題1: a Japanese paper's question; "Problem 3", "Frage 3", "Pregunta 3"
    ),
    # "問題1　…": a Japanese paper's question (問 reads as 问; a case's "问题1：" has its colon); not the
    # instructions of a group of questions ("問題1　…1・2・3・4から一つえらびなさい")
    _numbering(
        "mondai",
        "問題1",
        r"^问题\s*(?P<n>\d{1,3})(?:\s+|\s*[.．](?!\d)\s*)(?=\S)(?!.*(?:[选選]|えらび|一つ))",
        strong=True,
        starts="问問",
    ),
    _numbering("paren", "（1）", r"^[（(]\s*(?P<n>\d{1,4})\s*[)）]\s*", starts="（("),
    # "① 细胞中的……": circled numbers as a question's number (a list inside a stem uses them too: the
    # choice of starts keeps those in their question)
    _numbering("circled", "①", r"^(?P<n>[①-⑳㉑-㉟㊱-㊿])\s*[.．、:：]?\s*(?=\S)", starts=_CIRCLED_NUMBERS),
    # "1．15岁的小王": a full-width stop is never a decimal point; "2.3" is a chapter, not question 2
    _numbering("dot", "1.", r"^(?P<n>\d{1,4})\s*(?:[.](?!\d)|．)\s*", starts=_DIGITS),
    _numbering("comma", "1、", r"^(?P<n>\d{1,4})\s*[、，,]\s*", starts=_DIGITS),
    _numbering("close", "1)", r"^(?P<n>\d{1,4})\s*[)）]\s*", starts=_DIGITS),
    _numbering("colon", "1：", r"^(?P<n>\d{1,4})\s*[:：](?!\d)\s*", starts=_DIGITS),
    _numbering(
        "code",
        "K07",
        r"^(?P<id>[A-Z]{1,3})[-_]?(?P<n>\d{1,5})(?:\s*[.．、:：)）]\s*|\s+|$|(?=[【\[（(]))",
        sequential=False,
        starts=_UPPER,
    ),
    _numbering("space", "1 ", r"^(?P<n>\d{1,4})\s+(?=[^\s\d.．%％]|\d+[\u4e00-\u9fff])", starts=_DIGITS),
    _numbering("alone", "1⏎", r"^(?P<n>\d{1,4})\s*[.．、:：]?$", stem_follows=True, starts=_DIGITS),
    # no numbers at all: a line that asks above a first option (found while reading, never matched here)
    _numbering("unnumbered", "无", r"(?!)", sequential=False, starts="\0"),
    # no numbers at all: each question opens with its stem label or its kind tag
    _numbering(
        "label",
        "【题干】",
        r"^[【\[]\s*(?:题干|题目|试题)\s*[】\]]\s*[:：]?\s*|^题干\s*[:：]\s*",
        strong=True,
        sequential=False,
        starts="【[题",
    ),
    _numbering(
        "tag",
        "(单选题)",
        rf"^(?=[（(【\[]\s*(?:{_KIND_TAG_WORDS})[^）)】\]]{{0,12}}[）)】\]])",
        strong=True,
        sequential=False,
        starts="（(【[",
    ),
]
_BY_NAME = {n.name: n for n in NUMBERINGS}


@lru_cache(maxsize=512)
def numberings_for(first: str) -> tuple[Numbering, ...]:
    """The numbering styles a line starting with this character could be in."""
    return tuple(n for n in NUMBERINGS if not n.starts or first in n.starts)


def numbering(name: str) -> Numbering:
    return _BY_NAME[name]


# -- options --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionStyle:
    """How a document writes option letters: `A.`, `A、`, `(A)`, `【A】`, `a、`, `A 文字`…"""

    name: str
    label: str
    head: str  # regex with {L} where the letter stands
    glued: bool = True  # the next option may follow with nothing between (A、SGDB、AdamC、RMSprop)
    lower: bool = False  # letters written a, b, c
    needs_run: bool = False  # read as options only where the document writes runs of them (A 文字, a.)

    def at(self, letter: str) -> re.Pattern[str]:
        return re.compile(self.head.replace("{L}", letter.lower() if self.lower else letter))


OPTION_STYLES: list[OptionStyle] = [
    OptionStyle("paren", "(A)", r"[（(]\s*{L}\s*[)）]\s*"),
    OptionStyle("bracket", "【A】", r"[【\[]\s*{L}\s*[】\]]\s*"),
    OptionStyle("label", "选项A：", r"选项\s*{L}\s*[:：.．、]\s*"),  # a platform export's "选项A：A1"
    OptionStyle("dot", "A.", r"{L}\s*[.．]\s*"),
    OptionStyle("comma", "A、", r"{L}\s*、\s*"),
    OptionStyle("colon", "A:", r"{L}\s*[:：]\s*"),
    OptionStyle("close", "A)", r"{L}\s*[)）]\s*"),
    OptionStyle("space", "A 文字", r"{L}\s+(?=\S)", glued=False, needs_run=True),
    OptionStyle("lower-dot", "a.", r"{L}\s*[.．]\s*", lower=True, needs_run=True),
    OptionStyle("lower-comma", "a、", r"{L}\s*、\s*", lower=True, needs_run=True),
    OptionStyle("lower-close", "a)", r"{L}\s*[)）]\s*", lower=True, needs_run=True),
    OptionStyle("lower-paren", "(a)", r"[（(]\s*{L}\s*[)）]\s*", lower=True, needs_run=True),
    # A某个对象的引用名, Anew: a letter glued to its text, copied from a platform that drew the letter apart
    OptionStyle("bare", "A文字", r"{L}(?=[^\sA-Z.．、:：)）])", glued=False, needs_run=True),
    # A / 人生目的 / B / 人生态度: a letter alone on its line, its text on the next (a web page's layout)
    OptionStyle("alone", "A⏎文字", r"{L}\s*$", glued=False, needs_run=True),
]
_STYLE = {s.name: s for s in OPTION_STYLES}
_OPTION_START = {
    s.name: re.compile("^" + s.head.replace("{L}", "(?P<L>[a-h])" if s.lower else "(?P<L>[A-H])"))
    for s in OPTION_STYLES
}


def option_start(text: str, styles: tuple[str, ...] | None = None) -> tuple[str, str] | None:
    """(style name, letter) when the text starts with an option letter in one of the styles."""
    if not text or text[0] not in _OPTION_FIRST:
        return None
    for style in OPTION_STYLES:
        if styles is not None and style.name not in styles:
            continue
        m = _OPTION_START[style.name].match(text)
        if m:
            return style.name, m.group("L").upper()
    return None


_OPTION_FIRST = frozenset("ABCDEFGHabcdefgh（(【[选")
_SEPARATOR = r"(?:\s+|\s*[;；|，,]\s*|(?<=[。.]))"


@lru_cache(maxsize=256)
def next_option_heads(style_name: str, letter: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The next option's head after a separator, and glued to the text before it (compiled once)."""
    style = _STYLE[style_name]
    head = style.head.replace("{L}", letter.lower() if style.lower else letter)
    return re.compile(_SEPARATOR + head), re.compile(r"(?<=\S)" + head)


def split_options(text: str, style_name: str, first: str) -> list[tuple[str, int, int]]:
    """The options on one line, as (letter, start, end) offsets of each option's text.

    `A. x  B. y`, `A.x；B.y`, and glued `A、SGDB、AdamC、RMSprop`: each next letter must follow in order,
    in the same style, after white space, a separator, or (for styles with punctuation) nothing.
    """
    style = _STYLE[style_name]
    m = style.at(first).match(text)
    if not m:
        return []
    out: list[tuple[str, int, int]] = []
    letter, pos = first, m.end()
    while True:
        nxt = chr(ord(letter) + 1)
        if nxt > "H":
            out.append((letter, pos, len(text)))
            return out
        spaced, glued = next_option_heads(style.name, nxt)
        found = spaced.search(text, pos)
        if found is None and style.glued:
            found = glued.search(text, pos)
        if found is None:
            out.append((letter, pos, len(text)))
            return out
        out.append((letter, pos, found.start()))
        letter, pos = nxt, found.end()


def inline_options(text: str) -> int | None:
    """Where options begin inside a line that also holds the stem (`……（ ）。 A. x B. y C. z`), if they do."""
    for m in re.finditer(r"(?:^|(?<=\s)|(?<=[？?。：:）)\]】.…_]))(?=[(（]?[Aa]\s*[.．、:：)）])", text):
        found = option_start(text[m.start() :])
        readable = found is not None and found[0] not in ("space", "bare", "lower-dot") and found[1] == "A"
        if readable and len(split_options(text[m.start() :], found[0], "A")) >= 2:  # type: ignore[index]
            return m.start()
    return None


# -- markers: keys, explanations, a case's parts, lines to pass over -------------------------------
@dataclass(frozen=True)
class Marker:
    """A labelled line: `答案：B`, `【解析】…`, `问题：…`, `我的答案：…`."""

    role: str  # key, explanation, ask, answer (a case's reference answer), kind, meta, tags, alternates
    label: str
    pattern: re.Pattern[str]


def _marker(role: str, label: str, words: str, *, colon: bool = True) -> Marker:
    # "答；B", "答案;A": a semicolon typed for the colon counts too; "[答案]:D": a colon after brackets too
    sep = r"\s*(?:[:：;；]|$)" if colon else r"\s*(?:[:：]\s*)?"
    return Marker(
        role,
        label,
        re.compile(rf"^(?:(?:【\s*(?:{words})\s*】|\[\s*(?:{words})\s*\])(?:\s*[:：])?|(?:{words}){sep})\s*", re.I),
    )


MARKERS: list[Marker] = [
    # 学习通 and other platform exports: "我的答案：A 正确答案：B" -> the correct one (read in reader)
    _marker("key", "答案：", r"The correct answers? (?:is|are)|The answer is", colon=False),  # Moodle's review page
    _marker("meta", "我的答案", r"我的答案|你的答案|您的答案|考生答案|学生答案|用户答案|作答|Your answer"),
    _marker(
        "key",
        "答案：",
        r"正确答案是|正确答案为|正确答案|参考答案|标准答案|正确选项|答案是|答案为|答案|答\s+案|答桉|答"
        r"|Answers?\s*Keys?|Answer|Answers|Correct"
        r"|Ans|Key|Correct answers?|ANS|正解|答え|정답",  # 正解, 答え: Japanese papers; 정답: Korean
    ),
    _marker(
        "explanation",
        "解析：",
        r"答案解析|试题解析|题目解析|详细解析|题目分析|答题技巧|技巧|解析|详解|讲解|解题思路|解答思路|分析|点评|解释|试题分析|点拨"
        r"|Explanation|Analysis",
    ),
    _marker("ask", "问题：", r"问题\s*\d*|问|请回答|请分析|回答问题|要求"),
    _marker(
        "answer", "答题要点", r"答题要点|答案要点|参考要点|评分要点|要点|分析与解答|参考解答|解答|解决方案|问题定位"
    ),
    _marker("kind", "题型：", r"题型|类型|题目类型|Type"),
    # a field's label before its text: "题目：……", "### 题目", "**选项：**"
    _marker("label", "题目：", r"题目|题干|题目内容|试题|选项|备选项|Question|Options?|Choices"),
    _marker(
        "meta",
        "得分",
        r"得分|本题得分|分值|分数|难度|难易度|正确率|作答人数|考点|出处|来源|题目来源|所属章节|章节|Score"
        r"|Difficulty|图|图片|配图|视频|DIF|REF|OBJ|TOP|MSC|NAT|STA|LOC",  # ExamView test banks: DIF: Easy REF: 74
    ),
    _marker("tags", "知识点", r"知识点|标签|Tags?"),
    _marker("alternates", "备选答案", r"备选答案|其他答案|也可答"),
]
_KEY_MARKER = next(m for m in MARKERS if m.label == "答案：" and "答" in m.pattern.pattern)
_KEY_INLINE = re.compile(
    r"^(?:正确)?答案\s*(?:为|是)?\s*(?=(?:[A-H]{1,8}|[√×✓✗✔✘]|对|错|正确|错误)\s*(?:[。.；;，,(（]|$|\s(?=\s*(?:你的|我的|您的))))"
    r"|^(?:故|所以|因此)?(?:本题)?(?:应)?选\s*(?=[A-H]{1,8}\s*[。.]?$)"  # "故选B" alone under the options
)
_BARE_MARKERS = re.compile(
    r"^(?:窗体顶端|窗体底端|收起|展开|展开全部|AI讲解|查看解析|显示答案|隐藏答案|查看答案|点击查看答案|收起答案)$"
)


_ANSWER_STARTS = ("答案", "答 案", "答桉", "答:", "答：", "答;", "答；", "【答", "答え")
_ANY_MARKER = re.compile("|".join(f"(?:{m.pattern.pattern})" for m in MARKERS), re.I)


def match_marker(text: str, probed: str | None = None) -> tuple[Marker, str] | None:
    """The marker the line opens with, and the text after it (`probed`: the text already probed)."""
    p = probe(text) if probed is None else probed
    if not _ANY_MARKER.match(p) and not _KEY_INLINE.match(p) and not _BARE_MARKERS.match(p) and p[:1] not in "（(":
        return None  # most lines: one test instead of one per marker
    for marker in MARKERS:
        m = marker.pattern.match(p)
        if m:
            if marker.label == "答案：" and p.startswith("答") and not p.startswith(_ANSWER_STARTS):
                continue  # 答 alone only with a colon or brackets ("答辩" is a word)
            return marker, text[m.end() :].strip()
    if m := _KEY_INLINE.match(p):
        return _KEY_MARKER, text[m.end() :].strip()
    if p[:1] in "（(" and p[-1:] in "）)" and (inner := _KEY_MARKER.pattern.match(p[1:-1].strip())):
        return _KEY_MARKER, p[1:-1].strip()[inner.end() :].strip()  # "（正解：1）", "(Answer: B)"
    if _BARE_MARKERS.match(p):
        return MARKERS[0], ""
    return None


# -- kinds: section headings and tags inside a question ---------------------------------------------
KIND_WORDS: list[tuple[str, Kind | None]] = [
    ("不定项选择题", None),  # one letter or several: decided per question by its key
    ("不定项选择", None),
    ("多项选择题", Kind.multiple),
    ("多项选择", Kind.multiple),
    ("单项选择题", Kind.single),
    ("单项选择", Kind.single),
    ("多选题", Kind.multiple),
    ("单选题", Kind.single),
    ("不定项", None),
    ("多选", Kind.multiple),
    ("单选", Kind.single),
    ("选择题", None),  # single or multiple: decided per question by its key
    # medical licensing exams: A1-A4 (best answer), B1 (shared options) are single, X is multiple
    ("[AB][1-4]?(?:/[AB]?[1-4])?型题", Kind.single),
    ("X型题", Kind.multiple),
    ("最佳选择题", Kind.single),
    ("配伍选择题", Kind.single),
    ("程序填空题", Kind.fill),
    ("填空题", Kind.fill),
    ("填空", Kind.fill),
    ("判断题", Kind.true_false),
    ("判断正误", Kind.true_false),
    ("判断对错", Kind.true_false),
    ("判断是非", Kind.true_false),
    ("正误判断", Kind.true_false),
    ("判断", Kind.true_false),
    ("是非题", Kind.true_false),
    ("对错题", Kind.true_false),
    ("正误题", Kind.true_false),
    ("案例分析题", Kind.case),
    ("案例分析", Kind.case),
    ("材料分析题", Kind.case),
    ("案例题", Kind.case),
    ("分析题", Kind.case),
    ("简答题", Kind.case),
    ("简答", Kind.case),
    ("问答题", Kind.case),
    ("论述题", Kind.case),
    ("综合题", Kind.case),
    ("名词解释", Kind.case),
    ("辨析题", Kind.case),
    ("计算题", Kind.case),
    ("编程题", Kind.case),
    ("主观题", Kind.case),
    ("客观题", None),
    ("程序设计题", Kind.case),
    ("应用题", Kind.case),
    ("思考题", Kind.case),
    ("解答题", Kind.case),
    ("证明题", Kind.case),
    ("材料题", Kind.case),
    ("实务题", Kind.case),
    ("操作题", Kind.case),
    ("设计题", Kind.case),
    ("翻译题", Kind.case),
    ("作文题", Kind.case),
    ("写作题", Kind.case),
    ("讨论题", Kind.case),
    ("Single Choice", Kind.single),
    ("Multiple Answers?", Kind.multiple),
    ("Multiple Select(?:ion)?", Kind.multiple),
    ("Multiple Response", Kind.multiple),
    ("Multiple Choice", None),  # in English: choose one, as a rule; the key decides
    ("True or False", Kind.true_false),
    ("True/False", Kind.true_false),
    ("Fill in the Blanks?", Kind.fill),
    ("Short Answers?", Kind.case),
    ("Essays?", Kind.case),
    ("Essay Questions", Kind.case),
]
_KIND_ALTERNATION = "|".join(w for w, _ in KIND_WORDS)
_KIND_OF = {w.lower(): k for w, k in KIND_WORDS}


def kind_of_word(word: str) -> Kind | None:
    key = word.lower()
    if key in _KIND_OF:
        return _KIND_OF[key]
    for w, k in KIND_WORDS:  # the regex words with a trailing "s?"
        if re.fullmatch(w, word, re.I):
            return k
    return None


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
    rf"^{_ORDINAL}?\s*(?P<word>{_KIND_ALTERNATION})(?:\s*questions?)?\s*(?P<rest>(?:[（(\[【:：。.,，\s].*)?)$", re.I
)
# "三、计算问答题（6分）", "四、综合分析题": a few words before the kind, under a section's numeral only
_QUALIFIED_KIND_HEADING = re.compile(
    # also an instruction that ends in its kind under a numeral: "Ⅱ. 用括号内动词的适当形式填空（共3小题）"
    rf"^(?:[一二三四五六七八九十]+\s*[、.．:：]|[（(]\s*[一二三四五六七八九十]+\s*[)）]\s*[、.．]?|第[一二三四五六七八九十\d]+\s*"
    rf"(?:部分|大题)\s*[、.．:：]?|[Ⅰ-Ⅻ]\s*[.、．]?)\s*(?:(?:[\u4e00-\u9fff]{{2,6}}[：:]\s*)?[\u4e00-\u9fff]{{0,4}}?"
    rf"(?P<word>{_KIND_ALTERNATION})\s*(?P<rest>(?:[（(\[【:：。.,，\s].*)?)"
    rf"|[\u4e00-\u9fff]{{5,16}}?(?P<long>填空)\s*(?:[（(][^（()）]*[)）])?)$"
)
_BRACKETED_KIND = re.compile(rf"^[【\[]\s*(?P<word>{_KIND_ALTERNATION})\s*[】\]]$", re.I)
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
    return None


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
    rf"^(?:[一二三四五六七八九十]{{1,3}}\s*[、.．]\s*)?[【\[]?\s*(?P<word>{_KIND_ALTERNATION})\s*(?:参考)?答案"
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


_TAG_BRACKETED = re.compile(
    rf"[（(【\[]\s*(?:[^）)】\]]{{0,12}}?[·•\s])?(?P<word>{_KIND_ALTERNATION})\s*(?:[^）)】\]]{{0,8}})[）)】\]]", re.I
)
# "……（）(分值: 2) 单选题 *": a form export's kind at the end of the line (a required mark after it)
_TAG_TRAILING = re.compile(rf"(?<=[\s)）])(?P<word>{_KIND_ALTERNATION})\s*[*＊]?\s*$", re.I)
_TAG_LEADING = re.compile(rf"^(?:_|\*)?(?P<word>{_KIND_ALTERNATION})(?:_|\*)?(?:\s*[:：]\s*|\s+|$)", re.I)


def trailing_tag(text: str) -> bool:
    """The line ends with a bare kind word (`…(分值: 2) 单选题 *`)."""
    return _TAG_TRAILING.search(probe(text)) is not None


def find_kind_tag(text: str) -> tuple[Kind | None, str] | None:
    """A kind written inside a question (`(单选题)`, `【多选题】（2分）`, `[判断]`, `单选题：`, `_单选_`): the kind
    and the text without the tag; None when there is none."""
    p = probe(text)
    m = _TAG_BRACKETED.search(p)
    if m is None:
        m = _TAG_LEADING.match(p) or _TAG_TRAILING.search(p)
        if m is None:
            return None
    word = m.group("word")
    kind = kind_of_word(word)
    if kind is None and "选择" not in word:
        return None
    rest = (text[: m.start()] + text[m.end() :]).strip()
    return kind, rest


_SCORE = re.compile(
    r"^[（(【\[]\s*\d+(?:\.\d+)?\s*分\s*[）)】\]]\s*|\s*[（(【\[]\s*\d+(?:\.\d+)?\s*分\s*[）)】\]]$"
    r"|\s*[（(]\s*分值\s*[:：]\s*\d+(?:\.\d+)?\s*分?\s*[)）]"  # "(分值: 2)" where a form export puts it
)
# What stands before a stem and is no part of it: points, difficulty, the paper it came from, a label.
_STEM_NOISE = re.compile(
    r"^(?:\d+(?:\.\d+)?\s*分(?![钟数子类析配])\s*|[（(【\[]\s*(?:\d+(?:\.\d+)?\s*分|难度\s*[:：]?\s*\S{1,4}|\d{4}\s*[•·.]\s*[^）)】\]]{1,20}|分值\s*[:：]?\s*\d+"
    r"(?:\.\d+)?\s*分?)\s*[）)】\]]|[【\[]\s*题干\s*[】\]]\s*[:：]?|题干\s*[:：]|[-—–]{2,}|——)\s*"
)


def strip_score(text: str) -> str:
    """`（2分）（2023•某地模拟）——题干` -> `题干`: points, difficulty and sources are no part of the question."""
    text = _SCORE.sub("", text).strip()
    while m := _STEM_NOISE.match(text):
        if not m.group(0):
            break
        text = text[m.end() :]
    return text.strip()
