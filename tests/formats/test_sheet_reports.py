"""Every sheet of a workbook is read or reported: the summary names each sheet with what came of it (its
questions, its use for another sheet, or why it was not read), and a row left out names its sheet.

The workbooks are written by the test with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from bot.banks.importer import import_file
from bot.banks.issues import DocumentError
from bot.banks.summary import summary
from tests.formats.test_sheets import keys, workbook

KNOWN = [
    ["题型", "题干", "A", "B", "C", "D", "答案"],
    *[["单选题", f"{n} 的两倍是多少？", str(n), str(2 * n), str(3 * n), str(n + 1), "B"] for n in range(1, 9)],
]


def polish_sheet(count: int) -> list[list[object]]:
    """`count` questions behind a header in a language the importer has no names for."""
    rows: list[list[object]] = [["Zestaw II — mnożenie"], ["Nr", "Pytanie", "Odp. 1", "Odp. 2", "Odp. 3", "Klucz"]]
    for n in range(1, count + 1):
        options = [n * 3, n * 3 + 1, n * 3 - 1]
        right = "ABC"[n % 3]
        rows.append(
            [n, f"Ile to jest {n} razy 3?", *[str(o) for o in options[-(n % 3) :] + options[: -(n % 3)]], right]
        )
    return rows


def test_a_second_sheet_of_fifty_questions_behind_an_unknown_header_is_read_too(tmp_path: Path) -> None:
    path = workbook(tmp_path / "two.xlsx", {"Questions": KNOWN, "Pytania": polish_sheet(50)})
    result = import_file(path, bank_id="two")
    assert len(result.bank.questions) == 58 and not result.left_out
    assert [(n.name, n.read, n.imported) for n in result.sheets] == [("Questions", True, 8), ("Pytania", True, 50)]
    lines = summary(result, "en")
    assert lines[:3] == [
        "imported 58 questions (single-choice 58), left out 0",
        "  sheet 'Questions': 8 questions imported, 0 left out",
        "  sheet 'Pytania': 50 questions imported, 0 left out",
    ]
    pytania = [q for q in result.bank.questions if q.section == "Pytania"]
    assert all(q.options[q.answer] == str(q.number * 3) for q in pytania)


def test_every_sheet_is_named_with_what_came_of_it(tmp_path: Path) -> None:
    scores: list[list[object]] = [["Uczeń", "Klasa", "Wynik", "Uwagi"]]
    scores += [[f"Uczeń {n}", "7a", 10 + n, ""] for n in range(1, 51)]
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in {
        "Questions": KNOWN,
        "Wyniki": scores,
        "说明": [["填写说明：每行一题"]],
        "Lists": [["单选题"]],
    }.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book["Lists"].sheet_state = "hidden"
    book.create_sheet("Sheet5")
    path = tmp_path / "all.xlsx"
    book.save(path)
    result = import_file(path, bank_id="all")
    assert [n.name for n in result.sheets] == book.sheetnames  # every sheet, in the workbook's order
    lines = summary(result, "zh")
    assert lines[1:6] == [
        "  工作表“Questions”：导入 8 题，未导入 0 题",
        "  工作表“Wyniki”：未读取：51 行，没有一列像选项或答案（选项字母、序号、对错）",
        "  工作表“说明”：说明页，没有题目",
        "  工作表“Lists”：隐藏，未读取",
        "  工作表“Sheet5”：空白",
    ]
    assert "  sheet 'Wyniki': not read: 51 rows, no column holds option-like or key-like values" in "\n".join(
        summary(result, "en")
    )


def test_an_answer_sheet_in_an_unknown_language_is_joined_by_question_number(tmp_path: Path) -> None:
    questions: list[list[object]] = [["Nr", "Pytanie", "A", "B", "C"]]
    questions += [[1, "Stolica Polski to?", "Kraków", "Warszawa", "Gdańsk"], [2, "Ile dni ma tydzień?", "5", "7", "9"]]
    questions += [[3, "Najdłuższa rzeka Polski?", "Wisła", "Odra", "Warta"]]
    answers: list[list[object]] = [["Nr", "Odpowiedź"], [1, "B"], [2, "B"], [3, "A"]]
    result = import_file(workbook(tmp_path / "klucz.xlsx", {"Pytania": questions, "Klucz": answers}), bank_id="k")
    assert keys(result) == {"single-1": "B", "single-2": "B", "single-3": "A"}
    assert [(n.name, n.read, n.en) for n in result.sheets] == [
        ("Pytania", True, ""),
        ("Klucz", False, "keys by question number, joined to sheet 'Pytania'"),
    ]


def test_a_row_left_out_names_its_sheet(tmp_path: Path) -> None:
    bad = [*KNOWN[:3], ["单选题", "3 的两倍是多少？", "3", "6", "9", "4", "E"]]
    result = import_file(workbook(tmp_path / "bad.xlsx", {"Questions": KNOWN, "More": bad}), bank_id="bad")
    (left,) = result.left_out
    assert (left.sheet, left.line) == ("More", 4)
    assert "  工作表“More”第 4 行：第 3 题的答案含 E，但没有选项 E，未导入" in summary(result, "zh")
    assert "  sheet 'More' row 4: the key of question 3 names option E, which it does not have; not imported" in (
        summary(result, "en")
    )
    assert [(n.name, n.imported, n.left_out) for n in result.sheets] == [("Questions", 8, 0), ("More", 2, 1)]


def test_a_workbook_of_nothing_readable_names_each_sheet_and_what_it_needs(tmp_path: Path) -> None:
    scores: list[list[object]] = [["Uczeń", "Wynik", "Klasa"], ["Anna", 18, "7a"], ["Jan", 15, "7b"]]
    colours: list[list[object]] = [["czerwony", "zielony", "biały"], ["niebieski", "żółty", "czarny"]]
    with pytest.raises(DocumentError) as info:
        import_file(workbook(tmp_path / "none.xlsx", {"Wyniki": scores, "Kolory": colours}), bank_id="none")
    said = [i.en for i in info.value.issues]
    assert len(said) == 2 and "sheet 'Wyniki'" in said[0] and "sheet 'Kolory'" in said[1]
    assert all("a row of column names is needed" in s and "without a header" in s for s in said)


def test_a_document_pasted_into_a_sheet_is_read_row_by_row(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["一、单选题"],
        ["1. 下列属于哺乳动物的是（ ）"],
        ["A. 鲸", "B. 鲨鱼", "C. 金枪鱼", "D. 海马"],
        ["答案：A"],
        ["2. 地球的天然卫星是"],
        ["A. 月球  B. 火星  C. 金星"],
        ["答案：A"],
        ["二、判断题"],
        ["3. 太阳是一颗恒星。（√）"],
    ]
    result = import_file(workbook(tmp_path / "paper.xlsx", {"试卷": rows}), bank_id="paper")
    assert keys(result) == {"single-1": "A", "single-2": "A", "tf-3": True}
    assert [q.line for q in result.bank.questions] == [2, 5, 9]  # the rows the questions start on
    assert result.bank.questions[0].options == {"A": "鲸", "B": "鲨鱼", "C": "金枪鱼", "D": "海马"}
    assert any("row by row as lines of text" in c.en for c in result.conventions)
