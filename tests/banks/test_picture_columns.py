"""A sheet's picture column (`Figura`, `Imagen`, `Image Link`, `图片`) names the picture a row's question stands
with, which the workbook does not carry: a question pointing at it (`il segnale raffigurato`, `Perhatikan
gambar di atas`) is left out, one that reads without it is kept."""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import import_file
from tests.formats.test_sheets import workbook


def _read(path: Path) -> tuple[list[int], list[int]]:
    result = import_file(path, bank_id="b")
    return [q.number for q in result.bank.questions], [lo.number for lo in result.left_out]


def test_a_true_false_sheet_leaves_out_the_rows_pointing_at_their_figure(tmp_path: Path) -> None:
    # a boating-licence sheet, written here
    path = workbook(
        tmp_path / "nautica.xlsx",
        {
            "Scheda 3": [
                ["Circolo nautico – Quiz patente nautica – Scheda 3", None, None, None, None],
                ["Segna V o F. Le figure sono nel manuale del corso.", None, None, None, None],
                [None, None, None, None, None],
                ["N.", "Argomento", "Domanda", "Figura", "Risposta"],
                [1, "Fanali", "Il fanale raffigurato indica una nave alla fonda.", "fig_12.png", "V"],
                [2, "Precedenze", "Le imbarcazioni a vela hanno sempre la precedenza sulle navi.", None, "F"],
                [3, "Dotazioni", "Il giubbotto di salvataggio va indossato in caso di pericolo.", None, "V"],
                [4, "Segnalamenti", "La boa raffigurata segnala un pericolo isolato.", "fig_30.png", "V"],
            ]
        },
    )
    assert _read(path) == ([2, 3], [1, 4])


def test_a_quiz_game_sheet_with_an_image_link(tmp_path: Path) -> None:
    # a Quizizz-style sheet in Indonesian, written here
    path = workbook(
        tmp_path / "ipa.xlsx",
        {
            "Sheet1": [
                ["Question Text", "Question Type", "Option 1", "Option 2", "Option 3", "Correct Answer", "Image Link"],
                [
                    "Perhatikan gambar di atas. Hewan itu termasuk ...",
                    "Multiple Choice",
                    "mamalia",
                    "reptil",
                    "ikan",
                    "1",
                    "https://example.org/paus.png",
                ],
                ["Air mendidih pada suhu ... °C", "Multiple Choice", "50", "100", "150", "2", None],
                [
                    "Ibu kota Indonesia adalah ...",
                    "Multiple Choice",
                    "Jakarta",
                    "Medan",
                    "Bandung",
                    "1",
                    "https://example.org/monas.png",
                ],
            ]
        },
    )
    assert _read(path) == ([2, 3], [1])


def test_a_picture_column_in_spanish_leaves_out_what_points_at_it(tmp_path: Path) -> None:
    # a Spanish anatomy sheet, written here
    path = workbook(
        tmp_path / "anatomia.xlsx",
        {
            "Preguntas": [
                ["Pregunta", "Opción A", "Opción B", "Opción C", "Respuesta correcta", "Imagen"],
                ["¿Qué hueso señala esta imagen?", "fémur", "tibia", "húmero", "A", "hueso1.jpg"],
                ["¿Cuántos huesos tiene el cuerpo adulto?", "206", "150", "300", "A", None],
                ["¿Dónde está la rótula?", "rodilla", "codo", "hombro", "A", None],
            ]
        },
    )
    assert _read(path) == ([2, 3], [1])
