"""What the group quiz's messages say (HTML), built from plain engine results: no Telegram calls here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.grading import format_question, format_verdict
from bot.records import Attempt, ScoreRow
from bot.study.results import AnswerResult, GroupResult
from bot.telegram.render import MAX_MESSAGE, esc, split_message
from bot.telegram.texts import t

__all__ = [
    "ALERT_LIMIT",
    "PERIODS",
    "answer_text",
    "board_text",
    "footer",
    "parse_period",
    "question_chunks",
    "result_text",
    "session_board_text",
    "typed",
    "verdict_alert",
]

ALERT_LIMIT = 200  # answerCallbackQuery text
FOOTER_ROOM = 200  # the footer (timer, live count) is added to the question's last chunk
NAME_LIMIT = 32
NAMES_SHOWN = 40  # per list in a result; the rest are counted
CASE_ANSWER_LIMIT = 1500
PERIODS = ("today", "week", "all")
_PERIOD_WORDS = {
    "today": "today",
    "day": "today",
    "今天": "today",
    "今日": "today",
    "日": "today",
    "week": "week",
    "本周": "week",
    "周": "week",
    "这周": "week",
    "all": "all",
    "总": "all",
    "全部": "all",
    "总榜": "all",
    "alltime": "all",
}


def typed(question: Question) -> bool:
    """Fill and case questions have no buttons: members answer by replying to the question."""
    return question.kind not in CHOICE_KINDS and question.kind is not Kind.true_false


def question_chunks(question: Question, lang: str, header: str | None = None) -> list[str]:
    """The question as HTML messages (under ``header``, a run's "question 2 of 5"); the last one leaves room
    for the footer."""
    text = esc(format_question(question, lang))
    return split_message(f"{esc(header)}\n{text}" if header else text, MAX_MESSAGE - FOOTER_ROOM)


def footer(
    question: Question, lang: str, seconds: int, count: int = 0, *, closed: bool = False, until: str | None = None
) -> str:
    """The line under a group question: until when it is open (``until``: a clock time, else ``seconds``), how
    to answer, the live count; or closed."""
    if closed:
        return t("group_closed_footer", lang, n=count)
    opened = t("group_footer_until", lang, until=until) if until else t("group_footer", lang, seconds=seconds)
    parts = [opened, t("group_hint_reply" if typed(question) else "group_hint_buttons", lang)]
    if count:
        parts.append(t("group_count", lang, n=count))
    return " · ".join(parts)


def _cut(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def answer_text(question: Question, lang: str) -> str:
    """The key as a reader wants it (plain text): letters with their options, true/false, blanks, reference."""
    label = t("group_answer_label", lang)
    if question.kind in CHOICE_KINDS:
        letters = question.letters.upper()
        texts = [f"{k}. {question.options.get(k, question.options.get(k.lower(), ''))}" for k in letters]
        return label + t("options_sep", lang).join(texts)
    if question.kind is Kind.true_false:
        return label + t("group_true" if question.answer is True else "group_false", lang)
    if question.kind is Kind.fill:
        blanks = [b[0] for b in question.blanks() if b]
        return label + (" / ".join(blanks))
    reference = question.answer if isinstance(question.answer, str) else ""
    return t("group_reference_label", lang) + "\n" + _cut(reference, CASE_ANSWER_LIMIT)


def verdict_alert(result: AnswerResult, lang: str) -> tuple[str, bool]:
    """The private answer to a member's button press: (text of at most 200 characters, as an alert).

    A toast for a bare verdict; an alert when there is more to read (the key, the explanation)."""
    if result.status == "already_answered" and result.question is not None and result.verdict is not None:
        lines = [result.message(lang), *format_verdict(result.question, result.verdict, lang).splitlines()]
        return _cut("\n".join(lines), ALERT_LIMIT), len(lines) > 2  # the verdict again: the member may have missed it
    if result.status != "recorded" or result.question is None or result.verdict is None:
        return _cut(result.message(lang), ALERT_LIMIT), False
    lines = format_verdict(result.question, result.verdict, lang).splitlines()
    head = lines[0]
    if result.points:
        head += " " + t("group_points", lang, points=result.points)
    if len(lines) == 1:
        return _cut(head, ALERT_LIMIT), False
    return _cut("\n".join([head, *lines[1:]]), ALERT_LIMIT), True


def _seconds(millis: int | None, lang: str) -> str:
    if millis is None:
        return ""
    return t("group_seconds", lang, s=f"{millis / 1000:.1f}")


def _names(attempts: Sequence[Attempt], lang: str, *, timed: bool) -> str:
    shown = []
    for a in attempts[:NAMES_SHOWN]:
        name = esc(_cut(a.learner_name or str(a.learner_id), NAME_LIMIT))
        shown.append(f"{name} ({_seconds(a.millis, lang)})" if timed and a.millis is not None else name)
    rest = len(attempts) - len(shown)
    if rest > 0:
        shown.append(t("group_more", lang, n=rest))
    return t("list_sep", lang).join(shown)


def result_text(result: GroupResult, lang: str) -> str:
    """One message: the question's head, the answer, the explanation, who was right (fastest first) and not."""
    question = result.asked.question
    lines = [t("group_result_title", lang)]
    if question is not None:
        prompt = f"{question.number}. {_cut(' '.join(question.prompt.split()), 120)}"
        lines.append(f"<b>{esc(prompt)}</b>")
        lines.append(esc(answer_text(question, lang)))
        if question.explanation and question.explanation.strip():
            lines.append(esc(t("group_explanation", lang, text=question.explanation.strip())))
    else:
        lines.append(t("group_gone", lang))
    lines.append("")
    if not (result.right or result.partial or result.wrong):
        lines.append(t("group_nobody", lang))
    if result.right:
        lines.append(t("group_right", lang, n=len(result.right)) + _names(result.right, lang, timed=True))
    if result.partial:
        lines.append(t("group_partial", lang, n=len(result.partial)) + _names(result.partial, lang, timed=True))
    if result.wrong:
        lines.append(t("group_wrong", lang, n=len(result.wrong)) + _names(result.wrong, lang, timed=False))
    return "\n".join(lines)


def parse_period(word: str) -> str | None:
    """today / week / all (and their Chinese names), or None."""
    return _PERIOD_WORDS.get(word.strip().casefold())


def _board_rows(rows: Sequence[ScoreRow], lang: str) -> list[str]:
    if not rows:
        return [t("top_empty", lang)]
    lines = []
    for rank, row in enumerate(rows, 1):
        medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"{rank}.")
        name = esc(_cut(row.name or str(row.learner_id), NAME_LIMIT))
        lines.append(
            t("top_row", lang, rank=medal, name=name, points=row.points, correct=row.correct, answered=row.answered)
        )
    return lines


def session_board_text(rows: Sequence[ScoreRow], questions: int, lang: str, limit: int = 10) -> str:
    """The leaderboard at the end of a run of questions (`/quiz 5` in a group): its points alone."""
    return "\n".join([t("group_session_title", lang, n=questions), "", *_board_rows(rows[:limit], lang)])


def board_text(boards: Sequence[tuple[str, Sequence[ScoreRow]]], lang: str) -> str:
    """The leaderboard: one section per period, each row with points and right answers.

    Periods whose boards are the same (on a group's first day today, this week and all time are) share
    one section headed by their names together."""
    merged: list[tuple[list[str], Sequence[ScoreRow]]] = []
    for period, rows in boards:
        if merged and list(merged[-1][1]) == list(rows):
            merged[-1][0].append(period)
        else:
            merged.append(([period], rows))
    lines = [t("top_title", lang)]
    for periods, rows in merged:
        lines.append("")
        lines.append(t("top_and", lang).join(t(f"top_{p}", lang) for p in periods))
        lines += _board_rows(rows, lang)
    return "\n".join(lines)
