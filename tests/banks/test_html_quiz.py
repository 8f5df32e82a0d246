"""Web quiz pages whose keys stand in the page's data, not its text: a saved quiz review (Moodle's markup,
any language), questions in an inline script (a JSON object or a JS array literal, read as data and never
run), and `data-answer` / `data-correct` attributes on a question. Every page here is written by the test."""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind


def page(tmp_path: Path, name: str, html: str) -> ImportResult:
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return import_file(path, bank_id=path.stem)


def read(result: ImportResult) -> list[tuple[Kind, str, dict[str, str], object]]:
    return [(q.kind, q.prompt, dict(q.options), q.answer) for q in result.bank.questions]


def review_question(state: str, stem: str, options: list[tuple[str, str]], feedback: str, kind: str = "radio") -> str:
    boxes = "".join(
        f'<div class="r0 {cls}"><input type="{kind}"><div class="d-flex"><span class="answernumber">{"abcd"[n]}. '
        f'</span><div class="flex-fill ml-1">{text}</div></div></div>'
        for n, (text, cls) in enumerate(options)
    )
    right = f'<div class="outcome"><div class="feedback"><div class="rightanswer">{feedback}</div></div></div>'
    return (
        f'<div class="que multichoice deferredfeedback {state}"><div class="info"><h3 class="no">Pregunta 1</h3>'
        f'<div class="grade">Puntúa 0,00 sobre 1,00</div></div><div class="content"><div class="formulation">'
        f'<div class="qtext"><p>{stem}</p></div><div class="ablock"><div class="prompt">Seleccione una:</div>'
        f'<div class="answer">{boxes}</div></div></div>{right if feedback else ""}</div></div>'
    )


def test_a_saved_review_keyed_by_its_feedback_in_spanish(tmp_path: Path) -> None:
    html = (
        "<html><body><h2>Cuestionario: Geografía</h2>"
        + review_question(
            "incorrect",
            "¿Cuál es la capital de Perú?",
            [("Quito", ""), ("Lima", ""), ("Bogotá", "")],
            "La respuesta correcta es: Lima",
        )
        + review_question(
            "incorrect",
            "¿Qué ríos están en Sudamérica?",
            [("Amazonas", ""), ("Nilo", ""), ("Orinoco", "")],
            "Las respuestas correctas son: Amazonas, Orinoco",
            kind="checkbox",
        )
        + review_question(
            "incorrect",
            "¿En qué año llegó Colón a América?",
            [("1492", ""), ("1498", ""), ("1500", "")],
            "La respuesta correcta es: 1492",
        )
        + "</body></html>"
    )
    assert read(page(tmp_path, "geo.html", html)) == [
        (Kind.single, "¿Cuál es la capital de Perú?", {"A": "Quito", "B": "Lima", "C": "Bogotá"}, "B"),
        (Kind.multiple, "¿Qué ríos están en Sudamérica?", {"A": "Amazonas", "B": "Nilo", "C": "Orinoco"}, "AC"),
        (Kind.single, "¿En qué año llegó Colón a América?", {"A": "1492", "B": "1498", "C": "1500"}, "A"),
    ]


def test_a_review_without_feedback_keyed_by_the_options_correct_class(tmp_path: Path) -> None:
    html = (
        "<html><body>"
        + review_question("correct", "Which planet is largest?", [("Mars", ""), ("Jupiter", "correct")], "")
        + review_question("incorrect", "Which gas is inert?", [("Argon", ""), ("Oxygen", "incorrect")], "")
        + review_question("correct", "Which is a prime?", [("9", ""), ("7", "correct"), ("15", "")], "")
        + "</body></html>"
    )
    result = page(tmp_path, "en.html", html)
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [
        ("Which planet is largest?", "B"),
        ("Which is a prime?", "B"),
    ]
    assert len(result.left_out) == 1  # only the learner's wrong choice is marked: no key


def test_a_review_of_a_short_answer_is_a_fill_in(tmp_path: Path) -> None:
    short = (
        '<div class="que shortanswer deferredfeedback incorrect"><div class="content"><div class="formulation">'
        '<div class="qtext">Как называется столица Японии? ____</div><div class="ablock">'
        '<input type="text" value="Киото"></div></div><div class="outcome"><div class="rightanswer">'
        "Правильный ответ: Токио</div></div></div></div>"
    )
    result = page(
        tmp_path,
        "ru.html",
        f"<html><body>{short}{short.replace('Японии', 'Франции').replace('Токио', 'Париж')}</body></html>",
    )
    assert [(q.kind, q.answer) for q in result.bank.questions] == [(Kind.fill, ["Токио"]), (Kind.fill, ["Париж"])]


