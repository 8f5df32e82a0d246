"""Two messier layouts: keys collected at the end of a document, and case sections numbered "1."."""

from __future__ import annotations

import pytest

from bot.banks.importer import ImportResult, import_text
from bot.banks.issues import DocumentError
from bot.banks.model import Kind


def imp(text: str) -> ImportResult:
    return import_text(text, source="t.txt", bank_id="t")


def keyed(result: ImportResult) -> list[tuple[str, object, str | None]]:
    return [(q.id, q.answer, q.explanation) for q in result.bank.questions]


def warned(result: ImportResult) -> list[tuple[int, str]]:
    return [(w.line, w.en) for w in result.warnings]


QUESTIONS = (
    "一、单选题（共2题）\n"
    "1. 以下哪个是水果？\n"
    "A. 苹果 B. 白菜\n"
    "2. 以下哪个是蔬菜？\n"
    "A. 苹果 B. 梨 C. 白菜\n"
    "二、判断题（共1题）\n"
    "3. 地球是圆的。\n"
)


@pytest.mark.parametrize("marker", ["参考答案", "答案与解析", "【参考答案】", "答案：", "## 参考答案及解析"])
def test_answer_part_with_repeated_headers_and_explanations(marker: str) -> None:
    text = QUESTIONS + f"{marker}\n一、单选题\n1. A   2. C\n二、判断题\n3. 对\n解析：\n3. 卫星照片为证。\n"
    result = imp(text)
    assert keyed(result) == [("single-1", "A", None), ("single-2", "C", None), ("tf-3", True, "卫星照片为证。")]
    assert result.warnings == []


def test_explanations_per_section_and_keys_on_lines_of_their_own() -> None:
    text = (
        QUESTIONS + "\n参考答案\n\n一、单选题\n\n1.A\n\n2.C\n\n"
        "解析：\n1. 苹果是水果。\n2. 白菜是蔬菜。\n\n二、判断题\n3.√\n"
    )
    assert keyed(imp(text)) == [
        ("single-1", "A", "苹果是水果。"),
        ("single-2", "C", "白菜是蔬菜。"),
        ("tf-3", True, None),
    ]


def test_overall_explanations_after_the_last_header() -> None:
    text = QUESTIONS + "参考答案\n一、单选题\n1.A 2.C\n二、判断题\n3.对\n解析：\n1. 苹果是水果。\n3. 卫星照片为证。\n"
    result = imp(text)
    assert keyed(result) == [
        ("single-1", "A", "苹果是水果。"),
        ("single-2", "C", None),
        ("tf-3", True, "卫星照片为证。"),
    ]
    assert result.warnings == []


@pytest.mark.parametrize("keys", ["1.A 2.C 3.对", "1-2 AC\n3.对", "1~2：AC 3-3 对", "1.A\n2.C\n3.错误\n"])
def test_keys_by_number_when_numbering_runs_on(keys: str) -> None:
    result = imp(QUESTIONS + "答案与解析\n" + keys + "\n")
    assert [q.answer for q in result.bank.questions][:2] == ["A", "C"]
    assert result.bank.questions[2].answer is ("错误" not in keys)
    assert result.warnings == []


RESTARTING = (
    "一、单选题\n1.甲？\nA.是\nB.否\n2.乙？\nA.是\nB.否\n"
    "二、多选题\n1.丙？\nA.是\nB.否\nC.也许\n"
    "三、判断题\n1.地球是圆的。\n2.地球是方的。\n"
)


def test_numbering_restarting_in_each_section_matched_by_order() -> None:
    result = imp(RESTARTING + "参考答案\n1.A 2.B\n1.AC\n1.对 2.错\n")
    assert keyed(result) == [
        ("single-1", "A", None),
        ("single-2", "B", None),
        ("multiple-1", "AC", None),
        ("tf-1", True, None),
        ("tf-2", False, None),
    ]
    assert result.warnings == []


def test_numbering_restarting_matched_by_header_in_any_order() -> None:
    text = RESTARTING + "参考答案\n三、判断题\n1.对 2.错\n一、单项选择题\n1-2 BA\n二、多选题\n1.ABC\n"
    assert [q.answer for q in imp(text).bank.questions] == ["B", "A", "ABC", True, False]


