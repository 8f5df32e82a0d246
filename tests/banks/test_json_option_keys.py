"""Options in one cell as a JSON list, keyed by a 0- or 1-based index or by the option's text. The base is
decided from the whole column (a 0 anywhere, the largest index equal to the option count), never per row;
options that are numbers themselves are keyed by index where the key names no option's text, and a key
that could be either is left out with its reason. Every sheet here is written by the test."""

from __future__ import annotations

import json
from pathlib import Path

from bot.banks.importer import ImportResult, import_file


def sheet(path: Path, header: list[str], rows: list[tuple[str, list[str], object]]) -> ImportResult:
    import csv

    with path.open("w", newline="", encoding="utf-8") as file:
        out = csv.writer(file)
        out.writerow(header)
        for stem, options, key in rows:
            out.writerow([stem, json.dumps(options, ensure_ascii=False), key])
    return import_file(path, bank_id=path.stem)


def keyed(result: ImportResult) -> list[tuple[str, object]]:
    return [(q.prompt, q.answer) for q in result.bank.questions]


def test_numbers_as_options_keyed_by_index_counted_from_zero_by_the_column(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "mates.csv",
        ["pregunta", "opciones", "respuesta"],
        [
            ("¿Cuántos lados tiene un pentágono?", ["4", "5", "6"], 1),
            ("¿Qué figura no tiene vértices?", ["Círculo", "Cuadrado", "Rombo"], 0),
            ("¿Cuántos grados suma un triángulo?", ["90", "180", "360"], 1),
        ],
    )
    assert keyed(result) == [
        ("¿Cuántos lados tiene un pentágono?", "B"),
        ("¿Qué figura no tiene vértices?", "A"),
        ("¿Cuántos grados suma un triángulo?", "B"),
    ]


def test_numbers_as_options_keyed_by_index_counted_from_one_by_the_column(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "rechnen.csv",
        ["Frage", "Optionen", "Lösung"],
        [
            ("Wie viel ist 7 mal 8?", ["54", "56", "64"], 2),
            ("Welche Zahl ist eine Primzahl?", ["Neun", "Zehn", "Elf"], 3),
        ],
    )
    assert keyed(result) == [("Wie viel ist 7 mal 8?", "B"), ("Welche Zahl ist eine Primzahl?", "C")]


def test_a_key_that_is_an_options_text_and_another_options_index_is_left_out(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "clash.csv",
        ["question", "options", "answer"],
        [
            ("How many moons has Mars?", ["1", "2", "3"], 2),  # the text 2 is B; index 2 from 0 is C
            ("Which is a noble gas?", ["Argon", "Nitrogen", "Oxygen"], 0),
            ("How many strings has a violin?", ["3", "4", "6"], 1),  # names no text: the index, B
        ],
    )
    assert keyed(result) == [("Which is a noble gas?", "A"), ("How many strings has a violin?", "B")]
    (left,) = result.left_out
    assert left.line == 2 and "option's text" in left.en


def test_an_index_over_number_options_with_no_base_in_the_column_is_left_out(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "nobase.csv",
        ["вопрос", "варианты", "ответ"],
        [
            ("Сколько ног у паука?", ["6", "8", "10"], 1),
            ("Сколько планет в Солнечной системе?", ["7", "8", "9"], 2),
            ("Какой газ мы вдыхаем?", ["Кислород", "Аргон", "Гелий"], "Кислород"),
        ],
    )
    assert keyed(result) == [("Какой газ мы вдыхаем?", "A")]
    assert len(result.left_out) == 2 and all("0 or 1" in item.en for item in result.left_out)


def test_a_key_written_as_the_options_text_in_any_width_or_case(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "text.csv",
        ["題目", "選択肢", "正解"],
        [
            ("日本で一番高い山は？", ["富士山", "北岳", "槍ヶ岳"], "富士山"),
            ("水の化学式は？", ["CO2", "H2O", "O2"], "Ｈ２Ｏ"),
            ("Capital of Canada?", ["Toronto", "Ottawa", "Montreal"], " ottawa "),
        ],
    )
    assert [k for _, k in keyed(result)] == ["A", "B", "B"]


def test_several_right_options_keyed_as_a_json_list_of_indexes_or_texts(tmp_path: Path) -> None:
    result = sheet(
        tmp_path / "list.csv",
        ["question", "options", "answer"],
        [
            ("Which are mammals?", ["Whale", "Shark", "Bat"], "[1, 3]"),  # 3 of three options: from 1
            ("Which is a bird?", ["Penguin", "Seal", "Cod"], 1),
            ("Which are metals?", ["Iron", "Glass", "Copper"], '["Iron", "Copper"]'),
        ],
    )
    assert [k for _, k in keyed(result)] == ["AC", "A", "AC"]


def test_a_fill_ins_answer_written_as_a_list_stays_whole(tmp_path: Path) -> None:
    path = tmp_path / "code.csv"
    path.write_text(
        "question,type,answer\n"
        '"What does sorted([4, 1, 0]) return? ____",fill,"[0, 1, 4]"\n'
        '"What does list(range(3)) return? ____",fill,"[0, 1, 2]"\n',
        encoding="utf-8",
    )
    result = import_file(path, bank_id="code")
    assert [q.answer for q in result.bank.questions] == [["[0, 1, 4]"], ["[0, 1, 2]"]]
