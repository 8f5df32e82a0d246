"""How many messages the group quiz may post in one group: its own budget, kept well inside Telegram's.

Telegram allows a bot 20 messages a minute in one group. The bot's rate limiter (`pacing.OutgoingBudget`)
makes the bot wait rather than break that rule, but a waiting queue in a busy group means late
results and stale counts. So the group quiz decides first what is worth a message:

- every request it makes to a group (question, result, notice, board, edit) goes into a ledger of the
  last 60 seconds;
- results are never refused (a question that closes must be revealed);
- everything else needs the ledger below ``optional_cap`` (15 of 20): since at most ``asks_per_minute``
  + 1 results can land in one minute, the ledger never passes 20 whatever members do;
- questions: at most ``asks_per_minute`` per group; notices (reminders, refusals) and leaderboards
  have small windows of their own, so spamming one of them cannot starve the others;
- live-count edits wait ``edit_seconds`` between two edits of one message and stop while the ledger
  is over ``edit_cap``, leaving room for the result.

Pure bookkeeping on an injected monotonic clock; nothing here talks to Telegram.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

__all__ = ["GroupBudget", "GroupTuning", "Kind", "Window"]

Kind = Literal["question", "result", "notice", "board", "retire", "edit", "other"]


@dataclass
class GroupTuning:
    """The group quiz's pacing; tests shorten the timings."""

    asks_per_minute: int = 4  # questions posted per group per minute
    notices_per_minute: int = 2  # "a question is still open", refusals, bad arguments
    boards_per_minute: int = 2  # /top answers
    others_per_minute: int = 6  # commands of other features (/help, /stats...) answered in a group
    optional_cap: int = 15  # the ledger level under which anything but a result may be sent
    edit_cap: int = 10  # the ledger level under which a live-count edit may be made
    edit_seconds: float = 5.0  # between two live-count edits of one question
    tick_seconds: float = 1.0  # how often the closer looks for questions whose time is up
    admin_cache_seconds: float = 60.0  # how long a getChatMember answer is trusted


class Window:
    """Events in the last ``period`` seconds (an exact log; the lists stay short: at most a few dozen)."""

    __slots__ = ("_times", "period")

    def __init__(self, period: float = 60.0) -> None:
        self.period = period
        self._times: deque[float] = deque()

    def count(self, now: float) -> int:
        while self._times and self._times[0] <= now - self.period:
            self._times.popleft()
        return len(self._times)

    def add(self, now: float) -> None:
        self._times.append(now)

    def wait(self, now: float, limit: int) -> float:
        """Seconds until the window holds fewer than ``limit`` events (0 when it does now)."""
        if self.count(now) < limit:
            return 0.0
        return self._times[len(self._times) - limit] + self.period - now


class _Chat:
    __slots__ = ("asks", "boards", "ledger", "notices", "others")

    def __init__(self) -> None:
        self.ledger = Window()
        self.asks = Window()
        self.notices = Window()
        self.boards = Window()
        self.others = Window()


class GroupBudget:
    """Per-group decisions: may this message be sent now? ``allow`` answers and, when yes, records it."""

    def __init__(self, tuning: GroupTuning | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.tuning = tuning or GroupTuning()
        self.clock = clock
        self._chats: dict[int, _Chat] = {}

    def _chat(self, chat_id: int) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            if len(self._chats) > 4096:  # bounded memory in a bot in many groups: forget quiet ones
                now = self.clock()
                for key in [k for k, c in self._chats.items() if c.ledger.count(now) == 0]:
                    del self._chats[key]
            chat = self._chats[chat_id] = _Chat()
        return chat

    def level(self, chat_id: int) -> int:
        """Requests the group quiz made to this group in the last minute."""
        return self._chat(chat_id).ledger.count(self.clock())

    def _own_window(self, chat: _Chat, kind: Kind) -> tuple[Window, int] | None:
        t = self.tuning
        return {
            "question": (chat.asks, t.asks_per_minute),
            "notice": (chat.notices, t.notices_per_minute),
            "board": (chat.boards, t.boards_per_minute),
            "other": (chat.others, t.others_per_minute),
        }.get(kind)

    def allow(self, chat_id: int, kind: Kind) -> bool:
        """True (and counted) when a ``kind`` message to this group fits now; False: do not send it."""
        chat, now, t = self._chat(chat_id), self.clock(), self.tuning
        level = chat.ledger.count(now)
        if kind != "result":
            cap = t.edit_cap if kind == "edit" else t.optional_cap
            if level >= cap:
                return False
            own = self._own_window(chat, kind)
            if own is not None and own[0].count(now) >= own[1]:
                return False
            if own is not None:
                own[0].add(now)
        chat.ledger.add(now)
        return True

    def asks_wait(self, chat_id: int) -> float:
        """Seconds until one more question may be posted in this group (by its questions-per-minute)."""
        return self._chat(chat_id).asks.wait(self.clock(), self.tuning.asks_per_minute)

    def edit_delay(self, last_edit: float) -> float:
        """Seconds until the next live-count edit of a message last edited (or sent) at ``last_edit``."""
        return max(0.0, last_edit + self.tuning.edit_seconds - self.clock())
