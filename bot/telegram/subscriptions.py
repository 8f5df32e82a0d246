"""/subscribe, /unsubscribe, /remind, /announce, and the push scheduler's start and stop with the bot.

What a push sends is decided here (`PushSender`): N questions through `quiz.send_question`, an evening
reminder when the streak is at risk, or an announcement; when and how often is `bot.delivery.service`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from telegram import Bot, Update
from telegram.constants import ChatType, ParseMode
from telegram.ext import Application

from bot.banks.model import Kind
from bot.delivery.arguments import ArgumentError, parse_remind, parse_subscribe
from bot.delivery.schedule import next_due, parse_time_zone, zone_name
from bot.delivery.service import DeliveryService, Push
from bot.delivery.spacing import Spacer
from bot.store import deliveries, subscriptions
from bot.store.deliveries import Announcement
from bot.study.results import Pick
from bot.telegram.common import (
    ENGINE,
    GROUPS,
    SETTINGS,
    STORE,
    Context,
    engine_of,
    run_while_serving,
    send_html,
    settings_of,
)
from bot.telegram.failures import classify
from bot.telegram.pacing import OutgoingBudget, push_args
from bot.telegram.quiz import learner_lang, send_question
from bot.telegram.render import esc
from bot.telegram.texts import Lang, t

__all__ = [
    "DELIVERIES",
    "PushSender",
    "announce_command",
    "register",
    "remind_command",
    "subscribe_command",
    "unsubscribe_command",
]

log = logging.getLogger(__name__)

DELIVERIES = "deliveries"  # bot_data key of the DeliveryService
GROUP_KINDS = (Kind.single, Kind.multiple, Kind.true_false)  # what buttons can answer in a group


# ----- what a push sends -------------------------------------------------------------------------------


class _PaidBot:
    """The bot with `allow_paid_broadcast=True` on every send (STUDYBOT_PAID_BROADCAST=1).

    quiz.send_question takes no send options, so its sends get the flag through this wrapper.
    """

    def __init__(self, bot: Bot) -> None:
        self._bot = bot
        self.send_message = functools.partial(bot.send_message, allow_paid_broadcast=True)
        self.send_poll = functools.partial(bot.send_poll, allow_paid_broadcast=True)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)


class PushSender:
    """Sends one `Push`; returns its first message id, or None when there was nothing to send."""

    def __init__(self, app: Application, *, paid: bool, group_open_seconds: int) -> None:  # type: ignore[type-arg]
        self.app = app
        self.paid = paid
        self.group_open_seconds = group_open_seconds

    @property
    def bot(self) -> Any:
        return _PaidBot(self.app.bot) if self.paid else self.app.bot

    async def __call__(self, push: Push) -> int | None:
        if push.kind == "announce":
            return await self._announce(push)
        if push.kind == "remind":
            return await self._remind(push)
        return await self._questions(push)

    async def _announce(self, push: Push) -> int:
        msg = await self.bot.send_message(
            push.chat_id, f"📢 {esc(push.text or '')}", parse_mode=ParseMode.HTML, rate_limit_args=push_args(push.claim)
        )
        return int(msg.message_id)

    async def _remind(self, push: Push) -> int | None:
        engine = self.app.bot_data[ENGINE]
        if push.learner_id is None:
            return None
        streak = await engine.streak(push.learner_id)
        if not streak.at_risk:
            return None  # practised today, or no streak to lose: no reminder (the day's row says skipped)
        lang = await _lang_of_learner(engine, push.learner_id)
        msg = await self.bot.send_message(
            push.chat_id,
            t("remind_push", lang, n=streak.current),
            parse_mode=ParseMode.HTML,
            rate_limit_args=push_args(push.claim),
        )
        return int(msg.message_id)

    async def _questions(self, push: Push) -> int | None:
        engine = self.app.bot_data[ENGINE]
        group = push.chat_id < 0
        if group:
            chat = await engine.chat(push.chat_id)
            lang: Lang = "en" if chat is not None and chat.language == "en" else "zh"
            poll = bool(chat and chat.poll)
            # The group itself is the "learner" the picks rotate for: nobody's personal filters apply.
            picker, kinds = push.chat_id, push.kinds or GROUP_KINDS
        else:
            learner = await engine.learner(push.chat_id)
            lang = "en" if learner is not None and learner.language == "en" else "zh"
            poll = bool(learner and learner.poll)
            picker, kinds = push.learner_id or push.chat_id, push.kinds
        while push.done < push.count:
            pick = await engine.next_question(picker, banks=push.banks, kinds=kinds)
            if not isinstance(pick, Pick):
                log.info("push to chat %d: no question to send (%s)", push.chat_id, pick.reason)
                break
            asked_id = await send_question(
                self.bot,
                engine,
                push.chat_id,
                None if group else push.learner_id,
                pick,
                lang,
                poll=poll,
                push=True,
                claim=push.claim,
                open_seconds=self.group_open_seconds if group else None,
            )
            push.done += 1
            if push.first_message_id is None:
                asked = await engine.get_asked(asked_id)
                push.first_message_id = asked.message_id if asked is not None else None
        return push.first_message_id if push.done else None


async def _lang_of_learner(engine: Any, learner_id: int) -> Lang:
    learner = await engine.learner(learner_id)
    return "en" if learner is not None and learner.language == "en" else "zh"


# ----- commands -------------------------------------------------------------------------------------------


def _service(context: Context) -> DeliveryService | None:
    return context.application.bot_data.get(DELIVERIES)


def _now(context: Context) -> datetime:
    return context.application.bot_data["clock"]()


def _argument_problem(exc: ArgumentError, lang: Lang) -> str:
    return t(f"arg_{exc.problem}", lang, arg=esc(exc.arg))


async def _is_chat_admin(update: Update, context: Context) -> bool:
    """The group quiz's check: getChatMember says administrator or creator (cached), anonymous admins too."""
    return await context.application.bot_data[GROUPS].is_admin(update)


