"""Questions numbered `Q.1`, `Qn. 2`, `Ques.3` (coaching papers' style) with options numbered `(1) … (4)` and
`Ans. (2)` under them: read as questions over their options, not the options as questions of their own; a
key word inside a sentence (`… the solution is`) keys nothing. Every paper here is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

BIOLOGY = """Weekly Quiz 4 — Biology
Q.1  The powerhouse of the cell is
(1) nucleus
(2) mitochondrion
(3) ribosome
(4) vacuole
Ans. (2)
Sol.  It makes most of the cell's ATP.
Q.2  Which blood cells carry oxygen?
(1) red blood cells
(2) platelets
(3) white blood cells
(4) plasma cells
Ans. (1)
Q.3  The sugar in a saline solution is
(1) absent
(2) glucose
(3) sucrose
(4) lactose
Ans. (1)
Q.4  How many chambers has the human heart? (Integer type)
Ans. 4
"""

GEOGRAPHY = """Qn. 1 Which is the largest ocean?
(1) Atlantic
(2) Indian
(3) Pacific
(4) Arctic
Ans. (3)

Qn. 2 Which river flows through Cairo?
(1) Nile
(2) Congo
(3) Niger
(4) Zambezi
Ans. (1)

Ques.3 Mount Kilimanjaro stands in
(1) Kenya
(2) Tanzania
(3) Uganda
(4) Ethiopia
Ans. (2)
"""


@pytest.mark.parametrize(
    ("paper", "read"),
    [
        (BIOLOGY, [("single", "B"), ("single", "A"), ("single", "A"), ("fill", ["4"])]),
        (GEOGRAPHY, [("single", "C"), ("single", "A"), ("single", "B")]),
    ],
    ids=["q-dot", "qn-ques"],
)
def test_q_dot_numbers_head_questions_over_numbered_options(paper: str, read: list[tuple[str, object]]) -> None:
    result = import_text(paper, source="quiz.txt", bank_id="quiz")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == read
    assert not result.left_out
