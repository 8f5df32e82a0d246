"""`studybot import`, `export` and `lint` end to end through the CLI entry point (in process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main

DOC = "练习\n一、单选题（共2题）\n1.甲？\nA.是\nB.否\n答案：A\n解析：因为。\n"
SOURCES = Path(__file__).resolve().parents[2] / "data" / "sources"


def test_import_writes_bank_and_prints_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "Quiz 1.txt").write_text(DOC, encoding="utf-8")
    assert main(["import", str(tmp_path / "Quiz 1.txt"), "--out", str(tmp_path / "banks")]) == 0
    out = capsys.readouterr().out
    assert "1 question (single 1, multiple 0, true_false 0, fill 0, case 0), 0 left out, 1 warning" in out
    assert "declares 2 questions but holds 1" in out
    data = json.loads((tmp_path / "banks" / "quiz-1.json").read_text(encoding="utf-8"))
    assert (data["id"], data["source"], data["questions"][0]["id"]) == ("quiz-1", "Quiz 1.txt", "single-1")


def test_import_uses_the_manifest_beside_the_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "banks"
    assert main(["import", str(SOURCES / "004_01acff80206aa941.txt"), "--out", str(out)]) == 0
    assert (out / "finetuning-2025.json").is_file()
    assert "52 questions" in capsys.readouterr().out


def test_import_error_names_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.txt").write_text("一、单选题\n1.甲？\nA.是\nB.否\n", encoding="utf-8")
    assert main(["import", str(tmp_path / "bad.txt"), "--out", str(tmp_path)]) == 1
    assert "bad.txt:2: error: question 1 has no key; not imported / 第 1 题没有答案，未导入" in capsys.readouterr().err
    assert not (tmp_path / "bad.json").exists()


PARTLY = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n2.乙？\nA.是\nB.否\n3.丙？\nA.是\nB.否\n答案：E\n"


def test_import_writes_what_it_can_and_says_what_it_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    (tmp_path / "part.txt").write_text(PARTLY, encoding="utf-8")
    assert main(["import", str(tmp_path / "part.txt"), "--out", str(tmp_path / "banks")]) == 0
    out = capsys.readouterr().out
    assert "1 question (single 1, multiple 0, true_false 0, fill 0, case 0), 2 left out" in out
    assert "一、单选题：导入 1，未导入 2" in out
    assert "第 6 行：第 2 题没有答案，未导入" in out
    assert "第 12 行：第 3 题的答案含 E，但没有选项 E，未导入" in out
    assert "识别到：编号 1. · 选项 A. · 答案：行" in out
    data = json.loads((tmp_path / "banks" / "part.json").read_text(encoding="utf-8"))
    assert [q["id"] for q in data["questions"]] == ["single-1"]


def test_strict_import_writes_nothing_when_a_question_is_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "part.txt").write_text(PARTLY, encoding="utf-8")
    assert main(["import", str(tmp_path / "part.txt"), "--strict", "--out", str(tmp_path / "banks")]) == 1
    err = capsys.readouterr().err
    assert "part.txt:6: error: question 2 has no key; not imported" in err
    assert "--strict: 2 questions left out" in err
    assert not (tmp_path / "banks" / "part.json").exists()


def test_preview_shows_the_first_question_of_each_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    text = PARTLY + "二、判断题\n1.地球是圆的。\n答案：对\n2.地球是方的。\n答案：错\n"
    (tmp_path / "p.txt").write_text(text, encoding="utf-8")
    assert main(["import", str(tmp_path / "p.txt"), "--preview", "--out", str(tmp_path / "banks")]) == 0
    out = capsys.readouterr().out
    assert "── 一、单选题 ──" in out and "── 二、判断题 ──" in out
    assert "1. 甲？" in out and "A. 是" in out and "Key: A" in out
    assert "1. 地球是圆的。" in out and "Key: true" in out
    assert "地球是方的" not in out  # only the first question of each section


def test_id_flag_needs_one_file(tmp_path: Path) -> None:
    assert main(["import", "a.txt", "b.txt", "--id", "x", "--out", str(tmp_path)]) == 2


def test_export_by_id_and_lint_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.txt").write_text(DOC.replace("（共2题）", ""), encoding="utf-8")
    (tmp_path / "b.txt").write_text(DOC.replace("答案：A", "答案：B").replace("（共2题）", ""), encoding="utf-8")
    banks = tmp_path / "banks"
    assert main(["import", str(tmp_path / "a.txt"), "--out", str(banks)]) == 0
    monkeypatch.setenv("STUDYBOT_BANKS", str(banks))
    capsys.readouterr()
    assert main(["export", "a"]) == 0
    assert capsys.readouterr().out == "练习\n\n一、单选题\n\n1. 甲？\nA. 是\nB. 否\n答案：A\n解析：因为。\n"
    assert main(["export", str(banks / "a.json"), "-o", str(tmp_path / "a.out.txt")]) == 0
    assert (tmp_path / "a.out.txt").read_text(encoding="utf-8").startswith("练习\n")
    assert main(["lint"]) == 0
    assert main(["import", str(tmp_path / "b.txt"), "--out", str(banks)]) == 0
    capsys.readouterr()
    assert main(["lint"]) == 1
    assert "a/single-1: error: the same question has different keys" in capsys.readouterr().out
    assert main(["lint", "nope"]) == 2
