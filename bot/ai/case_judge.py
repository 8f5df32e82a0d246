"""Case answers judged by a model against a rubric: the reference answer's key points (the same points the
rules score, `bot.grading.case.key_points`), each judged covered, partly or missed, with a reason.

Pure: the prompt from a question and a reply, and a `Verdict` from the model's judgement. The model is
trusted only as far as it can show: a point judged covered or partly must quote the reply, and a quote
that the reply does not hold counts the point as missed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from rapidfuzz import fuzz

from bot.ai.prompts import CASE_SYSTEM, case_message, system
from bot.ai.schemas import CaseJudgement
from bot.banks.model import Question
from bot.grading.case import key_points
from bot.grading.concepts import ConceptIndex
from bot.grading.verdict import Outcome, Verdict
from bot.lexicon.normalize import clean, normalize

__all__ = [
    "RubricPoint",
    "case_prompt",
    "judges_each_point",
    "question_version",
    "reply_hash",
    "rubric",
    "verdict_from_judgement",
]

# A quote that matches the reply this well (rapidfuzz partial ratio, after normalising) is the reply's.
_QUOTE_MATCH = 80.0
_LABEL_LENGTH = 30


@dataclass(frozen=True, slots=True)
class RubricPoint:
    label: str  # as the verdict shows it (the same label the rules use)
    text: str  # what the model reads: the label and what the reference says under it


def question_version(question: Question) -> str:
    """A short hash of what the model reads of a question: a corrected key or text is a new version."""
    data = question.model_dump(mode="json", include={"kind", "prompt", "options", "answer", "explanation"})
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]


def reply_hash(reply: str) -> str:
    """The same reply however it was typed (width, case, script, spacing): one cache entry. Punctuation
    stays: `不，用数据并行` and `不用数据并行` are different replies."""
    text = "".join(clean(reply).split())
    return hashlib.sha256(text.encode()).hexdigest()


def rubric(question: Question, concepts: ConceptIndex | None = None) -> list[RubricPoint]:
    reference = question.answer if isinstance(question.answer, str) else ""
    points = [
        RubricPoint(p.label, "：".join([p.label, "；".join(d.text for d in p.details)]) if p.details else p.label)
        for p in key_points(reference, concepts, question.prompt)
    ]
    if not points and reference.strip():
        # The reference has no points the rules could tell apart: the model judges it as one point.
        text = reference.strip()
        label = text if len(text) <= _LABEL_LENGTH else text[: _LABEL_LENGTH - 1] + "…"
        points = [RubricPoint(label, text)]
    return points


def case_prompt(question: Question, reply: str, points: list[RubricPoint], lang: str) -> tuple[str, str]:
    """The system and user messages for one reply."""
    reference = question.answer if isinstance(question.answer, str) else ""
    return system(CASE_SYSTEM, lang), case_message(question.prompt, reference, [p.text for p in points], reply)


def _quoted(evidence: str, reply_norm: str) -> bool:
    quote = normalize(evidence)
    if not quote:
        return False
    return quote in reply_norm or fuzz.partial_ratio(quote, reply_norm) >= _QUOTE_MATCH


_MARK = {"covered": "✔", "partly": "◐", "missed": "✘"}
_SCORE = {"covered": 1.0, "partly": 0.5, "missed": 0.0}
_NO_QUOTE = {
    "zh": "回答中找不到模型引用的原话，此点不计分。",
    "en": "The words the model quoted are not in the reply; this point earns nothing.",
}


def judges_each_point(points: list[RubricPoint], judgement: CaseJudgement) -> bool:
    """The judgement judges every point of the rubric exactly once (by its number), and nothing else."""
    numbers = [p.n for p in judgement.points]
    return sorted(numbers) == list(range(1, len(points) + 1))


def verdict_from_judgement(
    points: list[RubricPoint], judgement: CaseJudgement, reply: str, rules: Verdict, lang: str, model: str
) -> Verdict | None:
    """The verdict the learner sees; None when the judgement does not judge each point exactly once."""
    if not judges_each_point(points, judgement):
        return None
    by_number = {p.n: p for p in judgement.points}
    lang = "en" if lang == "en" else "zh"
    reply_norm = normalize(reply)
    statuses: list[str] = []
    lines: list[str] = []
    for number, point in enumerate(points, start=1):
        judged = by_number[number]
        status, reason = judged.status, judged.reason.strip()
        if status != "missed" and not _quoted(judged.evidence, reply_norm):
            status, reason = "missed", _NO_QUOTE[lang]
        statuses.append(status)
        lines.append(f"{_MARK[status]} {point.label}{'：' if lang == 'zh' else ': '}{reason}")
    earned = sum(_SCORE[s] for s in statuses)
    score = earned / len(points)
    outcome = Outcome.correct if score == 1.0 else Outcome.partial if score else Outcome.wrong
    zh = "\n".join([f"要点覆盖 {earned:g}/{len(points)}（模型按要点评分）", *lines])
    en = "\n".join(
        [
            f"Key points covered: {earned:g} of {len(points)} (judged by a model)",
            *lines,
        ]
    )
    return rules.model_copy(
        update={
            "outcome": outcome,
            "score": score,
            "feedback_zh": zh,
            "feedback_en": en,
            "covered": [p.label for p, s in zip(points, statuses, strict=True) if s == "covered"],
            "partly": [p.label for p, s in zip(points, statuses, strict=True) if s == "partly"],
            "missed": [p.label for p, s in zip(points, statuses, strict=True) if s == "missed"],
            "judged_by": model,
        }
    )
