"""Log output an operator can follow: one line per event, on standard error, never the bot token.

httpx logs every request URL at INFO and python-telegram-bot's URLs hold the token
(``.../bot123:ABC/sendMessage``), so httpx and httpcore are kept to warnings, and every handler gets a
filter that replaces each secret in the message, the arguments and the traceback with ``<redacted>``.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TextIO
from urllib.parse import quote

__all__ = ["FORMAT", "REDACTED", "RedactFilter", "Throttled", "configure_logging"]

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
REDACTED = "<redacted>"
# apscheduler (the job queue) logs every run of a job at INFO: the session timer runs every second.
QUIET = ("httpx", "httpcore", "apscheduler")


class RedactFilter(logging.Filter):
    """Rewrites a record so that no secret (nor its URL-encoded form) survives into any output."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        forms = {form for s in secrets if s for form in (s, quote(s, safe=""))}
        # Longest first: a secret that contains another is replaced whole.
        self._secrets = sorted(forms, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._secrets:
            return True
        message = record.getMessage()
        record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def configure_logging(
    level: str = "INFO", secrets: Iterable[str | None] = (), stream: TextIO | None = None
) -> Callable[[str], str]:
    """Root logging to `stream` (standard error) at `level`, with `secrets` redacted from every handler and
    from tracebacks that reach no handler (sys.excepthook, threading.excepthook); returns the redactor.

    Called once by `studybot run`; calling it again replaces the handlers it installed.
    """
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, "_studybot", False)]:
        root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler._studybot = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level.upper())
    redact = RedactFilter(s for s in secrets if s)
    # Handler filters see records from every logger (logger filters would miss propagated records).
    for h in root.handlers:
        if not any(isinstance(f, RedactFilter) for f in h.filters):
            h.addFilter(redact)
    for name in QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)
    # Its one log line is a traceback for an answer that is not JSON (a 404 page of a wrong API URL); the
    # error it raises next says the same, and the bot reports that in a sentence.
    logging.getLogger("telegram.request").setLevel(logging.CRITICAL)
    _redact_uncaught(redact)
    return redact.redact


def _redact_uncaught(redact: RedactFilter) -> None:
    """A traceback nobody catches is printed by the interpreter, not by logging: redact it there too."""

    def excepthook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        text = "".join(traceback.format_exception(kind, value, tb))
        sys.stderr.write(redact.redact(text))

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "?"
        text = "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback))
        sys.stderr.write(redact.redact(f"Exception in thread {name}:\n{text}"))

    sys.excepthook = excepthook
    threading.excepthook = thread_hook


class Throttled:
    """One kind of fault, logged at most once per `interval` seconds: the first at once, then one line per
    interval saying how many more there were (a fault that repeats thousands of times a second, such as a
    failing accept() or a read-only disk, must not flood the log or the disk)."""

    def __init__(
        self, logger: logging.Logger, interval: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._log = logger
        self._interval = interval
        self._clock = clock
        self._last: float | None = None
        self._held = 0  # faults since the last line
        self.total = 0

    def __call__(self, level: int, message: str, *args: object, exc_info: BaseException | None = None) -> bool:
        """Log this fault now, or count it for the next line; True when a line was written."""
        self.total += 1
        now = self._clock()
        if self._last is not None and now - self._last < self._interval:
            self._held += 1
            return False
        if self._held:
            message += f" ({self._held} more since the last report, {now - self._last:.0f} s ago)"  # type: ignore[operator]
        self._log.log(level, message, *args, exc_info=exc_info)
        self._last, self._held = now, 0
        return True
