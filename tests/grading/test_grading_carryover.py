"""Judgement that carries over to new subjects, one test per class, on a bank of subjects no other bank
here covers (tests/grading/carryover_bank.json: endocrinology, virology, calligraphy, anatomy, geography,
web code, meteorology, rocks, colour mixing, music, fire safety, probability). Each row is a reply a
learner could type and what a teacher gives it; each class failed on the grader before its mechanism.
"""

from __future__ import annotations

import pytest
from class_rows import ClassBank, Row, outcome

_BANK = ClassBank("carryover_bank.json")
BANK, CONCEPTS = _BANK.bank, _BANK.concepts
graded, check = _BANK.graded, _BANK.check


# Giving up, in Chinese, English and Japanese: an answer that earns nothing and shows the key, in every kind;
# never read as an answer that matches something. (A question mark alone or `下一题` is no answer at all:
# tests/grading/test_grading_non_answers.py.)
GIVE_UPS = [
    "不会",
    "我不会",
    "这题不会",
    "不会啊",
    "dunno",
    "no clue",
    "I have no idea",
    "i give up",
    "forgot",
    "can't remember",
    "I'm not sure",
    "わからない",
    "分かりません",
    "知らない",
    "忘れました",
    "パス",
    "没印象",
    "不确定",
]
KINDS = ["fill-capital", "single-composer", "multiple-noble", "tf-boil", "tf-moon", "case-fire"]


@pytest.mark.parametrize("qid", KINDS)
@pytest.mark.parametrize("reply", GIVE_UPS)
def test_giving_up_earns_nothing_and_shows_the_key(qid: str, reply: str) -> None:
    verdict = graded(qid, reply)
    assert outcome(verdict) == "wrong" and verdict.score == 0.0, f"{qid} {reply!r}: {verdict}"
    assert verdict.expected, verdict


# Said to the bot, not an answer: greetings, thanks, a hint asked for, a question back, a command. The bot
# asks again. Real short answers, and a greeting the question itself asks for, are answers.
NOT_ANSWERS = [
    "你好",
    "hello",
    "在吗",
    "こんにちは",
    "谢谢",
    "thanks",
    "可以提示一下吗",
    "what?",
    "首都是哪个？",
    "/start",
]
CHATTER: list[Row] = [
    *(("fill-capital", reply, "unread") for reply in NOT_ANSWERS),
    *(("single-composer", reply, "unread") for reply in ("你好", "hello", "有提示吗")),
    *(("case-fire", reply, "unread") for reply in ("你好", "hello", "谢谢")),
    ("tf-moon", "hello", "unread"),
    ("fill-greeting", "hello", "correct"),  # the question asks for the greeting
    ("fill-greeting", "Hello", "correct"),
    ("fill-capital", "堪培拉", "correct"),
    ("fill-capital", "是堪培拉吗？", "correct"),  # a hedged answer, not a question back
    ("fill-capital", "悉尼", "wrong"),
    ("fill-pores", "鳃", "correct"),
    ("single-composer", "a", "correct"),
    ("tf-boil", "是", "correct"),
    ("tf-boil", "ok", "unread"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), CHATTER)
