"""Fixtures for the Telegram front end: the fake Bot API and the bot running against it.

``bot_env`` gives a ``BotEnv`` (``tg_harness.py``) with the bot already running offline (an offline
request object and `process_update`, no sockets): ``bot_env.fake`` (users, groups, recorded messages),
``bot_env.app``, ``bot_env.engine``, ``bot_env.settings``, ``bot_env.db``, ``bot_env.banks`` (a copy of
the seed banks), ``bot_env.clock`` (the engine's clock) and ``await bot_env.settle()`` (every update so far
handled). To restart the bot inside a test::

    async with bot_env.run(): ...

``http_fake`` and ``http_bot_env``: the same over HTTP by long polling, for the end-to-end tests.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer, VirtualTime
from tg_harness import BotEnv, running, settings_env


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    """The fake, not listening: the bot reaches it through an offline request object. Its flood rules and
    the bot's pacing share a virtual clock, so a wait for the budget takes no real time."""
    server = FakeBotServer(clock=VirtualTime())
    yield server
    await server.stop()


@pytest.fixture
async def http_fake() -> AsyncIterator[FakeBotServer]:
    """The fake listening on 127.0.0.1."""
    async with FakeBotServer() as server:
        yield server


@pytest.fixture
def bot_settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> BotEnv:
    """Settings and files for the bot, not started yet (for tests that build and run it themselves)."""
    return settings_env(monkeypatch, tmp_path, fake)


@pytest.fixture
def admin_env(bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> BotEnv:
    """The bot's settings with the admins of tests/telegram/upload_kit.py (not started)."""
    from upload_kit import as_admins

    return as_admins(bot_settings_env, monkeypatch)


@pytest.fixture
async def bot_env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    async with bot_settings_env.run():
        yield bot_settings_env


@pytest.fixture
def http_settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, http_fake: FakeBotServer) -> BotEnv:
    return settings_env(monkeypatch, tmp_path, http_fake)


@pytest.fixture
async def http_bot_env(http_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    """The bot running by long polling against the listening fake, as `studybot run` does."""
    async with running(http_settings_env.build(http=True)) as app:
        http_settings_env.app = app
        yield http_settings_env
    http_settings_env.app = None
