"""True/false: a right judgement whose reason states the opposite of what the statement or the explanation
says (a direction turned, a negation added or dropped, related things called unrelated) earns nothing; a
reason that agrees, or that the bank cannot check, keeps the judgement's credit."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade


def _tf(prompt: str, answer: bool, explanation: str) -> Question:
    return Question(id="t", kind=Kind.true_false, number=1, prompt=prompt, answer=answer, explanation=explanation)


ALTITUDE = _tf("海拔每升高约300米，水的沸点大约降低1℃。", True, "气压随海拔升高而降低，沸点随之降低。")
GLACIER = _tf("冰川在夏季前进得比冬季快。", False, "冰川夏季融水多，底部润滑，流速更快；冬季流速更慢。")
GEARS = _tf(
    "自行车用前大盘配后小飞轮时，踩一圈走得更远。",
    True,
    "前大后小传动比大，踩一圈车轮转得多，走得更远，但踩起来更费力。",
)
BRIDGE = _tf(
    "只用一根绳子无法打出稳定的单套结。",
    False,
    "单套结只需一根绳子就能打出，打好后绳圈大小不会滑动。",
)
SAIL = _tf("帆船可以逆风直线航行。", False, "帆船不能正对逆风直线航行，只能走之字形迎风行驶。")
TIDE = _tf("潮汐的涨落与月球引力有关。", True, "潮汐主要由月球引力引起，太阳引力也有影响。")
YEAST = _tf(
    "面包酵母在发酵时产生二氧化碳，酸奶的乳酸菌在发酵时产生乳酸。",
    True,
    "酵母发酵产生二氧化碳和酒精，使面团膨胀；乳酸菌发酵产生乳酸，使牛奶变酸。",
)
CAVE = _tf("钟乳石从洞顶向下生长，石笋从洞底向上生长。", True, "钟乳石挂在洞顶向下生长；石笋立在洞底向上生长。")
ENGLISH = _tf(
    "A sail boat heels more when the wind is stronger.",
    True,
    "A stronger wind pushes harder on the sail, so the boat heels more.",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (ALTITUDE, "对，因为海拔升高沸点升高"),  # a direction turned on the claim's own thing
        (ALTITUDE, "对，海拔升高时沸点会增加"),
        (GLACIER, "错，冰川夏季流速更慢"),  # the explanation's direction turned
        (SAIL, "错，但帆船也能正对逆风直线航行"),  # a negation dropped from the explanation's claim
        (BRIDGE, "错，单套结不能只用一根绳子打出"),  # a negation added
        (TIDE, "对，但潮汐和月球引力无关"),  # related things called unrelated
        (CAVE, "对，钟乳石和石笋都向上生长"),  # a claim of both things the explanation tells apart
        (ENGLISH, "true, because the boat heels less in a stronger wind"),
    ],
)
def test_a_reason_stating_the_opposite_takes_the_credit_away(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    # A reason the half-credit rules already read as keeping the claim's error (a denial the explanation
    # asserts) keeps their half; no contradicted reason earns full marks.
    assert not verdict.correct and verdict.score <= 0.5


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (ALTITUDE, "对"),
        (ALTITUDE, "对，因为海拔升高气压降低"),  # agrees
        (ALTITUDE, "对，海拔越高沸点越低"),
        (GLACIER, "错，冰川夏季流速更快"),
        (GLACIER, "错，冬季更慢"),
        (SAIL, "错，帆船只能走之字形"),
        (SAIL, "错，帆船不能正对逆风直线航行"),
        (BRIDGE, "错，一根绳子就能打出单套结"),
        (TIDE, "对，潮汐和月球引力有关"),
        (TIDE, "对，太阳也有影响"),
        (YEAST, "对，酵母产生二氧化碳，乳酸菌产生乳酸"),
        (YEAST, "对，这是常识"),  # a reason the bank cannot check keeps the credit
        (CAVE, "对，钟乳石向下长，石笋向上长"),
        (CAVE, "对，石笋向上生长"),
        (GEARS, "对，前大后小传动比大"),
        (ENGLISH, "true, a stronger wind pushes harder on the sail"),
        (ENGLISH, "true, the boat heels more"),
    ],
)
def test_a_reason_that_agrees_or_cannot_be_checked_keeps_the_credit(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [(ALTITUDE, "错，海拔升高沸点升高"), (GLACIER, "对，冰川夏季流速更快"), (TIDE, "错，潮汐和月球引力无关")],
)
def test_a_wrong_judgement_stays_wrong_whatever_its_reason(question: Question, reply: str) -> None:
    assert grade(question, reply).outcome == "wrong"
