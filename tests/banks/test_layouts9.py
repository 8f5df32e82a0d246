"""Layouts the first reading of held-out corpus 9 showed, each in a document written here in that class."""

from __future__ import annotations

from bot.banks.importer import import_text
from bot.banks.model import Kind


def _read(doc: str) -> list[tuple[Kind, object]]:
    return [(q.kind, q.answer) for q in import_text(doc, source="t.txt", bank_id="t").bank.questions]


def test_answers_printed_in_place_become_blanks_when_the_key_line_ends_in_a_full_stop() -> None:
    doc = """三．填空题（共2小题）
1．（2分）水的化学式是　H2O　，它由氢和　氧　两种元素组成。
【答案】H2O；氧。
2．（2分）一天有　24　小时。
【答案】24。
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    first, second = result.bank.questions
    assert first.answer == [["H2O"], ["氧"]] and "H2O" not in first.prompt  # the key is not shown to learners
    assert second.answer == ["24"] and "24" not in second.prompt


def test_another_name_in_brackets_after_a_fill_key_is_an_alternative() -> None:
    doc = """四、填空题
1．半精度浮点数占______位。
答案：16（即fp16）
"""
    [(kind, answer)] = _read(doc)
    assert kind is Kind.fill and answer == ["16", "fp16"]


def test_cases_numbered_by_ordinals_alone_keep_their_question_and_numbered_reference() -> None:
    doc = """三、案例分析题（共2题）
（一）
背景资料：
某工地搭设脚手架时未设置连墙件。
问题：
指出不妥之处并写出正确做法。
【参考答案】
（1）不妥之处：未设置连墙件。
（2）正确做法：按规范设置连墙件。
（二）
背景资料：
某仓库发生火灾，造成2人重伤。
问题：
判断事故等级。
【参考答案】
（1）属于一般事故。
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    first, second = result.bank.questions
    assert (first.kind, second.kind) == (Kind.case, Kind.case)
    assert "指出不妥之处" in first.prompt and "指出不妥之处" not in first.answer
    assert "未设置连墙件" in first.answer and "按规范设置连墙件" in first.answer
    assert "判断事故等级" in second.prompt and "一般事故" in second.answer


def test_a_reference_after_a_bare_label_is_the_case_answer() -> None:
    doc = """四．简答题
1、电机频繁过流跳闸，请分析可能原因。
参考：
加速时间过短，负载过重。
"""
    [(kind, answer)] = _read(doc)
    assert kind is Kind.case and "加速时间过短" in str(answer)


def test_a_question_about_a_sign_the_document_does_not_show_is_left_out() -> None:
    doc = """1. Le conducteur doit céder le passage aux piétons engagés.
réponse: Y
2. Qu'indique le panneau ?
A. interdiction de tourner
B. sens unique
C. voie sans issue
réponse: C
3. What does this sign mean?
A. stop
B. yield
réponse: A
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    assert [q.number for q in result.bank.questions] == [1]
    assert sorted(lo.number for lo in result.left_out) == [2, 3]
    assert all("picture" in lo.en for lo in result.left_out)


def test_answers_underlined_by_single_underscores_in_converted_markdown() -> None:
    doc = """# 一、填空题。（每空 1 分）

1. 交通信号灯有 _红灯_ _、 _绿灯_ _和 _黄灯_ 三种。

2. 水在 _0_ 摄氏度结冰，在 _100_ 摄氏度沸腾。

3. 光合作用需要 阳光 _，并放出_ _氧气_。
"""
    result = import_text(doc, source="t.md", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [
        (1, [["红灯"], ["绿灯"], ["黄灯"]]),
        (2, [["0"], ["100"]]),
    ]
    assert [lo.number for lo in result.left_out] == [3]  # an underline cut apart: no safe key, said so


def test_brackets_inside_a_formula_are_no_answer() -> None:
    doc = """# 一、填空题

1. 公式 $v = s ( 1 + t ) / 2$ 中，t 表示时间。

2. 水的化学式是（ H2O ）。
"""
    result = import_text(doc, source="t.md", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(2, ["H2O"])]
    assert [lo.number for lo in result.left_out] == [1]


def test_a_calculation_keeps_its_numbered_data() -> None:
    doc = """四、计算题
1. 某商店一季度的资料如下：
（1）销售收入80万元；
（2）进货成本50万元；
（3）房租10万元。
要求：计算该商店一季度的利润。
参考答案：
利润 = 80 - 50 - 10 = 20（万元）。
2. 一辆车每小时行驶60千米，行驶3小时。
要求：计算行驶的路程。
参考答案：
路程 = 60 × 3 = 180（千米）。
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    first, second = result.bank.questions
    assert first.kind is Kind.case and "（1）销售收入80万元" in first.prompt and "（3）房租10万元" in first.prompt
    assert "20（万元）" in first.answer and "180（千米）" in second.answer
    assert result.left_out == []


def test_the_last_cases_numbered_reference_is_its_own_not_an_answer_part() -> None:
    doc = """五、案例分析题
案例1：
某仓库夜间失火。
问题：
1. 分析起火原因。
参考答案：
1. 判断：电线老化。
2. 依据：线路多年未检修。
案例2：
某车间发生机械伤害。
问题：
1. 提出防范措施。
参考答案：
1. 加装防护罩。
2. 落实岗前培训。
"""
    result = import_text(doc, source="t.txt", bank_id="t")
    first, second = result.bank.questions
    assert "电线老化" in first.answer and "线路多年未检修" in first.answer
    assert "加装防护罩" in second.answer and "落实岗前培训" in second.answer
