"""PDF exams in Portuguese, French and Russian in common layouts: two columns drawn line by line across the
page, options set on one line (justified, their gaps stretched), a key grid at the end. Every PDF here is
made by the test (fpdf2, with a font the test generates for the characters it uses)."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from bot.banks.importer import ImportResult, import_file
from tests.formats.pdf_kit import make_font


def pdf(tmp_path: Path, rows: list[tuple[str, str]], below: list[str], title: str = "") -> ImportResult:
    """A page whose rows hold a left and a right column's line each (drawn left then right, row by row, as
    word processors export two columns), then lines across the page below them."""
    chars = "".join(a + b for a, b in rows) + "".join(below) + title
    font = make_font(chars, tmp_path / "boxes.ttf")
    document = FPDF(format="A4")
    document.add_font("boxes", fname=str(font))
    document.set_font("boxes", size=10)
    document.add_page()
    y = 15.0
    if title:
        document.set_xy(15, y)
        document.cell(180, 6, title)
        y += 10
    for left, right in rows:
        if left:
            document.set_xy(15, y)
            document.cell(85, 6, left)
        if right:
            document.set_xy(110, y)
            document.cell(85, 6, right)
        y += 6
    y += 12
    for line in below:
        document.set_xy(15, y)
        document.cell(180, 6, line)
        y += 6
    path = tmp_path / "exam.pdf"
    document.output(str(path))
    return import_file(path, bank_id="exam")


def test_two_columns_drawn_across_the_page_are_read_column_by_column(tmp_path: Path) -> None:
    rows = [
        ("1. Qual é a capital de Portugal?", "3. Quem chegou ao Brasil em 1500?"),
        ("(A) Porto (B) Lisboa (C) Braga", "(A) Cabral (B) Colombo (C) Magalhães"),
        ("2. Qual é o maior rio do mundo?", "4. Quantos estados tem o Brasil?"),
        ("(A) Nilo (B) Amazonas (C) Danúbio", "(A) 24 (B) 26 (C) 27"),
    ]
    result = pdf(tmp_path, rows, ["Gabarito", "01-B  02-B  03-A  04-C"], title="Prova de Geografia")
    assert [(q.prompt, q.options["A"], q.answer) for q in result.bank.questions] == [
        ("Qual é a capital de Portugal?", "Porto", "B"),
        ("Qual é o maior rio do mundo?", "Nilo", "B"),
        ("Quem chegou ao Brasil em 1500?", "Cabral", "A"),
        ("Quantos estados tem o Brasil?", "24", "C"),
    ]


def test_options_on_one_justified_line_keep_one_space_between_words(tmp_path: Path) -> None:
    rows = [
        ("Question 1 : Quel fleuve traverse Paris ?", ""),
        ("a)  La  Seine   b)  La  Loire   c)  Le  Rhône", ""),
        ("Question 2 : Quelle ville est en Bretagne ?", ""),
        ("a)  Rennes   b)  Nancy   c)  Dijon", ""),
    ]
    result = pdf(tmp_path, rows, ["Corrigé", "1 a   2 a"])
    assert [dict(q.options) for q in result.bank.questions] == [
        {"A": "La Seine", "B": "La Loire", "C": "Le Rhône"},
        {"A": "Rennes", "B": "Nancy", "C": "Dijon"},
    ]
    assert [q.answer for q in result.bank.questions] == ["A", "A"]


def test_cyrillic_options_on_one_line_and_a_key_grid_at_the_end(tmp_path: Path) -> None:
    rows = [
        ("1. Единица силы в СИ:", "3. Прибор для измерения тока:"),
        ("А) джоуль  Б) ньютон  В) ватт", "А) вольтметр  Б) амперметр  В) омметр"),
        ("2. Единица работы в СИ:", "4. Единица мощности в СИ:"),
        ("А) джоуль  Б) паскаль  В) ом", "А) герц  Б) вольт  В) ватт"),
    ]
    result = pdf(tmp_path, rows, ["Ответы", "1 2 3 4", "Б А Б В"], title="Контрольная работа по физике")
    assert [(q.options["B"], q.answer) for q in result.bank.questions] == [
        ("ньютон", "B"),
        ("паскаль", "A"),
        ("амперметр", "B"),
        ("вольт", "C"),
    ]


def test_options_set_two_to_a_line_are_no_second_column(tmp_path: Path) -> None:
    rows = [
        ("1. Quel organe filtre le sang ?", ""),
        ("A. le cœur", "B. le rein"),
        ("C. le foie", "D. la rate"),
        ("2. Quel os protège le cerveau ?", ""),
        ("A. le crâne", "B. le fémur"),
        ("C. le tibia", "D. la côte"),
        ("3. Quel gaz expirons-nous ?", ""),
        ("A. l'azote", "B. le dioxyde de carbone"),
        ("C. l'hélium", "D. le néon"),
    ]
    result = pdf(tmp_path, rows, ["Réponses : 1 B  2 A  3 B"])
    assert [(q.options["B"], q.answer) for q in result.bank.questions] == [
        ("le rein", "B"),
        ("le fémur", "A"),
        ("le dioxyde de carbone", "B"),
    ]
