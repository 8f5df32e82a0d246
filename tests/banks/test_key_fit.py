"""Never publish a key that does not fit (issue 21, item 2): every key is checked against its question
before it goes live; a misfit is evidence of misalignment, so the question is left out with its line and
the reason, never imported as something else."""

from __future__ import annotations

from bot.banks.importer import import_text
from bot.banks.model import Kind


def _paper(single_keys: str) -> str:
    lines = ["一、单选题（共6题）"]
    for i in range(1, 7):
        lines += [f"{i}.第{i}题问的是哪一个（ ）", "A.甲 B.乙 C.丙 D.丁"]
    lines += [
        "二、多选题（共2题）",
        "1.下列属于金属的有（ ）",
        "A.铁 B.铜 C.氧 D.铝",
        "2.下列属于哺乳动物的有（ ）",
        "A.鲸 B.鲨鱼 C.蝙蝠 D.企鹅",
        "单选题参考答案（1-6）：",
        single_keys,
        "多选题参考答案：",
        "1）ABD",
        "2）AC",
    ]
    return "\n".join(lines) + "\n"


def test_a_misaligned_answer_part_publishes_no_key() -> None:
    # The single-choice part's row gives five keys for six questions: nothing can read it. The multiple-choice
    # part's keys must not be given to single-choice questions 1 and 2.
    result = import_text(_paper("1-6）   ABDAA"), source="paper.txt", bank_id="t")
    published = [(q.section, q.number, q.answer) for q in result.bank.questions]
    assert published == [("二、多选题（共2题）", 1, "ABD"), ("二、多选题（共2题）", 2, "AC")]
    assert sorted(lo.number for lo in result.left_out) == [1, 2, 3, 4, 5, 6]
    assert all(lo.line for lo in result.left_out)


def test_the_same_paper_with_its_single_choice_keys_readable_is_read_whole() -> None:
    result = import_text(_paper("1-6）   ABDAAC"), source="paper.txt", bank_id="t")
    assert [q.answer for q in result.bank.questions] == ["A", "B", "D", "A", "A", "C", "ABD", "AC"]
    assert result.left_out == []


def test_several_letters_written_apart_for_a_single_choice_question_leave_it_out() -> None:
    doc = """一、单选题
1.水的化学式是（ ）
A.H2O B.CO2 C.O2 D.N2
2.地球的卫星是（ ）
A.火星 B.月球 C.金星 D.木星
参考答案
1.A 2.BC
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "A")]
    [left] = result.left_out
    assert left.number == 2 and "misaligned" in left.en and left.line == 7


def test_several_letters_beside_a_single_choice_question_are_the_teachers_key() -> None:
    doc = """一、单选题
1.下列属于金属的是（ ）
A.铁 B.铜 C.氧 D.氮
答案：AB
"""
    [q] = import_text(doc, source="t.txt", bank_id="t").bank.questions
    assert (q.kind, q.answer) == (Kind.multiple, "AB")


def test_a_fill_in_keyed_by_a_letter_with_options_in_its_stem_is_a_choice_question() -> None:
    doc = """三、填空题
1. 一年有____个月。 a. 10  b. 12  c. 14
答案：B
2. 维生素____可以预防坏血病。
答案：C
"""
    first, second = import_text(doc, source="t.txt", bank_id="t").bank.questions
    assert (first.kind, first.answer, first.options) == (Kind.single, "B", {"A": "10", "B": "12", "C": "14"})
    assert first.prompt == "一年有____个月。"
    assert (second.kind, second.answer) == (Kind.fill, ["C"])  # a letter is a fine answer to a blank


def test_a_fill_in_keyed_in_the_alphabet_of_options_in_its_stem_is_a_choice_question() -> None:
    doc = """<ol><li>日本一長い川はどれか。<br>ア 利根川<br>イ 信濃川<br>ウ 石狩川<br>【正解】イ</li>
<li>一年は何か月か。<br>ア 十<br>イ 十一<br>ウ 十二<br>【正解】ウ</li></ol>"""
    result = import_text(doc, source="t.html", bank_id="t")
    assert [(q.kind, q.answer) for q in result.bank.questions] == [(Kind.single, "B"), (Kind.single, "C")]
    assert result.bank.questions[0].options == {"A": "利根川", "B": "信濃川", "C": "石狩川"}
