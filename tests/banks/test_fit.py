"""The pass that checks every key against its question before it goes live (bot/banks/questions/fit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.importer import import_file, import_text
from bot.banks.issues import DocumentError
from bot.banks.model import Kind
from bot.banks.questions.draft import Draft
from bot.banks.questions.fit import misaligned_parts, misfit

FOUR = {"A": "Iron", "B": "Copper", "C": "Zinc", "D": "Tin"}
VIER = {"A": "铁", "B": "铜", "C": "锌", "D": "锡"}


def _apart(number: int, key: str, *, kind: Kind | None, options: dict[str, str], key_line: int) -> Draft:
    return Draft(
        number=number,
        line=number * 3,
        kind=kind,
        stem=f"Q{number} ____?",
        options=dict(options),
        key=key,
        key_line=key_line,
        key_apart=True,
    )


@pytest.mark.parametrize("options", [FOUR, VIER])
def test_a_letter_beyond_the_options_does_not_fit(options: dict[str, str]) -> None:
    d = Draft(number=4, line=10, stem="Which metal?", options={k: options[k] for k in "ABC"}, key="D")
    why = misfit(d)
    assert why is not None and "option D" in why[1] and "没有选项 D" in why[0]


@pytest.mark.parametrize("key", ["AC", "B、D"])
def test_several_letters_written_apart_under_a_single_choice_heading_do_not_fit(key: str) -> None:
    d = _apart(2, key, kind=Kind.single, options=FOUR, key_line=40)
    why = misfit(d)
    assert why is not None and "several letters" in why[1]
    beside = Draft(number=2, line=6, kind=Kind.single, stem="Which metals?", options=FOUR, key=key)
    assert misfit(beside) is None  # beside its question, a teacher's key of several letters: multiple choice


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"A": "Iron B、Copper C、Zinc D、Tin", "B": "4", "C": "C", "D": "【解析】见教材第三章。"}, "explanation"),
        ({"A": "铁B、铜C、锌", "B": "2", "C": "Explanation: the third is right."}, "explanation"),
        ({"A": "Iron", "B": "Copper", "C": "D", "D": "Tin"}, "only a letter"),
        ({"A": "甲B、乙C、丙", "B": "丁", "C": "戊"}, "labels of the options after it"),
    ],
)
def test_options_that_are_no_options_leave_the_question_out(options: dict[str, str], said: str) -> None:
    d = Draft(number=1, line=2, kind=Kind.single, stem="下列属于金属的是（）。", options=options, key="A")
    why = misfit(d)
    assert why is not None and said in why[1]


def test_options_that_are_options_fit() -> None:
    articles = {"A": "a", "B": "an", "C": "the", "D": "—"}
    blood = {"A": "A", "B": "B", "C": "AB", "D": "O"}
    for options in (articles, blood, FOUR):
        assert misfit(Draft(number=1, line=1, stem="Pick one.", options=options, key="B")) is None


@pytest.mark.parametrize(
    ("written", "options"),
    [
        ("（1）正确    （2）错误；“甲”改为“乙”", {"A": "第一句陈述。", "B": "第二句陈述。"}),
        ("(1) The roots hold the soil.", {"A": "State why the floods grew rarer.", "B": "Say what to do next."}),
    ],
)
def test_a_key_of_numbered_parts_keys_no_choice(written: str, options: dict[str, str]) -> None:
    d = Draft(number=3, line=5, stem="Read the passage.", options=options, key="A", key_written=written)
    why = misfit(d)
    assert why is not None and "parts" in why[1]


def test_an_option_named_by_its_number_and_its_text_fits() -> None:
    options = {"A": "Lentement", "B": "Rapidement", "C": "Jamais"}
    assert (
        misfit(Draft(number=1, line=1, stem="Comment ?", options=options, key="B", key_written="(2) Rapidement"))
        is None
    )


def _part(keys: list[tuple[Kind, str]], options: dict[str, str]) -> list[Draft]:
    """Questions 1… and an answer part below them keying each in order (its lines after every question)."""
    return [_apart(n, key, kind=kind, options=options, key_line=100 + n) for n, (kind, key) in enumerate(keys, 1)]


@pytest.mark.parametrize("options", [FOUR, VIER])
def test_keys_shifted_by_one_question_are_caught(options: dict[str, str]) -> None:
    # the true keys: 1.B 2.C 3.D | 4.AB 5.CD; the part was given one question late, so 3 took 4's key
    shifted = _part(
        [(Kind.single, "A"), (Kind.single, "B"), (Kind.single, "AB"), (Kind.multiple, "CD"), (Kind.multiple, "AD")],
        options,
    )
    left = misaligned_parts(shifted)
    assert sorted(left) == [0, 1, 2, 3, 4]
    assert all("misaligned" in m.en and "错位" in m.zh for m in left.values())


def test_a_part_whose_keys_fit_keeps_them() -> None:
    fitting = _part([(Kind.single, "A"), (Kind.single, "B"), (Kind.multiple, "AB"), (Kind.multiple, "CD")], FOUR)
    assert misaligned_parts(fitting) == {}


def test_one_key_beyond_its_options_costs_only_its_question() -> None:
    drafts = _part([(Kind.single, "A"), (Kind.single, "B"), (Kind.single, "C")], FOUR)
    drafts[1].options = {"A": "Iron", "B": "Copper"}
    drafts[1].key = "C"
    assert misaligned_parts(drafts) == {}
    assert misfit(drafts[1]) is not None


PART_ZH = """一、单选题
1. 地球上最大的海洋是（ ）
A. 大西洋 B. 太平洋 C. 印度洋 D. 北冰洋
2. 人体最大的器官是（ ）
A. 心脏 B. 肝脏 C. 皮肤 D. 肺
3. 水的化学式是（ ）
A. CO2 B. H2O C. O2 D. NaCl
二、多选题
4. 下列属于金属的有（ ）
A. 铁 B. 木头 C. 铜 D. 玻璃
5. 下列属于哺乳动物的有（ ）
A. 鲸 B. 鲨鱼 C. 蝙蝠 D. 蜥蜴
参考答案
1.C 2.B 3.AC 4.AC 5.B
"""

PART_EN = """Part 1: Single choice
1. Which ocean is the largest?
A. Atlantic B. Pacific C. Indian D. Arctic
2. Which organ is the largest in the body?
A. Heart B. Liver C. Skin D. Lung
3. What is the formula of water?
A. CO2 B. H2O C. O2 D. NaCl
Part 2: Multiple choice
4. Which of these are metals?
A. Iron B. Wood C. Copper D. Glass
5. Which of these are mammals?
A. Whale B. Shark C. Bat D. Lizard
Answer Key
1. C 2. B 3. AC 4. AC 5. B
"""


def test_a_misaligned_answer_part_publishes_no_key() -> None:
    # the part keys question 3 (single choice) with AC, question 4's key: none of its keys is trusted
    result = import_text(PART_ZH + "6. 光速约为每秒30万千米。（√）\n", source="paper.txt", bank_id="paper")
    assert [q.number for q in result.bank.questions] == [6]
    assert sum("misaligned" in lo.en and "错位" in lo.zh for lo in result.left_out) == 5


def test_a_document_keyed_only_by_a_misaligned_part_is_refused() -> None:
    with pytest.raises(DocumentError) as caught:
        import_text(PART_EN, source="paper.txt", bank_id="paper")
    assert sum("misaligned" in i.en for i in caught.value.issues) == 5


@pytest.mark.parametrize(
    "text",
    [
        "一、单项选择\n1. 下列哪一种动物属于哺乳动物？（    ）\nA. 鲫鱼\tB. 海豚\tC. 麻雀\tD. 青蛙\n【答案】B\n"
        "【解析】海豚胎生哺乳。\n二、材料分析\n2. 阅读材料，完成下列要求。\n某地修建了湿地公园，鸟类逐年增多。\n"
        "（1）指出鸟类增多的原因。\n（2）谈谈保护湿地的意义。\n【答案】（1）食物充足、环境适宜。\n（2）维持生态平衡。\n"
        "【解析】\n【小问1详解】\n根据材料可知。\n",
        "Part A\n1. Which planet is closest to the Sun? (    )\nA. Venus\tB. Mercury\tC. Mars\tD. Earth\nAnswer: B\n"
        "Explanation: Mercury orbits nearest.\nPart B\n2. Read the passage and answer the questions.\n"
        "A town planted trees along its river and the floods grew rarer.\n(1) State why the floods grew rarer.\n"
        "(2) Say what the town should do next.\nAnswer: (1) The roots hold the soil.    (2) Plant more trees.\n"
        "Explanation: see the passage.\n",
    ],
)
def test_sub_questions_read_as_options_publish_no_choice_key(text: str) -> None:
    result = import_text(text, source="paper.txt", bank_id="paper")
    assert [q.answer for q in result.bank.questions if q.kind is Kind.single] == ["B"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "题干,答案\n唐代诗人中被并称为“李杜”的两位是（    ）。,\"['李白', '杜甫']\"\n"
            "我国古代用于航海的发明是（    ）。,['指南针']\n",
            "poets.csv",
        ),
        (
            '1. The two lightest noble gases are ______.\nAnswer: ["helium", "neon"]\n'
            '2. The lightest element is ______.\nAnswer: ["hydrogen"]\n',
            "gases.txt",
        ),
    ],
)
def test_a_fill_key_listed_as_several_items_needs_each_of_them(tmp_path: Path, text: str, name: str) -> None:
    """A quiz export's list of several answers for one blank is every answer asked for, never a choice of one:
    taken as alternatives, a learner naming one poet would be marked right."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    several, one = (q.blanks() for q in import_file(tmp_path / name, bank_id="list").bank.questions)
    assert [blank[0] for blank in several] in (["李白", "杜甫"], ["helium", "neon"])
    assert len(one) == 1
