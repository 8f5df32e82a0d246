"""Fixtures for engine tests: small hand-built banks, a clock tests move, an engine on a real file."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from engine_helpers import Clock, EngineFactory

from bot.banks.model import Bank, Kind, Question
from bot.store import Store
from bot.study.engine import StudyEngine


def _single(i: int) -> Question:
    return Question(
        id=f"s{i}",
        kind=Kind.single,
        number=i,
        prompt=f"Single {i}?",
        options={"A": "one", "B": "two", "C": "three"},
        answer="B",
        explanation=f"Because {i}.",
    )


def make_banks() -> list[Bank]:
    law = Bank(
        id="law",
        title="Law",
        source="law.txt",
        questions=[
            *(_single(i) for i in range(1, 6)),
            Question(
                id="m1",
                kind=Kind.multiple,
                number=6,
                prompt="Pick two",
                options={"A": "a", "B": "b", "C": "c", "D": "d"},
                answer="AC",
            ),
            Question(id="t1", kind=Kind.true_false, number=7, prompt="The sky is blue.", answer=True),
            Question(id="t2", kind=Kind.true_false, number=8, prompt="Fire is cold.", answer=False),
        ],
    )
    med = Bank(
        id="med",
        title="Medicine",
        source="med.txt",
        questions=[
            Question(id="f1", kind=Kind.fill, number=1, prompt="The heart has ____ chambers.", answer=["4", "四"]),
            Question(id="t1", kind=Kind.true_false, number=2, prompt="Blood is red.", answer=True),
        ],
    )
    return [law, med]


@pytest.fixture
def banks() -> list[Bank]:
    return make_banks()


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2024, 5, 6, 4, 0, tzinfo=UTC))  # 12:00 in Shanghai


@pytest.fixture
async def make_engine(tmp_path: Path, banks: list[Bank], clock: Clock) -> AsyncIterator[EngineFactory]:
    stores: list[Store] = []

    async def factory(seed: int = 1, name: str = "db.sqlite3", bank_list: list[Bank] | None = None) -> StudyEngine:
        store = await Store.open(tmp_path / name)
        stores.append(store)
        return await StudyEngine.create(store, bank_list or banks, clock=clock, rng=random.Random(seed))

    yield factory
    for store in stores:
        await store.close()


@pytest.fixture
async def engine(make_engine: EngineFactory) -> StudyEngine:
    eng = await make_engine()
    await eng.ensure_learner(1, "Ann", "zh", "Asia/Shanghai")
    return eng
