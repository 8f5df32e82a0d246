"""True/false keys as one sign or letter on a line of their own under each statement (`bot.banks.generic.
verdict_signs`): `正`/`誤`, `〇`/`×`, `对`/`错`, `V`/`F`, `O`/`X`, `t`/`f`, read where most of a document's
statements are followed so, never one line at a time. Every document written for this test."""

from __future__ import annotations

import pytest

from bot.banks.generic.verdict_signs import document_signs
from bot.banks.importer import import_text
from bot.banks.issues import DocumentError


def judged(text: str) -> list[tuple[str, object]]:
    bank = import_text(text, source="doc.txt", bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


@pytest.mark.parametrize(
    ("doc", "want"),
    [
        (
            "問1　水は百度で沸騰する。\n正\n問2　太陽は西から昇る。\n誤\n問3　月は地球の衛星である。\n正\n",
            [True, False, True],
        ),
        ("第1問 鉄は磁石につく。\n〇\n第2問 銅は磁石につく。\n×\n第3問 金はさびにくい。\n〇\n", [True, False, True]),
        ("1. 长江是中国最长的河流。\n对\n2. 黄河流入南海。\n错\n3. 泰山在山东。\n对\n", [True, False, True]),
        (
            "1. Le soleil est une étoile.\nV\n2. La lune est une planète.\nF\n3. L'eau gèle à 0 °C.\nV\n",
            [True, False, True],
        ),
        ("1. 서울은 한국의 수도이다.\nO\n2. 부산은 내륙 도시이다.\nX\n", [True, False]),
        ("1) Cats are mammals.\nt\n\n2) Fish breathe with lungs.\nf\n\n3) Bats can fly.\nt\n", [True, False, True]),
    ],
    ids=["ja-sei-go", "ja-maru-batsu", "zh-dui-cuo", "fr-v-f", "ko-o-x", "en-lower-t-f"],
)
def test_statements_judged_by_a_sign_below_each(doc: str, want: list[bool]) -> None:
    assert judged(doc) == [("true_false", value) for value in want]


def test_unnumbered_statements_judged_by_signs() -> None:
    doc = "Die Elbe fließt durch Dresden.\nR\n\nDer Rhein mündet in die Ostsee.\nW\n\nMünchen liegt in Bayern.\nR\n"
    assert judged(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_choice_questions_beside_judged_statements() -> None:
    doc = """1. 水的化学式是（ ）
A. H2O
B. CO2
答案：A
2. 冰的密度比水大。
错
3. 铁在潮湿的空气中容易生锈。
对
"""
    assert judged(doc) == [("single", "A"), ("true_false", False), ("true_false", True)]


def test_letters_under_blanks_are_fill_answers_not_signs() -> None:
    doc = "1. The symbol of fluorine is ___.\nF\n2. The symbol of vanadium is ___.\nV\n3. Yttrium is ___.\nY\n"
    assert document_signs(doc.splitlines()) == {}
    try:  # read as fill-ins or refused (no key), but never judged: the F under a blank is no "false"
        kinds = [q.kind.value for q in import_text(doc, source="doc.txt", bank_id="t").bank.questions]
    except DocumentError:
        kinds = []
    assert "true_false" not in kinds


def test_one_sign_alone_is_no_pair() -> None:
    # every statement followed by T: nothing tells that T means true here rather than a letter of its own
    assert document_signs(["1. Cats purr.", "T", "2. Dogs bark.", "T"]) == {}


def test_a_sign_under_a_few_statements_of_many_is_no_convention() -> None:
    lines = ["1. Cats purr.", "T", "2. Dogs bark.", "F"] + [f"{n}. Statement number {n}." for n in range(3, 9)]
    assert document_signs(lines) == {}
    assert document_signs(lines[:4]) == {"T": True, "F": False}


def test_a_word_under_a_statement_keyed_no_other_way_is_its_verdict() -> None:
    # the fill-ins carry their own key labels: the one statement left is followed by its word
    doc = """1. The capital of France is ___.
Answer: Paris
2. The Nile flows through Egypt.
True
3. The largest ocean is ___.
Answer: Pacific
"""
    assert judged(doc) == [("fill", ["Paris"]), ("true_false", True), ("fill", ["Pacific"])]


def test_a_word_under_one_statement_of_many_unkeyed_is_no_verdict() -> None:
    lines = ["1. Rome is in Italy.", "True"] + [f"{n}. Statement number {n}." for n in range(2, 6)]
    words = {"True": "True"}.get
    assert document_signs(lines, words) == {}
    assert document_signs(lines[:2], words) == {"True": True}
