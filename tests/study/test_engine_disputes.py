"""'My answer should count' in the engine: filing, the admin's grouped list, accepting (the bank file, the
regrade of every attempt with the same reply, cards, group points, who is told) and rejecting, on a real
SQLite file and a real bank folder."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from engine_helpers import Clock
from fsrs import Scheduler

from bot.banks.model import Bank, Kind, Question, load_banks, save_bank
from bot.grading import grade
from bot.grading.accepted import reply_key
from bot.store import Store
from bot.study.accepting import with_reply
from bot.study.bank_admin import BankAdmin
from bot.study.disputes import Disputes
from bot.study.engine import StudyEngine
from bot.study.regrade import replay_card

ADMIN = 900

PLUTO = Question(id="f1", kind=Kind.fill, number=1, prompt="2006 年，冥王星被重新归类为 ____。", answer=["矮行星"])
ECLIPSE = Question(
    id="f2",
    kind=Kind.fill,
    number=2,
    prompt="日食发生在农历的 ____ 日，月食发生在农历的 ____ 日。",
    answer=[["朔"], ["望"]],
)
SEEING = Question(
    id="c1",
    kind=Kind.case,
    number=3,
    prompt="案例：一架望远镜拍到的星像总是模糊，怎样改进观测？",
    answer="1.自适应光学：用可变形镜实时校正大气湍流造成的波前畸变。\n2.选址：把望远镜建在高海拔、干燥、大气稳定的地方。",
)
ORBIT = Question(
    id="s1",
    kind=Kind.single,
    number=4,
    prompt="地球绕太阳一周约需？",
    options={"A": "一天", "B": "一月", "C": "一年"},
    answer="C",
)
PARAPHRASE = "装一个会变形的镜子抵消空气抖动，再搬到高山上去"


def astro() -> Bank:
    return Bank(id="astro", title="天文入门", source="astro.txt", questions=[PLUTO, ECLIPSE, SEEING, ORBIT])


class Desk:
    """An engine on a real database, its banks folder and the disputes service, as the bot builds them."""

    def __init__(self, engine: StudyEngine, folder: Path, clock: Clock) -> None:
        self.engine, self.folder, self.clock = engine, folder, clock
        self.disputes = Disputes(BankAdmin(engine, folder))

    async def answer(self, learner: int, qid: str, reply: str, chat: int | None = None) -> int:
        key = self.engine.question_key("astro", qid)
        assert key is not None
        asked = await self.engine.ask(chat or learner, learner, key, open_seconds=60 if chat else None)
        result = await self.engine.answer(learner, asked, reply)
        assert result.status == "recorded", result.status
        self.clock.advance(seconds=30)
        return asked

    async def attempt(self, learner: int, asked: int) -> tuple[int, float]:
        async with self.engine.store.read() as db:
            rows = await db.execute_fetchall(
                "SELECT outcome, score FROM attempts WHERE learner_id = ? AND asked_id = ?", (learner, asked)
            )
        [(outcome, score)] = list(rows)
        return outcome, score

    async def card(self, learner: int, qid: str) -> tuple:
        async with self.engine.store.read() as db:
            rows = await db.execute_fetchall(
                "SELECT due, state, step, stability, difficulty, last_review, lapses FROM cards"
                " WHERE learner_id = ? AND question = ?",
                (learner, self.engine.question_key("astro", qid)),
            )
        return tuple(next(iter(rows)))

    def saved(self, qid: str) -> dict:
        data = json.loads((self.folder / "astro.json").read_text(encoding="utf-8"))
        return next(q for q in data["questions"] if q["id"] == qid)


@pytest.fixture
async def desk(tmp_path: Path, clock: Clock) -> AsyncIterator[Desk]:
    folder = tmp_path / "banks"
    save_bank(astro(), folder)
    store = await Store.open(tmp_path / "db.sqlite3")
    engine = await StudyEngine.create(store, load_banks(folder), clock=clock, rng=random.Random(3))
    for learner, name in ((1, "Ann"), (2, "Bo"), (3, "Cy"), (4, "Di")):
        await engine.ensure_learner(learner, name, "zh", "Asia/Shanghai")
    yield Desk(engine, folder, clock)
    await store.close()


def test_the_same_reply_is_the_reply_as_the_grader_reads_it() -> None:
    # Width, case, spacing, punctuation, hedges and 答案是 fold; signs and decimal points do not.
    same = ["dwarf planet", "Dwarf  Planet!", "我觉得是dwarf planet吧", "答案是：ｄｗａｒｆ planet。"]
    assert {reply_key(PLUTO, r) for r in same} == {"dwarfplanet"}
    assert reply_key(PLUTO, "3.3") != reply_key(PLUTO, "33")
    assert reply_key(PLUTO, "3n-2") != reply_key(PLUTO, "3n2")
    # Several blanks: each blank apart, whatever separates them.
    assert reply_key(ECLIPSE, "初一 十五") == reply_key(ECLIPSE, "初一，十五") == reply_key(ECLIPSE, "1. 初一 2. 十五")
    assert reply_key(ECLIPSE, "初一 十五") != reply_key(ECLIPSE, "初一十五")


def test_accepting_writes_what_the_grader_then_credits() -> None:
    single = with_reply(PLUTO, "我觉得是 dwarf planet 吧")
    assert single is not None and single.alternates == ["dwarf planet"] and single.answer == ["矮行星"]
    two = with_reply(ECLIPSE, "朔，十五")  # the first blank was right: only the second gets the reply
    assert two is not None and two.answer == [["朔"], ["望", "十五"]]
    assert with_reply(ECLIPSE, "初一") is None  # a blank left empty cannot be accepted
    case = with_reply(SEEING, PARAPHRASE)
    assert case is not None and case.alternates == [PARAPHRASE]
    verdict = grade(case, PARAPHRASE + "。")
    assert verdict.correct and verdict.missed == [] and len(verdict.covered) == 2
    assert not grade(case, "装一个会变形的镜子").correct  # only that answer, not a part of it
    assert with_reply(ORBIT, "B") is None  # choice questions are not disputed


async def test_a_dispute_credits_nothing_until_a_teacher_decides(desk: Desk) -> None:
    d = desk.disputes
    asked = await desk.answer(1, "f1", "dwarf planet")
    before = (await desk.attempt(1, asked), await desk.card(1, "f1"), await desk.engine.stats(1))
    filed = await d.file(1, asked)
    assert filed.status == "filed" and filed.dispute_id is not None and filed.reply == "dwarf planet"
    assert (await d.file(1, asked)).status == "already"
    assert (await desk.attempt(1, asked), await desk.card(1, "f1"), await desk.engine.stats(1)) == before
    assert before[0] == (0, 0.0)
    assert (await d.file(2, asked)).status == "no_attempt"  # someone else's question
    right = await desk.answer(2, "f1", "矮行星")
    assert (await d.file(2, right)).status == "right"
    choice = await desk.answer(2, "s1", "A")
    assert (await d.file(2, choice)).status == "not_disputable"


async def test_the_admin_sees_each_distinct_reply_with_its_count(desk: Desk) -> None:
    d = desk.disputes
    for learner, reply in ((1, "dwarf planet"), (2, "Dwarf  Planet!"), (3, "矮星")):
        assert (await d.file(learner, await desk.answer(learner, "f1", reply))).status == "filed"
    assert (await d.file(4, await desk.answer(4, "c1", PARAPHRASE))).status == "filed"
    listed = await d.open_disputes()
    assert [(q.question_id, q.count) for q in listed] == [("f1", 3), ("c1", 1)]
    pluto = listed[0]
    assert [(r.reply, r.count, r.learners) for r in pluto.replies] == [("dwarf planet", 2, (1, 2)), ("矮星", 1, (3,))]
    assert not any(r.credited_now for r in pluto.replies)
    assert [q.question_id for q in await d.open_disputes(bank_id="nosuch")] == []


async def test_accepting_regrades_every_attempt_with_the_same_reply(desk: Desk) -> None:
    d, engine = desk.disputes, desk.engine
    ann = await desk.answer(1, "f1", "dwarf planet")
    bo = await desk.answer(2, "f1", "我觉得是 Dwarf Planet 吧")  # the same reply: Bo never disputes
    cy = await desk.answer(3, "f1", "矮星")  # another reply: stays wrong
    di_right = await desk.answer(4, "f1", "矮行星")
    filed = await d.file(1, ann)
    assert filed.dispute_id is not None
    assert (await d.file(3, cy)).status == "filed"

    decision = await d.accept(filed.dispute_id, ADMIN)
    assert decision.status == "accepted" and decision.written and decision.regraded == 2
    assert decision.learners == (1, 2)
    assert desk.saved("f1")["alternates"] == ["dwarf planet"]
    assert "dwarf planet" in engine.banks["astro"].question("f1").blanks()[0]  # live at once
    assert await desk.attempt(1, ann) == (2, 1.0) and await desk.attempt(2, bo) == (2, 1.0)
    assert await desk.attempt(3, cy) == (0, 0.0) and await desk.attempt(4, di_right) == (2, 1.0)
    assert (await engine.stats(1)).total.correct == 1
    # The card is what it would be had the answer been graded right then: the same as Di's, answered
    # right 90 seconds later (a fixed clock, no fuzzing).
    ann_card, di_card = await desk.card(1, "f1"), await desk.card(4, "f1")
    assert ann_card[1:5] == di_card[1:5] and ann_card[6] == 0
    assert di_card[0] - ann_card[0] == 90
    # Cy's dispute is still open; the accepted one is gone from the list.
    assert [(q.question_id, [r.reply for r in q.replies]) for q in await d.open_disputes()] == [("f1", ["矮星"])]
    # Each learner credited is told once.
    notices = await d.waiting_notices()
    assert [(n.learner_id, n.accepted, n.reply, n.question.number) for n in notices] == [
        (1, True, "dwarf planet", 1),
        (2, True, "我觉得是 Dwarf Planet 吧", 1),
    ]
    assert [await d.claim_notice(n) for n in notices] == [True, True]
    assert await d.claim_notice(notices[0]) is False
    assert await d.waiting_notices() == []
    # A second press decides nothing and regrades nothing.
    again = await d.accept(filed.dispute_id, ADMIN)
    assert again.status == "decided" and again.accepted is True
    assert (await d.reject(filed.dispute_id, ADMIN)).status == "decided"
    # A later answer with that reply is right by the new key.
    later = await desk.answer(3, "f1", "Dwarf planet")
    assert await desk.attempt(3, later) == (2, 1.0)


async def test_group_points_and_the_leaderboard_follow(desk: Desk) -> None:
    d, engine = desk.disputes, desk.engine
    await engine.ensure_chat(-100, "supergroup", "Astro club")
    ann = await desk.answer(1, "f2", "朔 十五", chat=-100)  # half right: 5 points
    bo = await desk.answer(2, "f2", "朔 望", chat=-100)  # right: 10 points
    assert [(r.learner_id, r.points, r.correct) for r in await engine.top(-100)] == [(2, 10, 1), (1, 5, 0)]
    filed = await d.file(1, ann)
    assert filed.status == "filed" and filed.dispute_id is not None
    decision = await d.accept(filed.dispute_id, ADMIN)
    assert decision.status == "accepted" and decision.regraded == 1
    assert desk.saved("f2")["answer"] == [["朔"], ["望", "十五"]]
    assert await desk.attempt(1, ann) == (2, 1.0) and await desk.attempt(2, bo) == (2, 1.0)
    board = [(r.learner_id, r.points, r.correct, r.answered) for r in await engine.top(-100, "today")]
    assert board == [(1, 10, 1, 1), (2, 10, 1, 1)]
    assert (await engine.streak(1)).current == 1  # a day counts by any answer: the regrade leaves it


async def test_a_case_answer_accepted_whole(desk: Desk) -> None:
    d = desk.disputes
    asked = await desk.answer(4, "c1", PARAPHRASE)
    filed = await d.file(4, asked)
    assert filed.dispute_id is not None
    decision = await d.accept(filed.dispute_id, ADMIN)
    assert decision.status == "accepted" and decision.regraded == 1
    assert desk.saved("c1")["alternates"] == [PARAPHRASE]
    assert await desk.attempt(4, asked) == (2, 1.0)


async def test_rejecting_tells_the_learners_who_disputed(desk: Desk) -> None:
    d = desk.disputes
    ann = await desk.answer(1, "f1", "矮星")
    bo = await desk.answer(2, "f1", "矮 星")
    first = await d.file(1, ann)
    assert first.dispute_id is not None and (await d.file(2, bo)).status == "filed"
    decision = await d.reject(first.dispute_id, ADMIN)
    assert decision.status == "rejected" and decision.learners == (1, 2) and decision.key == "矮行星"
    assert desk.saved("f1")["alternates"] == []
    assert await desk.attempt(1, ann) == (0, 0.0)
    assert [(n.learner_id, n.accepted) for n in await d.waiting_notices()] == [(1, False), (2, False)]
    assert (await d.accept(first.dispute_id, ADMIN)).status == "decided"
    # The same reply declined before is answered at once: no new dispute for the teacher.
    cy = await desk.answer(3, "f1", "矮星！")
    declined = await d.file(3, cy)
    assert declined.status == "declined" and declined.key == "矮行星"
    assert await d.open_disputes() == []


async def test_a_reply_that_cannot_be_accepted_stays_open(desk: Desk) -> None:
    d = desk.disputes
    asked = await desk.answer(1, "f2", "初一")  # the second blank left empty
    filed = await d.file(1, asked)
    assert filed.dispute_id is not None
    assert (await d.accept(filed.dispute_id, ADMIN)).status == "unfit"
    assert desk.saved("f2")["answer"] == [["朔"], ["望"]]
    assert len(await d.open_disputes()) == 1
    assert (await d.reject(filed.dispute_id, ADMIN)).status == "rejected"


async def test_deciding_again_finishes_what_a_crash_left_half_done(desk: Desk) -> None:
    """The bank file written, then a crash before the regrade's transaction: the dispute is still open;
    accepting it again writes nothing more and regrades."""
    d = desk.disputes
    asked = await desk.answer(1, "f1", "dwarf planet")
    filed = await d.file(1, asked)
    assert filed.dispute_id is not None
    await d.shelf.change_question("astro", "f1", lambda q: with_reply(q, "dwarf planet"))
    listed = await d.open_disputes()
    assert listed[0].replies[0].credited_now
    decision = await d.accept(filed.dispute_id, ADMIN)
    assert decision.status == "accepted" and not decision.written and decision.regraded == 1
    assert desk.saved("f1")["alternates"] == ["dwarf planet"]


async def test_an_unwritable_bank_folder_changes_nothing(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.study.bank_admin as admin_module

    def refuse(bank: Bank, folder: object, path: object = None) -> None:
        raise PermissionError(13, "Permission denied")

    d = desk.disputes
    asked = await desk.answer(1, "f1", "dwarf planet")
    filed = await d.file(1, asked)
    assert filed.dispute_id is not None
    monkeypatch.setattr(admin_module, "save_bank", refuse)
    decision = await d.accept(filed.dispute_id, ADMIN)
    assert decision.status == "unwritable" and decision.error is not None
    assert "STUDYBOT_BANKS must be writable" in decision.error.message("en")
    assert await desk.attempt(1, asked) == (0, 0.0) and len(await d.open_disputes()) == 1
    monkeypatch.undo()
    assert (await d.accept(filed.dispute_id, ADMIN)).status == "accepted"


def test_replaying_an_unchanged_history_rebuilds_the_card() -> None:
    """The replay is the answer path's own scheduling: reviews at their times give the card they gave."""
    from datetime import UTC, datetime

    from fsrs import Card, Rating

    scheduler = Scheduler(enable_fuzzing=False)
    times = [1_700_000_000, 1_700_000_600, 1_700_090_000, 1_700_500_000]
    ratings = [Rating.Again, Rating.Hard, Rating.Good, Rating.Again]
    card = Card(card_id=7, due=datetime.fromtimestamp(times[0], UTC))
    for at, rating in zip(times, ratings, strict=True):
        card, _ = scheduler.review_card(card, rating, datetime.fromtimestamp(at, UTC))
    codes = {Rating.Again: 0, Rating.Hard: 1, Rating.Good: 2}
    replayed, lapses = replay_card(scheduler, 7, [(codes[r], at) for r, at in zip(ratings, times, strict=True)])
    assert (replayed.due, replayed.state, replayed.stability, replayed.difficulty) == (
        card.due,
        card.state,
        card.stability,
        card.difficulty,
    )
    assert lapses == 2


