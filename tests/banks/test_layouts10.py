"""Layouts the first reading of held-out set H showed, each in a document written here in that class."""

from __future__ import annotations

from bot.banks.importer import import_text
from bot.banks.model import Kind


def _read(doc: str, source: str = "t.md") -> list[tuple[Kind, object]]:
    return [(q.kind, q.answer) for q in import_text(doc, source=source, bank_id="t").bank.questions]


# -- under a strong number, a numbered list is the question's options ----------------------------------------


def test_numbered_items_under_question_headings_are_options_keyed_by_number_and_text() -> None:
    doc = """# Weather quiz

## Question 1

**Which instrument measures air pressure?**

1. Thermometer
2. Hygrometer
3. **Barometer** ✓
4. Anemometer

**Answer:** 3. Barometer
**Why:** pressure is read from a barometer.

---

## Question 2

**True or False? Warm air rises above cold air.**

1. **True** ✓
2. False

**Answer:** 1. True

---

## Question 3

**How many hours does a day have?**

1. 12
2. **24** ✓
3. 36

**Answer:** 2. 24
"""
    result = import_text(doc, source="t.md", bank_id="t")
    first, second, third = result.bank.questions
    assert (first.kind, first.answer) == (Kind.single, "C")
    assert list(first.options.values()) == ["Thermometer", "Hygrometer", "Barometer", "Anemometer"]
    assert (second.kind, second.answer) == (Kind.true_false, True)
    assert (third.kind, third.answer) == (Kind.single, "B")  # an option that is itself a number
    assert not result.left_out


def test_numbered_items_under_chinese_and_bare_number_headings_are_options() -> None:
    doc = """### 第1题

下列哪种动物属于哺乳动物？

1. 鲨鱼
2. 海豚
3. 章鱼

答案：2. 海豚

## 2

**水在标准大气压下的沸点是多少摄氏度？**

1. 90
2. 100

答案：2. 100
"""
    assert _read(doc) == [(Kind.single, "B"), (Kind.single, "B")]


def test_a_key_whose_number_and_text_name_different_options_is_left_out() -> None:
    doc = """## Question 1

**Which planet is closest to the sun?**

1. Venus
2. Mercury
3. Mars

**Answer:** 1. Mercury

## Question 2

**Which gas do plants take in?**

1. Oxygen
2. Carbon dioxide
3. Helium

**Answer:** 2. Carbon dioxide
"""
    result = import_text(doc, source="t.md", bank_id="t")
    [only] = result.bank.questions
    assert (only.kind, only.answer) == (Kind.single, "B")
    assert [o.number for o in result.left_out] == [1]  # never read as three questions, never keyed A or B


# -- a short value set apart alone under a question is its key ------------------------------------------------


def test_a_short_value_fenced_alone_under_a_question_is_its_fill_key() -> None:
    doc = """### 1.一个字节有________位。
```
8
```
### 2.地球绕太阳一周约需多少天.
```
365
```
### 3.下列哪个是偶数________。
|编号|选项|
|:-|:-|
|A|3|
|<font color="red">B</font>|<font color="red">4</font>|
"""
    result = import_text(doc, source="t.md", bank_id="t")
    first, second, third = result.bank.questions
    assert (first.kind, first.answer) == (Kind.fill, ["8"])
    assert (second.kind, second.answer) == (Kind.fill, ["365"])  # a value, no blank: still a fill-in, not a case
    assert (third.kind, third.answer) == (Kind.single, "B")
    assert "|" not in third.prompt and "-" not in third.prompt  # the table's separator row is no stem text


def test_code_fenced_under_a_question_is_no_key() -> None:
    doc = """### 1.下面的程序输出什么：
```
8
```
### 2.写出打印变量的语句________。
```
print(total)
```
### 3.两个数相加的运算符是________。
```
+
```
"""
    result = import_text(doc, source="t.md", bank_id="t")
    assert [(q.number, q.kind, q.answer) for q in result.bank.questions] == [(3, Kind.fill, ["+"])]
    # after a colon the block is what the question shows; a block of code is not read as a key with confidence
    assert [o.number for o in result.left_out] == [1, 2]


def test_a_short_quoted_value_under_a_question_is_a_fill_key_and_a_sentence_stays_a_case() -> None:
    doc = """**Q1: 食盐的主要成分是________。**

> 氯化钠

**Q2: 简述蒸发与沸腾的区别。**

> 蒸发只在液体表面进行，沸腾在液体内部和表面同时进行。
"""
    assert _read(doc) == [
        (Kind.fill, ["氯化钠"]),
        (Kind.case, "蒸发只在液体表面进行，沸腾在液体内部和表面同时进行。"),
    ]


# -- a paragraph between a list of options and the key ----------------------------------------------------------


def test_a_paragraph_between_listed_options_and_the_key_is_the_questions_note() -> None:
    doc = """# 地理小测

**1.** 下列哪条河流最长？

- A) 黄河
- B) 长江
- C) 珠江

长江全长约六千三百公里，是中国第一长河。

**答案：B**

---

**2.** 中国的首都是哪座城市？

- A) 上海
- B) 北京

**答案：B**
"""
    result = import_text(doc, source="t.md", bank_id="t")
    first, second = result.bank.questions
    assert (first.kind, first.answer, second.answer) == (Kind.single, "B", "B")
    assert first.options["C"] == "珠江" and "六千三百" in (first.explanation or "")
    assert not result.left_out


# -- a task list's box ticked with a cross ------------------------------------------------------------------------


_CROSSED = """#### Q1. Which line prints a greeting?

- [ ]A

    print("bye")

- [×]B

    print("hi")

- [ ] C

    exit()

#### Q2. Which one is a list?

- [ ] A tuple
- [×] A list
"""


def test_a_box_ticked_with_a_cross_marks_the_key_and_a_lone_letter_after_a_box_is_no_text() -> None:
    result = import_text(_CROSSED, source="t.md", bank_id="t")
    first, second = result.bank.questions
    assert (first.answer, second.answer) == ("B", "B")
    assert first.options == {"A": 'print("bye")', "B": 'print("hi")', "C": "exit()"}
    assert second.options == {"A": "A tuple", "B": "A list"}  # an article is no letter


def test_a_cross_in_a_box_is_no_tick_where_the_document_ticks_with_a_check() -> None:
    result = import_text(_CROSSED.replace("- [ ] A tuple", "- [√] A tuple"), source="t.md", bank_id="t")
    [only] = result.bank.questions
    assert only.answer == "A"
    assert [o.number for o in result.left_out] == [1]


# -- an option whose text is a numbered list under it ---------------------------------------------------------------


def test_a_numbered_list_indented_under_an_option_is_its_text_not_questions() -> None:
    doc = """1. 哪一组把三种动物按体型从小到大排列？（ B ）
A. A
  1. 大象
  2. 老鼠
  3. 猫
B. B
  1. 老鼠
  2. 猫
  3. 大象
C. 都一样大

2. 一年有几个季节？（ C ）
A. 两个   B. 三个   C. 四个   D. 五个
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    first, second = result.bank.questions
    assert (first.answer, second.answer) == ("B", "C")
    assert first.options == {"A": "1) 大象; 2) 老鼠; 3) 猫", "B": "1) 老鼠; 2) 猫; 3) 大象", "C": "都一样大"}
    assert not result.left_out
