""" "My answer should count" in the chat: the learner's button under a verdict, the admin's [接受]/[不接受]
in /reports, and what learners answered in /reports.

The rules are the engine's (bot/study/disputes.py); here are the buttons and the texts. Only a wrong or
partly right fill-in or case verdict in a private chat has the button. Decisions are the bot's admins'
only; each reply's buttons work once (the engine's compare-and-set) and go from the message once used.
Learners are told of each decision by `DisputeNotices` (bot/telegram/dispute_notices.py).
"""

from __future__ import annotations

import logging

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatType
from telegram.error import BadRequest, TelegramError

from bot.banks.key_fix import describe_key
from bot.banks.model import Kind
from bot.grading import kind_label
from bot.grading.verdict import Outcome
from bot.study.accepting import ACCEPTABLE_KINDS
from bot.study.answer_stats import QuestionAnswers
from bot.study.disputes import Decision, DisputedQuestion, Filed
from bot.study.results import AnswerResult
from bot.telegram.callbacks import Callback, CallbackCodec
from bot.telegram.context import CustomContext
from bot.telegram.dispute_notices import quote as _quote
from bot.telegram.presses import PRESSES
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import t

__all__ = [
    "answers_text",
    "dispute_messages",
    "press_decide",
    "press_dispute",
    "with_dispute",
]

log = logging.getLogger("bot.admin")

SHOWN_QUESTIONS = 10  # disputed questions per /reports (one message each)
SHOWN_REPLIES = 8  # distinct replies per disputed question (two buttons each)
ANSWERED_QUESTIONS = 5  # questions in /reports' "common wrong answers"
ANSWERED_REPLIES = 3


async def answer_press(query: CallbackQuery, text: str | None = None, *, alert: bool = False) -> None:
    try:
        await query.answer(text, show_alert=alert)
    except TelegramError as exc:  # answered too late, say: the message that follows still goes
        log.info("could not answer a button press: %s", exc)


async def say(context: CustomContext, query: CallbackQuery, text: str) -> None:
    """A message (HTML) in the chat of the pressed button."""
    chat_id = query.message.chat.id if query.message is not None else query.from_user.id
    await send_html(context.bot, chat_id, text)


# ----- the learner: the button under a verdict, and its press -----------------------------------------


def disputable(result: AnswerResult) -> bool:
    """A recorded fill-in or case answer not graded right."""
    return (
        result.recorded
        and result.question is not None
        and result.question.kind in ACCEPTABLE_KINDS
        and result.verdict is not None
        and result.verdict.outcome is not Outcome.correct
    )


def with_dispute(
    codec: CallbackCodec, markup: InlineKeyboardMarkup | None, result: AnswerResult, lang: str
) -> InlineKeyboardMarkup | None:
    """The verdict's keyboard with a [我的答案应该算对] row under it, for a verdict that can be disputed."""
    if not disputable(result):
        return markup
    button = InlineKeyboardButton(t("btn_dispute", lang), callback_data=codec.encode("dispute", result.asked_id))
    return InlineKeyboardMarkup([*(markup.inline_keyboard if markup is not None else ()), [button]])


_FILED_TOAST = {
    "filed": "dispute_filed",
    "right": "dispute_right",
    "not_disputable": "dispute_not_disputable",
    "no_attempt": "dispute_no_attempt",
    "gone": "gone",
}


def _filed_text(filed: Filed, lang: str) -> str:
    if filed.status == "already":
        key = {None: "dispute_already", True: "dispute_already_accepted", False: "dispute_already_rejected"}
        return t(key[filed.accepted], lang)
    if filed.status == "gone":
        return AnswerResult("gone", 0).message(lang)
    return t(_FILED_TOAST[filed.status], lang)


