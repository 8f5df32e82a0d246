"""The one classifier of send failures for the transport in use (aiohttp, bot/telegram/transport.py).

python-telegram-bot turns an HTTP error status into a TelegramError (no cause: Telegram answered), and
the transport turns aiohttp's errors into TimedOut or NetworkError with aiohttp's error as the cause.
What matters for a push or a verdict is whether the request can have reached Telegram:

- refused, unreachable, DNS, TLS, or a connect timeout: it never left: `retry`;
- 5xx or a 429 left over after the rate limiter's own retries: Telegram answered "not done": `retry`;
- a read timeout, a connection reset or closed while waiting: it may have been acted on: `uncertain`;
- 403, chat not found: `gone`; a group that moved: `migrated`; any other 4xx: `permanent`;
- anything else is a bug of ours: `permanent`, flagged `bug`.
"""

from __future__ import annotations

import aiohttp
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from bot.delivery.outcomes import Diagnosis, Failure

__all__ = ["classify", "worth_retrying"]

# aiohttp errors raised before the request left this machine, so Telegram cannot have acted on it.
_NOT_SENT: tuple[type[BaseException], ...] = (
    aiohttp.ClientConnectorError,  # refused, unreachable, DNS, proxy, TLS handshake and certificate errors
    aiohttp.ConnectionTimeoutError,  # sock_connect timed out
    aiohttp.InvalidURL,
)
_CHAT_GONE = ("chat not found", "user not found", "bot was kicked", "chat was deleted", "have no rights to send")


def classify(exc: BaseException) -> Diagnosis:
    """The failure kind of one send's exception."""
    reason = f"{type(exc).__name__}: {exc}"[:300]
    if isinstance(exc, Forbidden):
        return Diagnosis(Failure.gone, reason)
    if isinstance(exc, ChatMigrated):
        return Diagnosis(Failure.migrated, reason, int(exc.new_chat_id))
    if isinstance(exc, RetryAfter):
        return Diagnosis(Failure.retry, reason)  # the limiter already waited and retried; back off more
    if isinstance(exc, BadRequest):  # a subclass of NetworkError: test it first
        text = str(exc).lower()
        if any(marker in text for marker in _CHAT_GONE):
            return Diagnosis(Failure.gone, reason)
        return Diagnosis(Failure.permanent, reason)
    if isinstance(exc, InvalidToken):
        return Diagnosis(Failure.permanent, reason)
    if isinstance(exc, (TimedOut, NetworkError)):
        cause = exc.__cause__
        if cause is None:
            # An HTTP error status (5xx, 502 from a proxy): Telegram, or what stands before it, said no.
            return Diagnosis(Failure.retry, reason)
        if isinstance(cause, _NOT_SENT):
            return Diagnosis(Failure.retry, reason)
        if isinstance(cause, aiohttp.ClientError | TimeoutError | OSError):
            return Diagnosis(Failure.uncertain, reason)  # read timeout, reset or closed while waiting
        return Diagnosis(Failure.permanent, reason, bug=True)  # a bug in the transport
    if isinstance(exc, TelegramError):
        return Diagnosis(Failure.permanent, reason)
    return Diagnosis(Failure.permanent, reason, bug=True)


def worth_retrying(exc: BaseException) -> bool:
    """A send that certainly did not go, for a while rather than for good (the network, Telegram, a 429): to
    keep and send later. One that may have arrived (a read timeout) is not: a second copy could come twice."""
    return classify(exc).failure is Failure.retry
