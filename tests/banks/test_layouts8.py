"""Layouts met in held-out corpus 8, each in a small document of our own: a key glued to the label of its
explanation, a bank's bracketed fields run on several questions to a line, answer parts headed in other
languages (`Answers to Review Questions`, `Soluciones`, `Lösungen`) with their numbering restarting per
chapter."""

from __future__ import annotations

import re

import pytest

from bot.banks.conventions.keys import read_true_false
from bot.banks.layouts.answer_part import spaced_entries
from bot.banks.model import Kind
from tests.banks.test_layouts5 import answers, imp


@pytest.mark.parametrize("label", ["解题思路:", "思路分析：", "【解析】", "试题分析:", "详细解析："])
def test_a_key_glued_to_the_label_of_its_explanation(label: str) -> None:
    text = (
        "1.成人每日需水量约为\nA.500ml\nB.2500ml\nC.6000ml\n"
        f"正确答案:B{label}成人每日约需2000～2500ml水。\n"
        "2.属于必需氨基酸的有\nA.赖氨酸\nB.甘氨酸\nC.色氨酸\n"
        f"正确答案:AC{label}甘氨酸可由人体合成。\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.multiple, "AC")]
    assert result.bank.questions[1].explanation == "甘氨酸可由人体合成。"


@pytest.mark.parametrize("key", ["Answer: B Explanation:", "Answer: BExplanation:", "Answer: B Rationale:"])
def test_an_english_explanation_after_the_key_on_its_line(key: str) -> None:
    text = f"1. Which planet is largest?\nA. Mars\nB. Jupiter\n{key} Jupiter is a gas giant.\n"
    result = imp(text)
    assert answers(result) == [(Kind.single, "B")]
    assert result.bank.questions[0].explanation == "Jupiter is a gas giant."


def test_bracketed_fields_run_on_several_questions_to_a_line() -> None:
    text = (
        "一、单选题\n"
        "【题干1】长江的发源地在？【选项】A.青海 B.西藏 C.四川【参考答案】A【详细解析】源于唐古拉山。"
        "【题干2】黄河流经几个省区？【选项】A.七个 B.九个【参考答案】B【详细解析】九省区。\n"
        "二、判断题\n"
        "【题目3】珠穆朗玛峰位于喜马拉雅山脉。【选项】A.正确 B.错误【答案】A"
        "【题目4】长城始建于唐朝。【选项】A.正确 B.错误【答案】B\n"
        "【题干5】洞庭湖位于？【选项】A.湖南 B.湖北【参考答案】E【详细解析】\n"
    )
    result = imp(text)
    assert answers(result) == [
        (Kind.single, "A"),
        (Kind.single, "B"),
        (Kind.true_false, True),
        (Kind.true_false, False),
    ]
    assert result.bank.questions[0].explanation == "源于唐古拉山。"
    assert [lo.number for lo in result.left_out] == [5]  # its key E names no option: left out, not guessed


@pytest.mark.parametrize("stem_tag", ["【题干】", "【题目】"])
def test_unnumbered_bracketed_fields_one_a_line_or_run_on(stem_tag: str) -> None:
    one_a_line = (
        f"{stem_tag}氧气的化学式是？\n【选项】A.O2 B.H2\n【答案】A\n"
        f"{stem_tag}水的沸点是？\n【选项】A.90℃ B.100℃\n【答案】B\n"
    )
    run_on = one_a_line.replace("\n", "") + "\n"
    for text in (one_a_line, run_on):
        assert answers(imp("一、单选题\n" + text)) == [(Kind.single, "A"), (Kind.single, "B")]


@pytest.mark.parametrize(
    "heading",
    [
        "Answers to Review Questions",
        "Answers to Chapter Exercises",
        "Solutions",
        "Answer Key",
        "Respuestas",
        "Answers and Explanations",
        "Key to the Exercises",
    ],
)
def test_an_appendix_of_answers_per_chapter_with_numbering_restarting(heading: str) -> None:
    text = (
        "Chapter 1: Networks\n\n"
        "  1. Which layer routes packets?\n      A. Physical\n      B. Network\n      C. Session\n\n"
        "  2. Which are transport protocols? (Choose two.)\n      A. TCP\n      B. HTTP\n      C. UDP\n\n"
        "Chapter 2: Storage\n\n"
        "  1. Which is block storage?\n      A. A disk volume\n      B. A bucket\n\n"
        f"{heading}\n\nChapter 1: Networks\n\n  1. B. Routing is layer 3.\n\n  2. A, C. Both carry segments.\n\n"
        "Chapter 2: Storage\n\n  1. A. A volume is read by blocks.\n"
    )
    result = imp(
        text.replace(
            "Chapter 2: Storage\n\n  1. A.",
            "Review Notes                                  212\n\n" * 2 + "Chapter 2: Storage\n\n  1. A.",
            1,
        )
    )
    assert answers(result) == [(Kind.single, "B"), (Kind.multiple, "AC"), (Kind.single, "A")]
    assert result.bank.questions[1].explanation == "Both carry segments."  # no running head, no chapter title


def test_a_language_test_in_lettered_parts_keyed_in_a_solutions_list() -> None:
    text = (
        "CONTRÔLE DE GRAMMAIRE\n\n"
        "A. Choisissez la bonne réponse.\n\n"
        "1. Nous ______ au marché.\n   a) va    b) allons    c) allez\n\n"
        "2. Elle ______ deux frères.\n   a) a    b) as    c) ont\n\n"
        "B. Vrai ou faux ?\n\n"
        "3. « Eau » est un nom féminin.   ___\n"
        "4. Le pluriel de « cheval » est « chevals ».   ___\n\n"
        "C. Complétez avec le verbe au passé composé.\n\n"
        "5. Hier, ils __________ (partir) tôt.\n\n"
        "CORRIGÉ\n"
        "A : 1 b · 2 a\n"
        "B : 3 V · 4 F\n"
        "C : 5 sont partis\n"
    )
    result = imp(text)
    assert answers(result) == [
        (Kind.single, "B"),
        (Kind.single, "A"),
        (Kind.true_false, True),
        (Kind.true_false, False),
        (Kind.fill, ["sont partis"]),
    ]
    assert result.bank.questions[1].options == {"A": "a", "B": "as", "C": "ont"}


@pytest.mark.parametrize(
    ("line", "entries"),
    [
        ("A: 1 b · 2 a · 3 c", [(1, "b"), (2, "a"), (3, "c")]),
        ("12 comimos · 13 jugaba", [(12, "comimos"), (13, "jugaba")]),
        ("Teil 2: 7 falsch | 8 richtig", [(7, "falsch"), (8, "richtig")]),
        ("Teil 1: 1b – 2a – 3c", [(1, "b"), (2, "a"), (3, "c")]),
        ("1 b / 2 a / 3 c", [(1, "b"), (2, "a"), (3, "c")]),
        ("Ejercicio 1: 1. es; 2. está", [(1, "es"), (2, "está")]),
        ("Teil 3: 11 bin, 12 älter", [(11, "bin"), (12, "älter")]),
        ("第一部分答案：1.B 2.C", None),  # keys of their own kind, read as such elsewhere
        ("3 b · 5 a", None),  # numbers out of order: no list
        ("Precio: 3 · 4 €", None),
    ],
)
def test_answers_parted_by_a_middle_dot_or_a_bar(line: str, entries: list[tuple[int, str]] | None) -> None:
    assert spaced_entries(line) == entries


@pytest.mark.parametrize("word", ["richtig", "wahr", "stimmt", "vrai", "verdadero", "vero", "V", "R"])
def test_true_in_other_languages(word: str) -> None:
    assert read_true_false(word) is True


@pytest.mark.parametrize("word", ["falsch", "stimmt nicht", "faux", "falso", "F"])
def test_false_in_other_languages(word: str) -> None:
    assert read_true_false(word) is False


def test_a_german_test_in_parts_with_empty_verdict_boxes_and_a_loesungen_page() -> None:
    text = (
        "Teil 1 – Kreuzen Sie an: a, b oder c.\n"
        "1.\tIch wohne ______ Berlin.\n\ta) in\tb) nach\tc) zu\n"
        "2.\tDu ______ sehr gut Deutsch.\n\ta) spreche\tb) sprechen\tc) sprichst\n"
        "Teil 2 – Richtig oder falsch? Kreuzen Sie an.\n"
        "3.\tDas Wort „Tisch“ ist maskulin.\tR ☐   F ☐\n"
        "4.\tDer Plural von „Buch“ ist „Buchs“.\tR ☐   F ☐\n"
        "Teil 3 – Ergänzen Sie die richtige Form.\n"
        "5.\tMorgen ______ wir nach Hause. (fahren)\n"
        "\nLösungen\n"
        "Teil 1: 1a – 2c\nTeil 2: 3 richtig – 4 falsch\nTeil 3: 5 fahren\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["A", "C", True, False, ["fahren"]]
    assert result.bank.questions[2].prompt == "Das Wort „Tisch“ ist maskulin."  # the empty boxes are no text


@pytest.mark.parametrize(
    ("top", "wall", "middle", "bottom"),
    [
        ("┌────┬───┬───┐", "│", "├────┼───┼───┤", "└────┴───┴───┘"),
        ("╔════╦═══╦═══╗", "║", "╠════╬═══╬═══╣", "╚════╩═══╩═══╝"),
    ],
)
def test_answer_grids_drawn_with_box_characters_one_per_section(top: str, wall: str, middle: str, bottom: str) -> None:
    def grid(keys: list[str]) -> str:
        numbers = wall.join(f" {n} " for n in range(1, len(keys) + 1))
        return f"{top}\n{wall}题号{wall}{numbers}{wall}\n{middle}\n{wall}答案{wall}{wall.join(keys)}{wall}\n{bottom}\n"

    text = (
        "一、单项选择题\n1．我国最长的河流是（　）。\nA．黄河　　B．长江\n2．五岳之首是（　）。\nA．泰山　　B．华山\n"
        "二、判断题\n（　　）1．赤道穿过非洲。\n（　　）2．南极洲有常住居民。\n\n参考答案\n"
        "一、单项选择题\n" + grid([" B ", " A "]) + "二、判断题\n" + grid([" √ ", " × "])
    )
    result = imp(text)
    assert [q.kind for q in result.bank.questions] == [Kind.single] * 2 + [Kind.true_false] * 2
    assert [q.answer for q in result.bank.questions] == ["B", "A", True, False]
    assert result.bank.questions[2].prompt == "赤道穿过非洲。（ ）"  # the empty slot before the number moved after


@pytest.mark.parametrize(
    ("first_key", "second_key"),
    [("**Answer:** (3) — 7 × 8 = 56.", "**Answer:** (1) and (4) — both are even."), ("Answer: 3", "Answer: 1, 4")],
)
def test_markdown_problems_with_numbered_options_keyed_by_number(first_key: str, second_key: str) -> None:
    text = (
        "# Arithmetic drill\n\n## Problem 1\n\nWhat is 7 × 8?\n\n1. 54\n2. 48\n3. 56\n4. 64\n\n"
        f"{first_key}\n\n---\n\n## Problem 2\n\nWhich numbers are even? (Choose two)\n\n1. 12\n2. 15\n3. 21\n4. 40\n\n"
        f"{second_key}\n\n---\n\n## Problem 3\n\nWhich is prime?\n\n1. 9\n2. 15\n3. 17\n\n"
        "**Answer:** ask your tutor.\n\n## Problem 4\n\nZero is an even number.\n\n**Answer:** True.\n"
    )
    result = imp(text, "t.md")
    assert answers(result) == [(Kind.single, "C"), (Kind.multiple, "AD"), (Kind.true_false, True)]
    assert result.bank.questions[0].options == {"A": "54", "B": "48", "C": "56", "D": "64"}
    assert [lo.number for lo in result.left_out] == [3]  # its answer names no option: left out, no questions 1–3
    in_brackets = imp(re.sub(r"\n([1-4])\. ", r"\n(\1) ", text), "t.md")
    assert answers(in_brackets) == answers(result)  # options numbered "(1) 54" the same way


def test_options_glued_after_the_blank_with_nothing_after_their_letters() -> None:
    text = (
        "A型题\n1.人体最大的器官是（　）A肝脏B皮肤C肺D大脑\n答案：B\n"
        "2.维生素C缺乏引起的疾病是：A夜盲症B佝偻病C坏血病D脚气病\n答案：C\n"
        "X型题\n3.富含维生素的食物有（　）A鱼肝油B精盐C胡萝卜，南瓜D柑橘\n答案：ACD\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.single, "C"), (Kind.multiple, "ACD")]
    assert result.bank.questions[0].prompt == "人体最大的器官是（ ）"
    assert result.bank.questions[2].options == {"A": "鱼肝油", "B": "精盐", "C": "胡萝卜，南瓜", "D": "柑橘"}
    assert not result.warnings


def test_a_soft_exam_stem_with_numbered_blanks_and_an_option_row_per_blank() -> None:
    text = (
        "● 数据库中用于撤销权限的语句是 (1) ，用于授予权限的语句是 (2) 。\n"
        "(1)A．DROP　　B．REVOKE　　C．DELETE　　D．ALTER\n"
        "(2)A．GRANT　　B．ALLOW\n　　C．COMMIT　　D．INSERT\n\n"
        "● In TCP, a connection is opened by a (3) handshake.\n"
        "(3) A. two-way  B. three-way  C. four-way  D. one-way\n\n"
        "参考答案\n(1)B　(2)A　(3)B\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.single, "A"), (Kind.single, "B")]
    assert [q.number for q in result.bank.questions] == [1, 2, 3]
    assert result.bank.questions[1].options == {"A": "GRANT", "B": "ALLOW", "C": "COMMIT", "D": "INSERT"}
    assert result.bank.questions[1].prompt.startswith("数据库中用于撤销权限的语句是 (1) ，用于授予权限的语句是 (2)")


@pytest.mark.parametrize("label", ["【本部分答案】", "本题组答案：", "第一部分答案："])
def test_worded_answers_of_a_fill_in_part_after_a_label(label: str) -> None:
    text = (
        "第一部分　填空题\n1．水在____℃时沸腾。\n2．光合作用释放的气体是________。\n"
        f"{label}1．100　2．氧气\n"
        "第二部分　判断题\n1．月球自身会发光。（　　）\n2．鲸是哺乳动物。（　　）\n3．铁比水轻。（　　）\n"
        "【本部分答案】1．错　2．对　3．错\n"
    )
    result = imp(text)
    assert answers(result) == [
        (Kind.fill, ["100"]),
        (Kind.fill, ["氧气"]),
        (Kind.true_false, False),
        (Kind.true_false, True),
        (Kind.true_false, False),
    ]


@pytest.mark.parametrize("dash", ["—", "–", "--"])
def test_a_fill_answer_then_its_reason_after_a_dash(dash: str) -> None:
    text = (
        "### Q1\n\nThe command that lists local images is `docker ____`.\n\n"
        f"> **Correct:** `images` {dash} `docker ps` lists containers, not images.\n\n"
        "### Q2\n\nWhich file is read by `docker compose` by default?\n\n- A. compose.yaml\n- B. Makefile\n\n"
        f"> **Correct:** A {dash} Makefiles are for make.\n"
    )
    result = imp(text, "t.md")
    assert answers(result) == [(Kind.fill, ["images"]), (Kind.single, "A")]
    assert result.bank.questions[0].explanation == "docker ps lists containers, not images."


def test_a_teachers_copy_with_answers_underlined_inside_highlighted_blanks() -> None:
    text = (
        "一、填空题\n"
        "1. 《静夜思》的作者是<mark>____<u>李白</u>____</mark>，《春晓》的作者是<mark>____<u>孟浩然</u>____</mark>。\n"
        "2. 我国第一部诗歌总集是<mark>____<u>诗经</u>____</mark>。\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.fill, [["李白"], ["孟浩然"]]), (Kind.fill, ["诗经"])]
    assert "李白" not in result.bank.questions[0].prompt


def test_lettered_parts_without_blank_lines_as_a_word_document_gives_them() -> None:
    text = (
        "QUIZ 4\nA. Choose the right word.\n1. She ______ to school by bus.\na) go    b) goes    c) going\n"
        "B. Write T (true) or F (false).\n2. A spider has eight legs.\n3. The sun goes round the earth.\n"
        "C. Complete with one word.\n4. Monday comes before ______.\n"
        "Answer Key\nA: 1 b\nB: 2 T · 3 F\nC: 4 Tuesday\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["B", True, False, ["Tuesday"]]
    assert result.bank.questions[0].options == {"A": "go", "B": "goes", "C": "going"}


def test_a_case_shared_by_a_range_of_questions_under_a_licensing_exam_heading() -> None:
    text = (
        "一、A3/A4型题：以下提供若干个案例，每个案例下设若干道考题。请从A、B、C、D、E五个备选答案中选择一个最佳答案。\n"
        "（1～2题共用题干）\n男，8岁。发热3天，咽痛，双侧扁桃体肿大，有脓性分泌物。\n"
        "1.最可能的诊断是\nA.急性化脓性扁桃体炎\nB.麻疹\nC.猩红热\n正确答案:A解题思路:脓性分泌物提示化脓性感染。\n"
        "2.首选的药物是\nA.青霉素类\nB.抗病毒药\nC.激素\n正确答案:A解题思路:多为链球菌感染。\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "A"), (Kind.single, "A")]
    first, second = result.bank.questions
    assert first.prompt.startswith("男，8岁。") and second.prompt.startswith("男，8岁。")  # the case above each
    assert second.prompt.endswith("首选的药物是")
    assert first.section is not None and first.section.startswith("一、A3/A4型题")
    assert second.explanation == "多为链球菌感染。"


@pytest.mark.parametrize(
    "question",
    ["1.人体最大的器官是（　）\nA肝脏B皮肤C肺D大脑\n", "1．人体最大的器官是（　）Ａ肝脏Ｂ皮肤Ｃ肺Ｄ大脑\n"],
)
def test_glued_options_on_a_line_of_their_own_or_in_full_width(question: str) -> None:
    result = imp(question + "答案：B\n2.下列说法正确的是（ ）\nA公司向B公司借款，C公司担保\nA.正确B.错误\n答案：A\n")
    assert answers(result) == [(Kind.single, "B"), (Kind.true_false, True)]
    assert result.bank.questions[0].options == {"A": "肝脏", "B": "皮肤", "C": "肺", "D": "大脑"}
    assert result.bank.questions[1].prompt.endswith("A公司向B公司借款，C公司担保")  # a sentence, not options


@pytest.mark.parametrize(
    "keys",
    [
        "Corrigé\n1 b\n2 a\n3 c\n",
        "Corrigé\n1-b\n2-a\n3-c\n",
        "CORRIGÉ : 1b, 2a, 3c\n",
        "Soluciones\n1. b\n2. a\n3. c\n",
        "Lösungen: 1 b / 2 a / 3 c\n",
    ],
)
def test_keys_of_a_language_test_one_a_line_or_after_the_heading(keys: str) -> None:
    text = (
        "1. Wir ______ Freunde.\na) ist    b) sind    c) bin\n"
        "2. Du ______ müde.\na) bist    b) bin    c) ist\n"
        "3. Er ______ Arzt.\na) bin    b) bist    c) ist\n\n" + keys
    )
    assert [q.answer for q in imp(text).bank.questions] == ["B", "A", "C"]


def test_a_soft_exam_blank_keyed_under_its_stem_with_its_options_on_lines_below() -> None:
    text = (
        "● 数据库中用于撤销权限的语句是 (1) ，用于授予权限的语句是 (2) 。\n"
        "(1)A．DROP　　B．REVOKE\n(2)A．GRANT　　B．ALLOW\n参考答案：(1)B　(2)A\n\n"
        "● 在TCP中，连接由 (3) 握手建立。\n(3)\nA. 两次\nB. 三次\nC. 四次\n参考答案：(3)B\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["B", "A", "B"]
    assert result.bank.questions[2].options == {"A": "两次", "B": "三次", "C": "四次"}
    assert result.bank.questions[2].prompt == "在TCP中，连接由 (3) 握手建立。"


def test_roman_parts_and_a_key_table_drawn_with_box_characters() -> None:
    text = (
        "I. Choose the correct answer.\n1. The capital of Italy is ______.\na) Rome    b) Milan\n"
        "II. True or false?\n2. Venice has canals.\n\nAnswer Key\n"
        "┌────┬────┐\n│ No │ Key│\n├────┼────┤\n│ 1  │ a  │\n│ 2  │ T  │\n└────┴────┘\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "A"), (Kind.true_false, True)]
    assert [q.section for q in result.bank.questions] == ["I. Choose the correct answer.", "II. True or false?"]


def test_parts_named_aufgabe_with_their_keys_under_the_same_names() -> None:
    text = (
        "Aufgabe 1: Kreuzen Sie an.\n1. Wir ______ Freunde.\na) ist\tb) sind\tc) bin\n"
        "Aufgabe 2: Richtig oder falsch?\n2. Berlin ist die Hauptstadt.\tR ☐   F ☐\n"
        "Lösungen\nAufgabe 1: 1b\nAufgabe 2: 2 richtig\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["B", True]
    assert [q.section for q in result.bank.questions] == [
        "Aufgabe 1: Kreuzen Sie an.",
        "Aufgabe 2: Richtig oder falsch?",
    ]


def test_soft_exam_blanks_whose_bullet_was_lost_in_copying() -> None:
    text = (
        "进程从运行态进入就绪态的原因是(11)，从运行态进入阻塞态的原因是(12)。\n"
        "(11)A. 时间片用完 B. 等待输入\n(12)A. 被调度 B. 等待输入\n"
        "参考答案\n(11)A (12)B\n"
    )
    result = imp(text)
    assert [(q.number, q.answer) for q in result.bank.questions] == [(11, "A"), (12, "B")]
    assert result.bank.questions[1].prompt == "进程从运行态进入就绪态的原因是(11)，从运行态进入阻塞态的原因是(12)。"
