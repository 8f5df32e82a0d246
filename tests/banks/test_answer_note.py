"""An answer part whose heading is followed by a short note (a VuePress container `::: danger 使用说明 … :::`)
before the first group's kind heading and its table of keys: still the answer part."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

ZH = """## 一、单项选择题

**1. 水在标准大气压下的沸点是（　）**

A. 50度　　B. 100度　　C. 150度　　D. 200度

**2. 地球绕着哪个天体公转（　）**

A. 月亮　　B. 火星　　C. 太阳　　D. 木星

## 二、多项选择题

**3. 下列属于哺乳动物的有（　）**

A. 鲸　　B. 鲨鱼　　C. 蝙蝠　　D. 蜥蜴

# 参考答案及解析

::: danger 使用说明
以下为参考答案，建议先独立完成再对照。
:::

## 一、单项选择题

| 题号 | 答案 | 解析 |
|:---:|:---:|---|
| 1 | **B** | 一个标准大气压下。 |
| 2 | **C** | 地球绕太阳公转。 |

## 二、多项选择题

| 题号 | 答案 | 解析 |
|:---:|:---:|---|
| 3 | **AC** | 鲸和蝙蝠都是哺乳动物。 |
"""

EN = """## Part 1: Single choice

**1. At what temperature does water boil at sea level?**

A. 50 °C   B. 100 °C   C. 150 °C   D. 200 °C

**2. Which body does the Earth orbit?**

A. The Moon   B. Mars   C. The Sun   D. Jupiter

## Part 2: Multiple choice

**3. Which of these are mammals?**

A. Whale   B. Shark   C. Bat   D. Lizard

# Answer Key

::: warning How to use
Try the paper on your own first.
:::

## Part 1: Single choice

| No. | Answer | Explanation |
|:---:|:---:|---|
| 1 | **B** | At one atmosphere. |
| 2 | **C** | It orbits the Sun. |

## Part 2: Multiple choice

| No. | Answer | Explanation |
|:---:|:---:|---|
| 3 | **AC** | Whales and bats are mammals. |
"""


@pytest.mark.parametrize("text", [ZH, EN])
def test_a_note_under_the_answer_heading_does_not_hide_the_answer_part(text: str) -> None:
    result = import_text(text, source="paper.md", bank_id="paper")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (2, "C"), (3, "AC")]
