"""`studybot export BANK --format xlsx|csv`: the question sheet, and the bundled banks through it."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from bot.banks.importer import import_file
from bot.banks.model import load_bank
from bot.cli import main

BANKS = Path(__file__).resolve().parents[2] / "data" / "banks"


def content(path: Path) -> dict[str, object]:
    bank = load_bank(path) if path.suffix == ".json" else import_file(path, bank_id=path.stem).bank
    return bank.model_dump(
        exclude={"id": True, "source": True, "questions": {"__all__": {"line"}}, "sections": {"__all__": {"line"}}}
    )


@pytest.mark.parametrize("form", ["xlsx", "csv"])
@pytest.mark.parametrize("bank", ["distributed-training-2025", "finetuning-2025"])
def test_the_bundled_banks_survive_a_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str, bank: str
) -> None:
    target = tmp_path / f"{bank}.{form}"
    assert main(["export", str(BANKS / f"{bank}.json"), "--format", form, "-o", str(target)]) == 0
    assert f"-> {target}" in capsys.readouterr().out
    assert content(target) == content(BANKS / f"{bank}.json")


def test_the_sheet_is_the_platform_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(BANKS / "finetuning-2025.json"), "--format", "xlsx"]) == 0
    sheet = openpyxl.load_workbook(tmp_path / "finetuning-2025.xlsx").active
    rows = [[c if c is not None else "" for c in row] for row in sheet.iter_rows(values_only=True)]
    assert rows[0][0] == "2025 年大模型微调优化（含答案与解析）"
    assert rows[1] == [
        "序号",
        "题型",
        "题干",
        "选项A",
        "选项B",
        "选项C",
        "选项D",
        "选项E",
        "正确答案",
        "解析",
        "章节",
        "知识点",
        "备选答案",
    ]
    first = dict(zip(rows[1], rows[2], strict=True))
    shown = (first["序号"], first["题型"], first["正确答案"], first["章节"])
    assert shown == ("1", "单选题", "A", "一、单选题（共 15 题）")
    kinds = {row[1] for row in rows[2:]}
    assert kinds == {"单选题", "多选题", "判断题", "填空题", "案例题"}


def test_the_output_suffix_chooses_the_format(tmp_path: Path) -> None:
    assert main(["export", str(BANKS / "finetuning-2025.json"), "-o", str(tmp_path / "ft.csv")]) == 0
    assert (tmp_path / "ft.csv").read_bytes().startswith(b"\xef\xbb\xbf")  # Excel reads a BOM as UTF-8
    assert main(["export", str(BANKS / "finetuning-2025.json"), "-o", str(tmp_path / "ft.txt")]) == 0
    assert (tmp_path / "ft.txt").read_text(encoding="utf-8").startswith("2025 年大模型微调优化")
