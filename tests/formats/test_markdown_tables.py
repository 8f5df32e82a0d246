"""Question tables in Markdown: a pipe table whose header names question columns is read as a sheet (one
question per row), each row keeping its line of the file; other tables stay text for the text reader."""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind


def imported(tmp_path: Path, name: str, text: str) -> ImportResult:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return import_file(path, bank_id=path.stem)


def keys(result: ImportResult) -> dict[str, object]:
    return {q.id: q.answer for q in result.bank.questions}


TABLES = """# 植物学 单元练习（表格）

说明：每行一题，答案列写正确选项。

## 一、单选题

| 编号 | 题目 | A | B | C | D | 答案 | 解析 |
|:--:|---|---|---|---|---|:--:|---|
| 1 | 进行光合作用的主要器官是 | 根 | 茎 | **叶** | 花 | C | 叶肉细胞含叶绿体。 |
| 2 | 植物吸收水分的主要部位是 | 根毛区 | 分生区 | 伸长区 | 根冠 | A |  |

## 二、多选题

题型 | 题干 | 选项 | 正确答案
---|---|---|---
多选 | 属于种子植物的有 | A. 松<br>B. 蕨<br>C. 桃 | AC
多选 | 属于营养器官的有 | A. 根｜B. 花｜C. 茎 | A,C

*（完）*
"""


def test_question_tables_in_markdown_are_read_row_by_row_under_their_sections(tmp_path: Path) -> None:
    result = imported(tmp_path, "plants.md", TABLES)
    assert keys(result) == {"single-1": "C", "single-2": "A", "multiple-1": "AC", "multiple-2": "AC"}
    first, second, third, _ = result.bank.questions
    assert first.options == {"A": "根", "B": "茎", "C": "叶", "D": "花"}  # bold taken off
    assert first.explanation == "叶肉细胞含叶绿体。" and second.explanation is None
    assert third.options == {"A": "松", "B": "蕨", "C": "桃"}  # <br> between options in one cell
    assert [q.line for q in result.bank.questions] == [9, 10, 16, 17]  # each row's line in the file
    assert [q.section for q in result.bank.questions] == ["一、单选题"] * 2 + ["二、多选题"] * 2
    assert result.bank.counts()[Kind.multiple] == 2


def test_tables_that_are_not_question_tables_stay_text(tmp_path: Path) -> None:
    text = (
        "1. 光合作用的场所是（ ）\nA. 线粒体\nB. 叶绿体\n2. 呼吸作用的场所是（ ）\nA. 线粒体\nB. 叶绿体\n"
        "参考答案\n\n| 题号 | 答案 |\n|---|---|\n| 1 | B |\n| 2 | A |\n"
    )
    path = tmp_path / "keys.md"
    path.write_text(text, encoding="utf-8")
    assert extract(path).tables == [] and extract(path).text == text
    assert keys(imported(tmp_path, "keys.md", text)) == {"single-1": "B", "single-2": "A"}


def test_a_table_with_a_question_header_but_no_separator_row_stays_text(tmp_path: Path) -> None:
    text = "| 题干 | 答案 |\n| 地球是行星吗 | 是 |\n"
    path = tmp_path / "plain.md"
    path.write_text(text, encoding="utf-8")
    assert extract(path).tables == []
