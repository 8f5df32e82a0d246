"""Right options marked by their cell's format where a sheet has no key column: red text, bold, a coloured
fill (bot/banks/formats/sheet.py reads the format, bot/banks/sheets/table.py the marks).

Every sheet is written by the test with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.styles import Font, PatternFill

from bot.banks.importer import import_file
from tests.formats.test_sheets import keys

RED, BOLD, YELLOW = Font(color="FFFF0000"), Font(bold=True), PatternFill("solid", fgColor="FFFFFF00")


def marked_book(path: Path, *, key_column: bool) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["题干", "A", "B", "C", "D", *(["答案"] if key_column else [])])
    sheet.append(["地球上最大的大洋是", "大西洋", "太平洋", "印度洋", "北冰洋", *(["B"] if key_column else [])])
    sheet.append(["属于亚洲的国家有", "中国", "法国", "日本", "巴西", *(["AC"] if key_column else [])])
    sheet.append(["世界上最长的河流是", "尼罗河", "长江", "亚马孙河", "黄河", *(["A"] if key_column else [])])
    sheet["A1"].font = BOLD  # a bold header and a red stem mark no option
    sheet["A2"].font = RED
    sheet["C2"].font = RED
    sheet["B3"].font, sheet["D3"].font = BOLD, BOLD
    sheet["B4"].fill = YELLOW
    book.save(path)
    return path


def test_options_marked_red_bold_or_highlighted_are_the_key_without_a_key_column(tmp_path: Path) -> None:
    result = import_file(marked_book(tmp_path / "marked.xlsx", key_column=False), bank_id="marked")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "single-3": "A"}
    assert result.bank.questions[0].options == {"A": "大西洋", "B": "太平洋", "C": "印度洋", "D": "北冰洋"}
    assert result.bank.questions[0].prompt == "地球上最大的大洋是"


def test_format_marks_beside_a_key_column_leave_the_options_as_written(tmp_path: Path) -> None:
    result = import_file(marked_book(tmp_path / "keyed.xlsx", key_column=True), bank_id="keyed")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "single-3": "A"}
    assert all("✓" not in text for q in result.bank.questions for text in q.options.values())
