"""A key that says its question was annulled (`Ans. Bonus`, `Respuesta: ANULADA`, `答案：送分`, `Ответ:
аннулирован`) leaves the question out with that reason, never published keyed by the word. Every paper here
is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text


@pytest.mark.parametrize(
    ("paper", "word"),
    [
        (
            """1. Which metal is liquid at room temperature?
A. iron
B. mercury
C. copper
Answer: B

2. In the figure, which bulb lights first?
A. bulb X
B. bulb Y
C. bulb Z
Answer: Bonus

3. Which gas do plants take in?
A. oxygen
B. carbon dioxide
C. helium
Answer: B
""",
            "Bonus",
        ),
        (
            """1. ¿Cuál es el río más largo de España?
a) Ebro
b) Tajo
c) Duero
Respuesta: b

2. ¿En qué año se fundó la ciudad?
a) 1492
b) 1520
c) 1610
Respuesta: ANULADA

3. ¿Cuál es la capital de Aragón?
a) Huesca
b) Zaragoza
c) Teruel
Respuesta: b
""",
            "ANULADA",
        ),
        (
            """1. 地球上面积最大的大洲是
A. 亚洲  B. 非洲  C. 欧洲
答案：A

2. 下列哪座山最高
A. 泰山  B. 华山  C. 衡山
答案：送分

3. 长江注入哪个海
A. 东海  B. 黄海  C. 南海
答案：A
""",
            "送分",
        ),
    ],
    ids=["en", "es", "zh"],
)
def test_an_annulled_question_is_left_out_saying_so(paper: str, word: str) -> None:
    result = import_text(paper, source="paper.txt", bank_id="paper")
    assert [q.number for q in result.bank.questions] == [1, 3]
    assert len({q.answer for q in result.bank.questions}) == 1  # both keyed, by the same letter
    assert [lo.number for lo in result.left_out] == [2]
    assert "annulled" in result.left_out[0].en and word.casefold() in result.left_out[0].en.casefold()