def test_multiple_choice_keys_in_a_range() -> None:
    text = "一、多选题\n" + "".join(f"{n}.第{n}题？\nA.甲 B.乙 C.丙\n" for n in (1, 2, 3)) + "二、判断题\n4.对吗？\n"
    result = imp(text + "参考答案\n1-3 AB C ABC\n4.错\n")
    assert [q.answer for q in result.bank.questions] == ["AB", "C", "ABC", False]


def test_fill_and_case_keys_in_the_answer_part() -> None:
    text = (
        "一、填空题\n1. 中国的首都是___。\n二、简答题\n2. 什么是知识蒸馏？\n"
        "参考答案\n一、填空题\n1. 北京 或 Beijing\n二、简答题\n2. 用大模型教小模型：\n- 软标签；\n- 温度。\n"
    )
    result = imp(text)
    fill, case = result.bank.questions
    assert fill.answer == ["北京", "Beijing"]
    assert (case.kind, case.answer) == (Kind.case, "用大模型教小模型：\n- 软标签；\n- 温度。")
    assert result.warnings == []


def test_answer_part_warnings_name_their_lines() -> None:
    text = (
        "一、单选题\n1.甲？\nA.是\nB.否\n2.乙？\nA.是\nB.否\n"  # lines 1-7
        "二、判断题\n3.地球是圆的。\n4.地球是方的。\n"  # lines 8-10
        "参考答案\n1.对\n2.B\n3.错\n7.A\n1-2 ABC\n见下页\n"  # lines 11-17
    )
    result = imp(text)
    assert keyed(result) == [("single-2", "B", None), ("tf-3", False, None)]
    assert warned(result) == [
        (2, "question 1 has no key in the answer section; not imported"),
        (10, "question 4 has no key in the answer section; not imported"),
        (12, "the key '对' in the answer section does not fit single-choice question 1; ignored"),
        (15, "the answer section gives a key for question 7, which the document does not have; ignored"),
        (16, "'1-2 ABC' gives 3 keys for a range of 2 questions; ignored"),
        (17, "this line of the answer section is not understood; ignored"),
    ]
    assert "第 1 题在文末答案中没有答案" in result.warnings[0].zh


def test_every_numbered_item_is_a_question_or_a_warning() -> None:
    text = RESTARTING + "参考答案\n1.A 2.B\n1.AC\n1.对\n"
    result = imp(text)
    imported = {(q.section, q.number) for q in result.bank.questions}
    assert len(imported) == 4
    assert warned(result) == [(15, "question 2 has no key in the answer section; not imported")]


def test_header_matching_no_section_is_said_and_keys_go_by_number() -> None:
    result = imp(QUESTIONS + "参考答案\n三、填空题\n1.A 2.C 3.对\n")
    assert [q.answer for q in result.bank.questions] == ["A", "C", True]
    assert warned(result) == [
        (9, "'三、填空题' in the answer section matches no section of the questions; its keys are matched by number")
    ]


