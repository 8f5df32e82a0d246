"""A case point said in other words: a word of the reference said by another word of its meaning (Cilin's
synonym groups), a relation said the same way in the learner's words; never by naming the point's topic alone,
and never when the relation is turned the other way."""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.synonyms import same_kind, synonyms
from tests.grading.test_grading_case_relations import DELTA


def _case(prompt: str, answer: str) -> Question:
    return Question(id="p", kind=Kind.case, number=1, prompt=prompt, answer=answer)


MOAT = _case(
    "某古城的城墙外设有护城河，城门外还建有半圆形的瓮城。\n问题：1. 护城河有什么防御作用？2. 瓮城有什么作用？",
    "1. 护城河：\n- 阻挡敌军靠近城墙，使攻城器械难以推到墙下。\n"
    "2. 瓮城：\n- 敌人攻破外门后被困在瓮城中，守军从四面城墙上夹击。",
)


def test_synonym_groups_and_kinds() -> None:
    assert "接近" in synonyms("靠近")
    assert "挡住" in synonyms("阻挡")
    assert same_kind("唐代", "汉代") and not same_kind("升高", "上升")
    # One character alone stands in too many groups: none is offered.
    assert all(len(word) >= 2 for word in synonyms("损坏"))


def test_a_point_said_in_words_of_the_same_meaning_is_made() -> None:
    verdict = grade(MOAT, "1. 挡住敌人，不让他们接近城墙 2. 敌人进来以后被关住，守军从上面合击")
    assert "护城河" in verdict.covered
    assert verdict.score > 0.5


def test_naming_the_topic_or_praising_it_says_nothing() -> None:
    assert grade(MOAT, "1. 护城河 2. 瓮城").score == 0.0
    assert grade(MOAT, "1. 很重要 2. 很坚固").score == 0.0


def test_a_relation_said_the_same_way_in_other_words_makes_the_detail() -> None:
    verdict = grade(DELTA, "1. 河水流速变慢，搬运能力变弱，泥沙落下来 2. 不清楚")
    assert "形成原因" in verdict.covered
    # The same words turned the other way earn nothing.
    assert grade(DELTA, "1. 河水流速变快，搬运能力变强 2. 不清楚").score == 0.0


BREAD = _case(
    "面包师发现，同样的面团夏天比冬天发得快。\n问题：请解释原因。",
    "1. 温度影响酵母：\n- 温度升高时酵母活性增强，产气速度加快，面团膨胀得更快。",
)


def test_a_relation_the_question_states_is_no_answer() -> None:
    # `发得快` is the question's own fact; the point is what temperature does to the yeast.
    assert grade(BREAD, "面团发得快").score == 0.0
    assert grade(BREAD, "天一热，酵母的活性就变强了，产气变快").score > 0.0


COOKER = _case(
    "用高压锅炖牛肉，比用普通铁锅快得多。\n问题：1. 高压锅为什么能更快把肉炖烂？2. 使用高压锅要注意什么？",
    "1. 原理：\n- 锅内密封，气压升高，水的沸点随之升高（可达约120℃），温度高使肉熟得更快。\n"
    "2. 注意：\n- 不要堵塞排气孔，冷却泄压后再开盖，防止爆炸和烫伤。",
)


def test_an_attribute_sharing_a_character_is_no_relation_said() -> None:
    # `炖肉非常快` turns 炖肉, not 肉熟: the question's own fact, and praise.
    assert grade(COOKER, "高压锅是很方便的厨房电器，炖肉非常快，非常好用。").score == 0.0


def test_a_thing_turned_one_way_is_said_whatever_the_reply_names_first() -> None:
    # The point turns 沸点 one way only: `沸点也会升高` says it after `密封后`, which names no other thing.
    assert grade(COOKER, "密封以后，沸点也会升高，温度高，肉熟得快").covered == ["原理"]


def test_an_opposite_with_a_negation_turns_the_same_way() -> None:
    # `不快` is 慢: it says 流速减慢; `不慢` turns it the other way and unsays the point.
    assert grade(DELTA, "1. 河水到了海里流速不快了 2. 不清楚").score > 0.0
    assert grade(DELTA, "1. 河水流速不慢 2. 不清楚").score == 0.0


def test_a_word_of_the_same_meaning_inside_a_longer_word_of_the_reply() -> None:
    from bot.grading.case import _reply_words

    # The segmenter keeps `小水滴` whole; 水滴, another word for a reference's 水珠, stands inside it.
    assert "水滴" in _reply_words("凝成小水滴粘在上面")
