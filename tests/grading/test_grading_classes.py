"""One test per class of issue 22's misreadings, on a bank of subjects no other bank here covers
(tests/grading/classes_bank.json: astronomy, electricity and mechanics, sequences, music, Song poets and
painters, pharmacology, accounting, labour law). Each row is a reply a learner could type and what a
teacher gives it; every class failed on the grader before its mechanism was built.
"""

from __future__ import annotations

import pytest
from class_rows import ClassBank, Row, outcome

from bot.banks.model import Bank, Kind, Question
from bot.grading import ConceptIndex, Outcome, grade

_BANK = ClassBank("classes_bank.json")
BANK, CONCEPTS = _BANK.bank, _BANK.concepts
graded, check = _BANK.graded, _BANK.check


# Quantities by value: scientific notation in every spelling, powers of ten, fractions, percentages, units
# converted; a changed exponent is another value, and a number without its unit is partial, never full.
QUANTITIES: list[Row] = [
    ("fill-distance", "1.5×10^8 km", "correct"),
    ("fill-distance", "1.5×10^11 m", "correct"),
    ("fill-distance", "1.5e8 km", "correct"),
    ("fill-distance", "1.5×10⁸千米", "correct"),
    ("fill-distance", "150000000 km", "correct"),
    ("fill-distance", "1.5亿公里", "correct"),
    ("fill-distance", "1.5 x 10^8 km", "correct"),
    ("fill-distance", "1.5×10^5 km", "wrong"),
    ("fill-distance", "1.5×10^8 m", "wrong"),
    ("fill-distance", "1.5×10^8", "partial"),
    ("fill-voltage", "220伏", "correct"),
    ("fill-voltage", "0.22 kV", "correct"),
    ("fill-voltage", "220", "partial"),
    ("fill-voltage", "380V", "wrong"),
    ("fill-voltage", "220A", "wrong"),
    ("fill-lightyear", "9.46e15 m", "correct"),
    ("fill-lightyear", "9.46×10^12 km", "correct"),
    ("fill-lightyear", "9.46*10^15m", "correct"),
    ("fill-lightyear", "9.46×10^12 m", "wrong"),
    ("fill-lightyear", "9.46×10^15", "partial"),
    ("fill-lightyear", "约9.5×10^15 m", "partial"),  # rounded more coarsely than the key: right in part
    ("fill-lightyear", "约9.4×10^15 m", "wrong"),
    ("fill-chance", "0.5", "correct"),
    ("fill-chance", "1/2", "correct"),
    ("fill-chance", "二分之一", "correct"),
    ("fill-chance", "百分之五十", "correct"),
    ("fill-chance", "5%", "wrong"),
    ("fill-chance", "0.05", "wrong"),
    ("fill-power", "2^10", "wrong"),  # the sum to work out restated, not its value
    ("fill-power", "2¹⁰", "wrong"),
    ("fill-power", "10^3", "wrong"),
    ("fill-power", "1.024×10^3", "correct"),
    ("fill-power", "1000", "wrong"),
    ("fill-current", "5安", "correct"),
    ("fill-current", "5000 mA", "correct"),
    ("fill-current", "0.5A", "wrong"),
    ("fill-current", "5", "partial"),
    ("fill-current", "5V", "wrong"),
    # A slash inside a key is a fraction or a unit, not a choice between its sides: `6` is neither 1/6 nor
    # 6/36, and `340 m` is no speed.
    ("fill-dice", "6", "wrong"),
    ("fill-dice", "36", "wrong"),
    ("fill-dice", "2/12", "correct"),
    ("fill-dice", "6/36", "correct"),
    ("fill-sound", "340 m", "wrong"),
    ("fill-sound", "340米每秒", "correct"),
    ("fill-sound", "1224 km/h", "correct"),
    ("fill-sound", "340", "partial"),
    # A bare number where the prompt prints the unit after the blank is in that unit: `6000` is 6000 kW·h.
    ("fill-heater", "6000", "wrong"),
    ("fill-heater", "6", "correct"),
    ("fill-heater", "6 kW·h", "correct"),
    ("fill-heater", "2.16×10^7 J", "correct"),
    # Negative exponents and the small prefixes (n, p, μ typed u): `10^-6` is no range from 10 to 6.
    ("fill-capacitor", "4.7×10^-6 F", "correct"),
    ("fill-capacitor", "4.7×10⁻⁶ F", "correct"),
    ("fill-capacitor", "4.7e-6 F", "correct"),
    ("fill-capacitor", "4700 nF", "correct"),
    ("fill-capacitor", "4.7uF", "correct"),
    ("fill-capacitor", "4.7×10^-3 F", "wrong"),
    ("fill-capacitor", "4.7×10^6 F", "wrong"),
    ("fill-capacitor", "4.7", "partial"),
    ("fill-wavelength", "5×10^-7 m", "correct"),
    ("fill-wavelength", "5e-7m", "correct"),
    ("fill-wavelength", "0.5 μm", "correct"),
    ("fill-wavelength", "5×10^7 m", "wrong"),
    ("fill-wavelength", "500 pm", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), QUANTITIES)
