"""True/false: a right judgement given with a reason that states another fact than the explanation's about
the same thing earns half (the judgement's credit), never full marks: a denial of what the explanation asserts
of it (`去不掉` where it says the wax comes off), an assertion of what it denies, another means than the one it
gives, a sibling of its term written after the judgement with only a space between. A reason that says what the
explanation says, in its words or fewer, keeps full marks."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.false_reasons import another_means, denies_the_explanation


def _false(prompt: str, explanation: str) -> Question:
    return Question(id="t", kind=Kind.true_false, number=1, prompt=prompt, answer=False, explanation=explanation)


BATIK = _false(
    "蜡染的蜡在染色后无法去除，会永久留在布上。",
    "蜡染染色后把布放进沸水中煮，蜡就会熔化脱落，蜡可以去掉，留下白色的花纹。",
)
HEDGEHOG = _false(
    "刺猬冬眠时每天都要醒来进食。",
    "刺猬冬眠时体温下降、心跳变慢，不会进食，靠体内储存的脂肪维持生命。",
)
FIREFLY = _false(
    "萤火虫的光很烫，因为发光会放出大量热量。",
    "萤火虫的光来自体内荧光素在荧光素酶作用下的化学反应，几乎不产生热，是冷光。",
)
DUNES = _false(
    "沙丘的移动主要由地下水流动造成。",
    "沙丘主要由风力推动而移动，迎风坡的沙粒被吹到背风坡，沙丘会向下风方向移动。",
)
BAT = _false("蝙蝠在黑暗中靠眼睛辨别方向。", "蝙蝠发出超声波，依靠回声定位辨别方向。")
LEAF = _false("植物的光合作用不需要光。", "光合作用需要光照，叶绿体利用光能把二氧化碳和水合成有机物。")
INKSTONE = _false("端砚产于安徽歙县。", "端砚产于广东肇庆（古称端州），歙砚才产于安徽歙县。")


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (BATIK, "错，蜡染的蜡煮了也去不掉"),  # a verb and its result denied: 去不掉 for 去掉
        (BATIK, "错，蜡染的蜡不会熔化，要用刀刮"),  # a negation of what the explanation asserts of the wax
        (HEDGEHOG, "错，刺猬冬眠时会进食，只是吃得少"),  # an assertion of what it denies
        (HEDGEHOG, "错，刺猬冬眠靠晒太阳取暖维持生命"),  # another means, nothing of which the bank speaks
        (FIREFLY, "错，萤火虫的光来自身上的电池"),
        (BATIK, "错，蜡染的蜡很难去掉"),  # `很难` denies as `不` does
        (BATIK, "错，蜡染的蜡煮过以后，还是去不掉"),  # the thing named in an earlier clause
        (DUNES, "错，沙丘是由地震造成的"),  # another cause, between 由 and its verb
        (DUNES, "错，因为潮汐"),
        (BAT, "错，蝙蝠在黑暗里靠嗅觉辨别方向"),  # the purpose the bank writes (辨别方向) is no part of the means
        (LEAF, "错，光合作用需要土壤"),  # another need than the one it gives
        (INKSTONE, "错 石砚"),  # a sibling after a space: 石砚 where it says 端砚/歙砚
        (INKSTONE, "不对 端砚产于甘肃洮州"),
    ],
)
def test_a_reason_stating_another_fact_earns_half(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert verdict.outcome == "partial" and verdict.score == 0.5, verdict
    assert "理由有误" in verdict.feedback_zh


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (BATIK, "错"),
        (BATIK, "错，蜡用沸水一煮就熔化脱落了"),
        (BATIK, "错，蜡可以去掉"),
        (BATIK, "错，煮一煮蜡就掉了"),
        (BATIK, "错，蜡染的花纹不会留下蜡"),  # 留下 is said of the pattern there, not of the wax: no denial
        (HEDGEHOG, "错，刺猬冬眠时不进食"),
        (HEDGEHOG, "错，刺猬冬眠靠体内的脂肪维持生命"),
        (HEDGEHOG, "错，靠储存的脂肪过冬"),
        (FIREFLY, "错，萤火虫的光是冷光，来自化学反应"),
        (FIREFLY, "错，几乎不产生热"),
        (DUNES, "错，沙丘是由风造成的"),
        (DUNES, "错，因为风吹沙粒"),
        (DUNES, "错，沙丘靠风移动"),
        (BAT, "错，蝙蝠靠超声波的回声辨别方向"),
        (BAT, "错，靠回声定位"),
        (LEAF, "错，光合作用需要光"),
        (INKSTONE, "错 广东肇庆"),
        (INKSTONE, "错，端砚产于广东"),
    ],
)
def test_a_reason_the_explanation_gives_keeps_full_marks(question: Question, reply: str) -> None:
    assert grade(question, reply).correct, grade(question, reply)


def test_the_sentence_the_reason_denies_is_the_feedback() -> None:
    found = denies_the_explanation("蜡染的蜡煮了也去不掉", BATIK.explanation or "")
    assert found is not None and "蜡可以去掉" in found[0]
    # A set phrase of that shape denies nothing: `来不及` is no denial of 来及.
    assert denies_the_explanation("蜡染来不及熔化", "蜡染的蜡来及熔化。") is None


def test_a_means_the_explanation_speaks_of_is_no_other_means() -> None:
    assert another_means("刺猬靠储存的脂肪", HEDGEHOG.explanation or "", HEDGEHOG.prompt) is None
    assert another_means("刺猬不靠晒太阳", HEDGEHOG.explanation or "", HEDGEHOG.prompt) is None  # denied
    found = another_means("刺猬靠晒太阳", HEDGEHOG.explanation or "", HEDGEHOG.prompt)
    assert found is not None and "脂肪" in found[0]


def _true(prompt: str, explanation: str) -> Question:
    return Question(id="t", kind=Kind.true_false, number=1, prompt=prompt, answer=True, explanation=explanation)


SEAWATER = _true("海水的密度比淡水大。", "海水含有盐分，密度约1.03 g/cm³，大于淡水的1.00 g/cm³。")
CHEETAH = _true("猎豹短跑比狮子快。", "猎豹冲刺时速可超过100千米，快于狮子。")


SPIDER = _false("蜘蛛有六条腿。", "蜘蛛有8条腿，昆虫才有6条腿。")
LINER = _false("泰坦尼克号于1915年沉没。", "泰坦尼克号于1912年4月首航途中撞上冰山沉没。")
ICE = _false("标准大气压下，冰的熔点是10℃。", "标准大气压下冰的熔点是0℃。")


# A comparison turned the other way earns nothing; another value than the bank's earns half; the bank's own
# comparison or value keeps full marks.
@pytest.mark.parametrize(
    ("question", "reply", "score"),
    [
        (SEAWATER, "对，海水的密度比淡水小", 0.0),  # the opposite adjective of the same two things
        (SEAWATER, "对，淡水的密度比海水大", 0.0),  # the same adjective, the two things swapped
        (CHEETAH, "对，狮子比猎豹快", 0.0),
        (SEAWATER, "对，海水密度大于淡水", 1.0),
        (SEAWATER, "对，淡水的密度比海水小", 1.0),
        (SEAWATER, "对，海水不比淡水小", 1.0),  # a negated comparison makes none
        (CHEETAH, "对，狮子比猎豹慢", 1.0),
        (CHEETAH, "对，猎豹比较快", 1.0),  # 比较 compares nothing
        (SPIDER, "错，蜘蛛有十条腿", 0.5),  # another count of the same thing
        (LINER, "错，1913年沉没的", 0.5),  # another year of the same event
        (ICE, "错，冰的熔点是5度", 0.5),  # another measure, 度 for ℃
        (ICE, "错，大约5℃", 0.5),  # of the one number in that unit the bank gives
        (SPIDER, "错，蜘蛛有8条腿", 1.0),
        (SPIDER, "错，蜘蛛有八条腿", 1.0),
        (SPIDER, "错，6条腿的是昆虫", 1.0),  # the number of the other thing the bank counts
        (LINER, "错，1912年沉没", 1.0),
        (ICE, "错，冰在0度融化", 1.0),
        (ICE, "错，比10℃低了10度", 1.0),  # a difference, no value of the thing
    ],
)
def test_comparisons_and_values_in_a_reason(question: Question, reply: str, score: float) -> None:
    verdict = grade(question, reply)
    outcome = {0.0: "wrong", 0.5: "partial", 1.0: "correct"}[score]
    assert verdict.outcome == outcome and verdict.score == score, verdict
