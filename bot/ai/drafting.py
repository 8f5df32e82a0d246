"""`studybot explain`: a model drafts explanations into a bank for a teacher to review.

Only questions without an explanation get one (and, unless `missing_only`, questions whose explanation is
an unreviewed draft of a model get a new draft); an explanation a teacher wrote or reviewed is never
touched. Case questions are left alone: their reference answer is their explanation. Each draft is
marked in the question's `meta` (bot/banks/provenance.py), so lint lists it until it is reviewed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import date

from bot.ai.client import ModelClient, ModelError
from bot.ai.explain import write_explanation
from bot.banks.model import Bank, Kind, Question
from bot.banks.provenance import explained_by_model, mark_explanation

__all__ = ["Drafted", "draft_explanations", "wants_explanation"]


def wants_explanation(question: Question, *, missing_only: bool = False) -> bool:
    if question.kind is Kind.case:
        return False
    if not (question.explanation or "").strip():
        return True
    return not missing_only and explained_by_model(question)


@dataclass
class Drafted:
    bank: Bank  # the bank with every draft in it
    drafted: list[str] = field(default_factory=list)  # question ids
    failed: dict[str, str] = field(default_factory=dict)  # question id -> why (timeout, schema, ...)
    model: str = ""


async def draft_explanations(
    client: ModelClient,
    bank: Bank,
    *,
    lang: str,
    today: date,
    missing_only: bool = False,
    timeout: float | None = None,
) -> Drafted:
    """Ask for every wanted explanation (as many at once as the client allows); the bank with the drafts."""
    wanted = [q for q in bank.questions if wants_explanation(q, missing_only=missing_only)]

    async def one(question: Question) -> tuple[str, tuple[str, str] | str]:
        try:
            return question.id, await write_explanation(client, question, lang, timeout=timeout)
        except ModelError as exc:
            return question.id, exc.kind

    outcomes = dict(await asyncio.gather(*(one(q) for q in wanted)))
    out = Drafted(bank, model=client.model)
    questions: list[Question] = []
    for q in bank.questions:
        got = outcomes.get(q.id)
        if isinstance(got, tuple):
            text, model = got
            questions.append(mark_explanation(q, text, model, today))
            out.drafted.append(q.id)
            out.model = model
        else:
            if got is not None:
                out.failed[q.id] = got
            questions.append(q)
    out.bank = bank.model_copy(update={"questions": questions})
    return out