def test_chatter_is_asked_again_and_short_answers_are_answers(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# The key inside words that restate the prompt, name the kind of thing it is (a dosage form, 病毒, 气体) or
# how a remedy is given; never a sibling, a negation or a second answer beside it.
RESTATED: list[Row] = [
    ("fill-calligrapher", "书法家王羲之", "correct"),
    ("fill-calligrapher", "王羲之是书圣", "correct"),
    ("fill-organ", "皮肤器官", "correct"),
    ("fill-organ", "器官皮肤", "correct"),
    ("fill-insulin", "胰岛素注射液", "correct"),
    ("fill-insulin", "注射胰岛素", "correct"),
    ("fill-insulin", "打胰岛素", "correct"),
    ("fill-insulin", "胰岛素针", "correct"),
    ("fill-virus", "HIV病毒", "correct"),
    ("fill-gas", "一氧化碳气体", "correct"),
    ("fill-gas", "吸入一氧化碳", "correct"),
    ("fill-calligrapher", "不是王羲之", "wrong"),
    ("fill-calligrapher", "王羲之和王献之", "wrong"),
    ("fill-calligrapher", "王献之书法家", "wrong"),
    ("fill-insulin", "胰岛素和二甲双胍", "wrong"),
    ("fill-insulin", "胰高血糖素注射液", "wrong"),
    ("fill-gas", "二氧化碳和一氧化碳", "wrong"),
    ("fill-flu", "乙型流感", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), RESTATED)
def test_the_key_with_restating_or_kind_words(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# Several blanks: answers joined by 和, each with the prompt's word after its own blank; a key with its
# English name in brackets.
BLANKS: list[Row] = [
    ("fill-rock", "沉积和变质", "correct"),
    ("fill-rock", "沉积岩，变质岩", "correct"),
    ("fill-rock", "沉积岩和岩浆岩", "partial"),
    ("fill-mix", "橙色 绿色", "correct"),
    ("fill-mix", "橙色，紫色", "partial"),
    ("fill-leaf", "气孔(stomata)", "correct"),
    ("fill-leaf", "气孔（stomata）", "correct"),
    ("fill-leaf", "皮孔(lenticel)", "wrong"),
    ("fill-capital", "堪培拉 堪培拉 堪培拉", "correct"),  # one answer said again and again
    ("fill-capital", "悉尼 悉尼", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), BLANKS)
def test_blanks_joined_and_glossed(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# Letters that close a longer reply (its working, or the option's words first); a letter that names
# another option than the words before it is no answer.
CLOSING: list[Row] = [
    ("single-mean", "平均数是(1+2+6)/3=3，选b", "correct"),
    ("single-mean", "(1+2+6)/3=3，所以选B", "correct"),
    ("single-cloud", "积雨云，c", "correct"),
    ("single-cloud", "积雨云，a", "unread"),
    ("single-mean", "算出来是9，选D", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), CLOSING)
def test_letters_closing_a_reply(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# A case answer that writes back the reference's headings (labels of what each sub-question asks) or names
# the method without the value it works out has said nothing: no credit. The substance still earns.
CASE: list[Row] = [
    ("case-fire", "1.逃生方法 2.不乘电梯的原因", "wrong"),
    ("case-fire", "用湿毛巾捂住口鼻弯腰撤离", "partial"),
    ("case-fire", "用湿毛巾捂住口鼻，弯腰沿疏散通道撤离；火灾时电梯可能断电，电梯井形成烟囱效应烟气蔓延", "correct"),
    ("case-defects", "用全概率公式和贝叶斯公式", "wrong"),
    ("case-defects", "先用全概率公式求出次品率，再用贝叶斯公式算", "wrong"),
    ("case-defects", "1. 0.03 2. 1/3", "correct"),
    ("case-defects", "1. 0.03 2. 0.5", "partial"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), CASE)
def test_case_headings_and_methods_alone_earn_nothing(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# A reference numbered `1. 2.` before `3. 防范（任两项）：`: each numbered item is a point, and a term with its
# other names in brackets names its point; a method's name without its 法 says it; a clause that says the
# opposite of a detail around its words (快 where the reference has 慢) does not say it.
CASE_POINTS: list[Row] = [
    ("case-outbreak", "蜡样芽孢杆菌", "partial"),
    ("case-outbreak", "细菌性食物中毒；蜡样芽胞杆菌；剩饭两小时内冷藏，食用前彻底加热", "correct"),
    ("case-therapy", "系统脱敏", "partial"),
    ("case-plant", "向光性。单侧光让生长素跑到背光侧，背光侧细胞伸长快，所以向光弯曲", "correct"),
    ("case-plant", "向水性，向光侧生长快", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), CASE_POINTS)
def test_case_points_numbered_named_and_contradicted(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)
