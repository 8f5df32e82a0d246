"""A group's message plan: what the bot may send to one group now, and how long anything else must wait.

Telegram allows a bot about 20 messages a minute in one group, edits of its messages included; the bot's
rate limiter (`pacing.OutgoingBudget`) makes a request wait rather than break that rule, but it only finds
out when the request is already made. Here every group message is planned before it is made:

- a ledger of the last minute (and a second, for the way to Telegram) holds every request to the
  group: the turns granted, and every other message or edit the rate limiter saw go out (`note`), so
  the plan is the truth;
- each message has a kind, and the kinds have an order when several wait at once (`PRIORITY`):
  results first, then notices, questions, the answers to members' commands, taking a closed question's
  buttons off, and the live count last;
- a kind may go while the ledger is below its cap: results and notices up to ``per_minute`` (20),
  everything else ``reserve`` below that, so a result or a notice finds room at once even when commands
  fill the minute; the live count only below ``edit_cap``, leaving the rest to what must be said;
- questions have a window of their own too (``asks_per_minute``): `/quiz` and "next" pressed in a loop
  cannot turn a group into a stream of questions.

Nothing is refused: whatever does not fit now waits for its turn (bot/telegram/group_turns.py). Pure
bookkeeping on an injected monotonic clock; nothing here talks to Telegram.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

__all__ = ["PRIORITY", "GroupBudget", "GroupTuning", "Kind", "Window"]

Kind = Literal["result", "notice", "question", "push", "command", "retire", "edit"]

# When several wait for the same group, the lowest number goes first.
PRIORITY: dict[Kind, int] = {
    "result": 0,  # a question's result, a run's board: a question that closes must be revealed
    "notice": 1,  # a reminder or a hello not asked for by a command ("reply to the question you mean")
    "question": 2,  # the next question of a run
    "push": 2,  # the day's question
    "command": 3,  # the answer to a member's command
    "retire": 4,  # a closed question's buttons taken off (its poll stopped)
    "edit": 5,  # the live count under an open question
}


@dataclass
class GroupTuning:
    """The group plan's numbers; tests shorten the timings."""

    per_minute: int = 20  # Telegram's messages a minute in one group (edits count there too)
    reserve: int = 2  # of those, kept for results and notices
    asks_per_minute: int = 4  # questions posted per group per minute
    edit_cap: int = 10  # the ledger level under which a live-count edit may be made
    edit_seconds: float = 5.0  # between two live-count edits of one question
    queue_most: int = 40  # commands waiting in one group before a member's newer one replaces their oldest
    tick_seconds: float = 1.0  # how often the closer looks for questions whose time is up
    admin_cache_seconds: float = 60.0  # how long a getChatMember answer is trusted


class Window:
    """Events in the last ``period`` seconds (an exact log; the lists stay short: a few dozen at most)."""

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

    def remove(self, at: float) -> None:
        """Forget one event (a turn granted and not used); no error when it has left the window already."""
        with contextlib.suppress(ValueError):
            self._times.remove(at)

    def wait(self, now: float, limit: int) -> float:
        """Seconds until the window holds fewer than ``limit`` events (0 when it does now)."""
        if self.count(now) < limit:
            return 0.0
        if limit <= 0:
            return self.period
        return self._times[len(self._times) - limit] + self.period - now


# Telegram counts a request when it arrives, a little after the plan stamped it: a minute and a second here.
LEDGER_SECONDS = 61.0


class _Chat:
    __slots__ = ("asks", "ledger")

    def __init__(self) -> None:
        self.ledger = Window(LEDGER_SECONDS)
        self.asks = Window()


class GroupBudget:
    """Per-group bookkeeping: how long until a ``kind`` message fits, and what was sent."""

    def __init__(self, tuning: GroupTuning | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.tuning = tuning or GroupTuning()
        self.clock = clock
        self._chats: dict[int, _Chat] = {}

    def _chat(self, chat_id: int) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            if len(self._chats) > 4096:  # bounded memory in a bot in many groups: forget quiet ones
                now = self.clock()
                for key in [k for k, c in self._chats.items() if c.ledger.count(now) == 0 and c.asks.count(now) == 0]:
                    del self._chats[key]
            chat = self._chats[chat_id] = _Chat()
        return chat

    def level(self, chat_id: int) -> int:
        """Requests made (or granted) to this group in the last minute."""
        return self._chat(chat_id).ledger.count(self.clock())

    def cap(self, kind: Kind) -> int:
        """The ledger level under which a ``kind`` message may go."""
        t = self.tuning
        if kind in ("result", "notice"):
            return t.per_minute
        if kind == "edit":
            return min(t.edit_cap, t.per_minute - t.reserve)
        return t.per_minute - t.reserve

    def wait(self, chat_id: int, kind: Kind) -> float:
        """Seconds until a ``kind`` message fits in this group (0: now)."""
        chat, now = self._chat(chat_id), self.clock()
        wait = chat.ledger.wait(now, self.cap(kind))
        if kind == "question":
            wait = max(wait, chat.asks.wait(now, self.tuning.asks_per_minute))
        return wait

    def take(self, chat_id: int) -> float:
        """A turn granted: one request counted from now; returns its time (to give it back if unused)."""
        now = self.clock()
        self._chat(chat_id).ledger.add(now)
        return now

    def give_back(self, chat_id: int, at: float) -> None:
        self._chat(chat_id).ledger.remove(at)

    def restamp(self, chat_id: int, at: float) -> float:
        """The request granted at ``at`` goes out now: counted from now (its minute ends later)."""
        chat = self._chat(chat_id)
        chat.ledger.remove(at)
        now = self.clock()
        chat.ledger.add(now)
        return now

    def note(self, chat_id: int) -> None:
        """A request to the group that no turn was granted for (a second message, a long text's second part,
        a path outside the plan): counted all the same."""
        self._chat(chat_id).ledger.add(self.clock())

    def asked(self, chat_id: int) -> None:
        """A question was posted: counted against the group's questions a minute."""
        self._chat(chat_id).asks.add(self.clock())

    def asks_wait(self, chat_id: int) -> float:
        """Seconds until one more question may be posted in this group (by its questions a minute)."""
        return self._chat(chat_id).asks.wait(self.clock(), self.tuning.asks_per_minute)
