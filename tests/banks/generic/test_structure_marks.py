"""The right option set apart by the document's structure rather than a word: a Markdown heading among list
options, bold or underline, read as the key only where the document marks its questions alike
(`bot.banks.conventions.right_marks.inconsistent_marks`). Every document written for this test."""

from __future__ import annotations

import pytest

from bot.banks.conventions.right_marks import inconsistent_marks
from bot.banks.importer import import_text
from bot.banks.issues import DocumentError


def read(text: str) -> list[tuple[str, object]]:
    bank = import_text(text, source="doc.md", bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


def test_a_heading_among_list_options_chinese() -> None:
    doc = """## 1. 中国的首都是
- A. 上海
### B. 北京
- C. 广州

## 2. 长江的入海口在
### A. 上海
- B. 天津
- C. 大连

## 3. 五岳中位于山东的是
- A. 华山
- B. 衡山
### C. 泰山
"""
    bank = import_text(doc, source="doc.md", bank_id="t").bank
    assert [(q.kind.value, q.answer) for q in bank.questions] == [("single", "B"), ("single", "A"), ("single", "C")]
    assert bank.questions[0].options == {"A": "上海", "B": "北京", "C": "广州"}


def test_headings_under_a_multiple_choice_heading_mark_one_or_more() -> None:
    doc = """# 多选题

## 1. 下列属于哺乳动物的是
### A. 鲸
- B. 鲨鱼
### C. 蝙蝠
- D. 金鱼

## 2. 下列是质数的是
- A. 4
### B. 5
- C. 8
- D. 9
"""
    assert read(doc) == [("multiple", "AC"), ("multiple", "B")]


def test_bold_options_in_russian_and_japanese() -> None:
    russian = """1. Столица России?
- а) Казань
- **б) Москва**
- в) Омск

2. Сколько дней в неделе?
- а) Пять
- б) Шесть
- **в) Семь**
"""
    japanese = """問1 日本の首都は？

ア 大阪
**イ 東京**
ウ 京都

問2 富士山がある県は？

**ア 静岡県**
イ 長野県
ウ 愛知県
"""
    assert read(russian) == [("single", "B"), ("single", "C")]
    assert read(japanese) == [("single", "B"), ("single", "A")]


def test_bold_that_marks_some_questions_and_not_others_is_no_key() -> None:
    # bold sets one option apart in two questions, none in the other two: emphasis, not the document's keys
    doc = """1. Which metal is liquid at room temperature?

- A. Iron
- **B. Mercury**
- C. Copper

2. Which planet has the **largest** moon count?

- A. Mars
- B. Saturn
- C. Venus

3. Which gas do plants release?

- **A. Oxygen**
- B. Argon
- C. Neon

4. Which ocean is the deepest?

- A. Arctic
- B. Pacific
- C. Indian
"""
    with pytest.raises(DocumentError):
        import_text(doc, source="doc.md", bank_id="t")


def test_two_bold_options_under_a_single_choice_heading_key_nothing() -> None:
    doc = """## 单选题

1. 水的化学式是
- **A. H2O**
- B. CO2
- C. NaCl

2. 地球上最大的大洲是
- **A. 亚洲**
- **B. 非洲**
- C. 欧洲
"""
    with pytest.raises(DocumentError):
        import_text(doc, source="doc.md", bank_id="t")


def test_the_rule_itself() -> None:
    one, none, two = [{"bold"}, set(), set()], [set(), set(), set()], [{"bold"}, {"bold"}, set()]
    assert inconsistent_marks([(one, False), (one, True), (two, False)]) == frozenset()
    assert inconsistent_marks([(one, True), (two, True)]) == {"bold"}  # two under a single-choice heading
    assert inconsistent_marks([(one, False), (none, False)]) == {"bold"}  # half the questions mark none
    assert inconsistent_marks([(one, False)] * 5 + [(none, False)]) == frozenset()  # one left unanswered
    red = [{"red"}, set(), set()]
    assert inconsistent_marks([(one, False), (red, False)]) == frozenset()  # keyed by another mark


def test_bold_on_the_label_alone_marks_the_option() -> None:
    doc = """1. Welcher Planet ist der größte?

- A. Mars
- **B.** Jupiter
- C. Venus

2. Welches Metall rostet?

- **A.** Eisen
- B. Gold
- C. Platin
"""
    assert read(doc) == [("single", "B"), ("single", "A")]
