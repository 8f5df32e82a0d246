"""Which question comes next: due reviews first, then unseen, filtered, never twice in a row."""

from __future__ import annotations

from engine_helpers import Clock, EngineFactory

from bot.banks.model import Kind
from bot.study.engine import StudyEngine
from bot.study.results import Empty, Pick


async def practise(engine: StudyEngine, learner: int, reply: str, **filters: object) -> Pick:
    pick = await engine.next_question(learner, **filters)  # type: ignore[arg-type]
    assert isinstance(pick, Pick), pick
    asked = await engine.ask(learner, learner, pick)
    result = await engine.answer(learner, asked, reply)
    assert result.status == "recorded", result
    return pick


async def test_a_new_learner_gets_unseen_questions_of_the_chosen_kind(engine: StudyEngine) -> None:
    seen = []
    for _ in range(5):
        pick = await practise(engine, 1, "B", kinds=["单选"])
        assert pick.question.kind is Kind.single and pick.reason == "new"
        seen.append(pick.question.id)
    assert sorted(seen) == ["s1", "s2", "s3", "s4", "s5"]


async def test_filters_by_bank_and_by_english_kind_names(engine: StudyEngine) -> None:
    pick = await engine.next_question(1, banks=["med"], kinds=["truefalse"])
    assert isinstance(pick, Pick) and (pick.bank_id, pick.question.id) == ("med", "t1")


async def test_empty_or_bad_filters_get_a_clear_message_not_an_exception(engine: StudyEngine) -> None:
    none = await engine.next_question(1, banks=["med"], kinds=["多选"])
    assert isinstance(none, Empty) and none.reason == "no_questions"
    assert "med" in none.message("en") and "没有符合条件的题目" in none.message("zh")
    bad_kind = await engine.next_question(1, kinds=["essay"])
    assert isinstance(bad_kind, Empty) and "essay" in bad_kind.message("en")
    bad_bank = await engine.next_question(1, banks=["nope"])
    assert isinstance(bad_bank, Empty) and "nope" in bad_bank.message("zh") and "law" in bad_bank.message("zh")


async def test_a_wrong_answer_comes_back_first_once_due(engine: StudyEngine, clock: Clock) -> None:
    missed = await practise(engine, 1, "A", kinds=["single"])  # the key is B
    await practise(engine, 1, "B", kinds=["single"])
    clock.advance(minutes=2)  # Again puts a new card one minute out
    pick = await engine.next_question(1, kinds=["single"])
    assert isinstance(pick, Pick)
    assert (pick.question.id, pick.reason, pick.due) == (missed.question.id, "review", 1)


async def test_never_the_same_question_twice_in_a_row(engine: StudyEngine, clock: Clock) -> None:
    previous = None
    for i in range(60):
        pick = await practise(engine, 1, "A" if i % 3 else "B", banks=["law"], kinds=["single"])
        assert pick.key != previous
        previous = pick.key
        clock.advance(minutes=3)  # wrong answers fall due again and again


async def test_review_only_with_nothing_due_says_when_the_next_is(engine: StudyEngine) -> None:
    await practise(engine, 1, "B", kinds=["single"])
    empty = await engine.next_question(1, review_only=True)
    assert isinstance(empty, Empty) and empty.reason == "nothing_due"
    assert empty.next_due is not None
    assert "The next review is due in 10 min." in empty.message("en")  # Good on a new card: ten minutes
    assert "下一道复习题 10 分钟后到期" in empty.message("zh") and "10 分後" in empty.message("ja")


async def test_when_everything_was_seen_the_soonest_due_comes_ahead_of_time(engine: StudyEngine) -> None:
    first = await practise(engine, 1, "对", banks=["med"], kinds=["判断"])
    again = await engine.next_question(1, banks=["med"], kinds=["判断"])
    assert isinstance(again, Empty) and again.reason == "only_repeat"
    await practise(engine, 1, "4", banks=["med"], kinds=["fill"])
    ahead = await engine.next_question(1, banks=["med"])
    assert isinstance(ahead, Pick) and (ahead.question.id, ahead.reason) == (first.question.id, "ahead")


async def test_randomness_comes_from_the_rng_passed_in(make_engine: EngineFactory) -> None:
    async def order(seed: int, name: str) -> list[str]:
        eng = await make_engine(seed=seed, name=name)
        await eng.ensure_learner(5, "X")
        return [(await practise(eng, 5, "B", kinds=["single", "multiple"])).question.id for _ in range(6)]

    a = await order(3, "a.sqlite3")
    b = await order(3, "b.sqlite3")
    others = [await order(seed, f"c{seed}.sqlite3") for seed in (4, 5, 6)]
    assert a == b
    assert any(o != a for o in others)


async def test_the_learners_settings_are_the_default_filter(engine: StudyEngine) -> None:
    await engine.update_settings(1, banks=["law"], kinds=["判断"])
    ids = {(await practise(engine, 1, "对")).question.id for _ in range(2)}
    assert ids == {"t1", "t2"}
    settings = await engine.settings(1)
    assert settings.banks == ("law",) and settings.kinds == ("true_false",)