def test_quantities_are_compared_by_value_with_their_units(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# Expressions by value, signs and operators kept: `3(n-1)+1` is 3n-2, `3n+2` and `3n2` are not.
EXPRESSIONS: list[Row] = [
    ("fill-sequence", "3n-2", "correct"),
    ("fill-sequence", "3(n-1)+1", "correct"),
    ("fill-sequence", "-2+3n", "correct"),
    ("fill-sequence", "3n−2", "correct"),
    ("fill-sequence", "3n－2", "correct"),
    ("fill-sequence", "a_n=3n-2", "correct"),
    ("fill-sequence", "3*n - 2", "correct"),
    ("fill-sequence", "3n+2", "wrong"),
    ("fill-sequence", "3n2", "wrong"),
    ("fill-sequence", "3n", "wrong"),
    ("fill-sequence", "2-3n", "wrong"),
    # A root is an operator too, and a formula is one answer: its slash divides, its brackets group.
    ("fill-fall-time", "√(2h/g)", "correct"),
    ("fill-fall-time", "√（2h/g）", "correct"),
    ("fill-fall-time", "2h/g", "wrong"),
    ("fill-fall-time", "2h", "wrong"),
    ("fill-fall-time", "√(2g/h)", "wrong"),
    ("fill-fall-time", "√(h/2g)", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), EXPRESSIONS)
def test_expressions_are_compared_by_value_and_signs_are_kept(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# An option is named by its whole text or another name of it, never by a part that is itself another
# term (乙醇 is ethanol, not 乙醇胺; 次氯酸 is an acid, not 次氯酸钠); a letter glued to a word is no letter.
OPTION_NAMES: list[Row] = [
    ("single-amine", "乙醇胺", "correct"),
    ("single-amine", "乙醇", "unread"),
    ("single-disinfect", "次氯酸钠", "correct"),
    ("single-disinfect", "次氯酸", "unread"),
    ("single-disinfect", "氯化钠", "unread"),
    ("single-key", "c大调", "correct"),
    ("single-key", "C大调", "correct"),
    ("single-key", "C", "wrong"),
    ("single-key", "d", "correct"),
    ("single-key", "G大调", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), OPTION_NAMES)
def test_an_option_is_named_only_by_its_whole_text_or_a_name_of_it(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# Another name the bank gives: in the option's brackets (字, 号), or in the explanation (又名, 即, 字).
ALIASES: list[Row] = [
    ("single-poet", "放翁", "correct"),
    ("single-poet", "务观", "correct"),
    ("single-poet", "陆游", "correct"),
    ("single-painter", "张择端", "correct"),
    ("single-painter", "正道", "correct"),
    ("single-drug", "扑热息痛", "correct"),
    ("single-drug", "paracetamol", "correct"),
    ("single-drug", "乙酰水杨酸", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), ALIASES)
def test_options_are_named_by_the_aliases_the_bank_gives(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


LETTERS: list[Row] = [
    ("multiple-planets", "A.C.E", "correct"),
    ("multiple-planets", "A. C. E", "correct"),
    ("multiple-planets", "a-c-e", "correct"),
    ("multiple-planets", "A|C|E", "correct"),
    ("multiple-planets", "A．C．E", "correct"),
    ("multiple-planets", "A.C", "partial"),
    ("multiple-planets", "A.B.C", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), LETTERS)
def test_letters_with_any_separators(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# The unit the prompt prints after the blank, or the words of the prompt, around the key.
AROUND_THE_BLANK: list[Row] = [
    ("fill-bits", "128位", "correct"),
    ("fill-bits", "128 bit", "correct"),
    ("fill-bits", "128", "correct"),
    ("fill-bits", "64位", "wrong"),
    ("fill-poet", "南宋诗人陆游", "correct"),
    ("fill-poet", "陆游之手", "correct"),
    ("fill-drug", "肾上腺素", "correct"),
    ("fill-drug", "去甲肾上腺素", "wrong"),
    ("fill-account", "资产=负债+所有者权益", "correct"),
    ("fill-sage", "诗圣是杜甫", "correct"),
    ("fill-sage", "杜甫是诗圣", "correct"),
    ("fill-sage", "诗圣是杜牧", "wrong"),
    ("fill-sage", "诗仙是杜甫", "wrong"),  # 诗仙 is not what the prompt asks about
]


@pytest.mark.parametrize(("qid", "reply", "expect"), AROUND_THE_BLANK)
def test_the_prompts_words_around_the_key_are_accepted(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# True/false answered by the corrected statement; the claim copied back is no verdict.
CORRECTED: list[Row] = [
    ("tf-planet", "水星是离太阳最近的行星", "correct"),
    ("tf-planet", "离太阳最远的是海王星", "correct"),
    ("tf-planet", "水星不是离太阳最远的行星", "correct"),
    ("tf-planet", "水星是离太阳最远的行星", "unread"),
    ("tf-ohm", "电阻与电流无关", "correct"),
    ("tf-ohm", "导体的电阻与通过它的电流成反比", "unread"),
    ("tf-ohm", "电阻与电流成正比", "unread"),  # its opposite may be as false: no verdict read
    ("tf-year", "地球绕太阳公转一周约需一年", "unread"),
    ("tf-year", "地球绕太阳公转一周约需一个月", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), CORRECTED)
def test_true_false_answered_by_the_statement(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# Two-character names with a slip by sound, when no other name of the bank fits.
NAMES: list[Row] = [
    ("fill-sage", "杜府", "correct"),  # one character from 杜牧 as well, but it sounds like 杜甫 only
    ("fill-sage", "杜木", "wrong"),  # sounds like 杜牧, another name of the bank
    ("fill-sage", "杜牧", "wrong"),
    ("fill-poet", "陆油", "correct"),
    ("fill-poet", "路游", "correct"),
    ("single-painter", "张泽端", "correct"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), NAMES)
def test_names_with_a_slip_by_sound(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


def test_case_points_are_credited_only_with_the_references_values() -> None:
    wrong_values = graded("case-motor", "拉力F=G=mg=50N，功W=Fs=1000J，功率P=W/t=100W")
    right_values = graded("case-motor", "拉力等于重力F=500N，功W=Fs=10000J，功率P=1000W")
    other_units = graded("case-motor", "拉力500牛，做功1×10^4焦，功率1千瓦")
    assert wrong_values.score == 0, wrong_values
    assert outcome(right_values) == "correct", right_values
    assert other_units.score >= 0.5, other_units


def test_a_case_answer_whose_limit_is_the_point_is_no_denial() -> None:
    said = graded(
        "case-overtime",
        "违法，加班要和工会协商并支付加班费；每天不能超过3小时，每月不能超过36小时；可以投诉到劳动监察部门或申请仲裁",
    )
    assert outcome(said) == "correct", said
    denied = graded("case-overtime", "合法，工厂可以要求加班，没有时间限制，也不能维权")
    assert denied.score <= 1 / 3, denied


# Values of other kinds: a ratio, a year written as one, the function a call names; a character asked
# for, with the prompt's words around it; the answer a prompt offers, begun in short.
MORE_FILLS: list[Row] = [
    ("fill-gears", "3比1", "correct"),
    ("fill-gears", "传动比i=60:20=3:1", "correct"),
    ("fill-gears", "约3:1", "correct"),
    ("fill-gears", "1:3", "wrong"),
    ("fill-copernicus", "1543年", "correct"),
    ("fill-copernicus", "1534年", "wrong"),
    ("fill-int", "int('12')", "correct"),
    ("fill-int", "float(x)", "wrong"),
    ("fill-idiom", "成竹", "correct"),
    ("fill-idiom", "诚", "wrong"),
    ("fill-motor", "异步", "correct"),
    ("fill-motor", "异步电", "correct"),
    ("fill-motor", "同步", "wrong"),
    ("fill-idiom", "这题我看不懂", "unread"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), MORE_FILLS)
def test_fill_values_of_other_kinds_and_the_prompts_own_offer(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


# An option by its value (the prompt prints the unit), texts glued together, a head every option shares,
# and a true thing the explanation lists beside the key (no option, no harm).
MORE_OPTIONS: list[Row] = [
    ("single-ohm", "12Ω", "correct"),
    ("single-ohm", "12.0", "correct"),
    ("single-ohm", "3Ω", "wrong"),
    ("multiple-planets", "水星金星火星", "correct"),
    ("multiple-planets", "木星土星", "wrong"),
    ("multiple-planets", "水星 金星 火星 地球", "correct"),
    ("multiple-moons", "木卫一、二、三、四", "correct"),
    ("multiple-moons", "木卫一、五", "wrong"),
]


@pytest.mark.parametrize(("qid", "reply", "expect"), MORE_OPTIONS)
def test_options_by_value_glued_shared_head_or_listed_beside(qid: str, reply: str, expect: str) -> None:
    check(qid, reply, expect)


def test_numbered_sub_answers_are_each_judged_by_their_own_values() -> None:
    right = graded("case-motor", "1. 500N 2. 1×10^4 J 3. 1000W")
    one_off = graded("case-motor", "1. 500N 2. 1000J 3. 1kW")
    no_units = graded("case-motor", "1. 500 2. 10000 3. 1000")
    assert outcome(right) == "correct", right
    assert outcome(one_off) == "partial" and abs(one_off.score - 2 / 3) < 1e-9, one_off
    assert outcome(no_units) == "partial" and no_units.score == 0.5, no_units


def _fill(prompt: str, *answers: str) -> Question:
    return Question(id="fill-1", kind=Kind.fill, number=1, prompt=prompt, answer=list(answers))


def test_a_wrong_number_is_not_read_again_as_text_with_the_prompts_unit() -> None:
    """A number judged by value stays judged: read as text with the unit the prompt prints after the blank,
    `-2.5` and `25` normalised to 25 + m matched `2.5 m` (signs and decimal points lost)."""
    q = _fill("水准测量中，两点的高差为___m。", "2.5", "2.5 m", "2.5米")
    for wrong in ("-2.5", "25", "0.25", "-2.5m"):
        assert grade(q, wrong).outcome is Outcome.wrong, wrong
    for right in ("2.5", "2.5m", "2.5 米", "250 cm"):
        assert grade(q, right).outcome is Outcome.correct, right


def test_a_homophone_slip_is_read_by_the_keys_usual_reading() -> None:
    """插 shares only a rare reading (cha) with 接, read jie in 接口: no IME slip makes 插口 of 接口."""
    q = _fill("计算机与外设之间交换信息的部件叫作___。", "接口")
    assert grade(q, "插口").outcome is Outcome.wrong
    assert grade(q, "接口").outcome is Outcome.correct


def test_an_answer_followed_by_a_bracketed_aside_is_judged_by_the_answer() -> None:
    """`X（aside）` is X with a learner's note; an aside that hedges or offers another answer is no aside."""
    q = _fill("绿色植物利用光能把二氧化碳和水合成有机物的过程叫作___。", "光合作用")
    assert grade(q, "光合作用（在叶绿体里进行）").outcome is Outcome.correct
    assert grade(q, "光合作用 (needs light)").outcome is Outcome.correct
    assert grade(q, "呼吸作用（在线粒体里）").outcome is Outcome.wrong
    assert grade(q, "呼吸作用（或光合作用）").outcome is not Outcome.correct


def test_a_true_false_reply_may_restate_the_claim_then_judge_it() -> None:
    """`约100℃对的`: a part of the claim, then the judgement at its end; a negation before it, or another fact
    before it, is no such reading."""
    q = Question(id="tf-1", kind=Kind.true_false, number=1, prompt="标准大气压下纯水的沸点约为100℃。", answer=True)
    for right in ("100℃对的", "沸点约为100℃，正确", "约100℃ 是对的"):
        assert grade(q, right).outcome is Outcome.correct, right
    for wrong in ("100℃不对", "100℃是错的", "沸点是100℃错"):
        assert grade(q, wrong).outcome is Outcome.wrong, wrong
    assert grade(q, "酒精对的").understood is None  # another thing judged: not this claim's judgement


def test_a_per_unit_names_its_hour_by_one_character() -> None:
    """`千米每时`, `米/时`: after 每 or a slash, 时 is an hour as 分 is a minute."""
    q = _fill("一列车以20 m/s行驶，合___km/h。", "72", "72 km/h")
    for right in ("72千米每时", "72 千米/时", "72km/h"):
        assert grade(q, right).outcome is Outcome.correct, right
    assert grade(q, "72米每时").outcome is Outcome.wrong


def _choice(prompt: str, options: dict[str, str], key: str) -> Question:
    kind = Kind.multiple if len(key) > 1 else Kind.single
    return Question(id="multiple-1", kind=kind, number=1, prompt=prompt, options=options, answer=key)


def test_a_long_option_shortened_by_its_first_and_last_words_names_it() -> None:
    """`石灰石冒出气泡` for 石灰石上滴加稀盐酸后冒出气泡: its words in order, from its first to its last; a part that is
    not the option's start and end, or that fits two options, names nothing."""
    q = _choice(
        "下列现象中属于化学变化的有（  ）",
        {
            "A": "石灰石上滴加稀盐酸后冒出气泡",
            "B": "冰块在室温下慢慢融化",
            "C": "铁钉在潮湿空气中生锈",
            "D": "酒精挥发",
        },
        "AC",
    )
    assert grade(q, "石灰石冒出气泡、铁钉生锈").outcome is Outcome.correct
    assert grade(q, "冰块融化，酒精挥发").outcome is Outcome.wrong
    assert grade(q, "盐酸气泡").outcome is not Outcome.correct  # neither its first nor its last words


def test_a_case_point_of_keeping_away_is_not_made_by_going_towards() -> None:
    """The reference says to keep away from things (`远离河道和低洼处`, `不走地下通道`): a reply that goes to them
    names them the other way round and earns nothing for them."""
    q = Question(
        id="case-1",
        kind=Kind.case,
        number=1,
        prompt="暴雨红色预警发布后，某社区准备组织居民避险。\n问题：外出时应注意什么？",
        answer="1. 远离河道、低洼地带和山坡。\n2. 不走地下通道和涵洞。\n3. 尽快转移到地势高的坚固建筑内。",
    )
    towards = grade(q, "去河道和低洼地带看水，走地下通道和涵洞")
    away = grade(q, "远离河道和低洼地带，别走地下通道和涵洞，转移到地势高的建筑里")
    assert towards.score == 0.0, towards
    assert away.outcome is Outcome.correct, away


def _bank_of(question: Question) -> ConceptIndex:
    """The concept index of a bank holding this question alone: the names its texts give its keys."""
    return ConceptIndex.from_banks([Bank(id="one", title="one", source="one", questions=[question])])


def test_a_key_is_also_named_by_the_name_its_explanation_gives_it_in_brackets() -> None:
    """`玄武岩（basalt）` in the explanation: basalt names the key, through the names the bank writes (the concept
    index, as the bot builds it); a Chinese name only after 又称/俗称…, and a bracket after another word names
    nothing of the key."""
    q = Question(
        id="fill-1",
        kind=Kind.fill,
        number=1,
        prompt="洋壳主要由一种深色、细粒的喷出岩构成，它是___。",
        answer=["玄武岩"],
        explanation="洋壳上部主要是玄武岩（basalt），又称黑石的是它的俗名；花岗岩（granite）则多见于陆壳。",
    )
    assert grade(q, "basalt", _bank_of(q)).outcome is Outcome.correct
    assert grade(q, "Basalt", _bank_of(q)).outcome is Outcome.correct
    assert grade(q, "granite", _bank_of(q)).outcome is Outcome.wrong
    q2 = q.model_copy(update={"explanation": "玄武岩（又称黑武石）是基性喷出岩。"})
    assert grade(q2, "黑武石", _bank_of(q2)).outcome is Outcome.correct
    q3 = q.model_copy(update={"explanation": "玄武岩（含二氧化硅约50%）是基性喷出岩。"})
    assert grade(q3, "含二氧化硅约50%", _bank_of(q3)).outcome is Outcome.wrong


def test_a_chinese_name_and_its_english_name_side_by_side_are_the_key() -> None:
    """`basalt 玄武岩`: both names of the key, a space between, as `玄武岩（basalt）` is."""
    q = Question(id="fill-1", kind=Kind.fill, number=1, prompt="洋壳上部的主要岩石是___。", answer=["玄武岩"])
    assert grade(q, "basalt 玄武岩").outcome is Outcome.correct
    assert grade(q, "玄武岩 basalt").outcome is Outcome.correct
    assert grade(q, "花岗岩 granite").outcome is Outcome.wrong


def test_options_are_told_apart_by_what_they_do_not_share() -> None:
    """`细水雾` for 高压细水雾灭火系统: the ending every option has (`灭火系统`) tells none apart, so a short rest
    names it; Latin words every option has (`typeface family`) likewise."""
    q = _choice(
        "适用于档案馆、不宜用水大量喷淋的场所的固定灭火设施有（  ）",
        {"A": "高压细水雾灭火系统", "B": "七氟丙烷气体灭火系统", "C": "自动喷水湿式灭火系统", "D": "泡沫灭火系统"},
        "AB",
    )
    assert grade(q, "细水雾 七氟丙烷").outcome is Outcome.correct
    assert grade(q, "细水雾，泡沫").understood == "AD"  # read as those two (a wrong option scores 0)
    faces = _choice(
        "Which of these is a humanist sans-serif? (  )",
        {
            "A": "Gill typeface family",
            "B": "Bodoni typeface family",
            "C": "Didot typeface family",
            "D": "Baskerville typeface family",
        },
        "A",
    )
    assert grade(faces, "gill").outcome is Outcome.correct
    assert grade(faces, "didot").outcome is Outcome.wrong


def test_an_option_is_named_by_the_short_name_the_explanation_gives_it() -> None:
    """The explanation calls 地下水位观测法 `水位`: that short name (its characters in the option's order, from its
    first) names it; a short name the question's words never write does not."""
    q = _choice(
        "下列可以直接测出含水层水量变化的方法有（  ）",
        {"A": "地下水位观测法", "B": "同位素示踪法", "C": "遥感影像判读", "D": "抽水试验"},
        "ABD",
    )
    q = q.model_copy(update={"explanation": "地水位、示踪和抽水都能直接反映水量；遥感只能间接推断。"})
    assert grade(q, "地水位，示踪，抽水").outcome is Outcome.correct
    assert grade(q, "地观，示踪，抽水").outcome is not Outcome.correct


def test_a_range_in_words_is_the_range_an_option_marks() -> None:
    """`10hz到40khz` is the option 10 Hz～40 kHz, the words 到/至 for its mark; another range is not."""
    q = _choice(
        "某型号耳机标称的频响范围是（  ）",
        {"A": "10 Hz～40 kHz", "B": "1 Hz～4 kHz", "C": "100 Hz～400 kHz", "D": "40 kHz 以上"},
        "A",
    )
    assert grade(q, "10hz到40khz").outcome is Outcome.correct
    assert grade(q, "10Hz至40kHz").outcome is Outcome.correct
    assert grade(q, "1hz到4khz").outcome is Outcome.wrong


def test_two_options_side_by_side_are_not_one_option_by_a_slip() -> None:
    """`普洱茶 黑茶` are two options, each named by its own words; read as one run they are a slip of one
    character from 普洱茶（熟茶）, which named a single option."""
    q = _choice(
        "下列属于发酵茶或后发酵茶的有（  ）",
        {"A": "红茶", "B": "绿茶", "C": "普洱茶（熟茶）", "D": "黑茶"},
        "ACD",
    )
    assert grade(q, "红茶 普洱茶 黑茶").outcome is Outcome.correct


def _claim(prompt: str, answer: bool, explanation: str) -> Question:
    return Question(id="tf-1", kind=Kind.true_false, number=1, prompt=prompt, answer=answer, explanation=explanation)


def test_a_false_claim_answered_with_the_explanations_fact_in_fewer_words() -> None:
    """`是南宋时建的` for a claim the explanation corrects (始建于南宋绍兴年间): the learner states the fact, in
    fewer words and another order; a fact the explanation does not give is no such answer."""
    q = _claim("杭州六和塔是明代修建的。", False, "六和塔始建于南宋绍兴年间，由僧人智昙主持修建。")
    assert grade(q, "是南宋时建的").outcome is Outcome.correct
    assert grade(q, "智昙主持建的").outcome is Outcome.correct
    assert grade(q, "是元代建的").outcome is Outcome.partial  # right that it is false, for a wrong reason
    assert grade(q, "是的，明代").outcome is Outcome.wrong  # `是的` first, then what it says


def test_the_right_judgement_with_a_sibling_for_its_reason_is_partly_right() -> None:
    """`错，北宋的` where the explanation says 南宋: the judgement right, the fact given for it a sibling of the
    explanation's (same head, a modifier neither the claim nor the explanation writes)."""
    q = _claim("杭州六和塔是明代修建的。", False, "六和塔始建于南宋绍兴年间，由僧人智昙主持修建。")
    half = grade(q, "错，北宋的")
    assert half.outcome is Outcome.partial and "南宋" in half.feedback_zh, half
    assert grade(q, "错，南宋的").outcome is Outcome.correct
    assert grade(q, "错，宋朝的").outcome is Outcome.correct  # 宋 is the explanation's own
    assert grade(q, "错，差一点").outcome is Outcome.correct  # no kind of thing: no sibling


def test_decibels_and_powers_said_in_words_are_read_by_value() -> None:
    """`十分贝`, `10dB` are 10 dB (a level: compared as written, never converted); `10的负3次方` is 10^-3."""
    level = _fill("两台相同的机床同时运转，噪声级约增加___ dB。", "3", "3 dB")
    for right in ("3", "3dB", "三分贝", "3 分贝"):
        assert grade(level, right).outcome is Outcome.correct, right
    assert grade(level, "6 dB").outcome is Outcome.wrong
    power = _fill("1 mm 等于___ m。", "10^-3", "0.001")
    for right in ("10的负3次方", "10的-3次方", "十的负三次方", "10^-3", "1e-3"):
        assert grade(power, right).outcome is Outcome.correct, right
    assert grade(power, "10的3次方").outcome is Outcome.wrong


def test_a_courtesy_name_the_explanation_gives_names_the_person() -> None:
    """`沈括（字存中）`: 存中 and 沈存中 name 沈括; another surname with it does not."""
    q = Question(
        id="fill-1",
        kind=Kind.fill,
        number=1,
        prompt="《梦溪笔谈》的作者是北宋科学家___。",
        answer=["沈括"],
        explanation="沈括（字存中）晚年居润州梦溪园，写成此书。",
    )
    concepts = _bank_of(q)
    for right in ("沈括", "沈存中", "存中"):
        assert grade(q, right, concepts).outcome is Outcome.correct, right
    assert grade(q, "苏存中", concepts).outcome is not Outcome.correct


def test_a_claim_restated_with_a_sibling_swapped_in_holds_it_false() -> None:
    """`西湖在苏州` for 西湖在杭州: the claim's words with one thing swapped for a sibling asserts another fact,
    so it judges the claim false (wrong where the claim is true)."""
    q = _claim("西湖位于浙江省杭州市。", True, "西湖位于杭州市西部，是中国著名的风景名胜区。")
    swapped = grade(q, "西湖在苏州市")
    assert swapped.outcome is Outcome.wrong and swapped.understood == "错误", swapped
    assert grade(q, "对，在杭州市").outcome is Outcome.correct


def test_another_thing_of_the_options_kind_is_a_wrong_answer_not_unread() -> None:
    """`雅典娜号` among ships all named …号 is a ship no option names: a wrong answer, not a reply to ask again."""
    q = _choice(
        "1912年首航时撞上冰山沉没的邮轮是（  ）",
        {"A": "泰坦尼克号", "B": "卢西塔尼亚号", "C": "玛丽王后号", "D": "大不列颠号"},
        "A",
    )
    stray = grade(q, "雅典娜号")
    assert stray.outcome is Outcome.wrong and stray.understood == "雅典娜号", stray
    assert grade(q, "泰坦尼克").outcome is Outcome.correct


def test_the_keys_number_in_a_unit_the_key_does_not_write_is_wrong() -> None:
    """`40 psi` where the key is 40 (bar printed after the blank): another quantity, known to the unit table
    (psi, atm, mmHg, bar convert) or not (`40 furlongs`), never the key with a word beside it."""
    q = _fill("某液压系统的工作压力约为 4 MPa，即___ bar。", "40", "40 bar")
    for right in ("40", "40 bar", "40巴", "4000 kPa"):
        assert grade(q, right).outcome is Outcome.correct, right
    for wrong in ("40 psi", "40 atm", "40 furlongs", "40 mmHg"):
        assert grade(q, wrong).outcome is Outcome.wrong, wrong