def test_key_after_the_question_wins_over_the_answer_part() -> None:
    text = (
        "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n二、判断题\n2.圆的。\n参考答案\n一、单选题\n1.B\n二、判断题\n2.对\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["A", True]
    assert warned(result) == [(10, "question 1 has a key after it and in the answer section; the first is used")]


def test_section_key_blocks_are_not_an_answer_part() -> None:
    # keys after each section (the first seed's layout): the second block keys its own section
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：\n1.B\n二、判断题\n1.圆的。\n答案：\n1.对\n"
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["B", True]
    assert result.warnings == []


def test_without_any_key_nothing_is_imported_and_each_question_is_named() -> None:
    with pytest.raises(DocumentError) as info:
        imp("一、单选题\n1.甲？\nA.是\nB.否\n")
    assert (info.value.line, info.value.en) == (2, "question 1 has no key; not imported")


# -- case sections numbered "1." -------------------------------------------------------------

CASES = (
    "五、案例分析题（共2题）\n"
    "1. 某平台的推荐模型推理很慢，用户抱怨响应时间长。\n"
    "问题：请给出优化方案。\n"
    "参考答案：\n"
    "1. 模型量化（INT8）：\n"
    "- 实施步骤：\n"
    "1. 使用量化工具转换模型。\n"
    "2. 在验证集上检查精度。\n"
    "- 预期效果：推理更快。\n"
    "2. 知识蒸馏：\n"
    "- 实施步骤：训练一个小模型。\n"
    "3. 结构剪枝。\n"
    "2. 某医院的影像系统在低带宽网络下很慢。\n"
    "问题：\n"
    "1. 瓶颈在哪里？\n"
    "2. 如何优化？\n"
    "解决方案：\n"
    "1. 压缩图像：\n"
    "- 预期效果：传输更少。\n"
    "2. 边缘部署。\n"
)


def test_case_section_numbered_like_its_answers() -> None:
    result = imp(CASES)
    first, second = result.bank.questions
    assert [(q.id, q.number, q.line) for q in (first, second)] == [("case-1", 1, 2), ("case-2", 2, 13)]
    assert first.prompt == "某平台的推荐模型推理很慢，用户抱怨响应时间长。\n问题：请给出优化方案。"
    assert first.answer == (
        "1. 模型量化（INT8）：\n- 实施步骤：\n1. 使用量化工具转换模型。\n2. 在验证集上检查精度。\n"
        "- 预期效果：推理更快。\n2. 知识蒸馏：\n- 实施步骤：训练一个小模型。\n3. 结构剪枝。"
    )
    assert second.prompt == "某医院的影像系统在低带宽网络下很慢。\n问题：\n1. 瓶颈在哪里？\n2. 如何优化？"
    assert second.answer == "解决方案：\n1. 压缩图像：\n- 预期效果：传输更少。\n2. 边缘部署。"
    assert [(s.declared, s.found) for s in result.bank.sections] == [(2, 2)]
    assert result.warnings == []


def test_case_section_numbered_with_brackets() -> None:
    text = CASES.replace("\n1. 某平台", "\n（1）某平台").replace("\n2. 某医院", "\n（2）某医院")
    assert [q.id for q in imp(text).bank.questions] == ["case-1", "case-2"]


def test_numbered_sub_questions_before_the_answer_stay_in_the_case() -> None:
    text = "五、案例分析题\n1. 某系统很慢。\n问题：\n1. 瓶颈在哪里？\n2. 如何优化？\n参考答案：\n1. 量化。\n2. 剪枝。\n"
    result = imp(text)
    (q,) = result.bank.questions
    assert q.prompt == "某系统很慢。\n问题：\n1. 瓶颈在哪里？\n2. 如何优化？"
    assert q.answer == "1. 量化。\n2. 剪枝。"
    assert result.warnings == []


def test_a_case_without_its_own_markers_is_not_lost_silently() -> None:
    # the second case has no 问题：/参考答案：, so it reads as the first one's answer: the count says so
    text = (
        "五、案例分析题（共2题）\n1. 某系统很慢。\n问题：如何优化？\n参考答案：\n1. 量化。\n2. 某医院的系统也很慢。\n"
    )
    assert warned(imp(text)) == [(1, "section '五、案例分析题（共2题）' declares 2 questions but holds 1")]


def test_case_sections_with_their_answers_at_the_end() -> None:
    text = (
        "一、单选题\n1.甲？\nA.是\nB.否\n"
        "二、案例分析题\n2. 某系统很慢。\n问题：如何优化？\n3. 某医院的系统也很慢。\n问题：怎么办？\n"
        "参考答案\n一、单选题\n1.B\n二、案例分析题\n第2题 1. 量化。\n2. 剪枝。\n第3题 边缘部署。\n"
    )
    result = imp(text)
    assert [(q.id, q.answer) for q in result.bank.questions] == [
        ("single-1", "B"),
        ("case-2", "1. 量化。\n2. 剪枝。"),
        ("case-3", "边缘部署。"),
    ]
    assert result.warnings == []


def test_sections_typed_as_one_paragraph_with_glued_options_and_answers_in_brackets() -> None:
    text = (
        "一、多项选择题（选出正确答案填在括号内）1、光合作用需要(AB)A光照B二氧化碳C氮气D黑暗"
        "2、属于哺乳动物的有(AC)A鲸B鲨鱼C蝙蝠D企鹅3、属于行星的有(ABD)A火星B木星C月球D金星\n"
        "二、填空题1.水的化学式是(H2O)。2.一年有(12)个月。3.中国的首都是(北京)。\n"
        "三、判断题1.太阳从东方升起。(√)2.鱼用肺呼吸。(×)3.冰是固态的水。(√)\n"
    )
    result = imp(text)
    assert keyed(result) == [
        ("multiple-1", "AB", None),
        ("multiple-2", "AC", None),
        ("multiple-3", "ABD", None),
        ("fill-1", ["H2O"], None),
        ("fill-2", ["12"], None),
        ("fill-3", ["北京"], None),
        ("tf-1", True, None),
        ("tf-2", False, None),
        ("tf-3", True, None),
    ]
    assert result.bank.questions[1].options == {"A": "鲸", "B": "鲨鱼", "C": "蝙蝠", "D": "企鹅"}


def test_a_list_inside_a_case_stays_in_its_stem() -> None:
    # numbers 1、2、3 inside one paragraph that ask nothing: the case's own requirements, not questions
    text = (
        "五、案例分析题\n1. 某厂要提升产量，管理层提出以下要求：1、梳理现有流程中的瓶颈环节并说明依据；"
        "2、提出三条可以落地的改进措施；3、估算改进之后一个季度的产量变化。\n参考答案：先找瓶颈，再改进。\n"
    )
    (q,) = imp(text).bank.questions
    assert q.kind is Kind.case and "2、提出三条" in q.prompt and q.answer == "先找瓶颈，再改进。"


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("<b>True</b> / False", True),
        ("True / <b>False</b>", False),
        ("<u>对</u>　　错", True),
        ("正确 / <font color=red>错误</font>", False),
    ],
)
def test_a_marked_true_false_pair_under_a_statement(line: str, key: bool) -> None:
    text = f"判断题\n1. 光速大于声速。\n{line}\n2. 冰是固态的水。\n<b>True</b> / False\n"
    assert [q.answer for q in imp(text).bank.questions] == [key, True]


