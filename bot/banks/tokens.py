"""A line-oriented tokenizer: each line of a document becomes one token, told apart by small recognisers.

Recognisers look at a "probe" copy of the line in which the few traditional characters of the
markers (題, 選, 確 …) are mapped one-to-one onto simplified ones, so one pattern serves both
scripts and offsets into the probe are offsets into the line. Tokens say what a line *could* be;
the parser decides from context what it *is* (an "A." line inside an explanation is just text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from bot.banks.model import Kind

__all__ = ["Tok", "Token", "parse_choice_letters", "parse_true_false", "split_options", "tokenize"]


class Tok(Enum):
    BLANK = "blank"
    FURNITURE = "furniture"  # page headers and footers
    SECTION = "section"  # 一、单选题（共15题）
    QNUM = "qnum"  # 1. / 1、 / （1） / 第1题 / 案例1.
    OPTIONS = "options"  # A. … (one or several on the line)
    KEY = "key"  # 答案：A / 【答案】 / 参考答案：
    EXPLANATION = "explanation"  # 解析：…
    ANSWERS = "answers"  # 答案与解析 / 参考答案及解析: opens an answer part collected at the end
    TF_SLOTS = "tf_slots"  # 正确（ ）不正确（ ）
    ASK = "ask"  # 问题：… (the question of a case)
    TAGS = "tags"  # 标签：… (written by export for hand-added tags)
    ALTERNATES = "alternates"  # 备选答案：…
    TEXT = "text"


@dataclass(slots=True)
class Token:
    kind: Tok
    line: int  # 1-based line number in the document
    raw: str  # the line as cleaned (Markdown marks removed), for use as plain text
    text: str = ""  # the content after the marker
    number: int = 0  # QNUM
    style: str = ""  # QNUM numbering style: dot, paren, di, case
    section_kind: Kind | None = None
    declared: int | None = None
    options: list[tuple[str, str]] = field(default_factory=list)
    mark: bool | None = None  # TF_SLOTS: which slot is ticked, if any


# Traditional forms of marker characters -> simplified (one to one, so offsets survive).
_PROBE = str.maketrans("單選項擇題斷問論簡綜確誤對錯參頁與標籤備講詳", "单选项择题断问论简综确误对错参页与标签备讲详")

_CN_DIGITS = "一二三四五六七八九十"
_SECTION_WORDS: list[tuple[str, Kind | None]] = [
    ("不定项选择题", Kind.multiple),
    ("多项选择题", Kind.multiple),
    ("单项选择题", Kind.single),
    ("多选题", Kind.multiple),
    ("单选题", Kind.single),
    ("选择题", None),  # single or multiple: decided per question by its key
    ("填空题", Kind.fill),
    ("判断题", Kind.true_false),
    ("是非题", Kind.true_false),
    ("案例分析题", Kind.case),
    ("案例题", Kind.case),
    ("分析题", Kind.case),
    ("简答题", Kind.case),
    ("问答题", Kind.case),
    ("论述题", Kind.case),
    ("综合题", Kind.case),
]
_SECTION = re.compile(
    rf"^(?:[{_CN_DIGITS}]+\s*[、.．]|第[{_CN_DIGITS}\d]+\s*(?:部分|大题)\s*[、.．:：]?|Part\s*\d+\s*[.:]?)?\s*"
    rf"(?P<word>{'|'.join(w for w, _ in _SECTION_WORDS)})\s*(?P<rest>(?:[（(\[【].*)?[:：]?)$"
)
_DECLARED = re.compile(r"共\s*(\d+)\s*(?:小|道)?题")

_QNUM_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("case", re.compile(r"^案例\s*(\d+)\s*[.．、:：]?\s*")),
    ("di", re.compile(r"^第\s*(\d+)\s*题\s*[.．、:：]?\s*")),
    ("paren", re.compile(r"^[（(]\s*(\d+)\s*[)）]\s*")),
    ("dot", re.compile(r"^(\d+)\s*[.．、)）](?!\d)\s*")),
]

_OPTION_HEAD = re.compile(r"^(?:[(（]([A-H])[)）]|([A-H])\s*[.．、:：)）])\s*")
_KEY = re.compile(
    r"^(?:【\s*(?:参考答案|正确答案|标准答案|答案)\s*】|(?:参考答案|正确答案|标准答案|答案)\s*(?:[:：]|$))\s*"
)
_EXPLANATION = re.compile(r"^(?:【\s*(?:答案解析|解析|详解|讲解)\s*】|(?:答案解析|解析|详解|讲解)\s*[:：])\s*")
_ANSWERS = re.compile(r"^【?\s*(?:参考)?答案\s*[与及和]\s*(?:解析|详解|讲解)\s*】?\s*[:：]?$")
_ASK = re.compile(r"^(?:【\s*问题\s*】|问题\s*\d*\s*[:：])")
_TAGS = re.compile(r"^标签\s*[:：]\s*")
_ALTERNATES = re.compile(r"^备选答案\s*[:：]\s*")
_FURNITURE = re.compile(
    r"^(?:第\s*\d+\s*页(?:\s*[,，/／]?\s*共\s*\d+\s*页)?|共\s*\d+\s*页\s*第\s*\d+\s*页"
    r"|[-—–]\s*\d+\s*[-—–]|page\s*\d+(?:\s*(?:of|/)\s*\d+)?|\d+\s*/\s*\d+)$",
    re.IGNORECASE,
)
_TRUE_WORDS = ("正确", "对", "是", "√", "✓", "✔", "T", "TRUE", "Y")
_FALSE_WORDS = ("不正确", "错误", "错", "否", "×", "✗", "✘", "X", "F", "FALSE", "N")
_TICKS = "√✓✔"
_CROSSES = "×✗✘xX"
_TF_SLOTS = re.compile(
    r"^(正确|对|是|√|T)\s*[（(]\s*(\S?)\s*[)）]\s*[/／、,，]?\s*(不正确|错误|错|否|×|F)\s*[（(]\s*(\S?)\s*[)）]$"
)
_MD_HEADER = re.compile(r"^#{1,6}\s+")
_MD_BOLD = re.compile(r"\*\*(.+?)\*\*")
_MD_BULLET = re.compile(r"^[-*+]\s+")


def parse_true_false(text: str) -> bool | None:
    """正确/错误/对/错/√/×/T/F (and a few more) -> bool; None when the text is no such key."""
    word = text.strip().rstrip("。.").strip().translate(_PROBE).upper()
    if word in _FALSE_WORDS:  # checked first: 不正确 contains 正确
        return False
    if word in _TRUE_WORDS:
        return True
    return None


def parse_choice_letters(text: str) -> str | None:
    """'ABD', 'A,B,D', 'A、B 和 D' -> 'ABD' (sorted, unique); None when it holds anything else."""
    letters = re.sub(r"[\s,，、;；/和及.。]+", "", text)
    if not letters or not re.fullmatch(r"[A-Ha-h]+", letters):
        return None
    return "".join(sorted(set(letters.upper())))


def split_options(line: str) -> list[tuple[str, str]]:
    """'A. x  B. y' -> [('A','x'), ('B','y')]; the letters must follow on in order after whitespace."""
    m = _OPTION_HEAD.match(line)
    if not m:
        return []
    letter = m.group(1) or m.group(2)
    out: list[tuple[str, str]] = []
    rest = line[m.end() :]
    while True:
        nxt = chr(ord(letter) + 1)
        found = re.search(rf"\s+(?:[(（]{nxt}[)）]|{nxt}\s*[.．、:：)）])\s*", rest)
        if not found:
            out.append((letter, rest.strip()))
            return out
        out.append((letter, rest[: found.start()].strip()))
        letter, rest = nxt, rest[found.end() :]


def _slot_mark(yes: str, no: str) -> bool | None:
    """正确（√）不正确（ ） -> True; a cross in the other slot means the same; empty slots -> None."""
    if (yes and yes in _TICKS) or (no and no in _CROSSES):
        return True
    if (no and no in _TICKS) or (yes and yes in _CROSSES):
        return False
    return None


def _clean(line: str) -> str:
    """Markdown marks off: headers, bold; list bullets before a marker the parser knows."""
    line = _MD_HEADER.sub("", line.strip())
    line = _MD_BOLD.sub(r"\1", line)
    bullet = _MD_BULLET.match(line)
    if bullet:
        inner = line[bullet.end() :]
        probe = inner.translate(_PROBE)
        if _OPTION_HEAD.match(probe) or _KEY.match(probe) or _EXPLANATION.match(probe):
            return inner
    return line


def _token(line: str, number: int) -> Token:
    raw = _clean(line)
    probe = raw.translate(_PROBE)
    if not raw:
        return Token(Tok.BLANK, number, raw)
    if _FURNITURE.match(probe):
        return Token(Tok.FURNITURE, number, raw)
    if m := _SECTION.match(probe):
        kind = dict(_SECTION_WORDS)[m.group("word")]
        declared = _DECLARED.search(m.group("rest"))
        return Token(
            Tok.SECTION,
            number,
            raw,
            text=raw.rstrip(":："),
            section_kind=kind,
            declared=int(declared.group(1)) if declared else None,
        )
    if _ANSWERS.match(probe):
        return Token(Tok.ANSWERS, number, raw)
    if m := _TF_SLOTS.match(probe):
        return Token(Tok.TF_SLOTS, number, raw, mark=_slot_mark(m.group(2), m.group(4)))
    for kind, pattern in (
        (Tok.KEY, _KEY),
        (Tok.EXPLANATION, _EXPLANATION),
        (Tok.TAGS, _TAGS),
        (Tok.ALTERNATES, _ALTERNATES),
    ):
        if m := pattern.match(probe):
            return Token(kind, number, raw, text=raw[m.end() :].strip())
    if _ASK.match(probe):
        return Token(Tok.ASK, number, raw, text=raw)
    for style, pattern in _QNUM_PATTERNS:
        if m := pattern.match(probe):
            return Token(Tok.QNUM, number, raw, text=raw[m.end() :].strip(), number=int(m.group(1)), style=style)
    if options := split_options(raw):
        return Token(Tok.OPTIONS, number, raw, options=options)
    return Token(Tok.TEXT, number, raw, text=raw)


def tokenize(lines: list[str]) -> list[Token]:
    return [_token(line, i) for i, line in enumerate(lines, start=1)]
