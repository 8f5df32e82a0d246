"""No update can stop the bot: one that cannot be stored or read is logged once, kept in the dead letters
with its error, confirmed and skipped, by long polling and by webhook; the bot serves everyone else."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from fakebot import FakeBotServer
from tg_harness import BotEnv, running

from bot.telegram.serving import Serving, Webhook
from bot.telegram.webhook import SECRET_HEADER

LONE_SURROGATE = "answer \ud800 B"


def dead_letters(db: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT update_id, body, error FROM dead_updates ORDER BY id").fetchall()
    finally:
        conn.close()


def kept(db: Path) -> list[int]:
    conn = sqlite3.connect(db)
    try:
        return [r[0] for r in conn.execute("SELECT update_id FROM updates ORDER BY update_id")]
    finally:
        conn.close()


def poisoned(fake: FakeBotServer, user_id: int) -> list[dict[str, Any]]:
    """Updates python-telegram-bot or SQLite cannot take: a lone surrogate in a text, a message that is no
    object, a message without its date."""
    user = fake.user(user_id, "Eve", language_code="en")
    chat = fake.chat_dict(user.id)
    return [
        fake.message_update(fake.new_message(user.id, user.user_dict(), text=LONE_SURROGATE)),
        fake.inject({"message": 1}),
        fake.inject({"message": {"message_id": 77, "chat": chat, "text": "no date"}}),
    ]


@pytest.mark.slow
async def test_polling_skips_updates_that_cannot_be_kept_or_read_and_keeps_serving(
    http_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = http_settings_env
    fake = env.fake
    amy = fake.user(3101, "Amy", language_code="en")
    async with running(env.build(http=True)):
        bad = poisoned(fake, 3102)
        amy.command("/start")
        assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Hi Amy")
        await fake.wait_for(lambda: fake.pending_updates() == 0, timeout=10, what="every update confirmed")
        amy.command("/help")
        assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
    dead = dead_letters(env.db)
    assert [d[0] for d in dead] == [u["update_id"] for u in bad]
    assert "cannot be stored" in dead[0][2] and "\\ud800" in dead[0][1]
    assert all("cannot be read" in d[2] for d in dead[1:])
    assert not set(kept(env.db)) & {u["update_id"] for u in bad}
    lines = [r for r in caplog.records if "dead_updates" in r.getMessage()]
    assert len(lines) == 3  # once each
    # A restart hands none of them out again, and serves at once.
    async with running(env.build(http=True)):
        amy.command("/streak")
        assert await fake.next_message(amy.id, timeout=10)
    assert len(dead_letters(env.db)) == 3
    assert fake.sent_to(3102) == []


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _serve_webhook(env: BotEnv, port: int) -> tuple[Serving, asyncio.Task[int]]:
    """The bot as `studybot run --webhook` serves it, in this process: Serving's own loop body."""
    app = env.build(http=True)
    serving = Serving(app, env.db, webhook=Webhook(f"http://127.0.0.1:{port}/hook", "127.0.0.1", port, "s3cret"))
    serving._stop = asyncio.Event()
    task = asyncio.ensure_future(serving._main())
    await env.fake.wait_for(lambda: env.fake.webhook is not None, timeout=20, what="the webhook set")
    return serving, task


MALFORMED = [b"[]", b"null", b"1", b'"text"', b"{not json", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000]


