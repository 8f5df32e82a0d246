"""/subscribe, /unsubscribe, /remind, /announce, and what a push sends (`PushSender`).

What a push sends is decided here: N questions (to a learner: a practice session, one question at a
time, bot/telegram/practice.py), an evening reminder when the streak is at risk, or an announcement; when
and how often is the push scheduler's (bot/delivery/service.py, started and stopped by the lifecycle in
bot/app.py).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, tzinfo
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType

from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.delivery.outcomes import NotClaimed
from bot.delivery.service import Push
from bot.records import Announcement
from bot.study.kinds import GROUP_KINDS
from bot.study.results import Pick
from bot.study.sessions import SessionStep
from bot.telegram.context import BotApplication, CustomContext
from bot.telegram.pacing import push_args
from bot.telegram.practice import send_step
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import Lang, lang_of, t
from bot.zones import parse_time_zone, zone_name

__all__ = [
    "PushSender",
    "announce_command",
    "announcement_finished",
    "remind_command",
    "subscribe_command",
    "unsubscribe_command",
]

log = logging.getLogger(__name__)


# ----- what a push sends -------------------------------------------------------------------------------


class PushSender:
    """Sends one `Push`; returns its first message id, or None when there was nothing to send."""

    def __init__(self, app: BotApplication, *, paid: bool) -> None:
        self.app = app
        # STUDYBOT_PAID_BROADCAST: every request of a push with allow_paid_broadcast.
        self.extra: dict[str, Any] = {"allow_paid_broadcast": True} if paid else {}

    async def __call__(self, push: Push) -> int | None:
        if push.kind == "announce":
            return await self._announce(push)
        if push.kind == "remind":
            return await self._remind(push)
        return await self._questions(push)

    def _args(self, push: Push) -> dict[str, Any]:
        return {"rate_limit_args": push_args(push.claim), **self.extra}

    async def _announce(self, push: Push) -> int:
        msg = await send_html(self.app.bot, push.chat_id, f"📢 {esc(push.text or '')}", **self._args(push))
        assert msg is not None
        return int(msg.message_id)

    async def _remind(self, push: Push) -> int | None:
        engine = self.app.bot_data.engine
        assert engine is not None
        if push.learner_id is None:
            return None
        streak = await engine.streak(push.learner_id)
        if not streak.at_risk:
            return None  # practised today, or no streak to lose: no reminder (the day's row says skipped)
        lang = await self.app.bot_data.languages.of_learner(engine, push.learner_id)
        codec = self.app.bot_data.codec
        assert codec is not None
        markup = InlineKeyboardMarkup(
            [[InlineKeyboardButton(t("btn_one_question", lang), callback_data=codec.encode("menu", "practice"))]]
        )
        text = t("remind_push", lang, n=streak.current)
        msg = await send_html(self.app.bot, push.chat_id, text, reply_markup=markup, **self._args(push))
        assert msg is not None
        return int(msg.message_id)

    async def _group_questions(self, push: Push) -> int | None:
        """A group's daily question: open until the group's closing time or the next push (the group quiz
        posts it, with its footer and live count); yesterday's still open one is revealed first."""
        data = self.app.bot_data
        engine, groups = data.engine, data.groups
        assert engine is not None and groups is not None
        chat = await engine.chat(push.chat_id)
        lang = await data.languages.of_group(engine, push.chat_id, None)
        poll = bool(chat and chat.poll)
        kinds = list(push.kinds or [str(k) for k in GROUP_KINDS])  # the group itself is the "learner" picks rotate for
        if push.done == 0:
            await groups.close_daily(push.chat_id)
        closes_at = await groups.daily_close(push.chat_id)
        while push.done < push.count:
            # No question twice in one push (nobody answers a group's push before the next is picked).
            pick = await engine.next_question(push.chat_id, banks=push.banks, kinds=kinds, exclude=push.asked)
            if not isinstance(pick, Pick):
                log.info("push to group %d: no question to send (%s)", push.chat_id, pick.reason)
                break
            args = self._args(push)
            asked_id = await groups.post(push.chat_id, None, pick, lang, poll=poll, closes_at=closes_at, **args)
            push.done += 1
            push.asked.append(pick.key)
            if push.first_message_id is None:
                asked = await engine.get_asked(asked_id)
                push.first_message_id = asked.message_id if asked is not None else None
        return push.first_message_id if push.done else None

    async def _questions(self, push: Push) -> int | None:
        if push.chat_id < 0:
            return await self._group_questions(push)
        data = self.app.bot_data
        engine, codec = data.engine, data.codec
        assert engine is not None and codec is not None
        learner = await engine.learner(push.chat_id)
        lang = lang_of(learner.language if learner is not None else None)
        return await self._session(push, lang, bool(learner and learner.poll))

    async def _session(self, push: Push, lang: Lang, poll: bool) -> int | None:
        """A private daily push of N questions is a practice session (bot/telegram/practice.py): its first
        question is the push (under the claim); the others follow the learner's answers. Once it is out,
        the learner's earlier push sessions end, their unanswered questions closed (not counted wrong)."""
        engine, codec = self.app.bot_data.engine, self.app.bot_data.codec
        assert engine is not None and codec is not None
        learner_id = push.learner_id or push.chat_id
        session = await engine.sessions.start(
            push.chat_id,
            learner_id,
            "push",
            push.count,
            banks=push.banks,
            kinds=push.kinds,
            poll=poll,
            origin=push.origin,
        )
        # The same push tried again (its first send did not get through) sends the question it recorded.
        step = await engine.sessions.pending(session) if session.position else await engine.sessions.step(session, 0)
        if not isinstance(step, SessionStep):
            log.info("push to chat %d: no question to send (%s)", push.chat_id, getattr(step, "reason", "sent"))
            return None
        try:
            message_id = await send_step(
                self.app.bot, engine, codec, step, lang, push=True, claim=push.claim, **self.extra
            )
        except NotClaimed:  # not to be sent after all: as if it had never been asked
            await engine.sessions.unask(step.asked_id)
            raise
        push.done, push.first_message_id = push.count, message_id
        closed = await engine.sessions.close_earlier(step.session)
        if closed:
            log.info("push to chat %d: %d unanswered questions of earlier pushes closed", push.chat_id, closed)
        return message_id


