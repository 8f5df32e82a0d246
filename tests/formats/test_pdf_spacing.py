"""A page letter-spaced by its style (a web bank printed to PDF) gives every character a space after it, on
short lines too (`答 案 ： B`, `火 星`, `第 2 0 题`): such a line is read together, and the buttons a web quiz
prints with its questions (`确定`, `查看解析与答案`, `Check answer`) are no part of them."""

from __future__ import annotations

from pathlib import Path

from pdf_kit import make_pdf

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind


def imported(tmp_path: Path, pages: list[list[str]]) -> ImportResult:
    path = tmp_path / "bank.pdf"
    path.write_bytes(make_pdf(pages, tmp_path))
    return import_file(path, bank_id="bank")


def test_short_letter_spaced_lines_are_read_together(tmp_path: Path) -> None:
    pages = [
        [
            "第 1 题 (单 选 ):",
            "下 列 哪 一 个 是 行 星 （ ）",
            "A. 火 星",
            "B. 月 亮",
            "正 确 答 案 ： A",
            "第 1 2 题 (单 选 ):",
            "水 在 标 准 气 压 下 的 沸 点 是 （ ）",
            "A. 9 0 度",
            "B. 1 0 0 度",
            "正 确 答 案 ： B",
        ]
    ]
    result = imported(tmp_path, pages)
    got = [(q.number, q.kind, q.options, q.answer) for q in result.bank.questions]
    assert got == [
        (1, Kind.single, {"A": "火星", "B": "月亮"}, "A"),
        (12, Kind.single, {"A": "90度", "B": "100度"}, "B"),
    ]


def test_japanese_letter_spaced_key_and_quiz_buttons(tmp_path: Path) -> None:
    pages = [
        [
            "問 1 次 の う ち 惑 星 は ど れ か 。",
            "A. 金 星",
            "B. 彗 星",
            "答 え 合 わ せ",
            "正 解 ： A",
            "Check answer",
            "問 2 次 の う ち 衛 星 は ど れ か 。",
            "A. 太 陽",
            "B. 月",
            "確 定",
            "解答・解説を見る",
            "正 解 ： B",
        ]
    ]
    path = tmp_path / "bank.pdf"
    path.write_bytes(make_pdf(pages, tmp_path))
    text = extract(path).text
    assert "正解：A" in text and "A. 金星" in text
    result = import_file(path, bank_id="bank")
    assert [(q.options, q.answer) for q in result.bank.questions] == [
        ({"A": "金星", "B": "彗星"}, "A"),
        ({"A": "太陽", "B": "月"}, "B"),
    ]


def test_a_row_of_keys_apart_by_spaces_stays_apart(tmp_path: Path) -> None:
    path = tmp_path / "keys.pdf"
    path.write_bytes(make_pdf([["对 错 对", "A B C", "使用 Python 编程 的 方法"]], tmp_path))
    assert extract(path).text.split("\n") == ["对 错 对", "A B C", "使用 Python 编程 的 方法"]
