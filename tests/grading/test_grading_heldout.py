"""The held-out replies (heldout_replies.jsonl, heldout_replies2.jsonl, heldout_replies3.jsonl): every one
graded as a teacher judged it beforehand.

bench/grading_heldout.py prints the same comparison as figures per kind.
"""

from __future__ import annotations

import pytest
from heldout_set import REPLIES, REPLIES2, REPLIES3, Row, banks, disagreement, grade_row, load_rows

from bot.grading import ConceptIndex

BANKS = banks()
CONCEPTS = ConceptIndex.from_banks(BANKS)
ROWS = load_rows(BANKS)
FIRST = [r for r in ROWS if r.source == REPLIES.name]
SECOND = [r for r in ROWS if r.source == REPLIES2.name]
THIRD = [r for r in ROWS if r.source == REPLIES3.name]
KINDS = {"single", "multiple", "true_false", "fill", "case"}


def varied_and_mostly_not_easy(rows: list[Row]) -> None:
    refused = [r for r in rows if not r.accept]
    assert len(refused) * 3 >= len(rows), "a third at least must not be accepted"
    assert {str(r.question.kind) for r in rows} == KINDS
    assert len({(r.bank, r.question.id, r.reply) for r in rows}) == len(rows), "a row is written twice"


def test_the_set_is_large_varied_and_mostly_not_easy() -> None:
    own_subject = [r for r in FIRST if r.bank == "heldout-biology"]
    assert len(FIRST) >= 250 and len(own_subject) >= 40
    varied_and_mostly_not_easy(FIRST)


def test_the_second_set_is_large_varied_and_mostly_not_easy_in_subjects_of_its_own() -> None:
    assert len(SECOND) >= 250 and {r.bank for r in SECOND} == {"heldout-mixed"}
    assert len({r.question.id for r in SECOND}) >= 20, "every question of its bank is asked"
    varied_and_mostly_not_easy(SECOND)


def test_the_third_set_is_large_varied_and_mostly_not_easy_in_subjects_of_its_own() -> None:
    assert len(THIRD) >= 300 and {r.bank for r in THIRD} == {"heldout-dev4"}
    assert len({r.question.id for r in THIRD}) >= 40, "every question of its bank is asked"
    varied_and_mostly_not_easy(THIRD)


@pytest.mark.parametrize("row", [r for r in ROWS if not r.limit], ids=Row.label)
def test_graded_as_a_teacher_judged(row: Row) -> None:
    verdict = grade_row(row, CONCEPTS)
    assert disagreement(row, verdict) is None, verdict


@pytest.mark.parametrize("row", [r for r in ROWS if r.limit], ids=Row.label)
def test_beyond_the_rules_the_grader_errs_on_the_safe_side(row: Row) -> None:
    """A reply only knowledge the rules have no source for can read (a synonym, an English name no bank
    writes) gets less credit than a teacher gives, never more (none where a teacher gives none, as for a
    reply the bot asks again about that a teacher marks wrong); once it is read right, drop its limit."""
    verdict = grade_row(row, CONCEPTS)
    assert disagreement(row, verdict) is not None, f"{row.label()} is read right now: drop its limit"
    assert verdict.score < row.least or verdict.score == row.least == 0, verdict
