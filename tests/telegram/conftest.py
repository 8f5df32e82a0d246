"""Fixtures for the Telegram front end: the fake Bot API server and the bot running against it.

``bot_env`` gives a ``BotEnv`` (``tg_harness.py``) with the bot already running by long polling:
``bot_env.fake`` (the server: users, groups, recorded messages), ``bot_env.app``, ``bot_env.engine``,
``bot_env.settings``, ``bot_env.db``, ``bot_env.banks`` (a copy of the seed banks) and ``bot_env.clock``
(the engine's clock). To restart the bot inside a test::

    async with running(bot_env.build()) as app: ...
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer
from tg_harness import BotEnv, running, settings_env


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer() as server:
        yield server


@pytest.fixture
def bot_settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> BotEnv:
    """Settings and files for the bot, not started yet (for tests that build and run it themselves)."""
    return settings_env(monkeypatch, tmp_path, fake)


@pytest.fixture
async def bot_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with running(bot_settings_env.build()) as app:
        bot_settings_env.app = app
        yield bot_settings_env
    bot_settings_env.app = None