@pytest.mark.slow
async def test_the_webhook_answers_400_to_malformed_bodies_200_to_unstorable_updates_and_keeps_serving(
    http_settings_env: BotEnv,
) -> None:
    env = http_settings_env
    fake = env.fake
    port = _free_port()
    serving, task = await _serve_webhook(env, port)
    url = f"http://127.0.0.1:{port}/hook"
    headers = {SECRET_HEADER: "s3cret", "Content-Type": "application/json"}
    amy = fake.user(3111, "Amy", language_code="en")
    eve = fake.user(3112, "Eve", language_code="en")
    try:
        async with aiohttp.ClientSession() as session:

            async def post(body: bytes) -> int:
                async with session.post(url, data=body, headers=headers) as resp:
                    await resp.read()
                    return resp.status

            statuses = [await post(body) for body in MALFORMED]
            assert statuses == [400] * len(MALFORMED)
            assert await post(b'{"update_id": "a"}') == 400
            assert await post(b'{"update_id": -1, "message": {}}') == 400
            surrogate = fake.new_message(eve.id, eve.user_dict(), text="x")
            message = {"message_id": surrogate.message_id, "date": 0, "chat": {"id": eve.id, "type": "private"}}
            message |= {"from": {"id": eve.id, "is_bot": False, "first_name": "Eve"}, "text": "a \ud800 b"}
            body = json.dumps({"update_id": 900001, "message": message}).encode()  # escaped: "\\ud800"
            assert b"\\ud800" in body
            assert await post(body) == 200  # confirmed: Telegram never sends it again
            assert await post(body) == 200  # and if it does, it is dropped
            assert await post(b'{"update_id": 900002, "message": 1}') == 200
            # Every later request is served as before.
            amy.command("/start")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Hi Amy")
            amy.command("/help")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
    finally:
        assert serving._stop is not None
        serving._stop.set()
        assert await asyncio.wait_for(task, 30) == 0
    dead = dead_letters(env.db)
    assert [d[0] for d in dead] == [None] * (len(MALFORMED) + 2) + [900001, 900002]
    assert "nested too deeply" in dead[len(MALFORMED) - 1][2]
    assert all(len(d[1]) <= 64 * 1024 for d in dead)
    assert fake.sent_to(eve.id) == []
    assert 900001 not in kept(env.db)


async def test_an_unreadable_update_in_the_inbox_after_a_crash_is_a_dead_letter(
    bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = bot_settings_env
    conn = sqlite3.connect(env.db)
    conn.execute('INSERT INTO updates (update_id, body, received_at) VALUES (5, \'{"message": 1, "update_id": 5}\', 0)')
    conn.commit()
    conn.close()
    caplog.set_level(logging.WARNING)
    async with env.run():
        amy = env.fake.user(3121, "Amy", language_code="en")
        amy.command("/start")
        await env.settle()
        assert env.fake.sent_to(amy.id)
    assert [d[0] for d in dead_letters(env.db)] == [5]


async def test_a_lone_surrogate_from_get_updates_is_buried_and_the_next_get_updates_goes(tmp_path: Path) -> None:
    from telegram import Bot

    from bot.store import Store
    from bot.store.updates import UpdateLog
    from bot.telegram.inbox import Inbox, InboxQueue

    store = await Store.open(tmp_path / "db.sqlite3")
    inbox = Inbox()
    await inbox.open(UpdateLog(store), Bot("123:abc"))
    message = {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"}, "text": "\ud800"}
    good = {**message, "text": "fine"}
    answer = {"ok": True, "result": [{"update_id": 1, "message": message}, {"update_id": 2, "message": good}]}
    passed = json.loads(inbox.raw(json.dumps(answer).encode()))
    assert passed["result"] == [{"update_id": 1}, {"update_id": 2, "message": good}]  # 1 still moves the offset
    queue = InboxQueue(inbox)
    from telegram import Update

    for item in passed["result"]:
        await queue.put(Update.de_json(item, None))
    assert queue.qsize() == 1  # the stand-in is dropped
    await asyncio.wait_for(inbox.flush(), 5)  # the batch is written: nothing is retried forever
    assert kept(tmp_path / "db.sqlite3") == [2]
    assert [d[0] for d in dead_letters(tmp_path / "db.sqlite3")] == [1]
    await store.close()


async def test_a_row_sqlite_cannot_take_is_a_dead_letter_and_the_rest_of_its_batch_is_kept(tmp_path: Path) -> None:
    from bot.store import Store
    from bot.store.updates import UpdateLog

    store = await Store.open(tmp_path / "db.sqlite3")
    failed = await UpdateLog(store).write([(1, "{}"), ("a", "{}"), (3, '{"t": "\ud800"}'), (4, "{}")], [], 0)  # type: ignore[list-item]
    assert [f[0] for f in failed] == ["a", 3]
    assert kept(tmp_path / "db.sqlite3") == [1, 4]
    assert [(d[0], d[1]) for d in dead_letters(tmp_path / "db.sqlite3")] == [(None, "{}"), (3, '{"t": "\\ud800"}')]
    await store.close()
