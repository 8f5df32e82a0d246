"""How documents number their questions: `1、`, `（1）`, `第1题`, `Q1`, `K07`, a kind tag or a stem label
where there are no numbers. One `Numbering` each in `NUMBERINGS`, tried in that order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.banks.conventions.chars import CIRCLED_NUMBERS, NUMBER, cn_number
from bot.banks.conventions.kinds import KIND_TAG_WORDS

__all__ = ["NUMBERINGS", "Numbering", "numbering", "numberings_for"]

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
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _numbering(name: str, label: str, regex: str, starts: str = "", **kw: bool) -> Numbering:
    return Numbering(name, label, re.compile(regex), starts=starts, **kw)


NUMBERINGS: list[Numbering] = [
    _numbering(
        "example",
        "例题1",
        rf"^[【\[]?\s*(?:例题|习题|练习题|试题|题目|题干)\s*(?P<n>{NUMBER[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*",
        strong=True,
        starts="【[例习练试题",
    ),
    _numbering(
        "di",
        "第1题",
        rf"^[【\[]?\s*第\s*(?P<n>{NUMBER[1:-1]})\s*[题題]\s*[】\]]?(?:\s*[.．、:：]\s*|\s*)",
        strong=True,
        starts="【[第",
    ),
    _numbering(
        "case",
        "案例1",
        rf"^[【\[]?\s*(?:案例|病例|病案)(?:分析)?\s*(?P<n>{NUMBER[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*",
        strong=True,
        starts="【[案病",  # 病例一: a medical paper's case
    ),
    # "材料1" alone on its line over a case's material, its 问题 and 参考答案 (材料分析题)
    _numbering(
        "material",
        "材料1",
        rf"^[【\[]?\s*材料\s*(?P<n>{NUMBER[1:-1]})\s*[】\]]?\s*[.．、:：]?\s*$",
        strong=True,
        stem_follows=True,
        starts="【[材",
    ),
    _numbering("bracket", "【1】", r"^[【\[]\s*(?P<n>\d{1,4})\s*[】\]]\s*[.．、:：]?\s*", strong=True, starts="【["),
    _numbering(
        "q",
        "Q1",
        r"^(?:Q[.]?\s?|q\s?|Qn[.]\s?|Ques[.]\s?|Question\s*|QUESTION\s*|Problem\s*|PROBLEM\s*|Frage\s*|Pregunta\s*|問題\s*)(?P<n>\d{1,4})(?:\s+(?:of|/)\s*\d{1,4})?\s*(?:[.．、:：)）]\s*|\s+|$|(?=[（(【\[]))",
        strong=True,
        starts="QqPF問",  # 問題1: a Japanese paper's question; "Problem 3", "Frage 3", "Pregunta 3"; "Q.1", "Qn. 2"
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
    _numbering("circled", "①", r"^(?P<n>[①-⑳㉑-㉟㊱-㊿])\s*[.．、:：]?\s*(?=\S)", starts=CIRCLED_NUMBERS),
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
        rf"^(?=[（(【\[]\s*(?:{KIND_TAG_WORDS})[^）)】\]]{{0,12}}[）)】\]])",
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
