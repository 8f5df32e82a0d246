"""Telling learners of the decisions on their disputes ("my answer should count") and of how their reports
(/report) closed, fixed or dismissed: `DisputeNotices`, woken
after every decision whichever front end made it (the teacher's web pages too) and at start-up (what a
crash left unsent). Each notice is claimed in the database right before it leaves, so nobody is told
twice. Kept apart from bot/telegram/disputes.py (the buttons and their presses) so that the application's
shared data can name the sender without importing the handlers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from telegram import Bot
from telegram.error import TelegramError

from bot.banks.key_fix import describe_key
from bot.study.disputes import Disputes, Notice
from bot.telegram.courier import Courier
from bot.telegram.failures import worth_retrying
from bot.telegram.render import esc
from bot.telegram.sending import send_html
from bot.telegram.texts import lang_of, t

__all__ = ["REPLY_CHARS", "DisputeNotices", "notice_text", "quote"]

log = logging.getLogger(__name__)

REPLY_CHARS = 60  # a reply quoted in a list or a button's message


def quote(reply: str) -> str:
    """A reply as quoted to a person: one line, at most REPLY_CHARS, escaped."""
    text = " ".join(reply.split())
    return esc(text if len(text) <= REPLY_CHARS else text[: REPLY_CHARS - 1] + "…")


def notice_text(notice: Notice) -> str:
    """HTML, in the learner's language: their reply accepted as right, or declined with the key."""
    lang = notice.language
    number = notice.question.number if notice.question is not None else "?"
    fields = {"n": number, "bank": esc(notice.bank_title), "reply": quote(notice.reply)}
    if notice.accepted:
        return t("dispute_told_accepted", lang, **fields)
    return t("dispute_told_rejected", lang, answer=esc(notice.key), **fields)


class DisputeNotices:
    """Sends the learners' notices of decisions: woken after each decision, and once at start-up."""

    def __init__(self, bot: Bot, disputes: Disputes, courier: Courier | None = None) -> None:
        self.bot = bot
        self.disputes = disputes
        self.courier = courier  # a notice that fails for a while is kept and sent later
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.sent = 0

    def wake(self) -> None:
        self._wake.set()

    async def flush(self) -> int:
        """Send every notice waiting; how many went."""
        sent = 0
        while not self._stopping:
            waiting = await self.disputes.waiting_notices()
            if not waiting:
                break
            for notice in waiting:
                if self._stopping:
                    break
                if await self.disputes.claim_notice(notice):
                    sent += await self._send(notice.learner_id, notice_text(notice))
        sent += await self._tell_reporters()
        self.sent += sent
        return sent

    async def _tell_reporters(self) -> int:
        """Every reporter whose report closed since, told once: the key as it is now, fixed or kept."""
        engine, sent = self.disputes.engine, 0
        while not self._stopping:
            waiting = await engine.untold_reports()
            if not waiting:
                break
            for _, learner_id, key, outcome in waiting:
                if self._stopping:
                    break
                if await engine.claim_report_notice(learner_id, key):
                    lang = lang_of((await engine.settings(learner_id)).language)
                    sent += await self._send(learner_id, self._report_text(key, outcome, lang))
        return sent

    def _report_text(self, key: int, outcome: str, lang: str) -> str:
        engine = self.disputes.engine
        found = engine.question_for(key)
        bank_id, question = found if found else ("", None)
        bank = engine.banks.get(bank_id)
        fields = {
            "n": question.number if question is not None else "?",
            "bank": esc(bank.title if bank is not None else bank_id),
            "answer": esc(describe_key(question, lang)) if question is not None else "-",
        }
        return t(f"report_told_{outcome}", lang, **fields)

    async def _send(self, learner_id: int, text: str) -> bool:
        try:
            await send_html(self.bot, learner_id, text, unread=True)
        except TelegramError as exc:
            if worth_retrying(exc) and self.courier is not None:
                await self.courier.keep(learner_id, text, None, exc)
            else:  # the learner blocked the bot, say: nobody to tell
                log.info("could not tell learner %d of a decision: %s", learner_id, exc)
            return False
        return True

    async def _run(self) -> None:
        while not self._stopping:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self.flush()
            except asyncio.CancelledError:
                raise
            except Exception:  # the sender must outlive a database hiccup; the rows wait for the next wake
                log.exception("telling learners of dispute decisions failed")

    def start(self) -> None:
        if self._task is None:
            self._stopping = False
            self._task = asyncio.ensure_future(self._run())
            self.wake()  # what a crash left unsent goes first

    async def stop(self, timeout: float = 5.0) -> None:
        """Let the notice being sent go (a claimed one is never sent twice, so none is cut off), then stop."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        self._wake.set()
        try:
            await asyncio.wait_for(asyncio.shield(task), timeout)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
