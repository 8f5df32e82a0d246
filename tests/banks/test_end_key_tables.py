"""Word documents whose keys are a table at the end (number | key, or a row of numbers over a row of keys),
titled and labelled in any language, and Markdown flash-card tables (`| Frage | Antwort |`) whose rows are
fill questions. Every document here is written by the test."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind


def word(
    path: Path,
    title: str,
    questions: list[tuple[str, list[str]]],
    labels: str,
    heading: str | None,
    table: list[list[str]],
) -> ImportResult:
    document = docx.Document()
    document.add_paragraph(title)
    for n, (stem, options) in enumerate(questions, start=1):
        document.add_paragraph(f"{n}. {stem}")
        for label, option in zip(labels, options, strict=False):
            document.add_paragraph(f"{label}) {option}")
    if heading:
        document.add_paragraph(heading)
    grid = document.add_table(rows=len(table), cols=len(table[0]))
    for r, row in enumerate(table):
        for c, cell in enumerate(row):
            grid.cell(r, c).text = cell
    document.save(path)
    return import_file(path, bank_id=path.stem)


HISTORY = [
    ("¿Quién pintó el Guernica?", ["Dalí", "Picasso", "Goya"]),
    ("¿En qué año terminó la Segunda Guerra Mundial?", ["1945", "1939", "1950"]),
    ("¿Qué civilización construyó Machu Picchu?", ["Azteca", "Maya", "Inca"]),
]
BIOLOGY = [
    ("Сколько хромосом у человека?", ["23", "46", "48"]),
    ("Какой орган вырабатывает инсулин?", ["печень", "почки", "поджелудочная железа"]),
]


@pytest.mark.parametrize(
    ("questions", "labels", "heading", "table", "expected"),
    [
        (HISTORY, "abc", "Clave de respuestas", [["N.º", "Clave"], ["1", "b"], ["2", "a"], ["3", "c"]], "BAC"),
        (HISTORY, "abc", "Soluciones", [["Pregunta", "1", "2", "3"], ["Respuesta", "b)", "a)", "c)"]], "BAC"),
        (BIOLOGY, "АБВ", "Ответы", [["Вопрос", "1", "2"], ["Ответ", "Б", "В"]], "BC"),
        (BIOLOGY, "АБВ", None, [["№", "Ответ"], ["1", "Б"], ["2", "В"]], "BC"),
    ],
)
def test_a_key_table_at_the_end_keys_every_question_and_its_title_closes_no_option(
    tmp_path: Path,
    questions: list[tuple[str, list[str]]],
    labels: str,
    heading: str | None,
    table: list[list[str]],
    expected: str,
) -> None:
    result = word(tmp_path / "exam.docx", "Examen final", questions, labels, heading, table)
    assert "".join(q.answer for q in result.bank.questions) == expected
    assert [dict(q.options) for q in result.bank.questions] == [
        dict(zip("ABC", options, strict=False)) for _, options in questions
    ]


def test_markdown_flash_card_tables_are_fill_questions(tmp_path: Path) -> None:
    path = tmp_path / "karten.md"
    path.write_text(
        "# Vokabeln\n\n| Frage | Antwort |\n|---|---|\n| Kraftwerk der Zelle | Mitochondrium |\n"
        "| Organ, das Blut pumpt | Herz |\n\n## Química\n\n| Pregunta | Respuesta |\n| --- | --- |\n"
        "| Símbolo del oro | Au |\n| Gas que respiramos | Oxígeno |\n",
        encoding="utf-8",
    )
    result = import_file(path, bank_id="karten")
    assert [(q.kind, q.prompt, q.answer) for q in result.bank.questions] == [
        (Kind.fill, "Kraftwerk der Zelle", ["Mitochondrium"]),
        (Kind.fill, "Organ, das Blut pumpt", ["Herz"]),
        (Kind.fill, "Símbolo del oro", ["Au"]),
        (Kind.fill, "Gas que respiramos", ["Oxígeno"]),
    ]


def test_a_key_table_naming_the_right_options_by_their_text(tmp_path: Path) -> None:
    questions = [
        ("Quelle est la capitale du Canada ?", ["Toronto", "Ottawa", "Montréal"]),
        ("Quel est le plus haut sommet d'Europe ?", ["Mont Blanc", "Elbrouz", "Cervin"]),
        ("Quel fleuve arrose Lyon ?", ["La Loire", "Le Rhône", "La Seine"]),
    ]
    table = [["Question", "Réponse"], ["1", "Ottawa"], ["2", "Elbrouz"], ["3", "La Garonne"]]
    result = word(tmp_path / "fr.docx", "Quiz de géographie", questions, "abc", "Réponses", table)
    assert [q.answer for q in result.bank.questions] == ["B", "B"]
    assert [item.number for item in result.left_out] == [3]  # La Garonne names no option of question 3
