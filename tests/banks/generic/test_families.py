"""Families of documents the generic reader reads by their structure (issue 21, part 1): each class in two
variants or more (languages, spacings, formats), every document written for this test.

- a labelled question number (`Вопрос №3:`) over options numbered `1.` … `3.`, keyed by a grid `1-2  2-3`;
- a strong question number with a word in brackets (`問2　【民法】`) over a statement and its `正解：○`;
- options numbered `(1)`-`(4)` under questions numbered `1.`, keyed by an answer grid `1. (2)   2. (4)`;
- a key closing the stem's own line: an option's letter (`…()。 c`), a judgement after a separator (`… : 非`);
- a run of options on the stem's line wrapped onto the next (`… b) Antoine de` / `Saint-Exupéry c) …`);
- list items without letters under a stem (a heading or a line), keyed by one written out (`* Answer: 1945`).
"""

from __future__ import annotations

from bot.banks.generic.reader import read_generic
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


# -- a key closing the stem's own line ------------------------------------------------------------------------


def test_a_lower_case_letter_closing_the_stems_line_keys_glued_options() -> None:
    doc = """化学基础练习
一、单项选择题
1.水的化学式是()。 b
A.CO2B.H2O
C.O2D.NaCl
2.下列属于金属的是()。      a
A.铁B.硫C.碳D.氧
3.食盐的主要成分是()。c
A.碳酸钙B.葡萄糖C.氯化钠D.蔗糖
4.空气中含量最多的气体是()。      d
A.氧气B.二氧化碳
C.氩气D.氮气
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "C"), ("single", "D")]


def test_an_upper_case_letter_past_a_gap_closing_the_stems_line() -> None:
    doc = """Science check
1. Which planet is known as the Red Planet?    B
A. Venus
B. Mars
C. Jupiter
2. Which gas do plants take in?    C
A. Oxygen
B. Nitrogen
C. Carbon dioxide
3. What is frozen water called?    A
A. Ice
B. Steam
C. Fog
"""
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]


def test_a_letter_closing_the_line_that_names_no_option_leaves_the_question_out() -> None:
    doc = """1.水的化学式是()。 b
A.CO2B.H2O
2.下列属于金属的是()。      f
A.铁B.硫C.碳D.氧
3.食盐的主要成分是()。c
A.碳酸钙B.葡萄糖C.氯化钠D.蔗糖
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("single", "B"), ("single", "C")]
    assert [lo.number for lo in result.left_out] == [2]


def test_judgements_after_a_separator_closing_the_statements_line_chinese() -> None:
    doc = """編號. 題目 : 解答
1. 行人應走人行道,沒有人行道時應靠邊行走,並注意來往車輛,以策安全。 : 是
2. 夜間行車可以不開頭燈。 : 非
3. 機車駕駛人應戴安全帽,這項規定在市區與郊區道路上都一樣要遵守,不可以因為路程短而省略
不戴。 : 是
4. 酒後可以駕車。 :

5. 遇到救護車鳴笛時應讓道。 : 是
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [
        ("true_false", True),
        ("true_false", False),
        ("true_false", True),
        ("true_false", True),
    ]
    assert [lo.number for lo in result.left_out] == [4]  # its verdict left blank: out, never guessed


def test_judgements_after_a_separator_closing_the_statements_line_english() -> None:
    doc = """Biology statements
1. Spiders are insects. | False
2. The heart pumps blood around the body. | True
3. Mushrooms make their food from sunlight. | False
4. Humans have 206 bones as adults. | True
"""
    assert keys(doc) == [("true_false", False), ("true_false", True), ("true_false", False), ("true_false", True)]


# -- a run of options on the stem's line, wrapped onto the next --------------------------------------------------


def test_options_on_the_stems_line_wrapped_onto_the_next_french() -> None:
    doc = """QCM de géographie
Question n°1 : Quel est le plus long fleuve de France ? a) La Seine b) La Loire c)
Le Rhône d) La Garonne
Question n°2 : Quelle ville est la préfecture de la Gironde ? a) Toulouse b) Nantes c) Bordeaux d)
Lyon
Question n°3 : Quel massif abrite le mont Blanc ? a) Les Vosges b) Le Jura c) Les Alpes
d) Les Pyrénées
Réponses :
- 1. b) La Loire
- 2.c) Bordeaux
- 3. c) Les Alpes
"""
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "C")]


def test_options_on_the_stems_line_wrapped_onto_the_next_portuguese_double_spaced() -> None:
    doc = """Simulado de ciências
