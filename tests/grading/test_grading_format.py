"""The text every front end shows: marks, answers, feedback, explanation; plain text in zh and en."""

from __future__ import annotations

from grading_seeds import CONCEPTS, question

from bot.banks.model import Kind, Question
from bot.grading import format_question, format_verdict, grade


def _shown(ref: str, reply: str, lang: str = "zh") -> str:
    q = question(ref)
    return format_verdict(q, grade(q, reply, CONCEPTS), lang)


def test_correct_single_shows_the_option_text_and_the_explanation() -> None:
    text = _shown("000/single-2", "a")
    lines = text.splitlines()
    assert lines[0].startswith("✅")
    assert "A. 知识蒸馏" in lines[1]
    assert lines[-1].startswith("解析：知识蒸馏是一种减少模型复杂度的技术")
    english = _shown("000/single-2", "a", "en")
    assert english.startswith("✅ Correct") and "Explanation: " in english


def test_wrong_single_says_which_was_chosen() -> None:
    text = _shown("000/single-2", "B")
    assert text.startswith("❌")
    assert "A. 知识蒸馏" in text and "你选了 B" in text


def test_partial_multiple_shows_the_score_and_every_right_option() -> None:
    text = _shown("000/multiple-3", "BD")
    assert text.startswith("🟡") and "67%" in text.splitlines()[0]
    for line in ("B. 使用梯度累积", "D. 使用残差连接", "E. 使用BatchNormalization"):
        assert line in text.splitlines()
    assert "少选了 E" in text
    assert _shown("000/multiple-3", "BD", "en").startswith("🟡 Partly correct (score 67%)")


def test_true_false_answer_in_both_languages() -> None:
    assert "正确答案：错误" in _shown("000/true_false-1", "对")
    english = _shown("000/true_false-1", "true", "en")
    assert english.startswith("❌ Wrong") and "Answer: false" in english


def test_fill_homophone_is_correct_with_a_note_showing_the_characters() -> None:
    text = _shown("000/fill-1", "水平画分")
    assert text.startswith("✅")
    assert "同音" in text and "「水平划分」" in text


def test_case_lists_points_and_gives_the_reference() -> None:
    text = _shown("004/case-1", "知识蒸馏：用大模型当教师模型训练小模型；再做模型量化")
    assert text.startswith("🟡")
    assert "参考答案：\n问题定位：" in text
    assert "已覆盖：知识蒸馏。" in text and "部分覆盖" in text and "模型量化（INT8）" in text
    assert "未覆盖：模型剪枝" in text
    english = _shown("004/case-1", "知识蒸馏：用大模型当教师模型训练小模型；再做模型量化", "en")
    assert "Covered: 知识蒸馏." in english and "Partly covered" in english and "Missed: 模型剪枝" in english


def test_a_reply_that_is_no_answer_asks_again_without_giving_the_answer_away() -> None:
    text = _shown("000/single-2", "maybe")
    assert text.startswith("❓")
    assert "知识蒸馏" not in text and "正确答案" not in text
    assert "A–D" in text


def test_formatting_is_plain_text() -> None:
    for ref, reply in [("000/single-2", "<b>A</b>"), ("000/fill-10", "有用的神经元"), ("000/case-1", "LoRA")]:
        assert "<" not in _shown(ref, reply)


def test_question_shows_prompt_options_and_a_hint_per_kind() -> None:
    single = format_question(question("000/single-2"), "zh")
    assert single.startswith("【单选题】2. 在大模型训练中")
    assert "A. 知识蒸馏\nB. 结构剪枝\nC. 参数剪枝\nD. 稀疏激活网络设计" in single
    assert single.endswith("回复一个选项字母，例如 B。")
    assert format_question(question("000/multiple-3"), "en").startswith("【Multiple choice】3.")
    assert "ABD" in format_question(question("000/multiple-3"), "zh").splitlines()[-1]
    assert "共 2 个空" in format_question(question("000/fill-two"), "zh")
    assert "2 blanks" in format_question(question("000/fill-two"), "en")
    assert "对" in format_question(question("000/true_false-1"), "zh").splitlines()[-1]
    assert "A." not in format_question(question("000/fill-1"), "zh")


def test_a_fill_verdict_names_its_key_once_and_says_right_once() -> None:
    """A wrong, near-miss or typo verdict whose feedback names the key drops the key line; a right one with
    a remark does not say "right" twice."""
    q = Question(
        id="fill-1",
        kind=Kind.fill,
        number=1,
        prompt="稻田里的水稻在___中完成光合作用。",
        answer=["叶绿体"],
        explanation="x",
    )
    for reply in ("叶绿休", "线粒体", "叶"):
        for lang in ("zh", "en"):
            text = format_verdict(q, grade(q, reply), lang)
            assert text.count("叶绿体") == 1, text
    typo = Question(id="fill-2", kind=Kind.fill, number=2, prompt="梯度在___中汇总。", answer=["AllReduce"])
    remark = format_verdict(typo, grade(typo, "AllReduc"), "zh")
    assert remark.startswith("✅") and remark.count("回答正确") == 1 and remark.count("AllReduce") == 1, remark
    plain = format_verdict(q, grade(q, "叶绿体"), "zh")
    assert "正确答案：叶绿体" in plain  # nothing in the feedback names it: the key line stays
