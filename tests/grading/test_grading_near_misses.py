"""Near misses that are other facts: a formula one symbol off, a fixed name with a character changed, a key
cut short, an English word without its negating prefix; an English spelling asked is not forgiven."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.fill import Match, match_blank
from bot.grading.meaning import flipped
from bot.lexicon.formulas import is_formula


@pytest.mark.parametrize("text", ["H2SO4", "Ca(OH)2", "CuSO4·5H2O", "KMnO4", "NH4Cl"])
def test_formulas_are_recognised(text: str) -> None:
    assert is_formula(text)


@pytest.mark.parametrize("text", ["LoRA", "INT8", "GPT", "数据并行", "F1"])
def test_names_are_not_formulas(text: str) -> None:
    assert not is_formula(text)


@pytest.mark.parametrize("reply", ["H2SO3", "H2S04", "HSO4", "H2SO", "K2SO4", "H₂SO₃"])
def test_a_formula_one_symbol_off_is_another_compound(reply: str) -> None:
    assert not match_blank(reply, ["H2SO4"]).ok


@pytest.mark.parametrize("reply", ["H2SO4", "H₂SO₄", "h2so4", " H2SO4 "])
def test_a_formula_with_subscripts_or_case_folded_is_itself(reply: str) -> None:
    assert match_blank(reply, ["H2SO4"]).ok


def test_a_fixed_name_with_a_character_changed_is_another_name_but_a_homophone_is_a_slip() -> None:
    assert not match_blank("青藏高坡", ["青藏高原"]).ok
    assert match_blank("青藏高元", ["青藏高原"]).match is Match.homophone
    # A compound of words keeps its typo's share.
    assert match_blank("教师模形", ["教师模型"]).ok


def test_a_key_cut_short_is_incomplete_not_a_typo() -> None:
    assert match_blank("亚里士多", ["亚里士多德"]).match is Match.incomplete
    assert match_blank("gradient clippin", ["gradient clipping"]).ok  # a letter dropped inside a long name


@pytest.mark.parametrize(("reply", "answer"), [("willing", "unwilling"), ("honest", "dishonest"), ("legal", "illegal")])
def test_an_english_negating_prefix_flips_the_meaning(reply: str, answer: str) -> None:
    assert flipped(reply, answer) is not None
    assert flipped(answer, reply) is not None


def _fill(prompt: str, key: str) -> Question:
    return Question(id="f", kind=Kind.fill, number=1, prompt=prompt, answer=[key])


def test_an_english_spelling_item_forgives_no_typo() -> None:
    question = _fill("Fill in one word: He was born ___ 1990.", "in")
    assert grade(question, "In").correct
    question = _fill("Choose the right word: I look forward ___ seeing you.", "towards")
    assert not grade(question, "towads").correct
    assert grade(question, "towards.").correct
    # A Chinese instruction before an English sentence is still a spelling item.
    assert not grade(_fill("用所给词的适当形式填空：They have lived here ___ ten years.", "for"), "fro").correct
    assert not grade(_fill("根据句意填空：She is very ___ (help) to others.", "helpful"), "helpfull").correct
    # A blank in a Chinese sentence keeps the typo's share of an English term.
    assert grade(_fill("防止过拟合常用___。", "dropout regularization"), "dropout regularisation").correct


def _single(options: dict[str, str], key: str) -> Question:
    return Question(id="s", kind=Kind.single, number=1, prompt="选出正确的一项（ ）", options=options, answer=key)


def test_a_choice_reply_that_is_no_option_but_of_their_kind_is_a_wrong_answer() -> None:
    years = _single({"A": "公元前480年", "B": "公元前490年", "C": "公元前431年"}, "A")
    assert grade(years, "480 BC").correct
    assert grade(years, "前480年").correct
    stray = grade(years, "公元480年")
    assert not stray.correct and stray.understood == "公元480年"
    assert not grade(years, "480年").correct  # a part of a value is another value
    words = _single({"A": "eager", "B": "dishonest", "C": "careful"}, "B")
    wrong = grade(words, "honest")
    assert not wrong.correct and wrong.understood == "honest"


@pytest.mark.parametrize(
    ("reply", "key"),
    [("牛顿第三定律", "牛顿第二定律"), ("第一次世界大战", "第二次世界大战"), ("HTTP", "HTTPS"), ("tRNA", "mRNA")],
)
def test_a_chinese_numeral_or_an_acronym_one_letter_off_is_another_thing(reply: str, key: str) -> None:
    assert not match_blank(reply, [key]).ok


@pytest.mark.parametrize(
    ("reply", "key"),
    [("牛顿第2定律", "牛顿第二定律"), ("https", "HTTPS"), ("MRNA", "mRNA"), ("牛顿第二定侓", "牛顿第二定律")],
)
def test_the_same_numeral_in_digits_a_case_change_or_a_slip_elsewhere_is_still_right(reply: str, key: str) -> None:
    assert match_blank(reply, [key]).ok


@pytest.mark.parametrize(
    ("reply", "key"), [("effect", "affect"), ("decrease", "increase"), ("domain game system", "Domain Name System")]
)
def test_an_english_word_one_letter_off_that_is_another_word_is_no_slip(reply: str, key: str) -> None:
    assert not match_blank(reply, [key]).ok


@pytest.mark.parametrize(
    ("reply", "key"),
    [("unwiling", "unwilling"), ("domain name sistem", "Domain Name System"), ("mitochondria", "mitochondrion")],
)
def test_a_misspelling_or_another_ending_of_the_same_word_is_a_slip(reply: str, key: str) -> None:
    assert match_blank(reply, [key]).ok


def test_a_choice_by_an_english_word_that_is_another_word_names_no_option() -> None:
    words = _single({"A": "affect", "B": "infect", "C": "reflect"}, "A")
    assert grade(words, "afect").correct
    assert not grade(words, "effect").correct


@pytest.mark.parametrize("reply", ["九·一八事变", "9·18事变", "九一八事变"])
def test_numerals_parted_by_a_name_dot_are_one_number(reply: str) -> None:
    assert match_blank(reply, ["九一八事变"]).ok
