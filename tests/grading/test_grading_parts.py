"""The pieces grading is built from: alternatives in keys, opposites, typo allowance, concepts, key points."""

from __future__ import annotations

import pytest
from grading_seeds import BANK_000, BANK_004, CASE_000, CONCEPTS, question

from bot.banks.model import Kind, Question
from bot.grading import ConceptIndex, grade
from bot.grading.answers import expand
from bot.grading.case import key_points
from bot.grading.fill import Match, match_blank, split_blanks
from bot.grading.meaning import flips_meaning
from bot.lexicon.normalize import allowed_typos, normalize


@pytest.mark.parametrize(
    ("key", "accepted"),
    [
        ("无用的神经元或连接", {"无用的神经元", "无用的连接"}),
        ("模型剪枝或量化", {"模型剪枝", "模型量化"}),
        ("INT8/FP16", {"INT8", "FP16"}),
        ("数据并行；模型并行", {"数据并行", "模型并行"}),
        ("参数高效微调（LoRA/QLoRA）", {"参数高效微调", "LoRA", "QLoRA"}),
    ],
)
def test_alternatives_written_inside_a_key(key: str, accepted: set[str]) -> None:
    assert accepted <= set(expand(key))


def test_a_key_without_alternatives_is_only_itself() -> None:
    assert expand("水平划分") == ["水平划分"]


@pytest.mark.parametrize(
    ("reply", "answer", "flipped"),
    [
        ("有用的神经元", "无用的神经元", True),
        ("上游任务", "下游任务", True),
        ("高精度推理", "低精度推理", True),
        ("非对称量化", "对称量化", True),
        ("垂直划分", "水平划分", True),
        ("减少通信次数", "增加通信次数", True),
        ("正样本", "负样本", True),
        ("模型变小", "模型变大", True),
        ("平衡", "不平衡", True),
        ("异步更新", "同步更新", True),
        ("水平画分", "水平划分", False),
        ("模型并行", "数据并行", False),
        ("无用的连接", "无用的神经元", False),
    ],
)
def test_negations_and_opposites(reply: str, answer: str, flipped: bool) -> None:
    assert flips_meaning(reply, answer) is flipped


def test_typo_allowance_grows_with_length_and_is_none_for_short_answers() -> None:
    assert [allowed_typos(n) for n in range(1, 13)] == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]


def test_no_typo_is_accepted_in_a_two_character_answer() -> None:
    assert match_blank("剪支", ["剪技"]).match is not Match.typo
    assert not match_blank("精度", ["进度"]).ok or match_blank("精度", ["进度"]).match is Match.homophone


def test_normalisation_folds_width_case_script_spaces_and_punctuation() -> None:
    assert normalize(" ＬｏＲＡ／ＱＬｏＲＡ。") == "loraqlora"
    assert normalize("無用的 神經元，") == "无用的神经元"
    assert normalize("Ring All-reduce") == "ringallreduce"
    assert normalize("C++") == "c++"


def test_concepts_come_from_fill_answers_and_option_texts() -> None:
    concepts = ConceptIndex.from_banks([BANK_000, BANK_004])
    for name in ("数据并行", "模型并行", "无用的连接", "知识蒸馏", "tensorflow", "lora"):
        assert normalize(name) in concepts
    assert "水平划分" in concepts and len(concepts) > 50


def test_without_concepts_a_look_alike_is_only_wrong_and_with_them_it_is_named() -> None:
    fill = question("004/fill-6")
    plain = grade(fill, "模型并行")
    # Half the characters differ: not a near miss, and without the banks' concepts nothing more is known.
    assert plain.outcome == "wrong" and "很接近" not in plain.feedback_zh and "数据并行" in plain.feedback_zh
    named = grade(fill, "模型并行", CONCEPTS)
    assert named.outcome == "wrong" and "「模型并行」是另一个概念" in named.feedback_zh


