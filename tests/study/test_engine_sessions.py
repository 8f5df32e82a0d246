"""Practice sessions in the engine: moved on once, no question twice, summed up once, taken back."""

from __future__ import annotations

import asyncio

import pytest
from engine_helpers import Clock, EngineFactory

from bot.study.practice_args import parse_practice
from bot.study.results import Empty
from bot.study.sessions import SessionStep, SessionSummary


async def test_one_answer_moves_a_session_on_once_even_when_handled_twice_at_once(make_engine: EngineFactory) -> None:
    engine = await make_engine()
    await engine.ensure_learner(1)
    session = await engine.sessions.start(1, 1, "quiz", 3, banks=("law",))
    first = await engine.sessions.step(session, 0)
    assert isinstance(first, SessionStep) and first.position == 1
    await engine.attach_message(first.asked_id, 10)
    result = await engine.answer(1, first.asked_id, "B")
    assert result.recorded and result.session_id == session.id
    # The answer's handler and its replay after a crash (or a time-out) race: one next question.
    a, b = await asyncio.gather(engine.sessions.after(first.asked_id), engine.sessions.after(first.asked_id))
    steps = [s for s in (a, b) if isinstance(s, SessionStep)]
    assert len(steps) == 1 and steps[0].position == 2
    # Not yet shown: asked again, the same question is handed out (a crash between asking and sending).
    again = await engine.sessions.after(first.asked_id)
    assert isinstance(again, SessionStep) and again.asked_id == steps[0].asked_id


async def test_no_question_twice_and_a_summary_once(make_engine: EngineFactory) -> None:
    engine = await make_engine()
    await engine.ensure_learner(2)
    session = await engine.sessions.start(2, 2, "push", 4, banks=("med",))  # two questions in the bank
    keys = []
    step = await engine.sessions.step(session, 0)
    while isinstance(step, SessionStep):
        keys.append(step.pick.key)
        await engine.attach_message(step.asked_id, 100 + step.position)
        await engine.answer(2, step.asked_id, "4" if step.pick.question.kind == "fill" else "对")
        step = await engine.sessions.after(step.asked_id)
    assert len(keys) == len(set(keys)) == 2  # the bank ran out before 4: the session ends early
    assert isinstance(step, SessionSummary)
    assert (step.tally.asked, step.tally.correct, step.tally.score) == (2, 2, 2.0)
    assert step.streak.current == 1
    assert await engine.sessions.finish(step.session) is None  # summed up once


async def test_a_new_push_closes_the_earlier_ones_open_questions_unanswered(
    make_engine: EngineFactory, clock: Clock
) -> None:
    engine = await make_engine()
    await engine.ensure_learner(3)
    monday = await engine.sessions.start(3, 3, "push", 3, origin="push:1:1")
    step = await engine.sessions.step(monday, 0)
    assert isinstance(step, SessionStep)
    await engine.attach_message(step.asked_id, 5)
    clock.advance(days=1)
    tuesday = await engine.sessions.start(3, 3, "push", 3, origin="push:1:2")
    assert await engine.sessions.start(3, 3, "push", 3, origin="push:1:2") == tuesday  # the same push again
    assert await engine.sessions.close_earlier(tuesday) == 1
    assert (await engine.get_asked(step.asked_id)).closed
    assert (await engine.stats(3)).total.total == 0  # closed, not a wrong answer
    assert await engine.sessions.after(step.asked_id) is None  # that session is over


async def test_a_question_never_sent_is_taken_back(make_engine: EngineFactory) -> None:
    engine = await make_engine()
    await engine.ensure_learner(4)
    session = await engine.sessions.start(4, 4, "push", 2, origin="push:9:9")
    step = await engine.sessions.step(session, 0)
    assert isinstance(step, SessionStep)
    await engine.sessions.unask(step.asked_id)
    assert await engine.get_asked(step.asked_id) is None
    assert isinstance(await engine.sessions.step(session, 0), SessionStep)  # the push can start over


