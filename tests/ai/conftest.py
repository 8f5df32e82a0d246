"""Fixtures of the model-help tests: the fake model server (started only here), a client on it, a store."""

from __future__ import annotations

from collections.abc import AsyncIterator
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
