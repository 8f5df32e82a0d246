"""Case answers in a learner's words: an idiom holding 不 is no denial, a negation that says what the
reference says to avoid makes the point, a term shortened the usual way is that term, and a dictionary
word that starts with 上 or 下 (上限) is a content word."""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.case import negated, words_of

REFERENCE = (
    "1.诊断：\n-最可能是急性心肌梗死（胸痛持续不缓解）。\n"
    "2.护理：\n-绝对卧床休息，持续心电监护。\n-保持大便通畅，避免用力排便。\n"
    "3.后果：\n-价格低于均衡价格时，需求大于供给，出现供不应求。\n-政府设定价格上限，建设保障性住房。"
)
CASE = Question(
    id="c", kind=Kind.case, number=1, prompt="某患者胸痛四十分钟。\n问题：诊断、护理和后果各是什么？", answer=REFERENCE
)


def test_an_idiom_holding_a_negation_is_no_denial() -> None:
    assert not negated("结果会供不应求")
    assert negated("结果不会短缺")


def test_a_dictionary_word_starting_with_a_place_character_is_a_content_word() -> None:
    assert "上限" in words_of("政府设定价格上限")
    assert "后的" not in words_of("训练后的模型")


def test_a_negation_that_says_what_the_reference_says_to_avoid_makes_the_point() -> None:
    verdict = grade(CASE, "卧床休息，上心电监护，大便通畅、别用力。")
    assert "护理" in verdict.covered
    assert "被你否定的做法不计分" not in verdict.feedback_zh


def test_a_term_shortened_the_usual_way_is_that_term() -> None:
    assert "诊断" in grade(CASE, "急性心梗。").covered
    assert "诊断" not in grade(CASE, "急性胃炎。").covered
    # A shortening keeps the negation: `供求` says nothing of 供不应求.
    assert grade(CASE, "供求。").score == 0.0
    # A verb and its object are no shortening: `用数据` says nothing of 用户数据.
    assert grade(CASE, "用心电").score == grade(CASE, "心电").score


def _case(reference: str) -> Question:
    return Question(id="g", kind=Kind.case, number=2, prompt="限价会带来什么？", answer=reference)


def test_a_word_a_bracket_glosses_says_the_thing_alone() -> None:
    glossed = _case("1.后果：\n-出现短缺（供不应求）。\n-可能出现黑市。\n2.对策：\n-增加土地供应。")
    plain = _case("1.后果：\n-出现短缺和供不应求。\n-可能出现黑市。\n2.对策：\n-增加土地供应。")
    assert grade(glossed, "会造成短缺。").score > grade(plain, "会造成短缺。").score
    # A bracket listing examples glosses nothing.
    listed = _case("1.后果：\n-出现短缺（黑市、排队）。\n2.对策：\n-增加土地供应。")
    assert grade(listed, "会造成短缺。").score == 0.0
