"""Compact, signed callback data for inline buttons (Telegram allows 1-64 bytes).

Layout: ``<version><action>:<field>:<field>.<sig>``, e.g. ``1a:1234:B.x9Kq2w``: version ``1``,
action ``a`` (answer), asked-question id 1234, choice B, and 6 characters of an HMAC-SHA256 over
the rest, keyed by a secret derived from the bot token (so buttons keep working after a restart,
and data a modified client makes up is refused). Buttons point at database rows (the asked id),
never at in-memory state.

``decode`` never raises: anything stale, malformed or forged comes back as ``Rejected`` with the reason,
which the handler turns into a short toast.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

__all__ = ["ACTIONS", "MAX_BYTES", "VERSION", "Callback", "CallbackCodec", "Rejected"]

VERSION = "1"
MAX_BYTES = 64
_SIG_CHARS = 6

# field kinds: what a field may hold
_KINDS: dict[str, re.Pattern[str]] = {
    "id": re.compile(r"^[1-9][0-9]{0,18}$"),  # a database row id
    "choice": re.compile(r"^[A-Za-z0-9]{1,3}$"),  # an option letter, T/F, or a small index
    "word": re.compile(r"^[A-Za-z0-9_-]{1,40}$"),  # a kind, bank id, language...
}

# code -> (name, field kinds). Add actions here; never reuse a code for another meaning.
ACTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "a": ("answer", ("id", "choice")),  # single choice / true-false button
    "t": ("toggle", ("id", "choice")),  # multiple choice: tick or untick an option
    "s": ("submit", ("id",)),  # multiple choice: submit the ticked options
    "n": ("next", ("word",)),  # next question (of a kind, or "-" for any)
    "b": ("bank", ("word",)),  # choose a bank
    "l": ("lang", ("word",)),  # choose the language
    "up": ("upload_v1", ("id", "choice")),  # a preview's buttons before digests (rows from then only)
    "U": ("upload", ("id", "word", "choice")),  # an admin's upload (its row, its bank's digest): y confirms, n cancels
    "rm": ("delete_bank", ("word", "choice")),  # an admin deletes a bank: a asks, y deletes, n keeps it
    "M": ("menu", ("word",)),  # a menu screen, or what a command does (bot/telegram/menus.py)
    "V": ("set", ("word", "word")),  # one setting from a menu: (what, value)
    "y": ("why", ("id",)),  # model help: explain the key of an answered question
    "j": ("ai", ("word",)),  # model help: model grading "on" or "off" for the learner
    "i": ("aread_v1", ("id",)),  # the same before digests
    "I": ("aread", ("id", "word")),  # model help: read an upload's left-out passages (its row, its digest)
    "ds": ("dispute", ("id",)),  # "my answer should count" under a verdict (the asked id)
    "dv": ("decide", ("id", "choice")),  # an admin decides a dispute: y accepts, n declines (a disputes row)
    "ag": ("again", ("id",)),  # another round like a finished session (its id), under its summary
    "rd": ("round", ("choice",)),  # a /quiz N during a round: c goes on with the round, r starts the new one
    "mk": ("mistakes", ("id",)),  # a session of a finished session's mistakes (its id), under its summary
    "sz": ("subzone", ("word", "choice", "choice")),  # /subscribe's zone question: (HHMM, zone, count)
    "mz": ("menuzone", ("word", "choice", "choice")),  # the same asked from the daily menu, which it shows again
}
_BY_NAME = {name: (code, kinds) for code, (name, kinds) in ACTIONS.items()}


@dataclass(frozen=True)
class Callback:
    action: str  # the action's name, e.g. "answer"
    fields: tuple[str, ...]

    @property
    def asked_id(self) -> int | None:
        """The asked-question row for actions whose first field is an id."""
        _, kinds = _BY_NAME[self.action]
        return int(self.fields[0]) if kinds and kinds[0] == "id" else None


@dataclass(frozen=True)
class Rejected:
    reason: str  # empty, version, action, fields, signature


class CallbackCodec:
    def __init__(self, key: bytes) -> None:
        if not key:
            raise ValueError("the callback key must not be empty")
        self._key = key

    @classmethod
    def from_token(cls, token: str) -> CallbackCodec:
        """A key that stays the same across restarts of the same bot, and differs between bots."""
        return cls(hashlib.sha256(b"studybot callback data\0" + token.encode()).digest())

    def _sign(self, payload: str) -> str:
        digest = hmac.new(self._key, payload.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:_SIG_CHARS]

    def encode(self, action: str, *fields: str | int) -> str:
        """Callback data for ``action`` (a name from ACTIONS); ValueError on a bad field (a bug of ours)."""
        if action not in _BY_NAME:
            raise ValueError(f"unknown callback action {action!r}")
        code, kinds = _BY_NAME[action]
        values = [str(f) for f in fields]
        if len(values) != len(kinds):
            raise ValueError(f"{action} takes {len(kinds)} fields, got {len(values)}")
        for value, kind in zip(values, kinds, strict=True):
            if not _KINDS[kind].match(value):
                raise ValueError(f"{action}: {value!r} is not a valid {kind}")
        payload = VERSION + code + "".join(":" + v for v in values)
        data = f"{payload}.{self._sign(payload)}"
        if len(data.encode()) > MAX_BYTES:
            raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
        return data

    def decode(self, data: str | None) -> Callback | Rejected:
        if not data:
            return Rejected("empty")
        if len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES or "." not in data:
            return Rejected("fields")
        payload, _, sig = data.rpartition(".")
        if payload[:1] != VERSION:
            return Rejected("version")
        code, *values = payload[1:].split(":")
        if code not in ACTIONS:
            return Rejected("action")
        name, kinds = ACTIONS[code]
        if len(values) != len(kinds) or not all(_KINDS[k].match(v) for v, k in zip(values, kinds, strict=True)):
            return Rejected("fields")
        if not sig.isascii() or not hmac.compare_digest(sig, self._sign(payload)):
            return Rejected("signature")
        return Callback(name, tuple(values))
