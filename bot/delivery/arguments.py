"""The arguments of /subscribe and /remind, read in any order; what was wrong, for the reply."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import time, tzinfo

from bot.delivery.schedule import parse_local_time
from bot.zones import TimeZoneError, parse_time_zone

__all__ = ["ArgumentError", "RemindArgs", "SubscribeArgs", "parse_remind", "parse_subscribe"]

DEFAULT_TIME = time(9, 0)
MAX_COUNT = 50  # the subscriptions table's CHECK
_TIMEISH = re.compile(r"^\d{1,2}[:：.]\d{1,2}$")
_COUNTISH = re.compile(r"^\d{1,4}$")
_OFF = {"off", "stop", "no", "关", "关闭", "取消"}


class ArgumentError(ValueError):
    """`problem`: bad_time, bad_zone, bad_count, twice, missing_time; `arg`: the word at fault."""

    def __init__(self, problem: str, arg: str = "") -> None:
        super().__init__(f"{problem}: {arg}")
        self.problem = problem
        self.arg = arg


@dataclass(frozen=True)
class SubscribeArgs:
    at: time
    tz: tzinfo | None  # None: the learner's (or group's) zone
    count: int


@dataclass(frozen=True)
class RemindArgs:
    at: time | None  # None: switch the reminder off
    tz: tzinfo | None


def parse_subscribe(args: Sequence[str]) -> SubscribeArgs:
    """`[HH:MM] [TZ] [N]` in any order: a time, a zone (IANA name or UTC offset), a count 1-50."""
    at: time | None = None
    tz: tzinfo | None = None
    count: int | None = None
    for arg in args:
        if _TIMEISH.match(arg):
            if at is not None:
                raise ArgumentError("twice", arg)
            try:
                at = parse_local_time(arg)
            except ValueError:
                raise ArgumentError("bad_time", arg) from None
        elif _COUNTISH.match(arg):
            if count is not None:
                raise ArgumentError("twice", arg)
            count = int(arg)
            if not 1 <= count <= MAX_COUNT:
                raise ArgumentError("bad_count", arg)
        else:
            if tz is not None:
                raise ArgumentError("twice", arg)
            try:
                tz = parse_time_zone(arg)
            except TimeZoneError:
                raise ArgumentError("bad_zone", arg) from None
    return SubscribeArgs(at or DEFAULT_TIME, tz, count or 1)


def parse_remind(args: Sequence[str]) -> RemindArgs:
    """`HH:MM [TZ]`, or `off`."""
    if len(args) == 1 and args[0].lower() in _OFF:
        return RemindArgs(None, None)
    parsed = parse_subscribe(args)
    if not any(_TIMEISH.match(a) for a in args):
        raise ArgumentError("missing_time")
    if any(_COUNTISH.match(a) for a in args):
        raise ArgumentError("bad_time", next(a for a in args if _COUNTISH.match(a)))
    return RemindArgs(parsed.at, parsed.tz)
