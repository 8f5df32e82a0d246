"""Word files whose chosen options are ticked boxes (typed ☑/☐, several on one line, boxes after their items,
checkbox content controls, legacy form checkboxes, symbol fonts), and blanks Word shows as space (underlined
or plain tabs, empty runs). Every document is written by the test with python-docx (word_kit writes the
controls' XML as Word does)."""

from __future__ import annotations

from pathlib import Path

from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls
from word_kit import Word, checkbox, form_checkbox, run, symbol_run

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file


def imported(word: Word, path: Path) -> ImportResult:
    path.write_bytes(word.bytes())
    return import_file(path, bank_id=path.stem)


def keys(result: ImportResult) -> dict[str, object]:
    return {q.id: q.answer for q in result.bank.questions}


def test_boxes_typed_on_one_line_before_or_after_their_items(tmp_path: Path) -> None:
    word = Word()
    word.para("安全培训测验（回执）")
    word.para("1. 发现火情应首先（单选）")
    word.para("☐ A. 继续工作　☑ B. 报警　☐ C. 离开")
    word.para("2. 厂区内禁止吸烟。（判断）")
    word.para("☑ 正确　　☐ 错误")
    word.para("3. 电器起火可以用水扑灭。（判断）")
    word.para("正确 ☐　　错误 ☑")
    word.para("4. 下列属于消防器材的有（多选） A. 灭火器 ☑　B. 消防栓 ☑　C. 雨伞 ☐")
    word.para("5. 安全出口可以堆放杂物。（判断） ☐ 正确　☒ 错误")
    result = imported(word, tmp_path / "safety.docx")
    assert keys(result) == {"single-1": "B", "tf-2": True, "tf-3": False, "multiple-4": "AB", "tf-5": False}
    assert result.bank.questions[0].options == {"A": "继续工作", "B": "报警", "C": "离开"}
    assert result.bank.questions[3].prompt == "下列属于消防器材的有（多选）"
    assert [q.line for q in result.bank.questions] == [2, 4, 6, 8, 9]


def test_checkbox_controls_and_form_fields_are_read_by_their_state(tmp_path: Path) -> None:
    word = Word()
    word.para("1. 我国的首都是（单选）")
    for letter, text, checked in (("A", "上海", False), ("B", "北京", True), ("C", "广州", False)):
        paragraph = word.para()
        checkbox(paragraph, checked, glyph="☐")  # the stored glyph is stale: the state decides
        paragraph.add_run(f" {letter}. {text}")
    word.para("2. 下列属于偶数的有（多选）")
    for letter, text, checked in (("A", "2", True), ("B", "3", False), ("C", "4", True)):
        paragraph = word.para()
        form_checkbox(paragraph, checked)
        paragraph.add_run(f" {letter}. {text}")
    word.para("3. 水在 0℃ 以下一定结冰。（判断）")
    paragraph = word.para()
    checkbox(paragraph, False)
    paragraph.add_run(" 正确　　")
    checkbox(paragraph, True)
    paragraph.add_run(" 错误")
    result = imported(word, tmp_path / "controls.docx")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "tf-3": False}
    assert result.bank.questions[0].options == {"A": "上海", "B": "北京", "C": "广州"}


def test_boxes_and_ticks_in_symbol_fonts(tmp_path: Path) -> None:
    word = Word()
    word.para("1. 光合作用的场所是")
    for glyph, option in (("¨", "A. 线粒体"), ("þ", "B. 叶绿体"), ("¨", "C. 核糖体")):
        paragraph = word.para()
        symbol_run(paragraph, glyph)  # Wingdings: ¨ draws an empty box, þ a ticked one
        paragraph.add_run(" " + option)
    word.para("2. 细胞核含有遗传物质。（判断）")
    paragraph = word.para()
    symbol_run(paragraph, "R", font="Wingdings 2")  # a ticked box in Wingdings 2
    paragraph.add_run(" 正确　")
    symbol_run(paragraph, "£", font="Wingdings 2")
    paragraph.add_run(" 错误")
    result = imported(word, tmp_path / "symbols.docx")
    assert keys(result) == {"single-1": "B", "tf-2": True}
    assert result.bank.questions[0].options == {"A": "线粒体", "B": "叶绿体", "C": "核糖体"}


