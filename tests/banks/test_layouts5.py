"""Layouts met in held-out corpus 5, each in a small document of our own: answer parts headed per section
or by a lone number over `[答案]:X`, keys said in prose, judgements answered by letter, Japanese and Korean
papers, review pages of learning apps, pages wrapped at a fixed width, figures the text does not carry."""

from __future__ import annotations

import pytest

from bot.banks.conventions.keys import key_in_explanation, true_false_letters
from bot.banks.importer import ImportResult, import_text
from bot.banks.model import Kind


def imp(text: str, source: str = "t.txt") -> ImportResult:
    return import_text(text, source=source, bank_id="t")


def answers(result: ImportResult) -> list[tuple[Kind, object]]:
    return [(q.kind, q.answer) for q in result.bank.questions]


CHOICES = "一、单项选择题\n1.水的化学式是（ ）\nA.H2O\nB.CO2\n2.一年有几个季节（ ）\nA.三个\nB.四个\n"


def test_answer_part_headed_per_section_with_its_numeral() -> None:
    text = (
        CHOICES
        + "二、判断题\n3.冰是固体。\n\n一、单项选择题答案\n1.【答案】A\n2.【答案】B\n二、判断题答案\n3.【答案】√\n"
    )
    assert answers(imp(text)) == [(Kind.single, "A"), (Kind.single, "B"), (Kind.true_false, True)]


