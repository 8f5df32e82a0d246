"""The tables of model help on a real SQLite file: caches, daily requests, opt-outs."""

from __future__ import annotations

from bot.store import Store, ai_cache
from bot.store.ai_cache import JudgementKey

DAY = 739000


async def test_requests_are_counted_up_to_the_cap_per_learner_and_day(store: Store) -> None:
    async with store.write() as db:
        taken = [await ai_cache.take_request(db, 7, DAY, 3) for _ in range(5)]
        other = await ai_cache.take_request(db, 8, DAY, 3)
        tomorrow = await ai_cache.take_request(db, 7, DAY + 1, 3)
        none_allowed = await ai_cache.take_request(db, 9, DAY, 0)
    assert taken == [True, True, True, False, False] and other and tomorrow and not none_allowed
    async with store.read() as db:
        assert await ai_cache.requests_on(db, 7, DAY) == 3
        assert await ai_cache.requests_on(db, 9, DAY) == 0


async def test_old_days_are_dropped_when_a_new_request_is_counted(store: Store) -> None:
    async with store.write() as db:
        await ai_cache.take_request(db, 7, DAY, 3)
        await ai_cache.take_request(db, 7, DAY + 30, 3)
        rows = await db.execute_fetchall("SELECT local_day FROM ai_usage WHERE learner_id = 7")
    assert [r[0] for r in rows] == [DAY + 30]


async def test_judgements_and_explanations_are_kept_with_their_status(store: Store) -> None:
    key = JudgementKey("bank", "case-1", "v1", "h" * 64, "zh")
    async with store.write() as db:
        assert await ai_cache.get_judgement(db, key) is None
        await ai_cache.put_judgement(db, key, '{"points": []}', "m", 1)
        await ai_cache.put_judgement(db, JudgementKey("bank", "case-1", "v1", "h" * 64, "en"), None, "m", 1)
        await ai_cache.put_explanation(db, "bank", "single-1", "v1", "zh", "因为……", "m", 1)
    async with store.read() as db:
        ok = await ai_cache.get_judgement(db, key)
        bad = await ai_cache.get_judgement(db, JudgementKey("bank", "case-1", "v1", "h" * 64, "en"))
        newer = await ai_cache.get_judgement(db, JudgementKey("bank", "case-1", "v2", "h" * 64, "zh"))
        explained = await ai_cache.get_explanation(db, "bank", "single-1", "v1", "zh")
    assert ok == ai_cache.CachedAnswer(True, '{"points": []}', "m")
    assert bad == ai_cache.CachedAnswer(False, None, "m") and newer is None
    assert explained == ai_cache.CachedAnswer(True, "因为……", "m")


async def test_opting_out_and_back_in(store: Store) -> None:
    async with store.write() as db:
        assert await ai_cache.grading_allowed(db, 7)
        await ai_cache.set_grading_allowed(db, 7, False, 1)
        await ai_cache.set_grading_allowed(db, 7, False, 2)
        assert not await ai_cache.grading_allowed(db, 7) and await ai_cache.grading_allowed(db, 8)
        await ai_cache.set_grading_allowed(db, 7, True, 3)
        assert await ai_cache.grading_allowed(db, 7)
