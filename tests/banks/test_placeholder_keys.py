"""A key that only holds its place (`待补充（TODO）`, `to be added`, `à compléter`) or sends the learner to the
textbook (`voir schéma du manuel p. 112`, `see the textbook, p. 40`) is no key: the question is left out."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text


@pytest.mark.parametrize(
    "placeholder",
    [
        "待补充（TODO）",
        "待完善",
        "TBD (to be added)",
        "to be added",
        "à compléter",
        "wird ergänzt",
        "voir schéma du manuel p. 112.",
        "see the textbook, p. 40",
        "ver el libro, página 12",
    ],
)
def test_a_placeholder_key_leaves_its_question_out(placeholder: str) -> None:
    text = (
        "**1. 简述光合作用的过程。**\n\n> 答案：植物利用光能把二氧化碳和水合成有机物并放出氧气。\n\n"
        f"**2. 简述呼吸作用的意义。**\n\n> 答案：{placeholder}\n"
    )
    result = import_text(text, source="notes.md", bank_id="b")
    assert [q.number for q in result.bank.questions] == [1]
    assert [lo.number for lo in result.left_out] == [2]


def test_a_key_that_names_a_book_in_its_sentence_is_kept() -> None:
    text = "1. Who wrote the book Emma?\nAnswer: Jane Austen\n\n2. What is the capital of Peru?\nAnswer: Lima\n"
    result = import_text(text, source="quiz.txt", bank_id="b")
    assert [q.answer for q in result.bank.questions] == [["Jane Austen"], ["Lima"]]
