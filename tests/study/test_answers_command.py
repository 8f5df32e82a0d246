"""`studybot answers`: what learners answered as CSV, read from the bot's database, and clear errors."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.banks.model import Bank, Kind, Question, load_banks, save_bank
from bot.cli import main
from bot.store import Store
from bot.study.engine import StudyEngine

VOLT = Question(id="f1", kind=Kind.fill, number=3, prompt="电压的国际单位是 ____。", answer=["伏特", "V"])
OHM = Question(id="f2", kind=Kind.fill, number=4, prompt="电阻的国际单位是 ____。", answer=["欧姆"])
AMP = Question(
    id="s1",
    kind=Kind.single,
    number=5,
    prompt="电流的单位是？",
    options={"A": "伏特", "B": "安培", "C": "瓦特"},
    answer="B",
)


async def _answers(db: Path, banks: Path, replies: list[tuple[int, str, str]]) -> None:
    store = await Store.open(db)
    engine = await StudyEngine.create(
        store, load_banks(banks), clock=lambda: datetime(2025, 9, 1, 2, 0, tzinfo=UTC), rng=random.Random(1)
    )
    for learner, qid, reply in replies:
        await engine.ensure_learner(learner, f"L{learner}")
        key = engine.question_key("physics", qid)
        assert key is not None
        asked = await engine.ask(learner, learner, key)
        assert (await engine.answer(learner, asked, reply)).status == "recorded"
    await store.close()


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    banks = tmp_path / "banks"
    save_bank(Bank(id="physics", title="物理", source="p.txt", questions=[VOLT, OHM, AMP]), banks)
    db = tmp_path / "db.sqlite3"
    replies = [
        (1, "f1", "伏"),
        (2, "f1", "伏 。"),
        (3, "f1", "安培"),
        (4, "f1", "V"),
        (1, "f2", "欧姆"),
        (1, "s1", "A"),
        (2, "s1", "选A"),
        (3, "s1", "C"),
    ]
    asyncio.run(_answers(db, banks, replies))
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.setenv("STUDYBOT_BANKS", str(banks))
    monkeypatch.setenv("STUDYBOT_DB", str(db))
    return tmp_path


def test_the_csv_has_a_row_per_question_and_common_wrong_reply(setup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["answers"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    shown = [(r["question"], r["attempts"], r["right"], r["rank"], r["reply"], r["reply_count"]) for r in rows]
    assert shown == [
        ("f1", "4", "1", "1", "伏", "2"),
        ("f1", "4", "1", "2", "安培", "1"),
        ("f2", "1", "1", "", "", ""),  # answered only right
        ("s1", "3", "0", "1", "A", "2"),  # `选A` is A
        ("s1", "3", "0", "2", "C", "1"),
    ]
    assert rows[0]["kind"] == "fill-in" and rows[0]["number"] == "3" and rows[0]["right_share"] == "0.250"


def test_one_bank_to_a_file_for_excel(setup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["answers", "physics", "--top", "1", "-o", str(setup / "answers.csv")]) == 0
    raw = (setup / "answers.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a byte-order mark: Excel reads UTF-8
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [(r["question"], r["reply"]) for r in rows] == [("f1", "伏"), ("f2", ""), ("s1", "A")]
    assert "3 questions ->" in capsys.readouterr().err


def test_errors_say_what_is_wrong(
    setup: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["answers", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "没有题库 nosuch" in err and "no bank nosuch" in err
    assert main(["answers", "--top", "0"]) == 2
    assert "--top is 1 at least" in capsys.readouterr().err
    assert main(["answers", "-o", str(setup / "missing" / "dir" / "a.csv")]) == 2
    assert "cannot write" in capsys.readouterr().err
    monkeypatch.setenv("STUDYBOT_DB", str(setup / "none.sqlite3"))
    assert main(["answers"]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert not (setup / "none.sqlite3").exists()
