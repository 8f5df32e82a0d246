"""Options the document never letters (`bot.banks.conventions.plain_options`): plain short lines between a
question's stem and its key line, lettered A, B, C … and keyed by letter, option number or text, where the
document's questions all stand so and the key fits the count. Every document written for this test."""

from __future__ import annotations

from bot.banks.conventions.plain_options import consistent, plain_options
from bot.banks.importer import import_text


def read(text: str) -> list[tuple[str, object, dict[str, str]]]:
    bank = import_text(text, source="doc.txt", bank_id="t").bank
    return [(q.kind.value, q.answer, q.options) for q in bank.questions]


def test_tagged_chinese_stems_keyed_by_letter() -> None:
    doc = """一、选择题
1.（单选）下列城市中，哪一个是江苏省的省会？（ ）
苏州
南京
无锡
扬州
答案：B
2.（单选）长江流经的省份不包括下列哪一个？（ ）
四川
湖北
山西
江西
答案：C
3.（多选）下列属于哺乳动物的是（ ）
鲸
鲨鱼
蝙蝠
答案：AC
"""
    assert read(doc) == [
        ("single", "B", {"A": "苏州", "B": "南京", "C": "无锡", "D": "扬州"}),
        ("single", "C", {"A": "四川", "B": "湖北", "C": "山西", "D": "江西"}),
        ("multiple", "AC", {"A": "鲸", "B": "鲨鱼", "C": "蝙蝠"}),
    ]


def test_english_questions_keyed_by_option_number_or_text() -> None:
    doc = """Question 1 Which planet is known as the red planet?
Venus
Mars
Jupiter
Answer: 2
Question 2 Which gas do plants take in for photosynthesis?
Oxygen
Nitrogen
Carbon dioxide
Answer: 3
Question 3 How many legs does a spider have?
Six
Eight
Ten
Answer: Eight
"""
    assert [(k, a) for k, a, _ in read(doc)] == [("single", "B"), ("single", "C"), ("single", "B")]
    assert read(doc)[1][2] == {"A": "Oxygen", "B": "Nitrogen", "C": "Carbon dioxide"}


def test_japanese_and_russian_keys_by_number() -> None:
    japanese = """問題1　日本で一番高い山はどれですか。
富士山
北岳
槍ヶ岳
正解：1
問題2　日本の首都はどこですか。
大阪
京都
東京
札幌
正解：3
"""
    russian = """Вопрос 1. Какая река впадает в Каспийское море?
Волга
Лена
Обь
Ответ: 1
Вопрос 2. Столица Татарстана:
Уфа
Казань
Самара
Ответ: 2
Вопрос 3. Какие из этих городов стоят на Волге?
Самара
Омск
Ярославль
Ответ: 1, 3
"""
    assert [(k, a) for k, a, _ in read(japanese)] == [("single", "A"), ("single", "C")]
    assert [(k, a) for k, a, _ in read(russian)] == [("single", "A"), ("single", "B"), ("multiple", "AC")]


def test_spanish_keys_by_lower_case_letter() -> None:
    doc = """Pregunta 1: ¿Cuál es el océano más grande?
Atlántico
Pacífico
Índico
Respuesta: b
Pregunta 2: ¿Qué planeta tiene anillos visibles?
Marte
Saturno
Venus
Respuesta: b
"""
    assert read(doc) == [
        ("single", "B", {"A": "Atlántico", "B": "Pacífico", "C": "Índico"}),
        ("single", "B", {"A": "Marte", "B": "Saturno", "C": "Venus"}),
    ]


def test_an_option_number_that_is_also_an_options_text_keys_nothing() -> None:
    # "2" among "2", "4", "6": option 2 (4) or the option reading 2, no telling; never published as either
    doc = """Question 1 How many sides has a square?
2
4
6
Answer: 2
Question 2 How many legs has an insect?
4
6
8
Answer: 2
Question 3 How many wheels has a bicycle?
1
2
3
Answer: 2
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(3, "B")]
    assert sorted(lo.number for lo in result.left_out) == [1, 2]


def test_a_key_past_the_count_leaves_its_question_out() -> None:
    doc = """Question 1 Which is a fruit?
Carrot
Pear
Answer: 2
Question 2 Which is a colour?
Blue
Chair
Answer: 5
Question 3 Which is a tool?
Hammer
Cloud
Answer: 1
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [(q.number, q.kind.value, q.answer) for q in result.bank.questions] == [
        (1, "single", "B"),
        (3, "single", "A"),
    ]
    assert [lo.number for lo in result.left_out] == [2]


def test_one_question_so_among_others_is_no_convention() -> None:
    # a single letter-keyed question over plain lines proves nothing: left out, never keyed by a guess
    doc = """1. What is the capital of Kenya?
Mombasa
Nairobi
Answer: B
2. Name the largest desert on Earth.
Answer: Antarctica
3. Name the longest river in Africa.
Answer: Nile
"""
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [q.kind.value for q in result.bank.questions] == ["fill", "fill"]
    assert [lo.number for lo in result.left_out] == [1]


def test_a_statement_wrapped_over_lines_is_no_stem_over_options() -> None:
    lines = [
        "The heart pumps blood through the body and its left side",
        "pushes blood rich in oxygen to the",
        "organs.",
    ]
    assert plain_options(lines, "1") is None
    reading = plain_options(["Which is a fruit?", "Carrot", "Pear"], "B")
    assert reading is not None and reading.key == "B"
    assert not consistent([reading, None, None])
    assert consistent([reading, reading, None])


def test_stems_left_unpunctuated_over_shorter_lines() -> None:
    doc = """1.（单选）江苏省的省会
苏州
南京
无锡
答案：B
2.（单选）中国最大的淡水湖
洞庭湖
鄱阳湖
太湖
答案：B
"""
    assert read(doc) == [
        ("single", "B", {"A": "苏州", "B": "南京", "C": "无锡"}),
        ("single", "B", {"A": "洞庭湖", "B": "鄱阳湖", "C": "太湖"}),
    ]