def test_boxes_that_mark_no_item_stay_text(tmp_path: Path) -> None:
    word = Word()
    word.para("1. 请在□内填入合适的数：3□5=8。")
    word.para("答案：+")
    word.para("2. 请勾选：☐ 已阅读　☐ 已理解")
    path = tmp_path / "plain.docx"
    path.write_bytes(word.bytes())
    lines = extract(path).text.split("\n")
    assert lines[0] == "1. 请在□内填入合适的数：3□5=8。"
    assert lines[2] == "2. 请勾选：☐ 已阅读　☐ 已理解"  # nothing ticked: no items
    assert "3□5=8" in import_file(path, bank_id="plain").bank.questions[0].prompt


# -- blanks that Word shows as space --------------------------------------------------------------------
def test_blanks_drawn_as_underlined_tabs_plain_tabs_or_empty_runs(tmp_path: Path) -> None:
    word = Word()
    word.para("二、填空题")
    paragraph = word.para("1. 氯化钠的化学式为")
    run(paragraph, "\t", under=True)  # one underlined tab
    paragraph.add_run("，它由钠离子和")
    run(paragraph, "\t", under=True)
    paragraph.add_run("构成。")
    word.para("答案：NaCl；氯离子")
    word.para("2. 地壳中含量最多的元素是\t\t。")  # plain tabs before the full stop
    word.para("答案：O")
    paragraph = word.para("3. 最轻的气体是")
    for _ in range(6):  # runs holding nothing, one per underscore a program meant to draw
        paragraph._p.append(parse_xml(f'<w:r {nsdecls("w")}><w:rPr><w:vertAlign w:val="subscript"/></w:rPr></w:r>'))
    paragraph.add_run("。")
    word.para("答案：氢气")
    result = imported(word, tmp_path / "blanks.docx")
    assert keys(result) == {"fill-1": [["NaCl"], ["氯离子"]], "fill-2": ["O"], "fill-3": ["氢气"]}
    assert [q.prompt for q in result.bank.questions] == [
        "氯化钠的化学式为____，它由钠离子和____构成。",
        "地壳中含量最多的元素是____。",
        "最轻的气体是____。",
    ]


def test_tabs_that_align_options_or_brackets_and_a_stray_empty_run_are_no_blanks(tmp_path: Path) -> None:
    word = Word()
    word.para("1. 水的化学式是\t（　）")
    word.para("A. H2O\tB. CO2")
    paragraph = word.para("答案：")
    paragraph._p.append(parse_xml(f"<w:r {nsdecls('w')}><w:rPr><w:b/></w:rPr></w:r>"))
    paragraph.add_run("A")
    path = tmp_path / "tabs.docx"
    path.write_bytes(word.bytes())
    assert "_" not in extract(path).text
    assert keys(import_file(path, bank_id="tabs")) == {"single-1": "A"}


def test_a_mark_that_another_mark_interrupts_is_still_one_span(tmp_path: Path) -> None:
    word = Word()
    word.para("一、单选题")
    word.para("1. 我国的根本大法是（ ）。")
    word.para("A. 刑法")
    paragraph = word.para()
    run(paragraph, "B. 中华", red=True)
    run(paragraph, "人民共和国", red=True, bold=True)  # bold inside the red option
    run(paragraph, "宪法", red=True)
    word.para("C. 民法典")
    word.para("二、填空题")
    paragraph = word.para("2. 我国面积最大的省级行政区是")
    run(paragraph, "新疆", under=True)
    run(paragraph, "维吾尔", under=True, bold=True)
    run(paragraph, "自治区", under=True)
    paragraph.add_run("。")
    path = tmp_path / "spans.docx"
    path.write_bytes(word.bytes())
    text = extract(path).text
    assert '<font color="red">B. 中华<b>人民共和国</b>宪法</font>' in text
    assert "<u>新疆<b>维吾尔</b>自治区</u>" in text
    result = import_file(path, bank_id="spans")
    assert keys(result) == {"single-1": "B", "fill-2": ["新疆维吾尔自治区"]}
