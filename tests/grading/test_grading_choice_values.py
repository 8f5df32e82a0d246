"""Single choice: an option named by its value or its words, with working or talk around it, as a teacher
reads it; never a value or words that fit another option too, a wrong value, or the other direction."""

from __future__ import annotations

import pytest
from class_rows import ClassBank, outcome

from bot.grading.choice_values import option_by_value

# Speeds of sound and densities of sea water, every option one value in one unit; tide readings, words and
# a value in each option, two options sharing each value; a chessboard count; kilns; divers' hand signals;
# the parts of a clock; dry cells; mammals.
_BANK = ClassBank("choice_values_bank.json")
graded, check = _BANK.graded, _BANK.check
TIDE = _BANK.bank.question("single-tide")


@pytest.mark.parametrize(
    ("qid", "reply", "expect"),
    [
        ("single-density", "1.03", "correct"),  # the option's number without the unit every option writes
        ("single-density", "1.03 kg/m³", "wrong"),  # the right number in another unit is another value
        ("single-density", "0.92", "wrong"),
        ("single-sound", "340", "correct"),
        ("single-sound", "0.34 km/s", "correct"),  # the same speed in another unit
        ("single-sound", "340米每秒", "correct"),
        ("single-sound", "1500", "wrong"),  # another option's number
        ("single-sound", "340 km/s", "wrong"),  # the right number in another unit is another value, no option
        ("single-tide", "低650mm", "correct"),  # the option's words around its value, converted
        ("single-tide", "下午低 0.65米", "correct"),  # the prompt's words around them
        ("single-tide", "高0.65米", "wrong"),  # the other direction is its own option
        ("single-tide", "下午比上午低0.65米", "correct"),  # the prompt's things in its order
        ("single-tide", "2.45-1.80=0.65 所以a", "correct"),  # working, then the letter after 所以
        ("single-tide", "2.45-1.80=0.65 所以b", "wrong"),
        (
            "single-squares",
            "8*8=64 选C",
            "correct",
        ),  # the working a stray value; 选C chooses
        ("single-squares", "8*8=64 选D", "unread"),  # the working names C, the letter D: asked again
        ("single-porcelain", "江西那个瓷都 景德镇", "correct"),  # the option's name ending a sentence
        ("single-porcelain", "白瓷那个 德化", "wrong"),
        ("single-porcelain", "不是龙泉 景德镇", "unread"),  # after a negation: not read as the closing name
        ("single-porcelain", "景德镇窑，因为它在江西", "correct"),  # the option's name first, then talk about it
        ("single-porcelain", "龙泉窑，它烧青瓷", "wrong"),
        ("single-porcelain", "景德镇窑 龙泉窑", "unread"),  # two options named: neither chosen
        ("single-porcelain", "景德镇窑，龙泉窑也可以", "unread"),
        ("single-porcelain", "龙泉窑也像 景德镇窑", "unread"),
        ("single-porcelain", "被称为瓷都的景德镇窑", "correct"),  # the option with only the bank's words around it
        ("single-porcelain", "以白瓷著称的德化窑", "wrong"),
        ("single-signals", "拇指向上就是上升", "correct"),  # the prompt's words and a copula before the option
        ("single-signals", "拇指向上就是没问题", "wrong"),
        ("single-cell", "1.5V吧", "correct"),  # a hedge after the value
        ("single-cell", "1.5 A", "wrong"),  # a value in amperes: the letter is its unit, no choice of A
        ("multiple-mammals", "鲸、蝙蝠、海豚，企鹅不是", "correct"),  # the choices, then an option left out
        ("multiple-mammals", "鲸、蝙蝠，不选企鹅", "partial"),
        ("multiple-mammals", "鲸、企鹅，企鹅不是", "unread"),  # one option chosen and left out: no answer
        ("single-clock", "擒纵", "correct"),
        ("single-clock", "擒纵轮", "unread"),  # a kind no option ends with, like the key: asked again
    ],
)
def test_an_option_named_by_its_value_or_words_with_talk_around_it(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


@pytest.mark.parametrize("reply", ["0.65", "0.65米", "650 mm", "上午比下午低0.65米"])
def test_a_value_two_options_hold_or_the_prompts_things_turned_name_neither(reply: str) -> None:
    # `上午比下午低`: the things the prompt compares, turned round, say the other direction.
    assert TIDE is not None and option_by_value(reply, TIDE) == set()
    assert not graded("single-tide", reply).correct


@pytest.mark.parametrize(
    ("qid", "reply"),
    [
        ("single-signals", "减压停留"),  # a thing the explanation names, no option: wrong, not asked again
        ("single-signals", "潜水电脑"),
        ("single-signals", "OK手势"),
        ("single-clock", "秒针"),  # a thing of an option's kind (针 of 指针), sharing nothing with the key
        ("single-clock", "调速器"),
    ],
)
def test_a_thing_the_bank_names_or_of_an_options_kind_is_wrong(qid: str, reply: str) -> None:
    verdict = graded(qid, reply)
    assert outcome(verdict) == "wrong" and verdict.understood, verdict
