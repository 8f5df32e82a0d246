"""Families of documents the generic reader reads by their structure (issue 21, part 1): each class in two
variants or more (languages, spacings, formats), every document written for this test.

- a labelled question number (`Вопрос №3:`) over options numbered `1.` … `3.`, keyed by a grid `1-2  2-3`;
- a strong question number with a word in brackets (`問2　【民法】`) over a statement and its `正解：○`;
- options numbered `(1)`-`(4)` under questions numbered `1.`, keyed by an answer grid `1. (2)   2. (4)`.
"""

from __future__ import annotations

from bot.banks.importer import import_text


def keys(text: str, name: str = "doc.txt") -> list[tuple[str, object]]:
    bank = import_text(text, source=name, bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


# -- a labelled number over numbered options, a grid of number-option pairs -----------------------------------


def test_labelled_numbers_over_numbered_options_keyed_by_pairs_russian() -> None:
    doc = """Билет по ботанике № 3
Вопрос №1: Какой орган растения поглощает воду из почвы?
1. Лист.
2. Корень.
3. Цветок.
Вопрос №2: Где происходит фотосинтез?
1. В хлоропластах.
2. В корнях.
3. В семенах.
4. В коре.
Вопрос  №3:  Что  образуется  из  цветка  после  опыления?
1. Плод.
2. Лист.
3. Стебель.
Правильные ответы
1-2  2-1  3-1
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "A")]


def test_labelled_numbers_over_numbered_options_keyed_by_pairs_ukrainian() -> None:
    doc = """Тест з географії
Питання №1: Яка річка найдовша в Європі?
1. Дунай.
2. Волга.
3. Дніпро.
Питання №2: Столиця Польщі:
1. Краків.
2. Гданськ.
3. Варшава.
Питання №3: Найвища гора Карпат:
1. Говерла.
2. Піп Іван.
3. Петрос.
Відповіді
1-2  2-3  3-1
"""
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]


# -- a strong number with a word in brackets, the statement's own key below -----------------------------------


def test_strong_numbers_with_a_category_in_brackets_japanese_maru_batsu() -> None:
    doc = """一問一答（○×）

問1　【物理】
音は真空中を伝わらない。

正解：○
解説：音は媒質がなければ伝わらない。

問2　【化学】
水の化学式はCO2である。

正解：×
解説：水はH2Oである。

問3　【生物】
植物は光合成で酸素を出す。

正解：○
解説：二酸化炭素を取り入れ、酸素を出す。
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_strong_numbers_with_a_category_in_brackets_no_blank_lines() -> None:
    doc = """問1　【地理】
富士山は日本で一番高い山である。
正解：○
解説：標高3776m。
問2　【歴史】
鎌倉幕府を開いたのは徳川家康である。
正解：×
解説：源頼朝である。
問3　【公民】
日本の国会は二院制である。
正解：○
解説：衆議院と参議院。
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


# -- options numbered (1)-(4), an answer grid naming them -----------------------------------------------------

_RIVERS = """Geography Review

1. The longest river in Africa is the
   (1) Congo
   (2) Nile
   (3) Niger
   (4) Zambezi

2. Which mountain range separates Europe from Asia?
   (1) the Alps
   (2) the Andes
   (3) the Urals
   (4) the Rockies

3. A delta forms where a river
   (1) meets the sea
   (2) leaves a lake
   (3) crosses a desert
   (4) freezes in winter

4. The Amazon flows mostly through
   (1) Peru
   (2) Colombia
   (3) Venezuela
   (4) Brazil

5. Which ocean is the deepest?
   (1) the Pacific
   (2) the Atlantic
   (3) the Indian
   (4) the Arctic

{key}
"""


def test_bracketed_option_numbers_keyed_by_a_grid_five_to_a_line() -> None:
    doc = _RIVERS.format(key="ANSWER KEY\n1. (2)   2. (3)   3. (1)   4. (4)   5. (1)")
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A"), ("single", "D"), ("single", "A")]


def test_bracketed_option_numbers_keyed_by_a_grid_one_to_a_line() -> None:
    doc = _RIVERS.format(key="Answers\n1. (2)\n2. (3)\n3. (1)\n4. (4)\n5. (1)")
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A"), ("single", "D"), ("single", "A")]


def test_bracketed_option_numbers_under_chinese_numbers_keyed_in_a_grid() -> None:
    doc = """历史复习
1．秦始皇统一的文字是
（1）甲骨文
（2）小篆
（3）隶书
（4）楷书
2．郑和下西洋发生在
（1）唐朝
（2）宋朝
（3）元朝
（4）明朝
3．造纸术的改进者是
（1）蔡伦
（2）毕昇
（3）张衡
（4）祖冲之
4．丝绸之路的开辟者是
（1）张骞
（2）班超
（3）玄奘
（4）鉴真
5．唐朝的都城是
（1）洛阳
（2）长安
（3）开封
（4）南京
参考答案
1.(2)  2.(4)  3.(1)  4.(1)  5.(2)
"""
    assert keys(doc) == [("single", "B"), ("single", "D"), ("single", "A"), ("single", "A"), ("single", "B")]
