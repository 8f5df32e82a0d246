"""A key column holding the right option's text (or its text after its letter), headed in any language,
matched to an option after trimming, case and width. Every sheet here is written by the test."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from bot.banks.importer import import_file


def keys_of(path: Path, rows: list[list[str]]) -> list[object]:
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    return [q.answer for q in import_file(path, bank_id=path.stem).bank.questions]


@pytest.mark.parametrize(
    ("header", "rows", "expected"),
    [
        (
            ["Domanda", "Opzione 1", "Opzione 2", "Opzione 3", "Corretta"],
            [
                ["Qual è il fiume più lungo d'Italia?", "Tevere", "Po", "Arno", " po "],
                ["Quale città è il capoluogo della Sicilia?", "Catania", "Messina", "Palermo", "PALERMO"],
            ],
            ["B", "C"],
        ),
        (
            ["Вопрос", "Вариант 1", "Вариант 2", "Вариант 3", "Правильный ответ"],
            [
                ["Какая река самая длинная в Европе?", "Волга", "Дунай", "Днепр", "Волга"],
                ["Какой город стоит на Неве?", "Москва", "Санкт-Петербург", "Казань", "санкт-петербург"],
            ],
            ["A", "B"],
        ),
        (
            ["题目", "选项A", "选项B", "选项C", "正确选项"],
            [
                ["一年有几个季节？", "二", "三", "四", "C. 四"],
                ["化学式 H2O 表示什么？", "水", "氢气", "氧气", "Ａ．水"],
            ],
            ["C", "A"],
        ),
        (
            ["Frage", "Antwort A", "Antwort B", "Antwort C", "Richtige Antwort"],
            [
                ["Welches Metall rostet?", "Gold", "Eisen", "Platin", "B) Eisen"],
                ["Welches Tier ist ein Säugetier?", "Delfin", "Hai", "Forelle", "delfin"],
            ],
            ["B", "A"],
        ),
        (
            ["問題", "選択肢1", "選択肢2", "選択肢3", "正解"],
            [
                ["水の化学式はどれ？", "CO2", "H2O", "NaCl", "Ｈ２Ｏ"],
                ["日本の首都は？", "大阪", "京都", "東京", "東京"],
            ],
            ["B", "C"],
        ),
    ],
)
def test_a_key_naming_the_right_options_text(
    tmp_path: Path, header: list[str], rows: list[list[str]], expected: list[str]
) -> None:
    assert keys_of(tmp_path / "sheet.csv", [header, *rows]) == expected


def test_a_label_whose_text_is_another_options_or_none_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "mismatch.csv"
    rows = [
        ["Pregunta", "Opción A", "Opción B", "Opción C", "Respuesta correcta"],
        ["¿Qué planeta es rojo?", "Marte", "Venus", "Saturno", "A) Venus"],  # A's letter, B's text
        ["¿Qué planeta tiene anillos?", "Marte", "Venus", "Saturno", "C) Urano"],  # C's letter, no option's text
        ["¿Qué planeta es el más caliente?", "Marte", "Venus", "Saturno", "b) venus"],
        ["¿Qué planetas son rocosos?", "Marte", "Venus", "Saturno", "A、B"],  # two letters, no text
    ]
    with path.open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(rows)
    result = import_file(path, bank_id="mismatch")
    assert [q.answer for q in result.bank.questions] == ["B", "AB"]
    assert sorted(item.line for item in result.left_out) == [2, 3]


def test_a_key_that_is_an_options_text_shaped_like_letters(tmp_path: Path) -> None:
    # `Ag` is option B's text; read as letters it would name A and a G the question lacks
    rows = [
        ["Frage", "Option 1", "Option 2", "Option 3", "Lösung"],
        ["Symbol für Silber?", "Au", "Ag", "Si"],
        ["Symbol für Beryllium?", "Be", "Br", "Bi"],
        ["Welches ist ein Edelmetall?", "Gold", "Eisen", "Zink"],
    ]
    rows[1].append("Ag")
    rows[2].append("Be")
    rows[3].append("A")  # a letter, as written
    assert keys_of(tmp_path / "symbole.csv", rows) == ["B", "A", "A"]
