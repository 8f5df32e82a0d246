"""A key line with a practice site's other fields printed after it, glued or spaced (`答案：C難度：適中作答人數：137`,
`Answer: B Difficulty: Easy`, `정답: ③ 난이도: 중`): the key alone is read, the fields are passed over. Every
page here is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

TRADITIONAL = """1.下列何者是哺乳動物？ (A)鯊魚 (B)鯨魚 (C)鮭魚 (D)章魚
答案：B難度：簡單作答人數：88
2.水的沸點在一大氣壓下為： (A)50度 (B)80度 (C)100度 (D)120度
答案：C難度：適中作答人數：91
"""

SIMPLIFIED = """1、光年是什么的单位？
A.时间 B.长度 C.速度 D.质量
答案：B正确率：62%难度：中等
2、地球自转一周约需要多久？
A.一小时 B.一天 C.一月 D.一年
答案：B正确率：88%难度：简单
"""

ENGLISH = """1. Which gas makes up most of the air?
A. oxygen
B. nitrogen
C. argon
Answer: B Difficulty: Easy

2. What is the chemical symbol of gold?
A. Ag
B. Go
C. Au
Answer: C Difficulty: Medium
"""


@pytest.mark.parametrize(
    ("page", "keys"),
    [(TRADITIONAL, ["B", "C"]), (SIMPLIFIED, ["B", "B"]), (ENGLISH, ["B", "C"])],
    ids=["zh-Hant", "zh-Hans", "en"],
)
def test_the_key_is_read_without_the_fields_after_it(page: str, keys: list[str]) -> None:
    result = import_text(page, source="site.txt", bank_id="site")
    assert [q.answer for q in result.bank.questions] == keys
    assert not result.left_out
