"""Word exams whose answer section keys fill-ins of several blanks by one mark (`，`) throughout: that mark
splits every such key, also one whose part holds another mark (`3 + 4 / 2`) or commas inside brackets
(`（1，2），（3）`); a key that the document's mark does not split into its blanks is left out, not graded
against a neighbour's answer. Every document is written by the test with python-docx."""

from __future__ import annotations

from pathlib import Path

import docx

from bot.banks.importer import ImportResult, import_file


def exam(path: Path, questions: list[str], answers: list[str]) -> ImportResult:
    document = docx.Document()
    document.add_paragraph("二、填空题")
    for n, stem in enumerate(questions, start=1):
        document.add_paragraph(f"{n}．{stem}")
    document.add_paragraph("参考答案")
    document.add_paragraph("二、填空题")
    for n, answer in enumerate(answers, start=1):
        document.add_paragraph(f"{n}．{answer}")
    document.save(path)
    return import_file(path, bank_id=path.stem)


QUESTIONS = [
    "水的化学式为 ______ ，食盐的化学式为 ______ 。",
    "一年有 ______ 个月，一周有 ______ 天，一天有 ______ 小时。",
    "表达式 8 / 2 的值为 ______ ，把中缀式 3+4/2 写成后缀式为 ______ 。",
    "把 1、2、3 按奇偶分成两组，奇数组为 ______ ，偶数组为 ______ 。",
]


def test_the_documents_mark_splits_every_key_of_several_blanks(tmp_path: Path) -> None:
    answers = ["H2O，NaCl", "12，7，24", "4，3 4 2 / +", "（1，3），（2）"]
    result = exam(tmp_path / "fills.docx", QUESTIONS, answers)
    got = {q.number: q.answer for q in result.bank.questions}
    assert got[1] == [["H2O"], ["NaCl"]]
    assert got[3] == [["4"], ["3 4 2 / +"]]  # the slash is the expression's, not an alternative
    assert got[4] == [["（1，3）"], ["（2）"]]  # the comma inside brackets splits no blank


def test_a_key_short_of_its_blanks_is_left_out_where_the_others_split(tmp_path: Path) -> None:
    answers = ["H2O，NaCl", "12，7，24", "4", "（1，3），（2）"]
    result = exam(tmp_path / "short.docx", QUESTIONS, answers)
    assert sorted(q.number for q in result.bank.questions) == [1, 2, 4]
    assert [o.number for o in result.left_out] == [3]
    assert "split" in result.left_out[0].en
