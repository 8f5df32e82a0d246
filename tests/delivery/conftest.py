"""Fixtures for the push scheduler (``push_env``: see push_harness.py) and, for command tests, the whole
bot (``bot_env`` from the Telegram tests' harness) with a slow scheduler timer: tests call `tick()`.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakebot import FakeBotServer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telegram"))
from push_harness import PushEnv, StepClock
from tg_harness import BotEnv, settings_env

from bot.store import Store


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer() as server:
        yield server


@pytest.fixture
async def push_env(tmp_path: Path, fake: FakeBotServer) -> AsyncIterator[PushEnv]:
    store = await Store.open(tmp_path / "db.sqlite3")
    env = PushEnv(fake, store, StepClock(datetime(2026, 3, 7, 0, 0, tzinfo=UTC)))
    try:
        yield env
    finally:
        for bot in env.bots:
            await bot.shutdown()
        await store.close()


@pytest.fixture
def bot_settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> BotEnv:
    """The whole bot's settings; the scheduler's own timer is slow, tests call `tick()` themselves."""
    return settings_env(monkeypatch, tmp_path, fake, push_poll_seconds=3600, admins="9001", broadcast_rate=25)


@pytest.fixture
async def bot_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with bot_settings_env.run():
        yield bot_settings_env
