"""Sheets whose options are one cell's plain list (`x|y|z`) keyed by an option's number, as quiz exports
write them: the number may count from 0 (an array index) or from 1. The sheet's own evidence decides (a key
0, a key equal to the number of options, the option the explanation names); where nothing decides, those
questions are left out rather than keyed by a guess.

Every sheet here is written by the test.
"""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import ImportResult, import_file

HEADER = "id,type,question,options,answer,explanation\n"


def import_csv(path: Path, text: str) -> ImportResult:
    path.write_text(text, encoding="utf-8")
    return import_file(path, bank_id=path.stem)


def keys(result: ImportResult) -> dict[int, object]:
    return {q.number: q.answer for q in result.bank.questions}


def test_a_space_before_a_quoted_options_cell_keeps_the_cell_whole(tmp_path: Path) -> None:
    text = HEADER + (
        'q1,mcq,"Which metal is liquid at room temperature?", "Iron|Mercury|Copper",1,"Mercury melts at -39 C."\n'
        'q2,mcq,"Which gas do plants take in?", "Oxygen|Carbon dioxide|Helium",1,"They take in carbon dioxide."\n'
        'q3,mcq,"Which planet is nearest the sun?", "Venus|Mars|Mercury",0,"Venus is second; Mercury first."\n'
    )
    result = import_csv(tmp_path / "quiz.csv", text)
    first = result.bank.questions[0]
    assert first.options == {"A": "Iron", "B": "Mercury", "C": "Copper"}  # no stray quote marks


def test_a_key_zero_makes_every_key_count_from_zero(tmp_path: Path) -> None:
    text = HEADER + (
        'q1,mcq,"Which metal is liquid at room temperature?", "Iron|Mercury|Copper",1,""\n'
        'q2,mcq,"Which colour is a primary colour of light?", "Red|Brown|Pink",0,""\n'
        'q3,mcq,"How many legs has a spider?", "Six legs|Eight legs|Ten legs",1,""\n'
    )
    assert keys(import_csv(tmp_path / "zero.csv", text)) == {1: "B", 2: "A", 3: "B"}


def test_a_key_equal_to_the_number_of_options_counts_from_one(tmp_path: Path) -> None:
    text = HEADER + (
        'q1,mcq,"Which metal is liquid at room temperature?", "Iron|Mercury|Copper",2,""\n'
        'q2,mcq,"Which is a mammal?", "Shark|Trout|Whale",3,""\n'
    )
    assert keys(import_csv(tmp_path / "one.csv", text)) == {1: "B", 2: "C"}


def test_the_explanation_decides_the_count_when_the_keys_do_not(tmp_path: Path) -> None:
    # keys 1 and 2 of four options: both readings fit, the explanations name the option counted from 0
    text = HEADER + (
        'q1,mcq,"Which organ pumps blood?", "The liver|The heart|The lungs|The kidneys",1,'
        '"The heart pumps blood through the body."\n'
        'q2,mcq,"Which layer of the sun do we see?", "Core|Corona|Photosphere|Chromosphere",2,'
        '"What we see is the photosphere."\n'
        'q3,true_false,"Water boils at 100 C at sea level.",,true,\n'
    )
    result = import_csv(tmp_path / "explained.csv", text)
    assert keys(result) == {1: "B", 2: "C", 3: True}
    assert any("from 0" in c.en for c in result.conventions)


def test_keys_that_nothing_decides_are_left_out(tmp_path: Path) -> None:
    text = HEADER + (
        'q1,mcq,"Which organ pumps blood?", "The liver|The heart|The lungs|The kidneys",1,""\n'
        'q2,mcq,"Which layer of the sun do we see?", "Core|Corona|Photosphere|Chromosphere",2,""\n'
        'q3,true_false,"Water boils at 100 C at sea level.",,true,\n'
    )
    result = import_csv(tmp_path / "unknown.csv", text)
    assert keys(result) == {3: True}
    assert sorted(o.number for o in result.left_out) == [1, 2]
    assert all("0 or 1" in o.en for o in result.left_out)


def test_numbered_option_columns_still_count_from_one(tmp_path: Path) -> None:
    text = "题目,选项1,选项2,选项3,答案\n哪种金属常温下是液体？,铁,汞,铜,2\n哪种动物是哺乳动物？,鲨鱼,鲸,鳟鱼,2\n"
    assert keys(import_csv(tmp_path / "columns.csv", text)) == {1: "B", 2: "B"}
