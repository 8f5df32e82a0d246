"""How a verdict reads in a private chat (HTML): what matters first, the long part folded away.

The outcome line comes first; a case answer's key points covered (`要点覆盖 1/4`) and the grader's notes
come next, and its reference answer and explanation go in an expandable blockquote, so a 20-line
reference never pushes the score off the screen. Then the streak, what the answer earned (a freeze, a
milestone), and the review as a plan ("明天再考你一次"), never as a bare interval.
"""

from __future__ import annotations

from datetime import datetime

from bot.banks.model import Kind
from bot.grading import verdict_parts
from bot.grading.verdict import Outcome
from bot.study.results import AnswerResult
from bot.study.streaks import MAX_FREEZES, StreakView
from bot.telegram.render import esc
from bot.telegram.texts import t

__all__ = ["review_plan", "streak_lines", "verdict_text"]

TODAY_SECONDS = 20 * 3600  # sooner than this is "later today"; after it, counted in days


def review_plan(due: datetime, now: datetime, lang: str) -> str:
    """When the question comes back, as a plan: in a few minutes, later today, tomorrow, in N days."""
    seconds = (due - now).total_seconds()
    if seconds < 3600:
        return t("verdict_plan_soon", lang)
    if seconds < TODAY_SECONDS:
        return t("verdict_plan_today", lang)
    days = max(1, round(seconds / 86400))
    return t("verdict_plan_tomorrow", lang) if days == 1 else t("verdict_plan_days", lang, n=days)


def streak_lines(streak: StreakView, lang: str) -> list[str]:
    """What this answer earned: a milestone, a freeze (explained the first time one is earned)."""
    lines = []
    if streak.milestone:
        lines.append(t("verdict_milestone", lang, days=streak.milestone))
    if streak.first_freeze:
        lines.append(t("verdict_freeze_first", lang, most=MAX_FREEZES))
    elif streak.freeze_earned:
        lines.append(t("verdict_freeze_more", lang, n=streak.freezes))
    return lines


def _body(result: AnswerResult, lang: str, with_explanation: bool) -> list[str]:
    assert result.question is not None and result.verdict is not None
    parts = verdict_parts(result.question, result.verdict, lang)
    if not with_explanation:
        return [esc(parts.head)]
    if result.question.kind is not Kind.case:
        plain = [parts.head, parts.answer, parts.feedback, parts.explanation, parts.judge]
        return [esc(line) for line in plain if line]
    folded = [t("verdict_reference", lang), (result.verdict.expected or "").strip()]
    if parts.explanation:
        folded += ["", parts.explanation]
    lines = [esc(line) for line in (parts.head, parts.feedback, parts.judge) if line]
    lines.append("<blockquote expandable>" + esc("\n".join(folded).strip()) + "</blockquote>")
    return lines


def verdict_text(
    result: AnswerResult,
    lang: str,
    now: datetime,
    *,
    with_explanation: bool = True,
    label: str | None = None,
    in_session: bool = False,
) -> str:
    """HTML for a recorded answer: ``label`` (which question, when several are open), the verdict, then the
    streak when this answer moved it (in a session the summary says it once), what it earned, and the
    review plan of a question missed (a right one needs no plan read to the learner)."""
    lines = [esc(label)] if label else []
    lines += _body(result, lang, with_explanation)
    extra: list[str] = []
    streak = result.streak
    if streak is not None and streak.current > 0 and streak.changed and not in_session:
        extra.append(t("verdict_streak", lang, days=streak.current))
    right = result.verdict is not None and result.verdict.outcome is Outcome.correct
    if result.review_due is not None and not right:
        extra.append(review_plan(result.review_due, now, lang))
    if extra:
        lines.append("")
        lines.append(" · ".join(extra))
    if streak is not None:
        lines += streak_lines(streak, lang)
    return "\n".join(lines)
