"""A worksheet's solutions block, one line per part: answers in words after their numbers set apart by
semicolons (`Teil 1: 1) einen; 2) der`), option letters joined by dashes (`1a – 2c – 3b`), judgement letters
(`1 r, 2 f`, `1 v, 2 f`); each part's line keys the questions of the part its label names. Every worksheet
here is written by the test."""

from __future__ import annotations

from bot.banks.importer import import_text

FRENCH = """Français langue étrangère — évaluation

Partie 1 : Conjuguez le verbe entre parenthèses.
1) Je ___ étudiant. (être)
2) Tu ___ un chat ? (avoir)
3) Nous ___ au cinéma. (aller)

Partie 2 : Choisissez la bonne réponse.
1) Où est la tour Eiffel ?
   a) à Lyon    b) à Paris    c) à Nice
2) Quel jour vient après lundi ?
   a) mardi    b) dimanche    c) jeudi

Corrigé
Partie 1 : 1) suis; 2) as; 3) allons
Partie 2 : 1b – 2a
"""

ENGLISH = """Grammar check

Part 1: Write the past tense.
1) go: ___
2) see: ___

Part 2: Circle the right word.
1) She ___ to school every day.
   a) go    b) goes    c) going
2) They ___ happy yesterday.
   a) was    b) is    c) were

Answer key
Part 2: 1b – 2c
Part 1: 1) went; 2) saw
"""


def _read(sheet: str) -> list[tuple[str, object]]:
    result = import_text(sheet, source="sheet.txt", bank_id="sheet")
    return [(q.kind.value, q.answer) for q in result.bank.questions]


def test_a_solutions_block_of_worded_and_dashed_lines() -> None:
    assert _read(FRENCH) == [
        ("fill", ["suis"]),
        ("fill", ["as"]),
        ("fill", ["allons"]),
        ("single", "B"),
        ("single", "A"),
    ]


def test_parts_keyed_out_of_order_by_their_labels() -> None:
    assert _read(ENGLISH) == [("fill", ["went"]), ("fill", ["saw"]), ("single", "B"), ("single", "C")]
