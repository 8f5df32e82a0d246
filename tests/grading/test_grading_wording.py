"""The lists of words around an answer, the other names of a concept, and honest feedback."""

from __future__ import annotations

import pytest
from grading_seeds import BANK_000, CONCEPTS, question
from hypothesis import given
from hypothesis import strategies as st

from bot.banks.model import Bank, Kind, Question
from bot.banks.name_pairs import bank_pairs
from bot.grading import ConceptIndex, grade
from bot.grading.case import key_points, negated, words_of
from bot.grading.fill import Match, match_blank
from bot.grading.wording import (
    FILLER_CHARS,
    GIVE_UP,
    HEDGE_PREFIXES,
    HEDGE_SUFFIXES,
    NEUTRAL_PREFIXES,
    NEUTRAL_SUFFIXES,
    NOT_NEUTRAL,
    core,
    gives_up,
    is_filler,
    strip_hedges,
)
from bot.lexicon.names import SYNONYMS, mine_pairs

FILL_KEYS = ["水平划分", "知识蒸馏", "梯度裁剪", "差分隐私", "模型量化"]


@pytest.mark.parametrize("hedge", HEDGE_PREFIXES)
def test_every_hedge_before_an_answer_is_taken_off(hedge: str) -> None:
    assert strip_hedges(f"{hedge}水平划分") == "水平划分"
    assert strip_hedges(f"{hedge} 是 水平划分") == "水平划分"


@pytest.mark.parametrize("hedge", HEDGE_SUFFIXES)
def test_every_hedge_after_an_answer_is_taken_off(hedge: str) -> None:
    assert strip_hedges(f"水平划分{hedge}") == "水平划分"
    assert strip_hedges(f"水平划分 {hedge}？") == "水平划分"


def test_hedges_leave_the_answer_itself() -> None:
    assert strip_hedges("我觉得应该是模型量化了吧？") == "模型量化"
    assert strip_hedges("不对吧") == "不对"  # not 不 + 对吧
    assert strip_hedges("对吧") == "对"
    assert strip_hedges("maybe") == "maybe"  # nothing else left: the reply stays what it is
    assert strip_hedges("我觉得是") == "是"


@pytest.mark.parametrize("words", GIVE_UP)
def test_every_way_of_giving_up_is_an_answer_that_earns_nothing(words: str) -> None:
    assert gives_up(words) and gives_up(f"我{words}啊") and gives_up(words.upper() + "。")
    for ref in ("000/single-2", "000/true_false-1", "004/fill-6", "000/case-1"):
        verdict = grade(question(ref), words, CONCEPTS)
        assert verdict.outcome == "wrong" and verdict.score == 0.0 and verdict.answered, verdict


def test_giving_up_is_told_apart_from_answers_that_hold_its_words() -> None:
    assert gives_up("不会") and not gives_up("不会发光")  # `不会` alone gives up (the project's rule)
    assert not gives_up("知道") and not gives_up("我不知道是数据并行还是模型并行")
    assert grade(question("004/fill-6"), "不知道数据并行", CONCEPTS).answered


@pytest.mark.parametrize("sound", sorted(FILLER_CHARS))
def test_a_sound_of_thinking_alone_is_no_answer(sound: str) -> None:
    assert is_filler(sound) and is_filler(sound * 3)
    for ref in ("000/single-2", "004/fill-6", "000/case-1"):
        assert not grade(question(ref), f"{sound}…", CONCEPTS).answered


def test_sounds_of_thinking_around_an_answer_leave_the_answer() -> None:
    assert is_filler("emmm") and is_filler("hmm") and not is_filler("嗯对") and not is_filler("")
    assert grade(question("004/fill-6"), "嗯，数据并行", CONCEPTS).correct


def test_a_question_asked_back_asserts_what_it_asks() -> None:
    assert strip_hedges("不是对抗训练吗") == "对抗训练"
    assert strip_hedges("难道不就是知识蒸馏吗？") == "知识蒸馏"
    assert strip_hedges("不是对抗训练") == "不是对抗训练"  # a plain negation stays one
    assert grade(question("004/fill-6"), "不是数据并行吗？", CONCEPTS).correct
    assert not grade(question("004/fill-6"), "不是数据并行", CONCEPTS).correct


@pytest.mark.parametrize("suffix", NEUTRAL_SUFFIXES)
def test_every_neutral_suffix_names_the_same_concept(suffix: str) -> None:
    assert core(f"梯度裁剪{suffix}") == "梯度裁剪"
    assert match_blank(f"梯度裁剪{suffix}", ["梯度裁剪"], CONCEPTS).ok