def test_questions_in_a_scripts_json_object_counted_from_zero(tmp_path: Path) -> None:
    html = """<!DOCTYPE html><html><head><script>
      window.quiz = {"titel": "Chemie", "fragen": [
        {"frage": "Welches Element hat das Symbol Fe?", "antworten": ["Fluor", "Eisen", "Blei"], "korrekt": 1},
        {"frage": "Welches Gas brauchen wir zum Atmen?", "antworten": ["Sauerstoff", "Argon", "Helium"], "korrekt": 0}
      ]};
      startQuiz(window.quiz);
    </script></head><body><div id="app"></div></body></html>"""
    assert read(page(tmp_path, "chemie.html", html)) == [
        (Kind.single, "Welches Element hat das Symbol Fe?", {"A": "Fluor", "B": "Eisen", "C": "Blei"}, "B"),
        (Kind.single, "Welches Gas brauchen wir zum Atmen?", {"A": "Sauerstoff", "B": "Argon", "C": "Helium"}, "A"),
    ]


def test_a_js_array_literal_with_single_quotes_bare_keys_comments_and_trailing_commas(tmp_path: Path) -> None:
    html = """<html><head><meta charset="utf-8"><script>
      // perguntas do questionário
      const perguntas = [
        { q: 'Qual é o maior oceano?', options: ['Atlântico', 'Índico', 'Pacífico'], answerIndex: 2 },
        { q: "Quem escreveu 'Os Lusíadas'?", options: ["Camões", "Pessoa", "Eça"], answerIndex: 0, },
        /* uma de várias respostas */
        { q: 'Quais são cores primárias?', options: [{text: 'Azul', isCorrect: true}, {text: 'Verde', isCorrect: false},
          {text: 'Vermelho', isCorrect: true}] },
      ];
      document.getElementById('quiz').innerHTML = render(perguntas);
    </script></head><body><div id="quiz"></div></body></html>"""
    assert read(page(tmp_path, "pt.html", html)) == [
        (Kind.single, "Qual é o maior oceano?", {"A": "Atlântico", "B": "Índico", "C": "Pacífico"}, "C"),
        (Kind.single, "Quem escreveu 'Os Lusíadas'?", {"A": "Camões", "B": "Pessoa", "C": "Eça"}, "A"),
        (Kind.multiple, "Quais são cores primárias?", {"A": "Azul", "B": "Verde", "C": "Vermelho"}, "AC"),
    ]


def test_script_indexes_the_column_cannot_count_are_left_out(tmp_path: Path) -> None:
    html = """<html><head><script>
      var data = [{"question": "Largest desert?", "answers": ["Gobi", "Sahara", "Kalahari", "Atacama"], "correct": 1},
                  {"question": "Longest river?", "answers": ["Nile", "Amazon", "Yangtze", "Danube"], "correct": 2},
                  {"question": "Tallest mountain?", "answers": ["K2", "Everest", "Denali"], "correct": "Everest"}];
    </script></head><body></body></html>"""
    result = page(tmp_path, "amb.html", html)
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [("Tallest mountain?", "B")]
    assert len(result.left_out) == 2 and all("0 or 1" in item.en for item in result.left_out)


def test_data_answer_attributes_on_each_question(tmp_path: Path) -> None:
    html = """<html><body><h2>Quiz de chimie</h2>
    <div class="question" data-answer="b"><p>1. Quel est le symbole du sodium ?</p>
      <ul><li data-key="a">So</li><li data-key="b">Na</li><li data-key="c">Sd</li></ul></div>
    <div class="question" data-answer="c"><p>2. Quelle est la formule de l'eau ?</p>
      <ul><li data-key="a">HO2</li><li data-key="b">H2O2</li><li data-key="c">H2O</li></ul></div>
    <div class="question" data-correct="Néon"><p>3. Quel gaz est noble ?</p>
      <ol><li>Azote</li><li>Néon</li><li>Oxygène</li></ol></div>
    </body></html>"""
    assert [(q.prompt, q.answer) for q in page(tmp_path, "chimie.html", html).bank.questions] == [
        ("Quel est le symbole du sodium ?", "B"),
        ("Quelle est la formule de l'eau ?", "C"),
        ("Quel gaz est noble ?", "B"),
    ]


