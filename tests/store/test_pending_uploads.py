"""Uploads waiting for confirmation, and a deleted bank taken out of learners' and pushes' choices."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store, chats, learners, pending_uploads, subscriptions

NOW = 1_700_000_000


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "db.sqlite3")
    yield s
    await s.close()


async def test_an_upload_is_taken_once_and_can_wait_again(store: Store) -> None:
    async with store.write() as db:
        first = await pending_uploads.add(
            db, admin_id=7, chat_id=7, bank_id="law", file_name="law.txt", bank_json="{}", now=NOW
        )
        old = await pending_uploads.add(
            db, admin_id=7, chat_id=7, bank_id="old", file_name="old.txt", bank_json="{}", now=NOW - 10
        )
    async with store.write() as db:
        taken = await pending_uploads.take(db, first)
        again = await pending_uploads.take(db, first)
    assert taken is not None and (taken.bank_id, taken.file_name, taken.created_at) == ("law", "law.txt", NOW)
    assert again is None
    async with store.write() as db:
        await pending_uploads.put_back(db, taken)
        assert await pending_uploads.get(db, first) == taken
        assert await pending_uploads.clear_older(db, NOW - 5) == 1
        assert await pending_uploads.get(db, old) is None


async def test_a_deleted_bank_leaves_every_choice_that_named_it(store: Store) -> None:
    async with store.write() as db:
        for learner_id, banks in ((1, ["law", "ml"]), (2, ["law"]), (3, None), (4, ["law_x"])):
            await learners.upsert(db, learner_id, "x", "zh", "UTC", NOW)
            await learners.update_settings(db, learner_id, banks=banks)
            await chats.upsert(db, learner_id, "private", "", NOW)
        await subscriptions.subscribe(
            db, chat_id=1, learner_id=1, minute=540, tz="UTC", now=NOW, next_due=NOW, banks=["law"]
        )
        await subscriptions.subscribe(
            db, chat_id=2, learner_id=2, minute=540, tz="UTC", now=NOW, next_due=NOW, banks=["ml", "lawyer"]
        )
        assert await pending_uploads.forget_bank(db, "law") == (2, 1)
        got = {i: (await learners.get(db, i)).banks for i in (1, 2, 3, 4)}  # type: ignore[union-attr]
        assert got == {1: ("ml",), 2: None, 3: None, 4: ("law_x",)}
        assert (await subscriptions.get(db, 1, "daily")).banks is None  # type: ignore[union-attr]
        assert (await subscriptions.get(db, 2, "daily")).banks == ("ml", "lawyer")  # type: ignore[union-attr]
