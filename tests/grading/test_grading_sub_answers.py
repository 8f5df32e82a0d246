"""Numbered sub-answers of a case: numbers written bare (`1 … 2 …`), what the explanation's marking note
gives a bare phrase, and a sub-answer that asserts what the reference denies."""

from __future__ import annotations

import pytest

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.case_values import segments


def _case(prompt: str, answer: str, explanation: str = "") -> Question:
    return Question(id="c", kind=Kind.case, number=1, prompt=prompt, answer=answer, explanation=explanation)


@pytest.mark.parametrize(
    ("reply", "parts"),
    [
        ("1 水太烫把酵母烫死了 2 换新酵母重新发酵", ["水太烫把酵母烫死了", "换新酵母重新发酵"]),
        ("1酵母被烫死\n2换新酵母", ["酵母被烫死", "换新酵母"]),
        ("1 yeast died in hot water 2 use fresh yeast", ["yeast died in hot water", "use fresh yeast"]),
    ],
)
def test_sub_answers_numbered_with_bare_digits_are_read_as_numbered(reply: str, parts: list[str]) -> None:
    found = segments(reply, 2)
    assert found is not None and found[1] and [p.strip() for p in found[0]] == parts


@pytest.mark.parametrize(
    "reply",
    ["需要 2 个人和 3 台机器", "1 个 2 个", "先发酵 1 小时再烤 2 次", "1 2"],
)
def test_numbers_in_the_text_are_no_bare_marks(reply: str) -> None:
    found = segments(reply, 2, by_parts=False)
    assert found is None or not found[1]


BREAD = _case(
    "一位新手烤面包，面团揉好后放了两小时仍然没有发起来。\n问题：1. 面团为什么没有发起来？ 2. 应该如何补救？",
    "1. 酵母失活（被烫死）；和面时水温过高，超过60℃。\n2. 用35℃左右的温水重新活化新酵母，揉入面团，放温暖处再次发酵。",
    "两点各一半。第1点只写“酵母失活”而不说明水温原因给该点一半；只写出“原因”“发酵”等词而无内容不得分。",
)


def test_a_bare_phrase_the_marking_note_halves_earns_half_of_its_point() -> None:
    verdict = grade(BREAD, "1. 酵母失活\n2. 用温水重新活化新酵母，揉进面团放温暖处再发酵")
    assert verdict.outcome == "partial" and verdict.score == 0.75


def test_words_the_marking_note_gives_nothing_earn_nothing() -> None:
    assert grade(BREAD, "1. 酵母失活\n2. 再次发酵").score == 0.25
    # the same note with corner quotes
    bread = _case(BREAD.prompt, str(BREAD.answer), "只写出「原因」「发酵」等词而无内容不给分。")
    assert grade(bread, "1 水温太高，酵母失活被烫死 2 再次发酵").score == 0.5


def test_a_sub_answer_that_says_more_than_the_noted_phrase_is_read_by_its_words() -> None:
    verdict = grade(BREAD, "1. 酵母失活，和面水温太高把酵母烫死了\n2. 用温水重新活化新酵母，揉进面团放温暖处再发酵")
    assert verdict.correct


PULLEY = _case(
    "工人用一个定滑轮把一桶砂浆提到二楼。\n问题：1. 定滑轮的轴固定吗？ 2. 用定滑轮有什么好处？",
    "1. 轴固定不动，滑轮只绕轴转动。\n2. 能改变力的方向，但不省力，拉力等于物重（不计摩擦）。",
)
PENGUIN = _case(
    "动物园新来了几只帝企鹅。\n问题：1. 帝企鹅生活在地球的哪个地区？ 2. 它的翅膀有什么特点？",
    "1. 南极大陆及其附近海域。\n2. 翅膀退化成鳍状，不会飞行，在水中划水游泳。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (PULLEY, "1. 轴固定不动\n2. 能改变力的方向，还能省力"),
        (PULLEY, "1 轴是固定的 2 改变力的方向，拉力比物重小，省力"),
        (PENGUIN, "1. 南极大陆\n2. 翅膀退化成鳍状，能短距离飞行"),
    ],
)
def test_a_sub_answer_asserting_what_the_reference_denies_earns_half_of_its_point(
    question: Question, reply: str
) -> None:
    verdict = grade(question, reply)
    assert not verdict.correct and verdict.score <= 0.75


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (PULLEY, "1. 轴固定不动\n2. 能改变力的方向，但不能省力"),
        (PULLEY, "1. 轴固定不动\n2. 能改变力的方向，没有省力"),
        (PENGUIN, "1. 南极大陆\n2. 翅膀退化成鳍状，不能飞行"),
    ],
)
def test_a_sub_answer_keeping_the_denial_keeps_its_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


