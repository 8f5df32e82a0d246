"""The held-out grading set: replies typed as learners type them, each judged beforehand as a teacher would.

Three sets, written at different times by different hands, each with a bank of its own subjects:
heldout_replies.jsonl (over the seed banks of data/banks and heldout_bank.json), heldout_replies2.jsonl
(over heldout_bank2.json: history, geography, chemistry, law, nursing, English, networks, economics) and
heldout_replies3.jsonl (over heldout_bank3.json: genetics, astronomy, nutrition, Python, idioms and classical
literature, traffic law, personal finance, world history; written by someone who had not read the grader).
Rows are one JSON object a line:
    bank, q        the bank id and question id
    reply          what the learner sent; or reply_from: "prompt" / "answer" for the question's own text
                   or its reference answer
    expect         correct | partial | wrong | unread (not an answer at all: the bot asks again), or a
                   list of outcomes equally acceptable to a teacher
    score          [low, high] the score must fall in (optional)
    note           why, where the judgement is not plain (optional)
    limit          why the rules cannot read this reply as a teacher does (knowledge they have no source
                   for); the teacher's judgement stays in expect, and the rules must err on the safe
                   side: give it less credit, never more (optional)
The judgements were written before the grader's code was read. Shared by the test and bench/grading_heldout.py,
so the figures and the test judge the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bot.banks.model import Bank, Question, load_bank, load_banks
from bot.grading import ConceptIndex, Verdict, grade

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
REPLIES = HERE / "heldout_replies.jsonl"
REPLIES2 = HERE / "heldout_replies2.jsonl"
REPLIES3 = HERE / "heldout_replies3.jsonl"
SETS = (REPLIES, REPLIES2, REPLIES3)
OWN_BANKS = (HERE / "heldout_bank.json", HERE / "heldout_bank2.json", HERE / "heldout_bank3.json")


_SOME = 1e-9  # partial credit without a range: any credit at all


@dataclass(frozen=True)
class Row:
    source: str  # the file of the set, e.g. heldout_replies2.jsonl
    line: int
    bank: str
    question: Question
    reply: str
    expect: tuple[str, ...]
    score: tuple[float, float] | None
    note: str
    limit: str = ""

    @property
    def accept(self) -> bool:
        """Whether a teacher gives this reply any credit."""
        return any(e in ("correct", "partial") for e in self.expect)

    @property
    def least(self) -> float:
        """The least credit a teacher gives (some, however little, when every outcome allowed gives credit)."""
        if self.score:
            return self.score[0]
        if self.expect == ("correct",):
            return 1.0
        return _SOME if all(e in ("correct", "partial") for e in self.expect) else 0.0

    def label(self) -> str:
        return f"{self.source} line {self.line}: {self.bank}/{self.question.id} {self.reply[:40]!r}"


def banks() -> list[Bank]:
    return [*load_banks(ROOT / "data" / "banks"), *(load_bank(p) for p in OWN_BANKS)]


def load_rows(all_banks: list[Bank], sets: tuple[Path, ...] = SETS) -> list[Row]:
    """The rows of the given sets (all by default), in file order."""
    return [row for path in sets for row in _rows_of(path, all_banks)]


def _rows_of(path: Path, all_banks: list[Bank]) -> list[Row]:
    by_id = {b.id: b for b in all_banks}
    rows = []
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        raw = json.loads(text)
        question = by_id[raw["bank"]].question(raw["q"])
        if question is None:
            raise KeyError(f"{path.name} line {n}: no question {raw['q']} in {raw['bank']}")
        source = raw.get("reply_from")
        if source == "prompt":
            reply = question.prompt
        elif source == "answer":
            reply = str(question.answer)
        else:
            reply = raw["reply"]
        expect = raw["expect"]
        score = raw.get("score")
        rows.append(
            Row(
                source=path.name,
                line=n,
                bank=raw["bank"],
                question=question,
                reply=reply,
                expect=(expect,) if isinstance(expect, str) else tuple(expect),
                score=(float(score[0]), float(score[1])) if score else None,
                note=raw.get("note", ""),
                limit=raw.get("limit", ""),
            )
        )
    return rows


def outcome_of(verdict: Verdict) -> str:
    return "unread" if verdict.understood is None else str(verdict.outcome)


def disagreement(row: Row, verdict: Verdict) -> str | None:
    """Why the grader's verdict is not the teacher's; None when they agree."""
    got = outcome_of(verdict)
    if got not in row.expect:
        return f"{row.label()}: graded {got} ({verdict.score:.2f}), a teacher says {'/'.join(row.expect)}"
    if row.score and got != "unread" and not row.score[0] - 1e-9 <= verdict.score <= row.score[1] + 1e-9:
        return f"{row.label()}: score {verdict.score:.2f} outside {row.score[0]:.2f}..{row.score[1]:.2f}"
    return None


def grade_row(row: Row, concepts: ConceptIndex) -> Verdict:
    return grade(row.question, row.reply, concepts)
