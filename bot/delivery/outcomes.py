"""What a failed send means, as the delivery scheduler needs to know it: stop writing to that chat, try
again, give up, or not know.

A plain port: the front end that sends classifies its own transport's errors into a `Diagnosis`
(bot/telegram/failures.py for the bot), so nothing here knows Telegram or HTTP. The one subtle case is a
request that may have reached Telegram: a read timeout or a connection lost while waiting for the
answer. Telegram has no idempotency key, so sending again could deliver the push twice; such a push is
`uncertain` (recorded, counted, never resent), like one in flight during a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Classifier", "Diagnosis", "Failure", "NotClaimed"]


class Failure(StrEnum):
    gone = "gone"  # 403 blocked/deactivated/kicked, 400 chat not found: deactivate, never retry
    retry = "retry"  # certainly not sent (5xx, connection refused, 429 left over): try again later
    uncertain = "uncertain"  # may have been sent: never resend
    migrated = "migrated"  # the group became a supergroup: send to the new id
    permanent = "permanent"  # our request was wrong, or a bug: record as failed, keep the subscription


@dataclass(frozen=True, slots=True)
class Diagnosis:
    failure: Failure
    reason: str  # short, for the delivery row and the log
    new_chat_id: int | None = None
    bug: bool = False  # not an answer from Telegram or the network at all: log it with its traceback


Classifier = Callable[[BaseException], Diagnosis]


class NotClaimed(Exception):
    """A push's claim said no when its turn to be sent came (claimed before, or changed meanwhile): the
    request was not made."""
