"""Property: exporting a bank (as a worksheet, or as a question sheet) and importing the export gives the
same bank back.

Generated banks are in the importer's canonical form (what it can produce from a document):
sentences end with punctuation, a one-blank fill answer is a flat list, and so on. Provenance
(`source`, line numbers) is not part of a worksheet, so it is left out of the comparison.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bot.banks.export import export_text
from bot.banks.importer import import_file, import_text, question_id
from bot.banks.model import Bank, Kind, Question, Section
from bot.banks.sheets.template import write_xlsx

# No characters of markers (答案, 解析, 问题, 第…题, 标签 …) so generated text never reads as one.
WORD = st.text(
    alphabet="数据模型训练并行量化蒸馏剪枝学习推理网络参数梯度优化部署评估指标云边端", min_size=1, max_size=8
)
SENTENCE = st.builds(
    lambda ws, end: "，".join(ws) + end, st.lists(WORD, min_size=1, max_size=3), st.sampled_from("。！")
)
PARAGRAPHS = st.lists(SENTENCE, min_size=1, max_size=3).map("\n".join)
SECTION_WORDS = {
    Kind.single: "单选题",
    Kind.multiple: "多选题",
    Kind.fill: "填空题",
    Kind.true_false: "判断题",
    Kind.case: "案例分析题",
}
LETTERS = "ABCDEF"


@st.composite
def case_answer(draw: st.DrawFn) -> str:
    lines = []
    for i in range(draw(st.integers(1, 5))):
        shape = draw(st.sampled_from(["point", "bullet", "plain"]))
        text = draw(SENTENCE)
        lines.append(f"{i + 1}. {text}" if shape == "point" else f"- {text}" if shape == "bullet" else text)
    return "\n".join(lines)


@st.composite
def question(draw: st.DrawFn, kind: Kind, number: int, section: str, taken: set[str]) -> Question:
    options: dict[str, str] = {}
    explanation = draw(st.none() | PARAGRAPHS)
    if kind in (Kind.single, Kind.multiple):
        prompt = draw(WORD) + "？"
        count = draw(st.integers(2, len(LETTERS)))
        options = {letter: draw(WORD) for letter in LETTERS[:count]}
        if kind is Kind.single:
            answer: object = draw(st.sampled_from(LETTERS[:count]))
        else:
            answer = "".join(sorted(draw(st.sets(st.sampled_from(LETTERS[:count]), min_size=1))))
    elif kind is Kind.true_false:
        prompt, answer = draw(SENTENCE), draw(st.booleans())
    elif kind is Kind.fill:
        blanks = draw(st.integers(1, 3))
        prompt = "".join(draw(WORD) + "___" for _ in range(blanks)) + "。"
        if blanks == 1:
            answer = draw(st.lists(WORD, min_size=1, max_size=3, unique=True))
        else:
            answer = [draw(st.lists(WORD, min_size=1, max_size=2, unique=True)) for _ in range(blanks)]
    else:
        prompt = draw(PARAGRAPHS)
        if draw(st.booleans()):
            prompt += "\n问题：" + draw(WORD) + "？"
        answer = draw(case_answer())
        explanation = draw(st.none() | SENTENCE)
    return Question(
        id=question_id(kind, number, taken),
        kind=kind,
        number=number,
        prompt=prompt,
        options=options,
        answer=answer,
        explanation=explanation,
        section=section,
        alternates=draw(st.lists(WORD, max_size=2)),
        tags=draw(st.lists(WORD, max_size=2)),
    )


@st.composite
def banks(draw: st.DrawFn) -> Bank:
    taken: set[str] = set()
    kinds = draw(st.lists(st.sampled_from(list(SECTION_WORDS)), min_size=1, max_size=5))
    questions: list[Question] = []
    sections: list[Section] = []
    for i, kind in enumerate(kinds):
        count = draw(st.integers(1, 3))
        declared = draw(st.none() | st.just(count) | st.integers(1, 9))
        title = f"{'一二三四五六七八九十'[i]}、{SECTION_WORDS[kind]}" + (f"（共{declared}题）" if declared else "")
        start = draw(st.integers(1, 30))
        questions.extend(draw(question(kind, start + n, title, taken)) for n in range(count))
        sections.append(Section(title=title, kind=kind, declared=declared, found=count))
    return Bank(
        id="generated", title="练习" + draw(WORD), source="generated.txt", questions=questions, sections=sections
    )


def content(bank: Bank) -> dict[str, object]:
    return bank.model_dump(
        exclude={"source": True, "questions": {"__all__": {"line"}}, "sections": {"__all__": {"line"}}}
    )


@given(banks())
def test_export_then_import_is_identity(bank: Bank) -> None:
    again = import_text(export_text(bank), source="export.txt", bank_id=bank.id).bank
    assert content(again) == content(bank)


@given(banks())
def test_sheet_export_then_import_is_identity(bank: Bank) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "export.xlsx"
        write_xlsx(bank, path)
        again = import_file(path, bank_id=bank.id).bank
    assert content(again) == content(bank)