def test_a_lone_number_over_a_bracketed_key_label_in_traditional_script() -> None:
    text = (
        "一、單項選擇題\n1. 投保人是（  ）\nA. 受益人\nB. 付保費的人\n2. 保險人是（  ）\nA. 保險公司\nB. 代理人\n"
        "參考答案\n1\n[答案]:B\n[解析]:投保人負有付費義務。\n2\n[答案]:A\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.single, "A")]
    assert result.bank.questions[0].explanation == "投保人負有付費義務。"


def test_a_key_table_drawn_with_plus_and_dashes_under_a_framed_title() -> None:
    text = (
        CHOICES + "\n=======  参考答案  =======\n+----+----+----+\n|题号| 1  | 2  |\n+----+----+----+\n"
        "|答案| B  | B  |\n+----+----+----+\n"
    )
    assert answers(imp(text)) == [(Kind.single, "B"), (Kind.single, "B")]


@pytest.mark.parametrize(
    ("instruction", "mapping"),
    [
        ("正确的涂A，错误的涂B", {"A": True, "B": False}),
        ("对的选B，错的选A", {"B": True, "A": False}),
        ("A表示正确，B表示错误", {"A": True, "B": False}),
        ("每题1分", None),
    ],
)
def test_how_a_section_maps_letters_to_judgements(instruction: str, mapping: dict[str, bool] | None) -> None:
    assert true_false_letters(f"三、判断题（{instruction}）") == mapping


def test_judgements_answered_by_letter_as_the_heading_says() -> None:
    text = "三、判断题（每题1分，正确的涂A，错误的涂B）\n1．光年是时间单位。\n2．地球自西向东转。\n参考答案\n1.B 2.A\n"
    assert answers(imp(text)) == [(Kind.true_false, False), (Kind.true_false, True)]


def test_a_japanese_paper_numbered_mondai_with_glued_option_numbers() -> None:
    text = (
        "問題1　（　　）、試合は行われた。\n1のに　2ために　3ので　4から\n（正解：1）\n\n"
        "問題2　やっと意味が分かる（　　）。\n1ことにした　2ようになった　3ことになった　4ようにした\n（正解：2）\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "A"), (Kind.single, "B")]
    assert result.bank.questions[0].options == {"A": "のに", "B": "ために", "C": "ので", "D": "から"}


def test_a_group_instruction_headed_mondai_is_no_question() -> None:
    text = (
        "問題1　＿＿の言葉の読み方を1・2・3・4から一つえらびなさい。\n"
        "1　【病院】に行く。\n1　びょういん　2　びよういん　3　びょうえん　4　ぴょういん\n答え：1\n"
    )
    assert answers(imp(text)) == [(Kind.single, "A")]


def test_options_circled_on_one_line_and_keyed_by_circled_number() -> None:
    text = (
        "1. 저는 매일 운동을 (    ) 회사에 갑니다.\n① 해서는  ② 하고  ③ 하러  ④ 하지만\n정답: ②\n"
        "2. C大调属和弦的根音是（    ）\n①D   ②A   ③F   ④G\n答案：④\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.single, "D")]
    assert result.bank.questions[1].options == {"A": "D", "B": "A", "C": "F", "D": "G"}


def test_circled_statements_combined_by_lettered_options_stay_in_the_stem() -> None:
    text = "1. 下列说法正确的是（ ）\n①水是液体；②冰是固体；③汽是气体。\nA. ①②\nB. ②③\nC. ①②③\n答案：C\n"
    (question,) = imp(text).bank.questions
    assert question.answer == "C" and "①水是液体" in question.prompt


def test_keys_after_a_scoring_note_and_blanks_that_are_no_answer() -> None:
    text = (
        "一、单项选择题\n1. 属和弦根音（ ）\nA.D B.G\n二、填空题\n1. 音的性质是音高、________、音量和________。\n"
        "附：评分标准及参考答案\n一、共2分。每题2分。答案：1. B\n二、共4分。每空2分。答案：1.音值、音色\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.fill, [["音值"], ["音色"]])]


def test_a_learning_app_review_counted_as_n_of_m() -> None:
    text = (
        "1/2  单选题\n中位数是\nA 5.5\nB 5\n回答正确\n正确答案 B    你的答案 B\n解析\n暂无解析\n\n"
        "2/2  判断题\n方差可以为负。\n回答错误\n正确答案 错    你的答案 对\n"
    )
    assert answers(imp(text)) == [(Kind.single, "B"), (Kind.true_false, False)]


@pytest.mark.parametrize(
    ("explanation", "key"),
    [
        ("B2C即企业对消费者，故本题选B。", "B"),
        ("无关内容会分散注意力，因此正确答案是C。", "C"),
        ("跳失率指只访问一个页面，答案选A。", "A"),
        ("纸质黑板报不属于网络工具，所以本题选ABC。", "ABC"),
        ("选项D正确，其余均不符合。", "D"),
        ("The correct answer is C because …", "C"),
        ("Arc<T> (C) is the correct answer.", "C"),
        ("A项说法错误，B项说法错误。", None),  # no key said
        ("故选B。也有人认为选C。", None),  # two keys said: none is taken
    ],
)
def test_the_key_said_in_an_explanation(explanation: str, key: str | None) -> None:
    assert key_in_explanation(explanation, {"A": "a", "B": "b", "C": "c", "D": "d"}) == key


def test_a_question_keyed_only_in_its_explanation() -> None:
    text = "1、SSL协议主要用于（ ）\nA 商品推荐\nB 传输加密\nC 物流跟踪\n答案解析：SSL对传输数据加密，所以选B。\n"
    assert answers(imp(text)) == [(Kind.single, "B")]


def test_a_key_before_the_number_and_alternatives_apart_by_slashes() -> None:
    text = (
        "Ⅰ. 单项选择\n( B ) 1. If I ______ you, I would go.\nA. was    B. were    C. am\n"
        "Ⅱ. 填空\n1. She ______ (live) here since 2019.\n\nⅡ 答案：\n1. has lived / has been living\n"
    )
    assert answers(imp(text)) == [(Kind.single, "B"), (Kind.fill, ["has lived", "has been living"])]


def test_judge_right_or_wrong_headings_with_how_to_answer() -> None:
    text = (
        "（一）判断正误，正确的在括号内写T，错误的写F\n1）遗忘先快后慢。（    ）\n答：T\n"
        "Part II. True or False. Write T or F in the blank.\n____ 2) Binary search needs a sorted array.\n"
        "____ 3) Quicksort is always O(n log n).\nANSWER KEY\n2-T   3-F\n"
    )
    assert answers(imp(text)) == [(Kind.true_false, True), (Kind.true_false, True), (Kind.true_false, False)]


def test_judgements_keyed_as_one_run_of_ticks() -> None:
    text = (
        "二、判断题\n1、电容隔直。（  ）\n2、三极管是电压控制型。（  ）\n3、触发器能记忆。（  ）\n"
        "参考答案\n二、判断题\n√×√\n"
    )
    assert answers(imp(text)) == [(Kind.true_false, True), (Kind.true_false, False), (Kind.true_false, True)]


def test_cases_under_material_headings() -> None:
    text = (
        "三、材料分析题\n材料1\n乐乐总抢别人的积木。\n问题：\n（1）请评析。\n参考答案：\n要点：应了解需求，教给方法。\n"
        "材料2\n某园取消户外游戏。\n问题：\n（1）违背了哪些原则？\n参考答案：\n要点：以游戏为基本活动。\n"
    )
    result = imp(text)
    assert [q.kind for q in result.bank.questions] == [Kind.case, Kind.case]
    assert "以游戏为基本活动" in str(result.bank.questions[1].answer)


def test_a_paper_run_on_in_one_paragraph_with_cases_numbered_again() -> None:
    text = (
        "一、单项选择题1.先行组织者由谁提出（ ）A.奥苏伯尔B.布鲁纳C.加涅【答案】A2.不愤不启体现（ ）A.量力性"
        "B.启发性C.直观性【答案】B3.下位学习是（ ）A.从属学习B.并列学习C.上位学习【答案】A二、材料分析题（每题15分）"
        "1.材料：小林爱打篮球。问题：体现了哪些德育原则？【参考答案】要点：长善救失。2.材料：学生分组做实验。问题：用了什么方法？"
        "【参考答案】要点：实验法、讨论法。\n"
    )
    result = imp(text)
    assert [q.kind for q in result.bank.questions] == [Kind.single, Kind.single, Kind.single, Kind.case, Kind.case]
    assert "实验法" in str(result.bank.questions[4].answer)


@pytest.mark.parametrize(
    "stem",
    [
        "如图所示的仪表指示灯点亮，表示（ ）",
        "如下图抓包结果所示，第3个报文是（ ）",
        "执行下图所示命令后输出（ ）",
        "如图所示为病鸡的剖检照片，最可能的疾病是（ ）",
        "Refer to the exhibit. Which route is used?",
    ],
)
def test_a_question_about_a_figure_the_text_does_not_carry_is_left_out(stem: str) -> None:
    result = imp(
        f"1. {stem}\nA. 甲\nB. 乙\n答案：A\n2. 在有向图中，入度为零的顶点可能有（ ）\nA. 一个\nB. 多个\n答案：B\n"
    )
    assert [q.number for q in result.bank.questions] == [2]
    assert [lo.number for lo in result.left_out] == [1]


def test_a_figure_described_in_words_stays() -> None:
    text = "1、如图所示，前方路口黄灯持续闪烁，可以加速通过。\n[图片]\nA、正确\nB、错误\n答案：B\n"
    assert answers(imp(text)) == [(Kind.true_false, False)]


def test_blocks_between_rules_with_unlettered_options_and_the_key_in_prose() -> None:
    text = (
        "Rust quiz\n\nWhich trait allows implicit copies?\nCopy\nDrop\nClone\n"
        "The correct answer is A. Bitwise.\n=====\n"
        "What does ? do on Err?\nReturns early\nPanics\nIgnores it\nReturns early (A) is the correct answer.\n=====\n"
        "Which pointer is thread-safe?\nRc<T>\nArc<T>\nBox<T>\nThe correct answer isB: Arc<T>.\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "A"), (Kind.single, "A"), (Kind.single, "B")]
    assert result.bank.questions[2].options == {"A": "Rc<T>", "B": "Arc<T>", "C": "Box<T>"}


def test_a_review_page_keeps_the_learners_answer_out_of_stem_and_key() -> None:
    text = (
        "10. (填空题) 三大供能系统是磷酸原系统、（ ）系统和（ ）系统。\n我的答案：\n(1) 乳酸\n(2) 有氧\n"
        "正确答案：\n(1) 乳酸能\n(2) 有氧氧化\n8.3分\n"
    )
    (question,) = imp(text).bank.questions
    assert question.answer == [["乳酸能"], ["有氧氧化"]]
    assert "乳酸" not in question.prompt and question.explanation is None


def test_a_hint_in_brackets_is_no_answer() -> None:
    text = (
        "一、填空题（答案写在括号内）\n1．水稻属于（C3）植物，玉米属于（C4）植物（填C3或C4）。\n"
        "2．土壤由固相、（液相）和（气相）组成。\n"
    )
    question, _ = imp(text).bank.questions
    assert question.answer == [["C3"], ["C4"]]
    assert "填C3或C4" in question.prompt


def test_an_option_letter_wrapped_apart_from_its_mark() -> None:
    text = "11.问答法的主要目的是（ D ）\n\nA.回避提问 B.节省时间 C.展示知识 D\n\n.活跃气氛\n"
    result = imp(text)
    assert answers(result) == [(Kind.single, "D")]
    assert result.bank.questions[0].options["D"] == "活跃气氛"


def test_a_moodle_attempt_review_saved_as_a_page() -> None:
    page = (
        "<html><body><div class='que'><h3>Question <span class='qno'>1</span></h3><div>Correct</div>"
        "<div class='qtext'><p>Which layer delivers between processes?</p></div><div>Select one:</div>"
        "<div><input type='radio' disabled checked><span>a. </span>Network</div>"
        "<div><input type='radio' disabled><span>b. </span>Transport</div>"
        "<div><input type='radio' disabled><span>c. </span>Link</div>"
        "<div class='rightanswer'>The correct answer is: Transport</div></div></body></html>"
    )
    result = imp(page, source="review.html")
    assert answers(result) == [(Kind.single, "B")]
    assert result.bank.questions[0].options == {"A": "Network", "B": "Transport", "C": "Link"}


@pytest.mark.parametrize(
    "line", ["Answer Key: 1.B 2.A", "The answer is B.", "Correct: B", "选B", "故选B。", "【正确答案】B", "答案B"]
)
def test_more_ways_to_write_a_key_under_the_options(line: str) -> None:
    first = f"1. Which is right?\nA. x\nB. y\nC. z\n{line}\n"
    text = first + (
        "2. Which is wrong?\nA. p\nB. q\n" if "Key" in line else "2. Which is wrong?\nA. p\nB. q\n答案：A\n"
    )
    assert answers(imp(text)) == [(Kind.single, "B"), (Kind.single, "A")]


def test_a_statement_with_its_judgement_slot_keyed_right_or_wrong_is_true_false() -> None:
    text = (
        "1. 地球是圆的。（ ）\n答案：对\n2. 中国的首都是______。\n答案：北京\n"
        "3. 这种说法是（ ）的：水往低处流\n答案：对\n"
    )
    assert answers(imp(text)) == [(Kind.true_false, True), (Kind.fill, ["北京"]), (Kind.fill, ["对"])]


def test_an_english_paper_in_parts_with_judgements_keyed_every_way() -> None:
    text = (
        "Part A True/False\n1. The sun rises in the east. ______\nAnswer: True\n2. Water boils at 50 C. (F)\n"
        "3. Cats are mammals. T\nPart B Fill in the blanks\n4. The capital of France is ______.\nAnswer: Paris\n"
        "Part C Multiple choice\n5. Which are primes?\nA. 2\nB. 4\nC. 5\nAnswer: A, C\n"
    )
    assert answers(imp(text)) == [
        (Kind.true_false, True),
        (Kind.true_false, False),
        (Kind.true_false, True),
        (Kind.fill, ["Paris"]),
        (Kind.multiple, "AC"),
    ]


def test_markdown_notes_with_numbered_options_a_quoted_key_and_emoji_judgements() -> None:
    text = (
        "## 第一章\n\n### 1. 以下哪个是Python关键字？\n- A. func\n- B. def\n\n**答案：B**\n\n"
        "### 2. 列表用什么括号？\n\n1. ()\n2. []\n3. {}\n\n> 答案：2\n\n"
        "### 3. Python是解释型语言。\n\n答案：✅\n\n### 4. 元组可以修改。\n\n答案：❌\n"
    )
    result = imp(text, source="notes.md")
    assert answers(result) == [
        (Kind.single, "B"),
        (Kind.single, "B"),
        (Kind.true_false, True),
        (Kind.true_false, False),
    ]
    assert result.bank.questions[1].options == {"A": "()", "B": "[]", "C": "{}"}


def test_kind_tags_before_the_number_on_some_questions_only() -> None:
    text = (
        "（单选）1．中国的首都是（Ｂ）\nA 上海  B 北京  C 广州\n（多选）2．下列是直辖市的有（ABD）\n"
        "A 北京  B 上海  C 苏州  D 重庆\n"
        "3．下列是省会的是（　）A．南京 B．苏州 C．无锡【答案】A【解析】南京是江苏省会。\n"
        "（判断）4．长江是中国最长的河流。（√）\n5．黄河流经（　）个省区。【答案】9\n"
    )
    assert answers(imp(text)) == [
        (Kind.single, "B"),
        (Kind.multiple, "ABD"),
        (Kind.single, "A"),
        (Kind.true_false, True),
        (Kind.fill, ["9"]),
    ]


def test_keys_at_the_end_of_the_stem_in_more_dresses() -> None:
    text = (
        "1. 细菌的基本结构不包括：（答案：D）\nA.细胞壁 B.细胞膜 C.细胞质 D.芽孢\n"
        "2. 高压灭菌的温度是：【C】\nA.100℃ B.80℃ C.121℃ D.160℃\n"
        "3. 属于原核生物的是：（多选）【A B D】\nA.细菌 B.支原体 C.真菌 D.衣原体\n"
        "4. 青霉素的作用机制是：——答案 B\nA.抑制蛋白合成 B.抑制细胞壁合成\n"
        "5. 判断：所有细菌都能形成芽孢。（答案：×）\n6. 剩余饭菜应彻底加热。【判断】正确\n"
    )
    assert answers(imp(text)) == [
        (Kind.single, "D"),
        (Kind.single, "C"),
        (Kind.multiple, "ABD"),
        (Kind.single, "B"),
        (Kind.true_false, False),
        (Kind.true_false, True),
    ]


def test_a_platform_export_with_labelled_options_and_empty_bracket_blanks() -> None:
    text = (
        "第1题  [单选题]  分值：2\n题干：绝对引用 A1 的写法是\n选项A：A1\n选项B：$A$1\n标准答案：B\n"
        "第2题  [填空题]  分值：2\n题干：判断条件常用函数【】，同时满足多个条件嵌套【】函数\n标准答案：IF|AND\n"
        "第3题  [填空题]  分值：1\n题干：将对象转为字符串用 JSON.____() 方法\n标准答案：stringify\n"
    )
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.fill, [["IF"], ["AND"]]), (Kind.fill, ["stringify"])]
    assert not result.bank.questions[0].prompt.startswith("分值")


def test_worded_answers_of_a_key_block_may_be_long() -> None:
    text = (
        "1. 海内存知己，____________。\n2. ____________，____________。谁言寸草心，报得三春晖。\n"
        "3. 乱花渐欲迷人眼，____________。\n\n"
        "参考答案：\n1. 天涯若比邻\n2. 临行密密缝 / 意恐迟迟归\n3. 浅草才能没马蹄\n"
    )
    assert answers(imp(text)) == [
        (Kind.fill, ["天涯若比邻"]),
        (Kind.fill, [["临行密密缝"], ["意恐迟迟归"]]),
        (Kind.fill, ["浅草才能没马蹄"]),
    ]


def test_two_judgements_on_a_line_and_a_section_label_over_one_key() -> None:
    text = (
        "一、判断题\n1. 会计主体就是法律主体。（  ）2. 借贷记账法有借必有贷。（  ）\n"
        "二、多项选择题\n3. 属于保险合同当事人的有（  ）\nA、投保人  B、保险人  C、受益人\n"
        "参考答案\n一、判断题：1.错 2.对\n二、多项选择题：3.AB\n"
    )
    assert answers(imp(text)) == [(Kind.true_false, False), (Kind.true_false, True), (Kind.multiple, "AB")]


@pytest.mark.parametrize(
    "keys", ["1、A 2、B 3、C", "1 A  2 B  3 C", "答案：1.A；2.B；3.C", "1．A　2．B　3．C", "(1)A (2)B (3)C"]
)
def test_a_line_of_keys_in_the_answer_part_is_no_set_of_numbered_options(keys: str) -> None:
    question = "{n}. 第{n}题是（ ）\nA. x\nB. y\nC. z\n"
    text = "".join(question.format(n=n) for n in (1, 2, 3)) + f"\n参考答案\n{keys}\n"
    assert answers(imp(text)) == [(Kind.single, "A"), (Kind.single, "B"), (Kind.single, "C")]


def test_a_lone_number_and_its_key_label_apart_by_blank_lines() -> None:
    text = "1. 甲（ ）\nA. 红\nB. 蓝\n2. 乙（ ）\nA. 红\nB. 蓝\n参考答案\n1\n\n[答案]:B\n\n2\n\n[答案]:A\n"
    result = imp(text)
    assert answers(result) == [(Kind.single, "B"), (Kind.single, "A")]
    assert [q.explanation for q in result.bank.questions] == [None, None]  # the key lines are no explanation
