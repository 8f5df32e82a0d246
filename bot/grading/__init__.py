"""Grading of every kind of answer (pure: no Telegram, no database).
Build `concepts = ConceptIndex.from_banks(banks)` once at start-up; then `grade(question, reply, concepts)`
(never raises) and `format_verdict(question, verdict, lang)` for the text shown.
"""

from bot.grading.concepts import ConceptIndex
from bot.grading.format import VerdictParts, format_question, format_verdict, kind_label, verdict_parts
from bot.grading.grader import grade
from bot.grading.normalize import normalize
from bot.grading.verdict import Outcome, Verdict

__all__ = [
    "ConceptIndex",
    "Outcome",
    "Verdict",
    "VerdictParts",
    "format_question",
    "format_verdict",
    "grade",
    "kind_label",
    "normalize",
    "verdict_parts",
]
