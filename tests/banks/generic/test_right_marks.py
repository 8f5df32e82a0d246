"""The right option marked by a word or sign beside it, in the document's language (`bot.banks.conventions.
right_marks`): `(Poprawna)`, `(corretta)`, `(правильный ответ)`, `<-- correct`, `– poprawna`, a tick before the
label, and a judgement whose right word is so marked (`对(正确答案)  错`). Every document written for this test."""

from __future__ import annotations

import pytest

from bot.banks.conventions.right_marks import right_mark, ticked_label, verdict_pair
from bot.banks.importer import import_text


def read(text: str, name: str = "doc.txt") -> list[tuple[str, object, dict[str, str]]]:
    bank = import_text(text, source=name, bank_id="t").bank
    return [(q.kind.value, q.answer, q.options) for q in bank.questions]


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("Warszawa (Poprawna)", "Warszawa"),
        ("Roma (corretta)", "Roma"),
        ("Москва (правильный ответ)", "Москва"),
        ("Pacific   <-- correct", "Pacific"),
        ("Pacific ← correct", "Pacific"),
        ("Odra – poprawna", "Odra"),
        ("東京（正解）", "東京"),
        ("서울 (정답)", "서울"),
        ("Hà Nội (đúng)", "Hà Nội"),
        ("7 ✔", "7"),
        ("119(正确答案)", "119"),
    ],
)
def test_a_right_mark_is_read_and_kept_out_of_the_text(text: str, bare: str) -> None:
    assert right_mark(text) == bare


@pytest.mark.parametrize(
    "text",
    [
        "Turn (right angle)",
        "A word (correctly spelled)",
        "Berlin - Hauptstadt",
        "(correct)",
        "Pacific",
        "Keep (right)",  # a direction, no mark
        "arr[correct]",  # code's index
    ],
)
def test_an_options_own_words_are_no_right_mark(text: str) -> None:
    assert right_mark(text) is None


def test_a_sign_alone_counts_only_where_the_reader_allows_it() -> None:
    assert right_mark("Pacific ✔", signs=False) is None
    assert right_mark("Nairobi *") is None
    assert right_mark("Nairobi *", star=True) == "Nairobi"
    assert ticked_label("✔ B. Pacific") == "B. Pacific"


def test_a_pair_of_verdicts_gives_the_marked_one() -> None:
    assert verdict_pair("对(正确答案)  错") == (True,)
    assert verdict_pair("Vrai / Faux (bonne réponse)") == (False,)
    assert verdict_pair("对  错") == (None,)
    assert verdict_pair("北京  上海") is None


def test_polish_options_marked_poprawna() -> None:
    doc = """Test z geografii
1. Stolica Polski to:
A. Kraków
B. Warszawa (Poprawna)
C. Gdańsk
2. Najdłuższa rzeka w Polsce:
A. Odra
B. Warta
C. Wisła (Poprawna)
3. Które miasta leżą nad morzem?
A. Gdynia (poprawna)
B. Łódź
C. Sopot (poprawna)
"""
    assert read(doc) == [
        ("single", "B", {"A": "Kraków", "B": "Warszawa", "C": "Gdańsk"}),
        ("single", "C", {"A": "Odra", "B": "Warta", "C": "Wisła"}),
        ("multiple", "AC", {"A": "Gdynia", "B": "Łódź", "C": "Sopot"}),
    ]


def test_italian_and_russian_words_in_brackets() -> None:
    italian = """1. Qual è il fiume più lungo d'Italia?
a) Tevere
b) Po (corretta)
c) Arno
2. In quale regione si trova Napoli?
a) Campania (corretta)
b) Puglia
c) Lazio
"""
    russian = """1. Какая планета ближе всех к Солнцу?
а) Венера
б) Меркурий (правильный ответ)
в) Марс
2. Сколько материков на Земле?
а) Шесть (правильный ответ)
б) Пять
в) Восемь
"""
    assert [(k, a) for k, a, _ in read(italian)] == [("single", "B"), ("single", "A")]
    assert [(k, a) for k, a, _ in read(russian)] == [("single", "B"), ("single", "A")]


def test_a_word_after_an_arrow_or_a_dash() -> None:
    english = """Q1. Which metal is liquid at room temperature?
a) Iron
b) Mercury   <-- correct
c) Copper
Q2. Which gas do we breathe out most of?
a) Nitrogen  <- correct
b) Helium
c) Argon
"""
    czech = """1. Hlavní město Slovenska je:
A. Košice
B. Bratislava – správně
C. Žilina
2. Nejvyšší hora Česka je:
A. Sněžka – správně
B. Praděd
C. Lysá hora
"""
    assert [(k, a) for k, a, _ in read(english)] == [("single", "B"), ("single", "A")]
    assert read(czech)[0] == ("single", "B", {"A": "Košice", "B": "Bratislava", "C": "Žilina"})
    assert read(czech)[1][1] == "A"


def test_a_tick_before_the_label() -> None:
    doc = """1. Which of these is a mammal?
A. Shark
✔ B. Dolphin
C. Trout
2. Which number is even?
✔ A. 14
B. 9
C. 21
"""
    assert read(doc) == [
        ("single", "B", {"A": "Shark", "B": "Dolphin", "C": "Trout"}),
        ("single", "A", {"A": "14", "B": "9", "C": "21"}),
    ]


def test_a_judgement_whose_right_word_is_marked_chinese() -> None:
    doc = """判断题
1. 水往低处流。
对(正确答案)  错
2. 冰的密度比水大。
对  错(正确答案)
3. 太阳从东方升起。
√(正确答案)  ×
"""
    assert [(k, a) for k, a, _ in read(doc)] == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_a_judgement_pair_never_keyed_by_the_word_that_closes_the_line() -> None:
    # every pair ends in its wrong word: read by the mark, not by the trailing ×
    doc = """1. 水往低处流。
√(正确答案)  ×
2. 铁在潮湿的空气中容易生锈。
√(正确答案)  ×
3. 植物在夜里只进行光合作用。
√  ×(正确答案)
"""
    assert [a for _, a, _ in read(doc)] == [True, True, False]


def test_a_judgement_pair_in_french_marked_after_a_slash() -> None:
    doc = """1. La Seine traverse Paris.
Vrai (bonne réponse) / Faux
2. Le Mont Blanc est en Belgique.
Vrai / Faux (bonne réponse)
"""
    assert [(k, a) for k, a, _ in read(doc)] == [("true_false", True), ("true_false", False)]


def test_a_pair_left_unmarked_keys_nothing() -> None:
    doc = """1. 水往低处流。
对(正确答案)  错
2. 冰的密度比水大。
对  错
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [q.answer for q in result.bank.questions] == [True]
    assert [lo.number for lo in result.left_out] == [2]