async def test_a_session_with_nothing_to_ask_says_why(make_engine: EngineFactory) -> None:
    engine = await make_engine()
    await engine.ensure_learner(5)
    session = await engine.sessions.start(5, 5, "quiz", 3, banks=("law",), kinds=("case",))
    empty = await engine.sessions.step(session, 0)
    assert isinstance(empty, Empty) and empty.reason == "no_questions"


async def test_time_limits_come_due_by_the_engine_clock(make_engine: EngineFactory, clock: Clock) -> None:
    engine = await make_engine()
    await engine.ensure_learner(6)
    session = await engine.sessions.start(6, 6, "quiz", 2, banks=("law",), seconds=30)
    step = await engine.sessions.step(session, 0)
    assert isinstance(step, SessionStep)
    await engine.attach_message(step.asked_id, 7)
    clock.advance(seconds=29)
    assert await engine.sessions.due_timeouts() == []
    clock.advance(seconds=1)
    assert [a.id for a in await engine.sessions.due_timeouts()] == [step.asked_id]
    assert await engine.due_closings() == []  # the group closer leaves it alone
    assert (await engine.answer(6, step.asked_id, "B")).status == "closed"  # too late
    assert await engine.sessions.time_out(step.asked_id)
    assert not await engine.sessions.time_out(step.asked_id)  # once
    nxt = await engine.sessions.after(step.asked_id)
    assert isinstance(nxt, SessionStep) and nxt.position == 2


@pytest.mark.parametrize(
    ("words", "count", "seconds", "rest"),
    [
        (["10"], 10, None, []),
        (["10", "timer", "30"], 10, 30, []),
        (["判断", "5", "限时", "20秒"], 5, 20, ["判断"]),
        (["10题", "计时30"], 10, 30, []),
        (["3", "30s", "law", "poll"], 3, 30, ["law", "poll"]),
        (["１０", "timer:45"], 10, 45, []),  # full-width digits, as Chinese keyboards type them
        (["多选", "law"], None, None, ["多选", "law"]),
    ],
)
def test_practice_words(words: list[str], count: int | None, seconds: int | None, rest: list[str]) -> None:
    args = parse_practice(words)
    assert (args.count, args.seconds, args.rest, args.problem) == (count, seconds, rest, None)
    assert args.session == (count is not None or seconds is not None)


@pytest.mark.parametrize(
    ("words", "problem", "word"),
    [
        (["0"], "count", "0"),
        (["51"], "count", "51"),
        (["5", "timer", "4"], "seconds", "timer 4"),
        (["5", "计时", "601秒"], "seconds", "计时 601秒"),
        (["5", "timer"], "timer", "timer"),
        (["5", "限时", "soon"], "timer", "限时 soon"),
    ],
)
def test_practice_words_that_cannot_be_used(words: list[str], problem: str, word: str) -> None:
    args = parse_practice(words)
    assert (args.problem, args.word) == (problem, word)


async def test_a_session_left_waiting_on_nothing_resumes(make_engine: EngineFactory, clock: Clock) -> None:
    """A time-out closed the question and the bot stopped before the next was asked: `resume` goes on."""
    engine = await make_engine()
    await engine.ensure_learner(7)
    session = await engine.sessions.start(7, 7, "quiz", 2, banks=("law",), seconds=10)
    step = await engine.sessions.step(session, 0)
    assert isinstance(step, SessionStep)
    await engine.attach_message(step.asked_id, 3)
    assert await engine.sessions.resume(7, 7) is None  # its question is out and open: nothing to do
    clock.advance(seconds=11)
    assert await engine.sessions.time_out(step.asked_id)
    nxt = await engine.sessions.resume(7, 7)
    assert isinstance(nxt, SessionStep) and nxt.position == 2
    again = await engine.sessions.resume(7, 7)  # recorded, not yet shown: the same one again
    assert isinstance(again, SessionStep) and again.asked_id == nxt.asked_id
