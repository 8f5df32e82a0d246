"""A learner's graded response saved as a web page (a form's score page, a quiz platform's results): keys from
the right marks on the learner's choices and from the blocks that state the right answer, in any language;
never from a choice marked wrong, nor from right marks that may miss a right option. Every page here is written
by the test."""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats.response_page import response_table
from bot.banks.importer import import_file

SPANISH_FORM = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Química 2</title></head><body>
<div class="head">Química — control 2</div><div class="head">Puntos totales 3/5</div>
<div class="card"><div class="title">¿Cuál es el símbolo del hierro?</div><div class="pts">1/1</div>
<div role="radio" aria-checked="false">Hi</div>
<div role="radio" aria-checked="true">Fe <span aria-label="Correcto">✓</span></div>
<div role="radio" aria-checked="false">Ir</div></div>
<div class="card"><div class="title">¿Qué gas es un gas noble?</div><div class="pts">0/1</div>
<div role="radio" aria-checked="true">Nitrógeno <span aria-label="Incorrecto">✗</span></div>
<div role="radio" aria-checked="false">Argón</div><div role="radio" aria-checked="false">Oxígeno</div>
<div class="key"><div>Respuesta correcta</div><div>Argón</div></div></div>
<div class="card"><div class="title">¿Qué sustancias son ácidos?</div><div class="pts">1/1</div>
<div role="checkbox" aria-checked="true">HCl <span aria-label="Correcto">✓</span></div>
<div role="checkbox" aria-checked="false">NaOH</div>
<div role="checkbox" aria-checked="true">HNO₃ <span aria-label="Correcto">✓</span></div></div>
<div class="card"><div class="title">Número atómico del carbono</div><div class="pts">0/1</div>
<div class="resp">12 <span aria-label="Incorrecto">✗</span></div>
<div class="key"><div>Respuesta correcta</div><div>6</div></div></div>
<div class="card"><div class="title">Fórmula del agua</div><div class="pts">1/1</div>
<div class="resp">H₂O <span aria-label="Correcto">✓</span></div></div>
</body></html>"""

# marks as text only, the key block inline, another platform's markup
GERMAN_RESULTS = """<html><body><h1>Ergebnis: Erdkunde</h1><ol class="results">
<li class="q"><p>Welcher Fluss fließt durch Köln?</p><ul>
<li role="radio" aria-checked="true">Rhein ✔</li><li role="radio" aria-checked="false">Elbe</li>
<li role="radio" aria-checked="false">Donau</li></ul></li>
<li class="q"><p>Welche Stadt ist die Hauptstadt von Bayern?</p><ul>
<li role="radio" aria-checked="true">Nürnberg ✘</li><li role="radio" aria-checked="false">München</li>
<li role="radio" aria-checked="false">Augsburg</li></ul><p>Richtige Antwort: München</p></li>
</ol></body></html>"""

# what the page cannot tell: a wrong choice without the right one, a multiple choice partly right
UNKNOWN_KEYS = """<html><body>
<div class="item"><div>Which planet is largest?</div><div>1/1</div>
<div role="radio" aria-checked="true">Jupiter <span aria-label="Correct">✓</span></div>
<div role="radio" aria-checked="false">Mars</div><div role="radio" aria-checked="false">Venus</div></div>
<div class="item"><div>Which planet has rings you can see from Earth?</div><div>0/1</div>
<div role="radio" aria-checked="true">Mars <span aria-label="Incorrect">✗</span></div>
<div role="radio" aria-checked="false">Saturn</div><div role="radio" aria-checked="false">Mercury</div></div>
<div class="item"><div>Which planets are gas giants? (Select all)</div><div>0/1</div>
<div role="checkbox" aria-checked="true">Jupiter <span aria-label="Correct">✓</span></div>
<div role="checkbox" aria-checked="false">Saturn</div><div role="checkbox" aria-checked="false">Earth</div></div>
<div class="item"><div>How many moons has Mars?</div><div>0/1</div>
<div class="resp">1 <span aria-label="Incorrect">✗</span></div></div>
</body></html>"""


def _imported(tmp_path: Path, page: str) -> list[tuple[str, object]]:
    path = tmp_path / "response.html"
    path.write_text(page, encoding="utf-8")
    result = import_file(path, bank_id="response")
    return [(q.kind.value, q.answer) for q in result.bank.questions]


def test_a_score_page_is_keyed_by_right_marks_and_stated_answers(tmp_path: Path) -> None:
    assert _imported(tmp_path, SPANISH_FORM) == [
        ("single", "B"),
        ("single", "B"),
        ("multiple", "AC"),
        ("fill", ["6"]),
        ("fill", ["H₂O"]),
    ]


def test_marks_written_as_text_and_an_inline_key_block(tmp_path: Path) -> None:
    assert _imported(tmp_path, GERMAN_RESULTS) == [("single", "A"), ("single", "B")]


def test_what_the_page_does_not_say_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "planets.html"
    path.write_text(UNKNOWN_KEYS, encoding="utf-8")
    result = import_file(path, bank_id="planets")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("single", "A")]
    assert len(result.left_out) == 3
    assert all("no key" in lo.en for lo in result.left_out)


def test_a_page_without_graded_answers_is_no_response_page() -> None:
    page = "<html><body><ol><li>Which is a mammal?<br>A. shark<br>B. whale</li><li>Answer: B</li></ol></body></html>"
    assert response_table(page) is None
