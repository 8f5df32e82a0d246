"""The arguments of /subscribe and /remind, read in any order; what was wrong, for the reply.

Times and places are read as people write them (bot/zones.py): `/subscribe 早上7点 北京 3`,
`/subscribe 7:30 am New York`. A place or time may take several words, so runs of up to three
words are tried before one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import time, tzinfo

from bot.zones import ReadError, looks_like_time, looks_like_zone, parse_clock, parse_time_zone

__all__ = ["ArgumentError", "RemindArgs", "SubscribeArgs", "parse_remind", "parse_subscribe"]

DEFAULT_TIME = time(9, 0)
MAX_COUNT = 50  # the subscriptions table's CHECK
_COUNTISH = re.compile(r"^\d{1,4}$")
_OFF = {"off", "stop", "no", "关", "关闭", "取消"}
_LONGEST = 3  # words in one place or time ("7:30 am", "New York", "Los Angeles time")


class ArgumentError(ValueError):
    """`problem`: a ReadError's (hour, hour12, minute, time, offset, zone), or bad_count, twice,
    missing_time, unread (neither a time, a zone nor a count); `arg`: the words at fault."""

    def __init__(self, problem: str, arg: str = "") -> None:
        super().__init__(f"{problem}: {arg}")
        self.problem = problem
        self.arg = arg


@dataclass(frozen=True)
class SubscribeArgs:
    at: time
    tz: tzinfo | None  # None: the learner's (or group's) zone
    count: int
    time_given: bool = field(default=True, compare=False)  # False: the default time
    count_given: bool = field(default=True, compare=False)  # False: one, or what the subscription had


@dataclass(frozen=True)
class RemindArgs:
    at: time | None  # None: switch the reminder off
    tz: tzinfo | None


def _read_run(words: Sequence[str]) -> time | tzinfo | None:
    text = " ".join(words)
    for read in (parse_clock, parse_time_zone):
        try:
            return read(text)
        except ReadError:
            continue
    return None


def _longest_run(words: Sequence[str], i: int) -> tuple[int, time | tzinfo | None]:
    """The longest run of words from ``i`` that reads as a time or a zone. A bare number stands alone (a
    count): a run neither is one (`7`) nor ends in one (`早上8点 3` is 08:00 and three questions, not
    08:03); it may start one (`7 pm`)."""
    for n in range(min(_LONGEST, len(words) - i), 0, -1):
        run = words[i : i + n]
        if _COUNTISH.match(run[-1]):
            continue
        found = _read_run(run)
        if found is not None:
            return n, found
    return 1, None


def _problem(word: str) -> ArgumentError:
    """Why one word cannot be read: the problem of what it looks like it was meant to be."""
    if looks_like_time(word):
        try:
            parse_clock(word)
        except ReadError as exc:
            return ArgumentError(exc.problem, word)
    if looks_like_zone(word):
        try:
            parse_time_zone(word)
        except ReadError as exc:
            return ArgumentError(exc.problem, word)
    return ArgumentError("unread", word)


def parse_subscribe(args: Sequence[str]) -> SubscribeArgs:
    """`[time] [zone] [N]` in any order: a time of day, a zone (place, IANA name or UTC offset), a count 1-50."""
    at: time | None = None
    tz: tzinfo | None = None
    count: int | None = None
    words = [a for a in args if a.strip()]
    i = 0
    while i < len(words):
        word = words[i]
        n, found = _longest_run(words, i)
        if found is None and _COUNTISH.match(word):
            if count is not None:
                raise ArgumentError("twice", word)
            count = int(word)
            if not 1 <= count <= MAX_COUNT:
                raise ArgumentError("bad_count", word)
            i += 1
            continue
        if found is None:
            problem = _problem(word)
            if problem.problem == "unread" and at is not None and tz is None:
                problem = ArgumentError("zone", word)  # after a time, an unknown word was meant as the place
            raise problem
        what = " ".join(words[i : i + n])
        if isinstance(found, time):
            if at is not None:
                raise ArgumentError("twice", what)
            at = found
        else:
            if tz is not None:
                raise ArgumentError("twice", what)
            tz = found
        i += n
    return SubscribeArgs(at or DEFAULT_TIME, tz, count or 1, time_given=at is not None, count_given=count is not None)


def parse_remind(args: Sequence[str]) -> RemindArgs:
    """`time [zone]`, or `off`."""
    if len(args) == 1 and args[0].lower() in _OFF:
        return RemindArgs(None, None)
    if any(_COUNTISH.match(a) for a in args):
        word = next(a for a in args if _COUNTISH.match(a))
        raise ArgumentError("time", word)
    parsed = parse_subscribe(args)
    if not parsed.time_given:
        raise ArgumentError("missing_time")
    return RemindArgs(parsed.at, parsed.tz)
