"""Explanations of a question's key, written by a model: for `/why` and the [为什么?] button (through
`ModelHelp.explain`, cached) and for `studybot explain` (drafts into the bank file for a teacher)."""

from __future__ import annotations

from bot.ai.client import ModelClient
from bot.ai.prompts import EXPLAIN_SYSTEM, explain_message, system
from bot.ai.schemas import Explanation
from bot.banks.model import Question

__all__ = ["format_explanation", "write_explanation"]


async def write_explanation(
    client: ModelClient, question: Question, lang: str, *, timeout: float | None = None
) -> tuple[str, str]:
    """(the explanation, the model that wrote it); raises ModelError."""
    answer = await client.ask(
        system(EXPLAIN_SYSTEM, lang), explain_message(question), Explanation, purpose="explain", timeout=timeout
    )
    return answer.value.explanation.strip(), answer.model


def format_explanation(text: str, model: str, lang: str) -> str:
    """What the learner reads: the explanation, said to be a model's."""
    if lang == "en":
        return f"🤖 Why (written by a model, {model}; the key is the bank's):\n{text}"
    return f"🤖 为什么（由模型 {model} 生成，答案以题库为准）：\n{text}"
