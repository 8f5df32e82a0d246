"""What the operator and the admin are told: no server path in an admin's error, a missing banks folder
named in a warning (not just "0 banks")."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from tg_harness import BotEnv
from upload_kit import ADMIN

from bot.config import Settings

BROKEN = {
    "broken.docx": b"not a zip at all" * 100,
    "broken.xlsx": b"PK\x03\x04" + b"\x00" * 300,
    "broken.pdf": b"%PDF-1.4\n" + b"garbage" * 100,
}


@pytest.mark.parametrize("name", list(BROKEN))
async def test_a_broken_document_is_refused_without_a_server_path(admin_env: BotEnv, name: str) -> None:
    async with admin_env.run():
        admin = admin_env.fake.user(ADMIN, "Teacher", language_code="en")
        admin.send_document(BROKEN[name], name, "application/octet-stream")
        said = (await admin_env.fake.next_message(ADMIN, timeout=30)).text or ""
    assert said.startswith(f"Cannot import {name}")
    assert "/tmp" not in said and "studybot-upload" not in said and str(admin_env.db.parent) not in said


async def test_a_missing_banks_folder_is_a_warning_naming_it(
    bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "no-such-banks"
    monkeypatch.setenv("STUDYBOT_BANKS", str(missing))
    bot_settings_env.settings = Settings()
    with caplog.at_level(logging.WARNING):
        async with bot_settings_env.run():
            pass
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(str(missing) in line and "does not exist" in line and "STUDYBOT_BANKS" in line for line in said), said
