"""Question sheets as other locales and tools save them: Excel in a French or German locale writes `;`
between cells (with a BOM), column names in the teacher's language, kinds as codes (`MC`, `TF`, or
numbers a legend explains), keys as option numbers or the right option's text.

Every sheet is written by the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.importer import import_file
from bot.banks.summary import summary
from tests.formats.test_sheets import import_csv, keys, workbook

FRENCH = (
    "\ufeffQuestion;Réponse A;Réponse B;Réponse C;Réponse D;Bonne réponse;Explication\n"
    "Quelle planète est la plus proche du Soleil ?;Vénus;Mercure;Mars;Terre;B;\n"
    "Quel gaz les plantes absorbent-elles ?;oxygène;azote;dioxyde de carbone;hélium;dioxyde de carbone;"
    '"La photosynthèse ; elle fixe le carbone."\n'
    "Quels sont des mammifères ? (plusieurs réponses);baleine;requin;chauve-souris;truite;A, C;\n"
)
GERMAN = (
    "\ufeffFrage;Antwort A;Antwort B;Antwort C;Richtige Antwort;Erklärung\n"
    "Welcher Planet ist der Sonne am nächsten?;Venus;Merkur;Mars;B;\n"
    "Welches Gas nehmen Pflanzen auf?;Sauerstoff;Stickstoff;Kohlendioxid;Kohlendioxid;"
    '"Photosynthese; Kohlenstoff wird gebunden."\n'
    'Welche sind Säugetiere? (Mehrfachauswahl);Wal;Hai;Fledermaus;"A;C";\n'
)
SPANISH = (
    "Pregunta;Opción A;Opción B;Opción C;Respuesta correcta;Explicación\n"
    "¿Qué planeta está más cerca del Sol?;Venus;Mercurio;Marte;B;\n"
    "¿Qué gas absorben las plantas?;oxígeno;nitrógeno;dióxido de carbono;dióxido de carbono;"
    '"Fotosíntesis; fija el carbono."\n'
    "¿Cuáles son mamíferos?;ballena;tiburón;murciélago;A, C;\n"
)


@pytest.mark.parametrize("text", [FRENCH, GERMAN, SPANISH], ids=["french", "german", "spanish"])
def test_a_semicolon_csv_with_column_names_in_the_teachers_language(tmp_path: Path, text: str) -> None:
    result = import_csv(tmp_path / "quiz.csv", text)
    # a letter, the right option's own text, two letters joined by a comma
    assert keys(result) == {"single-1": "B", "single-2": "C", "multiple-3": "AC"}
    second = result.bank.questions[1]
    assert ";" in (second.explanation or "")  # a quoted `;` stays inside its cell
    assert [q.line for q in result.bank.questions] == [2, 3, 4]
    assert result.left_out == []


TYPE_CODES = (
    "Question Text,Question Type,Choice 1,Choice 2,Choice 3,Choice 4,Correct Choice(s),Feedback\n"
    "Which planet is largest?,MC,Mars,Jupiter,Venus,Mercury,2,Jupiter is a gas giant.\n"
    "Which are gas giants? (select all),MA,Jupiter,Earth,Saturn,Mars,1;3,\n"
    "The Moon has its own light.,TF,,,,,FALSE,It reflects sunlight.\n"
    "The closest star to Earth is the ______.,SA,,,,,Sun,\n"
    "Which planet has rings?,MC,Mars,Venus,Saturn,Mercury,5,\n"
    "Which is a dwarf planet?,MC,Pluto,Mars,Venus,Earth,1,\n"
)


def test_lms_type_codes_and_keys_as_choice_numbers(tmp_path: Path) -> None:
    result = import_csv(tmp_path / "planets.csv", TYPE_CODES)
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AC",
        "tf-3": False,
        "fill-4": ["Sun"],
        "single-6": "A",
    }
    # choice 5 does not exist: that question is left out with its row and why, the sheet still read
    assert [(lo.line, lo.number) for lo in result.left_out] == [(6, 5)]
    assert "choice 5" in result.left_out[0].en and "不存在" in result.left_out[0].zh


CODED_ROWS: list[list[object]] = [
    ["序号", "题型", "试题内容", "选项", "标准答案"],
    [1, 1, "光年是什么单位？", "A.时间|B.长度|C.质量", "B"],
    [2, 2, "下列属于行星的有（ ）。", "A.金星|B.月球|C.火星", "AC"],
    [3, 3, "月球自身会发光。", None, 0],
    [4, 3, "地球绕太阳公转。", None, 1],
    [5, 4, "太阳系中离太阳最近的行星是（ ）。", None, "水星"],
]
EXPECTED_CODED = {"single-1": "B", "multiple-2": "AC", "tf-3": False, "tf-4": True, "fill-5": ["水星"]}


def test_numeric_kind_codes_explained_on_a_legend_sheet(tmp_path: Path) -> None:
    rows = [["天文知识题库"], ["填表说明：题型代码见说明页；选项用竖线分隔；判断题答案填1或0"], *CODED_ROWS]
    legend: list[list[object]] = [
        ["代码", "含义"],
        [1, "单选题"],
        [2, "多选题"],
        [3, "判断题（1=正确，0=错误）"],
        [4, "填空题"],
    ]
    result = import_file(workbook(tmp_path / "codes.xlsx", {"题库": rows, "说明": legend}), bank_id="codes")
    assert keys(result) == EXPECTED_CODED
    assert result.bank.title == "天文知识题库"


def test_numeric_kind_codes_explained_in_a_note_above_the_header(tmp_path: Path) -> None:
    rows = [["说明：题型 1-单选题 2-多选题 3-判断题 4-填空题"], *CODED_ROWS]
    result = import_file(workbook(tmp_path / "codes.xlsx", {"Sheet1": rows}), bank_id="codes")
    assert keys(result) == EXPECTED_CODED


def test_a_question_sheet_is_no_legend_for_another(tmp_path: Path) -> None:
    """Rows `1 | 单选题 | …` of one question sheet explain no codes of another sheet: its codes stay
    unexplained and its kinds come from its options."""
    named: list[list[object]] = [
        ["序号", "题型", "题干", "A", "B", "答案"],
        [1, "单选题", "水的化学式是", "H2O", "CO2", "A"],
    ]
    coded: list[list[object]] = [["题型", "题干", "答案"], [1, "月球自身会发光。", 0]]
    result = import_file(workbook(tmp_path / "two.xlsx", {"一": named, "二": coded}), bank_id="two")
    assert result.bank.questions[0].answer == "A"
    assert all(q.kind.value != "true_false" for q in result.bank.questions)


@pytest.mark.parametrize(
    ("single", "multiple", "true_false", "number", "essay", "matching"),
    [
        ("multiple_choice_question", "multiple_answers_question", "true_false_question", "numerical_question",
         "essay_question", "matching_question"),  # as a course platform's export names them
        ("multichoice", "MRQ", "truefalse", "NUM", "essay", "MAT"),
        ("QCU", "QRM", "Vrai/Faux", "Numerical", "Freitext", "ORD"),
    ],
    ids=["platform-export", "codes", "other-languages"],
)  # fmt: skip
def test_kind_names_of_course_platforms_and_other_languages(
    tmp_path: Path, single: str, multiple: str, true_false: str, number: str, essay: str, matching: str
) -> None:
    rows = [
        ["Type", "Question", "Option A", "Option B", "Option C", "Answer"],
        [single, "Which planet is largest?", "Mars", "Jupiter", "Venus", "B"],
        [multiple, "Which are gas giants?", "Jupiter", "Earth", "Saturn", "A,C"],
        [true_false, "The Moon has its own light.", None, None, None, "false"],
        [number, "How many planets orbit the Sun?", None, None, None, "8"],
        [essay, "Explain why the seasons change.", None, None, None, "The tilt of the Earth's axis."],
        [matching, "Match each planet to its moon.", "Earth", "Mars", None, "Moon; Phobos"],
    ]
    result = import_file(workbook(tmp_path / "kinds.xlsx", {"Sheet1": rows}), bank_id="kinds")
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AC",
        "tf-3": False,
        "fill-4": ["8"],
        "case-5": "The tilt of the Earth's axis.",
    }
    assert [(lo.line, lo.number) for lo in result.left_out] == [(7, 6)]
    assert matching in result.left_out[0].en


def test_excels_sep_line_names_the_delimiter_and_is_no_title(tmp_path: Path) -> None:
    text = "sep=;\nFrage;Antwort A;Antwort B;Richtige Antwort\nWie viele Beine hat eine Spinne?;sechs;acht;B\n"
    result = import_csv(tmp_path / "spinne.csv", text)
    assert keys(result) == {"single-1": "B"}
    assert result.bank.questions[0].line == 3  # rows keep their numbers in the file
    assert result.bank.title == "spinne"


def test_judgements_keyed_in_the_sheets_language(tmp_path: Path) -> None:
    text = (
        "Type;Question;Réponse A;Réponse B;Bonne réponse\n"
        ";Mars est une planète.;;;vrai\n"  # no kind: the key says it
        ";Le contraire de « vrai » est « ____ ».;;;faux\n"  # a blank: the word is a fill-in's answer
        "Vrai/Faux;La Lune produit sa propre lumière.;;;Faux\n"
        "Vrai/Faux;Le Soleil est une étoile.;;;Vrai\n"
    )
    result = import_csv(tmp_path / "vf.csv", text)
    assert keys(result) == {"tf-1": True, "fill-2": ["faux"], "tf-3": False, "tf-4": True}


def test_a_header_in_two_rows_under_merged_cells(tmp_path: Path) -> None:
    """`选项` merged over the row that names `A | B | C | D` (and `答案` over `第一空 | 第二空`)."""
    rows: list[list[object]] = [
        ["地理题库"],
        ["序号", "题型", "题干", "选项", None, None, None, "答案", None],
        [None, None, None, "A", "B", "C", "D", "第一空", "第二空"],
        [1, "单选题", "地球上最大的大洋是", "大西洋", "太平洋", "印度洋", "北冰洋", "B", None],
        [2, "多选题", "属于亚洲的国家有", "中国", "法国", "日本", "巴西", "AC", None],
        [3, "填空题", "世界最高峰是____，位于____山脉。", None, None, None, None, "珠穆朗玛峰", "喜马拉雅"],
    ]
    result = import_file(workbook(tmp_path / "geo.xlsx", {"题库": rows}), bank_id="geo")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "fill-3": [["珠穆朗玛峰"], ["喜马拉雅"]]}
    assert result.bank.questions[0].options["D"] == "北冰洋" and result.bank.questions[0].line == 4
    assert result.bank.title == "地理题库"


@pytest.mark.parametrize(
    "text",
    [
        FRENCH.lstrip("\ufeff"),  # `é ` and `à` are no GB18030: only Windows-1252 reads the file
        "Question;Réponse A;Réponse B;Bonne réponse\nQuelle planète est gazeuse ?;Vénus;Jupiter;B\n",
    ],  # every accent inside a word: GB18030 reads it too, as Chinese characters inside Latin words
    ids=["gb18030-fails", "gb18030-misreads"],
)
def test_a_csv_saved_by_excel_in_a_western_locale_is_windows_1252(tmp_path: Path, text: str) -> None:
    path = tmp_path / "ansi.csv"
    path.write_bytes(text.encode("cp1252"))
    result = import_file(path, bank_id="ansi")
    first = result.bank.questions[0]
    assert first.answer == "B" and first.options["A"] == "Vénus"
    assert "planète" in first.prompt


def test_a_gb18030_csv_with_latin_words_stays_chinese(tmp_path: Path) -> None:
    text = "题干,A,B,答案\n在Python中，列表用什么括号表示？,圆括号,方括号,B\nHTTP默认端口是,80,21,A\n"
    path = tmp_path / "gbk.csv"
    path.write_bytes(text.encode("gb18030"))
    result = import_file(path, bank_id="gbk")
    assert [q.prompt for q in result.bank.questions] == ["在Python中，列表用什么括号表示？", "HTTP默认端口是"]


@pytest.mark.parametrize(
    "answers",
    [
        [["题号", "答案", "解析"], [1, "B", "太平洋面积最大。"], [2, "AC", None], [3, "对", None]],
        [["Question", "Answer"], [1, "B"], [2, "A, C"], [3, "True"]],  # numbers under `Question`
    ],
    ids=["题号-答案", "question-answer"],
)
def test_keys_on_an_answer_sheet_of_the_workbook(tmp_path: Path, answers: list[list[object]]) -> None:
    questions: list[list[object]] = [
        ["序号", "题型", "题干", "A", "B", "C", "D"],
        [1, "单选题", "地球上最大的大洋是", "大西洋", "太平洋", "印度洋", "北冰洋"],
        [2, "多选题", "属于亚洲的国家有", "中国", "法国", "日本", "巴西"],
        [3, "判断题", "赤道长约4万千米。", None, None, None, None],
        [4, "单选题", "世界上最长的河流是", "尼罗河", "长江", "亚马孙河", "黄河"],  # the answer sheet has no 4
    ]
    result = import_file(workbook(tmp_path / "geo.xlsx", {"试题": questions, "答案": answers}), bank_id="geo")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "tf-3": True}
    assert [(lo.line, lo.number) for lo in result.left_out] == [(5, 4)]  # no key: left out, not guessed
    if answers[0][0] == "题号":
        assert result.bank.questions[0].explanation == "太平洋面积最大。"


def test_kind_codes_in_a_note_that_the_csv_split_at_its_commas(tmp_path: Path) -> None:
    text = (
        "说明：题型代码 1=单选题,2=多选题,3=判断题\n"
        "题型,题干,A,B,C,答案\n"
        "1,光年是什么单位？,时间,长度,质量,B\n"
        "3,月球自身会发光。,,,,0\n"
        "2,下列属于行星的有,金星,月球,火星,AC\n"
    )
    result = import_csv(tmp_path / "codes.csv", text)
    assert keys(result) == {"single-1": "B", "tf-2": False, "multiple-3": "AC"}


def test_a_sheet_beside_the_questions_that_follows_no_layout_is_reported_not_dropped(tmp_path: Path) -> None:
    questions: list[list[object]] = [["题干", "A", "B", "答案"], ["水的化学式是", "H2O", "CO2", "A"]]
    other: list[list[object]] = [["第二部分"], ["1. 光年是什么单位？（长度）"], ["2. 月球会发光吗？（不会）"]]
    notes: list[list[object]] = [["填写说明：每行一题"]]
    result = import_file(
        workbook(tmp_path / "three.xlsx", {"题目": questions, "补充": other, "填写说明": notes}), bank_id="three"
    )
    assert keys(result) == {"single-1": "A"}
    said = {n.name: (n.read, n.en) for n in result.sheets}
    assert said == {
        "题目": (True, ""),
        "补充": (False, "not read: 3 rows; read as text they hold 2 questions, most without a key"),
        "填写说明": (False, "instructions; holds no questions"),
    }
    assert "  工作表“补充”：未读取：3 行，按文字读出 2 道题，但大多没有答案" in summary(result, "zh")


def test_the_sheets_a_workbook_explains_itself_with_are_named_in_the_conventions(tmp_path: Path) -> None:
    rows = [
        ["题型", "题干", "A", "B", "答案"],
        [1, "水的化学式是", "H2O", "CO2", "A"],
        [2, "月球会发光。", None, None, 0],
    ]
    legend: list[list[object]] = [["代码", "含义"], [1, "单选题"], [2, "判断题"]]
    result = import_file(workbook(tmp_path / "codes.xlsx", {"题库": rows, "代码": legend}), bank_id="codes")
    assert keys(result) == {"single-1": "A", "tf-2": False}
    assert any("'代码'" in c.en and "“代码”" in c.zh for c in result.conventions)


def test_a_question_named_column_of_numbers_beside_the_stem_column_is_the_number(tmp_path: Path) -> None:
    rows = [
        ["题目", "题干", "A", "B", "答案"],
        [7, "水的化学式是", "H2O", "CO2", "A"],
        [8, "氧的元素符号是", "O", "Og", "A"],
    ]
    result = import_file(workbook(tmp_path / "numbers.xlsx", {"Sheet1": rows}), bank_id="numbers")
    assert [(q.number, q.prompt, q.answer) for q in result.bank.questions] == [
        (7, "水的化学式是", "A"),
        (8, "氧的元素符号是", "A"),
    ]
