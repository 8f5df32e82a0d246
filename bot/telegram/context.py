"""The typed context every handler gets: the engine, the clock, the texts, the callback codec, the services.

python-telegram-bot builds one `BotData` per application (`ContextTypes(bot_data=BotData)`); the
composition root (bot/app.py) fills in what is built before the bot starts, and its lifecycle what is
opened at start-up (the engine and the services over the store) and cleared at the stop. Handlers run
only in between, so `context.engine` (and the other services) are never None inside one: reading one
outside that window is a bug of ours and raises.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar

from telegram import Message, Update
from telegram.ext import Application, CallbackContext, CommandHandler, ContextTypes, ExtBot

from bot.logsetup import Throttled
from bot.telegram.callbacks import CallbackCodec
from bot.telegram.commands import Command
from bot.telegram.language import Languages
from bot.telegram.sending import send_html
from bot.telegram.texts import Lang, Texts, t

if TYPE_CHECKING:
    from bot.ai.service import ModelHelp
    from bot.banks.questions.draft import ImportResult
    from bot.config import Settings
    from bot.delivery.service import DeliveryService
    from bot.delivery.subscriptions import Subscriptions
    from bot.study.bank_admin import BankAdmin
    from bot.study.desk import TeacherDesk
    from bot.study.desk_access import DeskAccess
    from bot.study.disputes import Disputes
    from bot.study.engine import StudyEngine
    from bot.telegram.courier import Courier
    from bot.telegram.dispute_notices import DisputeNotices
    from bot.telegram.group_quiz import GroupQuiz
    from bot.telegram.inbox import Inbox

__all__ = ["CONTEXT_TYPES", "BotApplication", "BotData", "CustomContext", "HandlerFn"]

T = TypeVar("T")


class BotData:
    """What the whole application shares (python-telegram-bot's bot_data, typed)."""

    def __init__(self) -> None:
        # Set when the application is built (bot/app.py).
        self.settings: Settings | None = None
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)
        self.monotonic: Callable[[], float] = time.monotonic
        self.sleep: Callable[[float], Awaitable[object]] = asyncio.sleep  # waits on ``monotonic``'s time
        self.rng = random.Random()
        self.codec: CallbackCodec | None = None
        self.texts: Texts = t  # the catalogs, read once per process
        self.languages = Languages()
        self.commands: list[Command] = []  # the commands served (bot/telegram/command_handlers.py)
        self.command_handlers: dict[str, HandlerFn] = {}  # command name -> the function that answers it
        self.inbox: Inbox | None = None
        self.groups: GroupQuiz | None = None
        self.courier: Courier | None = None
        # Opened at start-up and cleared at the stop (bot/app.py, Lifecycle).
        self.engine: StudyEngine | None = None
        self.bank_admin: BankAdmin | None = None
        self.disputes: Disputes | None = None  # "my answer should count" (bot/study/disputes.py)
        self.dispute_notices: DisputeNotices | None = None  # tells learners of the decisions
        self.desk: TeacherDesk | None = None  # the teacher's desk's engine (imports under review)
        self.desk_access: DeskAccess | None = None  # its sign-in links and sessions
        self.subscriptions: Subscriptions | None = None
        self.deliveries: DeliveryService | None = None
        self.model_help: ModelHelp | None = None  # only when STUDYBOT_AI_URL is set
        self.model_waiting = 0  # answers waiting on the model now (bot/telegram/model_help.py)
        # chat -> (a question's message whose verdict was written into it, the newest message of the chat
        # that was waiting then): a typed answer among those was written before the learner saw the verdict.
        self.verdict_marks: dict[int, tuple[int, int]] = {}
        self.held_imports: dict[int, ImportResult] = {}  # pending upload id -> its import, for [AI 补读]
        self.disk_faults = Throttled(logging.getLogger("bot.telegram.app"), 60.0)  # logged once a minute


def _ready(value: T | None, what: str) -> T:
    if value is None:
        raise RuntimeError(f"{what} is not open: handlers run only between the bot's start and its stop")
    return value


