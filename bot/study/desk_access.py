"""Who may use the teacher's desk, and for how long: /panel's one-time sign-in links and the sessions a
sign-in opens.

A sign-in link carries `<nonce>.<admin id>.<expiry>.<signature>`: the signature (HMAC-SHA256 under a
secret the composition root derives from the bot token) makes a link nobody issued useless, the expiry
(10 minutes) an old one, and the nonce, kept in SQLite until the link is used, a second use. A session
is a random cookie value of which only the SHA-256 is stored, with its own CSRF token, for 12 hours.
Whether the session's user is still an admin is the front end's check on every request (the admin list
is a setting); nothing here knows HTTP.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from bot.store import desk_access as repo
from bot.store.db import Store
from bot.store.desk_access import DeskSession

__all__ = ["LINK_SECONDS", "SESSION_SECONDS", "DeskAccess", "DeskSession", "OpenedSession", "desk_secret"]

LINK_SECONDS = 10 * 60
SESSION_SECONDS = 12 * 3600


def desk_secret(token: str) -> bytes:
    """The key that signs sign-in links: derived from the bot token (stable across restarts, never sent)."""
    return hmac.new(b"studybot teacher's desk", token.encode(), hashlib.sha256).digest()


@dataclass(frozen=True)
class OpenedSession:
    cookie: str  # the value the browser keeps; only its hash is stored
    session: DeskSession


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


class DeskAccess:
    def __init__(self, store: Store, clock: Callable[[], datetime], secret: bytes) -> None:
        self.store = store
        self.clock = clock
        self._secret = secret

    def _now(self) -> int:
        return int(self.clock().timestamp())

    def _sign(self, body: str) -> str:
        return hmac.new(self._secret, b"link\0" + body.encode(), hashlib.sha256).hexdigest()

    async def issue_link(self, admin_id: int) -> str:
        """A sign-in token for `admin_id`: good once, for LINK_SECONDS."""
        now = self._now()
        nonce = secrets.token_urlsafe(18)
        body = f"{nonce}.{admin_id}.{now + LINK_SECONDS}"
        async with self.store.write() as db:
            await repo.add_link(db, nonce, admin_id, now + LINK_SECONDS, now)
        return f"{body}.{self._sign(body)}"

    def check_link(self, token: str) -> int | None:
        """The admin a well-signed, unexpired token names (nothing is used up), else None."""
        parts = token.split(".")
        if len(parts) != 4 or not parts[1].isdecimal() or not parts[2].isdecimal():
            return None
        body = ".".join(parts[:3])
        if not hmac.compare_digest(self._sign(body), parts[3]):
            return None
        if int(parts[2]) < self._now():
            return None
        return int(parts[1])

    async def usable_link(self, token: str) -> int | None:
        """The admin a token would sign in, without using it up (None: forged, expired or used)."""
        admin_id = self.check_link(token)
        if admin_id is None:
            return None
        async with self.store.read() as db:
            found = await repo.link_of(db, token.split(".")[0])
        return admin_id if found is not None and found[0] == admin_id else None

    async def redeem_link(self, token: str) -> int | None:
        """The admin the token signs in, once: None for a forged, expired or used token."""
        admin_id = self.check_link(token)
        if admin_id is None:
            return None
        async with self.store.write() as db:
            taken = await repo.take_link(db, token.split(".")[0])
        if taken is None or taken[0] != admin_id or taken[1] < self._now():
            return None
        return admin_id

    async def open_session(self, admin_id: int, via: str, language: str | None = None) -> OpenedSession:
        now = self._now()
        cookie = secrets.token_urlsafe(32)
        session = DeskSession(admin_id, secrets.token_urlsafe(24), via, language, now, now + SESSION_SECONDS)
        async with self.store.write() as db:
            await repo.add_session(db, _hash(cookie), session)
        return OpenedSession(cookie, session)

    async def session(self, cookie: str) -> DeskSession | None:
        """The open session of a cookie's value (None: unknown or expired)."""
        if not cookie or len(cookie) > 200:
            return None
        async with self.store.read() as db:
            return await repo.get_session(db, _hash(cookie), self._now())

    async def close_session(self, cookie: str) -> None:
        async with self.store.write() as db:
            await repo.drop_session(db, _hash(cookie))