Questão 1: Qual é o maior órgão do corpo humano?  a)  O fígado  b)  A pele  c)
O coração  d)  O pulmão
Questão 2: Qual planeta fica mais perto do Sol?  a)  Vênus  b)  Terra  c)  Marte
d)  Mercúrio
Questão 3: Que gás respiramos para viver?  a)  Hélio  b)  Oxigênio
c)  Neônio  d)  Argônio
Respostas:
- 1. b) A pele
- 2. d) Mercúrio
- 3. b) Oxigênio
"""
    assert keys(doc) == [("single", "B"), ("single", "D"), ("single", "B")]


# -- unlettered list items under a stem, the key the right one written out -----------------------------------------


_SPACE = """# Space quiz

### How many planets orbit the Sun?
- 7
- 8
- 9
* Answer: {planets}

### Which planet has the most moons?
- Mars
- Saturn
- Mercury
* Answer: Saturn

### In which year did people first land on the Moon?
- 1965
- 1969
- 1972
* Answer: 1969
"""


def test_list_items_under_heading_stems_keyed_by_their_text() -> None:
    doc = _SPACE.format(planets="8")
    assert keys(doc, "doc.md") == [("single", "B"), ("single", "B"), ("single", "B")]


def test_list_items_under_plain_stems_keyed_by_their_text() -> None:
    doc = """Quiz de historia

¿En qué año llegó Colón a América?
- 1488
- 1492
- 1500
Respuesta: 1492

¿Quién pintó el Guernica?
- Dalí
- Goya
- Picasso
Respuesta: Picasso
"""
    assert keys(doc, "doc.md") == [("single", "B"), ("single", "C")]


def test_list_items_keyed_by_a_text_that_names_none_leave_the_question_out() -> None:
    result = import_text(_SPACE.format(planets="12"), source="doc.md", bank_id="t")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("single", "B"), ("single", "B")]
    assert [lo.number for lo in result.left_out] == [1]


# -- a picture's placeholder in the document's language ------------------------------------------------------------


def test_a_pictures_placeholder_in_russian_or_german_stays_out_of_the_stem() -> None:
    for word in ("Рисунок", "Abbildung"):
        doc = f"""Вопрос №1: Какой цвет у неба днём?
[{word}: 7-1.jpg]
1. Синий.
2. Зелёный.
3. Красный.
Вопрос №2: Сколько дней в неделе?
1. Пять.
2. Семь.
3. Десять.
Ответы
1-1  2-2
"""
        bank = import_text(doc, source="doc.txt", bank_id="t").bank
        assert [q.answer for q in bank.questions] == ["A", "B"]
        assert all(word not in q.prompt for q in bank.questions)


def test_a_paragraph_over_notes_and_an_essay_answer_is_no_question_with_options() -> None:
    doc = """1. Which gas do plants give off in daylight?
a) Oxygen
b) Helium
c) Argon
Answer: a

Remember these points:
- light is needed
- water is split
Answer: the oxygen comes from water, not from carbon dioxide.
"""
    drafts = read_generic(doc).drafts  # the floor alone: the layouts read this document whole anyway
    assert [(d.number, d.key) for d in drafts] == [(1, "A")]
    assert "Remember these points:" in (drafts[0].explanation or "")


def test_a_cases_reference_numbered_below_its_label_is_no_run_of_questions() -> None:
    # the floor reads 案例N as a question's number, and the points numbered under 参考答案： as its reference
    doc = """一、单选题

1. 水的化学式是？
A. H2O
B. CO2
答案：A

二、案例分析题

案例1. 某社区计划改造一座旧厂房。
参考答案：
1. 先做结构安全评估。
2. 再征求居民意见。
3. 最后分期施工。

案例2. 某学校准备建设图书角。
参考答案：
1. 确定藏书来源。
2. 安排管理人员。
"""
    drafts = read_generic(doc).drafts
    assert [(d.number, d.stem) for d in drafts] == [
        (1, "水的化学式是？"),
        (1, "某社区计划改造一座旧厂房。"),
        (2, "某学校准备建设图书角。"),
    ]
    assert "分期施工" in (drafts[1].key or "") and "管理人员" in (drafts[2].key or "")
    bank = import_text(doc, source="doc.txt", bank_id="t").bank
    assert [(q.number, q.kind.value) for q in bank.questions] == [(1, "single"), (1, "case"), (2, "case")]
