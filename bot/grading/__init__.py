"""Grading of every kind of answer (pure: no Telegram, no database).
Build `concepts = ConceptIndex.from_banks(banks)` once at start-up; then `grade(question, reply, concepts)`
(never raises) and `format_verdict(question, verdict, lang)` for the text shown.
"""

from bot.grading.concepts import ConceptIndex
from bot.grading.format import VerdictParts, format_question, format_verdict, kind_label, verdict_parts
from bot.grading.grader import grade
from bot.grading.verdict import Outcome, Verdict
from bot.lexicon.normalize import normalize

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
