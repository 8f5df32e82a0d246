"""A question with one more reply accepted, as a teacher's [接受] writes it into the bank; pure.

- Fill-in: what the reply puts in each blank the grader refused becomes one more accepted answer of that
  blank (a single-blank question: its `alternates`; several blanks: the blank's list in `answer`). Blanks
  the grader accepted already (a typo it forgives) get nothing: a typo is not made a key.
- Case: the reply, whole, joins the question's `alternates`; the case grader credits a reply that says
  the same with every point (bot/grading/accepted.py). It is not spliced into the reference's points:
  which point each of its clauses makes is what the rules could not tell in the first place.

The result is checked by grading the reply with it: None when even then the reply would not be right (a
blank left empty, say), so nothing half-done is ever written.
"""

from __future__ import annotations

import unicodedata

from bot.banks.model import Kind, Question
from bot.grading import ConceptIndex, grade
from bot.grading.accepted import BlankReply, blank_replies

__all__ = ["ACCEPTABLE_KINDS", "with_reply"]

ACCEPTABLE_KINDS = frozenset({Kind.fill, Kind.case})


def _written(text: str) -> str:
    """As it goes into the bank file: full-width letters and digits folded, spacing collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def with_reply(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Question | None:
    """`question` with `reply` accepted (itself when its key credits the reply already); None when it
    cannot be (another kind, or grading would still not credit it)."""
    if question.kind not in ACCEPTABLE_KINDS:
        return None
    if grade(question, reply, concepts).correct:
        return question
    candidates = (
        [_with_case(question, reply)] if question.kind is Kind.case else _fill_candidates(question, reply, concepts)
    )
    return next((c for c in candidates if grade(c, reply, concepts).correct), None)


def _with_case(question: Question, reply: str) -> Question:
    wording = reply.strip()
    return question.model_copy(update={"alternates": [*question.alternates, wording]})


def _fill_candidates(question: Question, reply: str, concepts: ConceptIndex | None) -> list[Question]:
    return [_with_blanks(question, reading) for reading in blank_replies(question, reply, concepts)]


def _with_blanks(question: Question, reading: list[BlankReply]) -> Question:
    answer = question.answer
    if isinstance(answer, list) and answer and all(isinstance(b, list) for b in answer):
        blanks = [list(b) for b in answer]  # type: ignore[union-attr]
        graded = [i for i, b in enumerate(blanks) if b]  # the blanks the grader reads, in order
        for i, said in zip(graded, reading, strict=True):
            text = _written(said.text)
            if not said.ok and text and text not in blanks[i]:
                blanks[i].append(text)
        return question.model_copy(update={"answer": blanks})
    said = reading[0]
    text = _written(said.text)
    if said.ok or not text or text in question.blanks()[0]:
        return question
    return question.model_copy(update={"alternates": [*question.alternates, text]})
