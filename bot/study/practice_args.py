"""The session words of `/quiz`: how many questions and a time limit per question (pure).

`/quiz 10`, `/quiz 10 timer 30`, `/quiz 判断 5 限时 20秒`, `/quiz 10题 计时30`, `/quiz 3 30s`: a count is
a bare number (or with 题/道/q), a time limit a number of seconds after a timer word, or a number with
a unit of seconds (s, sec, 秒). What is left goes to `parse_filter` (kinds, banks, poll).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.study.sessions import MAX_QUESTIONS

__all__ = ["MAX_SECONDS", "MIN_SECONDS", "PracticeArgs", "parse_practice"]

MIN_SECONDS, MAX_SECONDS = 5, 600  # a quiz poll's open_period allows the same range

_TIMER_WORDS = {"timer", "time", "limit", "timed", "计时", "限时", "定时", "每题", "倒计时"}
_COUNT = re.compile(r"^(\d{1,6})(?:题|道|道题|个|q|questions?)?$", re.IGNORECASE)
_SECONDS = re.compile(r"^(\d{1,6})(?:s|sec|secs|seconds?|秒|秒钟)$", re.IGNORECASE)
_NUMBER = re.compile(r"^(\d{1,6})(?:s|sec|secs|seconds?|秒|秒钟)?$", re.IGNORECASE)
# A timer word with its number glued on: timer30, 限时30秒, 计时：30
_GLUED = re.compile(r"^(" + "|".join(sorted(_TIMER_WORDS, key=len, reverse=True)) + r")[:：=]?(.+)$", re.IGNORECASE)


@dataclass
class PracticeArgs:
    count: int | None = None  # None: no count given
    seconds: int | None = None  # None: no time limit
    rest: list[str] = field(default_factory=list)
    problem: str | None = None  # 'count', 'seconds' or 'timer' (the catalogs' practice_bad_* messages)
    word: str = ""  # the word the problem is about

    @property
    def session(self) -> bool:
        """A count or a time limit was given: a session, with a summary at its end."""
        return self.count is not None or self.seconds is not None


def _seconds(args: PracticeArgs, text: str, word: str) -> None:
    found = _NUMBER.match(text)
    if found is None:
        args.problem, args.word = "timer", word
        return
    value = int(found.group(1))
    if not MIN_SECONDS <= value <= MAX_SECONDS:
        args.problem, args.word = "seconds", word
        return
    args.seconds = value


def parse_practice(words: Sequence[str]) -> PracticeArgs:
    """Take the count and the time limit out of `words`; the first problem found is reported."""
    args = PracticeArgs()
    items = [w.strip() for w in words if w.strip()]
    i = 0
    while i < len(items) and args.problem is None:
        word = items[i]
        low = word.casefold()
        glued = _GLUED.match(word)
        if low in _TIMER_WORDS:
            if i + 1 >= len(items):
                args.problem, args.word = "timer", word
                break
            _seconds(args, items[i + 1], f"{word} {items[i + 1]}")
            i += 2
            continue
        if glued is not None and glued.group(1).casefold() in _TIMER_WORDS:
            _seconds(args, glued.group(2).strip(), word)
        elif _SECONDS.match(word):
            _seconds(args, word, word)
        elif (count := _COUNT.match(word)) is not None:
            value = int(count.group(1))
            if not 1 <= value <= MAX_QUESTIONS:
                args.problem, args.word = "count", word
            else:
                args.count = value
        else:
            args.rest.append(word)
        i += 1
    return args