@pytest.mark.parametrize("prefix", NEUTRAL_PREFIXES)
def test_every_neutral_prefix_names_the_same_concept(prefix: str) -> None:
    assert core(f"{prefix}梯度裁剪") == "梯度裁剪"
    assert match_blank(f"{prefix}梯度裁剪", ["梯度裁剪"], CONCEPTS).ok


@pytest.mark.parametrize("word", NOT_NEUTRAL)
def test_compounds_that_make_another_concept_keep_their_affix(word: str) -> None:
    assert core(word) == word


def test_a_neutral_affix_never_leaves_a_single_character() -> None:
    assert core("值") == "值" and core("数值") == "数值" and core("方法") == "方法"


@given(st.sampled_from(FILL_KEYS), st.sampled_from(HEDGE_PREFIXES), st.sampled_from(HEDGE_SUFFIXES))
def test_a_right_answer_wrapped_in_hedges_is_right_and_never_called_close(key: str, before: str, after: str) -> None:
    fill = Question(id="f", kind=Kind.fill, number=1, prompt="___", answer=[key])
    verdict = grade(fill, f"{before}{key}{after}", CONCEPTS)
    assert verdict.correct, verdict
    assert "很接近" not in verdict.feedback_zh and "close" not in verdict.feedback_en


@given(st.sampled_from(HEDGE_PREFIXES), st.sampled_from(HEDGE_SUFFIXES))
def test_a_hedge_around_another_concept_is_rejected_and_names_it(before: str, after: str) -> None:
    verdict = grade(question("004/fill-6"), f"{before}模型并行{after}", CONCEPTS)
    assert verdict.outcome == "wrong", verdict
    assert "「模型并行」是另一个概念" in verdict.feedback_zh


@pytest.mark.parametrize(
    ("reply", "match", "reason_zh"),
    [
        ("上游任务", Match.opposite, "「上游」与「下游」相反"),
        ("非下游任务", Match.opposite, "多了否定词「非」"),
        ("下游", Match.incomplete, "少了「任务」"),
        ("下游任务分配", Match.extra, "多了「分配」"),
        ("持续训练预策略", Match.close, "有 2 处不同，超出笔误的范围"),
    ],
)
def test_a_near_miss_says_why_it_is_rejected(reply: str, match: Match, reason_zh: str) -> None:
    key = "持续预训练策略" if match is Match.close else "下游任务"
    result = match_blank(reply, [key], CONCEPTS)
    assert result.match is match
    fill = Question(id="f", kind=Kind.fill, number=1, prompt="___", answer=[key])
    feedback = grade(fill, reply, CONCEPTS).feedback_zh
    assert feedback.startswith("很接近，但") and reason_zh in feedback


def test_a_far_miss_is_not_called_close() -> None:
    fill = Question(id="f", kind=Kind.fill, number=1, prompt="___", answer=["下游任务"])
    verdict = grade(fill, "梯度消失", CONCEPTS)
    assert "很接近" not in verdict.feedback_zh and "下游任务" in verdict.feedback_zh


def test_pairs_are_mined_both_ways_and_codes_are_not_names() -> None:
    pairs = mine_pairs(
        [
            "通过知识蒸馏（Knowledge Distillation，KD）压缩模型。",
            "我们用 Low-Rank Adaptation（低秩适配）微调。",
            "模型量化（INT8/FP16）与数据并行（A）都不是名字。",
            "在检索增强生成(RAG)中",
        ]
    )
    assert set(pairs) == {
        ("知识蒸馏", "Knowledge Distillation"),
        ("知识蒸馏", "KD"),
        ("检索增强生成", "RAG"),
        ("低秩适配", "Low-Rank Adaptation"),
    }


def test_a_known_concept_bounds_the_chinese_name() -> None:
    assert mine_pairs(["常用的参数高效微调（PEFT）"], known=["参数高效微调"]) == [("参数高效微调", "PEFT")]


def test_bank_pairs_come_from_prompts_options_explanations_and_answers() -> None:
    assert ("神经架构搜索", "NAS") in bank_pairs(BANK_000)  # a prompt
    assert ("知识蒸馏", "KD") in bank_pairs(BANK_000)  # an explanation
    assert ("参数高效微调", "LoRA") in bank_pairs(BANK_000)  # an option