def test_a_case_asked_in_parts_becomes_a_question_per_part() -> None:
    text = (
        "二、案例分析题\n试题一（共10分）\n阅读下列说明，回答问题1至问题3。\n【说明】某工厂的新生产线频繁停机，维修记录零散。\n"
        "【问题1】（4分）\n请指出维修管理中的问题。\n【问题2】（3分）\n请给出改进措施。\n"
        "【问题3】（3分）\n判断下列说法的正误（正确的填写“√”，错误的填写“×”）：\n"
        "（1）设备停机只与操作人员有关。（　）\n（2）预防性维护可以减少停机。（　）\n\n"
        "参考答案及评分要点\n试题一\n【问题1】答：缺少维修台账；没有分析停机原因。\n"
        "【问题2】答：建立台账并定期做预防性维护。\n【问题3】答：（1）×　（2）√\n"
    )
    result = imp(text)
    got = [(q.kind, q.answer) for q in result.bank.questions]
    assert got == [
        (Kind.case, "缺少维修台账；没有分析停机原因。"),
        (Kind.case, "建立台账并定期做预防性维护。"),
        (Kind.true_false, False),
        (Kind.true_false, True),
    ]
    first, judged = result.bank.questions[0], result.bank.questions[2]
    assert first.prompt.startswith("某工厂的新生产线频繁停机") and first.prompt.endswith("请指出维修管理中的问题。")
    assert judged.prompt.endswith("设备停机只与操作人员有关。（ ）")
    assert len({q.id for q in result.bank.questions}) == 4


def test_answer_parts_headed_and_laid_out_the_ways_papers_do() -> None:
    text = (
        "《物理》期中考试试卷\n一、单选题\n1. 光在真空中的速度约为（ ）\nA. 3×10⁸ m/s  B. 340 m/s  C. 1 m/s\n"
        "2. 力的单位是（ ）\nA. 焦耳  B. 牛顿  C. 瓦特\n3. 功率的单位是（ ）\nA. 瓦特  B. 牛顿  C. 帕斯卡\n"
        "二、填空题\n4. 水的沸点约为____℃，冰点为____℃。\n5. 地球绕____公转。\n"
        "四、计算题\n6. 质量 2 kg 的物体受 4 N 的力，求加速度。\n"
        "《物理》期中考试（A卷）参考答案及评分标准\n"
        "题号 | 1 | 2 | 3\n答案 | A | B | A\n"
        "二、4. 100；0　　5. 太阳\n四、6．a = F/m = 2 m/s²。\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == [
        "A",
        "B",
        "A",
        [["100"], ["0"]],
        ["太阳"],
        "a = F/m = 2 m/s²。",
    ]


