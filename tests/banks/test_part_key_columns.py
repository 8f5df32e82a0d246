"""A Word worksheet whose parts number their questions from 1 again, keyed at the end by a table with a column
per part (`甲部 | 乙部 | 丙部` over `1. b | 1. ✓ | 1. 風速計`; `Part A | Part B` over `1. c | 1. True`): each
column keys its own part (bot/banks/formats/key_tables.py). Every document here is written by the test."""

from __future__ import annotations

from pathlib import Path

import docx

from bot.banks.formats.key_tables import key_block
from bot.banks.importer import import_file


def _worksheet(path: Path, parts: list[tuple[str, list[str]]], heading: str, table: list[list[str]]) -> Path:
    document = docx.Document()
    for title, lines in parts:
        document.add_heading(title, level=2)
        for line in lines:
            document.add_paragraph(line)
    document.add_paragraph(heading)
    grid = document.add_table(rows=len(table), cols=len(table[0]))
    for r, row in enumerate(table):
        for c, cell in enumerate(row):
            grid.cell(r, c).text = cell
    document.save(path)
    return path


def test_a_key_table_a_column_per_part(tmp_path: Path) -> None:
    # a primary science worksheet in traditional Chinese, written here
    path = _worksheet(
        tmp_path / "science.docx",
        [
            (
                "甲部：選擇題",
                [
                    "1. 植物製造養分的器官是",
                    "a. 根　　b. 葉　　c. 花　　d. 果實",
                    "2. 水的沸點是",
                    "a. 0°C　　b. 50°C　　c. 100°C　　d. 200°C",
                ],
            ),
            ("乙部：是非題", ["（　　）1. 月球會自己發光。", "（　　）2. 地球繞着太陽轉。"]),
            ("丙部：填充題", ["1. 植物進行光合作用時放出＿＿＿＿。", "2. 冰熔化成水的過程叫＿＿＿＿。"]),
        ],
        "參考答案",
        [["甲部", "乙部", "丙部"], ["1. b", "1. ✗", "1. 氧氣"], ["2. c", "2. ✓", "2. 熔化"]],
    )
    result = import_file(path, bank_id="b")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [
        ("single", "B"),
        ("single", "C"),
        ("true_false", False),
        ("true_false", True),
        ("fill", ["氧氣"]),
        ("fill", ["熔化"]),
    ]


def test_columns_of_unequal_length(tmp_path: Path) -> None:
    # an English quiz in two parts, written here
    path = _worksheet(
        tmp_path / "quiz.docx",
        [
            (
                "Part A",
                [
                    "1. Which gas do we breathe in?",
                    "a. oxygen b. helium c. neon",
                    "2. Which animal lays eggs?",
                    "a. cow b. hen c. dog",
                    "3. How many days has a week?",
                    "a. five b. six c. seven",
                ],
            ),
            ("Part B", ["1. The Sun is a star. (True/False)"]),
        ],
        "Answer key",
        [["Part A", "Part B"], ["1. a", "1. True"], ["2. b", ""], ["3. c", ""]],
    )
    result = import_file(path, bank_id="b")
    assert [q.answer for q in result.bank.questions] == ["A", "B", "C", True]


def test_the_table_reads_as_one_key_line_per_part() -> None:
    rows = [["甲部", "乙部"], ["1. b", "1. ✓"], ["2. c", "2. ✗"], ["3. a", ""]]
    assert key_block(rows) == ["答案：", "甲部：1. b；2. c；3. a", "乙部：1. ✓；2. ✗", ""]


def test_a_table_with_other_cells_is_no_key_table() -> None:
    rows = [["Name", "Class"], ["1. Wang", "6A"], ["2. Li", "6B"]]
    assert key_block(rows) is None


def test_numbers_out_of_order_are_no_keys() -> None:
    rows = [["甲部", "乙部"], ["1. b", "2. ✓"], ["3. c", "1. ✗"]]
    assert key_block(rows) is None
