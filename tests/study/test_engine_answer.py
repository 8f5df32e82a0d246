"""Answers: recorded once, review cards on a fixed clock, groups, stats, reports, settings."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from engine_helpers import Clock, EngineFactory
from fsrs import Card, Rating, Scheduler

from bot.study.engine import StudyEngine
from bot.study.results import SettingsError


async def counts(engine: StudyEngine) -> tuple[int, ...]:
    async with engine.store.read() as db:
        rows = await db.execute_fetchall(
            "SELECT (SELECT count(*) FROM attempts), (SELECT count(*) FROM cards),"
            " (SELECT group_concat(due || ':' || state || ':' || coalesce(stability, '')) FROM cards),"
            " (SELECT group_concat(current || ':' || last_day) FROM streaks)"
        )
    return tuple(next(iter(rows)))


async def ask_one(
    engine: StudyEngine, learner: int, bank: str, qid: str, chat: int | None = None, open_seconds: int | None = None
) -> int:
    _, question = engine.question_for(engine.question_key(bank, qid) or -1) or (None, None)
    assert question is not None
    return await engine.ask(
        chat if chat is not None else learner, learner, question, bank_id=bank, open_seconds=open_seconds
    )


async def test_a_second_answer_is_refused_and_changes_nothing(engine: StudyEngine) -> None:
    asked = await ask_one(engine, 1, "law", "s1")
    first = await engine.answer(1, asked, "B")
    assert first.status == "recorded" and first.verdict is not None and first.verdict.correct
    before = await counts(engine)
    second = await engine.answer(1, asked, "A")
    # Refused, with the verdict of the first answer (B, correct), not of this one.
    assert second.status == "already_answered" and second.first_reply == "B"
    assert second.verdict is not None and second.verdict.correct
    assert "already answered" in second.message("en") and "已经答过" in second.message("zh")
    assert await counts(engine) == before


async def test_a_reply_that_is_not_an_answer_records_nothing(engine: StudyEngine) -> None:
    asked = await ask_one(engine, 1, "law", "t1")
    before = await counts(engine)
    result = await engine.answer(1, asked, "maybe tomorrow")
    assert result.status == "not_an_answer" and result.message("en")
    assert await counts(engine) == before
    still = await engine.latest_open_asked(1, 1)
    assert still is not None and still.id == asked
    assert (await engine.answer(1, asked, "错")).status == "recorded"
    assert await engine.latest_open_asked(1, 1) is None


async def test_a_typed_reply_answers_the_learners_latest_open_question(engine: StudyEngine) -> None:
    await engine.ensure_learner(1, "Al")
    assert await engine.answer_latest(1, 1, "B") is None  # nothing asked yet
    older = await ask_one(engine, 1, "law", "s1")
    newer = await ask_one(engine, 1, "law", "t1")
    await engine.ensure_learner(2, "Bo")
    await ask_one(engine, 2, "law", "s2", chat=1)  # another learner's question is never the one answered
    found = await engine.answer_latest(1, 1, "对")
    assert found is not None
    asked, result = found
    assert asked.id == newer and result.asked_id == newer and result.status == "recorded"
    again = await engine.answer_latest(1, 1, "B")  # the newer one closed: the older one is next
    assert again is not None and again[0].id == older and again[1].status == "recorded"
    assert await engine.answer_latest(1, 1, "B") is None


async def test_unknown_and_foreign_questions_are_refused(engine: StudyEngine) -> None:
    await engine.ensure_learner(2, "Bo")
    asked = await ask_one(engine, 1, "law", "s1")
    assert (await engine.answer(1, 424242, "B")).status == "unknown"
    assert (await engine.answer(2, asked, "B")).status == "not_yours"
    assert (await engine.answer(1, asked, "B")).status == "recorded"


@pytest.mark.parametrize(
    ("qid", "reply", "outcome", "rating"),
    [("s2", "A", "wrong", Rating.Again), ("m1", "A", "partial", Rating.Hard), ("s2", "B", "correct", Rating.Good)],
)
async def test_review_cards_follow_fsrs_on_a_fixed_clock(
    engine: StudyEngine, clock: Clock, qid: str, reply: str, outcome: str, rating: Rating
) -> None:
    result = await engine.answer(1, await ask_one(engine, 1, "law", qid), reply)
    assert result.verdict is not None and result.verdict.outcome == outcome
    expected, _ = Scheduler(enable_fuzzing=False).review_card(Card(card_id=1, due=clock.now), rating, clock.now)
    assert result.review_due == expected.due
    async with engine.store.read() as db:
        stored = list(await db.execute_fetchall("SELECT due, lapses FROM cards WHERE learner_id = 1"))
    assert stored == [(int(expected.due.timestamp()), int(rating is Rating.Again))]


async def test_good_answers_push_the_card_out_to_days(engine: StudyEngine, clock: Clock) -> None:
    scheduler = Scheduler(enable_fuzzing=False)
    asked = await ask_one(engine, 1, "law", "m1")
    partial = await engine.answer(1, asked, "A")  # key AC: one of two right, none wrong
    card, _ = scheduler.review_card(Card(card_id=1, due=clock.now), Rating.Hard, clock.now)
    assert partial.review_due == card.due
    for _ in range(3):
        assert card.due is not None
        clock.now = card.due
        result = await engine.answer(1, await ask_one(engine, 1, "law", "m1"), "AC")
        card, _ = scheduler.review_card(card, Rating.Good, clock.now)
        assert result.review_due == card.due
    assert card.due - clock.now >= timedelta(days=1)


async def test_two_hundred_learners_answering_at_once(make_engine: EngineFactory) -> None:
    engine = await make_engine()
    learners = range(1000, 1200)
    for learner in learners:
        await engine.ensure_learner(learner, f"L{learner}")
    asked = {learner: await ask_one(engine, learner, "law", "s3") for learner in learners}
    # Every learner answers twice at the same moment: exactly one of each pair counts.
    results = await asyncio.gather(
        *(engine.answer(learner, asked[learner], reply) for learner in learners for reply in ("B", "A"))
    )
    recorded = [r for r in results if r.status == "recorded"]
    assert len(recorded) == 200
    assert sum(r.status == "already_answered" for r in results) == 200
    async with engine.store.read() as db:
        rows = list(await db.execute_fetchall("SELECT learner_id, count(*) FROM attempts GROUP BY learner_id"))
        cards = list(await db.execute_fetchall("SELECT count(*) FROM cards"))
        streaks = list(await db.execute_fetchall("SELECT count(*), sum(current) FROM streaks"))
    assert sorted(r[0] for r in rows) == list(learners) and {r[1] for r in rows} == {1}
    assert cards == [(200,)] and streaks == [(200, 200)]


async def test_a_group_question_each_member_once_fastest_first(engine: StudyEngine, clock: Clock) -> None:
    await engine.ensure_chat(-500, "supergroup", "Study")
    for uid, name in ((2, "Bo"), (3, "Cy"), (4, "Di")):
        await engine.ensure_learner(uid, name)
    asked = await ask_one(engine, 1, "law", "s4", chat=-500, open_seconds=60)
    clock.advance(seconds=5)
    assert (await engine.answer(3, asked, "B")).points == 10
    clock.advance(seconds=3)
    assert (await engine.answer(2, asked, "B")).status == "recorded"
    assert (await engine.answer(2, asked, "C")).status == "already_answered"
    assert (await engine.answer(4, asked, "A")).status == "recorded"
    assert await engine.due_closings() == []
    clock.advance(seconds=60)
    assert (await engine.answer(1, asked, "B")).status == "closed"
    due = await engine.due_closings()
    assert [a.id for a in due] == [asked]
    result = await engine.close_question(asked)
    assert result is not None
    assert [a.learner_name for a in result.right] == ["Cy", "Bo"]
    assert [a.learner_name for a in result.wrong] == ["Di"]
    assert await engine.close_question(asked) is None
    top = await engine.top(-500, "today")
    assert [(r.name, r.points) for r in top] == [("Bo", 10), ("Cy", 10), ("Di", 0)]
    clock.advance(days=8)
    assert await engine.top(-500, "week") == []
    assert [r.name for r in await engine.top(-500, "all")][:2] == ["Bo", "Cy"]
    # Group answers count for each member like private ones.
    assert (await engine.streak(3)).longest == 1
    assert (await engine.stats(4)).total.wrong == 1


async def test_stats_per_kind_bank_day_and_most_missed(engine: StudyEngine, clock: Clock) -> None:
    plan = [
        ("law", "s1", "A"),
        ("law", "s1", "A"),
        ("law", "s1", "B"),
        ("law", "t1", "对"),
        ("med", "f1", "4"),
        ("med", "f1", "五"),
        ("law", "s2", "C"),
    ]
    for i, (bank, qid, reply) in enumerate(plan):
        if i == 4:
            clock.advance(days=1)
        assert (await engine.answer(1, await ask_one(engine, 1, bank, qid), reply)).status == "recorded"
    stats = await engine.stats(1)
    assert (stats.total.total, stats.total.correct, stats.total.wrong) == (7, 3, 4)
    assert stats.by_kind["single"].total == 4 and stats.by_kind["single"].accuracy == 0.25
    assert stats.by_bank["med"].total == 2 and stats.by_bank["med"].correct == 1
    day = datetime(2024, 5, 6, tzinfo=UTC).date()
    assert stats.per_day == {day: 4, day + timedelta(days=1): 3}
    assert [(m.question_id, m.misses, m.attempts) for m in stats.most_missed][:2] == [("s1", 2, 3), ("f1", 1, 2)]
    assert stats.most_missed[0].question is not None and stats.streak.current == 2


async def test_report_flags_the_last_question_by_default(engine: StudyEngine) -> None:
    assert await engine.report(1, None, "nothing asked yet") is None
    asked = await ask_one(engine, 1, "med", "f1")
    rid = await engine.report(1, None, "  the key should be 4  ")
    rid2 = await engine.report(1, asked, "again")
    async with engine.store.read() as db:
        rows = await db.execute_fetchall("SELECT id, question, comment, asked_id FROM reports ORDER BY id")
    found = []
    for report_id, key, comment, asked_id in rows:
        bank_id, question = engine.question_for(key)
        found.append((report_id, bank_id, question.id, comment, asked_id))
    assert found == [
        (rid, "med", "f1", "the key should be 4", None),
        (rid2, "med", "f1", "again", asked),
    ]


async def test_settings_validate_what_the_learner_typed(engine: StudyEngine) -> None:
    changed = await engine.update_settings(1, language="en", tz="utc+8", kinds=["多选", "case"], poll=True)
    assert (changed.language, changed.tz, changed.kinds, changed.poll) == (
        "en",
        "UTC+08:00",
        ("multiple", "case"),
        True,
    )
    with pytest.raises(SettingsError) as bad_tz:
        await engine.update_settings(1, tz="Mars/Base")
    assert "Mars/Base" in bad_tz.value.message("zh") and "时区" in bad_tz.value.message("zh")
    with pytest.raises(SettingsError) as bad_bank:
        await engine.update_settings(1, banks=["law", "physics"])
    assert "physics" in bad_bank.value.message("en")
    assert (await engine.settings(1)).banks is None


@pytest.mark.parametrize(
    ("code", "lang"), [("en-US", "en"), ("en", "en"), ("zh-hans", "zh"), ("de", "zh"), (None, "zh")]
)
async def test_a_new_learner_takes_the_language_of_the_telegram_tag(
    engine: StudyEngine, code: str | None, lang: str
) -> None:
    learner = await engine.ensure_learner(77, "New", language=code, tz="nowhere/at_all")
    assert (learner.language, learner.tz) == (lang, "Asia/Shanghai")


async def test_group_points_add_up_over_a_day_and_partial_answers_score_part(engine: StudyEngine, clock: Clock) -> None:
    await engine.ensure_chat(-600, "supergroup", "Study")
    await engine.ensure_learner(2, "Bo")
    first = await ask_one(engine, 1, "law", "s1", chat=-600, open_seconds=60)
    assert (await engine.answer(2, first, "B")).points == 10
    clock.advance(minutes=5)
    second = await ask_one(engine, 1, "law", "s2", chat=-600, open_seconds=60)
    assert (await engine.answer(2, second, "B")).points == 10
    clock.advance(minutes=5)
    multi = await ask_one(engine, 1, "law", "m1", chat=-600, open_seconds=60)  # key AC
    partial = await engine.answer(2, multi, "A")
    assert partial.verdict is not None and partial.verdict.outcome.value == "partial"
    assert partial.points == round(partial.verdict.score * 10) and 0 < partial.points < 10
    [row] = await engine.top(-600, "today")
    # Two answers and a partial one by one member on one day add up; only the right ones count as correct.
    assert (row.name, row.points, row.correct, row.answered) == ("Bo", 20 + partial.points, 2, 3)
    result = await engine.close_question(multi)
    assert result is not None and [a.learner_id for a in result.partial] == [2] and not result.right


async def test_an_answer_exactly_at_the_closing_time_is_too_late(engine: StudyEngine, clock: Clock) -> None:
    await engine.ensure_chat(-700, "supergroup", "Study")
    for uid in (2, 3):
        await engine.ensure_learner(uid, f"L{uid}")
    asked = await ask_one(engine, 1, "law", "s3", chat=-700, open_seconds=60)
    clock.advance(seconds=59)
    assert (await engine.answer(2, asked, "B")).status == "recorded"
    clock.advance(seconds=1)  # exactly closes_at
    assert (await engine.answer(3, asked, "B")).status == "closed"
    assert [a.id for a in await engine.due_closings()] == [asked]


async def test_the_same_question_asked_again_in_private_closes_the_earlier_copy(engine: StudyEngine) -> None:
    first = await ask_one(engine, 1, "law", "s1")
    second = await ask_one(engine, 1, "law", "s1")
    assert (await engine.answer(1, first, "B")).status == "closed"
    assert (await engine.answer(1, second, "B")).status == "recorded"
    assert (await counts(engine))[0] == 1  # one attempt: the question counted once
