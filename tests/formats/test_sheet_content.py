"""Sheets whose header the importer does not know (another language, a misspelling, none at all): their
columns are mapped by what they hold (`bot.banks.sheets.content`).

Every sheet is written by the test, in layouts question-bank sites, quiz tools and teachers use; the header
words are chosen from languages whose names are in no list of the importer, so only the content can say which
column is which.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from bot.banks.importer import import_file
from bot.banks.issues import DocumentError
from bot.banks.sheets.content import column_name, plan_columns
from bot.banks.sheets.table import Row, Table
from bot.banks.summary import summary
from tests.formats.test_sheets import import_csv, keys, workbook


def test_a_header_in_an_unknown_language_is_read_by_the_columns_content(tmp_path: Path) -> None:
    rows = [
        ["Test z biologii — klasa 7"],
        ["Pytanie", "Odpowiedź A", "Odpowiedź B", "Odpowiedź C", "Odpowiedź D", "Poprawna", "Wyjaśnienie"],
        ["Który narząd pompuje krew?", "Płuca", "Serce", "Wątroba", "Nerki", "B", "Serce jest pompą układu krążenia."],
        ["Ile nóg ma pająk?", "6", "8", "10", "4", "b", None],
        ["Które zwierzęta są ssakami?", "Delfin", "Rekin", "Nietoperz", "Żaba", "A, C", "Delfin i nietoperz."],
        ["Gdzie zachodzi fotosynteza?", "W mitochondriach", "W chloroplastach", "W jądrze", None, "B", None],
    ]
    result = import_file(workbook(tmp_path / "bio.xlsx", {"Arkusz1": rows}), bank_id="bio")
    assert keys(result) == {"single-1": "B", "single-2": "B", "multiple-3": "AC", "single-4": "B"}
    first, *_, last = result.bank.questions
    assert first.options == {"A": "Płuca", "B": "Serce", "C": "Wątroba", "D": "Nerki"}
    assert first.explanation == "Serce jest pompą układu krążenia." and first.line == 3
    assert last.options == {"A": "W mitochondriach", "B": "W chloroplastach", "C": "W jądrze"}
    assert result.bank.title == "Test z biologii — klasa 7"
    (said,) = [c for c in result.conventions if "by what they hold" in c.en]
    assert "question column A" in said.en and "options columns B–E" in said.en and "key column F" in said.en
    assert "header in row 2 was not recognised" in said.en and "按内容识别" in said.zh


def test_a_misspelt_header_and_keys_by_option_number(tmp_path: Path) -> None:
    csv = (
        "Nr,Qestion,Choise 1,Choise 2,Choise 3,Choise 4,Anwser,Explaination\n"
        "1,Which planet is closest to the Sun?,Venus,Mercury,Mars,Earth,2,Mercury orbits closest.\n"
        "2,Which gas do plants take in?,Oxygen,Nitrogen,Carbon dioxide,Helium,3,\n"
        '3,Which of these are primary colours?,Red,Green,Blue,Purple,"1,3",Red and blue (in paint).\n'
        "4,How many continents are there?,5,6,7,8,3,\n"
    )
    result = import_csv(tmp_path / "quiz.csv", csv)
    assert keys(result) == {"single-1": "B", "single-2": "C", "multiple-3": "AC", "single-4": "C"}
    assert [q.number for q in result.bank.questions] == [1, 2, 3, 4]
    assert result.bank.questions[0].explanation == "Mercury orbits closest."


def test_keys_counted_from_zero_where_the_sheet_counts_so(tmp_path: Path) -> None:
    csv = (
        "\ufeffCâu hỏi,Lựa chọn 1,Lựa chọn 2,Lựa chọn 3,Lựa chọn 4,Vị trí đúng\n"
        "Thủ đô của Nhật Bản là gì?,Kyoto,Osaka,Tokyo,Nagoya,2\n"
        "Nước sôi ở bao nhiêu độ C?,90,100,110,120,1\n"
        "Hành tinh lớn nhất?,Sao Mộc,Sao Thổ,Trái Đất,Sao Hỏa,0\n"
    )
    result = import_csv(tmp_path / "vi.csv", csv)
    assert keys(result) == {"single-1": "C", "single-2": "B", "single-3": "A"}
    assert any("from 0" in c.en for c in result.conventions)
    # options that are numbers, a key that is also an option's text: the sheet counts from 0 (its 0 says so)
    numbers = (
        "Ερώτηση;Επιλογή 1;Επιλογή 2;Επιλογή 3;Επιλογή 4;Σωστή (0-3)\n"
        "Πόσο κάνει 3 + 5;6;7;8;9;2\n"
        "Ποιος είναι ζυγός αριθμός;3;5;7;8;3\n"
        "Πόσες μέρες έχει η εβδομάδα;7;6;5;8;0\n"
        "Πόσο κάνει 2 + 2;1;2;3;4;3\n"
    )
    assert keys(import_csv(tmp_path / "el.csv", numbers)) == {
        "single-1": "C",
        "single-2": "D",
        "single-3": "A",
        "single-4": "D",
    }


def test_a_key_written_as_the_right_options_text(tmp_path: Path) -> None:
    rows = [
        ["Pertanyaan", "Pilihan 1", "Pilihan 2", "Pilihan 3", "Jawaban benar"],
        ["Ibu kota Indonesia adalah?", "Bandung", "Jakarta", "Surabaya", "Jakarta"],
        ["Hewan yang bertelur?", "Ayam", "Kucing", "Sapi", "Ayam"],
        ["Warna daun yang sehat?", "Merah", "Hijau", "Biru", "hijau"],
    ]
    result = import_file(workbook(tmp_path / "id.xlsx", {"Lembar1": rows}), bank_id="id")
    assert keys(result) == {"single-1": "B", "single-2": "A", "single-3": "B"}


@pytest.mark.parametrize("joiner", [";", " | ", " / ", "\n"])
def test_options_joined_in_one_cell_under_an_unknown_header(tmp_path: Path, joiner: str) -> None:
    rows = [
        ["Vraag", "Keuzes", "Juist"],
        ["Wat is de hoofdstad van Frankrijk?", joiner.join(["Lyon", "Parijs", "Nice"]), "B"],
        ["Hoeveel dagen heeft een week?", joiner.join(["5", "7", "10", "12"]), "B"],
        ["Welke dieren kunnen vliegen?", joiner.join(["Mus", "Hond", "Vleermuis"]), "A C"],
    ]
    result = import_file(workbook(tmp_path / "nl.xlsx", {"Blad1": rows}), bank_id="nl")
    assert keys(result) == {"single-1": "B", "single-2": "B", "multiple-3": "AC"}
    assert result.bank.questions[0].options == {"A": "Lyon", "B": "Parijs", "C": "Nice"}


@pytest.mark.parametrize(
    ("letters", "answers", "expected"),
    [
        ("アイウエ", ["ウ", "ア", "イ、エ"], ["C", "A", "BD"]),  # katakana, as Japanese exams letter options
        ("АБВГ", ["В", "А", "Б, Г"], ["C", "A", "BD"]),  # Cyrillic: В is the third option, not B
        ("①②③④", ["③", "①", "②④"], ["C", "A", "BD"]),  # circled numbers, as Korean exams key them
        ("가나다라", ["다", "가", "나,라"], ["C", "A", "BD"]),
    ],
)
def test_keys_in_the_alphabet_the_options_are_lettered_in(
    tmp_path: Path, letters: str, answers: list[str], expected: list[str]
) -> None:
    rows = [
        ["問", *letters, "正"],
        ["水の化学式はどれか。", "CO2", "NaCl", "H2O", "O2", answers[0]],
        ["日本の首都はどこか。", "東京", "大阪", "京都", "札幌", answers[1]],
        ["偶数はどれか。", "3", "4", "5", "6", answers[2]],
    ]
    result = import_file(workbook(tmp_path / "abc.xlsx", {"Sheet1": rows}), bank_id="abc")
    assert [q.answer for q in result.bank.questions] == expected
    assert [q.kind.value for q in result.bank.questions] == ["single", "single", "multiple"]


def test_no_header_at_all_with_judgements_fill_ins_and_rows_of_different_lengths(tmp_path: Path) -> None:
    csv = (
        "Quelle est la capitale de l'Italie ?;Milan;Rome;Naples;Turin;B\n"
        "Le soleil est une étoile.;Vrai\n"
        "La baleine est un poisson.;Faux\n"
        "L'eau gèle à ____ degrés.;0\n"
        "Quels nombres sont pairs ?;2;3;4;5;A C\n"
    )
    path = tmp_path / "fr.csv"
    path.write_text(csv, encoding="cp1252")
    result = import_file(path, bank_id="fr")
    assert keys(result) == {"single-1": "B", "tf-2": True, "tf-3": False, "fill-4": ["0"], "multiple-5": "AC"}


def test_a_number_column_a_kind_column_and_rows_of_notes_around_the_questions(tmp_path: Path) -> None:
    rows = [
        ["Instrukcja: wpisz pytania poniżej, jedno w wierszu."],
        [],
        ["Lp.", "Rodzaj", "Treść", "A", "B", "C", "D", "Klucz"],
        [1, "Single choice", "Ile to jest 2 + 2?", "3", "4", "5", "6", "B"],
        [2, "Multiple choice", "Które liczby są pierwsze?", "2", "4", "5", "9", "AC"],
        [3, "True/False", "Zero jest liczbą parzystą.", None, None, None, None, "TRUE"],
        [4, "Single choice", "Ile boków ma trójkąt?", "2", "3", "4", None, "B"],
        [],
        ["Razem: 4 pytania"],
        ["Opracowanie: zespół nauczycieli"],
    ]
    result = import_file(workbook(tmp_path / "mat.xlsx", {"Test": rows}), bank_id="mat")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "tf-3": True, "single-4": "B"}
    assert not result.left_out and [q.line for q in result.bank.questions] == [4, 5, 6, 7]


def test_a_sheet_of_other_data_is_never_read_as_questions(tmp_path: Path) -> None:
    rows = [
        ["Imię", "Nazwisko", "Klasa", "Wynik"],
        ["Anna", "Kowalska", "7a", 18],
        ["Jan", "Nowak", "7b", 15],
        ["Ewa", "Wiśniewska", "7a", 20],
    ]
    with pytest.raises(DocumentError):
        import_file(workbook(tmp_path / "wyniki.xlsx", {"Wyniki": rows}), bank_id="w")
    table = Table([Row(i + 1, [str(c) for c in r]) for i, r in enumerate(rows)])
    assert plan_columns(table) is None


def test_column_names_as_the_spreadsheet_shows_them() -> None:
    assert [column_name(i) for i in (0, 1, 25, 26, 27, 701, 702)] == ["A", "B", "Z", "AA", "AB", "ZZ", "AAA"]


# -- questions over several rows --------------------------------------------------------------------------
def test_a_question_row_followed_by_a_row_of_its_options(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Kysymykset — maantieto"],
        [1, "Mikä on Suomen pääkaupunki?", None, None, "2"],
        [None, "Turku", "Helsinki", "Tampere"],
        [2, "Montako päivää on viikossa?", None, None, "4"],
        [None, "5", "6", "8", "7"],
        [3, "Mikä näistä on nisäkäs?", None, None, "1"],
        [None, "Valas", "Hai", "Tonnikala"],
    ]
    result = import_file(workbook(tmp_path / "fi.xlsx", {"Taul1": rows}), bank_id="fi")
    assert keys(result) == {"single-1": "B", "single-2": "D", "single-3": "A"}
    assert result.bank.questions[0].options == {"A": "Turku", "B": "Helsinki", "C": "Tampere"}
    assert [q.line for q in result.bank.questions] == [2, 4, 6]
    assert any("options columns B–E of the row below" in c.en for c in result.conventions)


def test_a_question_row_followed_by_one_cell_lettering_all_its_options(tmp_path: Path) -> None:
    # the options' cell may be as long as the stem, and its letters may touch the options before them
    rows: list[list[object]] = [
        [None, "初级", "答案"],
        [None, "一、单选题", None],
        [None, "1、常温下呈液态的金属是()。", "B"],
        [None, "(A)铁  (B)汞  (C)铜  (D)铝", None],
        [None, "2、下列动物中属于哺乳动物的是()。", "C"],
        [None, "(A)生活在深海里的大白鲨(B)生活在河流里的鳟鱼(C)生活在海洋里的蓝鲸(D)生活在池塘里的青蛙", None],
        [None, "3、一周有几天()。", "D"],
        [None, "(A) 5 (B) 6 (C) 8 (D) 7", None],
    ]
    result = import_file(workbook(tmp_path / "zh.xlsx", {"Sheet2": rows}), bank_id="zh")
    assert keys(result) == {"single-1": "B", "single-2": "C", "single-3": "D"}
    assert result.bank.questions[1].options["C"] == "生活在海洋里的蓝鲸"
    assert result.bank.questions[0].prompt == "常温下呈液态的金属是()。"
    assert not result.left_out


def test_options_on_the_row_below_with_the_key_at_its_end(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Welches Tier ist ein Säugetier?"],
        ["Frosch", "Delfin", "Forelle", "B"],
        ["Welche Zahl ist gerade?"],
        ["3", "7", "8", "C"],
        ["Welche Farben hat die Flagge Italiens?"],
        ["Grün", "Blau", "Rot", "A C"],
    ]
    result = import_file(workbook(tmp_path / "de.xlsx", {"Tabelle1": rows}), bank_id="de")
    assert keys(result) == {"single-1": "B", "single-2": "C", "multiple-3": "AC"}


def test_the_question_written_again_on_each_of_its_option_rows(tmp_path: Path) -> None:
    csv = (
        "Question,Answer,Correct\n"
        "Which animal is a mammal?,Frog,0\n"
        "Which animal is a mammal?,Dolphin,1\n"
        "Which animal is a mammal?,Trout,0\n"
        "Which numbers are prime?,2,1\n"
        "Which numbers are prime?,4,0\n"
        "Which numbers are prime?,5,1\n"
    )
    result = import_csv(tmp_path / "long.csv", csv)
    assert keys(result) == {"single-1": "B", "multiple-2": "AC"}
    assert result.bank.questions[0].options == {"A": "Frog", "B": "Dolphin", "C": "Trout"}
    polish = "Pytanie;Odpowiedź;Poprawna\nKtóry to ssak?;Żaba;nie\nKtóry to ssak?;Delfin;tak\n"
    polish += "Które liczby są pierwsze?;2;tak\nKtóre liczby są pierwsze?;4;nie\n"
    assert keys(import_csv(tmp_path / "pl.csv", polish)) == {"single-1": "B", "single-2": "A"}


# -- CSV dialects --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("encoding", "text", "expected"),
    [
        ("cp1251", "Вопрос;Вариант 1;Вариант 2;Вариант 3;Номер\nСтолица России?;Казань;Москва;Омск;2\n", "Москва"),
        ("cp1250", "Pytanie;Odp. A;Odp. B;Klucz\nKtóry narząd pompuje krew?;Płuca;Serce;B\n", "Serce"),
        ("cp1252", "Question;Réponse A;Réponse B;Juste\nOù se trouve la tour Eiffel ?;Paris;Lyon;A\n", "Paris"),
        ("cp1253", "Ερώτηση;Α;Β;Γ;Απάντηση\nΠρωτεύουσα της Ελλάδας;Πάτρα;Αθήνα;Βόλος;Β\n", "Αθήνα"),
        ("cp1254", "Soru;A;B;C;Cevap\nTürkiye'nin başkenti neresidir?;İzmir;Ankara;Bursa;B\n", "Ankara"),
        ("shift_jis", "問題,ア,イ,ウ,正解\n日本の首都はどこですか？,大阪,東京,京都,イ\n", "東京"),
        ("euc_kr", "문제,보기1,보기2,보기3,정답\n대한민국의 수도는 어디인가?,부산,서울,대구,2\n", "서울"),
        ("big5", "題目,選擇一,選擇二,選擇三,解答\n臺灣最高的山是哪一座？,合歡山,玉山,雪山,2\n", "玉山"),
        ("gb18030", "题目,甲,乙,丙,正确\n我国最长的河流是哪一条？,黄河,长江,珠江,2\n", "长江"),
    ],
)
def test_a_csv_saved_in_the_code_page_of_its_windows(tmp_path: Path, encoding: str, text: str, expected: str) -> None:
    header, row = text.splitlines()
    delimiter = ";" if ";" in header else ","
    stem, *rest = row.split(delimiter)
    again = delimiter.join(["(2) " + stem, *rest])  # a second question, the same shape
    path = tmp_path / "cp.csv"
    path.write_bytes("\r\n".join([header, row, again, ""]).encode(encoding))
    result = import_file(path, bank_id="cp")
    first = result.bank.questions[0]
    assert (first.prompt, first.options[str(first.answer)]) == (stem, expected)
    assert len(result.bank.questions) == 2


def test_quoted_cells_with_line_breaks_and_delimiters_inside_and_a_tab_separated_file(tmp_path: Path) -> None:
    csv = (
        "\ufeffPergunta\tAlternativas\tGabarito certo\n"
        '"Qual é a capital\tdo Brasil?"\t"Rio de Janeiro\nBrasília\nSão Paulo"\tB\n'
        '"Quais são números pares; escolha duas"\t"2\n3\n4"\t"A, C"\n'
    )
    result = import_csv(tmp_path / "pt.csv", csv)
    assert keys(result) == {"single-1": "B", "multiple-2": "AC"}
    assert result.bank.questions[0].options == {"A": "Rio de Janeiro", "B": "Brasília", "C": "São Paulo"}


# -- keys that do not fit their question are never published -----------------------------------------------
def test_keys_that_do_not_fit_the_rows_kind_or_options_leave_the_row_out_with_its_sheet_and_reason(
    tmp_path: Path,
) -> None:
    typed = [
        ["题型", "题干", "A", "B", "C", "D", "答案"],
        ["单选题", "水的化学式是", "H2O", "CO2", "NaCl", "O2", "A"],
        ["单选题", "下列属于金属的是", "铁", "铜", "木头", "塑料", "AB"],  # several letters under single choice
        ["多选题", "下列属于哺乳动物的有", "鲸", "鲨鱼", "蝙蝠", "金枪鱼", "对"],  # a judgement under choice
        ["单选题", "一周有几天", "5", "6", "7", None, "E"],  # a letter that is not among the options
        ["判断题", "太阳是恒星。", None, None, None, None, "对"],
    ]
    polish = [
        ["Pytanie", "Odp. 1", "Odp. 2", "Odp. 3", "Klucz"],
        ["Stolica Polski to?", "Kraków", "Warszawa", "Gdańsk", "2"],
        ["Ile dni ma tydzień?", "5", "7", "9", "5"],  # a number past the last option
        ["Najdłuższa rzeka Polski?", "Wisła", "Odra", "Warta", "1"],
    ]
    single = [["题干", "A", "B", "C", "答案"], ["光的速度最快的介质是", "真空", "水", "玻璃", "A"]]
    single.append(["声音不能在哪里传播", "真空", "水", "钢铁", "AC"])  # the sheet's name says single choice
    path = workbook(tmp_path / "misfit.xlsx", {"化学": typed, "Pytania": polish, "单选题": single})
    result = import_file(path, bank_id="misfit")
    assert keys(result) == {
        "single-1": "A",
        "tf-5": True,
        "single-1-2": "B",
        "single-3": "A",
        "single-1-3": "A",
    }
    left = {(lo.sheet, lo.line): lo.en for lo in result.left_out}
    assert left == {
        ("化学", 3): "question 2 is marked single choice, but its key has several letters (AB); "
        "the key does not fit its kind; not imported",
        ("化学", 4): "the key '对' of question 3 is not option letters; not imported",
        ("化学", 5): "the key of question 4 names option E, which it does not have; not imported",
        ("Pytania", 3): "the key of question 2 names choice 5, which does not exist (it has 3 choices); not imported",
        ("单选题", 3): "question 2 is marked single choice, but its key has several letters (AC); "
        "the key does not fit its kind; not imported",
    }
    lines = summary(result, "zh")
    assert "  工作表“化学”第 3 行：第 2 题标为单选题，但答案有多个字母（AB），答案与题型不符，未导入" in lines
    assert lines[1:4] == [
        "  工作表“化学”：导入 2 题，未导入 3 题",
        "  工作表“Pytania”：导入 2 题，未导入 1 题",
        "  工作表“单选题”：导入 1 题，未导入 1 题",
    ]


def test_question_records_opened_by_a_row_naming_the_type(tmp_path: Path) -> None:
    csv = (
        "NewQuestion,MC,,,\n"
        "ID,GEO-1,,,\n"
        "QuestionText,Which river is the longest in Africa?,,,\n"
        "Points,1,,,\n"
        "Option,0,Congo,,\n"
        "Option,100,Nile,,The Nile runs about 6650 km.\n"
        "Option,0,Niger,,\n"
        "Feedback,Measured from its farthest source.,,,\n"
        "NewQuestion,M-S,,,\n"
        "QuestionText,Which of these are oceans?,,,\n"
        "Option,50,Indian,,\n"
        "Option,0,Caspian,,\n"
        "Option,50,Arctic,,\n"
        "NewQuestion,TF,,,\n"
        "QuestionText,Mount Everest lies in the Andes.,,,\n"
        "TRUE,0,,,\n"
        "FALSE,100,,,\n"
        "NewQuestion,SA,,,\n"
        "QuestionText,What is the capital of Kenya?,,,\n"
        "Answer,100,Nairobi,,\n"
        "NewQuestion,FIB,,,\n"
        "Text,The equator is at latitude,,,\n"
        "Blank,100,0,,\n"
        "Text,degrees.,,,\n"
        "NewQuestion,MAT,,,\n"
        "QuestionText,Match each country with its capital.,,,\n"
        "Choice,1,France,,\n"
        "Match,1,Paris,,\n"
        "NewQuestion,WR,,,\n"
        "QuestionText,Explain why deserts are cold at night.,,,\n"
        "AnswerKey,Dry air and clear skies let the ground lose its heat quickly.,,,\n"
    )
    result = import_csv(tmp_path / "records.csv", csv)
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AC",
        "tf-3": False,
        "fill-4": ["Nairobi"],
        "fill-5": ["0"],
        "case-7": "Dry air and clear skies let the ground lose its heat quickly.",
    }
    assert result.bank.questions[0].explanation == "Measured from its farthest source."
    assert result.bank.questions[4].prompt == "The equator is at latitude ____ degrees."
    assert [(lo.line, lo.number) for lo in result.left_out] == [(25, 6)]  # matching: not askable in the chat


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        ("Prawda", "Fałsz"),
        ("正しい", "誤り"),
        ("참", "거짓"),
        ("Igaz", "Hamis"),
        ("Sant", "Falskt"),
        ("Tosi", "Epätosi"),
    ],
)
def test_statements_judged_in_the_sheets_language(tmp_path: Path, right: str, wrong: str) -> None:
    rows = [
        ["Zdanie", "Ocena"],  # names the importer has no list for
        ["Water boils at 100 degrees at sea level.", right],
        ["The Moon is larger than the Earth.", wrong],
        ["Spiders have eight legs.", right],
    ]
    result = import_file(workbook(tmp_path / "tf.xlsx", {"Arkusz": rows}), bank_id="tf")
    assert keys(result) == {"tf-1": True, "tf-2": False, "tf-3": True}


def test_kind_codes_a_legend_explains_and_codes_nothing_explains(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Typ", "Pytanie", "A", "B", "C", "D", "Klucz"],
        [1, "Ile to jest 2 + 2?", "3", "4", "5", "6", "B"],
        [2, "Które liczby są parzyste?", "2", "3", "4", "5", "AC"],
        [3, "Zero jest liczbą parzystą.", None, None, None, None, "Prawda"],
        [1, "Ile boków ma trójkąt?", "2", "3", "4", "5", "BC"],  # code 1 is single choice: this key does not fit
        [1, "Ile to jest 3 · 3?", "6", "8", "9", "12", "C"],
    ]
    legend: list[list[object]] = [["Kod", "Znaczenie"], [1, "Single choice"], [2, "Multiple choice"], [3, "True/False"]]
    result = import_file(workbook(tmp_path / "codes.xlsx", {"Test": rows, "Kody": legend}), bank_id="codes")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "tf-3": True, "single-5": "C"}
    assert [(lo.sheet, lo.line) for lo in result.left_out] == [("Test", 5)]
    assert [(n.name, n.read) for n in result.sheets] == [("Test", True), ("Kody", False)]
    # without the legend the codes say nothing the importer can read: the kinds come from the keys
    result = import_file(workbook(tmp_path / "bare.xlsx", {"Test": rows}), bank_id="bare")
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AC",
        "tf-3": True,
        "multiple-4": "BC",
        "single-5": "C",
    }


def test_a_header_in_two_rows_a_merged_name_over_the_option_letters(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Test"
    rows: list[list[object]] = [
        ["Sprawdzian — ułamki"],
        ["Instrukcja: zaznacz jedną odpowiedź."],
        [],
        ["Lp.", "Pytanie", "Odpowiedzi", None, None, None, "Klucz", "Komentarz"],
        [None, None, "A", "B", "C", "D", None, None],
        [1, "Ile to jest 1/2 + 1/4?", "3/4", "1/6", "2/6", "1", "A", "Wspólny mianownik 4."],
        [2, "Ile to jest 1/3 · 3?", "1/9", "1", "3", "1/3", "B", None],
        [3, "Który ułamek jest największy?", "1/2", "2/3", "3/5", "4/7", "B", None],
        [],
        ["Suma punktów: 3"],
    ]
    for row in rows:
        sheet.append(row)
    sheet.merge_cells("C4:F4")
    path = tmp_path / "two-rows.xlsx"
    book.save(path)
    result = import_file(path, bank_id="two")
    assert keys(result) == {"single-1": "A", "single-2": "B", "single-3": "B"}
    assert result.bank.questions[0].options == {"A": "3/4", "B": "1/6", "C": "2/6", "D": "1"}
    assert result.bank.questions[0].explanation == "Wspólny mianownik 4." and not result.left_out
    assert result.bank.title == "Sprawdzian — ułamki"


def test_two_options_that_are_letters_of_different_verdicts_stay_a_choice(tmp_path: Path) -> None:
    rows = [
        ["题干", "A", "B", "答案"],
        ["氧的元素符号是", "O", "N", "A"],  # oxygen and nitrogen, not ○ and No
        ["氮的元素符号是", "O", "N", "C"],  # no option C: left out, the import goes on
        ["说法正确吗：水是化合物", "T", "F", "A"],  # T and F are a verdict's two letters
    ]
    result = import_file(workbook(tmp_path / "symbols.xlsx", {"Sheet1": rows}), bank_id="symbols")
    assert keys(result) == {"single-1": "A", "tf-3": True}
    assert [lo.line for lo in result.left_out] == [3]


def test_a_key_written_as_its_letter_and_its_text_must_say_one_option(tmp_path: Path) -> None:
    csv = (
        "Pytanie,A,B,C,Klucz\n"
        "Stolica Polski to?,Kraków,Warszawa,Gdańsk,B) Warszawa\n"
        "Ile dni ma tydzień?,5,7,9,B) 7\n"
        "Najdłuższa rzeka Polski?,Wisła,Odra,Warta,B) Wisła\n"  # B is Odra: the key says two options
        "Które miasto leży nad morzem?,Gdańsk,Kraków,Łódź,A) Gdańsk\n"
    )
    result = import_csv(tmp_path / "lead.csv", csv)
    assert keys(result) == {"single-1": "B", "single-2": "B", "single-4": "A"}
    (left,) = result.left_out
    assert (left.line, left.en) == (
        4,
        "the key 'B) Wisła' of question 3 names option B by its letter and option A by its text; not imported",
    )
    known = "题干,A,B,C,答案\n我国的根本大法是,宪法,刑法,民法,A. 宪法\n水的化学式是,H2O,CO2,NaCl,B. H2O\n"
    result = import_csv(tmp_path / "known.csv", known)
    assert keys(result) == {"single-1": "A"} and [lo.line for lo in result.left_out] == [3]
    cyrillic = "Вопрос;А;Б;В;Ответ\nСтолица России?;Казань;Омск;Москва;В) Москва\nСколько дней в неделе?;7;5;6;А) 7\n"
    assert keys(import_csv(tmp_path / "ru.csv", cyrillic)) == {"single-1": "C", "single-2": "A"}


def test_a_flash_card_programs_settings_name_the_delimiter_and_are_no_rows(tmp_path: Path) -> None:
    csv = "#separator:Semicolon\n#html:false\n#columns:Front;Back\nDog in French;chien\nCat in French;chat\n"
    result = import_csv(tmp_path / "deck.csv", csv + "Bird in French;oiseau\n")
    assert keys(result) == {"fill-1": ["chien"], "fill-2": ["chat"], "fill-3": ["oiseau"]}
    assert [q.line for q in result.bank.questions] == [4, 5, 6]


def test_the_right_answers_text_beside_the_wrong_answers_columns(tmp_path: Path) -> None:
    csv = (
        "Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2 (Optional),Incorrect Answer 3 (Optional)\n"
        "What is the capital of France?,Paris,Lyon,Nice,Marseille\n"
        "How many legs has a spider?,8,6,10,\n"
        "Which gas do plants take in?,Carbon dioxide,Oxygen,,\n"
    )
    result = import_csv(tmp_path / "game.csv", csv)
    assert [(q.options, q.answer) for q in result.bank.questions] == [
        ({"A": "Lyon", "B": "Marseille", "C": "Nice", "D": "Paris"}, "D"),  # in an order of their own
        ({"A": "6", "B": "8", "C": "10"}, "B"),
        ({"A": "Carbon dioxide", "B": "Oxygen"}, "A"),
    ]
    assert any("Incorrect Answer 1…" in c.en for c in result.conventions)


def test_fill_keys_written_as_list_literals_are_their_items_and_an_empty_one_is_no_key(tmp_path: Path) -> None:
    # A quiz app's export: each key cell holds the list the app stored, as text; `[]` is a question whose
    # key was never entered, left out with its row, never published with the key `[]`.
    rows = [
        ["题目", "题型", "答案"],
        ["光合作用的场所是（    ）。", "填空题", "['叶绿体']"],
        ["人体最大的器官是（    ）。", "填空题", "[]"],
        ["DNA 的中文全称是（    ）。", "填空题", '["脱氧核糖核酸"]'],
        ["细胞的控制中心是（    ）。", "填空题", "['细胞核']"],
    ]
    result = import_file(workbook(tmp_path / "bio.xlsx", {"Sheet1": rows}), bank_id="bio")
    answers = [q.answer for q in result.bank.questions]
    assert answers == [["叶绿体"], ["脱氧核糖核酸"], ["细胞核"]]  # several items: each needed (tests/banks/test_fit.py)
    (gap,) = result.left_out
    assert gap.line == 3


def test_options_numbered_with_circled_digits_are_keyed_by_them(tmp_path: Path) -> None:
    """`①DEBUG ②LINK` in 选项1…选项4 with the key `②`: the option numbered so, not a crash on int('②')."""
    rows = [
        ["序号", "题目", "选项1", "选项2", "选项3", "选项4", "答案"],
        ["（1）", "把目标模块连接成可执行文件的程序是____", "①编辑器", "②连接器", "③解释器", "④调试器", "②"],
        ["（2）", "汇编语言写成的程序叫作____", "①源程序", "②目标程序", "③可执行程序", "④库", "①"],
        ["（3）", "下列属于寄存器的有____", "①AX", "②BX", "③RAM", "④CX", "①②④"],
    ]
    result = import_file(workbook(tmp_path / "asm.xlsx", {"选择题": rows}), bank_id="asm")
    assert [q.answer for q in result.bank.questions] == ["B", "A", "ABD"]