def test_a_review_of_true_false_and_labelled_options_with_an_essay_left_out(tmp_path: Path) -> None:
    def que(kind: str, stem: str, answers: str, feedback: str) -> str:
        return (
            f'<div class="que {kind} deferredfeedback incorrect"><div class="content"><div class="formulation">'
            f'<div class="qtext"><p>{stem}</p></div><div class="ablock"><div class="answer">{answers}</div></div>'
            f'</div><div class="outcome"><div class="feedback">{feedback}</div></div></div></div>'
        )

    radio = '<div class="r0"><input type="radio"><label>{}</label></div>'
    html = (
        "<html><body>"
        + que(
            "truefalse",
            "Bats are birds.",
            radio.format("True") + radio.format("False"),
            "<div class=\"rightanswer\">The correct answer is 'False'.</div>",
        )
        + que(
            "multichoice",
            "Which is the symbol of silver?",
            radio.format("a. Au") + radio.format("b. Ag") + radio.format("c. Si"),
            '<div class="generalfeedback">From the Latin argentum.</div>'
            '<div class="rightanswer">The correct answer is: Ag</div>',
        )
        + '<div class="que essay manualgraded"><div class="content"><div class="qtext">Describe a cell.</div>'
        "</div></div></body></html>"
    )
    result = page(tmp_path, "tf.html", html)
    assert read(result) == [
        (Kind.true_false, "Bats are birds.", {}, False),
        (Kind.single, "Which is the symbol of silver?", {"A": "Au", "B": "Ag", "C": "Si"}, "B"),
    ]
    assert result.bank.questions[1].explanation == "From the Latin argentum."
    assert len(result.left_out) == 1  # the essay: no reference answer on the page


def test_questions_nested_in_a_pages_json_data_with_flagged_choices(tmp_path: Path) -> None:
    html = (
        '<html><head><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"quiz":'
        '{"name":"Capitales","items":[{"id":1,"prompt":"Capital de Chile","choices":[{"label":"Lima",'
        '"correct":false},{"label":"Santiago","correct":true},{"label":"Quito","correct":false}]},{"id":2,'
        '"prompt":"Capital de Uruguay","choices":[{"label":"Montevideo","correct":true},{"label":"Asunción",'
        '"correct":false}]}]}}}}</script><script>window.dataLayer=window.dataLayer||[];gtag("js",new Date());'
        '</script></head><body><div id="__next"></div></body></html>'
    )
    result = page(tmp_path, "next.html", html)
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [
        ("Capital de Chile", "B"),
        ("Capital de Uruguay", "A"),
    ]
    assert any("script" in c.en for c in result.conventions)


def test_one_question_a_literal_pushed_onto_a_list(tmp_path: Path) -> None:
    html = """<html><head><script>
      var qs = [];
      qs.push({question: "¿Cuántos planetas tiene el sistema solar?", answers: ["7", "8", "9"], correct: 1});
      qs.push({question: "¿Qué planeta es el más grande?", answers: ["Júpiter", "Saturno", "Neptuno"], correct: 0});
    </script></head><body></body></html>"""
    assert [q.answer for q in page(tmp_path, "push.html", html).bank.questions] == ["B", "A"]


def test_a_scripts_questions_without_keys_leave_the_page_to_its_text(tmp_path: Path) -> None:
    html = """<html><head><script>
      var items = [{"question": "Wer schrieb Faust?", "options": ["Goethe", "Schiller"]},
                   {"question": "Wer malte die Mona Lisa?", "options": ["Leonardo", "Raffael"]}];
    </script></head><body><h2>Kunst</h2><p>1. Wer schrieb Faust?</p><p>A. Goethe</p><p>B. Schiller</p>
    <p>Antwort: A</p><p>2. Wer malte die Mona Lisa?</p><p>A. Leonardo</p><p>B. Raffael</p><p>Antwort: A</p>
    </body></html>"""
    assert [q.answer for q in page(tmp_path, "kunst.html", html).bank.questions] == ["A", "A"]


def test_a_review_that_shows_no_keys_publishes_nothing_of_its_grades(tmp_path: Path) -> None:
    html = (
        "<html><body>"
        + review_question("incorrect", "¿Cuál es el metal más ligero?", [("Litio", ""), ("Plomo", "incorrect")], "")
        + review_question("incorrect", "¿Qué gas es noble?", [("Neón", ""), ("Cloro", "incorrect")], "")
        + review_question("correct", "¿Cuántos huesos tiene el oído medio?", [("3", "correct"), ("5", "")], "")
        + "</body></html>"
    )
    result = page(tmp_path, "sin.html", html)
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [("¿Cuántos huesos tiene el oído medio?", "A")]
    assert len(result.left_out) == 2  # the learner's wrong choices say nothing of the key: left out
