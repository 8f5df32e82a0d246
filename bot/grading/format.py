"""How questions and verdicts read: the one place every front end takes them from.

The words are the message catalogs' (bot/locale: kind_*, hint_*, verdict_*), in every language of the
bot; the grader's own feedback comes with the verdict, in zh and en. Plain text only; front ends escape
it for their markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.banks.provenance import explained_by_model
from bot.grading.verdict import Outcome, Verdict
from bot.locale.catalogs import texts

__all__ = ["MARKS", "VerdictParts", "format_question", "format_verdict", "kind_label", "verdict_parts"]

MARKS = {Outcome.correct: "✅", Outcome.partial: "🟡", Outcome.wrong: "❌"}
NOT_READ = "❓"


def kind_label(kind: Kind, lang: str) -> str:
    return texts()(f"kind_{kind.value}", lang)


def format_question(
    question: Question, lang: str, *, numbered: bool = True, hint: bool = True, marks: dict[str, str] | None = None
) -> str:
    """The prompt, the options (choice), and a short hint on how to answer this kind.

    ``numbered``: the bank's own number before the prompt (a session shows its own counter instead, so two
    numbers never stand side by side); ``hint``: how to answer (left out once it is answered); ``marks``:
    a mark before an option's letter (✅/❌ on the options a learner chose)."""
    t = texts()
    number = f"{question.number}. " if numbered else ""
    lines = [f"【{kind_label(question.kind, lang)}】{number}{question.prompt.strip()}"]
    if question.kind in CHOICE_KINDS:
        marks = marks or {}
        lines.extend(
            f"{marks[letter]} {letter}. {text}" if letter in marks else f"{letter}. {text}"
            for letter, text in question.options.items()
        )
    if not hint:
        return "\n".join(lines)
    hint_text = t(f"hint_{question.kind.value}", lang)
    blanks = len(question.blanks())
    if question.kind is Kind.fill and blanks > 1:
        hint_text = t("hint_blanks", lang, n=blanks)
    lines.append("")
    lines.append(hint_text)
    return "\n".join(lines)


def _answer(question: Question, verdict: Verdict, lang: str) -> str:
    t = texts()
    label = t("verdict_answer", lang)
    if question.kind in CHOICE_KINDS:
        letters = question.letters.upper()
        options = [f"{k}. {question.options.get(k, question.options.get(k.lower(), ''))}" for k in letters]
        if question.kind is Kind.single:
            return label + "".join(options)
        return label + letters + "\n" + "\n".join(options)
    if question.kind is Kind.true_false:
        return label + t("verdict_true" if question.answer else "verdict_false", lang)
    if question.kind is Kind.case:
        return t("verdict_reference_label", lang) + "\n" + verdict.expected.strip()
    return label + verdict.expected


@dataclass(frozen=True)
class VerdictParts:
    """A verdict's pieces, so a front end can lay them out (a case's long reference answer folded away)."""

    head: str  # ✅ / 🟡 / ❌ and the outcome; ❓ and the request for a proper answer when nothing was read
    answer: str = ""  # the key, or the reference answer of a case
    feedback: str = ""  # what the grader says of this reply (a case: the key points covered, line by line)
    explanation: str = ""  # the bank's explanation, labelled
    judge: str = ""  # who judged a case when a model did

    @property
    def answered(self) -> bool:
        return not self.head.startswith(NOT_READ)


def verdict_parts(question: Question, verdict: Verdict, lang: str) -> VerdictParts:
    """The pieces of `format_verdict`, in the same words."""
    t = texts()
    feedback = verdict.feedback(lang).strip()
    if not verdict.answered:
        return VerdictParts(f"{NOT_READ} {feedback}")
    percent = round(verdict.score * 100)
    head = t(f"verdict_{verdict.outcome.value}", lang, percent=percent)
    explanation = ""
    if question.explanation and question.explanation.strip():
        label = t("verdict_explanation_model" if explained_by_model(question) else "verdict_explanation", lang)
        explanation = label + question.explanation.strip()
    judge = t("verdict_judged", lang, model=verdict.judged_by) if verdict.judged_by else ""
    feedback = feedback.removeprefix("回答正确。").removeprefix("Right.").strip()  # the head says so
    answer = _answer(question, verdict, lang)
    if question.kind is Kind.fill and verdict.expected and f"「{verdict.expected}」" in feedback:
        answer = ""  # the feedback names the key already (`很接近，但…：答案是「X」`): said once
    return VerdictParts(f"{MARKS[verdict.outcome]} {head}", answer, feedback, explanation, judge)


def format_verdict(question: Question, verdict: Verdict, lang: str) -> str:
    """First line ✅ / 🟡 / ❌ with the outcome, then the answer, the feedback, the explanation.

    A reply that was not an answer at all (`verdict.understood is None`) gives only ❓ and the request
    for a proper answer: the question stays open, so the answer is not shown.
    """
    parts = verdict_parts(question, verdict, lang)
    lines = [parts.head, parts.answer, parts.feedback, parts.explanation, parts.judge]
    return "\n".join(line for line in lines if line)