# A later sub-question may name an earlier one's answer; a numbered sub-answer that gives it earns its point.
LYE = _case(
    "某同学用试纸测得一杯清洁剂溶液的pH为13。\n问题：1. 判断该溶液的酸碱性。2. 强碱性溶液能否用铝制容器长期盛放？",
    "1. pH 13属于强碱性溶液。\n2. 不能，铝会与强碱反应生成偏铝酸盐和氢气，容器被腐蚀。",
)
FROST = _case(
    "某山谷果园在晴朗无风的春夜出现了霜冻。\n问题：(1) 这种霜冻属于哪一类？(2) 辐射霜冻为什么多出现在晴朗无风的夜晚？",
    "(1) 辐射霜冻。\n(2) 晴夜无云，地面长波辐射散热强，无风时冷空气沉积在谷底，温度降到0℃以下。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (LYE, "1. 强碱性\n2. 不能，铝会和强碱反应放出氢气，容器被腐蚀"),
        (FROST, "(1) 辐射霜冻 (2) 晴夜地面辐射散热强，无风冷空气沉在谷底"),
    ],
)
def test_a_sub_answer_named_by_a_later_sub_question_earns_its_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (LYE, "1. 强碱性溶液能否用铝制容器长期盛放\n2. 不能，铝会和强碱反应放出氢气，容器被腐蚀"),
        (LYE, "1. 酸性\n2. 不能，铝会和强碱反应放出氢气，容器被腐蚀"),
        (FROST, "(1) 平流霜冻 (2) 晴夜地面辐射散热强，无风冷空气沉在谷底"),
    ],
)
def test_a_copied_sub_question_or_another_answer_earns_no_such_point(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert not verdict.correct and verdict.score <= 0.5


# What the marking note requires of a point (`第1点须指出…`) makes it when a numbered sub-answer says it.
ALTITUDE = _case(
    "一名游客乘飞机直达海拔3600米的城市，当晚头痛、气喘、失眠。\n问题：1. 这些症状的原因是什么？ 2. 应如何处理？",
    "1. 高海拔处空气稀薄、氧分压低，人体缺氧，引起急性高原反应。\n2. 停止活动、卧床休息并吸氧；加重时转移到低海拔。",
    "两点各一半。第1点须指出缺氧；第2点至少含休息与吸氧/下撤两项。",
)
ALTITUDE_2 = _case(
    ALTITUDE.prompt, str(ALTITUDE.answer), "第一问必须答出缺氧（答感冒不得分），第二问须有休息和吸氧或转移到低海拔。"
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [(ALTITUDE, "1. 缺氧\n2. 休息，吸氧"), (ALTITUDE_2, "1 身体缺氧了 2 先躺下休息，再转移到低海拔")],
)
def test_a_sub_answer_saying_what_the_note_requires_makes_its_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (ALTITUDE, "1. 不是缺氧，是感冒\n2. 休息，吸氧"),
        (ALTITUDE, "1. 缺氧\n2. 多喝热水"),
        (ALTITUDE_2, "1 缺氧 2 休息"),
    ],
)
def test_a_sub_answer_missing_or_denying_the_requirement_does_not_make_it(question: Question, reply: str) -> None:
    assert not grade(question, reply).correct


# Two opposites the reference pairs, crossed in the reply, say the reverse.
STRATA = _case(
    "一处河岸剖面露出三层沉积岩，没有褶皱和断层。\n问题：1. 各岩层形成的先后顺序如何判断？ 2. 这种判断的前提是什么？",
    "1. 下层形成早，上层形成晚（地层层序律）。\n2. 岩层未发生倒转或被扰动。",
)
RADIATOR = _case(
    "冬天，房间里的暖气片一般装在窗户下方。\n问题：1. 暖气片附近的空气怎样流动？ 2. 装在窗下有什么好处？",
    "1. 热空气上升，冷空气下沉，形成对流循环。\n2. 先加热从窗户渗入的冷空气，使整个房间温度均匀。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (STRATA, "1. 上层形成早，下层形成晚\n2. 岩层未发生倒转，也没被扰动"),
        (RADIATOR, "1 热空气下沉，冷空气上升，形成对流 2 先加热窗户渗进来的冷空气，房间温度均匀"),
    ],
)
def test_a_sub_answer_crossing_the_references_opposites_earns_nothing_for_its_point(
    question: Question, reply: str
) -> None:
    verdict = grade(question, reply)
    assert verdict.score == 0.5 and verdict.outcome == "partial"


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (STRATA, "1. 下层形成早，上层形成晚\n2. 岩层未发生倒转，也没被扰动"),
        (STRATA, "1. 下层形成比上层早\n2. 岩层未发生倒转，也没被扰动"),
        (RADIATOR, "1 热空气上升，冷空气下沉，形成对流 2 先加热窗户渗进来的冷空气，房间温度均匀"),
    ],
)
def test_the_opposites_paired_as_the_reference_pairs_them_keep_the_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


