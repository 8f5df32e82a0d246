"""Fixtures of the teacher's desk: ``desk`` is the bot running offline against the fake Bot API with the
desk's pages on 127.0.0.1 (desk_kit.py); ``browser`` a fresh Chromium (tests/browser_kit.py)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer, VirtualTime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telegram"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_kit
from desk_kit import DeskEnv, desk_settings, running


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
