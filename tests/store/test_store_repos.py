"""Repositories on real SQLite files: exactly-once rows, foreign keys, group migration, pushes."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store, asked, attempts, chats, deliveries, learners, questions, scores, subscriptions
from bot.store.deliveries import Claim, PushRow, SendOutcome

NOW = 1_700_000_000


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "db.sqlite3")
    async with s.write() as db:
        await learners.upsert(db, 1, "Ann", "zh", "Asia/Shanghai", NOW)
        await learners.upsert(db, 2, "Bo", "en", "Europe/Berlin", NOW)
        await chats.upsert(db, -100, "group", "Study", NOW)
        await questions.sync(db, [("b", "q1", "single"), ("b", "q2", "fill")])
    yield s
    await s.close()


async def _claim(store: Store, *claims: Claim) -> list[bool]:
    return await store.transaction(lambda conn: deliveries.claim(conn, claims, NOW))


async def test_a_second_delivery_for_the_same_day_is_refused(store: Store) -> None:
    async with store.write() as db:
        sub = await subscriptions.subscribe(
            db, chat_id=-100, learner_id=1, minute=540, tz="Asia/Shanghai", now=NOW, next_due=NOW + 60
        )
    assert await _claim(store, Claim(sub.id, NOW + 60, NOW + 120, 739000)) == [True]
    # Subscribed again (next_due back where it was): that day's row exists, so nothing is sent twice.
    async with store.write() as db:
        await subscriptions.subscribe(db, chat_id=-100, learner_id=1, minute=540, tz="UTC", now=NOW, next_due=NOW + 60)
    assert await _claim(store, Claim(sub.id, NOW + 60, NOW + 120, 739000)) == [False]
    assert await _claim(store, Claim(sub.id, NOW + 120, NOW + 180, 739001)) == [True]
    # The rule is the database's, not only the function's: a raw second row violates the key.
    async with store.write() as db:
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            await db.execute(
                "INSERT INTO deliveries (subscription_id, local_day, status, planned_at, updated_at)"
                " VALUES (?, 739000, 'planned', 0, 0)",
                (sub.id,),
            )
    async with store.read() as db:
        rows = await db.execute_fetchall("SELECT local_day, status, planned_at FROM deliveries ORDER BY local_day")
    assert [tuple(r) for r in rows] == [(739000, "planned", NOW), (739001, "planned", NOW)]


async def test_planned_rows_left_by_a_crash_become_uncertain_and_stay_claimed(store: Store) -> None:
    async with store.write() as db:
        sub = await subscriptions.subscribe(db, chat_id=-100, learner_id=1, minute=540, tz="UTC", now=NOW, next_due=NOW)
    assert await _claim(store, Claim(sub.id, NOW, NOW + 1, 1), Claim(sub.id, NOW + 1, NOW + 2, 2)) == [True, True]
    sent = SendOutcome(PushRow(sub.id, 2), "sent", message_id=55)
    await store.transaction(lambda conn: deliveries.record(conn, [sent], NOW + 1))
    async with store.write() as db:
        lost = await deliveries.mark_planned_uncertain(db, NOW + 100)
        await subscriptions.subscribe(db, chat_id=-100, learner_id=1, minute=540, tz="UTC", now=NOW, next_due=NOW)
    assert [(d.local_day, d.status) for d in lost] == [(1, "uncertain")]
    assert await _claim(store, Claim(sub.id, NOW, NOW + 1, 1)) == [False]  # uncertain: never sent again
    async with store.read() as db:
        rows = await db.execute_fetchall("SELECT local_day, status, message_id, tries FROM deliveries ORDER BY 1")
    assert [tuple(r) for r in rows] == [(1, "uncertain", None, 0), (2, "sent", 55, 1)]


async def test_subscriptions_due_by_time_and_switched_off(store: Store) -> None:
    async with store.write() as db:
        early = await subscriptions.subscribe(
            db, chat_id=-100, learner_id=1, minute=60, tz="UTC", now=NOW, next_due=NOW - 10
        )
        await chats.upsert(db, 2, "private", "", NOW)
        await subscriptions.subscribe(db, chat_id=2, learner_id=2, minute=60, tz="UTC", now=NOW, next_due=NOW + 10)
    async with store.read() as db:
        assert [s.id for s in await subscriptions.due_after(db, NOW, None)] == [early.id]
        assert await subscriptions.count_due(db, NOW) == 1
    async with store.write() as db:
        assert await subscriptions.deactivate(db, -100, now=NOW) == 1
        assert await subscriptions.deactivate(db, -100, now=NOW) == 0
    async with store.read() as db:
        assert [s.chat_id for s in await subscriptions.due_after(db, NOW + 20, None)] == [2]
        again = await subscriptions.get(db, -100)
    assert again is not None and not again.active and again.hhmm == "01:00"


async def test_an_attempt_is_recorded_once_per_learner_and_asked_question(store: Store) -> None:
    async with store.write() as db:
        aid = await asked.insert(db, -100, 1, 1, NOW)

    def three(conn: sqlite3.Connection) -> list[bool]:
        def insert(learner_id: int, outcome: str, reply: str) -> bool:
            params = (learner_id, aid, 1, attempts.OUTCOME_CODES[outcome], 1.0, NOW, 1, 900, reply, aid)
            return bool(conn.execute(attempts.INSERT_SQL, params).rowcount)

        return [insert(1, "correct", "A"), insert(2, "correct", "A"), insert(1, "wrong", "B")]

    assert await store.transaction(three) == [True, True, False]
    async with store.read() as db:
        rows = await attempts.for_asked(db, aid)
        assert await attempts.reply_of(db, 1, aid) == "A"
        assert await attempts.reply_of(db, 1, aid + 1) is None
    assert [(a.learner_name, a.outcome, a.reply) for a in rows] == [("Ann", "correct", "A"), ("Bo", "correct", "A")]


async def test_foreign_keys_refuse_an_asked_question_for_an_unknown_chat(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        async with store.write() as db:
            await asked.insert(db, 999, 1, 1, NOW)
    # The failed transaction was rolled back and the connection still works.
    async with store.read() as db:
        assert list(await db.execute_fetchall("SELECT count(*) FROM asked")) == [(0,)]


async def test_group_migration_carries_questions_subscription_and_scores(store: Store) -> None:
    async with store.write() as db:
        aid = await asked.insert(db, -100, 1, 1, NOW, closes_at=NOW + 60)
        await subscriptions.subscribe(db, chat_id=-100, learner_id=1, minute=540, tz="UTC", now=NOW, next_due=NOW)
        await db.execute(scores.ADD_SQL, (-100, 5, 1, 10, 1))
        await chats.migrate(db, -100, -1009)
    async with store.read() as db:
        moved = await asked.get(db, aid)
        sub = await subscriptions.get(db, -1009)
        board = await scores.top(db, -1009)
        new = await chats.get(db, -1009)
        old = await chats.get(db, -100)
    assert moved is not None and moved.chat_id == -1009
    assert sub is not None and sub.active
    assert [(r.name, r.points, r.correct) for r in board] == [("Ann", 10, 1)]
    assert new is not None and new.kind == "supergroup" and old is None


async def test_group_migration_into_a_chat_already_known_merges_scores(store: Store) -> None:
    async with store.write() as db:
        await chats.upsert(db, -1009, "supergroup", "Study", NOW)
        await db.execute(scores.ADD_SQL, (-100, 5, 1, 10, 1))
        await db.execute(scores.ADD_SQL, (-1009, 5, 1, 5, 0))
        aid = await asked.insert(db, -100, 1, 1, NOW)
        await chats.migrate(db, -100, -1009)
    async with store.read() as db:
        board = await scores.top(db, -1009)
        moved = await asked.get(db, aid)
        old = await chats.get(db, -100)
    assert [(r.points, r.correct, r.answered) for r in board] == [(15, 1, 2)]
    assert moved is not None and moved.chat_id == -1009
    assert old is not None and not old.active


async def test_learner_settings_round_trip_and_keep_on_upsert(store: Store) -> None:
    async with store.write() as db:
        await learners.update_settings(db, 1, language="en", banks=["b"], kinds=None, poll=True)
        again = await learners.upsert(db, 1, "Ann B", "zh", "UTC", NOW + 1)
    assert (again.name, again.language, again.tz, again.banks, again.kinds, again.poll) == (
        "Ann B",
        "en",
        "Asia/Shanghai",
        ("b",),
        None,
        True,
    )


async def test_question_keys_are_stable_across_syncs(store: Store) -> None:
    async with store.write() as db:
        first = await questions.sync(db, [("b", "q1", "single")])
        second = await questions.sync(db, [("b", "q3", "case"), ("b", "q1", "multiple")])
    assert second[("b", "q1")] == first[("b", "q1")]
    assert set(second) == {("b", "q1"), ("b", "q2"), ("b", "q3")}


async def test_a_closed_question_closes_once_and_leaves_the_open_lookups(store: Store) -> None:
    async with store.write() as db:
        a1 = await asked.insert(db, -100, 1, 1, NOW, closes_at=NOW + 60)
        a2 = await asked.insert(db, -100, 2, 2, NOW, message_id=77, closes_at=NOW + 30)
        await asked.attach_message(db, a1, 76, poll_id="p1")
    async with store.read() as db:
        assert [a.id for a in await asked.due_closings(db, NOW + 40)] == [a2]
        found = await asked.by_message(db, -100, 77)
        assert found is not None and found.id == a2
        latest = await asked.latest_open(db, -100, 1)
        assert latest is not None and latest.id == a1
        polled = await asked.by_poll(db, "p1")
        assert polled is not None and polled.message_id == 76
    async with store.write() as db:
        assert await asked.close(db, a2) is True
        assert await asked.close(db, a2) is False
    async with store.read() as db:
        assert await asked.by_message(db, -100, 77) is None
        latest = await asked.latest_open(db, -100, None)
        assert latest is not None and latest.id == a1


async def test_a_transaction_function_that_fails_writes_nothing(store: Store) -> None:
    def half_then_fail(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO learners (id, name, created_at) VALUES (3, 'Cy', 0)")
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        await store.transaction(half_then_fail)
    count = await store.transaction(lambda conn: conn.execute("SELECT count(*) FROM learners").fetchone()[0])
    assert count == 2


async def test_a_write_block_that_fails_after_a_good_statement_rolls_it_back(store: Store) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with store.write() as db:
            await db.execute("INSERT INTO learners (id, name, created_at) VALUES (3, 'Cy', 0)")  # fine
            await db.execute("INSERT INTO learners (id, name, created_at) VALUES (1, 'Ann again', 0)")  # refused

    def good_then_refused(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO learners (id, name, created_at) VALUES (4, 'Di', 0)")
        conn.execute("INSERT INTO learners (id, name, created_at) VALUES (2, 'Bo again', 0)")

    with pytest.raises(sqlite3.IntegrityError):
        await store.transaction(good_then_refused)
    async with store.read() as db:
        rows = await db.execute_fetchall("SELECT id, name FROM learners ORDER BY id")
    assert [tuple(r) for r in rows] == [(1, "Ann"), (2, "Bo")]  # neither Cy nor Di: each block all or nothing
    async with store.write() as db:  # and the connection is usable: no transaction left open
        await db.execute("INSERT INTO learners (id, name, created_at) VALUES (5, 'Ed', 0)")
    assert await store.transaction(lambda conn: conn.execute("SELECT count(*) FROM learners").fetchone()[0]) == 3
