"""A right true/false judgement whose reason states the explanation's fact in other words earns it in full: a word
of the same meaning (停止 for 阻止, 日光 for 太阳光), a verb turning the same way (增高 for 升高), a word of another
class sharing a character (整天 beside 白天). A reason naming a sibling (星光 for 月光, 半发酵 for 不发酵) keeps
half."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.synonyms import not_siblings


def _statement(prompt: str, answer: bool, explanation: str) -> Question:
    return Question(id="t", kind=Kind.true_false, number=1, prompt=prompt, answer=answer, explanation=explanation)


TEA = _statement(
    "绿茶属于不发酵茶。", True, "绿茶在制作中经过杀青，阻止了茶叶的发酵，因此属于不发酵茶；红茶则是全发酵茶。"
)
ALTITUDE = _statement(
    "海拔越高，水的沸点越高。", False, "海拔升高时气压降低，水的沸点随之降低，所以高原上水不到100℃就沸腾。"
)
MOON = _statement("月球本身会发光。", False, "月球自身不发光，我们看到的月光是月球反射的太阳光。")
PLANT = _statement("植物只在白天进行呼吸作用。", False, "植物的呼吸作用昼夜都在进行，光合作用才需要光照。")


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (TEA, "对，绿茶制作时高温杀青，停止了发酵"),
        (ALTITUDE, "错，海拔增高时大气压下降，沸点随着降低"),
        (MOON, "错，月球本身不发光，看到的月光是它反射的日光"),
        (PLANT, "错，植物整天都在呼吸，光合作用才要阳光"),
    ],
)
def test_a_right_reason_in_other_words_earns_the_judgement_in_full(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.correct and verdict.score == 1.0


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (MOON, "错，月亮是反射星光"),
        (TEA, "对，绿茶是半发酵茶"),
    ],
)
def test_a_sibling_for_the_explanations_thing_still_earns_half(question: Question, reply: str) -> None:
    assert grade(question, reply).score == 0.5


def test_words_filed_as_one_meaning_or_never_in_one_class_are_no_siblings() -> None:
    assert not_siblings("快速", "迅速")
    assert not_siblings("日光", "发光")
    assert not not_siblings("唐代", "汉代")
    assert not not_siblings("雄蜂", "工蜂")
    # Unknown to the dictionary: may be siblings.
    assert not not_siblings("湖盐", "海盐")


BRAKE = _statement(
    "刹车时自行车能停下来，主要依靠车闸与车轮之间的摩擦力。",
    True,
    "捏闸时闸皮压紧车圈，压力增大使摩擦力增大，阻碍车轮转动，自行车因此减速停下。",
)
FRIDGE = _statement(
    "食物放进冰箱冷藏后细菌就全部被杀死了。",
    False,
    "冷藏只是低温抑制细菌的生长繁殖，并不能杀死细菌，所以冷藏食物也不能久放。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        # What a verb keeps from happening (阻碍车轮转动) is not asserted: `转不动` says it.
        (BRAKE, "对，捏闸后闸皮压紧车圈，摩擦力变大，车轮就转不动了"),
        # A negation reaches over 把 and its object: `不会把它们杀死` denies 杀死, as the explanation does; and `只是`
        # is no copula of an identity.
        (FRIDGE, "错，冷藏只是让细菌长得慢，不会把它们杀死"),
    ],
)
def test_a_denial_said_another_way_is_the_explanations(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.correct and verdict.score == 1.0


def test_a_reason_asserting_what_the_explanation_denies_stays_half_right() -> None:
    assert grade(FRIDGE, "错，冷藏会把细菌全部杀死").score == 0.5
