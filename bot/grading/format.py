"""How questions and verdicts read, in zh and en: the one place every front end takes them from.

Plain text only; front ends escape it for their markup.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.banks.provenance import explained_by_model
from bot.grading.verdict import Outcome, Verdict

__all__ = ["MARKS", "VerdictParts", "format_question", "format_verdict", "kind_label", "verdict_parts"]

MARKS = {Outcome.correct: "✅", Outcome.partial: "🟡", Outcome.wrong: "❌"}
NOT_READ = "❓"

_KIND = {
    "zh": {
        Kind.single: "单选题",
        Kind.multiple: "多选题",
        Kind.true_false: "判断题",
        Kind.fill: "填空题",
        Kind.case: "案例分析题",
    },
    "en": {
        Kind.single: "Single choice",
        Kind.multiple: "Multiple choice",
        Kind.true_false: "True or false",
        Kind.fill: "Fill in the blank",
        Kind.case: "Case analysis",
    },
}

_HINT = {
    "zh": {
        Kind.single: "回复一个选项字母，例如 B。",
        Kind.multiple: "回复所有正确选项的字母，例如 ABD（少选得部分分，选错不得分）。",
        Kind.true_false: "回复「对」或「错」（也可以用 √/×、T/F）。",
        Kind.fill: "回复要填的内容。",
        Kind.case: "写下你的分析和方案，分点作答。",
    },
    "en": {
        Kind.single: "Reply with one option letter, e.g. B.",
        Kind.multiple: "Reply with the letters of all right options, e.g. ABD (too few: partial score; "
        "a wrong one: none).",
        Kind.true_false: "Reply true or false (or T/F, √/×).",
        Kind.fill: "Reply with what goes in the blank.",
        Kind.case: "Write your analysis and solution, point by point.",
    },
}


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "zh"


def kind_label(kind: Kind, lang: str) -> str:
    return _KIND[_lang(lang)][kind]


def format_question(question: Question, lang: str) -> str:
    """The prompt, the options (choice), and a short hint on how to answer this kind."""
    lang = _lang(lang)
    lines = [f"【{kind_label(question.kind, lang)}】{question.number}. {question.prompt.strip()}"]
    if question.kind in CHOICE_KINDS:
        lines.extend(f"{letter}. {text}" for letter, text in question.options.items())
    hint = _HINT[lang][question.kind]
    blanks = len(question.blanks())
    if question.kind is Kind.fill and blanks > 1:
        hint = (
            f"共 {blanks} 个空，按顺序作答，用空格、逗号或换行隔开。"
            if lang == "zh"
            else f"{blanks} blanks: answer them in order, separated by spaces, commas or new lines."
        )
    lines.append("")
    lines.append(hint)
    return "\n".join(lines)


def _answer(question: Question, verdict: Verdict, lang: str) -> str:
    zh = lang == "zh"
    if question.kind in CHOICE_KINDS:
        letters = question.letters.upper()
        texts = [f"{k}. {question.options.get(k, question.options.get(k.lower(), ''))}" for k in letters]
        if question.kind is Kind.single:
            return ("正确答案：" if zh else "Answer: ") + "".join(texts)
        return ("正确答案：" if zh else "Answer: ") + letters + "\n" + "\n".join(texts)
    if question.kind is Kind.true_false:
        if zh:
            return "正确答案：" + ("正确" if question.answer else "错误")
        return "Answer: " + ("true" if question.answer else "false")
    if question.kind is Kind.case:
        return ("参考答案：" if zh else "Reference answer:") + "\n" + verdict.expected.strip()
    return ("正确答案：" if zh else "Answer: ") + verdict.expected


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
        return bool(self.answer)


def verdict_parts(question: Question, verdict: Verdict, lang: str) -> VerdictParts:
    """The pieces of `format_verdict`, in the same words."""
    lang = _lang(lang)
    zh = lang == "zh"
    feedback = verdict.feedback(lang).strip()
    if not verdict.answered:
        return VerdictParts(f"{NOT_READ} {feedback}")
    percent = round(verdict.score * 100)
    head = {
        Outcome.correct: "回答正确" if zh else "Correct",
        Outcome.partial: f"部分正确（得分 {percent}%）" if zh else f"Partly correct (score {percent}%)",
        Outcome.wrong: "回答错误" if zh else "Wrong",
    }[verdict.outcome]
    explanation = ""
    if question.explanation and question.explanation.strip():
        label = "解析：" if zh else "Explanation: "
        if explained_by_model(question):
            label = "解析（模型生成，待老师审核）：" if zh else "Explanation (written by a model, not yet reviewed): "
        explanation = label + question.explanation.strip()
    judge = ""
    if verdict.judged_by:
        judge = (
            f"🤖 本题由模型（{verdict.judged_by}）按要点评分。"
            if zh
            else f"🤖 Judged point by point by a model ({verdict.judged_by})."
        )
    return VerdictParts(
        f"{MARKS[verdict.outcome]} {head}",
        _answer(question, verdict, lang),
        feedback if feedback not in ("回答正确。", "Right.") else "",
        explanation,
        judge,
    )


def format_verdict(question: Question, verdict: Verdict, lang: str) -> str:
    """First line ✅ / 🟡 / ❌ with the outcome, then the answer, the feedback, the explanation.

    A reply that was not an answer at all (`verdict.understood is None`) gives only ❓ and the request
    for a proper answer: the question stays open, so the answer is not shown.
    """
    parts = verdict_parts(question, verdict, lang)
    lines = [parts.head, parts.answer, parts.feedback, parts.explanation, parts.judge]
    return "\n".join(line for line in lines if line)
