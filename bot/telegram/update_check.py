"""Whether an update as Telegram sent it (JSON) can be kept and handled, before anything else touches it.

One update the bot cannot store or parse must cost only itself: written into the inbox, it failed the
whole batch's transaction (a lone surrogate such as "\\ud800" cannot be encoded as UTF-8 for SQLite;
`"update_id": "a"` is no integer key) and that batch was retried forever, so getUpdates was never called
again and every webhook request answered 500. `examine` says what is wrong with one update; the inbox
keeps such an update in the dead letters with its error (bot/telegram/inbox.py) and skips it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from telegram import Bot, Update

__all__ = ["MAX_DEAD_BODY", "Readable", "Unreadable", "examine", "parse_body", "shown"]

MAX_UPDATE_ID = 2**63 - 1  # SQLite's integers
MAX_DEAD_BODY = 64 * 1024  # of a dead letter's body, kept for the operator to look at


@dataclass(frozen=True, slots=True)
class Readable:
    update: Update
    body: str  # the update as JSON, as it is kept in the inbox


@dataclass(frozen=True, slots=True)
class Unreadable:
    update_id: int | None  # None: no usable update_id (the update cannot even be confirmed by it)
    body: str  # what came, ASCII-escaped and cut to MAX_DEAD_BODY: always storable
    error: str


def shown(raw: bytes | str | object) -> str:
    """A body as a dead letter keeps it: storable whatever it holds (bad UTF-8, lone surrogates)."""
    if isinstance(raw, bytes):
        text = raw[:MAX_DEAD_BODY].decode("utf-8", "backslashreplace")
    elif isinstance(raw, str):
        text = raw[:MAX_DEAD_BODY]
    else:
        try:
            text = json.dumps(raw, ensure_ascii=True)[:MAX_DEAD_BODY]
        except (ValueError, TypeError, RecursionError):
            text = repr(raw)[:MAX_DEAD_BODY]
    return text.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")


def parse_body(raw: bytes) -> Any:
    """The JSON of a request body; ValueError (with why) when it is none."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
    except ValueError as exc:  # json.JSONDecodeError and UnicodeDecodeError
        raise ValueError(f"not JSON ({exc})") from None


def examine(item: object, bot: Bot | None) -> Readable | Unreadable:
    """The update in `item` (one parsed JSON value), or why it cannot be kept and handled."""
    if not isinstance(item, dict):
        return Unreadable(None, shown(item), f"not a JSON object but {type(item).__name__}")
    update_id = item.get("update_id")
    if isinstance(update_id, bool) or not isinstance(update_id, int) or not 0 <= update_id <= MAX_UPDATE_ID:
        return Unreadable(None, shown(item), f"update_id is not a whole number in range: {shown(repr(update_id))[:40]}")
    try:
        body = json.dumps(item, ensure_ascii=False)
        body.encode("utf-8")
    except UnicodeEncodeError as exc:
        return Unreadable(update_id, shown(item), f"text that cannot be stored ({exc.reason} at {exc.start})")
    except (ValueError, TypeError, RecursionError) as exc:
        return Unreadable(update_id, shown(item), f"cannot be written as JSON ({type(exc).__name__})")
    try:
        update = Update.de_json(item, bot)
    except Exception as exc:  # python-telegram-bot's parsing raises whatever a malformed field makes it raise
        return Unreadable(update_id, shown(body), f"cannot be read as an update ({type(exc).__name__}: {exc})"[:500])
    return Readable(update, body)
