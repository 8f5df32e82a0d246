"""Word papers in units, each unit's questions followed by a table of its keys whose header names the
number and answer columns (`題號 | 答案 | 解析`), under a line the importer knows no answer heading for
(`本單元解答`, `各節解答`). Each table keys its own unit, and the units after it stay questions. Every document
is written by the test with python-docx (word_kit).
"""

from __future__ import annotations

from pathlib import Path

from word_kit import Word

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind

UNITS = [
    (
        "一、水果",
        [
            ("下列何者是水果？", ["石頭", "蘋果", "鐵釘", "木板"], "B", "蘋果可以吃。"),
            ("香蕉通常是什麼顏色？", ["黃色", "藍色", "紫色", "黑色"], "A", "熟香蕉是黃色的。"),
            ("哪一種水果有很多籽？", ["西瓜", "石頭", "玻璃", "鐵"], "A", "西瓜有很多籽。"),
        ],
    ),
    (
        "二、動物",
        [
            ("哪一種動物會飛？", ["牛", "馬", "麻雀", "魚"], "C", "麻雀有翅膀。"),
            ("哪一種動物住在水裡？", ["貓", "鯉魚", "狗", "羊"], "B", "鯉魚用鰓呼吸。"),
            ("哪一種動物有長鼻子？", ["兔子", "老鼠", "猴子", "大象"], "D", "大象的鼻子很長。"),
        ],
    ),
]


def paper(path: Path, label: str, header: list[str]) -> ImportResult:
    word = Word()
    word.para("生活常識 題庫")
    number = 0
    for title, questions in UNITS:
        word.para(title)
        rows = [header]
        for stem, options, key, why in questions:
            number += 1
            word.para(f"{number}. {stem}")
            word.para("　".join(f"({letter}){text}" for letter, text in zip("ABCD", options, strict=True)))
            rows.append([str(number), key, why][: len(header)])
        word.para(label)
        word.table(rows)
    path.write_bytes(word.bytes())
    return import_file(path, bank_id=path.stem)


def test_each_units_key_table_keys_its_own_questions(tmp_path: Path) -> None:
    result = paper(tmp_path / "paper.docx", "本單元解答", ["題號", "答案", "解析"])
    assert [q.number for q in result.bank.questions] == [1, 2, 3, 4, 5, 6]
    assert all(q.kind is Kind.single for q in result.bank.questions)
    assert "".join(str(q.answer) for q in result.bank.questions) == "BAACBD"


def test_a_key_table_without_explanations_under_another_label(tmp_path: Path) -> None:
    result = paper(tmp_path / "paper.docx", "各節解答", ["题号", "答案"])
    assert "".join(str(q.answer) for q in result.bank.questions) == "BAACBD"
