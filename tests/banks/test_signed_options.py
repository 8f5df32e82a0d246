"""Options signed right or wrong before their labels (`+ г) …` over `- а) …`, Russian and Ukrainian test banks):
the `+` options are the key (bot/banks/formats/signed_options.py)."""

from __future__ import annotations

from bot.banks.formats.signed_options import signed_options
from bot.banks.importer import import_text

# a chemistry self-test, written here
RUSSIAN = """1. Какой газ необходим для горения?
- а) азот
+ б) кислород
- в) гелий
2. Какие из веществ являются металлами? (несколько ответов)
+ а) медь
- б) сера
+ в) железо
- г) фосфор
"""

# a Ukrainian geography test, the signs glued to the labels, written here
UKRAINIAN = """1. Найбільша річка України:
-а) Десна
+б) Дніпро
-в) Прут
2. Столиця України:
+а) Київ
-б) Львів
-в) Одеса
"""

# an English quiz signed the same way, options lettered A. B. C., written here
ENGLISH = """1. Which planet is known as the red planet?
- A. Venus
+ B. Mars
- C. Jupiter
2. Which of these are mammals?
+ A. whale
- B. shark
+ C. bat
"""


def _keys(text: str) -> list[tuple[str, object]]:
    return [(q.kind.value, q.answer) for q in import_text(text, source="t.txt", bank_id="b").bank.questions]


def test_signed_cyrillic_options_are_keyed_by_their_plus() -> None:
    assert _keys(RUSSIAN) == [("single", "B"), ("multiple", "AC")]


def test_signs_glued_to_the_labels() -> None:
    assert _keys(UKRAINIAN) == [("single", "B"), ("single", "A")]


def test_signed_latin_options() -> None:
    assert _keys(ENGLISH) == [("single", "B"), ("multiple", "AC")]


def test_the_options_keep_their_text_without_the_signs() -> None:
    q = import_text(RUSSIAN, source="t.txt", bank_id="b").bank.questions[0]
    assert q.options == {"A": "азот", "B": "кислород", "C": "гелий"}


def test_a_list_of_options_all_bulleted_with_a_dash_is_left_as_it_stands() -> None:
    lines = ["1. Вопрос", "- а) один", "- б) два", "- в) три"]
    assert signed_options(lines) == lines


def test_a_lone_plus_line_is_no_run() -> None:
    lines = ["Итого:", "+ 1) плюс один", "конец"]
    assert signed_options(lines) == lines


def test_a_run_of_plus_and_minus_gets_ticks() -> None:
    assert signed_options(["+ а) да", "- б) нет"]) == ["✔ а) да", "б) нет"]
