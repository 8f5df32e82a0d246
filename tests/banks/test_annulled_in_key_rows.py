"""A row of an answer part that gives one question no key by a word (`7-ANULADA`, `4. Bonus`) still keys the
others in the row: the word takes its question's place, and that question is left out without a key. Every
paper here is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

QUESTIONS = "".join(
    f"{n}.- Pregunta número {n} sobre el temario:\na) primera\nb) segunda\nc) tercera\n" for n in range(1, 7)
)


@pytest.mark.parametrize(
    "row",
    ["1-a    2-b    3-ANULADA    4-c    5-a    6-b", "1. a   2. b   3. Bonus   4. c   5. a   6. b"],
    ids=["anulada", "bonus"],
)
def test_an_annulled_place_in_a_row_of_keys(row: str) -> None:
    paper = f"{QUESTIONS}\nPLANTILLA DE RESPUESTAS\n{row}\n"
    result = import_text(paper, source="test.txt", bank_id="test")
    assert [(q.number, q.answer) for q in result.bank.questions] == [
        (1, "A"),
        (2, "B"),
        (4, "C"),
        (5, "A"),
        (6, "B"),
    ]
    assert [lo.number for lo in result.left_out] == [3]
