"""Moodle's GIFT format read by its grammar (bot/banks/layouts/gift.py), with documents written for these tests."""

from __future__ import annotations

from bot.banks.importer import import_text
from bot.banks.model import Kind

GIFT = """// Chemistry quiz, exported
$CATEGORY: $course$/Chemistry/Acids

::C1:: The pH of pure water at 25 °C is {=7 ~1 ~14 ~0}

::C2:: Hydrochloric acid is a strong acid.{T}

::C3:: Bases taste sour.{FALSE#Acids taste sour.}

::C4:: Which of these are acids? {
~%50%vinegar
~%50%lemon juice
~%-100%soap
}

::C5:: Table salt is sodium {=chloride =NaCl} in everyday chemistry.

::C6:: How many protons does a carbon atom have? {#6}

::C7:: Which gas do acids release with zinc? {~oxygen =hydrogen#Right. ~nitrogen}

::C8:: Match each acid with its formula. {=sulfuric -> H2SO4 =nitric -> HNO3}

::C9:: Explain why rain is slightly acidic. {}

::C10:: The symbol \\{H+\\} stands for a proton.{T}
"""


def test_every_kind_of_gift_question() -> None:
    result = import_text(GIFT, source="chem.gift.txt", bank_id="chem")
    got = [(q.number, q.kind, q.answer) for q in result.bank.questions]
    assert got == [
        (1, Kind.single, "A"),
        (2, Kind.true_false, True),
        (3, Kind.true_false, False),
        (4, Kind.multiple, "AB"),
        (5, Kind.fill, ["chloride", "NaCl"]),
        (6, Kind.fill, ["6"]),
        (7, Kind.single, "B"),
        (10, Kind.true_false, True),
    ]
    assert result.bank.questions[4].prompt == "Table salt is sodium ____ in everyday chemistry."
    assert result.bank.questions[6].options == {"A": "oxygen", "B": "hydrogen", "C": "nitrogen"}
    assert result.bank.questions[7].prompt == "The symbol {H+} stands for a proton."
    reasons = {lo.number: lo.en for lo in result.left_out}
    assert set(reasons) == {8, 9}
    assert "matching" in reasons[8]


def test_plain_text_with_braces_is_not_gift() -> None:
    text = "一、单选题\n1. 集合 {1, 2} 的子集有几个？\nA. 2  B. 3  C. 4\n答案：C\n"
    result = import_text(text, source="t.txt", bank_id="t")
    assert [(q.kind, q.answer) for q in result.bank.questions] == [(Kind.single, "C")]
