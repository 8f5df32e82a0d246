"""A fill-in whose blank is drawn (`______`) and whose brackets say what to write (`（选填“大”或“小”）`) holds no
answer in those brackets: without a key it is left out, never keyed by the hint; a teacher's copy that writes
the answers in the blanks' brackets (`和（ 酸性 ）`) is still read so. Every paper here is written by the test."""

from __future__ import annotations

from bot.banks.importer import import_text

HINTED = """二、填空题
1．冰熔化成水后，质量______（选填“变大”“变小”或“不变”）。
2．声音在空气中的传播速度比在钢铁中______（选填“快”或“慢”）。
3．水的沸点在一个标准大气压下是______℃。
答案：100
"""

TEACHERS_COPY = """二、填空题
1．溶液按酸碱性可分为（ 酸性 ）、（ 中性 ）和（ 碱性 ）三类。
2．地球绕（ 太阳 ）公转一周约为一年。
"""


def test_a_hint_in_brackets_beside_a_drawn_blank_is_no_key() -> None:
    result = import_text(HINTED, source="wuli.txt", bank_id="wuli")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(3, ["100"])]
    assert [lo.number for lo in result.left_out] == [1, 2]


def test_answers_written_in_the_blanks_brackets_are_still_read() -> None:
    result = import_text(TEACHERS_COPY, source="huaxue.txt", bank_id="huaxue")
    assert [q.answer for q in result.bank.questions] == [[["酸性"], ["中性"], ["碱性"]], ["太阳"]]
