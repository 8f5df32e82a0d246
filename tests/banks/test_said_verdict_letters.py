"""An instruction that names the letter to write for each verdict (`Wpisz P, jeśli zdanie jest prawdziwe, lub F,
jeśli jest fałszywe`, `Napiš P, je-li tvrzení pravdivé, a N, je-li nepravdivé`, `D harfini doğru, Y harfini
yanlış ifadeler için yazınız`) makes those letters the keys of the statements under it, each the verdict the
instruction gives it (a Turkish Y is false there, never "yes"). Every sheet here is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

POLISH = """Sprawdzian z geografii
Wpisz P, jeśli zdanie jest prawdziwe, lub F, jeśli jest fałszywe.

Pytanie 1. Wisła wpada do Morza Bałtyckiego.  ......
Odpowiedź: P

Pytanie 2. Kraków leży nad Odrą.  ......
Odpowiedź: F
"""

CZECH = """Napiš P, je-li tvrzení pravdivé, a N, je-li nepravdivé.

Otázka 1. Praha je hlavní město Česka.  ......
Odpověď: P

Otázka 2. Vltava se vlévá do Dunaje.  ......
Odpověď: N
"""

TURKISH = """Aşağıdaki ifadeler için D harfini doğru, Y harfini yanlış ifadeler için yazınız.

Soru 1. Ankara Türkiye'nin başkentidir.  ......
Cevap: D

Soru 2. Van Gölü Ege Bölgesi'ndedir.  ......
Cevap: Y
"""


@pytest.mark.parametrize("sheet", [POLISH, CZECH, TURKISH], ids=["pl", "cs", "tr"])
def test_letters_an_instruction_names_are_the_verdicts(sheet: str) -> None:
    result = import_text(sheet, source="sheet.txt", bank_id="sheet")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("true_false", True), ("true_false", False)]
