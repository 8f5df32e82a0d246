"""Telegram Mini App `initData`, checked as Telegram documents it ("Validating data received via the Mini
App", core.telegram.org/bots/webapps):

    data_check_string = every received field but `hash`, as key=<value>, sorted by key, joined by '\\n'
    secret_key        = HMAC_SHA256(key="WebAppData", message=<bot token>)
    valid             = hex(HMAC_SHA256(key=secret_key, message=data_check_string)) == hash

compared in constant time, and `auth_date` (when the Mini App was opened) no older than a limit, so a
copied initData stops working. Pure: the time is passed in.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl

__all__ = ["InitDataError", "WebAppUser", "check_init_data"]

MAX_CHARS = 8192  # a real initData is well under 1 KB
CLOCK_SKEW = 300  # an auth_date this far in the future is still taken (clocks differ)


class InitDataError(Exception):
    """Why initData is refused: `reason` is one of missing, malformed, signature, expired."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class WebAppUser:
    id: int
    first_name: str
    language_code: str | None
    auth_date: int


def _check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")


def check_init_data(raw: str, token: str, *, now: int, max_age: int) -> WebAppUser:
    """The user the initData was signed for (InitDataError when it is missing, malformed, not signed with
    this bot's token, or older than `max_age` seconds)."""
    if not raw:
        raise InitDataError("missing")
    if len(raw) > MAX_CHARS:
        raise InitDataError("malformed")
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=True, errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise InitDataError("malformed") from None
    fields = dict(pairs)
    if len(fields) != len(pairs) or "hash" not in fields:  # a field twice: which one was signed?
        raise InitDataError("malformed")
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret, _check_string(fields).encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected.encode(), fields["hash"].encode()):
        raise InitDataError("signature")
    try:
        auth_date = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError):
        raise InitDataError("malformed") from None
    if now - auth_date > max_age or auth_date > now + CLOCK_SKEW:
        raise InitDataError("expired")
    language = user.get("language_code")
    return WebAppUser(
        user_id, str(user.get("first_name") or ""), language if isinstance(language, str) else None, auth_date
    )
