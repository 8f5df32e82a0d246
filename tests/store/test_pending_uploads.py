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
        first = (
            await pending_uploads.add(
                db, admin_id=7, chat_id=7, bank_id="law", file_name="law.txt", bank_json="{}", now=NOW
            )
        ).id
        old = (
            await pending_uploads.add(
                db, admin_id=7, chat_id=7, bank_id="old", file_name="old.txt", bank_json="{}", now=NOW - 10
            )
        ).id
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


async def _add(store: Store, bank_json: str, now: int = NOW) -> pending_uploads.PendingUpload:
    async with store.write() as db:
        return await pending_uploads.add(
            db, admin_id=7, chat_id=7, bank_id="law", file_name="law.txt", bank_json=bank_json, now=now
        )


async def test_ids_are_never_reused_even_when_every_upload_is_gone(store: Store) -> None:
    first = await _add(store, '{"a": 1}')
    async with store.write() as db:
        assert await pending_uploads.take(db, first.id) is not None  # the table is empty again
    second = await _add(store, '{"b": 2}')
    assert second.id > first.id
    async with store.write() as db:  # the first preview's button names its own id and digest: nothing
        assert await pending_uploads.confirm(db, first.id, first.digest, "zh", NOW - 100) is None
        # a button carrying the id of one upload and the digest of another takes nothing either
        assert await pending_uploads.confirm(db, second.id, first.digest, "zh", NOW - 100) is None
        assert await pending_uploads.get(db, second.id) == second


async def test_a_confirmed_upload_is_recorded_until_it_is_live(store: Store) -> None:
    upload = await _add(store, '{"c": 3}')
    stale = await _add(store, '{"d": 4}', now=NOW - 8 * 86400)
    async with store.write() as db:
        assert await pending_uploads.confirm(db, stale.id, stale.digest, "en", NOW - 7 * 86400) is None  # expired
        assert await pending_uploads.confirm(db, upload.id, upload.digest, "en", NOW - 7 * 86400) == upload
        assert await pending_uploads.get(db, upload.id) is None
        [job] = await pending_uploads.applying(db)
    assert (job.upload, job.lang, job.state) == (upload, "en", "applying")
    async with store.write() as db:
        await pending_uploads.finish(db, upload.id)
        assert await pending_uploads.applying(db) == []
        done = await pending_uploads.confirmed(db, upload.id)
    assert done is not None and done.state == "done" and done.upload.bank_json == ""


async def test_a_button_from_before_digests_takes_only_an_upload_from_before(store: Store) -> None:
    upload = await _add(store, '{"e": 5}')
    async with store.write() as db:  # an old preview's button naming this id carries no digest
        assert await pending_uploads.confirm(db, upload.id, "", "zh", NOW - 100) is None
        await db.execute("UPDATE pending_uploads SET digest = '' WHERE id = ?", (upload.id,))  # a row from then
        assert await pending_uploads.confirm(db, upload.id, "", "zh", NOW - 100) is not None
