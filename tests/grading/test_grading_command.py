"""`studybot grade BANK QUESTION REPLY`: the verdict as one JSON object, clear errors otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from grading_seeds import BANK_000, BANK_004

from bot.banks.model import save_bank
from bot.cli import main


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    banks = tmp_path / "banks"
    save_bank(BANK_000, banks)
    save_bank(BANK_004, banks)
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.setenv("STUDYBOT_BANKS", str(banks))
    return banks


def test_grade_by_bank_file(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(folder / "seed000.json"), "fill-1", "水平画分"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "correct" and out["correct"] is True and out["score"] == 1.0
    assert out["expected"] == "水平划分" and "同音" in out["feedback_zh"]


def test_grade_by_bank_id_uses_the_concepts_of_every_bank(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "seed004", "fill-6", "模型并行"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "另一个概念" in out  # one JSON line, not ASCII-escaped
    assert json.loads(out)["outcome"] == "wrong"


def test_not_an_answer_prints_understood_null(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "seed000", "true_false-1", "maybe"]) == 0
    assert json.loads(capsys.readouterr().out)["understood"] is None


def test_unknown_bank(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "nosuchbank", "fill-1", "x"]) == 2
    err = capsys.readouterr().err
    assert "nosuchbank" in err and "找不到题库" in err and "no bank" in err


def test_unknown_question(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "seed000", "fill-99", "x"]) == 2
    err = capsys.readouterr().err
    assert "fill-99" in err and "seed000" in err


def test_unreadable_bank_file(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = folder.parent / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["grade", str(bad), "fill-1", "x"]) == 2
    assert "bad.json" in capsys.readouterr().err
