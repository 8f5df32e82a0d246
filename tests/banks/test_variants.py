"""Each variant teachers bring, in a small document of its own."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from bot.banks.formats import read_document
from bot.banks.importer import ImportResult, import_text
from bot.banks.model import Bank, Kind, bank_json


def imp(text: str, **kw: object) -> ImportResult:
    return import_text(text, source="t.txt", bank_id="t", **kw)  # type: ignore[arg-type]


def bank(text: str, **kw: object) -> Bank:
    return imp(text, **kw).bank


CHOICE = "一、单选题\n{n}以下哪个是水果？\n{a}苹果\n{b}白菜\n{c}土豆\n答案：A\n"


@pytest.mark.parametrize("number", ["1.", "1、", "1．", "（1）", "(1)", "第1题", "第 1 题：", "1) "])
def test_numbering_styles(number: str) -> None:
    q = bank(CHOICE.format(n=number, a="A.", b="B.", c="C.")).questions[0]
    assert (q.id, q.number, q.prompt, q.answer) == ("single-1", 1, "以下哪个是水果？", "A")


@pytest.mark.parametrize(
    ("a", "b", "c"),
    [
        ("A.", "B.", "C."),
        ("A、", "B、", "C、"),
        ("A．", "B．", "C．"),
        ("A)", "B)", "C)"),
        ("(A)", "(B)", "(C)"),
        ("A:", "B:", "C:"),
        ("（A）", "（B）", "（C）"),
        ("A. ", "B. ", "C. "),
    ],
)
def test_option_markers_on_their_own_lines(a: str, b: str, c: str) -> None:
    q = bank(CHOICE.format(n="1.", a=a, b=b, c=c)).questions[0]
    assert q.options == {"A": "苹果", "B": "白菜", "C": "土豆"}


@pytest.mark.parametrize("line", ["A.苹果 B.白菜 C.土豆", "A. 苹果\tB. 白菜\tC. 土豆", "(A)苹果  (B)白菜  (C)土豆"])
def test_several_options_on_one_line(line: str) -> None:
    q = bank(f"一、单选题\n1.以下哪个是水果？\n{line}\n答案：A\n").questions[0]
    assert q.options == {"A": "苹果", "B": "白菜", "C": "土豆"}


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("答案：B", "B"),
        ("【答案】B", "B"),
        ("正确答案：B", "B"),
        ("参考答案：B", "B"),
        ("答案: B", "B"),
        ("**答案**：B", "B"),
        ("答案：B。", "B"),
        ("答案：Ｂ", "B"),
    ],
)
def test_key_markers(key: str, expected: str) -> None:
    q = bank(f"一、单选题\n1.以下哪个是蔬菜？\nA.苹果\nB.白菜\n{key}\n").questions[0]
    assert q.answer == expected


@pytest.mark.parametrize("key", ["正确答案：ABD", "答案：A,B,D", "答案：A、B、D", "答案：DBA"])
def test_multiple_choice_keys(key: str) -> None:
    q = bank(f"二、多选题\n1.以下哪些是水果？\nA.苹果\nB.梨\nC.白菜\nD.桃\n{key}\n").questions[0]
    assert (q.kind, q.answer) == (Kind.multiple, "ABD")


def test_key_in_brackets_after_the_stem() -> None:
    text = "一、单选题\n1.以下哪个是蔬菜？（ B ）\nA.苹果\nB.白菜\n2.以下哪个是水果（A）。\nA.苹果\nB.白菜\n"
    q1, q2 = bank(text).questions
    assert (q1.prompt, q1.answer) == ("以下哪个是蔬菜？（ ）", "B")
    assert (q2.prompt, q2.answer) == ("以下哪个是水果（ ）。", "A")


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("正确", True),
        ("错误", False),
        ("对", True),
        ("错", False),
        ("√", True),
        ("×", False),
        ("T", True),
        ("F", False),
        ("不正确", False),
        ("正確", True),
        ("錯誤", False),
    ],
)
def test_true_false_keys(word: str, value: bool) -> None:
    q = bank(f"四、判断题\n1.地球是圆的。\n正确（ ）不正确（ ）\n答案：{word}\n").questions[0]
    assert (q.kind, q.prompt, q.answer) == (Kind.true_false, "地球是圆的。", value)


@pytest.mark.parametrize(("stem", "value"), [("1.地球是圆的。（ √ ）", True), ("1.地球是方的。（×）", False)])
def test_true_false_key_in_brackets(stem: str, value: bool) -> None:
    q = bank(f"四、判断题\n{stem}\n").questions[0]
    assert q.answer is value and q.prompt.endswith("（ ）")


def test_true_false_ticked_slot() -> None:
    q = bank("四、判断题\n1.地球是方的。\n正确（ ）不正确（√）\n").questions[0]
    assert q.answer is False


@pytest.mark.parametrize(
    ("stem", "key", "answer"),
    [
        ("1.中国的首都是___。", "答案：北京", ["北京"]),
        ("1.中国的首都是（ ）。", "答案：北京", ["北京"]),
        ("1.中国的首都是___。", "答案：北京；Beijing", ["北京", "Beijing"]),
        ("1.中国的首都是___。", "答案：北京 或 Beijing", ["北京", "Beijing"]),
        ("1.剪枝移除___。", "答案：无用的神经元或连接", ["无用的神经元或连接"]),  # 或 inside a word stays
        ("1.___是中国的首都，___是日本的首都。", "答案：北京；东京", [["北京"], ["东京"]]),
        ("1.___是中国的首都，___是日本的首都。", "答案：北京 或 Beijing；东京", [["北京", "Beijing"], ["东京"]]),
        ("1.___是中国的首都，（ ）是日本的首都。", "答案：（1）北京（2）东京", [["北京"], ["东京"]]),
        ("1.___是中国的首都，___是日本的首都。", "答案：北京，东京", [["北京"], ["东京"]]),
    ],
)
def test_fill_blanks_and_alternatives(stem: str, key: str, answer: list[object]) -> None:
    result = imp(f"三、填空题\n{stem}\n{key}\n")
    assert result.bank.questions[0].answer == answer
    assert result.warnings == []


def test_markdown_bank() -> None:
    text = (
        "# 期中练习\n\n## 一、单选题（共1题）\n\n**1.** 以下哪个是水果？\n\n- A. 苹果\n- B. 白菜\n\n"
        "**答案**：A\n\n**解析**：苹果是水果。\n\n## 二、判断题（共1题）\n\n1. 白菜是水果。\n\n**答案**：错\n"
    )
    result = imp(text)
    q1, q2 = result.bank.questions
    assert result.bank.title == "期中练习"
    assert [s.title for s in result.bank.sections] == ["一、单选题（共1题）", "二、判断题（共1题）"]
    assert (q1.prompt, q1.options, q1.answer, q1.explanation) == (
        "以下哪个是水果？",
        {"A": "苹果", "B": "白菜"},
        "A",
        "苹果是水果。",
    )
    assert (q2.kind, q2.answer) == (Kind.true_false, False)
    assert result.warnings == []


def test_full_width_letters_and_punctuation() -> None:
    q = bank("一、单选题\n１．以下哪个是水果？\nＡ．苹果\nＢ．白菜\n答案：Ａ\n解析：苹果是水果。\n").questions[0]
    assert (q.number, q.options, q.answer) == (1, {"A": "苹果", "B": "白菜"}, "A")


SMALL = "一、单选题（共1题）\r\n1.以下哪个是水果？\r\nA.苹果\r\nB.白菜\r\n答案：A\r\n解析：苹果是水果。\r\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030", "utf-16"])
def test_encodings_and_crlf(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "doc.txt"
    path.write_bytes(SMALL.encode(encoding))
    result = import_text(read_document(path), source=path.name, bank_id="t")
    q = result.bank.questions[0]
    assert (q.prompt, q.options, q.explanation) == ("以下哪个是水果？", {"A": "苹果", "B": "白菜"}, "苹果是水果。")
    assert result.warnings == []


def test_docx_and_md_files(tmp_path: Path) -> None:
    document = docx.Document()
    for line in SMALL.split("\r\n"):
        document.add_paragraph(line)
    document.save(str(tmp_path / "doc.docx"))
    (tmp_path / "doc.md").write_text("## " + SMALL.replace("\r\n", "\n\n"), encoding="utf-8")
    banks = [import_text(read_document(tmp_path / n), source=n, bank_id="t").bank for n in ("doc.docx", "doc.md")]
    docx_q, md_q = (b.questions[0].model_dump(exclude={"line"}) for b in banks)
    assert docx_q == md_q
    assert banks[0].questions[0].answer == "A"


def test_key_and_explanation_blocks_after_a_section() -> None:
    text = (
        "一、单选题（共2题）\n\n1.以下哪个是水果？\n\nA.苹果\n\nB.白菜\n\n2.以下哪个是蔬菜？\n\nA.苹果\n\nB.白菜\n\n"
        "答案：\n\n1.A\n\n2.B\n\n解析：\n\n1.苹果是水果。\n\n2.白菜是蔬菜。\n\n"
        "二、判断题（共1题）\n\n3.白菜是水果。\n\n答案：\n\n3.错\n"
    )
    result = imp(text)
    assert [(q.id, q.answer, q.explanation) for q in result.bank.questions] == [
        ("single-1", "A", "苹果是水果。"),
        ("single-2", "B", "白菜是蔬菜。"),
        ("tf-3", False, None),
    ]
    assert result.warnings == []


def test_compact_key_block() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n2.乙？\nA.是\nB.否\n3.丙？\nA.是\nB.否\n答案：\n1.A 2.B 3.A\n"
    assert [q.answer for q in bank(text).questions] == ["A", "B", "A"]


def test_section_headers_counts_and_points() -> None:
    text = (
        "一、单项选择题（本大题共2小题，每小题2分，共4分）\n1.甲？\nA.是\nB.否\n答案：A\n"
        "二、判断题（每题2分，共20分）\n2.乙。\n答案：对\n"
    )
    result = imp(text)
    assert [(s.kind, s.declared, s.found) for s in result.bank.sections] == [
        (Kind.single, 2, 1),
        (Kind.true_false, None, 1),
    ]
    assert [w.en for w in result.warnings] == [
        "section '一、单项选择题（本大题共2小题，每小题2分，共4分）' declares 2 questions but holds 1"
    ]
    assert result.warnings[0].line == 1


def test_numbering_runs_on_across_sections() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n二、判断题\n2.乙。\n答案：对\n三、填空题\n3.丙___。\n答案：丁\n"
    assert [(q.id, q.number) for q in bank(text).questions] == [("single-1", 1), ("tf-2", 2), ("fill-3", 3)]


def test_pinyin_annotations_removed_real_brackets_kept() -> None:
    text = "三、填空题\n1.參數(shù)高效微調(diào)(LoRA/QLoRA)與量化(INT8)的(de)___（多选）。\n答案：數(shù)據(jù)\n"
    q = bank(text).questions[0]
    assert q.prompt == "參數高效微調(LoRA/QLoRA)與量化(INT8)的___（多选）。"
    assert q.answer == ["數據"]


def test_script_kept_or_simplified() -> None:
    text = "四、判斷題\n1.數據並行的通信開銷與設備數量呈線性增長。\n答案：不正確\n"
    assert bank(text).questions[0].prompt == "數據並行的通信開銷與設備數量呈線性增長。"
    assert bank(text, simplified=True).questions[0].prompt == "数据并行的通信开销与设备数量呈线性增长。"


def test_pdf_broken_lines_and_page_furniture() -> None:
    text = (
        "考试卷\n一、单选题\n1. 分布式训练中，哪种方式把数据集拆分到不同设\n备上？\nA. 数据并\n行\nB. 模型并行\n"
        "答案：A\n解析：数据并\n\n第 3 页 共 12 页\n\n行把数据拆分到各设备，参考 PyTorch\nDDP 文档。\n"
        "- 4 -\n2. 下一题？\nA. 是\nB. 否\n答案：B\n"
    )
    result = imp(text)
    q1, q2 = result.bank.questions
    assert q1.prompt == "分布式训练中，哪种方式把数据集拆分到不同设备上？"
    assert q1.options == {"A": "数据并行", "B": "模型并行"}
    assert q1.explanation == "数据并行把数据拆分到各设备，参考 PyTorch DDP 文档。"
    assert q2.prompt == "下一题？" and q2.options == {"A": "是", "B": "否"}
    assert result.warnings == []


def test_case_question_keeps_structure() -> None:
    text = (
        "五、案例分析题（共1题）\n案例 1. 某平台的推荐模型推理很\n慢。\n问题：请给出优化方案。\n"
        "参考答案：\n1. 模型量化：\n- 实施步骤：使用 INT8\n量化。\n- 预期效果：更快。\n2. 知识蒸馏。\n"
    )
    q = bank(text).questions[0]
    assert q.kind is Kind.case and q.id == "case-1"
    assert q.prompt == "某平台的推荐模型推理很慢。\n问题：请给出优化方案。"
    # a break between Latin and Chinese text is closed without a space
    assert q.answer == "1. 模型量化：\n- 实施步骤：使用 INT8量化。\n- 预期效果：更快。\n2. 知识蒸馏。"


def test_case_answer_without_marker_starts_after_the_question() -> None:
    text = "五、案例分析题\n案例1. 某系统很慢。\n问题：如何优化？\n1. 要做什么？\n问题定位：\n1. 推理慢。\n"
    q = bank(text).questions[0]
    assert q.prompt == "某系统很慢。\n问题：如何优化？\n1. 要做什么？"
    assert q.answer == "问题定位：\n1. 推理慢。"


def test_no_section_headers_kinds_inferred() -> None:
    text = "1.以下哪些是水果？\nA.苹果\nB.梨\nC.白菜\n答案：AB\n2.地球是圆的。\n答案：√\n3.首都是___。\n答案：北京\n"
    assert [(q.id, q.answer) for q in bank(text).questions] == [
        ("multiple-1", "AB"),
        ("tf-2", True),
        ("fill-3", ["北京"]),
    ]


def test_ids_are_stable_and_disambiguated() -> None:
    text = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n二、单选题\n1.乙？\nA.是\nB.否\n答案：B\n"
    first = bank(text)
    assert [q.id for q in first.questions] == ["single-1", "single-1-2"]
    assert bank_json(first) == bank_json(bank(text))


def test_inline_key_and_explanation_on_one_line() -> None:
    q = bank("一、单选题\n1.甲？\nA.是\nB.否\n答案：A 解析：因为是。\n").questions[0]
    assert (q.answer, q.explanation) == ("A", "因为是。")
