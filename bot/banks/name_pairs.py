"""Every pair of names a bank writes for one concept (`知识蒸馏（Knowledge Distillation）`), read with the
rules of bot/lexicon/names.py: for the lint of banks and for the grader's concept index alike."""

from __future__ import annotations

from collections.abc import Iterable

from bot.banks.model import Bank, Question
from bot.lexicon.names import explanation_pairs, mine_pairs
from bot.lexicon.other_names import other_names

__all__ = ["bank_pairs"]


def _question_texts(question: Question) -> list[str]:
    texts = [question.prompt, *question.options.values(), question.explanation or ""]
    if isinstance(question.answer, str):
        texts.append(question.answer)
    elif isinstance(question.answer, list):
        for item in question.answer:
            texts.extend(item if isinstance(item, list) else [item])
    return texts


def bank_pairs(bank: Bank, known: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Every (Chinese, English) name pair a bank writes in its prompts, options, explanations and answers."""
    known = list(known)
    pairs = mine_pairs((t for q in bank.questions for t in _question_texts(q)), known)
    explanations = [q.explanation for q in bank.questions if q.explanation]
    return pairs + explanation_pairs(explanations, known) + other_names(explanations, known)
