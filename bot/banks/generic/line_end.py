"""Keys written at the end of a question's own line, as a teacher's copy or a blog's list prints them:

    1.按照…可以把法律划分为()。 c          an option's letter after the stem, past its blank and a gap
    4.法律()是划分部门法的首要标准。a      (or right after its closing punctuation)
    7. A whale is a fish. : False           a judgement after a separator closing the statement's last line
    12. 汽車駕駛人… :                       the separator with nothing after it: the statement has no key

Read only where most of a document's questions are keyed so (`keyed_at_end`), since one stem may well end in a
letter of its own; the key must then fit its question (a letter among its options, a judgement for a statement)
or the question is left out, never keyed by a guess (`bot.banks.questions.build`).
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import read_true_false

__all__ = ["EMPTY", "choice_at_end", "keyed_at_end", "verdict_at_end"]

_GAP = r"[ \t\u3000]"
# a letter alone closing the line: after closing punctuation or a blank's brackets (spaces or none), or a gap
_CHOICE = re.compile(rf"(?:(?<=[)）。？?．:：」”])|(?<=[.]){_GAP}|{_GAP}{{2}}){_GAP}*(?P<k>[A-Ha-h]){_GAP}*$")
# a separator closing the line, a judgement (or nothing) after it; or a judgement past a gap
_VERDICT = re.compile(
    rf"(?:{_GAP}+[:：|｜]{_GAP}*(?P<sep>[^\s:：|｜]{{1,8}})?|{_GAP}{{2,}}(?P<gap>[^\s:：|｜]{{1,8}})){_GAP}*$"
)
# 是非題 judge 是 or 非: 非 is no word for false on its own (`非法`), so it is read as one only here
_NOT = {"非": False, "否": False}

EMPTY = ""  # the verdict of a separator with nothing after it: the statement's key was left blank


def choice_at_end(text: str) -> tuple[str, str] | None:
    """The stem's line without the letter closing it, and the letter (upper case); None without one."""
    m = _CHOICE.search(text)
    if m is None or m.start() == 0:
        return None
    return text[: m.start()].rstrip(), m.group("k").upper()


def verdict_at_end(text: str) -> tuple[str, str] | None:
    """The statement's line without the judgement closing it, and the judgement as 对 or 错 (`EMPTY` after a
    separator with nothing after it); None when the line ends in no judgement."""
    m = _VERDICT.search(text)
    if m is None or m.start() == 0:
        return None
    word = m.group("sep") or m.group("gap")
    if word is None:
        return text[: m.start()].rstrip(), EMPTY
    value = _NOT.get(word, read_true_false(word))
    if value is None:
        return None
    return text[: m.start()].rstrip(), "对" if value else "错"


_MOST = 0.6  # of the questions that have no other key, those a document keys at their lines' ends


def keyed_at_end(found: int, unkeyed: int) -> bool:
    """Whether a document keys its questions at their lines' ends: most of those given no key otherwise end so
    (and at least two: one stem ending in a letter is only a stem)."""
    return found >= 2 and found >= _MOST * unkeyed
