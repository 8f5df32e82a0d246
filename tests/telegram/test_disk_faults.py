"""A database that cannot be written (a read-only or full disk): learners are told their answer cannot be
saved, the fault is logged once a minute, what only reads keeps working, and it all recovers."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from tg_harness import BotEnv, running

from bot.files import storage_fault

CANNOT_SAVE = "我现在无法保存答案，请稍后再答"


async def _read_only(env_app: object, on: bool) -> None:
    """SQLite's own read-only state on the bot's connection: writes fail as on a read-only disk."""
    store = env_app.bot_data.engine.store  # type: ignore[attr-defined]
    await store._conn.execute(f"PRAGMA query_only = {int(on)}")


@pytest.mark.slow
async def test_a_read_only_database_is_said_to_learners_and_logged_once_a_minute(
    http_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = http_settings_env
    fake = env.fake
    li = fake.user(3301, "李雷")
    amy = fake.user(3302, "Amy", language_code="en")
    app = env.build(http=True)
    async with running(app):
        app.bot_data.inbox.degraded_after = 0.5  # the bot serves without keeping updates after half a second
        li.command("/quiz 单选")
        question = await fake.next_message(li.id, timeout=10)
        assert question.reply_markup is not None
        await _read_only(app, True)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            li.send_text("A")
            assert CANNOT_SAVE in (await fake.next_message(li.id, timeout=20)).text
            for _ in range(5):
                li.command("/quiz")
                assert CANNOT_SAVE in (await fake.next_message(li.id, timeout=20)).text
            amy.command("/start")  # a new learner cannot be saved either: told so in her language
            assert "cannot save" in (await fake.next_message(amy.id, timeout=20)).text.lower()
            li.command("/help")  # what only reads is served
            assert "/quiz" in (await fake.next_message(li.id, timeout=20)).text
        faults = [r for r in caplog.records if "cannot save" in r.getMessage()]
        assert len(faults) == 1  # once a minute, not once an answer
        assert not [r for r in caplog.records if r.exc_info is not None]  # no traceback per update
        await _read_only(app, False)
        li.command("/quiz 判断")
        assert (await fake.next_message(li.id, timeout=20)).reply_markup is not None  # serving, and saving, again
    assert len(fake.sent_to(li.id)) == 9  # the question, 6 notices, /help, the question


def _fault_of(path: Path, prepare: str, statement: str) -> BaseException:
    conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    conn.execute(prepare)
    try:
        conn.execute(statement)
    except sqlite3.Error as exc:
        return exc
    finally:
        conn.close()
    raise AssertionError("no fault")


def test_disk_faults_are_told_from_our_own_errors(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    setup = sqlite3.connect(db, isolation_level=None)
    setup.execute("CREATE TABLE t (x)")
    read_only = _fault_of(db, "PRAGMA query_only = 1", "INSERT INTO t VALUES (1)")
    pages = setup.execute("PRAGMA page_count").fetchone()[0]
    full = _fault_of(db, f"PRAGMA max_page_count = {pages}", "INSERT INTO t VALUES (randomblob(100000))")
    setup.execute("BEGIN IMMEDIATE")
    locked = _fault_of(db, "SELECT 1", "INSERT INTO t VALUES (1)")
    setup.execute("ROLLBACK")
    ours = _fault_of(db, "SELECT 1", "INSERT INTO nowhere VALUES (1)")
    setup.close()
    assert storage_fault(read_only) and storage_fault(full) and storage_fault(locked)
    assert storage_fault(OSError(28, "No space left on device"))
    try:
        raise RuntimeError("the engine failed") from read_only
    except RuntimeError as wrapped:
        assert storage_fault(wrapped)
    assert not storage_fault(ours) and not storage_fault(ValueError("x")) and not storage_fault(None)
