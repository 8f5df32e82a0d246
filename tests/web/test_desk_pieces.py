"""The desk's pure parts: a question read from its form, an upload's numbered lines and each question's
source span."""

from __future__ import annotations

import pytest

from bot.banks.edit import EditError, QuestionForm, edited_question, form_of
from bot.banks.formats import Extracted
from bot.banks.importer import import_text
from bot.banks.model import Kind, Question
from bot.banks.review import numbered_lines, review_of, source_spans
from bot.banks.sheets.table import Row, Table


def make(form: QuestionForm, base: Question | None = None) -> Question:
    return edited_question(form, qid="q-1", number=1, base=base)


def test_each_kind_from_its_form() -> None:
    single = make(QuestionForm("single", "首都？", "A. 北京\nB. 上海", "a"))
    assert (single.options, single.answer) == ({"A": "北京", "B": "上海"}, "A")
    multiple = make(QuestionForm("multiple", "哪些？", "甲\n乙\n丙", "A、C"))  # lines without letters get the next
    assert (multiple.options, multiple.answer) == ({"A": "甲", "B": "乙", "C": "丙"}, "AC")
    assert make(QuestionForm("true_false", "对吗？", key="错")).answer is False
    fill = make(QuestionForm("fill", "____ 和 ____", key="甲 或 A；乙"))
    assert fill.answer == [["甲", "A"], ["乙"]]
    case = make(QuestionForm("case", "分析。", key="参考答案……", explanation=" 要点 "))
    assert (case.answer, case.explanation) == ("参考答案……", "要点")


def test_a_form_keeps_what_it_does_not_show_and_reads_back_as_itself() -> None:
    base = Question(
        id="q-1", kind=Kind.fill, number=1, prompt="____", answer=["甲", "乙"], section="一", line=7, tags=["t"]
    )
    again = make(form_of(base), base)
    assert again == base


@pytest.mark.parametrize(
    ("form", "field", "said"),
    [
        (QuestionForm("essay", "x", key="A"), "kind", "没有题型"),
        (QuestionForm("single", " ", "A. 1\nB. 2", "A"), "stem", "题干不能为空"),
        (QuestionForm("single", "x", "A. 1", "A"), "options", "至少要有两个选项"),
        (QuestionForm("single", "x", "A. 1\nB. 2", "C"), "key", "没有选项 C"),
        (QuestionForm("single", "x", "A. 1\nB. 2", "AB"), "key", "只能是一个字母"),
        (QuestionForm("true_false", "x", key="也许"), "key", "对 或 错"),
        (QuestionForm("single", "x", "A.\nB. 2", "B"), "options", "选项 A 没有内容"),
        (QuestionForm("fill", "x", key=""), "key", "请给出新答案"),
    ],
)
def test_a_form_that_makes_no_question_says_which_field_and_why(form: QuestionForm, field: str, said: str) -> None:
    with pytest.raises(EditError) as caught:
        make(form)
    assert caught.value.field == field and said in caught.value.zh and caught.value.en


def test_numbered_lines_hold_the_text_and_the_rows_of_tables() -> None:
    doc = Extracted(
        text="标题\n\n1. 题\n",
        tables=[Table([Row(2, ["题干", "答案"]), Row(5, ["水是？", "H2O"]), Row(6, ["", ""])])],
    )
    assert numbered_lines(doc) == {1: "标题", 2: "题干 | 答案", 3: "1. 题", 5: "水是？ | H2O"}


def test_each_question_stands_beside_its_own_lines() -> None:
    text = "测验\n一、单选题\n1. 甲？\nA. 1  B. 2\n答案：A\n2. 乙？\nA. 1  B. 2\n二、判断题\n3. 丙。\n答案：对\n"
    result = import_text(text, source="t.txt", bank_id="t")
    result.lines = {n: line for n, line in enumerate(text.split("\n"), start=1) if line}
    review = review_of(result)
    spans = source_spans(result.bank, review)
    assert [n for n, _ in spans["single-1"]] == [3, 4, 5]
    assert [p.first_line for p in review.left_out] == [6]  # question 2 has no key
    assert [n for n, _ in spans["tf-3"]] == [9, 10]
    assert review.lines_between(6, 7) == [(6, "2. 乙？"), (7, "A. 1  B. 2")]


@pytest.mark.parametrize(
    ("url", "said"),
    [("desk.example.com", "https://"), ("https://bot.example.com/desk", "host of its own")],
)
def test_the_desks_address_is_checked(monkeypatch: pytest.MonkeyPatch, url: str, said: str) -> None:
    from pydantic import ValidationError

    from bot.config import Settings

    monkeypatch.setenv("STUDYBOT_WEB_PORT", "8780")
    monkeypatch.setenv("STUDYBOT_WEB_URL", url)
    with pytest.raises(ValidationError, match=said):
        Settings(_env_file=None)  # type: ignore[call-arg]


def test_the_desk_is_off_unless_a_port_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.config import Settings

    monkeypatch.delenv("STUDYBOT_WEB_PORT", raising=False)
    monkeypatch.setenv("STUDYBOT_WEB_URL", "https://desk.example.com/")
    assert Settings(_env_file=None).desk_url is None  # type: ignore[call-arg]
    monkeypatch.setenv("STUDYBOT_WEB_PORT", "8780")
    assert Settings(_env_file=None).desk_url == "https://desk.example.com"  # type: ignore[call-arg]
    monkeypatch.delenv("STUDYBOT_WEB_URL")
    assert Settings(_env_file=None).desk_url == "http://127.0.0.1:8780"  # type: ignore[call-arg]
