"""Helpers for engine tests (a module of its own so test files can import them by name)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.study.engine import StudyEngine

__all__ = ["Clock", "EngineFactory"]


class Clock:
    """A settable clock: engine code only ever sees `clock()`."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


EngineFactory = Callable[..., Awaitable[StudyEngine]]
