"""Fill-in forms a teacher accepts that the grader refused, and their look-alikes it must keep refusing, on a
bank of subjects of its own (tests/grading/fill_forms_bank.json: history of science, photography, film,
horse racing, geography, weather, geometry). Each row is a reply a learner could type and what a teacher gives it."""

from __future__ import annotations

import pytest
from class_rows import ClassBank, Row

from bot.grading.answers import expand
from bot.grading.blank_heads import blank_heads
from bot.grading.name_slips import is_name, names_in, nearer_name, swapped

_BANK = ClassBank("fill_forms_bank.json")
check = _BANK.check


# A Latin-script name with one slip, two neighbouring letters swapped included (one slip, though two edits),
# credited only where it points at the key alone: never as near to another name of the banks or of the
# question, never when it makes an English word.
NAME_SLIPS: list[Row] = [
    ("name-kepler", "Kelper", "correct"),
    ("name-kepler", "Kpeler", "correct"),
    ("name-kepler", "kepelr", "correct"),
    ("name-kepler", "Keplar", "correct"),
    ("name-kepler", "Kleper", "wrong"),  # two letters moved: more than one slip
    ("name-faraday", "Faraady", "correct"),
    ("name-faraday", "Fraaday", "correct"),
    ("name-mayer", "Mayr", "correct"),
    ("name-mayer", "Maeyr", "correct"),
    ("name-mayer", "Myer", "wrong"),  # as near to the prompt's Meyer
    ("name-mayer", "Meyer", "wrong"),
    ("name-bohr", "Bhor", "correct"),
    ("name-bohr", "Borh", "wrong"),  # as near to Born, another key of the bank
    ("name-bohr", "Bonr", "wrong"),
    ("name-born", "Bron", "correct"),
    ("name-bali", "Blai", "correct"),
    ("name-bali", "Bail", "wrong"),  # an English word
]


# A key written in both scripts, its Chinese name and then its Latin one: either half answers. A Latin word
# before a Chinese one is one name (`Java 语言`): its halves answer nothing.
BOTH_SCRIPTS: list[Row] = [
    ("both-aperture", "光圈", "correct"),
    ("both-aperture", "aperture", "correct"),
    ("both-aperture", "Aperture", "correct"),
    ("both-aperture", "光圈 aperture", "correct"),
    ("both-aperture", "快门", "wrong"),
    ("both-aperture", "shutter", "wrong"),
    ("both-shutter", "shutter", "correct"),
    ("both-shutter", "快门", "correct"),
    ("both-java", "Java", "wrong"),
    ("both-java", "语言", "wrong"),
    ("both-java", "Java语言", "correct"),
]


# The key's number with the unit the prompt prints after the blank, glued or spaced, in the prompt's spelling
# (known to the unit table or not) or in another name of it; a count per time said by its count (`24 帧` where
# the prompt prints fps). Another number, or another unit, stays wrong.
PRINTED_UNITS: list[Row] = [
    ("unit-fps", "24", "correct"),
    ("unit-fps", "24fps", "correct"),
    ("unit-fps", "24 FPS", "correct"),
    ("unit-fps", "24 帧", "correct"),
    ("unit-fps", "24帧每秒", "correct"),
    ("unit-fps", "25fps", "wrong"),
    ("unit-fps", "24次", "wrong"),
    ("unit-frames", "25帧", "correct"),
    ("unit-frames", "25 frames", "correct"),
    ("unit-frames", "30帧", "wrong"),
    ("unit-furlongs", "12 furlongs", "correct"),
    ("unit-furlongs", "12furlongs", "correct"),
    ("unit-furlongs", "13 furlongs", "wrong"),
    ("unit-furlongs", "12 miles", "wrong"),
    ("unit-pulse", "100次", "correct"),
    ("unit-pulse", "100 bpm", "correct"),
    ("unit-pulse", "100帧", "wrong"),
]


