"""A question's options set in a table, a column of their letters beside a column of their texts, the right
one marked in a column of its own (`*`, `✓`): read as the options and the key they show."""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats.option_tables import option_lines
from bot.banks.importer import import_file


def test_markdown_options_table_marked_by_a_star(tmp_path: Path) -> None:
    text = """1. Which layer of the Earth is liquid?

|   |    |                |
|---|----|----------------|
|   | a. | the inner core |
| * | b. | the outer core |
|   | c. | the crust      |

2. Which rock forms from cooled lava?

|   |    |           |
|---|----|-----------|
| * | a. | basalt    |
|   | b. | limestone |
"""
    path = tmp_path / "earth.md"
    path.write_text(text, encoding="utf-8")
    bank = import_file(path, bank_id="earth").bank
    assert [(q.options, q.answer) for q in bank.questions] == [
        ({"A": "the inner core", "B": "the outer core", "C": "the crust"}, "B"),
        ({"A": "basalt", "B": "limestone"}, "A"),
    ]


def test_web_page_options_table_ticked_in_the_last_column(tmp_path: Path) -> None:
    rows = [("A)", "die Elbe", ""), ("B)", "der Rhein", "✓"), ("C)", "die Oder", "")]
    table = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    page = (
        "<html><body><p>1. Welcher Fluss fließt durch Köln?</p>"
        f"<table><tr><th>Buchstabe</th><th>Antwort</th><th>richtig</th></tr>{table}</table></body></html>"
    )
    path = tmp_path / "fluesse.html"
    path.write_text(page, encoding="utf-8")
    bank = import_file(path, bank_id="fluesse").bank
    assert [(q.options, q.answer) for q in bank.questions] == [
        ({"A": "die Elbe", "B": "der Rhein", "C": "die Oder"}, "B"),
    ]


def test_tables_of_other_things_are_no_options() -> None:
    assert option_lines([["", "", ""], ["", "b.", "x"], ["", "a.", "y"]]) is None  # letters out of order
    assert option_lines([["Year", "Event"], ["1914", "war"], ["1918", "peace"]]) is None
    assert option_lines([["", "", ""], ["", "a.", "x"], ["", "b.", "y"]]) == ["", "A. x", "B. y"]
