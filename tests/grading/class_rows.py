"""Rows of a class test graded against a bank of their own: `(question id, reply, outcome a teacher gives)`,
the outcome one of correct | partial | wrong | unread. Shared by the class tests so they judge alike."""

from __future__ import annotations

from pathlib import Path

from bot.banks.model import Bank, load_bank, load_banks
from bot.grading import ConceptIndex, Verdict, grade

HERE = Path(__file__).resolve().parent

Row = tuple[str, str, str]


def outcome(verdict: Verdict) -> str:
    return "unread" if verdict.understood is None else str(verdict.outcome)


class ClassBank:
    """A bank of a class test's own, graded with the seed banks' concepts beside it, as the bot loads them."""

    def __init__(self, name: str) -> None:
        self.bank: Bank = load_bank(HERE / name)
        self.concepts = ConceptIndex.from_banks([*load_banks(HERE.parents[1] / "data" / "banks"), self.bank])

    def graded(self, qid: str, reply: str) -> Verdict:
        question = self.bank.question(qid)
        assert question is not None, qid
        return grade(question, reply, self.concepts)

    def check(self, qid: str, reply: str, expect: str) -> None:
        """The teacher's outcome, a partial score strictly between 0 and 1, and nothing for a wrong reply."""
        verdict = self.graded(qid, reply)
        assert outcome(verdict) == expect, f"{qid} {reply!r}: {verdict}"
        if expect == "partial":
            assert 0 < verdict.score < 1, verdict
        if expect == "wrong":
            assert verdict.score == 0.0, verdict
