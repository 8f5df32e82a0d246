"""Case answers that hold a point's words but state its relation the other way round (a comparison, a flow, a
cause, an order of steps, a covariation) earn nothing of that point; a numeral inside a word is no value."""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.case_values import values_in
from bot.grading.relations import reverses


def _case(prompt: str, answer: str) -> Question:
    return Question(id="r", kind=Kind.case, number=1, prompt=prompt, answer=answer)


BREEZE = _case(
    "夏天在海边度假的小李发现，白天风总是从海面吹向沙滩，夜里风向却反了过来。\n问题：请解释白天海风形成的原因。",
    "1. 白天海风：\n- 陆地比热容小，白天升温快，近地面空气受热上升，气压降低；海面升温慢，气压较高，风从海洋吹向陆地。",
)


def test_a_comparison_and_a_flow_said_backwards_earn_nothing() -> None:
    backwards = grade(BREEZE, "海面比陆地升温快，海上气压低，风从陆地吹向海洋。")
    assert backwards.score == 0.0
    right = "陆地吸热快，白天温度上得快，空气变热往上走，气压变低；海上温度低、气压高，所以风从海上往岸上吹。"
    assert grade(BREEZE, right).score == 1.0


def test_one_thing_said_backwards_is_enough() -> None:
    assert reverses("风从陆地吹向海洋", BREEZE.answer)
    assert reverses("白天海面升温快", BREEZE.answer)
    assert not reverses("风从海洋吹向陆地", BREEZE.answer)
    # Another thing than the reference relates (the reply's own words decide): no reversal.
    assert not reverses("沙滩上人很多", BREEZE.answer)


STEPS = _case(
    "小王回家闻到厨房有浓浓的煤气味。\n问题：1. 他首先应该怎么做？2. 煤气泄漏为什么危险？",
    "1. 处置顺序：\n- 先关闭燃气总阀，再开窗通风，不要开关电器。\n"
    "2. 危险：\n- 燃气浓度越高，爆炸的危险越大；吸入过多会导致一氧化碳中毒。",
)


def test_steps_in_the_other_order_earn_nothing_of_their_point() -> None:
    right = grade(STEPS, "1. 先把燃气阀门关掉，再打开窗户通风，别碰电器开关 2. 浓度越高越容易爆炸，还会中毒")
    assert right.covered[:1] == ["处置顺序"]
    backwards = grade(STEPS, "1. 先开窗通风，再关闭燃气总阀，不要开关电器 2. 浓度越高越容易爆炸，还会中毒")
    assert "处置顺序" in backwards.missed


def test_a_covariation_or_a_cause_said_backwards_is_reversed() -> None:
    assert reverses("燃气浓度越高，爆炸危险越小", STEPS.answer)
    assert not reverses("燃气浓度越高，爆炸的危险越大", STEPS.answer)
    vitamin = "长期缺乏维生素D会导致钙吸收减少，引起骨质疏松。"
    assert reverses("钙吸收减少导致缺乏维生素D", vitamin)
    assert not reverses("缺维生素D导致钙吸收变少", vitamin)


DELTA = _case(
    "某河流入海口处逐渐形成了一片扇形的陆地。\n问题：1. 这片陆地是怎样形成的？2. 为什么入海口附近的土地适合种水稻？",
    "1. 形成原因：\n- 河流进入海洋后流速减慢，搬运能力下降，携带的泥沙沉积下来，日积月累堆积成三角洲。\n"
    "2. 适合种水稻：\n- 冲积土层深厚、土壤肥沃，地势低平，灌溉水源充足。",
)


def test_a_numeral_inside_a_word_is_no_value() -> None:
    assert values_in("日积月累堆积成三角洲") == ()
    assert values_in("各方一致同意") == ()
    assert [v.number for v in values_in("三千米")] == [3000]
    assert [v.word for v in values_in("两个孩子")] == ["个"]
    # `三角洲` named alone is no value the point derives: it does not make the point whole.
    named = grade(DELTA, "1. 这是三角洲，非常有名 2. 水稻很好吃")
    assert named.covered == []


def test_a_direction_said_backwards_unsays_the_point() -> None:
    assert grade(DELTA, "1. 河水速度变快，把泥沙冲走了 2. 不知道").score == 0.0
    assert grade(DELTA, "1. 河水流速变慢，泥沙沉积下来 2. 不知道").score > 0.0
