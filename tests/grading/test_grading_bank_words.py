"""Right answers read through what the bank itself writes: a word the prompt says of the blank after the
key, the key in pinyin, and other names an explanation gives (a bracket, a name before a formula)."""

from __future__ import annotations

from bot.banks.model import Bank, Kind, Question
from bot.grading import ConceptIndex, grade
from bot.lexicon.names import explanation_pairs


def _fill(prompt: str, key: str, explanation: str | None = None) -> Question:
    return Question(id="f", kind=Kind.fill, number=1, prompt=prompt, answer=[key], explanation=explanation)


def test_the_key_and_a_word_the_prompt_uses_of_it() -> None:
    question = _fill("细胞进行有氧呼吸的主要场所是___，这一结构被称为“动力车间”。", "线粒体")
    assert grade(question, "线粒体结构").correct
    assert not grade(question, "线粒体基质").correct  # a word the prompt does not say: another thing
    english = _fill("The organelle that makes most ATP is called the ___.", "mitochondrion")
    assert grade(english, "the mitochondrion organelle").correct
    assert not grade(english, "mitochondrion membrane").correct


def test_a_chinese_key_typed_in_pinyin_is_its_sound() -> None:
    question = _fill("我国面积最大的淡水湖是___。", "鄱阳湖")
    assert grade(question, "poyanghu").correct
    assert grade(question, "Poyang Hu").correct
    assert not grade(question, "dongtinghu").correct


def test_an_explanation_names_a_formula_and_another_name_in_brackets() -> None:
    pairs = explanation_pairs(["熟石灰是氢氧化钙 Ca(OH)2，生石灰是氧化钙 CaO。", "细胞核（控制中心）储存遗传信息。"])
    assert ("氢氧化钙", "Ca(OH)2") in pairs and ("氧化钙", "CaO") in pairs
    assert ("细胞核", "控制中心") in pairs
    assert explanation_pairs(["常见的酸（如盐酸）", "加入NaOH溶液"]) == []


def test_the_name_an_explanation_gives_a_formula_key_is_accepted_and_its_neighbour_is_not() -> None:
    question = _fill("熟石灰的化学式是___。", "Ca(OH)2", "熟石灰是氢氧化钙 Ca(OH)2，生石灰是氧化钙 CaO。")
    bank = Bank(id="b", title="t", source="test", questions=[question])
    concepts = ConceptIndex.from_banks([bank])
    assert grade(question, "氢氧化钙", concepts).correct
    assert not grade(question, "氧化钙", concepts).correct
    assert not grade(question, "CaO", concepts).correct