# The key with the class noun the prompt uses of its blank, in either script (`…的岛屿是___`: 岛, island); a word of
# the prompt glued on that is not that noun, such as what it says the place is known for, names another thing.
CLASS_NOUNS: list[Row] = [
    ("noun-santorini", "圣托里尼岛", "correct"),
    ("noun-santorini", "Santorini island", "correct"),
    ("noun-santorini", "Santorini Island", "correct"),
    ("noun-santorini", "圣托里尼岛屿", "correct"),
    ("noun-santorini", "圣托里尼是岛屿", "correct"),
    ("noun-santorini", "圣托里尼火山", "wrong"),
    ("noun-santorini", "Santorini volcano", "wrong"),
    ("noun-santorini", "圣托里尼房屋", "wrong"),
    ("noun-amazon", "Amazon River", "correct"),
    ("noun-amazon", "亚马孙河", "correct"),
    ("noun-amazon", "Amazon rainforest", "wrong"),
    ("noun-amazon", "亚马孙雨林", "wrong"),
]


# Several blanks, each a quantity read by value in its own blank, in any unit: 度 is the key's ℃ (or its °).
CONVERTED_BLANKS: list[Row] = [
    ("blanks-air", "101325Pa，15度", "correct"),
    ("blanks-air", "101.325 kPa、15摄氏度", "correct"),
    ("blanks-air", "1 atm 15℃", "correct"),
    ("blanks-air", "101325Pa，25度", "partial"),
    ("blanks-air", "1000 Pa，15度", "partial"),
    ("angle-right", "90度", "correct"),
    ("angle-right", "90°", "correct"),
    ("angle-right", "45度", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), NAME_SLIPS)
def test_a_name_slip_is_forgiven_only_where_it_points_at_the_key(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


@pytest.mark.parametrize(("qid", "reply", "expect"), BOTH_SCRIPTS)
def test_a_key_in_both_scripts_is_answered_by_either_half(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


@pytest.mark.parametrize(("qid", "reply", "expect"), PRINTED_UNITS)
def test_the_key_with_the_prompts_unit(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


@pytest.mark.parametrize(("qid", "reply", "expect"), CLASS_NOUNS)
def test_the_key_with_the_class_noun_the_prompt_uses(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


@pytest.mark.parametrize(("qid", "reply", "expect"), CONVERTED_BLANKS)
def test_each_blank_by_value_in_another_unit(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


def test_the_words_a_prompt_uses_of_its_blank() -> None:
    assert blank_heads("我国水土流失最严重的地区是___。") >= {"地区", "region"}
    assert blank_heads("这一制度称为___。") >= {"制度"}
    assert blank_heads("The protocol that names hosts is called ___.") >= {"protocol"}
    assert "火山" not in blank_heads("爱琴海上以火山口闻名的岛屿是___。")


def test_a_name_the_question_writes_is_named_in_the_feedback() -> None:
    for reply in ("Meyer", "Myer"):
        verdict = _BANK.graded("name-mayer", reply)
        assert verdict.score == 0.0 and "「Meyer」" in verdict.feedback_zh, verdict


def test_names_and_their_slips() -> None:
    assert is_name("Kepler") and is_name("van der Waals") and is_name("Marie Curie")
    assert not is_name("lens") and not is_name("HTTP") and not is_name("Ohm")  # a word, an acronym, too short
    assert swapped("kelper", "kepler") and not swapped("keplar", "kepler") and not swapped("kepler", "kepler")
    names = names_in("不要与化学家 Lothar Meyer 混淆")
    assert names["meyer"] == "Meyer" and names["lotharmeyer"] == "Lothar Meyer"
    assert nearer_name("myer", "mayer", names) == "Meyer"
    assert nearer_name("mayr", "mayer", names) is None


def test_halves_of_a_key_in_both_scripts() -> None:
    assert expand("光圈 aperture")[-2:] == ["光圈", "aperture"]
    for one_name in ("Java 语言", "TCP 协议", "维生素 C", "染色体 DNA", "二氧化碳 CO2"):
        assert expand(one_name) == [one_name]