async def announcement_finished(app: BotApplication, ann: Announcement, counts: dict[str, int]) -> None:
    """Tell the admin who sent an announcement how it went."""
    engine = app.bot_data.engine
    assert engine is not None
    lang = await app.bot_data.languages.of_learner(engine, ann.by_chat)
    text = t(
        "announce_done",
        lang,
        id=ann.id,
        sent=counts.get("sent", 0),
        failed=counts.get("failed", 0),
        uncertain=counts.get("uncertain", 0),
    )
    await send_html(app.bot, ann.by_chat, text)


# ----- commands -------------------------------------------------------------------------------------------


def _argument_problem(exc: ArgumentError, lang: Lang) -> str:
    return t(f"arg_{exc.problem}", lang, arg=esc(exc.arg))


async def _default_zone(context: CustomContext, update: Update) -> tzinfo:
    engine = context.engine
    chat, user = update.effective_chat, update.effective_user
    name = context.settings.tz
    if chat is not None:
        if chat.type == ChatType.PRIVATE and user is not None:
            name = (await engine.settings(user.id)).tz
        else:
            found = await engine.chat(chat.id)
            name = found.tz if found is not None and found.tz else name
    try:
        return parse_time_zone(name)
    except ValueError:
        return UTC


def _when(moment: datetime, tz: tzinfo) -> str:
    return moment.astimezone(tz).strftime("%Y-%m-%d %H:%M")


async def subscribe_command(update: Update, context: CustomContext) -> None:
    """/subscribe [HH:MM] [TZ] [N]: private for oneself; in a group by its admins, for the group."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    lang = await context.lang()
    try:
        args = parse_subscribe(context.args or [])
    except ArgumentError as exc:
        await context.reply(t("sub_usage", lang, problem=_argument_problem(exc, lang)))
        return
    private = chat.type == ChatType.PRIVATE
    if not private and not await context.groups.is_admin(update):
        await context.reply(t("sub_admins_only", lang))
        return
    await context.engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    count = args.count
    if not args.count_given:  # a new time only: the number of questions chosen before (even if stopped) stays
        current = await context.subscriptions.get(chat.id, "daily")
        count = current.count if current is not None else count
    slot = await context.subscriptions.subscribe(chat.id, user.id, args.at, tz, count=count)
    key = "sub_done" if private else "sub_group_done"
    when = _when(slot.due_at, tz)
    await context.reply(t(key, lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz)), n=count, next=when))


async def unsubscribe_command(update: Update, context: CustomContext) -> None:
    chat = update.effective_chat
    if chat is None:
        return
    lang = await context.lang()
    if chat.type != ChatType.PRIVATE and not await context.groups.is_admin(update):
        await context.reply(t("sub_admins_only", lang))
        return
    stopped = await context.subscriptions.stop(chat.id, "daily")
    await context.reply(t("unsub_done" if stopped else "unsub_none", lang))


async def remind_command(update: Update, context: CustomContext) -> None:
    """/remind HH:MM [TZ] switches the evening reminder on, /remind off switches it off."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    lang = await context.lang()
    try:
        args = parse_remind(context.args or [])
    except ArgumentError as exc:
        await context.reply(t("remind_usage", lang, problem=_argument_problem(exc, lang)))
        return
    if args.at is None:
        stopped = await context.subscriptions.stop(chat.id, "remind")
        await context.reply(t("remind_off" if stopped else "remind_none", lang))
        return
    await context.engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    await context.subscriptions.subscribe(chat.id, user.id, args.at, tz, kind="remind")
    await context.reply(t("remind_done", lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz))))


async def announce_command(update: Update, context: CustomContext) -> None:
    """/announce TEXT (the bot's admins, checked by the command registry): to every active subscriber."""
    chat, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat is None or user is None or message is None:
        return
    lang = await context.lang()
    parts = (message.text or "").split(maxsplit=1)  # keep the text's own line breaks
    text = parts[1].strip() if len(parts) > 1 else ""
    if not text:
        await context.reply(t("announce_usage", lang))
        return
    ann_id, recipients = await context.subscriptions.announce(text, chat.id)
    log.info("admin %d queued announcement %d for %d chats", user.id, ann_id, recipients)
    await context.reply(t("announce_queued", lang, id=ann_id, n=recipients))
    context.subscriptions.wake()
