"""A workbook whose options stand on a sheet of their own (quiz applications' exports): a questions sheet
(id, stem, kind, explanation …) and an options sheet (question id, option text, a right/wrong flag or an
order), joined by the id. Every workbook here is written by the test."""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind
from tests.formats.test_sheets import workbook


def read(result: ImportResult) -> list[tuple[Kind, str, dict[str, str], object]]:
    return [(q.kind, q.prompt, dict(q.options), q.answer) for q in result.bank.questions]


def test_flags_y_n_join_options_to_their_questions_by_id(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "astro.xlsx",
        {
            "Fragen": [
                ["ID", "Frage", "Typ", "Erklärung"],
                [7, "Welcher Planet hat die meisten Monde?", "MC", "Saturn führt die Liste an."],
                [8, "Welche Planeten sind Gasriesen?", "MA", ""],
                [9, "Welcher Planet ist der Sonne am nächsten?", "MC", ""],
            ],
            "Antworten": [
                ["Frage-ID", "Antworttext", "Richtig"],
                [7, "Mars", "N"],
                [7, "Saturn", "Y"],
                [7, "Venus", "N"],
                [8, "Jupiter", "Y"],
                [8, "Erde", "N"],
                [8, "Neptun", "Y"],
                [9, "Merkur", "Y"],
                [9, "Pluto", "N"],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert read(result) == [
        (Kind.single, "Welcher Planet hat die meisten Monde?", {"A": "Mars", "B": "Saturn", "C": "Venus"}, "B"),
        (Kind.multiple, "Welche Planeten sind Gasriesen?", {"A": "Jupiter", "B": "Erde", "C": "Neptun"}, "AC"),
        (Kind.single, "Welcher Planet ist der Sonne am nächsten?", {"A": "Merkur", "B": "Pluto"}, "A"),
    ]
    assert result.bank.questions[0].explanation == "Saturn führt die Liste an."
    notes = {n.name: n for n in result.sheets}
    assert "Fragen" in notes["Antworten"].en and notes["Antworten"].read is False
    # no sheet is read twice: the options sheet gives no true/false questions of its own
    assert all(q.section != "Antworten" for q in result.bank.questions)


def test_boolean_cells_text_ids_and_an_order_column(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "ru.xlsx",
        {
            "Вопросы": [
                ["Код", "Текст вопроса"],
                ["Q-1", "Какой металл жидкий при комнатной температуре?"],
                ["Q-2", "Какой газ легче воздуха?"],
            ],
            "Варианты": [
                ["Вопрос", "Порядок", "Вариант", "Верный"],
                ["Q-1", 2, "Железо", False],
                ["Q-1", 1, "Ртуть", True],
                ["Q-1", 3, "Медь", False],
                ["Q-2", 3, "Гелий", True],
                ["Q-2", 1, "Хлор", False],
                ["Q-2", 2, "Аргон", False],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(q.prompt[:12], dict(q.options), q.answer) for q in result.bank.questions] == [
        ("Какой металл", {"A": "Ртуть", "B": "Железо", "C": "Медь"}, "A"),
        ("Какой газ ле", {"A": "Хлор", "B": "Аргон", "C": "Гелий"}, "C"),
    ]


def test_ticks_on_the_right_rows_only_and_rows_naming_no_question_reported(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "zh.xlsx",
        {
            "题目": [
                ["题目编号", "题干", "解析"],
                [101, "下列属于哺乳动物的是？", "鲸用肺呼吸、胎生。"],
                [102, "下列属于被子植物的是？", ""],
            ],
            "选项": [
                ["题目编号", "选项内容", "正确"],
                [101, "鲨鱼", ""],
                [101, "鲸", "✓"],
                [101, "金枪鱼", ""],
                [102, "银杏", ""],
                [102, "苹果树", "✓"],
                [102, "苏铁", ""],
                [999, "松树", "✓"],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(dict(q.options), q.answer) for q in result.bank.questions] == [
        ({"A": "鲨鱼", "B": "鲸", "C": "金枪鱼"}, "B"),
        ({"A": "银杏", "B": "苹果树", "C": "苏铁"}, "B"),
    ]
    note = {n.name: n for n in result.sheets}["选项"]
    assert "8" in note.zh and "8" in note.en  # the row naming question 999 is said, not read


def test_order_only_with_the_key_on_the_question_sheet_by_number(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "pt.xlsx",
        {
            "Perguntas": [
                ["Nº", "Pergunta", "Resposta"],
                [1, "Qual é o maior planeta do sistema solar?", 3],
                [2, "Qual planeta é chamado de planeta vermelho?", 1],
            ],
            "Alternativas": [
                ["Pergunta", "Ordem", "Texto"],
                [1, 1, "Terra"],
                [1, 2, "Marte"],
                [1, 3, "Júpiter"],
                [2, 1, "Marte"],
                [2, 2, "Vênus"],
                [2, 3, "Mercúrio"],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(q.options["A"], q.answer) for q in result.bank.questions] == [("Terra", "C"), ("Marte", "A")]


def test_a_question_whose_options_mark_none_right_is_left_out(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "es.xlsx",
        {
            "Preguntas": [
                ["ID", "Pregunta"],
                [1, "¿Cuál es el océano más grande?"],
                [2, "¿Cuál es el río más largo de Europa?"],
            ],
            "Opciones": [
                ["ID pregunta", "Opción", "Correcta"],
                [1, "Atlántico", 0],
                [1, "Pacífico", 1],
                [1, "Índico", 0],
                [2, "Danubio", 0],
                [2, "Volga", 0],
                [2, "Rin", 0],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [("¿Cuál es el océano más grande?", "B")]
    assert len(result.left_out) == 1 and result.left_out[0].line == 3


def test_grades_in_percent_with_the_id_column_last_and_a_sheet_of_notes(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "grades.xlsx",
        {
            "Items": [
                ["Item", "Prompt", "Feedback"],
                ["A1", "Which ocean is the deepest?", "The Mariana Trench lies in it."],
                ["A2", "Which planets have rings?", ""],
            ],
            "Answers": [
                ["Answer text", "Points", "Item"],
                ["Atlantic", 0, "A1"],
                ["Pacific", 100, "A1"],
                ["Indian", 0, "A1"],
                ["Saturn", 50, "A2"],
                ["Mars", -50, "A2"],
                ["Uranus", 50, "A2"],
            ],
            "Notes": [["Exported from the quiz tool"]],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(q.kind, q.answer) for q in result.bank.questions] == [(Kind.single, "B"), (Kind.multiple, "AC")]
    assert result.bank.questions[0].explanation == "The Mariana Trench lies in it."


def test_circles_and_crosses_mark_the_right_options(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "ja.xlsx",
        {
            "問題": [["問題ID", "問題文"], [1, "日本の首都はどこ？"], [2, "富士山がある県は？"]],
            "選択肢": [
                ["問題ID", "選択肢", "正解"],
                [1, "大阪", "×"],
                [1, "東京", "○"],
                [1, "京都", "×"],
                [2, "静岡", "○"],
                [2, "長野", "×"],
                [2, "愛知", "×"],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [
        ("日本の首都はどこ？", "B"),
        ("富士山がある県は？", "A"),
    ]


def test_options_in_row_order_keyed_by_the_question_sheets_own_key_column(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "plain.xlsx",
        {
            "Questions": [
                ["ID", "Question", "Answer"],
                [1, "Largest ocean?", "B"],
                [2, "Smallest continent?", "Australia"],
            ],
            "Options": [
                ["Question ID", "Option"],
                [1, "Atlantic"],
                [1, "Pacific"],
                [1, "Indian"],
                [2, "Europe"],
                [2, "Australia"],
                [2, "Asia"],
            ],
        },
    )
    result = import_file(path, bank_id="t")
    # not fill-ins answered "B": the letter names the second option of the options sheet
    assert [(q.kind, q.options["B"], q.answer) for q in result.bank.questions] == [
        (Kind.single, "Pacific", "B"),
        (Kind.single, "Australia", "B"),
    ]
