"""Tables of keys by number whose header is in the document's own language (no list of names knows it):
a number beside a key on every row, or a row of numbers over a row of keys, is read as the keys it shows;
a key cell written as the option's label (`b)`, `(C)`) is the letter."""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats.key_tables import bare_key, key_block
from bot.banks.importer import ImportResult, import_file
from tests.formats.word_kit import Word


def imported(path: Path) -> ImportResult:
    return import_file(path, bank_id=path.stem)


def keys(result: ImportResult) -> list[object]:
    return [q.answer for q in result.bank.questions]


def _questions(lines: list[str], html: bool = False) -> list[str]:
    """Three choice questions about weather, in Portuguese, options a) … c)."""
    qs = [
        ("Qual nuvem traz trovoadas?", ["Cirro", "Cúmulo-nimbo", "Estrato"]),
        ("Em que unidade se mede a pressão do ar?", ["Hectopascal", "Lúmen", "Decibel"]),
        ("Que instrumento mede o vento?", ["Higrômetro", "Termômetro", "Anemômetro"]),
    ]
    for n, (stem, options) in enumerate(qs, 1):
        lines.append(f"<p><b>{n}. {stem}</b></p>" if html else f"{n}. {stem}")
        lines += [f"<p>{'abc'[i]}) {o}</p>" if html else f"{'abc'[i]}) {o}" for i, o in enumerate(options)]
    return lines


def test_html_key_table_under_a_header_in_portuguese(tmp_path: Path) -> None:
    rows = "".join(f"<tr><td>{n}</td><td>{k}</td></tr>" for n, k in ((1, "b)"), (2, "a)"), (3, "c)")))
    body = _questions([], html=True)
    page = (
        "<html><body>"
        + "".join(body)
        + f"<h2>Gabarito</h2><table><tr><th>Questão</th><th>Resposta</th></tr>{rows}</table></body></html>"
    )
    path = tmp_path / "tempo.html"
    path.write_text(page, encoding="utf-8")
    assert keys(imported(path)) == ["B", "A", "C"]


def test_markdown_key_grid_labelled_in_spanish(tmp_path: Path) -> None:
    text = "\n".join(
        [
            "1. ¿Qué planeta es el más grande?",
            "A) Marte",
            "B) Júpiter",
            "C) Venus",
            "2. ¿Cuál es el planeta más cercano al Sol?",
            "A) Mercurio",
            "B) Tierra",
            "C) Saturno",
            "3. ¿Qué planeta tiene anillos visibles?",
            "A) Saturno",
            "B) Marte",
            "C) Venus",
            "",
            "Clave de respuestas",
            "",
            "| Pregunta | 1 | 2 | 3 |",
            "|---|---|---|---|",
            "| Opción | (B) | (A) | (A) |",
        ]
    )
    path = tmp_path / "planetas.md"
    path.write_text(text, encoding="utf-8")
    assert keys(imported(path)) == ["B", "A", "A"]


def test_word_key_grid_after_each_section(tmp_path: Path) -> None:
    word = Word()
    word.para("PARTE I")
    for stem, options in (
        ("Quantos lados tem um hexágono?", ["Cinco", "Seis", "Oito"]),
        ("Quanto é sete vezes oito?", ["Cinquenta e seis", "Sessenta", "Quarenta e nove"]),
    ):
        word.para(f"0{1 if 'hex' in stem else 2}) {stem}")
        for letter, option in zip("ABC", options, strict=False):
            word.para(f"{letter}) {option}")
    word.para("GABARITO — PARTE I")
    word.table([["Questão", "01", "02"], ["Resposta", "B", "A"]])
    path = tmp_path / "contas.docx"
    path.write_bytes(word.bytes())
    assert keys(imported(path)) == ["B", "A"]


def test_word_key_column_with_an_unnamed_header(tmp_path: Path) -> None:
    word = Word()
    for n, (stem, options) in enumerate(
        (
            ("Которая из рек длиннее?", ["Волга", "Нева"]),
            ("Какой город стоит на Неве?", ["Казань", "Санкт-Петербург"]),
        ),
        1,
    ):
        word.para(f"{n}. {stem}")
        for letter, option in zip("AB", options, strict=True):
            word.para(f"{letter}. {option}")
    word.para("Ключи")
    word.table([["Вопрос", "Ответ верный"], ["1", "A."], ["2", "B."]])
    path = tmp_path / "reki.docx"
    path.write_bytes(word.bytes())
    assert keys(imported(path)) == ["A", "B"]


def test_what_is_no_table_of_keys_stays_as_it_was() -> None:
    assert key_block([["Ano", "Evento"], ["1822", "Independência"], ["1888", "Abolição"]]) is None
    assert key_block([["No", "Word"], ["1", "bad"], ["2", "face"]]) is None  # words of the letters A-H
    assert key_block([["1", "2", "3"], ["cinco", "seis", "sete"]]) is None
    assert bare_key("(d)") == "d" and bare_key("Rio") == "Rio"
