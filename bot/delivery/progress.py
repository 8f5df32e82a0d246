"""Counting a broadcast as it goes: a log line every few seconds and one summary line at the end."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Progress"]

log = logging.getLogger("bot.delivery")


@dataclass
class Progress:
    """Counters of one batch (the pushes due at one tick, or one announcement)."""

    label: str
    total: int  # known at the start (due rows, or recipients); 'remaining' counts down from it
    clock: Callable[[], float]  # monotonic seconds
    every: float = 5.0  # seconds between progress lines
    started: float = 0.0
    sent: int = 0
    failed: int = 0
    uncertain: int = 0
    skipped: int = 0
    gone: int = 0  # chats found blocked/deactivated/missing: their subscriptions switched off
    retries: int = 0
    _last_log: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        self.started = self._last_log = self.clock()

    @property
    def done(self) -> int:
        return self.sent + self.failed + self.uncertain + self.skipped

    @property
    def remaining(self) -> int:
        return max(0, self.total - self.done)

    @property
    def elapsed(self) -> float:
        return max(1e-9, self.clock() - self.started)

    @property
    def rate(self) -> float:
        """Sends per second so far (sent and failed alike: both used a request)."""
        return (self.sent + self.failed + self.uncertain) / self.elapsed

    def count(self, status: str, *, gone: bool = False) -> None:
        setattr(self, status, getattr(self, status) + 1)
        if gone:
            self.gone += 1
        now = self.clock()
        if now - self._last_log >= self.every:
            self._last_log = now
            log.info(
                "%s: sent %d, failed %d, remaining %d, %.1f/s",
                self.label,
                self.sent,
                self.failed + self.uncertain,
                self.remaining,
                self.rate,
            )

    def summary(self) -> str:
        return (
            f"{self.label} done: sent {self.sent}, failed {self.failed}, uncertain {self.uncertain}, "
            f"skipped {self.skipped}, chats gone {self.gone}, retries {self.retries} "
            f"in {self.elapsed:.1f} s ({self.rate:.1f}/s)"
        )
