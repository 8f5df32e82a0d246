"""Fixing a question's key from a line an admin typed (`/fixkey BANK QUESTION ANSWER`); pure.

The answer is read the way the importer reads keys: option letters for choice questions, 对/错 (or
true/false, √/×) for true-false, answers separated by '；' (alternatives by ' 或 ') for fill-in,
and the reference text for a case.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from bot.banks.conventions.keys import count_blanks, split_fill_key
from bot.banks.conventions.keys import parse_letters as parse_choice_letters
from bot.banks.conventions.keys import read_true_false as parse_true_false
from bot.banks.model import Answer, Bank, Kind, Question

__all__ = ["KeyFixError", "describe_key", "parse_key", "with_key"]


@dataclass
class KeyFixError(Exception):
    """The typed key does not fit the question; zh and en say why."""

    zh: str
    en: str

    def __post_init__(self) -> None:
        super().__init__(self.en)

    def message(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


def _letters(question: Question, text: str) -> str:
    letters = parse_choice_letters(text)
    options = "".join(question.options)
    if letters is None:
        raise KeyFixError(
            f"“{text}”不是选项字母（可选：{options}）", f"'{text}' is not option letters (choose from {options})"
        )
    missing = [c for c in letters if c not in question.options]
    if missing:
        raise KeyFixError(
            f"这道题没有选项 {''.join(missing)}（可选：{options}）",
            f"the question has no option {''.join(missing)} (choose from {options})",
        )
    if question.kind is Kind.single and len(letters) != 1:
        raise KeyFixError("单选题的答案只能是一个字母", "a single-choice key is exactly one letter")
    return letters


def parse_key(question: Question, text: str) -> Answer:
    """The new answer for `question` read from `text`; KeyFixError when it does not fit the kind."""
    text = text.strip()
    if not text:
        raise KeyFixError("请给出新答案", "give the new answer")
    if question.kind in (Kind.single, Kind.multiple):
        return _letters(question, text)
    if question.kind is Kind.true_false:
        value = parse_true_false(text)
        if value is None:
            raise KeyFixError(
                f"判断题的答案应为 对 或 错，而不是“{text}”", f"a true-false key is 对/错 (true/false), not '{text}'"
            )
        return value
    if question.kind is Kind.fill:
        blanks = max(count_blanks(question.prompt), len(question.blanks()), 1)
        answer, fits = split_fill_key(text, blanks)
        if not fits:
            raise KeyFixError(
                f"这道题有 {blanks} 个空，请用“；”分隔每个空的答案",
                f"the question has {blanks} blanks: separate their answers with '；'",
            )
        return answer
    return text  # case: the reference answer


def with_key(bank: Bank, question_id: str, answer: Answer) -> Bank:
    """The bank with one question's answer replaced (fill alternates too: the new key lists every answer)."""
    question = bank.question(question_id)
    if question is None:
        raise KeyFixError(f"题库 {bank.id} 中没有题目 {question_id}", f"bank {bank.id} has no question {question_id}")
    changes: dict[str, object] = {"answer": answer}
    if question.kind is Kind.fill:
        changes["alternates"] = []
    try:
        fixed = Question.model_validate({**question.model_dump(), **changes})
    except ValidationError as exc:
        why = exc.errors()[0]["msg"]
        raise KeyFixError(f"新答案无效：{why}", f"the new key is invalid: {why}") from exc
    questions = [fixed if q.id == question_id else q for q in bank.questions]
    return bank.model_copy(update={"questions": questions})


def describe_key(question: Question, lang: str = "zh", limit: int = 80) -> str:
    """The key as an admin reads it: 'B (PyTorch)', '对', 'LoRA / 低秩适配 ； 4', a case's first words."""
    if question.kind in (Kind.single, Kind.multiple):
        return f"{question.letters} ({'、'.join(question.options.get(c, '?') for c in question.letters)})"[:limit]
    if question.kind is Kind.true_false:
        if lang == "en":
            return "true (对)" if question.answer is True else "false (错)"
        return "对" if question.answer is True else "错"
    if question.kind is Kind.fill:
        return " ； ".join(" 或 ".join(blank) for blank in question.blanks())[:limit]
    text = str(question.answer).strip().replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"
