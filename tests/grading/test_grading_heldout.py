"""The held-out replies (heldout_replies.jsonl): every one graded as a teacher judged it beforehand.

bench/grading_heldout.py prints the same comparison as figures per kind.
"""

from __future__ import annotations

import pytest
from heldout_set import Row, banks, disagreement, grade_row, load_rows

from bot.grading import ConceptIndex

BANKS = banks()
CONCEPTS = ConceptIndex.from_banks(BANKS)
ROWS = load_rows(BANKS)


def test_the_set_is_large_varied_and_mostly_not_easy() -> None:
    refused = [r for r in ROWS if not r.accept]
    own_subject = [r for r in ROWS if r.bank == "heldout-biology"]
    assert len(ROWS) >= 250 and len(own_subject) >= 40
    assert len(refused) * 3 >= len(ROWS), "a third at least must not be accepted"
    assert {str(r.question.kind) for r in ROWS} == {"single", "multiple", "true_false", "fill", "case"}
    assert len({(r.bank, r.question.id, r.reply) for r in ROWS}) == len(ROWS), "a row is written twice"


@pytest.mark.parametrize("row", [r for r in ROWS if not r.limit], ids=Row.label)
def test_graded_as_a_teacher_judged(row: Row) -> None:
    verdict = grade_row(row, CONCEPTS)
    assert disagreement(row, verdict) is None, verdict


@pytest.mark.parametrize("row", [r for r in ROWS if r.limit], ids=Row.label)
def test_beyond_the_rules_the_grader_errs_on_the_safe_side(row: Row) -> None:
    """A reply only knowledge the rules have no source for can read (a synonym, an English name no bank
    writes) gets less credit than a teacher gives, never more; once it is read right, drop its limit."""
    verdict = grade_row(row, CONCEPTS)
    assert disagreement(row, verdict) is not None, f"{row.label()} is read right now: drop its limit"
    assert verdict.score < row.least, verdict
