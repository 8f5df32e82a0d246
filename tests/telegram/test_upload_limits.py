"""What a document yields is bounded before it reaches the bot, and uploads are read one at a time.

A 40 KB spreadsheet whose ten prompts point at one 11.5-million-character shared string took the whole bot
(8 GB, no answer); a 600,000-character field made a verdict of 148 messages; six uploads at once made six
reading processes. Here the bot holds a small result whatever the document, its admin gets a clear answer
in a few messages, and one reading process at a time keeps one memory ceiling for all."""

from __future__ import annotations

import asyncio
import multiprocessing.forkserver
import os
import time
import tracemalloc
from pathlib import Path

import pytest
from tg_harness import BotEnv, running
from upload_kit import ADMIN, preview_of

from bot.banks.import_queue import import_queue
from tests.banks.sheet_bombs import shared_string_bomb

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def _answers(env: BotEnv, chat_id: int, settle: float = 0.3) -> list[str]:
    await env.settle()
    await asyncio.sleep(settle)
    return [m.text or "" for m in env.fake.sent_to(chat_id)]


async def test_the_shared_string_bomb_leaves_the_bot_small_and_its_admin_told(admin_env: BotEnv) -> None:
    data = shared_string_bomb(11_500_000, rows=10)
    assert len(data) < 64 * 1024  # tens of kilobytes, under every size limit
    async with admin_env.run():
        admin = admin_env.fake.user(ADMIN, "老师", language_code="zh")
        tracemalloc.start()
        try:
            admin.send_document(data, "bomb.xlsx", XLSX)
            said = await _answers(admin_env, ADMIN)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak < 40 * 1024 * 1024, f"the bot process held {peak / 1e6:.0f} MB"  # 115 million characters
    assert len(said) == 1, said
    assert "无法导入 bomb.xlsx" in said[0] and "5,000,000 个字符" in said[0] and "什么都没有改变" in said[0]


async def test_huge_fields_are_left_out_with_their_line_and_the_preview_is_a_few_messages(
    admin_env: BotEnv,
) -> None:
    data = shared_string_bomb(600_000, rows=3, good_rows=200)
    async with admin_env.run():
        admin = admin_env.fake.user(ADMIN, "Teacher", language_code="en")
        preview = await preview_of(admin_env.fake, admin, data, "mixed.xlsx", XLSX)
        said = await _answers(admin_env, ADMIN)
        assert preview.button_texts[0] == "Import 200 questions"
        text = "\n".join(said)
        assert "line 2: the prompt of question 1 is 600,000 characters long, over the limit of 3,000" in text
        assert len(said) <= 3 and all(len(t) <= 4096 for t in said)
        admin.press(preview, "Import 200 questions")
        report = await admin_env.fake.next_message(ADMIN)
        assert "Imported bank" in (report.text or "") and len(report.text or "") < 4096
        bank = admin_env.engine.banks["mixed"]
        assert max(len(q.prompt) for q in bank.questions) < 100


def _bank_text(questions: int, tag: str) -> bytes:
    lines = [f"{tag} 题库", "一、单选题"]
    for i in range(1, questions + 1):
        lines += [
            f"{i}. {tag} 第{i}题：关于某个知识点的一段描述，哪一项是正确的（ ）？",
            "A. 第一个选项  B. 第二个选项  C. 第三个选项  D. 第四个选项",
            "答案：B",
            "解析：因为第二个选项是对的。",
        ]
    return "\n".join(lines).encode()


def _readers() -> list[int]:
    """Pids of the reading processes now: the fork server's children."""
    server = multiprocessing.forkserver._forkserver._forkserver_pid
    if server is None:
        return []
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                status = Path(f"/proc/{entry}/status").read_text()
            except OSError:
                continue
            if f"\nPPid:\t{server}\n" in status:
                found.append(int(entry))
    return found


def _rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    return next((int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0.0)


@pytest.mark.slow
async def test_six_admins_uploading_at_once_are_read_one_at_a_time_under_one_ceiling(
    http_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    admins = [ADMIN + i for i in range(6)]
    monkeypatch.setenv("STUDYBOT_ADMINS", ",".join(map(str, admins)))
    monkeypatch.setenv("STUDYBOT_IMPORT_MEMORY_MB", "400")
    from bot.config import Settings

    http_settings_env.settings = Settings()
    env = http_settings_env
    fake = env.fake
    app = env.build(http=True)
    async with running(app):
        users = [fake.user(a, f"老师{i}", language_code="zh") for i, a in enumerate(admins)]
        for i, user in enumerate(users):
            user.send_document(_bank_text(2500, f"T{i}"), f"bank{i}.txt", "text/plain")
        most_readers, most_mb = 0, 0.0
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            readers = _readers()
            most_readers = max(most_readers, len(readers))
            most_mb = max(most_mb, sum(_rss_mb(p) for p in readers))
            if all(any(m.buttons for m in fake.sent_to(a)) for a in admins):
                break
            await asyncio.sleep(0.02)
        texts = {a: [m.text or "" for m in fake.sent_to(a)] for a in admins}
    assert all(any("导入 2500 题" in str(m.button_texts) for m in fake.sent_to(a)) for a in admins), texts
    queued = sorted(int(t.split("前面还有 ")[1].split(" ")[0]) for ts in texts.values() for t in ts if "已排队" in t)
    assert queued == [1, 2, 3, 4, 5]  # each told its place
    assert import_queue().most_at_once == 1 and most_readers <= 1
    assert most_mb < 400  # the one ceiling holds for all of them together
