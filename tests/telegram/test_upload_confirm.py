"""A preview's buttons confirm that upload only (ids never reused, the bank's digest on the button), and a
confirmed import is recorded before it is put live: a restart finishes it, and the admin is always told."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer
from tg_harness import BotEnv, start_process, wait_serving
from upload_kit import ADMIN, LAW, preview_of

from bot.locale import LANGUAGES

MENUS = 2 * (len(LANGUAGES) + 1)  # the command menus set at start (tests/telegram/test_tg_run.py)

SMALL = """小测验
一、判断题
1. 水在零度结冰。
答案：对
"""


@pytest.fixture
async def env(admin_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with admin_env.run():
        yield admin_env


async def test_an_old_previews_button_never_imports_a_newer_upload(env: BotEnv) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "老师", language_code="zh")
    old = await preview_of(fake, admin, LAW.encode(), "law.txt", "text/plain")
    env.clock.advance(days=8)  # the old upload expires, and goes when the next one comes
    new = await preview_of(fake, admin, SMALL.encode(), "small.txt", "text/plain")
    answer = await fake.callback_answer(admin.press(old, "导入 3 题"))
    assert answer.show_alert and "过期" in (answer.text or "")
    assert "law" not in env.engine.banks and "small" not in env.engine.banks  # nothing was imported
    admin.press(new, "导入 1 题")
    assert (await fake.next_message(admin.id)).text.startswith("已导入题库 small")
    assert "small" in env.engine.banks and "law" not in env.engine.banks


async def test_a_button_with_another_uploads_digest_takes_nothing(env: BotEnv) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "老师", language_code="zh")
    preview = await preview_of(fake, admin, LAW.encode(), "law.txt", "text/plain")
    data = preview.find_button("导入 3 题")["callback_data"]
    payload, _, _ = data.rpartition(".")
    _, upload_id, digest, choice = payload[1:].split(":")
    forged = env.app.bot_data.codec.encode("upload", int(upload_id), "0" * len(digest), choice)  # type: ignore[union-attr]
    answer = await fake.callback_answer(admin.press_data(preview, forged))
    assert answer.show_alert and "law" not in env.engine.banks
    admin.press_data(preview, data)  # its own button still works
    assert (await fake.next_message(admin.id)).text.startswith("已导入题库 law")


async def test_an_import_stopped_while_being_put_live_is_finished_at_the_restart(admin_env: BotEnv) -> None:
    env = admin_env
    fake = env.fake
    admin = fake.user(ADMIN, "老师", language_code="zh")
    async with env.run() as app:
        preview = await preview_of(fake, admin, LAW.encode(), "law.txt", "text/plain")
        stuck = asyncio.Event()

        async def never(bank: object) -> object:  # the bot stops (or dies) while the bank is being written
            stuck.set()
            await asyncio.Event().wait()
            raise AssertionError("unreachable")

        app.bot_data.bank_admin.install = never  # type: ignore[union-attr, method-assign]
        admin.press(preview, "导入 3 题")
        await asyncio.wait_for(stuck.wait(), 10)
    assert not (env.banks / "law.json").exists()
    async with env.run():
        told = await fake.next_message(admin.id, timeout=10)
        assert (told.text or "").startswith("机器人重启前你确认的导入现已完成")
        assert "已导入题库 law" in (told.text or "")
        assert "law" in env.engine.banks
        answer = await fake.callback_answer(admin.press(preview, "导入 3 题"))
        assert "已经完成" in (answer.text or "")  # not "expired"
    async with env.run():  # told once: a second restart has nothing to finish
        await asyncio.sleep(0.2)
    assert sum("现已完成" in (m.text or "") for m in fake.sent_to(admin.id)) == 1


def _long_bank(n: int) -> str:
    lines = ["大题库", "一、单选题"]
    for i in range(1, n + 1):
        lines += [f"{i}. 第 {i} 题的题干是什么（ ）？", "A. 甲  B. 乙  C. 丙", "答案：B"]
    return "\n".join(lines) + "\n"


def _final(texts: list[str]) -> list[str]:
    return [t for t in texts if "已导入题库 big" in t or "导入失败" in t]


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.15, 0.3, 0.6])
async def test_sigkill_while_a_bank_is_replaced_loses_no_import_and_the_admin_is_told(
    tmp_path: Path, delay: float
) -> None:
    banks = tmp_path / "banks"
    banks.mkdir()
    async with FakeBotServer() as fake:
        settings = {"admins": ADMIN, "banks": banks}
        proc = await start_process(fake, tmp_path, **settings)
        admin = fake.user(ADMIN, "老师", language_code="zh")
        try:
            await wait_serving(fake, proc, lambda: len(fake.calls("setMyCommands")) == MENUS, "startup", timeout=60)
            first = await preview_of(fake, admin, _long_bank(400).encode(), "big.txt", "text/plain")
            admin.press(first, 0)
            await fake.wait_for(lambda: _final([m.text or "" for m in fake.sent_to(admin.id)]), 60, "first import")
            replacing = await preview_of(fake, admin, _long_bank(900).encode(), "big.txt", "text/plain")
            assert "将替换题库" in fake_text(fake, admin.id)
            admin.press(replacing, 0)
            await asyncio.sleep(delay)
        finally:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
        told_before = len(_final([m.text or "" for m in fake.sent_to(admin.id)]))
        proc = await start_process(fake, tmp_path, **settings)
        try:
            # Whenever the kill came, the admin hears of the second import: it is done (or it failed). Told
            # before the kill, the import may still be `applying` (told, then marked): the restart finishes it
            # (telling again), so the signal waits for the start-up's work, not only for the notice.
            await fake.wait_for(
                lambda: len(_final([m.text or "" for m in fake.sent_to(admin.id)])) > told_before or told_before == 2,
                60,
                "the admin told of the replacement",
            )
            await fake.wait_for(lambda: _states(tmp_path) == [("done",), ("done",)], 60, "both imports done")
        finally:
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.communicate(), 30)
        bank = json.loads((banks / "big.json").read_text(encoding="utf-8"))  # whole, never half written
        assert len(bank["questions"]) == 900
        assert _states(tmp_path) == [("done",), ("done",)]


def _states(tmp_path: Path) -> list[tuple[str]]:
    conn = sqlite3.connect(tmp_path / "db.sqlite3", timeout=5)
    try:
        return conn.execute("SELECT state FROM confirmed_imports ORDER BY rowid").fetchall()
    except sqlite3.OperationalError:  # the table is not there yet (the restart has not migrated)
        return []
    finally:
        conn.close()


def fake_text(fake: FakeBotServer, chat_id: int) -> str:
    return "\n".join(m.text or "" for m in fake.sent_to(chat_id))