# A term the point's first detail passes on the way to what it says is not that detail's answer.
VIRUS = _case(
    "一名患者感染冠状病毒后出现发热和呼吸困难。\n问题：1. 病毒如何损伤肺部？ 2. 应如何护理？",
    "1. 病毒借助 ACE2 受体侵入肺泡上皮细胞，大量复制后破坏细胞。\n2. 卧床休息，监测血氧，必要时吸氧。",
)
SMOG = _case(
    "某城市夏季午后出现刺眼的浅蓝色烟雾，市民眼睛刺痛。\n问题：1. 这种烟雾是怎样形成的？ 2. 怎样减少它？",
    "1. 汽车尾气中的 NOx 在强烈阳光下与碳氢化合物发生光化学反应，生成臭氧等污染物。\n2. 限制尾气排放，推广新能源车。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (VIRUS, "1. ACE2\n2. 卧床休息，监测血氧，必要时吸氧"),
        (SMOG, "1 NOx 2 限制尾气排放，推广新能源车"),
    ],
)
def test_a_term_the_first_detail_passes_earns_half_of_its_point(question: Question, reply: str) -> None:
    verdict = grade(question, reply)
    assert not verdict.correct and verdict.score == 0.75


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (VIRUS, "1. 病毒借ACE2受体侵入肺泡上皮细胞，复制后破坏细胞\n2. 卧床休息，监测血氧，必要时吸氧"),
        (SMOG, "1 尾气里的NOx在阳光下和碳氢化合物发生光化学反应，生成臭氧 2 限制尾气排放，推广新能源车"),
    ],
)
def test_the_first_detail_in_its_own_words_keeps_the_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


# A sub-answer to a listing point names the things of its list in its own words, by a word of each that
# names a thing; what it names off the list still counts against it.
ISLAND = _case(
    "某海岛计划减少柴油发电。\n问题：1. 可以改用哪些发电方式？ 2. 为什么海岛适合建风电场？",
    "1. 太阳能光伏发电、海上风力发电、潮汐能发电；另配储能电站调峰。\n2. 海面开阔，风速大而且稳定。",
)


@pytest.mark.parametrize(
    "reply",
    ["1. 太阳能板、潮汐能电站\n2. 海面开阔，风速大而且稳定", "1 装太阳能板，建潮汐能电站 2 海面开阔，风速大而且稳定"],
)
def test_things_of_a_list_named_in_other_words_earn_their_share(reply: str) -> None:
    assert grade(ISLAND, reply).score >= 0.8


@pytest.mark.parametrize(
    "reply",
    ["1. 柴油机发电、燃气轮机\n2. 海面开阔，风速大而且稳定", "1. 太阳能板、燃煤电厂\n2. 海面开阔，风速大而且稳定"],
)
def test_things_off_the_list_earn_nothing_of_it(reply: str) -> None:
    assert grade(ISLAND, reply).score == 0.5


# The words before a point's gloss bracket are its answer, said whole or short of what the question says.
BLOOD = _case(
    "献血站给一位志愿者验血，他的红细胞遇抗A、抗B血清都不凝集。\n问题：1. 验血时先做什么？ 2. 他是什么血型？",
    "1. 核对身份并消毒采血部位，采指尖血。\n2. O 型血（红细胞上没有A抗原和B抗原）。",
)
QUAKE = _case(
    "地震台站最先记录到一列上下振动的地震波。\n问题：1. 地震台怎样定位震中？ 2. 最先到达的是哪一种波？",
    "1. 用三个以上台站测出的时间差交会定位震中。\n2. P 波（纵波，传播速度最快）。",
)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (BLOOD, "1. 核对身份，消毒采血部位，采指尖血\n2. O型"),
        (BLOOD, "1 核对身份，消毒采血部位，采指尖血 2 O型血"),
        (QUAKE, "1. 用三个以上台站测出的时间差交会定位\n2. P波"),
    ],
)
def test_the_answer_before_a_gloss_makes_its_point(question: Question, reply: str) -> None:
    assert grade(question, reply).correct


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (BLOOD, "1. 核对身份，消毒采血部位，采指尖血\n2. A型"),
        (BLOOD, "1. 核对身份，消毒采血部位，采指尖血\n2. 不是O型血"),
        (QUAKE, "1. 用三个以上台站测出的时间差交会定位\n2. S波"),
    ],
)
def test_another_answer_or_a_denied_one_does_not(question: Question, reply: str) -> None:
    assert not grade(question, reply).correct
