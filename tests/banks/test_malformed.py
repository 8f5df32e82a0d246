"""Malformed documents: each problem is a line-numbered error or warning, never a silent loss."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.formats import read_document
from bot.banks.importer import import_text
from bot.banks.issues import DocumentError


def imp(text: str):  # type: ignore[no-untyped-def]
    return import_text(text, source="bad.txt", bank_id="t")


def error_of(text: str) -> DocumentError:
    with pytest.raises(DocumentError) as info:
        imp(text)
    assert info.value.source == "bad.txt"
    return info.value


def test_undecodable_bytes_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_bytes("1.第一行\n2.第二行\n".encode() + b"\xff\xff\xff\n")
    with pytest.raises(DocumentError) as info:
        read_document(path)
    assert (info.value.source, info.value.line) == ("broken.txt", 3)
    assert "broken.txt:3" in str(info.value)


def test_broken_docx_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "x.docx"
    path.write_bytes(b"not a zip")
    with pytest.raises(DocumentError, match=r"x\.docx"):
        read_document(path)


def test_no_questions() -> None:
    err = error_of("只是一段说明文字。\n没有题目。\n")
    assert "no questions" in err.en


def left_out(text: str) -> list[tuple[int, str]]:
    return [(lo.line, lo.en) for lo in imp(text).left_out]


def test_question_without_key_is_left_out_and_the_rest_imported() -> None:
    result = imp("一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n2.乙？\nA.是\nB.否\n")
    assert [q.id for q in result.bank.questions] == ["single-1"]
    assert [(lo.line, lo.number, lo.en) for lo in result.left_out] == [(6, 2, "question 2 has no key; not imported")]
    assert "第 2 题没有答案，未导入" in result.left_out[0].zh
    assert (6, "question 2 has no key; not imported") in [(w.line, w.en) for w in result.warnings]
    assert [(s.title, s.found, s.left_out) for s in result.sections] == [("一、单选题", 1, 1)]


def test_a_document_with_nothing_readable_names_every_question() -> None:
    err = error_of("一、单选题\n1.甲？\nA.是\nB.否\n2.乙？\nA.是\nB.否\n答案：也许\n")
    assert [(i.line, i.en) for i in err.issues] == [
        (2, "question 1 has no key; not imported"),
        (8, "the key '也许' of question 2 is not option letters; not imported"),
    ]


def test_a_key_written_as_the_option_text() -> None:
    assert imp("一、单选题\n1.甲？\nA.是\nB.否\n答案：否\n").bank.questions[0].answer == "B"


def test_key_block_for_a_missing_question() -> None:
    result = imp("一、单选题\n1.甲？\nA.是\nB.否\n答案：\n1.A\n2.B\n")
    assert [q.answer for q in result.bank.questions] == ["A"]
    assert [(w.line, w.en) for w in result.warnings] == [
        (7, "the key block gives a key for question 2, but the section has no question 2; ignored")
    ]


def test_true_false_key_that_is_neither() -> None:
    assert left_out("四、判断题\n1.地球是圆的。\n答案：也许\n2.水是湿的。\n答案：对\n") == [
        (3, "the key '也许' of true/false question 1 is neither true nor false; not imported")
    ]


def test_choice_question_without_options() -> None:
    assert left_out("一、单选题\n1.甲？\n答案：A\n2.乙？\nA.是\nB.否\n答案：B\n") == [
        (2, "question 1 is a choice question without options; not imported")
    ]


def test_case_without_reference_answer() -> None:
    text = (
        "五、案例分析题\n案例1. 某系统很慢。\n问题：如何优化？\n"
        "案例2. 另一个系统。\n问题：怎么办？\n参考答案：加缓存。\n"
    )
    assert left_out(text) == [(2, "question 1 has no reference answer; not imported")]


def test_key_naming_a_missing_option_is_left_out_not_published() -> None:
    result = imp("一、单选题\n1.甲？\nA.是\nB.否\n答案：E\n2.乙？\nA.是\nB.否\n答案：A\n")
    assert [q.id for q in result.bank.questions] == ["single-2"]
    assert [(lo.line, lo.en) for lo in result.left_out] == [
        (5, "the key of question 1 names option E, which it does not have; not imported")
    ]


def warnings_of(text: str) -> list[tuple[int, str]]:
    return [(w.line, w.en) for w in imp(text).warnings]


def test_numbering_gap_is_a_warning() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n3.丙？\nA.是\nB.否\n答案：B\n"
    assert warnings_of(text) == [(6, "numbering jumps from 1 to 3: check that no question was lost")]


def test_numbered_points_of_an_explanation_stay_in_it() -> None:
    text = (
        "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n解析：因为\n1.是对的。\n2.否是错的。\n2.乙？\nA.是\nB.否\n答案：B\n"
    )
    result = imp(text)
    assert result.bank.questions[0].explanation == "因为\n1.是对的。\n2.否是错的。"
    assert [q.answer for q in result.bank.questions] == ["A", "B"]
    assert result.warnings == []


def test_numbering_restarting_without_a_heading_is_another_question() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n1.乙？\nA.是\nB.否\n答案：B\n"
    assert [(q.id, q.answer) for q in imp(text).bank.questions] == [("single-1", "A"), ("single-1-2", "B")]


def test_a_numbered_line_that_looks_like_a_question_but_is_read_as_text_is_said() -> None:
    one = "{n}.题{n}？\nA.是\nB.否\n答案：{k}\n"
    text = "一、单选题\n" + one.format(n=1, k="A") + one.format(n=9, k="B") + one.format(n=2, k="A")
    result = imp(text)
    assert [q.number for q in result.bank.questions] == [1, 2]
    assert (6, "this line looks like question 9 but is read as text of question 1") in [
        (w.line, w.en) for w in result.warnings
    ]


def test_option_out_of_order_and_missing() -> None:
    text = "一、单选题\n1.甲？\nA.是\nC.否\nB.也许\n答案：A\n"
    result = imp(text)
    assert result.bank.questions[0].options == {"A": "是", "C": "否B.也许"}
    assert [(w.line, w.en) for w in result.warnings] == [
        (4, "question 1 lacks option B"),
        (5, "option B of question 1 is out of order; this line is read as the previous option's continuation"),
    ]


def test_text_outside_any_question() -> None:
    text = "试卷\n一、单选题\n每题只有一个正确答案。\n1.甲？\nA.是\nB.否\n答案：A\n"
    assert warnings_of(text) == [(3, "text outside any question was ignored")]


def test_text_after_a_key_block() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：\n1.A\n见下页\n"
    assert warnings_of(text) == [(7, "text outside any question was ignored")]


def test_truncated_document() -> None:
    text = "五、案例分析题（共2题）\n案例1. 某系统很慢。\n问题：如何优化？\n参考答案：\n1. 使用量化和\n"
    assert warnings_of(text) == [
        (1, "section '五、案例分析题（共2题）' declares 2 questions but holds 1"),
        (5, "question 1 looks truncated: it ends mid-sentence"),
    ]


def test_key_given_twice() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n答案：B\n"
    result = imp(text)
    assert result.bank.questions[0].answer == "A"
    assert [(w.line, w.en) for w in result.warnings] == [(6, "question 1 has a second key; the first is kept")]


def test_damaged_web_text_is_flagged() -> None:
    text = "三、填空题\n1.评估用F1分?jǐn)?shù)和___。\n答案：准确率\n"
    assert warnings_of(text) == [
        (2, "a '?' among Chinese characters looks like text damaged on the web page; check the original")
    ]
