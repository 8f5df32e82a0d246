"""What a push sends (`PushSender`): a day's questions, an evening reminder, an announcement.

A daily push to a learner is a practice session (bot/telegram/practice.py) whose first question is the
push. The scheduler (bot/delivery/service.py) hands a page of them to `prepare` first: their sessions are
started and their questions picked and recorded in one transaction. Then each is one request, built here
without python-telegram-bot's objects (bot/telegram/transport.py, `post_json`): the question's text, its
keyboard and its poll are rendered once per question and language (`Looks`), only the session header and
the callback data (which carry the asked id) are the learner's own; only `message_id` (and a poll's id) is
read from the answer. The messages that show the question are recorded with the push's outcome.

What cannot go as one request (a question longer than one message) goes the way /quiz sends it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.banks.model import Question
from bot.delivery.outcomes import NotClaimed
from bot.delivery.service import Push, Sent
from bot.grading import format_question
from bot.study.kinds import GROUP_KINDS
from bot.study.results import Pick
from bot.study.sessions import PushOpening, PushStart, SessionStep
from bot.telegram.context import BotApplication
from bot.telegram.pacing import push_args
from bot.telegram.practice import header_text, poll_counter, send_step
from bot.telegram.question_view import (
    MAX_POLL_QUESTION,
    KeyboardPlan,
    keyboard_json,
    keyboard_plan,
    poll_question,
    poll_shape,
    units,
)
from bot.telegram.render import esc
from bot.telegram.sending import chunks, send_html
from bot.telegram.texts import lang_of, t
from bot.telegram.transport import post_json

__all__ = ["Look", "Looks", "PushSender"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Look:
    """A question as a push shows it, the same for every learner of one language."""

    text: str  # HTML, below the session header
    plan: KeyboardPlan | None  # its buttons (None: typed answers)
    poll: dict[str, Any] | None  # sendPoll parameters but the chat (None: it does not fit a quiz poll)


class Looks:
    """Questions rendered once per question and language (bounded: a bank reload brings new objects)."""

    def __init__(self, most: int = 4096) -> None:
        self._most = most
        self._looks: dict[tuple[int, str], tuple[Question, Look]] = {}

    def __call__(self, question: Question, lang: str) -> Look:
        key = (id(question), lang)
        found = self._looks.get(key)
        if found is not None and found[0] is question:
            return found[1]
        if len(self._looks) >= self._most:
            self._looks.clear()
        # A push is a session's question: under the session's counter, without the bank's own number.
        text = esc(format_question(question, lang, numbered=False))
        look = Look(text, keyboard_plan(question, lang), _poll_params(question, lang))
        self._looks[key] = (question, look)  # the question is kept with it: its id cannot be reused meanwhile
        return look


def _poll_params(question: Question, lang: str) -> dict[str, Any] | None:
    shape = poll_shape(question, lang)
    if shape is None:
        return None
    params: dict[str, Any] = {
        "question": shape.question,
        "options": [{"text": option} for option in shape.options],
        "is_anonymous": False,
        "type": "quiz",
        "correct_option_ids": shape.correct,
    }
    if shape.multiple:
        params["allows_multiple_answers"] = True
    if shape.explanation is not None:
        params["explanation"] = shape.explanation
    return params


class PushSender:
    """Sends one `Push`; returns what went out (`Sent`), or None when there was nothing to send."""

    def __init__(self, app: BotApplication, *, paid: bool) -> None:
        self.app = app
        # STUDYBOT_PAID_BROADCAST: every request of a push with allow_paid_broadcast.
        self.extra: dict[str, Any] = {"allow_paid_broadcast": True} if paid else {}
        self.looks = Looks()
        self._announcement: tuple[str, str | None] = ("", None)  # the last announcement's text, rendered

    async def __call__(self, push: Push) -> int | Sent | None:
        if push.kind == "announce":
            groups = self.app.bot_data.groups
            if push.chat_id < 0 and groups is not None:  # its turn in the group's plan, as the day's question
                async with groups.turns.turn(push.chat_id, "push"):
                    return await self._announce(push)
            return await self._announce(push)
        if push.kind == "remind":
            return await self._remind(push)
        if push.chat_id < 0:
            return await self._group_questions(push)
        if push.prepared is None:
            await self.prepare([push])
        return await self._session(push)

    async def prepare(self, pushes: Sequence[Push]) -> None:
        """Open the sessions of the daily pushes to learners among ``pushes``, in one transaction."""
        daily = [p for p in pushes if p.kind == "daily" and p.chat_id > 0]
        if not daily:
            return
        engine = self.app.bot_data.engine
        assert engine is not None
        starts = [PushStart(p.chat_id, p.learner_id or p.chat_id, p.count, p.banks, p.kinds, p.origin) for p in daily]
        for push, opening in zip(daily, await engine.sessions.open_pushes(starts), strict=True):
            push.prepared = opening

    def _args(self, push: Push) -> dict[str, Any]:
        return {"rate_limit_args": push_args(push.claim), **self.extra}

    async def _post(self, push: Push, endpoint: str, params: dict[str, Any]) -> dict[str, Any]:
        return await post_json(  # type: ignore[no-any-return]
            self.app.bot,
            endpoint,
            {"chat_id": push.chat_id, **params, **self.extra},
            rate_limit_args=push_args(push.claim),
        )

    async def _one_message(self, push: Push, html: str, markup: dict[str, Any] | None = None) -> int | None:
        """``html`` as one message (its id), or None when it needs more than one."""
        parts = chunks(html)
        if len(parts) != 1:
            return None
        params: dict[str, Any] = {"text": parts[0], "parse_mode": "HTML"}
        if markup is not None:
            params["reply_markup"] = markup
        return int((await self._post(push, "sendMessage", params))["message_id"])

    async def _announce(self, push: Push) -> int:
        text, html = self._announcement
        if html is None or text != push.text:
            html = f"📢 {esc(push.text or '')}"
            self._announcement = (push.text or "", html)
        sent = await self._one_message(push, html)
        if sent is not None:
            return sent
        msg = await send_html(self.app.bot, push.chat_id, html, **self._args(push))
        assert msg is not None
        return int(msg.message_id)

    async def _remind(self, push: Push) -> int | None:
        engine, codec = self.app.bot_data.engine, self.app.bot_data.codec
        assert engine is not None and codec is not None
        if push.learner_id is None:
            return None
        streak = await engine.streak(push.learner_id)
        if not streak.at_risk:
            return None  # practised today, or no streak to lose: no reminder (the day's row says skipped)
        lang = await self.app.bot_data.languages.of_learner(engine, push.learner_id)
        button = {"text": t("btn_one_question", lang), "callback_data": codec.encode("menu", "practice")}
        params = {
            "text": t("remind_push", lang, n=streak.current),
            "parse_mode": "HTML",
            "reply_markup": {"inline_keyboard": [[button]]},
        }
        return int((await self._post(push, "sendMessage", params))["message_id"])

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

    async def _session(self, push: Push) -> Sent | None:
        """The first question of a prepared push session; once it is out, the learner's earlier push
        sessions end, their unanswered questions closed (not counted wrong), in the outcome's transaction."""
        opening = push.prepared
        assert isinstance(opening, PushOpening)
        step = opening.step
        if not isinstance(step, SessionStep):
            log.info("push to chat %d: no question to send (%s)", push.chat_id, getattr(step, "reason", "sent"))
            return None
        engine = self.app.bot_data.engine
        assert engine is not None
        lang = lang_of(opening.language)
        try:
            shown = await self._question(push, step, lang, opening.poll)
        except NotClaimed:  # not to be sent after all: as if it had never been asked
            await engine.sessions.unask(step.asked_id)
            raise
        if shown is None:  # too long for one message: sent as /quiz sends it, recorded there
            codec = self.app.bot_data.codec
            assert codec is not None
            message_id = await send_step(
                self.app.bot, engine, codec, step, lang, push=True, claim=push.claim, **self.extra
            )
            push.done = push.count
            return None if message_id is None else Sent(message_id, engine.sessions.shown(step, []))
        message_id, poll_id = shown
        push.done, push.first_message_id = push.count, message_id
        return Sent(message_id, engine.sessions.shown(step, [message_id], poll_id))

    async def _question(self, push: Push, step: SessionStep, lang: str, poll: bool) -> tuple[int, str | None] | None:
        """Send the step's question (message id, poll id), or None when it does not fit one message."""
        look = self.looks(step.pick.question, lang)
        header = header_text(step.session, step.position, lang)
        if poll and look.poll is not None:  # no header message: the counter stands before the poll's question
            asked = poll_question(step.pick.question, poll_counter(step.session, step.position, lang))
            params = {**look.poll, "question": asked} if units(asked) <= MAX_POLL_QUESTION else look.poll
            result = await self._post(push, "sendPoll", params)
            return int(result["message_id"]), (result.get("poll") or {}).get("id")
        codec = self.app.bot_data.codec
        assert codec is not None
        markup = keyboard_json(look.plan, codec, step.asked_id) if look.plan is not None else None
        message_id = await self._one_message(push, f"{header}\n{look.text}", markup)
        return None if message_id is None else (message_id, None)
