"""Question sheets in layouts other than one question per row: vertical cards (a field name beside its content,
a block of rows per question), options merged down one row each, right options marked in their own cells.

Every sheet is written by the test with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from bot.banks.importer import import_file
from bot.banks.issues import DocumentError
from bot.banks.model import Kind
from tests.formats.test_sheets import counts, keys, workbook


# -- vertical cards --------------------------------------------------------------------------------------
def card(number: int, kind: str, stem: str, options: list[str], key: str, note: str = "") -> list[list[object]]:
    rows: list[list[object]] = [["题号", number], ["题型", kind], ["题干", stem]]
    rows += [[letter, text] for letter, text in zip("ABCDEFGH", options, strict=False)]
    return [*rows, ["答案", key], ["解析", note], []]


VERTICAL = [
    ["安全生产知识竞赛题库　导出：示例系统"],
    [],
    *card(
        1, "单选题", "灭火器压力表指针在（　）区域时表示压力正常。", ["红色", "绿色", "黄色", "白色"], "B", "绿区正常。"
    ),
    *card(2, "多选题", "下列属于个人防护用品的有（　）。", ["安全帽", "防护眼镜", "灭火毯", "绝缘手套"], "ABD"),
    *card(3, "判断题", "电气设备起火时，可以直接用水扑救。", [], "错误", "应先断电。"),
    *card(4, "填空题", "我国的火警电话是______。", [], "119"),
    ["题号", 5],
    ["题型", "单选题"],
    ["题干", "进入受限空间作业前，首先应当（　）。"],
    ["", "（本题为重点题）"],
    ["A", "直接进入"],
    ["B", "检测气体"],
    ["答案", "B"],
]


def test_a_sheet_of_vertical_cards_is_read_block_by_block(tmp_path: Path) -> None:
    result = import_file(workbook(tmp_path / "cards.xlsx", {"题库": VERTICAL}), bank_id="cards")
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "ABD",
        "tf-3": False,
        "fill-4": ["119"],
        "single-5": "B",
    }
    first, *_, last = result.bank.questions
    assert first.options == {"A": "红色", "B": "绿色", "C": "黄色", "D": "白色"}
    assert first.explanation == "绿区正常。" and first.line == 3  # the block's first row
    assert "重点题" in last.prompt  # a row without a field name continues the field above
    assert result.bank.title == "安全生产知识竞赛题库　导出：示例系统"
    assert any("竖排卡片" in c.zh and "vertical cards" in c.en for c in result.conventions)


def test_vertical_cards_without_numbers_start_a_question_at_each_stem(tmp_path: Path) -> None:
    rows = [
        ["题目", "1 + 1 = ?"],
        ["A.", "1"],
        ["（B）", "2"],
        ["正确答案", "B"],
        ["题目", "2 × 3 = ?"],
        ["选项A", "6"],
        ["选项B", "5"],
        ["正确答案", "A"],
        ["二、判断题"],
        ["题目", "0 是偶数。"],
        ["正确答案", "对"],
    ]
    result = import_file(workbook(tmp_path / "math.xlsx", {"Sheet1": rows}), bank_id="math")
    assert keys(result) == {"single-1": "B", "single-2": "A", "tf-3": True}
    assert result.bank.questions[2].section == "二、判断题"


def test_a_column_of_field_names_is_never_read_as_flash_cards(tmp_path: Path) -> None:
    """Field names down column A without a question field: no layout, refused with what a sheet needs."""
    rows = [["姓名", "示例甲"], ["部门", "人事部"], ["姓名", "示例乙"], ["部门", "财务部"]]
    rows += [["答案", "A"], ["答案", "B"], ["答案", "C"]]
    with pytest.raises(DocumentError) as info:
        import_file(workbook(tmp_path / "form.xlsx", {"Sheet1": rows}), bank_id="form")
    assert "no header row" in info.value.en and "field names" in info.value.en
    assert "字段名" in info.value.zh


def test_repeated_prompts_are_no_flash_card_deck(tmp_path: Path) -> None:
    rows = [["颜色", "红"], ["颜色", "绿"], ["颜色", "蓝"], ["形状", "圆"], ["形状", "方"]]
    with pytest.raises(DocumentError, match="no header row"):
        import_file(workbook(tmp_path / "attrs.xlsx", {"Sheet1": rows}), bank_id="attrs")


# -- one row per option, the question's cells merged down -------------------------------------------------
def merged_sheet(path: Path, rows: list[list[object]], merges: list[str]) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    for span in merges:
        sheet.merge_cells(span)
    book.save(path)
    return path


def test_options_on_rows_of_their_own_under_merged_question_cells(tmp_path: Path) -> None:
    rows = [
        ["编号", "题型", "题目", "选项", "正确答案"],
        [1, "单选题", "在幻灯片中插入新页的快捷键是", "A.Ctrl+M", "A"],
        [None, None, None, "B.Ctrl+N"],
        [None, None, None, "C.Ctrl+P"],
        [2, "多选题", "下列属于文本编辑器的有", "记事本", "AC"],
        [None, None, None, "画图"],
        [None, None, None, "写字板"],
        [3, "判断题", "表格的列宽可以调整。", None, "对"],
        [4, "单选题", "保存文件的快捷键是", "A.Ctrl+S", "A"],
        [None, None, None, "B.Ctrl+O"],
    ]
    path = merged_sheet(tmp_path / "merged.xlsx", rows, ["A2:A4", "B2:B4", "C2:C4", "E2:E4", "A5:A7", "E5:E7"])
    result = import_file(path, bank_id="merged")
    assert keys(result) == {"single-1": "A", "multiple-2": "AC", "tf-3": True, "single-4": "A"}
    assert result.bank.questions[0].options == {"A": "Ctrl+M", "B": "Ctrl+N", "C": "Ctrl+P"}
    assert result.bank.questions[1].options == {"A": "记事本", "B": "画图", "C": "写字板"}
    assert not result.left_out


def test_a_row_with_an_empty_question_cell_and_no_options_above_stays_its_own_row(tmp_path: Path) -> None:
    rows = [
        ["题目", "选项A", "选项B", "答案"],
        ["甲", "1", "2", "A"],
        [None, None, "3", "B"],  # a key of its own: no option row, a question without text
    ]
    result = import_file(workbook(tmp_path / "gap.xlsx", {"Sheet1": rows}), bank_id="gap")
    assert keys(result) == {"single-1": "A"}
    assert result.bank.questions[0].options == {"A": "1", "B": "2"}
    assert [lo.line for lo in result.left_out] == [3]


# -- the right options marked in their own cells -----------------------------------------------------------
def test_right_options_starred_or_tagged_where_no_column_holds_the_key(tmp_path: Path) -> None:
    rows = [
        ["题目", "选项1", "选项2", "选项3", "选项4", "类型"],
        ["下列单位中属于长度单位的是", "千克", "*米", "秒", "安培", "单选"],
        ["下列属于晶体的有", "＊食盐", "玻璃", "*冰", "松香", "多选"],
        ["水在标准大气压下的沸点是100℃。", "*对", "错", None, None, "判断"],
        ["下列颜色属于三原色的是", "紫", "红（正确答案）", "橙", "棕", "单选"],
        ["下列物体属于绝缘体的是", "铁", "铝", "橡胶 ✓", "铜", "单选"],
    ]
    result = import_file(workbook(tmp_path / "star.xlsx", {"物理": rows}), bank_id="star")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "tf-3": True, "single-4": "B", "single-5": "C"}
    assert counts(result) == {Kind.single: 3, Kind.multiple: 1, Kind.true_false: 1}
    assert result.bank.questions[0].options == {"A": "千克", "B": "米", "C": "秒", "D": "安培"}
    assert result.bank.questions[3].options["B"] == "红"


def test_a_star_is_no_key_beside_a_key_column_or_on_every_option(tmp_path: Path) -> None:
    rows = [
        ["题目", "A", "B", "C", "答案"],
        ["int *p 中 p 的类型是", "*p", "int *", "int", "B"],  # the key column decides
        ["指针取值写作", "*p", "&p", "p", ""],  # one keyless row whose option starts with *: no convention
        ["星号列表", "*甲", "*乙", "*丙", ""],  # every option starred: a bullet
    ]
    result = import_file(workbook(tmp_path / "c.xlsx", {"Sheet1": rows}), bank_id="c")
    assert keys(result) == {"single-1": "B"}
    assert result.bank.questions[0].options == {"A": "*p", "B": "int *", "C": "int"}
    assert [lo.line for lo in result.left_out] == [3, 4]