async def _default_zone(context: Context, update: Update) -> tzinfo:
    engine = engine_of(context)
    chat, user = update.effective_chat, update.effective_user
    name = settings_of(context).tz
    if engine is not None and chat is not None:
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


async def subscribe_command(update: Update, context: Context) -> None:
    """/subscribe [HH:MM] [TZ] [N]: private for oneself; in a group by its admins, for the group."""
    chat, user, engine = update.effective_chat, update.effective_user, engine_of(context)
    if chat is None or user is None or engine is None:
        return
    lang = await learner_lang(update, context)
    try:
        args = parse_subscribe(context.args or [])
    except ArgumentError as exc:
        await send_html(context, chat.id, t("sub_usage", lang, problem=_argument_problem(exc, lang)))
        return
    private = chat.type == ChatType.PRIVATE
    if not private and not await _is_chat_admin(update, context):
        await send_html(context, chat.id, t("sub_admins_only", lang))
        return
    await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    now = _now(context)
    slot = next_due(args.at, tz, now)
    async with engine.store.write() as db:
        await subscriptions.subscribe(
            db,
            chat_id=chat.id,
            learner_id=user.id,
            minute=args.at.hour * 60 + args.at.minute,
            tz=zone_name(tz),
            now=int(now.timestamp()),
            next_due=int(slot.due_at.timestamp()),
            count=args.count,
        )
    key = "sub_done" if private else "sub_group_done"
    await send_html(
        context,
        chat.id,
        t(key, lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz)), n=args.count, next=_when(slot.due_at, tz)),
    )
    service = _service(context)
    if service is not None and slot.due_at - now < timedelta(seconds=service.poll_seconds):
        service.wake()


async def unsubscribe_command(update: Update, context: Context) -> None:
    chat, engine = update.effective_chat, engine_of(context)
    if chat is None or engine is None:
        return
    lang = await learner_lang(update, context)
    if chat.type != ChatType.PRIVATE and not await _is_chat_admin(update, context):
        await send_html(context, chat.id, t("sub_admins_only", lang))
        return
    async with engine.store.write() as db:
        stopped = await subscriptions.deactivate(db, chat.id, "daily", now=int(_now(context).timestamp()))
    await send_html(context, chat.id, t("unsub_done" if stopped else "unsub_none", lang))


