"""Fixtures of the teacher's desk: ``desk`` is the bot running offline against the fake Bot API with the
desk's pages on 127.0.0.1 (desk_kit.py), ``lit_desk`` the same with the literature banks; ``teacher``
an HTTP client signing in to it; ``browser`` a fresh Chromium (tests/browser_kit.py)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from fakebot import FakeBotServer, VirtualTime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telegram"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_kit
from desk_kit import DeskEnv, Teacher, desk_settings, running, save_literature


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    server = FakeBotServer(clock=VirtualTime())
    yield server
    await server.stop()


@pytest.fixture
def desk_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer) -> DeskEnv:
    return desk_settings(monkeypatch, tmp_path, fake)


@pytest.fixture
async def desk(desk_env: DeskEnv) -> AsyncIterator[DeskEnv]:
    async with running(desk_env):
        yield desk_env


@pytest.fixture
async def browser() -> AsyncIterator[object]:
    async with browser_kit.chromium() as context:
        yield context


@pytest.fixture
async def teacher(desk_env: DeskEnv) -> AsyncIterator[Teacher]:
    """An HTTP client for the desk (with ``desk`` or ``lit_desk``, which start it)."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield Teacher(desk_env, session)


@pytest.fixture
async def lit_desk(desk_env: DeskEnv) -> AsyncIterator[DeskEnv]:
    """The desk with the literature banks (desk_kit.LIT, MASTERS) beside the seed banks."""
    save_literature(desk_env)
    async with running(desk_env):
        yield desk_env
