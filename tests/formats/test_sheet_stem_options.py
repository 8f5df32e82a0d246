"""Sheets whose stem cell carries its options after a separator (`stem&x&y&z`, sometimes with a trailing
`&`), keyed by the right options' texts joined the same way, and whose type column codes kinds as bare
numbers with no legend: each code's meaning is read from its rows' keys. A judgement keyed by a bare 0 or
1 under such a code is left out, since nothing says which digit means true.

Every sheet here is written by the test.
"""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind

HEADER = "题目,题目类型,答案,分数\n"
ROWS = (
    "下列哪些是水果()&苹果&土豆&香蕉&白菜,5,苹果&香蕉,2\n"
    "下列哪些会飞()&麻雀&鲸鱼&蝙蝠&鸽子&,5,麻雀&蝙蝠&鸽子,2\n"
    "地球绕着太阳转,7,0,1\n"
    "月亮自己发光,7,1,1\n"
    "一周有几天()&五天&六天&七天&八天,3,七天,1\n"
    "水在零度时会()&沸腾&结冰&蒸发&燃烧&,3,结冰,1\n"
)


def import_csv(path: Path, text: str) -> ImportResult:
    path.write_text(text, encoding="utf-8")
    return import_file(path, bank_id=path.stem)


def test_options_after_a_separator_in_the_stem_cell_are_read_and_keyed_by_their_texts(tmp_path: Path) -> None:
    result = import_csv(tmp_path / "bank.csv", HEADER + ROWS)
    by_number = {q.number: q for q in result.bank.questions}
    first = by_number[1]
    assert first.prompt == "下列哪些是水果()"
    assert first.options == {"A": "苹果", "B": "土豆", "C": "香蕉", "D": "白菜"}
    assert (first.kind, first.answer) == (Kind.multiple, "AC")
    assert by_number[2].options["D"] == "鸽子"  # the trailing separator adds no empty option
    assert (by_number[2].kind, by_number[2].answer) == (Kind.multiple, "ACD")
    assert (by_number[5].kind, by_number[5].answer) == (Kind.single, "C")
    assert (by_number[6].kind, by_number[6].answer) == (Kind.single, "B")


def test_judgements_keyed_by_a_bare_digit_under_a_code_no_legend_explains_are_left_out(tmp_path: Path) -> None:
    result = import_csv(tmp_path / "bank.csv", HEADER + ROWS)
    assert {q.number for q in result.bank.questions} == {1, 2, 5, 6}
    assert {lo.number for lo in result.left_out} == {3, 4}
    assert all("0 与 1" in lo.zh for lo in result.left_out)


def test_judgement_words_under_a_code_read_from_its_rows_are_read(tmp_path: Path) -> None:
    rows = ROWS.replace("地球绕着太阳转,7,0", "地球绕着太阳转,7,对").replace("月亮自己发光,7,1", "月亮自己发光,7,错")
    result = import_csv(tmp_path / "bank.csv", HEADER + rows)
    by_number = {q.number: q for q in result.bank.questions}
    assert (by_number[3].kind, by_number[3].answer) == (Kind.true_false, True)
    assert (by_number[4].kind, by_number[4].answer) == (Kind.true_false, False)


def test_a_separator_one_row_uses_otherwise_is_not_taken_for_options(tmp_path: Path) -> None:
    # The second row's key names no text after its `&`: the separator is the stems' own text, so no row
    # has its stem cut.
    text = HEADER + "下列哪些是水果()&苹果&土豆&香蕉,5,苹果&香蕉,2\nR&D 的意思是什么()&研究&开发,5,研究与开发,2\n"
    result = import_csv(tmp_path / "bank.csv", text)
    assert all(not q.options for q in result.bank.questions)
