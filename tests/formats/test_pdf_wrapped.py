"""A paragraph of a PDF whose options run on inline and wrap onto the next line: a justified line (pypdf
gives its stretched gaps as two spaces or more) runs on below, and so does a line ending in the next
option's label (`… b) Volga c)`); either is joined to the line after it, so that every option is read whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_kit import make_pdf

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file


def imported(tmp_path: Path, lines: list[str]) -> ImportResult:
    path = tmp_path / "quiz.pdf"
    path.write_bytes(make_pdf([lines], tmp_path))
    return import_file(path, bank_id="quiz")


SPANISH = (  # options wrapped after the next one's label
    """Pregunta 1: ¿Cuál es el río más largo de Europa? a) Danubio b) Volga c)
Rin d) Sena
Pregunta 2: ¿Qué ciudad es la capital de Portugal? a) Oporto b) Lisboa c) Faro
d) Braga
Respuestas:
1. b) Volga
2. b) Lisboa""".splitlines(),
    [
        ({"A": "Danubio", "B": "Volga", "C": "Rin", "D": "Sena"}, "B"),
        ({"A": "Oporto", "B": "Lisboa", "C": "Faro", "D": "Braga"}, "B"),
    ],
)
ENGLISH = (  # a justified line running on into the options
    [
        "Question  1  :  Which  gas  do  green  plants  take  in  from  the  air?  a)  Oxygen  b)  Carbon",
        "dioxide c) Nitrogen d) Helium",
        "Question  2  :  Which  metal  stays  liquid  at  room  temperature?  a)  Iron  b)  Copper  c)",
        "Mercury d) Zinc",
        "Answers:",
        "- 1. b) Carbon dioxide",
        "- 2. c) Mercury",
    ],
    [
        ({"A": "Oxygen", "B": "Carbon dioxide", "C": "Nitrogen", "D": "Helium"}, "B"),
        ({"A": "Iron", "B": "Copper", "C": "Mercury", "D": "Zinc"}, "C"),
    ],
)


@pytest.mark.parametrize(("lines", "expected"), [SPANISH, ENGLISH], ids=["label-at-the-end", "justified"])
def test_options_run_on_and_wrapped_are_read_whole(
    tmp_path: Path, lines: list[str], expected: list[tuple[dict[str, str], str]]
) -> None:
    assert [(q.options, q.answer) for q in imported(tmp_path, lines).bank.questions] == expected


def test_titles_and_rows_of_keys_are_not_joined(tmp_path: Path) -> None:
    lines = [
        "Ticket 4 (groups A, B)",
        "1. First question?",
        "1  2  3  4  5  6",
        "B  C  ABC  D  A  B",
        "1-5  BBABC  6-8  B  ABC  ABC",
        "9-12 TFTT",
    ]
    path = tmp_path / "rows.pdf"
    path.write_bytes(make_pdf([lines], tmp_path))
    assert extract(path).text.split("\n") == lines


# A Chinese or Japanese paragraph broken at the right margin: its first line runs full to the margin (44
# full-width characters at 11 points fill the 170 mm measure of the test pages), the rest on the next line.
WRAPPED = {
    "zh": (
        "物质世界的运动变化是有规律的人们能认识规律利用规律改造世界但不能创造规律也不能消灭规律本",
        "质的内容",
    ),
    "ja": (
        "地球の表面のおよそ七割は海で覆われその平均的な深さは約三千八百メートルだと言われている海",
        "洋の広さ",
    ),
}


@pytest.mark.parametrize("language", ["zh", "ja"])
def test_a_line_full_to_the_right_margin_runs_on_below(tmp_path: Path, language: str) -> None:
    full, rest = WRAPPED[language]
    assert len(full) == 44
    lines = ["1. 选出正确的一项（ ）", full, rest, "短い一行", "下一行", full, "B. 选项"]
    path = tmp_path / "wrapped.pdf"
    path.write_bytes(make_pdf([lines], tmp_path))
    assert extract(path).text.split("\n") == [
        "1. 选出正确的一项（ ）",
        full + rest,
        "短い一行",
        "下一行",
        full,
        "B. 选项",
    ]
