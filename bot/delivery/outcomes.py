"""What a failed push means: stop writing to that chat, try again, give up, or not know.

Pure classification of the exceptions python-telegram-bot raises. The one subtle case is a request
that may have reached Telegram: a read timeout or a connection lost while waiting for the answer.
Telegram has no idempotency key, so sending again could deliver the push twice; such a push is
`uncertain` (recorded, counted, never resent), like one in flight during a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import httpx
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut

__all__ = ["Failure", "Verdict", "classify"]


class Failure(StrEnum):
    gone = "gone"  # 403 blocked/deactivated/kicked, 400 chat not found: deactivate, never retry
    retry = "retry"  # certainly not sent (5xx, connection refused, pool full, 429 left over): try again
    uncertain = "uncertain"  # may have been sent: never resend
    migrated = "migrated"  # the group became a supergroup: send to the new id
    permanent = "permanent"  # our request was wrong, or a bug: record as failed, keep the subscription


@dataclass(frozen=True, slots=True)
class Verdict:
    failure: Failure
    reason: str  # short, for the delivery row and the log
    new_chat_id: int | None = None


# httpx errors raised before the request left this machine, so Telegram cannot have acted on it.
_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.UnsupportedProtocol)
_CHAT_GONE = ("chat not found", "user not found", "bot was kicked", "chat was deleted", "have no rights to send")


def classify(exc: BaseException) -> Verdict:
    """The failure kind of one send's exception."""
    reason = f"{type(exc).__name__}: {exc}"[:300]
    if isinstance(exc, Forbidden):
        return Verdict(Failure.gone, reason)
    if isinstance(exc, ChatMigrated):
        return Verdict(Failure.migrated, reason, int(exc.new_chat_id))
    if isinstance(exc, RetryAfter):
        return Verdict(Failure.retry, reason)  # the limiter already waited and retried; back off more
    if isinstance(exc, BadRequest):  # a subclass of NetworkError: test it first
        text = str(exc).lower()
        if any(marker in text for marker in _CHAT_GONE):
            return Verdict(Failure.gone, reason)
        return Verdict(Failure.permanent, reason)
    if isinstance(exc, (TimedOut, NetworkError)):
        cause = exc.__cause__
        if cause is None:
            # python-telegram-bot raises these without a cause for an HTTP error status (5xx): Telegram
            # answered, so it did not send.
            return Verdict(Failure.retry, reason)
        if isinstance(cause, _NOT_SENT):
            return Verdict(Failure.retry, reason)
        return Verdict(Failure.uncertain, reason)  # read timeout, connection reset while waiting...
    if isinstance(exc, TelegramError):
        return Verdict(Failure.permanent, reason)
    return Verdict(Failure.permanent, reason)
