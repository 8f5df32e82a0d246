"""`ModelHelp`: what a front end calls for model help with learners (case verdicts, explanations, the
opt-out), with the caches, the daily cap and the fallbacks in one place.

    if settings.ai_enabled:                      # in the composition root (bot/app.py); bot.ai unimported otherwise
        from bot.ai.service import ModelHelp
        help = ModelHelp(model_client(settings), store, daily_cap=settings.ai_daily_cap, concepts=concepts)
    ...
    verdict = grade(question, reply, concepts)
    better = await help.judge_case(bank_id, question, reply, verdict, lang=lang, learner_id=uid, local_day=day)
    verdict = better or verdict                  # None: the rules' verdict stands, unchanged

Every method returns None instead of raising when the model cannot help (off for this learner, cap
reached, timeout, HTTP error, unusable answer). A model's answer is kept in SQLite, and the same work
(the same reply to the same version of a question, in the same language; the same explanation) is
never sent again: neither later nor while the first request is still running.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from pydantic import ValidationError

from bot.ai.case_judge import (
    RubricPoint,
    case_prompt,
    judges_each_point,
    question_version,
    reply_hash,
    rubric,
    verdict_from_judgement,
)
from bot.ai.client import ModelClient, ModelError
from bot.ai.explain import format_explanation, write_explanation
from bot.ai.schemas import CaseJudgement
from bot.banks.model import Kind, Question
from bot.grading.accepted import accepted_wording
from bot.grading.concepts import ConceptIndex
from bot.grading.verdict import Verdict
from bot.store import ai_cache
from bot.store.db import Store

__all__ = ["GeneratedExplanation", "ModelHelp"]

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class GeneratedExplanation:
    text: str
    model: str
    lang: str
    cached: bool = False

    def render(self) -> str:
        """The message text, marked as written by a model."""
        return format_explanation(self.text, self.model, self.lang)


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "zh"


class ModelHelp:
    def __init__(
        self,
        client: ModelClient,
        store: Store,
        *,
        daily_cap: int = 30,
        concepts: ConceptIndex | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.store = store
        self.daily_cap = daily_cap
        self.concepts = concepts
        self._clock = clock
        self._running: dict[Hashable, asyncio.Future[object]] = {}

    async def close(self) -> None:
        await self.client.close()

    def _now(self) -> int:
        return int(self._clock())

    async def _once(self, key: Hashable, make: Callable[[], Awaitable[T | None]]) -> T | None:
        """Run `make()` once for concurrent callers with the same key; each caller gets its result. The
        work is shielded: a caller that gives up does not cancel what the others (and the cache) wait for."""
        running = self._running.get(key)
        if running is None:
            running = asyncio.ensure_future(self._safely(make))
            self._running[key] = running
            running.add_done_callback(lambda _: self._running.pop(key, None))
        return await asyncio.shield(running)  # type: ignore[return-value]

    @staticmethod
    async def _safely(make: Callable[[], Awaitable[T]]) -> T | None:
        # Model help is never worth a learner's verdict: a bug here (or a locked database) is logged, and
        # the caller gets None, as on a timeout.
        try:
            return await make()
        except Exception:
            log.exception("model help failed")
            return None

    async def _take(self, learner_id: int | None, local_day: int | None, what: str) -> bool:
        if learner_id is None or local_day is None:
            return True  # not on a learner's behalf (tools): no daily cap
        async with self.store.write() as db:
            taken = await ai_cache.take_request(db, learner_id, local_day, self.daily_cap)
        if not taken:
            log.info("model %s skipped for learner %s: daily cap of %d reached", what, learner_id, self.daily_cap)
        return taken

    # -- the opt-out ----------------------------------------------------------------------------------

    async def model_grading(self, learner_id: int) -> bool:
        """Whether this learner's case answers may be sent to the model (the default: yes)."""
        async with self.store.read() as db:
            return await ai_cache.grading_allowed(db, learner_id)

    async def set_model_grading(self, learner_id: int, allowed: bool) -> None:
        async with self.store.write() as db:
            await ai_cache.set_grading_allowed(db, learner_id, allowed, self._now())

    # -- case answers -----------------------------------------------------------------------------------

    async def judge_case(
        self,
        bank_id: str,
        question: Question,
        reply: str,
        rules: Verdict,
        *,
        lang: str,
        learner_id: int,
        local_day: int,
    ) -> Verdict | None:
        """The model's verdict on a case answer (`judged_by` set), or None: then `rules` stands.

        `rules` is the verdict of `bot.grading.grade` for the same reply; a reply the rules could not read
        as an answer is not sent. `local_day` is the learner's local date as `date.toordinal()`.
        """
        return await self._safely(
            lambda: self._judge_case(bank_id, question, reply, rules, lang, learner_id, local_day)
        )

    async def _judge_case(
        self,
        bank_id: str,
        question: Question,
        reply: str,
        rules: Verdict,
        lang: str,
        learner_id: int,
        local_day: int,
    ) -> Verdict | None:
        if question.kind is not Kind.case or not rules.answered or not reply.strip():
            return None
        if accepted_wording(question, reply):  # a teacher's decision stands over a model's reading
            return None
        if not await self.model_grading(learner_id):
            return None
        points = rubric(question, self.concepts)
        if not points:
            return None
        lang = _lang(lang)
        key = ai_cache.JudgementKey(bank_id, question.id, question_version(question), reply_hash(reply), lang)
        judgement = await self._once(
            key, lambda: self._judgement(key, question, reply, points, lang, learner_id, local_day)
        )
        if judgement is None:
            return None
        found, model = judgement
        return verdict_from_judgement(points, found, reply, rules, lang, model)

    async def _judgement(
        self,
        key: ai_cache.JudgementKey,
        question: Question,
        reply: str,
        points: list[RubricPoint],
        lang: str,
        learner_id: int,
        local_day: int,
    ) -> tuple[CaseJudgement, str] | None:
        async with self.store.read() as db:
            cached = await ai_cache.get_judgement(db, key)
        if cached is not None:
            if not cached.ok or cached.payload is None:
                return None
            try:
                return CaseJudgement.model_validate_json(cached.payload), cached.model
            except ValidationError:
                return None  # kept by an older version of the schema: the rules stand
        if not await self._take(learner_id, local_day, "grading"):
            return None
        sys_msg, user_msg = case_prompt(question, reply, points, lang)
        try:
            answer = await self.client.ask(sys_msg, user_msg, CaseJudgement, purpose="grade-case")
        except ModelError as exc:
            if exc.answered:
                await self._keep_judgement(key, None)
            return None
        judgement = answer.value
        if not judges_each_point(points, judgement):
            log.warning(
                "model request grade-case (%s): schema: points judged are not 1..%d once each",
                answer.model,
                len(points),
            )
            await self._keep_judgement(key, None)
            return None
        await self._keep_judgement(key, judgement.model_dump_json(), answer.model)
        return judgement, answer.model

    async def _keep_judgement(self, key: ai_cache.JudgementKey, result: str | None, model: str | None = None) -> None:
        async with self.store.write() as db:
            await ai_cache.put_judgement(db, key, result, model or self.client.model, self._now())

    # -- explanations -------------------------------------------------------------------------------------

    async def explain(
        self,
        bank_id: str,
        question: Question,
        *,
        lang: str,
        learner_id: int | None = None,
        local_day: int | None = None,
    ) -> GeneratedExplanation | None:
        """Why the key is right, in two to five sentences, marked as generated; None when the model cannot
        help (then say so, or show the bank's explanation). Cached per question version and language;
        a request on a learner's behalf counts against their daily cap unless it is cached."""
        lang = _lang(lang)
        version = question_version(question)
        key = ("explain", bank_id, question.id, version, lang)
        return await self._safely(
            lambda: self._once(key, lambda: self._explanation(bank_id, question, version, lang, learner_id, local_day))
        )

    async def _explanation(
        self,
        bank_id: str,
        question: Question,
        version: str,
        lang: str,
        learner_id: int | None,
        local_day: int | None,
    ) -> GeneratedExplanation | None:
        async with self.store.read() as db:
            cached = await ai_cache.get_explanation(db, bank_id, question.id, version, lang)
        if cached is not None:
            if cached.ok and cached.payload:
                return GeneratedExplanation(cached.payload, cached.model, lang, cached=True)
            return None
        if not await self._take(learner_id, local_day, "explanation"):
            return None
        try:
            text, model = await write_explanation(self.client, question, lang)
        except ModelError as exc:
            if exc.answered:
                async with self.store.write() as db:
                    await ai_cache.put_explanation(
                        db, bank_id, question.id, version, lang, None, self.client.model, self._now()
                    )
            return None
        async with self.store.write() as db:
            await ai_cache.put_explanation(db, bank_id, question.id, version, lang, text, model, self._now())
        return GeneratedExplanation(text, model, lang)