@pytest.mark.parametrize(
    "header", ["（ 以 下 为 参 考 答 案 ）", "七年级地理期末考试 参考答案", "参考答案及评分要点", "【本部分答案】"]
)
def test_answer_headings_spaced_titled_or_labelled(header: str) -> None:
    text = "一、单选题\n1. 甲？\nA. 是  B. 否\n2. 乙？\nA. 是  B. 否\n3. 丙？\nA. 是  B. 否\n" + f"{header}\n1-3 ABA\n"
    assert [q.answer for q in imp(text).bank.questions] == ["A", "B", "A"]


@pytest.mark.parametrize(
    "line", ["【本部分答案】1.B 2.A 3.B", "A1型题：1.B 2.A 3.B", "第一部分答案：1.B 2.A 3.B", "Part I: 1-3 BAB"]
)
def test_key_lines_after_a_label(line: str) -> None:
    text = "一、A1型题（每题一个最佳答案）\n1. 甲\nA. 1  B. 2\n2. 乙\nA. 1  B. 2\n3. 丙\nA. 1  B. 2\n" + line + "\n"
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["B", "A", "B"]
    assert {q.kind for q in result.bank.questions} == {Kind.single}


def test_fill_answers_after_the_sentence_and_two_blanks_around_a_word() -> None:
    text = (
        "填空题（答案附在句末括号中）\n1. 一个 7B 模型以 fp16 存储约占____GB。（14）\n"
        "2. 张量并行中第一层按____切分，第二层按____切分。（列；行）\n3. LSTM 有____门和____门。\n答案：输入；输出\n"
    )
    assert [q.answer for q in imp(text).bank.questions] == [["14"], [["列"], ["行"]], [["输入"], ["输出"]]]


@pytest.mark.parametrize(
    "answer", ["答案：略（参见教材第三章）", "答案：略，言之成理即可。", "ANS: Answers will vary."]
)
def test_omitted_answers_leave_the_question_out(answer: str) -> None:
    text = f"简答题\n1. 简述市场细分的作用。\n{answer}\n2. 简述定位。\n答案：选择目标市场中的位置。\n"
    result = imp(text)
    assert [q.number for q in result.bank.questions] == [2]
    assert [lo.number for lo in result.left_out] == [1]


def test_review_pages_and_answer_slots() -> None:
    text = (
        "Question 1 of 2\n0.00 / 1.00 points  ✗ Incorrect\nWhich keyword removes duplicates?\nA. UNIQUE\nB. DISTINCT\n"
        "Correct answer: B\n\nQuestion 2 of 2\n1.00 / 1.00 points\n____ 3. Water boils at 100 °C at sea level.\n"
        "ANS: T          PTS: 1          DIF: Easy\n"
    )
    result = imp(text)
    assert [(q.kind, q.answer) for q in result.bank.questions] == [(Kind.single, "B"), (Kind.true_false, True)]


def test_options_numbered_one_to_four_on_one_line_keyed_by_number() -> None:
    text = (
        "問題1　正しいものを1・2・3・4の中から一つ選んでください。\n"
        "1　毎朝【散歩】します。\n1　さんほ　2　ざんぽ　3　さんぽ　4　さんぼ\n"
        "2　部屋の【まど】を開けて。\n1　扉　2　窓　3　戸　4　壁\n"
        "3　The meeting was ______ until Monday.\n1) put off  2) put on  3) put up  4) put out\n"
        "正答表\n問題1　1:3　2:2　3:1\n"
    )
    result = imp(text)
    assert [q.answer for q in result.bank.questions] == ["C", "B", "A"]
    assert result.bank.questions[0].options == {"A": "さんほ", "B": "ざんぽ", "C": "さんぽ", "D": "さんぼ"}