def test_a_typo_nearer_another_concept_is_that_concept() -> None:
    # 稀疏激活网络设计 (000 single 2, option D) allows two edits; 稀疏激活网络 (004 single 11, option C) is two away.
    fill = Question(id="f", kind=Kind.fill, number=1, prompt="___", answer=["稀疏激活网络设计"])
    concepts = ConceptIndex(["稀疏激活网络", "稀疏激活网络设计"])
    assert grade(fill, "稀疏激活网络设汁").outcome == "correct"  # no concepts: just a typo
    assert grade(fill, "稀疏激活网络", concepts).outcome == "wrong"
    assert "另一个概念" in grade(fill, "稀疏激活网络", concepts).feedback_zh
    assert grade(fill, "稀疏激活网洛设计", concepts).outcome == "correct"


def test_alternates_added_by_the_author_are_accepted() -> None:
    fill = Question(id="f", kind=Kind.fill, number=7, prompt="___", answer=["云计算"], alternates=["云端计算"])
    assert grade(fill, "云端计算", CONCEPTS).correct
    assert not grade(fill, "边缘计算", CONCEPTS).correct


def test_blank_answers_split_on_every_separator_and_lose_their_numbers() -> None:
    assert split_blanks("1.高精度 2.低精度") == ["高精度", "低精度"]
    assert split_blanks("高精度，低精度；int8、fp16\n(5) x") == ["高精度", "低精度", "int8", "fp16", "x"]


def test_key_points_are_the_numbered_headings_with_named_techniques() -> None:
    points = key_points(CASE_000, CONCEPTS)
    assert [p.label for p in points] == [
        "分布式训练框架设计",
        "参数高效微调（LoRA/QLoRA）技术应用",
        "推荐系统的公平性和偏见避免",
        "持续预训练策略",
    ]
    assert {"分布式训练框架", "pytorch", "tensorflow", "ringallreduce", "数据并行", "模型并行"} <= set(points[0].terms)
    assert {"参数高效微调", "lora", "qlora"} <= set(points[1].terms)
    assert set(points[2].terms) == {"公平", "偏见"}


def test_key_points_of_a_reference_written_on_one_line() -> None:
    points = key_points("1.模型量化：使用INT8量化。2.知识蒸馏：用教师模型指导小模型。")
    assert [p.label for p in points] == ["模型量化", "知识蒸馏"]


def test_key_points_fall_back_to_bullets_and_sentences() -> None:
    bullets = key_points("- 使用数据并行提高吞吐\n- 使用梯度累积节省显存")
    assert len(bullets) == 2
    case = Question(
        id="c", kind=Kind.case, number=1, prompt="?", answer="- 使用数据并行提高吞吐\n- 使用梯度累积节省显存"
    )
    verdict = grade(case, "我会使用梯度累积来节省显存")
    assert verdict.outcome == "partial" and verdict.score == 0.5 and verdict.missed == ["使用数据并行提高吞吐"]
    sentences = key_points("先做模型量化。再做知识蒸馏。")
    assert len(sentences) == 2


def test_case_covered_partly_covered_and_missed_are_in_the_verdict() -> None:
    verdict = grade(question("004/case-2"), "异常检测，拦截异常请求；特征工程", CONCEPTS)
    assert verdict.covered == ["异常检测"] and verdict.partly == ["特征工程自动化"] and verdict.missed == ["模型并行"]
    assert verdict.score == pytest.approx(0.5)
    assert verdict.expected.startswith("问题定位：")


def test_an_option_text_that_starts_like_a_prefix_is_still_read() -> None:
    single = Question(
        id="s",
        kind=Kind.single,
        number=1,
        prompt="?",
        options={"A": "选择合适的学习率", "B": "答疑机器人", "C": "模型并行"},
        answer="A",
    )
    assert grade(single, "选择合适的学习率").understood == "A"
    assert grade(single, "答疑机器人").understood == "B"
    assert grade(single, "选C").understood == "C"


def test_a_part_of_one_option_names_it_unless_it_names_nothing() -> None:
    choice = Question(
        id="s",
        kind=Kind.single,
        number=1,
        prompt="洋务运动中，下列哪项属于军事工业？",
        options={"A": "使用ReLU", "B": "创办民用工业", "C": "正则化方法", "D": "筹建新式海军"},
        answer="D",
    )
    assert grade(choice, "海军").correct  # a third of 筹建新式海军
    assert grade(choice, "民用").understood == "B"
    for nothing in ("使用", "方法", "工业化", "新"):  # neutral words, a part of no option, one character
        assert not grade(choice, nothing).answered, nothing
    assert not grade(choice, "非新式海军").correct
