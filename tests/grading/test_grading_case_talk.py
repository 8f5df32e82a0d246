"""A case answer that talks around the topic (another name for it, praise, fame) earns nothing, whatever words
of the reference it holds; a clause saying something of another thing keeps its credit. Lone characters before a
break are a word of the reference too (两个小拱: 小拱)."""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.case import words_of
from bot.grading.talk import is_talk
from bot.lexicon.normalize import normalize


def _case(prompt: str, answer: str) -> Question:
    return Question(id="t", kind=Kind.case, number=1, prompt=prompt, answer=answer)


BRIDGE = _case(
    "某石拱桥历经一千四百多年仍然完好。\n问题：请从结构和材料上分析它为什么能保存至今。",
    "1. 敞肩拱：\n- 大拱两肩各开两个小拱，减轻桥身自重，洪水时可以泄洪。\n"
    "2. 石料：\n- 选用坚固耐用的石灰岩，石块之间用铁件连接。",
)
DANCE = _case(
    "小区的老人们每天早上在广场跳舞。\n问题：请分析这项运动对老人健康的好处。",
    "1. 心肺功能：\n- 有氧运动使心肺功能增强，血液循环加快。\n2. 心理健康：\n- 集体活动让老人心情愉快，减少孤独感。",
)


def test_praise_and_another_name_for_the_topic_earn_nothing() -> None:
    assert grade(BRIDGE, "这座桥非常坚固耐用。").score == 0.0
    assert grade(BRIDGE, "这座桥又叫安济桥，非常坚固耐用，是著名的古桥，体现了劳动人民的智慧。").score == 0.0


def test_what_is_said_of_another_thing_keeps_its_credit() -> None:
    assert grade(BRIDGE, "石料非常坚固耐用，石块用铁件连起来").score > 0.0
    assert grade(BRIDGE, "桥是用坚固耐用的石灰岩建的").score > 0.0
    assert grade(DANCE, "跳舞让老人心情愉快，不那么孤独").score > 0.0


def test_which_clauses_are_talk() -> None:
    asked = normalize(BRIDGE.prompt)
    assert is_talk("这座桥又叫安济桥", asked)
    assert is_talk("它的设计非常巧妙", asked)
    assert not is_talk("石料非常坚固", asked)  # the stone: a thing the question does not name
    assert not is_talk("石灰岩又叫青石", asked)  # another name of another thing
    assert not is_talk("这叫做敞肩拱", asked)  # naming the answer is no talk
    assert not is_talk("这是最高限价", normalize("政府规定商品房售价不得超过某一价格。"))


def test_lone_characters_before_a_break_are_a_word() -> None:
    assert "小拱" in words_of("大拱两肩各开两个小拱，减轻桥身自重")
    assert grade(BRIDGE, "大拱上面加了小拱，桥变轻了").score > 0.0


def test_the_feedback_says_why_talk_earns_nothing() -> None:
    verdict = grade(BRIDGE, "这座桥又叫安济桥，非常坚固耐用。")
    assert "只是介绍或称赞题目里的对象" in verdict.feedback_zh
    assert "praising" in verdict.feedback_en
    assert "称赞" not in grade(BRIDGE, "大拱上面加了小拱，桥变轻了").feedback_zh
