"""The floor reads by structure, not by wording (issue 21): what a line is follows from the lines around it.

- a key said in a sentence of its own after the options names its option by the option's text
  (`The answer is carbon dioxide, which …`, `La réponse est la Loire, qui …`); a sentence naming two
  options names none;
- a statement that opens with a word of one letter (Portuguese `A água…`, English `A lion…`) is no option A
  unless a B follows it;
- a letter alone under a statement is its verdict where the document's legend says so (`C = certo, E = errado`).

Each document is written for this test in a layout real banks use.
"""

from __future__ import annotations

from bot.banks.importer import import_text


def keys(text: str, name: str = "doc.txt") -> list[tuple[str, object]]:
    bank = import_text(text, source=name, bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


def test_a_key_said_in_a_sentence_names_its_option_by_its_text() -> None:
    doc = """Quiz : les métaux

1. Quel métal est liquide à température ambiante ?
a) Le fer
b) Le mercure
c) L'aluminium
d) Le cuivre
La réponse est le mercure, le seul métal liquide à 20 °C.

2. Quel métal conduit le mieux l'électricité ?
a) L'argent
b) Le plomb
c) Le zinc
La réponse est l'argent : il devance même le cuivre.

3. Which metal rusts in damp air?
A. Gold
B. Iron
C. Platinum
The answer is iron, because it forms an oxide with water and air.

4. Qual metal é usado nos fios elétricos?
a) Cobre
b) Chumbo
c) Estanho
A resposta correta é a a.
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "B"), ("single", "A")]
    # a sentence naming two options names none: that question is left out, never keyed by a guess
    two = """1. Which planet is closest to the Sun?
A. Venus
B. Mercury
C. Earth
The answer is Mercury, which is closer than Venus.

2. Which planet has rings that are easy to see?
A. Mars
B. Saturn
C. Uranus
The answer is Saturn.
"""
    bank = import_text(two, source="doc.txt", bank_id="t")
    assert [(q.number, q.answer) for q in bank.bank.questions] == [(2, "B")]
    assert [lo.number for lo in bank.left_out] == [1]


def test_a_one_letter_word_opening_a_statement_is_no_option() -> None:
    doc = """Verdadeiro ou falso?

A areia é formada por grãos de rocha.
Verdadeiro

A lua tem luz própria.
Falso

O vento é ar em movimento.
Verdadeiro
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_a_letter_under_a_statement_is_its_verdict_by_the_legend() -> None:
    doc = """Julgue os itens abaixo (C = certo; E = errado).

O sangue arterial é rico em oxigênio.
C

As veias levam o sangue do coração aos órgãos.
E

A pele é o maior órgão do corpo humano.
C
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]