class CustomContext(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], BotData]):
    """`context` in every handler: typed attributes instead of string keys."""

    def __init__(self, application: Application[Any, Any, Any, Any, Any, Any], **kwargs: Any) -> None:
        super().__init__(application, **kwargs)
        # the update being handled (not `update`: CallbackContext.update() is what data filters call)
        self.current_update: Update | None = None

    @classmethod
    def from_update(cls, update: object, application: Application[Any, Any, Any, Any, Any, Any]) -> CustomContext:
        context = super().from_update(update, application)
        if isinstance(update, Update):
            context.current_update = update
        return context

    # ----- what the application shares ---------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        return _ready(self.bot_data.settings, "the settings")

    @property
    def engine(self) -> StudyEngine:
        return _ready(self.bot_data.engine, "the study engine")

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.bot_data.clock

    @property
    def texts(self) -> Texts:
        return self.bot_data.texts

    @property
    def codec(self) -> CallbackCodec:
        return _ready(self.bot_data.codec, "the callback codec")

    @property
    def groups(self) -> GroupQuiz:
        return _ready(self.bot_data.groups, "the group quiz")

    @property
    def subscriptions(self) -> Subscriptions:
        return _ready(self.bot_data.subscriptions, "the subscriptions")

    @property
    def bank_admin(self) -> BankAdmin:
        return _ready(self.bot_data.bank_admin, "the bank admin")

    @property
    def disputes(self) -> Disputes:
        return _ready(self.bot_data.disputes, "the disputes")

    @property
    def desk(self) -> TeacherDesk:
        return _ready(self.bot_data.desk, "the teacher's desk")

    @property
    def desk_access(self) -> DeskAccess:
        return _ready(self.bot_data.desk_access, "the teacher's desk's access")

    @property
    def courier(self) -> Courier:
        return _ready(self.bot_data.courier, "the courier")

    @property
    def model_help(self) -> ModelHelp | None:
        """Model help, when it is configured (else None: the rules' verdicts stand)."""
        return self.bot_data.model_help

    def knows_command(self, name: str) -> bool:
        """A command some handler of this application takes (the registry's, or one added beside it)."""
        return any(
            isinstance(handler, CommandHandler) and name in handler.commands
            for handlers in self.application.handlers.values()
            for handler in handlers
        )

    # ----- about the update at hand ------------------------------------------------------------------

    async def lang(self) -> Lang:
        """The language of whoever sent the update (the learner is created on first contact)."""
        user = self.current_update.effective_user if self.current_update is not None else None
        return await self.bot_data.languages.of_user(self.engine, user)

    async def chat_lang(self) -> Lang:
        """The language of a message to the update's chat: in a group or channel everyone reads it, so the
        group's own language (one English member's command does not answer a Chinese group in English);
        in a private chat the sender's."""
        update = self.current_update
        member = await self.lang()
        chat = update.effective_chat if update is not None else None
        if chat is None or chat.type == "private":
            return member
        user = update.effective_user if update is not None else None
        return await self.bot_data.languages.of_group(self.engine, chat.id, user.id if user else None, member)

    def is_bot_admin(self) -> bool:
        """The sender is one of the bot's admins (STUDYBOT_ADMINS), wherever they write from."""
        user = self.current_update.effective_user if self.current_update is not None else None
        return user is not None and user.id in self.settings.admins

    async def reply(self, text: str, **kwargs: Any) -> Message | None:
        """Send HTML `text` to the update's chat (split when long; a keyboard goes under the last part). In a
        group the answer to a command replies to it: in a busy group, whose command it answers."""
        chat = self.current_update.effective_chat if self.current_update is not None else None
        if chat is None:
            return None
        if "reply_to" not in kwargs and (quoted := self.command_in_group()) is not None:
            kwargs["reply_to"] = quoted
        return await send_html(self.bot, chat.id, text, **kwargs)

    def command_in_group(self) -> int | None:
        """The message id of the command being handled when it was sent in a group (None otherwise)."""
        update = self.current_update
        message = update.message if update is not None else None
        if message is None or message.chat.type == "private" or not (message.text or "").startswith("/"):
            return None
        return message.message_id


HandlerFn = Callable[[Update, CustomContext], Awaitable[None]]
BotApplication = Application[ExtBot[None], CustomContext, dict[Any, Any], dict[Any, Any], BotData, Any]
CONTEXT_TYPES = ContextTypes(context=CustomContext, bot_data=BotData)