def test_a_numbered_list_in_a_reference_answer_stays_a_list() -> None:
    text = "简答题\n1. 如何缓解过拟合？\n答案：1. 增加数据 2. 正则化 3. 早停\n"
    (q,) = imp(text).bank.questions
    assert q.kind is Kind.case and q.answer == "1. 增加数据 2. 正则化 3. 早停"


def test_listening_ordering_and_matching_are_left_out_with_their_reason() -> None:
    text = (
        "英语期末试卷\nPart I Listening Comprehension\n1. A) At home.  B) At school.  C) At work.\n"
        "Part II Vocabulary\n2. She is ______ than her brother.\nA) good  B) better  C) best\n"
        "Part III\n3. Match the words with their meanings.\nColumn A: 1. candid  2. fragile\n"
        "Answers\n1-2 AB\n3. 1-b 2-a\n"
    )
    result = imp(text)
    assert [q.number for q in result.bank.questions] == [2]
    reasons = {lo.number: lo.en for lo in result.left_out}
    assert "listening" in reasons[1] and "matching" in reasons[3]


def test_a_key_grid_as_a_markdown_table_under_each_section() -> None:
    text = (
        "一、单项选择题\n1. 甲？\nA. 是  B. 否\n2. 乙？\nA. 是  B. 否\n"
        "本大题答案：\n| 题号 | 1 | 2 |\n| 答案 | B | A |\n"
        "二、判断题\n3. 丙。（　）\n4. 丁。（　）\n本大题答案：\n| 题号 | 3 | 4 |\n| 答案 | √ | × |\n"
    )
    assert [q.answer for q in imp(text).bank.questions] == ["B", "A", True, False]


def test_a_fraction_key_is_no_page_counter() -> None:
    text = "填空题\n1. 函数 y=ln x 在 x=2 处的导数值为 ______。\n答案：1/2\n物理试卷 第1页（共1页）\n"
    assert [q.answer for q in imp(text).bank.questions] == [["1/2"]]


@pytest.mark.parametrize(("mark", "key"), [("[Y]", True), ("[N]", False), ("（对）", True), ("【×】", False)])
def test_judgements_marked_after_the_statement(mark: str, key: bool) -> None:
    assert [q.answer for q in imp(f"判断题\n1. 硬盘属于外存储器。 {mark}\n").bank.questions] == [key]


def test_several_lower_case_letters_in_brackets_make_a_multiple_choice_key() -> None:
    text = "1. Which are output devices?\n(a) Monitor\n(b) Mouse\n(c) Printer\nAns: (a), (c)\n"
    (q,) = imp(text).bank.questions
    assert (q.kind, q.answer) == (Kind.multiple, "AC")


def test_answers_quoted_under_questions_in_a_post() -> None:
    text = (
        "**Q1：LoRA 训练的是哪些参数？**\n\nA. 全部参数\nB. 低秩矩阵\n\n> 答案：B\n> 原权重冻结。\n\n"
        "**Q2：简述梯度累积。**\n\n> 多个小批次的梯度累加后再更新一次参数。\n\n"
        "**Q3（判断）：激活检查点用计算换显存。**\n\n> 正确。\n> 反向时重算激活。\n"
    )
    result = imp(text)
    assert [(q.kind, q.answer) for q in result.bank.questions] == [
        (Kind.single, "B"),
        (Kind.case, "多个小批次的梯度累加后再更新一次参数。"),
        (Kind.true_false, True),
    ]


def test_numbered_options_under_a_select_all_question() -> None:
    text = (
        "Question 1\nWhich findings should the nurse report? (Select all that apply.)\n"
        "1. Potassium 3.1 mEq/L\n2. Urine output 60 mL/hr\n3. Crackles in both lung bases\nAnswer: 1, 3\n\n"
        "Question 2\nWhich action comes first?\n1. Give juice\n2. Give insulin\n3. Call the team\nAnswer: 1\n"
    )
    assert [q.answer for q in imp(text).bank.questions] == ["AC", "A"]


def test_scanned_lines_with_options_broken_over_them() -> None:
    text = (
        "1.左心衰竭患者最早出现的症状是（ ）A .\n劳力性呼吸困难 B .端坐呼吸 C .夜间阵发\n性呼吸困难 D .咳粉红色泡沫痰\n"
        "答 案：A\n2.消化性溃疡最典型的临床表现是（ ）A．恶心 B．节律性上腹痛 C．呕血、黑\n便 D．反酸\n答案:B\n"
    )
    questions = imp(text).bank.questions
    assert [q.answer for q in questions] == ["A", "B"]
    assert questions[0].options["C"] == "夜间阵发性呼吸困难"


