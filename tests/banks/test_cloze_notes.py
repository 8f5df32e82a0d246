"""Cloze notes exported by a flash-card app (`{{c1::answer}}`, `{{c2::answer::hint}}`), one a line, read as
fill-in questions with a blank per deletion, keyed in order; the Extra field is the explanation. Every deck
here is written by the test."""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats.cloze import cloze_table
from bot.banks.importer import import_file

ANATOMY = """#separator:tab
#html:true
#notetype column:1
#tags column:4
Cloze\tThe {{c1::femur}} is the longest bone of the body.\tIt runs from hip to knee.\tbones
Cloze\tThe heart has {{c1::four}} chambers: two {{c2::atria::upper}} and two ventricles.\t\theart
Cloze\tRed blood cells carry oxygen bound to {{c1::haemoglobin}}.<br>They have no nucleus.\t\tblood
"""

SEMICOLONS = """#separator:semicolon
Die Hauptstadt von Österreich ist {{c1::Wien}}.;
Der längste Fluss Deutschlands ist der {{c1::Rhein}}.;Er mündet in die Nordsee.
"""

PLAIN_LINES = """Le {{c1::Rhône}} traverse Lyon.
La capitale de la Bretagne est {{c1::Rennes}}.
"""


def _read(tmp_path: Path, deck: str) -> list[tuple[str, str, object, str | None]]:
    path = tmp_path / "deck.txt"
    path.write_text(deck, encoding="utf-8")
    result = import_file(path, bank_id="deck")
    return [(q.kind.value, q.prompt, q.answer, q.explanation) for q in result.bank.questions]


def test_an_anki_export_of_cloze_notes_is_read_as_fill_ins(tmp_path: Path) -> None:
    assert _read(tmp_path, ANATOMY) == [
        ("fill", "The ____ is the longest bone of the body.", ["femur"], "It runs from hip to knee."),
        ("fill", "The heart has ____ chambers: two ____（upper） and two ventricles.", [["four"], ["atria"]], None),
        ("fill", "Red blood cells carry oxygen bound to ____. They have no nucleus.", ["haemoglobin"], None),
    ]


def test_another_separator_and_notes_without_a_header(tmp_path: Path) -> None:
    assert [(kind, answer) for kind, _, answer, _ in _read(tmp_path, SEMICOLONS)] == [
        ("fill", ["Wien"]),
        ("fill", ["Rhein"]),
    ]
    assert [(kind, answer) for kind, _, answer, _ in _read(tmp_path, PLAIN_LINES)] == [
        ("fill", ["Rhône"]),
        ("fill", ["Rennes"]),
    ]


def test_a_deletion_in_a_page_of_prose_is_no_deck() -> None:
    page = "Notes on templates\nWrite {{c1::text}} to make a deletion.\nThen review the card.\nThat is all.\n"
    assert cloze_table(page) is None