async def remind_command(update: Update, context: Context) -> None:
    """/remind HH:MM [TZ] switches the evening reminder on, /remind off switches it off."""
    chat, user, engine = update.effective_chat, update.effective_user, engine_of(context)
    if chat is None or user is None or engine is None:
        return
    lang = await learner_lang(update, context)
    try:
        args = parse_remind(context.args or [])
    except ArgumentError as exc:
        await send_html(context, chat.id, t("remind_usage", lang, problem=_argument_problem(exc, lang)))
        return
    now = _now(context)
    if args.at is None:
        async with engine.store.write() as db:
            stopped = await subscriptions.deactivate(db, chat.id, "remind", now=int(now.timestamp()))
        await send_html(context, chat.id, t("remind_off" if stopped else "remind_none", lang))
        return
    await engine.ensure_chat(chat.id, chat.type, chat.title or "")
    tz = args.tz or await _default_zone(context, update)
    slot = next_due(args.at, tz, now)
    async with engine.store.write() as db:
        await subscriptions.subscribe(
            db,
            chat_id=chat.id,
            learner_id=user.id,
            minute=args.at.hour * 60 + args.at.minute,
            tz=zone_name(tz),
            now=int(now.timestamp()),
            next_due=int(slot.due_at.timestamp()),
            kind="remind",
        )
    await send_html(context, chat.id, t("remind_done", lang, time=args.at.strftime("%H:%M"), tz=esc(zone_name(tz))))


async def announce_command(update: Update, context: Context) -> None:
    """/announce TEXT (admins in STUDYBOT_ADMINS): to every active subscriber, paced, once per chat."""
    chat, user, message, engine = (
        update.effective_chat,
        update.effective_user,
        update.effective_message,
        engine_of(context),
    )
    if chat is None or user is None or message is None or engine is None:
        return
    lang = await learner_lang(update, context)
    if user.id not in settings_of(context).admins:
        await send_html(context, chat.id, t("announce_not_admin", lang))
        return
    parts = (message.text or "").split(maxsplit=1)  # keep the text's own line breaks
    text = parts[1].strip() if len(parts) > 1 else ""
    if not text:
        await send_html(context, chat.id, t("announce_usage", lang))
        return
    now = int(_now(context).timestamp())
    async with engine.store.write() as db:
        ann = await deliveries.create_announcement(db, text, chat.id, now)
        n = await deliveries.count_recipients(db, ann.id)
    log.info("admin %d queued announcement %d for %d chats", user.id, ann.id, n)
    await send_html(context, chat.id, t("announce_queued", lang, id=ann.id, n=n))
    service = _service(context)
    if service is not None:
        service.wake()


# ----- the scheduler's life with the application ------------------------------------------------------------


def _finished(app: Application) -> Callable[[Announcement, dict[str, int]], Awaitable[None]]:  # type: ignore[type-arg]
    async def tell_admin(ann: Announcement, counts: dict[str, int]) -> None:
        lang = await _lang_of_learner(app.bot_data[ENGINE], ann.by_chat)
        await app.bot.send_message(
            ann.by_chat,
            t(
                "announce_done",
                lang,
                id=ann.id,
                sent=counts.get("sent", 0),
                failed=counts.get("failed", 0),
                uncertain=counts.get("uncertain", 0),
            ),
            parse_mode=ParseMode.HTML,
        )

    return tell_admin


def build_service(app: Application) -> DeliveryService:  # type: ignore[type-arg]
    """The scheduler for this application (its store, clock and settings); not started."""
    settings = app.bot_data[SETTINGS]
    sender = PushSender(app, paid=settings.paid_broadcast, group_open_seconds=settings.group_open_seconds)
    budget = getattr(app.bot, "rate_limiter", None)
    paused = (lambda: budget.paused_until) if isinstance(budget, OutgoingBudget) else (lambda: 0.0)
    return DeliveryService(
        app.bot_data[STORE],
        sender,
        clock=app.bot_data["clock"],
        classify=classify,
        catchup=timedelta(hours=settings.catchup_hours),
        concurrency=settings.push_concurrency,
        poll_seconds=settings.push_poll_seconds,
        finished=_finished(app),
        spacer=Spacer(settings.broadcast_rate, paused_until=paused),
    )


async def start_deliveries(app: Application) -> None:  # type: ignore[type-arg]
    """After post_init opened the store: recover in-flight rows, then tick on a timer."""
    if DELIVERIES in app.bot_data or STORE not in app.bot_data:
        return
    service = build_service(app)
    app.bot_data[DELIVERIES] = service
    service.start()


async def stop_deliveries(app: Application) -> None:  # type: ignore[type-arg]
    """Before the store closes: claim nothing more, finish and record the sends in flight."""
    service = app.bot_data.pop(DELIVERIES, None)
    if service is not None:
        await service.stop()


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Start the scheduler after the store opens; stop it when polling stops (or before the store closes)."""
    run_while_serving(app, start_deliveries, stop_deliveries)
