"""Fixtures of the model-help tests: the fake model server (started only here), a client on it, a store."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from fakemodel import FakeModel

from bot.ai.client import ModelClient
from bot.store import Store

KEY = "sk-test-5ecret-9f8e7d6c5b4a"


@pytest.fixture
async def fake() -> AsyncIterator[FakeModel]:
    async with FakeModel() as server:
        yield server


@pytest.fixture
async def client(fake: FakeModel) -> AsyncIterator[ModelClient]:
    made = ModelClient(fake.url, "fake-model", key=KEY, timeout=2.0, concurrency=4)
    yield made
    await made.close()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "ai.sqlite3") as opened:
        yield opened


@pytest.fixture
def model_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeModel]:
    """The fake on a thread of its own and the STUDYBOT_AI_* settings pointing at it, for the `studybot`
    command run in process (it runs its own event loop and sets up logging, undone afterwards)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    fake = FakeModel()
    with fake.thread():
        monkeypatch.setenv("STUDYBOT_AI_URL", fake.url)
        monkeypatch.setenv("STUDYBOT_AI_MODEL", "fake-model")
        monkeypatch.setenv("STUDYBOT_AI_KEY", KEY)
        monkeypatch.setenv("LANG", "en_US.UTF-8")
        yield fake
    root.handlers[:], root.level = handlers, level