async def test_what_learners_answered(desk: Desk) -> None:
    for learner, reply in ((1, "dwarf planet"), (2, "Dwarf planet"), (3, "矮星"), (4, "矮行星")):
        await desk.answer(learner, "f1", reply)
    for learner, reply in ((1, "B"), (2, "选B"), (3, "b."), (4, "C")):
        await desk.answer(learner, "s1", reply)
    await desk.answer(1, "f1", "dwarf planet")  # asked again, the same wrong reply
    table = {q.question_id: q for q in await desk.disputes.answer_distribution("astro")}
    assert list(table) == ["f1", "s1"]  # bank order; questions nobody answered are left out
    pluto = table["f1"]
    assert (pluto.attempts, pluto.correct, pluto.partial, pluto.wrong, pluto.learners) == (5, 1, 0, 4, 4)
    assert [(r.reply, r.count, r.learners) for r in pluto.not_right] == [("dwarf planet", 3, 2), ("矮星", 1, 1)]
    assert pluto.accuracy == pytest.approx(0.2)
    orbit = table["s1"]
    assert [(r.key, r.count, r.learners) for r in orbit.not_right] == [("B", 3, 3)]
    one = await desk.disputes.answer_distribution("astro", "s1", top=1)
    assert [q.question_id for q in one] == ["s1"]
