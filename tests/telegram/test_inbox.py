"""The update inbox on a real database: kept before confirmed, handed out again after a crash, never twice."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot, Update
from telegram.error import NetworkError
from telegram.request import BaseRequest

from bot.store import Store
from bot.store.updates import UpdateLog
from bot.telegram.inbox import ConfirmingRequest, Inbox, InboxQueue

BOT = Bot("123:abc")


def update(update_id: int, text: str = "hi") -> Update:
    return Update.de_json(
        {
            "update_id": update_id,
            "message": {
                "message_id": update_id,
                "date": 0,
                "chat": {"id": 5, "type": "private"},
                "from": {"id": 5, "is_bot": False, "first_name": "A"},
                "text": text,
            },
        },
        BOT,
    )


async def rows(store: Store) -> list[tuple[Any, ...]]:
    async with store.read() as db:
        return [
            tuple(r)
            for r in await db.execute_fetchall(
                "SELECT update_id, body IS NOT NULL, handled_at IS NOT NULL, replays FROM updates ORDER BY update_id"
            )
        ]


async def test_updates_are_kept_until_handled_and_handed_out_again_after_a_crash(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    inbox = Inbox()
    assert await inbox.open(UpdateLog(store), BOT) == []
    queue = InboxQueue(inbox)
    for i in (1, 2, 3):
        await queue.put(update(i, f"m{i}"))
    await queue.put(update(2))  # sent again: dropped
    assert queue.qsize() == 3
    await inbox.flush()
    assert await rows(store) == [(1, 1, 0, 0), (2, 1, 0, 0), (3, 1, 0, 0)]
    inbox.handled(1)
    await inbox.flush()
    assert (await rows(store))[0] == (1, 0, 1, 0)  # handled: the body is dropped

    # A crash: a new process on the same database hands out 2 and 3 again, in order, and knows all three.
    again = Inbox()
    replayed = await again.open(UpdateLog(store), BOT)
    assert [(u.update_id, u.effective_message.text) for u in replayed] == [(2, "m2"), (3, "m3")]
    assert again.replayed == {2, 3}
    assert not again.accept(update(1)) and not again.accept(update(3))  # Telegram sending them again
    assert again.accept(update(4))
    await store.close()


async def test_a_held_update_is_handled_once_its_handler_and_its_holder_are_both_done(tmp_path: Path) -> None:
    """A group's command waiting for its turn: its handler returned (the processor says done), its answer
    is still to come; a crash then hands it out again."""
    store = await Store.open(tmp_path / "db.sqlite3")
    inbox = Inbox()
    await inbox.open(UpdateLog(store), BOT)
    queue = InboxQueue(inbox)
    for i in (1, 2):
        await queue.put(update(i))
    inbox.hold(1)
    inbox.handled(1)  # the update processor: its handler returned
    inbox.hold(2)
    inbox.release(2)  # answered before the processor was done with it
    await inbox.flush()
    assert await rows(store) == [(1, 1, 0, 0), (2, 1, 0, 0)]
    again = Inbox()  # a crash now: the waiting command comes back
    assert [u.update_id for u in await again.open(UpdateLog(store), BOT)] == [1, 2]
    inbox.release(1)
    inbox.handled(2)
    await inbox.flush()
    assert await rows(store) == [(1, 0, 1, 1), (2, 0, 1, 1)]
    await store.close()


async def test_an_update_that_crashed_the_bot_three_times_is_given_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    first = Inbox()
    await first.open(UpdateLog(store), BOT)
    first.accept(update(7, "poison"))
    await first.flush()
    for expected in (1, 1, 1, 0):  # three start-ups hand it out; the fourth gives it up
        assert len(await Inbox().open(UpdateLog(store), BOT)) == expected
    assert (await rows(store))[0][2] == 1
    assert "crashes in a row: given up" in caplog.text
    await store.close()


class Recording(BaseRequest):
    def __init__(self, inbox: Inbox, store: Store) -> None:
        self.inbox, self.store = inbox, store
        self.seen: list[list[Any]] = []

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        self.seen.append(await rows(self.store))  # what was written when the request left
        return 200, b'{"ok": true, "result": []}'


async def test_get_updates_confirms_only_what_is_written(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    inbox = Inbox()
    await inbox.open(UpdateLog(store), BOT)
    inner = Recording(inbox, store)
    request = ConfirmingRequest(inner, inbox)
    for i in range(1, 51):
        inbox.accept(update(i))
    await request.do_request("http://x/getUpdates", "POST")
    assert len(inner.seen[0]) == 50  # the next getUpdates left only after all fifty were in the database

    async def broken(fn: Any) -> Any:
        raise OSError("disk full")

    store.transaction = broken  # type: ignore[method-assign]
    inbox.accept(update(51))
    with pytest.raises(NetworkError, match="unconfirmed"):
        await request.do_request("http://x/getUpdates", "POST")
    assert len(inner.seen) == 1  # not confirmed: the request was not made
    del store.transaction
    await asyncio.wait_for(request.do_request("http://x/getUpdates", "POST"), 5)
    assert len(inner.seen[1]) == 51
    await store.close()


async def test_updates_are_kept_as_telegram_sent_them(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    inbox = Inbox()
    await inbox.open(UpdateLog(store), BOT)
    sent = {
        "update_id": 9,
        "message": {
            "message_id": 9,
            "date": 0,
            "chat": {"id": 5, "type": "private"},
            "text": "hi",
            "some_future_field": {"x": 1},
        },
    }
    inbox.raw(json.dumps({"ok": True, "result": [sent]}).encode())  # the getUpdates answer
    assert inbox.accept(Update.de_json(sent, BOT))
    await inbox.flush()
    async with store.read() as db:
        [(body,)] = await db.execute_fetchall("SELECT body FROM updates")
    assert json.loads(body) == sent
    await store.close()


@pytest.mark.slow
async def test_by_long_polling_each_update_is_read_once_and_answers_through_the_bot(
    http_settings_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The inbox reads every update of a getUpdates answer (to keep it, or bury one it cannot read); the
    bot hands those very objects to the handlers instead of reading each again, and they are bound to the
    bot (`message.reply_text` works: /start answers through it)."""
    from tg_harness import running

    read: list[int] = []
    de_json = Update.de_json.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Update], data: Any, bot: Any = None) -> Update:
        read.append(data.get("update_id") if isinstance(data, dict) else -1)
        return de_json(cls, data, bot)

    monkeypatch.setattr(Update, "de_json", classmethod(counting))
    env = http_settings_env
    fake = env.fake
    amy = fake.user(3201, "Amy", language_code="en")
    async with running(env.build(http=True)) as app:
        amy.command("/start")
        assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Hi Amy")
        amy.command("/help")
        assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
        assert app.bot_data.inbox.bot is app.bot
    assert len(read) == 2 and len(set(read)) == 2, read  # two updates, each read once
