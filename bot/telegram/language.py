"""The one language resolver: which language of the bot's (bot/locale: zh, en, ja) to answer a learner, a
group, or an unknown user in; that language's catalog gives the texts.

A learner's choice (/lang) is stored by the engine; until they choose, their Telegram language decides
(`lang_of`). A group's language is its own, fixed once (bot/telegram/membership.py sets it from the admin
who adds the bot; an admin changes it with /settings lang), else the caller's fallback. Languages of
learners seen since start-up are kept in memory, so most updates cost no database read; /lang updates
the cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.telegram.texts import LANGS, Lang, lang_of

if TYPE_CHECKING:
    from telegram import User

    from bot.study.engine import StudyEngine

__all__ = ["Languages"]


class Languages:
    def __init__(self, remember: int = 100_000) -> None:
        self._known: dict[int, Lang] = {}
        self._remember = remember

    def guess(self, user: User | None) -> Lang:
        """Without the engine (an error, a flood notice): the cached choice, else Telegram's language."""
        if user is None:
            return "zh"
        return self._known.get(user.id) or lang_of(user.language_code)

    async def of_user(self, engine: StudyEngine, user: User | None) -> Lang:
        """The user's language; on first contact since start-up the learner is created (or their name refreshed)."""
        if user is None:
            return "zh"
        lang = self._known.get(user.id)
        if lang is None:
            learner = await engine.ensure_learner(user.id, user.full_name, language=lang_of(user.language_code))
            lang = self.remember(user.id, lang_of(learner.language))
        return lang

    def remember(self, user_id: int, lang: Lang) -> Lang:
        """After /lang (or a first contact): the cached language follows the stored one."""
        if len(self._known) >= self._remember:
            self._known.clear()
        self._known[user_id] = lang
        return lang

    async def of_learner(self, engine: StudyEngine, learner_id: int) -> Lang:
        """A learner's stored language (zh for one never seen), without creating anyone."""
        lang = self._known.get(learner_id)
        if lang is None:
            learner = await engine.learner(learner_id)
            lang = lang_of(learner.language if learner is not None else None)
        return lang

    async def of_group(self, engine: StudyEngine, chat_id: int, member_id: int | None, fallback: Lang = "zh") -> Lang:
        """The group's language: its own (set by an admin, or taken from the admin who added the bot).

        A group without one (the bot was added before groups had a language) takes that of the first
        member who uses the bot there, and keeps it: one member's /quiz never switches the group."""
        chat = await engine.chat(chat_id)
        if chat is not None and chat.language in LANGS:
            return lang_of(chat.language)
        if member_id is not None:
            learner = await engine.learner(member_id)
            if learner is not None:
                lang = lang_of(learner.language)
                if chat is not None:
                    await engine.set_chat_language(chat_id, lang)
                return lang
        return fallback