def test_names_of_one_bracket_are_not_each_other() -> None:
    concepts = ConceptIndex.from_banks([BANK_000])
    assert "lora" in concepts.aliases.of("参数高效微调")
    assert "qlora" not in concepts.aliases.of("lora")


def test_every_synonym_line_has_at_least_two_names() -> None:
    for line in SYNONYMS.strip().splitlines():
        assert len([n for n in line.split("|") if n.strip()]) >= 2, line


def test_english_names_are_accepted_without_any_bank() -> None:
    fill = Question(id="f", kind=Kind.fill, number=1, prompt="___", answer=["知识蒸馏"])
    assert grade(fill, "Knowledge distillation").correct
    assert not grade(fill, "model pruning").correct


def test_content_words_leave_out_the_words_every_answer_uses() -> None:
    words = words_of("使用剪枝工具识别模型中不重要的连接或神经元")
    assert words == ["剪枝", "识别", "识别模型", "模型", "连接", "神经元"]
    assert "使用" not in words_of("使用小批量的数据") and "小批量" in words_of("使用小批量的数据")


@pytest.mark.parametrize(
    ("clause", "rules_out"),
    [
        ("不需要数据并行", True),
        ("LoRA就不用了", True),
        ("公平性没必要考虑", True),
        ("no need for pruning", True),
        ("使用剪枝工具识别不重要的连接", False),
        ("移除无用的神经元", False),
        ("用数据并行", False),
    ],
)
def test_clauses_that_rule_something_out(clause: str, rules_out: bool) -> None:
    assert negated(clause) is rules_out


def _case(prompt: str, reference: str) -> Question:
    return Question(id="case-1", kind=Kind.case, number=1, prompt=prompt, answer=reference)


def test_a_point_named_in_the_question_is_earned_only_by_what_the_reference_adds() -> None:
    case = _case(
        "模型太大，如何用知识蒸馏压缩模型？",
        "1.知识蒸馏：\n- 用大模型作为教师模型，训练一个小模型。\n- 用软标签传递知识。\n"
        "2.模型剪枝：\n- 移除不重要的连接。",
    )
    points = key_points(str(case.answer), prompt=case.prompt)
    assert [p.label for p in points] == ["知识蒸馏", "模型剪枝"]
    assert not points[0].names and points[1].names  # 知识蒸馏 stands in the question
    assert grade(case, "用知识蒸馏").score == 0.0
    assert grade(case, "知识蒸馏：拿教师模型带小模型，用软标签").score == 0.5  # two details: the whole point
    assert grade(case, "模型剪枝").score == 0.25  # the name alone: half the point
    assert grade(case, "模型剪枝，移除不重要的连接").score == 0.5


def test_a_reference_with_only_sentences_is_scored_by_its_sentences() -> None:
    case = _case("怎么办？", "先做模型量化。再做知识蒸馏。")
    assert grade(case, "先做模型量化", CONCEPTS).score == 0.5
    assert grade(case, "不需要模型量化，也不用知识蒸馏", CONCEPTS).score == 0.0


def test_a_bank_of_another_subject() -> None:
    """Nothing here is about models: the rules hold for any subject's case answers."""
    case = _case(
        "某企业员工流失率高，问题：分析原因并提出对策。",
        "（1）薪酬制度：\n- 调整薪酬结构，引入绩效奖金。\n"
        "（2）职业发展：\n- 建立晋升通道，提供培训机会。\n"
        "（3）企业文化：\n- 加强团队建设，改善沟通氛围。",
    )
    bank = Bank(id="hr", title="hr", source="hr.txt", questions=[case])
    concepts = ConceptIndex.from_banks([bank])
    assert grade(case, case.prompt, concepts).score == 0.0
    assert grade(case, str(case.answer), concepts).score == 1.0
    own_words = grade(case, "调整薪酬，发绩效奖金；给员工晋升通道和培训机会；搞团队建设，改善沟通。", concepts)
    assert own_words.score == 1.0, own_words
    one_measure_each = grade(case, "发绩效奖金；给员工培训机会；搞团队建设。", concepts)
    assert one_measure_each.score == 0.5 and len(one_measure_each.partly) == 3
    titles = grade(case, "薪酬制度、职业发展、企业文化", concepts)
    assert titles.score == 0.5 and titles.partly == ["薪酬制度", "职业发展", "企业文化"]
    assert grade(case, "不需要调整薪酬，也不用管晋升通道", concepts).score == 0.0