def test_a_passage_with_numbered_blanks_gives_a_fill_in_per_blank() -> None:
    text = (
        "一、语法填空（阅读短文，在空白处填入适当的单词）\n"
        "Last year I (1)______ (go) to Paris. It was (2)______ best trip of my life. I hope (3)______ (visit) again.\n"
        "二、单句填空\n4. He is good at ______ (swim).\n"
        "参考答案\n一、\n1. went　2. the　3. to visit\n二、\n4. swimming\n"
    )
    result = imp(text)
    assert [(q.number, q.answer) for q in result.bank.questions] == [
        (1, ["went"]),
        (2, ["the"]),
        (3, ["to visit"]),
        (4, ["swimming"]),
    ]
    assert result.bank.questions[1].prompt == "It was ____ best trip of my life."
    assert result.warnings == []


def test_a_questionnaire_export_with_right_options_suffixed() -> None:
    text = (
        "1. 您的姓名：________ (分值: 0) 填空题 *\n\n"
        "2. 最安全的密码是（）(分值: 2) 单选题 *\nA、123456\nB、生日\nC、大小写字母、数字和符号组成的密码(正确答案)\n\n"
        "3. 防范勒索病毒的措施有（）(分值: 2) 多选题 *\n离线备份数据(正确答案)\n及时打补丁(正确答案)\n打开陌生附件\n\n"
        "4. 公共Wi-Fi下可以放心转账。()(分值: 2) 单选题 *\nA、正确\nB、错误(正确答案)\n"
    )
    result = imp(text)
    got = [(q.number, q.kind, q.answer) for q in result.bank.questions]
    assert got == [(2, Kind.single, "C"), (3, Kind.multiple, "AB"), (4, Kind.true_false, False)]
    assert result.bank.questions[0].prompt == "最安全的密码是（）"
    assert result.bank.questions[1].options == {"A": "离线备份数据", "B": "及时打补丁", "C": "打开陌生附件"}
    assert "form field" in result.left_out[0].en


def test_the_papers_notes_and_aptitude_sections_are_no_questions_or_judgements() -> None:
    text = (
        "注意事项\n1．本试卷共3题，满分100分。\n2．请用2B铅笔填涂答题卡。\n"
        "一、常识判断（共2题）\n1．我国的根本政治制度是（  ）。\nA．人民代表大会制度    B．多党合作制度\n"
        "2．白昼最长的节气是（  ）。\nA．春分    B．夏至\n"
        "二、判断推理（共1题）\n3．所有鸟都会飞，企鹅是鸟，所以企鹅会飞。错误在于（  ）。\n"
        "A．大前提错误    B．结论错误\n"
        "参考答案\n题号   1   2   3\n答案   A   B   A\n"
    )
    result = imp(text)
    assert [(q.kind, q.answer) for q in result.bank.questions] == [
        (Kind.single, "A"),
        (Kind.single, "B"),
        (Kind.single, "A"),
    ]
    assert result.left_out == []


def test_a_passage_shared_by_a_range_of_questions_stands_above_each() -> None:
    text = (
        "（一）根据以下资料，回答1～2题。\n2023年某市地区生产总值5000亿元，增长6%。\n"
        "1．增长率为（　）。\nA．5%　　B．6%\n2．总值为（　）。\nA．5000亿元　　B．6000亿元\n"
        "（二）言语理解（3题）\n3．“一叶障目”比喻（　）。\nA．只见局部　　B．目光远大\n"
        "参考答案：1.B　2.A　3.A\n"
    )
    result = imp(text)
    first, second, third = result.bank.questions
    assert first.prompt == "2023年某市地区生产总值5000亿元，增长6%。\n\n增长率为（ ）。"
    assert second.prompt.startswith("2023年某市地区生产总值")
    assert third.prompt == "“一叶障目”比喻（ ）。"
    assert [q.answer for q in result.bank.questions] == ["B", "A", "A"]
    assert result.warnings == []
