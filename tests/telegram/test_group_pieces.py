"""The group quiz's pure parts: its message budget (on a manual clock) and what its messages say."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from bot.banks.model import Question
from bot.records import Attempt, ScoreRow
from bot.study.results import AskedQuestion, GroupResult
from bot.telegram.group_budget import GroupBudget, GroupTuning, Window
from bot.telegram.group_render import (
    answer_text,
    board_text,
    footer,
    parse_period,
    question_chunks,
    result_text,
    verdict_alert,
)
from bot.telegram.render import MAX_MESSAGE, visible_length


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_window_counts_the_last_period_and_says_how_long_to_wait() -> None:
    w = Window(60)
    for at in (0, 10, 20):
        w.add(at)
    assert w.count(30) == 3 and w.wait(30, 3) == 30 and w.wait(30, 4) == 0
    assert w.count(60) == 2 and w.count(80.5) == 0
    w.add(90)
    w.add(95)
    w.remove(90)
    w.remove(12345)  # not there (or gone already): nothing happens
    assert w.count(96) == 1


def test_results_and_notices_may_use_the_whole_minute_everything_else_leaves_them_room() -> None:
    clock = Clock()
    budget = GroupBudget(GroupTuning(), clock)
    for _ in range(10):
        budget.take(-1)
    assert budget.wait(-1, "edit") > 0 and budget.wait(-1, "command") == 0  # the live count stops first
    for _ in range(8):
        budget.take(-1)
    assert budget.wait(-1, "command") > 0 and budget.wait(-1, "retire") > 0 and budget.wait(-1, "question") > 0
    assert budget.wait(-1, "result") == 0 and budget.wait(-1, "notice") == 0
    budget.take(-1)
    budget.take(-1)
    assert budget.wait(-1, "result") == 61  # 20 in the minute: the next when the first leaves it
    assert budget.wait(-2, "command") == 0  # another group is another budget
    clock.now += 61
    assert budget.level(-1) == 0 and budget.wait(-1, "edit") == 0


def test_questions_have_a_window_of_their_own_and_unused_turns_give_their_count_back() -> None:
    clock = Clock()
    budget = GroupBudget(GroupTuning(), clock)
    for _ in range(4):
        assert budget.wait(-1, "question") == 0
        budget.asked(-1)
    assert budget.wait(-1, "question") == 60 == budget.asks_wait(-1)
    assert budget.wait(-1, "command") == 0 and budget.wait(-1, "push") == 0  # the day's question is no /quiz
    at = budget.take(-1)
    clock.now += 5
    assert budget.restamp(-1, at) == clock.now and budget.level(-1) == 1  # went out later: counted from then
    budget.give_back(-1, clock.now)
    budget.note(-1)  # a request no turn was granted for counts all the same
    assert budget.level(-1) == 1


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["result", "notice", "question", "push", "command", "retire", "edit"]),
            st.floats(min_value=0, max_value=5),
        ),
        max_size=300,
    )
)
def test_whatever_members_do_one_minute_holds_at_most_twenty(events: list[tuple[str, float]]) -> None:
    """Everything sent when the plan says it fits: never more than 20 in any minute."""
    clock = Clock()
    budget = GroupBudget(GroupTuning(), clock)
    times: list[float] = []
    for kind, gap in events:
        clock.now += gap
        if budget.wait(-1, kind) <= 0:  # type: ignore[arg-type]
            budget.take(-1)
            times.append(clock.now)
    assert max((sum(1 for t in times if start <= t < start + 60) for start in times), default=0) <= 20


def _q(**kwargs: object) -> Question:
    base: dict[str, object] = {
        "id": "q1",
        "kind": "single",
        "number": 3,
        "prompt": "Pick <one> & go",
        "options": {"A": "x < y", "B": "b"},
        "answer": "A",
        "explanation": "Because.",
    }
    base.update(kwargs)
    return Question(**base)  # type: ignore[arg-type]


def _attempt(learner: int, name: str, outcome: str, millis: int | None) -> Attempt:
    return Attempt(learner, name, 1, outcome, 1.0 if outcome == "correct" else 0.0, 0, millis, "A")


def test_answers_per_kind() -> None:
    assert answer_text(_q(), "en") == "Answer: A. x < y"
    assert answer_text(_q(kind="multiple", answer="AB"), "zh") == "正确答案：A. x < y；B. b"
    assert answer_text(_q(kind="true_false", options={}, answer=False), "en") == "Answer: false"
    fill = _q(kind="fill", options={}, answer=[["Paris", "巴黎"], ["Rome"]])
    assert answer_text(fill, "en") == "Answer: Paris / Rome"
    case = answer_text(_q(kind="case", options={}, answer="Plan " * 1000), "zh")
    assert case.startswith("参考答案：\nPlan") and case.endswith("…") and len(case) < 1600


def test_footer_says_how_to_answer_and_counts() -> None:
    assert footer(_q(), "en", 60) == "⏱ Revealed in 60 s, one answer each · tap a button or reply to this message"
    assert footer(_q(), "zh", 60, until="22:00") == "⏱ 22:00 截止，每人答一次 · 点按钮或回复本消息作答"
    fill = _q(kind="fill", options={}, answer=["Paris"])
    assert footer(fill, "en", 60, 2) == (
        "⏱ Revealed in 60 s, one answer each · reply to this message to answer · 👥 2 answered"
    )
    assert footer(fill, "zh", 60, 5, closed=True) == "🔒 已揭晓 · 5 人作答"


def test_a_long_question_leaves_room_for_its_footer() -> None:
    q = _q(prompt="\n".join("line " + "word " * 30 for _ in range(200)))
    chunks = question_chunks(q, "zh")
    assert len(chunks) > 1
    for chunk in chunks:
        assert visible_length(chunk + "\n\n" + footer(q, "zh", 600, 9999)) <= MAX_MESSAGE


def test_the_result_names_right_fastest_first_partial_and_wrong_escaped() -> None:
    asked = AskedQuestion(1, -5, 9, "b", _q(), 7, None, datetime(2026, 1, 1, tzinfo=UTC), None, True)
    result = GroupResult(
        asked,
        [_attempt(1, "Ann", "correct", 2100), _attempt(2, "<Bo>", "correct", 5000)],
        [_attempt(3, "Cy", "partial", 3000)],
        [_attempt(4, "Di & co", "wrong", 1000)],
    )
    text = result_text(result, "en").splitlines()
    assert text[:4] == [
        "🏁 <b>Result</b>",
        "<b>3. Pick &lt;one&gt; &amp; go</b>",
        "Answer: A. x &lt; y",
        "Explanation: Because.",
    ]
    assert text[5:] == [
        "✅ Right (2): Ann (2.1 s), &lt;Bo&gt; (5.0 s)",
        "🟡 Partly right (1): Cy (3.0 s)",
        "❌ Wrong (1): Di &amp; co",
    ]
    nobody = result_text(GroupResult(asked, [], [], []), "zh")
    assert nobody.endswith("这次没有人作答。")
    crowd = GroupResult(asked, [_attempt(i, f"M{i}", "correct", i) for i in range(50)], [], [])
    assert "等另外 10 人" in result_text(crowd, "zh")


def test_verdict_alert_stays_under_two_hundred_characters() -> None:
    from bot.grading import grade
    from bot.study.results import AnswerResult

    q = _q(explanation="Long. " * 100)
    verdict = grade(q, "A")
    text, alert = verdict_alert(AnswerResult("recorded", 1, verdict, q, "b", points=10), "en")
    assert alert and len(text) <= 200 and text.startswith("✅ Correct +10 points\nAnswer: A. x < y")
    text, alert = verdict_alert(AnswerResult("already_answered", 1), "en")
    assert not alert and text == "You already answered this question; it stays as it was."


def test_leaderboard_and_periods() -> None:
    rows = [
        ScoreRow(1, "Ann <3", 30, 3, 3),
        ScoreRow(2, "Bo", 20, 2, 4),
        ScoreRow(3, "Cy", 0, 0, 1),
        ScoreRow(4, "Di", 0, 0, 1),
    ]
    text = board_text([("today", rows), ("all", [])], "en").splitlines()
    assert text == [
        "🏆 <b>Leaderboard</b>",
        "",
        "<b>Today</b>",
        "🥇 Ann &lt;3 — 30 points (3/3 right)",
        "🥈 Bo — 20 points (2/4 right)",
        "🥉 Cy — 0 points (0/1 right)",
        "4. Di — 0 points (0/1 right)",
        "",
        "<b>All time</b>",
        "No points yet.",
    ]
    assert [parse_period(w) for w in ("Today", "本周", "all", "总榜", "month")] == ["today", "week", "all", "all", None]
