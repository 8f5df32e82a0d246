"""Who wrote what in a question, kept in its `meta`: text a model drafted stays marked until a teacher has
reviewed it (sets the `..._reviewed` key to true), and lint lists what is still unreviewed.

    explanation_source: "model", explanation_model, explanation_date, explanation_reviewed
    question_source:    "model", question_model,    question_date,    question_reviewed
"""

from __future__ import annotations

from datetime import date

from bot.banks.model import Question

__all__ = ["explained_by_model", "mark_explanation", "mark_read", "read_by_model"]

MODEL = "model"


def _unreviewed(question: Question, what: str) -> bool:
    return question.meta.get(f"{what}_source") == MODEL and question.meta.get(f"{what}_reviewed") is not True


def explained_by_model(question: Question) -> bool:
    """The explanation is a model's draft that no teacher has reviewed yet."""
    return _unreviewed(question, "explanation")


def read_by_model(question: Question) -> bool:
    """The question was read out of its document by a model and no teacher has reviewed it yet."""
    return _unreviewed(question, "question")


def _marked(question: Question, what: str, model: str, day: date) -> dict[str, object]:
    return {
        **question.meta,
        f"{what}_source": MODEL,
        f"{what}_model": model,
        f"{what}_date": day.isoformat(),
        f"{what}_reviewed": False,
    }


def mark_explanation(question: Question, text: str, model: str, day: date) -> Question:
    """The question with a model's explanation, marked as such."""
    return question.model_copy(update={"explanation": text, "meta": _marked(question, "explanation", model, day)})


def mark_read(question: Question, model: str, day: date) -> Question:
    return question.model_copy(update={"meta": _marked(question, "question", model, day)})