async def press_dispute(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[我的答案应该算对]: sent to the admins' list; nothing is credited until one of them decides."""
    lang = await context.lang()
    msg = query.message
    if msg is None or msg.chat.type != ChatType.PRIVATE:
        await answer_press(query, t("callback_invalid", lang))
        return
    filed = await context.disputes.file(query.from_user.id, int(cb.fields[0]))
    if filed.status == "declined":  # with the key, which may be long: a message rather than a toast
        await answer_press(query)
        await say(context, query, t("dispute_declined", lang, reply=_quote(filed.reply), answer=esc(filed.key)))
    else:
        await answer_press(query, _filed_text(filed, lang), alert=filed.status == "filed")
    if filed.status in ("filed", "already", "declined", "right"):
        await _drop_button(context, query)


async def _drop_button(context: CustomContext, query: CallbackQuery, *, row: bool = False) -> None:
    """The pressed button goes from its message (the others in its row stay; with ``row``, its row goes
    with it): a button works once."""
    msg = query.message
    if msg is None or not isinstance(msg, Message) or msg.reply_markup is None:
        return
    keyboard = msg.reply_markup.inline_keyboard
    if all(b.callback_data != query.data for row in keyboard for b in row):
        return  # gone already (an edit to the same keyboard is a 400)
    rows = [
        kept
        for line in keyboard
        if (kept := [b for b in line if b.callback_data != query.data]) and (not row or len(kept) == len(line))
    ]
    try:
        await context.bot.edit_message_reply_markup(
            msg.chat.id, msg.message_id, reply_markup=InlineKeyboardMarkup(rows) if rows else None
        )
    except BadRequest as exc:  # deleted meanwhile, or too old to edit
        log.info("could not take the used button off: %s", exc)


# ----- the admin: /reports' disputes and what learners answered, and the decisions -------------------------


def dispute_messages(
    codec: CallbackCodec, disputed: list[DisputedQuestion], lang: str, *, more: int = 0
) -> list[tuple[str, InlineKeyboardMarkup | None]]:
    """One message per disputed question: its replies with their counts, and [接受]/[不接受] under each."""
    out: list[tuple[str, InlineKeyboardMarkup | None]] = []
    for item in disputed:
        lines = [t("disputes_header", lang, bank=esc(item.bank_id), qid=esc(item.question_id), n=item.count)]
        question = item.question
        if question is None:
            lines.append(t("reports_gone", lang))
        else:
            prompt = " ".join(question.prompt.split())
            lines.append(f"【{kind_label(question.kind, lang)}】{esc(prompt[:90])}{'…' if len(prompt) > 90 else ''}")
            lines.append(t("reports_key", lang, answer=esc(describe_key(question, lang))))
        replies = item.replies[:SHOWN_REPLIES]
        rows = []
        for i, reply in enumerate(replies, start=1):
            note = t("disputes_credited", lang) if reply.credited_now else ""
            lines.append(t("disputes_reply", lang, i=i, reply=_quote(reply.reply), n=reply.count) + note)
            suffix = f" {i}" if len(replies) > 1 else ""
            rows.append(
                [
                    InlineKeyboardButton(
                        t("btn_dispute_accept", lang) + suffix,
                        callback_data=codec.encode("decide", reply.dispute_id, "y"),
                    ),
                    InlineKeyboardButton(
                        t("btn_dispute_reject", lang) + suffix,
                        callback_data=codec.encode("decide", reply.dispute_id, "n"),
                    ),
                ]
            )
        out.append(("\n".join(lines), InlineKeyboardMarkup(rows)))
    if more:
        out.append((t("disputes_more", lang, n=more), None))
    return out


def answers_text(answered: list[QuestionAnswers], lang: str) -> str | None:
    """The fill-in and case questions answered wrong most often, with their most common wrong replies."""
    typed = [q for q in answered if q.question.kind in (Kind.fill, Kind.case) and q.not_right]
    typed.sort(key=lambda q: (-(q.attempts - q.correct), q.bank_id, q.question.number))
    if not typed:
        return None
    lines = [t("answers_header", lang)]
    for i, q in enumerate(typed[:ANSWERED_QUESTIONS], start=1):
        right = round(100 * q.accuracy)
        lines.append(
            t("answers_item", lang, i=i, bank=esc(q.bank_id), qid=esc(q.question_id), attempts=q.attempts, right=right)
        )
        replies = [t("answers_reply", lang, reply=_quote(r.reply), n=r.count) for r in q.not_right[:ANSWERED_REPLIES]]
        lines.append("   " + " · ".join(replies))
    lines.append(t("answers_footer", lang))
    return "\n".join(lines)


async def send_disputes_and_answers(context: CustomContext, lang: str) -> None:
    """What /reports shows after the flagged keys: the open disputes, then the common wrong answers."""
    disputes = context.disputes
    disputed = await disputes.open_disputes(limit=1000)
    shown = disputed[:SHOWN_QUESTIONS]
    for text, markup in dispute_messages(context.codec, shown, lang, more=len(disputed) - len(shown)):
        await context.reply(text, reply_markup=markup)
    answers = answers_text(await disputes.answer_distribution(top=ANSWERED_REPLIES), lang)
    if answers is not None:
        await context.reply(answers)


def _decision_text(decision: Decision, lang: str) -> str | None:
    """The admin's message about a decision (None: a toast says it all)."""
    names = {"bank": esc(decision.bank_id), "qid": esc(decision.question_id), "reply": _quote(decision.reply)}
    if decision.status == "accepted":
        written = t("dispute_written" if decision.written else "dispute_unchanged", lang)
        return t(
            "dispute_accepted",
            lang,
            written=written,
            regraded=t("dispute_regraded", lang, k=decision.regraded),
            told=t("dispute_told", lang, m=len(decision.learners)),
            answer=esc(decision.key),
            **names,
        )
    if decision.status == "rejected":
        return t("dispute_rejected", lang, m=len(decision.learners), **names)
    if decision.status == "unfit":
        return t("dispute_unfit", lang, **names)
    if decision.status == "unwritable" and decision.error is not None:
        return esc(decision.error.message(lang))
    return None


def _decision_toast(decision: Decision, lang: str) -> str:
    if decision.status == "decided":
        return t("dispute_decided_accepted" if decision.accepted else "dispute_decided_rejected", lang)
    return t("dispute_gone" if decision.status == "gone" else "dispute_unknown", lang)


async def press_decide(context: CustomContext, query: CallbackQuery, cb: Callback) -> None:
    """[接受] or [不接受] under a disputed reply in /reports: the bot's admins only, once."""
    lang = await context.lang()
    if not context.is_bot_admin():
        log.info("refused a dispute decision to non-admin %d", query.from_user.id)
        await answer_press(query, t("admin_only", lang), alert=True)
        return
    dispute_id, choice = int(cb.fields[0]), cb.fields[1]
    if choice not in ("y", "n"):
        await answer_press(query, t("callback_invalid", lang))
        return
    disputes = context.disputes
    admin = query.from_user.id
    decision = await (disputes.accept(dispute_id, admin) if choice == "y" else disputes.reject(dispute_id, admin))
    text = _decision_text(decision, lang)
    if text is None:
        await answer_press(query, _decision_toast(decision, lang), alert=True)
    else:
        await answer_press(query)
        await say(context, query, text)
    if decision.status in ("accepted", "rejected", "decided", "unknown"):
        await _drop_button(context, query, row=True)  # a decision's buttons go together


PRESSES.update({"dispute": press_dispute, "decide": press_decide})
