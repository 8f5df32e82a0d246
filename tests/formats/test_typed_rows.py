"""Typed rows, as course platforms take a question upload: a type code first (MC, MA, TF, FIB, FIB_PLUS,
NUM, ESS), tab-separated, no header (bot/banks/sheets/typed_rows.py).

Every file is written by the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.importer import ImportResult, import_file
from tests.formats.test_sheets import keys, workbook

ROWS = [
    ["MC", "Which organ pumps blood?", "lung", "incorrect", "heart", "correct", "liver", "incorrect"],
    ["MA", "Which are bones of the arm?", "humerus", "Correct", "femur", "Incorrect", "ulna", "Correct"],
    ["TF", "Adults have more bones than newborns.", "false"],
    ["FIB", "The largest organ of the body is the ____.", "skin", "the skin"],
    ["FIB_PLUS", "Blood cells: red cells carry [a], white cells fight [b].", "a", "oxygen", "O2", "", "b", "infection"],
    ["NUM", "How many chambers has the human heart?", "4", "0"],
    ["ESS", "Explain what the kidneys do.", "They filter the blood and make urine."],
    ["MAT", "Match each organ to its system.", "heart", "circulation", "lung", "breathing"],
    ["MC", "Which vitamin does sunlight help the skin make?", "A", "incorrect", "D", "incorrect"],
    ["MC", "Which is a muscle?", "biceps", "correct", "tibia"],
    ["ESS", "Describe how a reflex works."],
]


def expected_reading(result: ImportResult) -> None:
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AC",
        "tf-3": False,
        "fill-4": ["skin"],
        "fill-5": [["oxygen", "O2"], ["infection"]],
        "fill-6": ["4"],
        "case-7": "They filter the blood and make urine.",
    }
    by_number = {q.number: q for q in result.bank.questions}
    assert by_number[1].options == {"A": "lung", "B": "heart", "C": "liver"}
    assert by_number[4].alternates == ["the skin"]
    assert by_number[5].prompt == "Blood cells: red cells carry ____, white cells fight ____."
    # a kind the chat cannot ask, no right option, an option without its flag, no reference answer
    assert [(lo.line, lo.number) for lo in result.left_out] == [(8, 8), (9, 9), (10, 10), (11, 11)]
    reasons = [lo.en for lo in result.left_out]
    assert "'MAT'" in reasons[0] and "no option is marked correct" in reasons[1]
    assert "correct or incorrect" in reasons[2]


@pytest.mark.parametrize("suffix", [".txt", ".tsv"])
def test_a_tab_separated_upload_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"anatomy{suffix}"
    path.write_text("\n".join("\t".join(row) for row in ROWS) + "\n", encoding="utf-8")
    expected_reading(import_file(path, bank_id="anatomy"))


def test_the_same_rows_kept_in_a_workbook(tmp_path: Path) -> None:
    rows: list[list[object]] = [[c or None for c in row] for row in ROWS]
    expected_reading(import_file(workbook(tmp_path / "anatomy.xlsx", {"Sheet1": rows}), bank_id="anatomy"))


def test_flash_cards_whose_prompts_start_with_a_code_like_word_stay_cards(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text("MC\tmaster of ceremonies\nTF\ttask force\nHR\thuman resources\nPR\tpublic relations\n")
    result = import_file(path, bank_id="cards")
    assert len(result.bank.questions) == 4 and not result.left_out
