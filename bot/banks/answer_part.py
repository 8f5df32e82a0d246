"""An answer part collected at the end of a document, matched to the questions it keys.

    一、单选题 … 二、判断题 …            (the questions)
    参考答案 / 答案与解析
    一、单选题  1.A 2.C                  (a repeated header: keys of that section)
    二、判断题  3.对
    解析：  1. …                          (optional numbered explanations)

A group under a repeated header keys the question section with the same name (its title without
counts), or failing that the first not yet keyed section of the same kind. Keys without a header
go by number and order: each key goes to the first section, from the one the previous key went to,
holding a question of that number; a number that does not rise (numbering restarting at 1 in each
section) moves on to the next section. Every key that finds no question or does not fit its
question's kind is a warning naming its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.banks.model import CHOICE_KINDS, Kind
from bot.banks.parser import AnswerEntry, AnswerGroup, Piece, RawQuestion, RawSection
from bot.banks.tokens import parse_choice_letters, parse_true_false

__all__ = ["merge_answer_part"]

Warn = Callable[[int, str, str], None]
_COUNTS = re.compile(r"[（(【\[].*$")
_ORDINAL = re.compile(r"^[一二三四五六七八九十]+\s*[、.．]\s*|^第.+?(?:部分|大题)\s*[、.．:：]?\s*")
_KIND_NAME = {
    Kind.single: ("单选题", "single-choice"),
    Kind.multiple: ("多选题", "multiple-choice"),
    Kind.true_false: ("判断题", "true/false"),
    Kind.fill: ("填空题", "fill-in"),
    Kind.case: ("案例题", "case"),
}


def _name(title: str) -> str:
    return re.sub(r"\s+", "", _COUNTS.sub("", title))


def _find_section(group: AnswerGroup, sections: list[RawSection], used: set[int]) -> int | None:
    assert group.header is not None
    name = _name(group.header)
    bare = _ORDINAL.sub("", name)
    tests: list[Callable[[RawSection], bool]] = [
        lambda s: _name(s.title or "") == name,
        lambda s: _ORDINAL.sub("", _name(s.title or "")) == bare,
        lambda s: group.kind is not None and s.kind is group.kind,
    ]
    for test in tests:
        for only_unused in (True, False):
            for i, sec in enumerate(sections):
                if test(sec) and not (only_unused and i in used):
                    return i
    return None


def _fits(q: RawQuestion, key: str) -> bool:
    kind = q.section.kind
    if kind in CHOICE_KINDS or (kind is None and q.options):
        return parse_choice_letters(key) is not None
    if kind is Kind.true_false:
        return parse_true_false(key) is not None
    return bool(key.strip())


def _kind_name(q: RawQuestion) -> tuple[str, str]:
    kind = q.section.kind
    if kind is None:
        return ("选择题", "choice") if q.options else ("题目", "question")
    return _KIND_NAME[kind]


class _Matcher:
    def __init__(self, sections: list[RawSection], warn: Warn) -> None:
        self.sections = [s for s in sections if s.questions]
        self.warn = warn
        self.used: set[int] = set()
        self.cursor = 0

    def find(
        self, entries: list[AnswerEntry], fixed: int | None, *, explaining: bool = False
    ) -> list[tuple[AnswerEntry, RawQuestion | None]]:
        out: list[tuple[AnswerEntry, RawQuestion | None]] = []
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
            found = None
            for i in candidates:
                q = next((q for q in self.sections[i].questions if q.number == entry.number), None)
                if q is not None:
                    found = q
                    if fixed is None:
                        self.cursor = i
                    break
            out.append((entry, found))
        return out

    def run(self, groups: list[AnswerGroup]) -> None:
        for group in groups:
            fixed = None
            if group.header is not None:
                fixed = _find_section(group, self.sections, self.used)
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

    def keys(self, pairs: list[tuple[AnswerEntry, RawQuestion | None]]) -> None:
        for entry, q in pairs:
            n = entry.number
            if q is None:
                self.warn(
                    entry.line,
                    f"文末答案给出第 {n} 题的答案，但文中没有第 {n} 题，已忽略",
                    f"the answer section gives a key for question {n}, which the document does not have; ignored",
                )
            elif q.key or q.answer:
                self.warn(
                    entry.line,
                    f"第 {n} 题在题后和文末答案中都有答案，采用题后的",
                    f"question {n} has a key after it and in the answer section; the first is used",
                )
            elif not _fits(q, entry.key) and not (q.is_case and entry.more):
                zh, en = _kind_name(q)
                self.warn(
                    entry.line,
                    f"第 {n} 题是{zh}，文末答案“{entry.key}”与之不符，已忽略",
                    f"the key '{entry.key}' in the answer section does not fit {en} question {n}; ignored",
                )
            elif q.is_case:
                q.answer = [Piece(entry.key, entry.line, False), *entry.more] if entry.key else list(entry.more)
            else:
                q.key = [Piece(entry.key, entry.line, False)]
                if entry.more and not q.explanation:
                    q.explanation = list(entry.more)

    def explanations(self, pairs: list[tuple[AnswerEntry, RawQuestion | None]]) -> None:
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


def merge_answer_part(groups: list[AnswerGroup], sections: list[RawSection], warn: Warn) -> None:
    """Give each question its key and explanation from the answer part (warnings for what does not fit)."""
    _Matcher(sections, warn).run(groups)
