"""Question sheets: .xlsx workbooks and .csv files as learning platforms export them, one question per row.

Every sheet here is written by the test (openpyxl, or CSV text in several encodings), in the layouts of
the platforms' import templates: a title and an instructions row above the header, Chinese or English
column names, letter columns or one options column, keys written the platforms' ways.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from bot.banks.importer import ImportResult, import_file
from bot.banks.issues import DocumentError
from bot.banks.model import Kind
from bot.banks.sheets.cards import tab_cards


def workbook(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


def import_csv(path: Path, text: str) -> ImportResult:
    """Write `text` as a UTF-8 file at `path` and import it."""
    path.write_text(text, encoding="utf-8")
    return import_file(path, bank_id=path.stem)


def keys(result: ImportResult) -> dict[str, object]:
    return {q.id: q.answer for q in result.bank.questions}


def counts(result: ImportResult) -> dict[Kind, int]:
    return {kind: n for kind, n in result.bank.counts().items() if n}


# A template in the 学习通/超星 way: title and instructions above the header, letter columns after the
# key, a column of option counts that is no option, the kind cell merged over a block of rows.
PLATFORM = [
    ["期末复习题库（网络基础）"],
    ["说明：题型填写单选题、多选题、判断题、填空题、简答题；多个填空的答案用 | 分隔"],
    ["题型", "题干", "正确答案", "答案解析", "难易度", "知识点", "选项数", "A", "B", "C", "D", "E"],
    ["单选题", "OSI 参考模型共有几层？", "C", "共七层。", "易", "网络模型", 4, "4 层", "5 层", "7 层", "9 层"],
    [None, "TCP 工作在哪一层？", "b", None, "易", "传输层", 4, "网络层", "传输层", "会话层", "应用层"],
    [],
    ["多选题", "下列哪些是传输层协议？", "A|B", "", "中", "传输层，协议", 4, "TCP", "UDP", "ICMP", "ARP"],
    [
        "多选题",
        "下列哪些地址是私有地址？",
        "A,C,E",
        "",
        "难",
        "",
        5,
        "10.0.0.1",
        "8.8.8.8",
        "192.168.1.1",
        "1.1.1.1",
        "172.16.0.1",
    ],
    ["多选题", "以下哪项属于应用层？", "D", "只有一个正确。", "", "", 4, "IP", "TCP", "ARP", "HTTP"],
    ["判断题", "TCP 是面向连接的协议。", True],
    ["判断题", "UDP 保证按序到达。", "错误"],
    ["判断题", "IP 地址由 32 位组成（IPv4）。", "A"],
    ["判断题", "ARP 用于域名解析。", "×"],
    ["填空题", "IPv4 地址有___位，IPv6 地址有___位。", "32|128", "", "", "", None],
    ["填空题", "HTTP 的默认端口是___。", "80;八十"],
    ["填空题", "三次握手的报文依次是___、___、___。", "SYN；SYN+ACK；ACK"],
    ["简答题", "简述 TCP 与 UDP 的区别。", "TCP 面向连接、可靠；\nUDP 无连接、不保证可靠。", "从两方面答。"],
    ["排序题", "把下列层次从低到高排列。", "CAB", "", "", "", 3, "网络层", "传输层", "物理层"],
    ["单选题", "以下哪个是 A 类地址？", "", "", "", "", 4, "10.1.1.1", "128.1.1.1", "192.1.1.1", "224.1.1.1"],
]


def test_a_platform_template_with_title_rows_merged_kinds_and_keys_written_every_way(tmp_path: Path) -> None:
    path = workbook(tmp_path / "网络基础.xlsx", {"题库": PLATFORM})
    sheet = openpyxl.load_workbook(path)
    sheet["题库"].merge_cells("A4:A5")  # the kind written once for a block of rows
    sheet.save(path)
    result = import_file(path, bank_id="net")
    assert result.bank.title == "期末复习题库（网络基础）"
    assert counts(result) == {Kind.single: 2, Kind.multiple: 3, Kind.true_false: 4, Kind.fill: 3, Kind.case: 1}
    assert keys(result) == {
        "single-1": "C",
        "single-2": "B",
        "multiple-3": "AB",
        "multiple-4": "ACE",
        "multiple-5": "D",
        "tf-6": True,
        "tf-7": False,
        "tf-8": True,
        "tf-9": False,
        "fill-10": [["32"], ["128"]],
        "fill-11": ["80", "八十"],
        "fill-12": [["SYN"], ["SYN+ACK"], ["ACK"]],
        "case-13": "TCP 面向连接、可靠；\nUDP 无连接、不保证可靠。",
    }
    q = result.bank.question("multiple-4")
    assert q is not None and q.options == {
        "A": "10.0.0.1",
        "B": "8.8.8.8",
        "C": "192.168.1.1",
        "D": "1.1.1.1",
        "E": "172.16.0.1",
    }
    first = result.bank.questions[0]
    assert (first.line, first.explanation, first.tags) == (4, "共七层。", ["网络模型"])
    assert result.bank.question("multiple-3").tags == ["传输层", "协议"]  # type: ignore[union-attr]
    # Left out, each with its row: a kind the chat cannot ask, a question without a key.
    assert [(lo.line, lo.en) for lo in result.left_out] == [
        (18, "question 14 is of type '排序题', which cannot be answered in the chat; not imported"),
        (19, "question 15 has no key; not imported"),
    ]
    assert "表头在第 3 行" in result.conventions[0].zh


ENGLISH = [
    ["Type", "Question", "Option A", "Option B", "Option C", "Option D", "Correct Answer", "Explanation", "Tags"],
    ["Single Choice", "Which planet is largest?", "Mars", "Jupiter", "Venus", "Earth", "B", "By mass.", "planets"],
    ["Multiple Choice", "Which are gas giants?", "Jupiter", "Saturn", "Mars", "Mercury", "A;B", "", ""],
    ["True/False", "The Sun is a star.", "", "", "", "", "T", "", ""],
    ["True or False", "The Moon is a planet.", "", "", "", "", "false", "", ""],
    ["Fill in the Blank", "Water boils at ___ degrees Celsius at sea level.", "", "", "", "", "100", "", ""],
    ["Short Answer", "Why is the sky blue?", "", "", "", "", "Rayleigh scattering of sunlight.", "", ""],
]


def test_english_column_names_and_kinds(tmp_path: Path) -> None:
    result = import_file(workbook(tmp_path / "astro.xlsx", {"Sheet1": ENGLISH}), bank_id="astro")
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AB",
        "tf-3": True,
        "tf-4": False,
        "fill-5": ["100"],
        "case-6": "Rayleigh scattering of sunlight.",
    }
    assert result.bank.questions[0].options == {"A": "Mars", "B": "Jupiter", "C": "Venus", "D": "Earth"}
    assert result.bank.title == "astro" and result.left_out == []


def test_one_options_column_in_its_several_forms_and_kinds_inferred(tmp_path: Path) -> None:
    rows = [
        ["题目", "选项", "答案", "解析"],
        ["下列属于哺乳动物的是（ ）", "A. 鲸\nB. 鲨鱼\nC. 金鱼", "A", "鲸用肺呼吸。"],
        ["下列属于水果的有（ ）", "苹果｜白菜｜梨｜土豆", "A、C", ""],
        ["光年是（ ）单位", "A、时间；B、长度；C、速度", "B", ""],
        ["地球绕太阳公转。", "", "对", ""],
        ["一年有___个月。", "", "12", ""],
        ["【多选题】下列属于恒星的是（ ）", "A. 太阳\nB. 月球", "A", ""],
    ]
    result = import_file(workbook(tmp_path / "mixed.xlsx", {"练习": rows}), bank_id="mixed")
    assert counts(result) == {Kind.single: 2, Kind.multiple: 2, Kind.true_false: 1, Kind.fill: 1}
    assert keys(result) == {
        "single-1": "A",
        "multiple-2": "AC",
        "single-3": "B",
        "tf-4": True,
        "fill-5": ["12"],
        "multiple-6": "A",
    }
    assert result.bank.questions[-1].prompt == "下列属于恒星的是（ ）"
    options = [q.options for q in result.bank.questions[:3]]
    assert options == [
        {"A": "鲸", "B": "鲨鱼", "C": "金鱼"},
        {"A": "苹果", "B": "白菜", "C": "梨", "D": "土豆"},
        {"A": "时间", "B": "长度", "C": "速度"},
    ]


def test_one_sheet_per_kind_makes_sections(tmp_path: Path) -> None:
    path = workbook(
        tmp_path / "sheets.xlsx",
        {
            "单选题": [
                ["序号", "题干", "选项A", "选项B", "答案"],
                [1, "1+1=？", "2", "3", "A"],
                [2, "2+2=？", "3", "4", "B"],
            ],
            "判断题": [["序号", "题干", "答案"], [1, "3 是质数。", "√"], [2, "4 是质数。", "×"]],
            "说明": [["这一页只有说明文字"]],
        },
    )
    result = import_file(path, bank_id="math")
    assert keys(result) == {"single-1": "A", "single-2": "B", "tf-1": True, "tf-2": False}
    assert [(s.title, s.kind, s.found) for s in result.bank.sections] == [
        ("单选题", Kind.single, 2),
        ("判断题", Kind.true_false, 2),
    ]


def test_a_section_column_and_heading_rows(tmp_path: Path) -> None:
    rows = [
        ["章节", "题型", "题干", "A", "B", "C", "答案"],
        ["第一章 细胞", "单选", "细胞的控制中心是？", "细胞核", "细胞膜", "线粒体", "A"],
        ["第一章 细胞", "判断", "植物细胞有细胞壁。", "", "", "", "正确"],
        ["第二章 遗传", "填空", "DNA 的基本单位是___。", "", "", "", "脱氧核苷酸"],
    ]
    result = import_file(workbook(tmp_path / "bio.xlsx", {"Sheet1": rows}), bank_id="bio")
    assert keys(result) == {"single-1": "A", "tf-2": True, "fill-3": ["脱氧核苷酸"]}
    assert [(s.title, s.found) for s in result.bank.sections] == [("第一章 细胞", 2), ("第二章 遗传", 1)]

    rows = [
        ["题目", "A", "B", "答案"],
        ["一、单选题（共1题）"],
        ["水的化学式是？", "H2O", "CO2", "A"],
        ["二、判断题（共1题）"],
        ["冰是固体。", "", "", "对"],
    ]
    result = import_file(workbook(tmp_path / "chem.xlsx", {"Sheet1": rows}), bank_id="chem")
    assert keys(result) == {"single-1": "A", "tf-2": True}
    assert [(s.title, s.kind, s.declared, s.found) for s in result.bank.sections] == [
        ("一、单选题（共1题）", Kind.single, 1, 1),
        ("二、判断题（共1题）", Kind.true_false, 1, 1),
    ]


def test_fill_blanks_in_columns_of_their_own_and_platform_placeholders(tmp_path: Path) -> None:
    rows = [
        ["题型", "题干", "答案1", "答案2"],
        ["填空题", "中国的首都是[BlankArea1]，最大的城市是[BlankArea2]。", "北京", "上海;沪"],
        ["填空题", "水在{{1}}摄氏度结冰。", "0", ""],
    ]
    result = import_file(workbook(tmp_path / "fill.xlsx", {"Sheet1": rows}), bank_id="fill")
    assert keys(result) == {"fill-1": [["北京"], ["上海", "沪"]], "fill-2": ["0"]}
    assert result.bank.questions[0].prompt == "中国的首都是____，最大的城市是____。"


def test_a_key_in_the_stem_when_the_sheet_has_no_key_column(tmp_path: Path) -> None:
    rows = [["题干", "选项A", "选项B", "选项C"], ["光合作用的场所是（ B ）", "线粒体", "叶绿体", "核糖体"]]
    result = import_file(workbook(tmp_path / "bracket.xlsx", {"Sheet1": rows}), bank_id="b")
    q = result.bank.questions[0]
    assert (q.kind, q.answer, q.prompt) == (Kind.single, "B", "光合作用的场所是（ ）")


CSV_ROWS = (
    "题号,题型,题目,选项A,选项B,选项C,选项D,答案,解析\n"
    '1,单选题,"下列哪个是质数？",4,6,7,9,C,"7 只能被 1 和自身整除。"\n'
    '2,多选题,"下列哪些是偶数？",2,3,4,5,"A,C",\n'
    "3,判断题,0 是自然数。,,,,,对,\n"
    '4,填空题,"3 的平方是___，立方是___。",,,,,9|27,\n'
    '5,简答题,"什么是质数？",,,,,"只能被 1 和它本身整除的大于 1 的整数。\n例如 2、3、5。",\n'
)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_csv_in_every_encoding_teachers_save(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "math.csv"
    path.write_bytes(CSV_ROWS.replace("\n", "\r\n").encode(encoding))
    result = import_file(path, bank_id="math")
    assert counts(result) == {Kind.single: 1, Kind.multiple: 1, Kind.true_false: 1, Kind.fill: 1, Kind.case: 1}
    assert keys(result) == {
        "single-1": "C",
        "multiple-2": "AC",
        "tf-3": True,
        "fill-4": [["9"], ["27"]],
        "case-5": "只能被 1 和它本身整除的大于 1 的整数。\n例如 2、3、5。",
    }
    assert result.bank.questions[0].explanation == "7 只能被 1 和自身整除。"
    assert result.left_out == [] and result.warnings == []


def test_tab_separated_csv_with_rows_numbered_as_records(tmp_path: Path) -> None:
    text = '题干\t答案\n"第一行\n第二行：1+1=___"\t2\n2+2=___\t\n'
    path = tmp_path / "tabs.csv"
    path.write_text(text, encoding="utf-8")
    result = import_file(path, bank_id="tabs")
    assert keys(result) == {"fill-1": ["2"]}
    assert [(lo.line, lo.en) for lo in result.left_out] == [(3, "question 2 has no key; not imported")]


def test_a_sheet_without_a_header_row_says_what_it_needs(tmp_path: Path) -> None:
    path = tmp_path / "bare.csv"
    path.write_text("1,苹果,红色,甜\n2,白菜,绿色,淡\n3,柠檬,黄色,酸\n", encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        import_file(path, bank_id="bare")
    assert "no header row" in info.value.en and "题干" in info.value.zh
    # statements with a verdict beside them need no header: the columns' content says what they hold
    path.write_text("1,苹果是水果吗,对\n2,白菜是水果吗,错\n", encoding="utf-8")
    assert keys(import_file(path, bank_id="bare")) == {"tf-1": True, "tf-2": False}


def test_a_broken_workbook_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04 not really a workbook")
    with pytest.raises(DocumentError, match=r"broken\.xlsx"):
        import_file(path, bank_id="broken")


def test_header_cells_with_required_marks_and_hints_on_a_second_line(tmp_path: Path) -> None:
    rows = [
        ["一、电工基础（共 3 题）"],
        [
            "题干（必填）",
            "题型 （必填）",
            "选项 A",
            "选项 B",
            "选项C\n(勿删)",
            "正确答案\n（必填）",
            "解析\n（勿删）",
            "知识点一级",
            "知识点二级",
            "难度",
            "分数",
        ],
        ["电流的单位是？", "单选题", "伏特", "安培", "欧姆", "B", "", "电学", "单位", "易", 2],
        ["串联电路中电流处处相等。", "判断题", "", "", "", 1, "", "电学", "", "易", 1],
        ["并联电路总电阻大于任一支路电阻。", "判断题", "", "", "", 0, "", "", "", "中", 1],
    ]
    result = import_file(workbook(tmp_path / "dian.xlsx", {"试题内容": rows}), bank_id="dian")
    assert keys(result) == {"single-1": "B", "tf-2": True, "tf-3": False}
    assert result.bank.questions[0].tags == ["电学", "单位"]
    assert [(s.title, s.found) for s in result.bank.sections] == [("一、电工基础（共 3 题）", 3)]
    assert result.bank.title == "dian"  # the row above the header is the section, not the title


def test_options_in_numbered_columns_keyed_by_number(tmp_path: Path) -> None:
    rows = [
        ["题目", "题型", "选项1", "选项2", "选项3", "选项4", "正确答案", "分数"],
        ["太阳系最大的行星是？", "单选", "火星", "木星", "土星", "金星", "2", 2],
        ["下列是类地行星的有？", "多选", "水星", "木星", "地球", "天王星", "1,3", 2],
        # options that are numbers too: the sheet keys by number elsewhere, so "2" is option 2 here as well
        ["2+1 等于几？", "单选", "1", "3", "2", "4", "2", 1],
    ]
    result = import_file(workbook(tmp_path / "stars.xlsx", {"考试": rows}), bank_id="stars")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "single-3": "B"}


def test_a_key_that_is_an_option_text_where_no_row_keys_by_number(tmp_path: Path) -> None:
    rows = [
        ["题目", "题型", "选项1", "选项2", "选项3", "选项4", "正确答案"],
        ["1+1 等于几？", "单选", "1", "3", "2", "4", "2"],
        ["2+2 等于几？", "单选", "4", "3", "2", "1", "4"],
    ]
    result = import_file(workbook(tmp_path / "sums.xlsx", {"考试": rows}), bank_id="sums")
    assert keys(result) == {"single-1": "C", "single-2": "A"}


def test_blanks_and_a_case_answer_written_in_the_option_columns(tmp_path: Path) -> None:
    rows = [
        ["题型", "题干", "正确答案", "A", "B", "C"],
        ["填空题", "光的三原色是___、___和___。", "", "红", "绿", "蓝"],
        ["简答题", "什么是光的折射？", "", "光从一种介质斜射入另一种介质时传播方向发生改变。"],
    ]
    result = import_file(workbook(tmp_path / "light.xlsx", {"Sheet1": rows}), bank_id="light")
    assert keys(result) == {
        "fill-1": [["红"], ["绿"], ["蓝"]],
        "case-2": "光从一种介质斜射入另一种介质时传播方向发生改变。",
    }
    assert all(q.options == {} for q in result.bank.questions)


def test_kind_names_platforms_use_for_open_questions(tmp_path: Path) -> None:
    rows = [
        ["题目类型", "题目", "答案"],
        ["主观题", "谈谈你对终身学习的理解。", "学习贯穿一生；\n要主动更新知识。"],
        ["论述", "论述实践与认识的关系。", "实践决定认识，认识反作用于实践。"],
        ["投票题", "你最喜欢哪门课？", ""],
    ]
    result = import_file(workbook(tmp_path / "open.xlsx", {"Sheet1": rows}), bank_id="open")
    assert keys(result) == {"case-1": "学习贯穿一生；\n要主动更新知识。", "case-2": "实践决定认识，认识反作用于实践。"}
    assert [lo.line for lo in result.left_out] == [4]


def test_a_flag_column_per_option_and_lms_kinds_decided_by_their_key(tmp_path: Path) -> None:
    # "Multiple Choice" in LMS templates names every choice question; its key says single or multiple.
    # isCorrect1… columns hold the key spread over the options; "content" is the stem.
    csv = (
        "\ufeffcontent,type,option1,option2,option3,isCorrect1,isCorrect2,isCorrect3,correctAnswer\n"
        "Largest planet?,Multiple Choice,Mars,Jupiter,Venus,false,true,false,\n"
        "Gas giants?,Multiple Choice,Jupiter,Saturn,Mars,TRUE,TRUE,FALSE,\n"
        "Water boils at 100 C at sea level.,tf,,,,,,,true\n"
        "Primary colours of light?,Multiple Response,Red,Green,Yellow,1,1,0,\n"
    )
    result = import_csv(tmp_path / "lms.csv", csv)
    assert keys(result) == {"single-1": "B", "multiple-2": "AB", "tf-3": True, "multiple-4": "AB"}


@pytest.mark.parametrize("joiner", ["┋", "|", ";", "；", "，", "、", "\n"])
def test_keys_written_as_the_right_options_texts_joined_as_platforms_join_them(tmp_path: Path, joiner: str) -> None:
    # Survey platforms export a choice key as the chosen options' texts; an option may hold a 、 itself.
    rows = [
        ["题目类型", "题目标题", "选项1", "选项2", "选项3", "选项4", "正确答案"],
        ["多选题", "下列属于宋代词人的有", "柳永", "李商隐", "晏殊", "杜牧", joiner.join(["柳永", "晏殊"])],
        ["单选题", "“三苏”指的是", "苏洵、苏轼、苏辙", "苏轼、苏辙", "苏洵、苏辙", "苏轼", "苏洵、苏轼、苏辙"],
        ["多选题", "下列属于乐器的有", "琵琶", "毛笔", "古筝", "砚台", f" 琵琶 {joiner} 古筝。"],
        ["单选题", "下列哪一项是颜色", "Red", "Seven", "Tuesday", "Paris", "red"],
    ]
    result = import_file(workbook(tmp_path / "poems.xlsx", {"Sheet1": rows}), bank_id="poems")
    assert keys(result) == {"multiple-1": "AC", "single-2": "A", "multiple-3": "AC", "single-4": "A"}


def test_a_key_that_names_no_option_is_still_left_out_with_its_row(tmp_path: Path) -> None:
    rows = [
        ["题目类型", "题目标题", "选项1", "选项2", "选项3", "正确答案"],
        ["多选题", "下列属于哺乳动物的有", "鲸", "鲨鱼", "蝙蝠", "鲸┋海豚"],
        ["单选题", "水的化学式是", "H2O", "CO2", "O2", "H2O"],
    ]
    result = import_file(workbook(tmp_path / "bio.xlsx", {"Sheet1": rows}), bank_id="bio")
    assert keys(result) == {"single-2": "A"}
    assert [lo.line for lo in result.left_out] == [2]


def test_one_fill_in_answered_across_the_answer_columns_in_turn(tmp_path: Path) -> None:
    rows = [
        ["序号", "题型", "题干", "选项A", "选项B", "答案", "答案2", "答案3", "解析"],
        [1, "填空题", "水由____和____两种元素组成。", None, None, "氢", "氧"],
        [2, "填空题", "三原色光是____、____、____。", None, None, "红", "绿", "蓝"],
        [3, "填空题", "地球绕____公转。", None, None, "太阳"],
        [4, "单选题", "一年有几个季节？", "四个", "三个", "A"],
    ]
    result = import_file(workbook(tmp_path / "fill.xlsx", {"题目": rows}), bank_id="fill")
    assert keys(result) == {
        "fill-1": [["氢"], ["氧"]],
        "fill-2": [["红"], ["绿"], ["蓝"]],
        "fill-3": ["太阳"],
        "single-4": "A",
    }


def test_a_quiz_game_template_with_instructions_and_answers_named_by_number(tmp_path: Path) -> None:
    # Quiz-game templates: a title and instruction rows above the header, hints after a dash or in
    # brackets in the header cells, numbered answer columns and the right ones given by their numbers.
    rows = [
        [None, "Classroom game – upload sheet"],
        [None, "Fill one question per row. Give two to four answers and the number(s) of the right one(s)."],
        [],
        [
            None,
            "Question - max 120 characters",
            "Answer 1 - max 75 characters",
            "Answer 2 - max 75 characters",
            "Answer 3 (Optional)",
            "Answer 4 (Optional)",
            "Time limit (sec) – 5, 10, 20 or 30",
            "Correct answer(s) - choose at least one",
        ],
        [1, "Which gas do plants take in for photosynthesis?", "Oxygen", "Carbon dioxide", "Helium", "Argon", 20, "2"],
        [2, "Which of these are mammals?", "Whale", "Shark", "Bat", "Trout", 30, "1,3"],
        [3, "Which planet is the largest?", "Jupiter", "Mars", None, None, 10, 1],
    ]
    result = import_file(workbook(tmp_path / "game.xlsx", {"Sheet1": rows}), bank_id="game")
    assert keys(result) == {"single-1": "B", "multiple-2": "AC", "single-3": "A"}
    assert result.bank.questions[2].options == {"A": "Jupiter", "B": "Mars"}
    assert result.bank.title == "Classroom game – upload sheet"


def test_a_form_export_where_a_short_answer_is_a_fill_in_or_a_case_by_its_key(tmp_path: Path) -> None:
    csv = (
        "\ufeffQuestion,Question type,Option 1,Option 2,Option 3,Correct answer,Points\r\n"
        "Which metal is liquid at room temperature?,Dropdown,Iron,Mercury,Copper,Mercury,1\r\n"
        "Which are noble gases?,Checkboxes,Neon,Argon,Sodium,Neon;Argon,1\r\n"
        "What is the chemical symbol for gold?,Short answer,,,,Au,1\r\n"
        "Name the gas we breathe out most of.,Short answer,,,,carbon dioxide,1\r\n"
        "The lightest element is ____.,Short answer,,,,hydrogen,1\r\n"
        '"Why does ice float on water?",Short answer,,,,"Ice is less dense than liquid water. Its molecules '
        'form an open lattice.",2\r\n'
        "Describe what happens when you heat a metal.,Paragraph,,,,,0\r\n"
    )
    result = import_csv(tmp_path / "chem.csv", csv)
    assert keys(result) == {
        "single-1": "B",
        "multiple-2": "AB",
        "fill-3": ["Au"],
        "fill-4": ["carbon dioxide"],
        "fill-5": ["hydrogen"],
        "case-6": "Ice is less dense than liquid water. Its molecules form an open lattice.",
    }
    assert [lo.line for lo in result.left_out] == [8]  # the paragraph question has no answer


def test_kind_codes_explained_in_the_kind_columns_header(tmp_path: Path) -> None:
    rows = [
        ["题型(1单选2多选3判断4填空5简答)", "题干", "A", "B", "C", "答案"],
        [1, "光年是什么单位？", "时间", "长度", "质量", "B"],
        [3, "月球自身会发光。", None, None, None, "错"],
        [4, "太阳系中离太阳最近的行星是____。", None, None, None, "水星"],
        [5, "地球上四季形成的原因", None, None, None, "地轴倾斜"],
        [2, "下列属于行星的有", "金星", "月球", "火星", "AC"],
    ]
    result = import_file(workbook(tmp_path / "codes.xlsx", {"Sheet1": rows}), bank_id="codes")
    assert keys(result) == {
        "single-1": "B",
        "tf-2": False,
        "fill-3": ["水星"],
        "case-4": "地轴倾斜",
        "multiple-5": "AC",
    }


# -- answer rows: a question row, then a row per option flagged right or wrong ---------------------------
HEADERLESS_ANSWER_ROWS = (
    "Which gas makes up most of the air?,30000\n"  # a timer after the question
    ",Oxygen,0\n,Nitrogen,1\n,Argon,0\n"
    "Which of these dissolve in water?,\n"
    ",Salt,1\n,Sand,0\n,Sugar,1\n,Chalk,0\n"
    "How many legs does a spider have?,\n"
    ",6,0\n,8,1\n,10,0\n"
)
GRADED_ANSWER_ROWS = (  # grades in percent, a comment after each
    "Which of these are primary colours of light?,,,\n"
    ",Red,50,yes\n,Green,50,yes\n,Yellow,-100,mixed from red and green\n"
    "Which planet has the shortest year?,,,\n"
    ",Mercury,100,closest to the Sun\n,Mars,0,\n,Neptune,0,farthest\n"
    "Which is a noble gas?,,,\n"
    ",Neon,100,\n,Nitrogen,0,\n"
)


@pytest.mark.parametrize(
    ("csv", "expected", "first_options", "lines"),
    [
        (
            HEADERLESS_ANSWER_ROWS,
            {"single-1": "B", "multiple-2": "AC", "single-3": "B"},
            {"A": "Oxygen", "B": "Nitrogen", "C": "Argon"},
            [1, 5, 10],
        ),
        (
            GRADED_ANSWER_ROWS,
            {"multiple-1": "AB", "single-2": "A", "single-3": "A"},
            {"A": "Red", "B": "Green", "C": "Yellow"},
            [1, 5, 9],
        ),
    ],
)
def test_headerless_answer_rows_flagged_right_or_wrong(
    tmp_path: Path, csv: str, expected: dict[str, str], first_options: dict[str, str], lines: list[int]
) -> None:
    result = import_csv(tmp_path / "quiz.csv", csv)
    assert keys(result) == expected
    assert result.bank.questions[0].options == first_options
    assert [q.line for q in result.bank.questions] == lines


def test_answer_rows_with_a_marker_column_and_flags_in_words(tmp_path: Path) -> None:
    csv = (
        "Q,Which planet is called the red planet?\n"
        "A,Mars,correct\nA,Venus,incorrect\nA,Saturn,incorrect\n"
        "Q,The Moon orbits the Earth.\n"
        "A,True,correct\nA,False,incorrect\n"
        "Q,Which of these are stars?\n"
        "A,Sirius,correct\nA,Pluto,incorrect\nA,Vega,correct\n"
        "Q,What is the closest star to Earth?\n"
        "A,Sun,correct\n"
    )
    result = import_csv(tmp_path / "space.csv", csv)
    assert keys(result) == {"single-1": "A", "tf-2": True, "multiple-3": "AC", "fill-4": ["Sun"]}


def test_answer_rows_under_a_header_with_the_right_options_marked_x(tmp_path: Path) -> None:
    rows = [
        ["Question", "Answer", "Correct"],
        ["Which metal is magnetic?"],
        [None, "Iron", "x"],
        [None, "Copper"],
        [None, "Gold"],
        ["Which are prime numbers?"],
        [None, "2", "x"],
        [None, "4"],
        [None, "7", "x"],
        ["Which ocean is the largest?"],
        [None, "Atlantic"],
        [None, "Pacific", "x"],
        ["Which organ filters blood?"],
        [None, "Kidney", "x"],
        [None, "Stomach"],
    ]
    result = import_file(workbook(tmp_path / "mixed.xlsx", {"Quiz": rows}), bank_id="mixed")
    assert keys(result) == {"single-1": "A", "multiple-2": "AC", "single-3": "B", "single-4": "A"}
    assert result.bank.questions[1].options == {"A": "2", "B": "4", "C": "7"}


def test_a_question_row_without_a_right_option_is_left_out_with_its_row(tmp_path: Path) -> None:
    csv = (
        "Which is a mammal?,\n,Frog,0\n,Dolphin,1\n"
        "Which is a reptile?,\n,Lizard,0\n,Salmon,0\n"
        "Which is a bird?,\n,Penguin,1\n,Bat,0\n"
    )
    result = import_csv(tmp_path / "animals.csv", csv)
    assert keys(result) == {"single-1": "B", "single-3": "A"}
    assert [(lo.line, lo.number) for lo in result.left_out] == [(4, 2)]


def test_a_headerless_sheet_of_one_question_per_row_is_no_answer_rows_but_read_by_content(tmp_path: Path) -> None:
    rows = [
        ["下列属于金属的是", "铁", "木头", "玻璃", "塑料", "A"],
        ["铁能导电。", "对"],
        ["木头能导电。", "错"],
        ["下列属于气体的是", "石头", "氧气", "水", "沙子", "B"],
        ["氧气能助燃。", "对"],
        ["水在零度一定结冰。", "错"],
    ]
    result = import_file(workbook(tmp_path / "rows.xlsx", {"Sheet1": rows}), bank_id="rows")
    assert keys(result) == {
        "single-1": "A",
        "tf-2": True,
        "tf-3": False,
        "single-4": "B",
        "tf-5": True,
        "tf-6": False,
    }  # read by what its columns hold, the key the last cell of each row


# -- flash cards: prompt and answer, a tab between ---------------------------------------------------
CARDS = (
    "Science review\n"
    "The chemical symbol of chlorine is ____.\tCl\n"
    "Capital city of Canada\tOttawa\n"
    "\n"
    "Photosynthesis\tThe process by which green plants make sugar from light, water and carbon dioxide.\n"
    "Sound travels faster than light.\tfalse\n"
    "水的沸点是____摄氏度。\t100\n"
)


def test_a_flash_card_export_with_a_tab_on_every_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.txt"
    path.write_text(CARDS, encoding="utf-8")
    result = import_file(path, bank_id="cards")
    assert keys(result) == {
        "fill-1": ["Cl"],
        "fill-2": ["Ottawa"],
        "case-3": "The process by which green plants make sugar from light, water and carbon dioxide.",
        "tf-4": False,
        "fill-5": ["100"],
    }
    assert [q.line for q in result.bank.questions] == [2, 3, 5, 6, 7]
    assert result.bank.title == "Science review"


def test_flash_cards_as_a_headerless_two_column_sheet_and_a_tsv_with_a_header(tmp_path: Path) -> None:
    rows = [["Largest desert on Earth", "Antarctica"], ["Longest river in Africa", "Nile"]]
    result = import_file(workbook(tmp_path / "geo.xlsx", {"Sheet1": rows}), bank_id="geo")
    assert keys(result) == {"fill-1": ["Antarctica"], "fill-2": ["Nile"]}
    result = import_csv(
        tmp_path / "terms.tsv", "Term\tDefinition\nOsmosis\tWater moving across a membrane.\nCell\tunit\n"
    )
    assert keys(result) == {"case-1": "Water moving across a membrane.", "fill-2": ["unit"]}


def test_a_text_whose_options_are_separated_by_tabs_is_still_read_as_text(tmp_path: Path) -> None:
    text = (
        "1. 下列属于水果的是（ ）\nA.苹果\tB.白菜\nC.土豆\tD.萝卜\n答案：A\n"
        "2. 下列属于蔬菜的是（ ）\nA.香蕉\tB.菠菜\n答案：B\n"
    )
    path = tmp_path / "tabs.txt"
    path.write_text(text, encoding="utf-8")
    result = import_file(path, bank_id="tabs")
    assert keys(result) == {"single-1": "A", "single-2": "B"}
    assert result.bank.questions[0].options == {"A": "苹果", "B": "白菜", "C": "土豆", "D": "萝卜"}


@pytest.mark.parametrize(
    "text",
    [
        "1.\t地球是行星。\n2.\t太阳是行星。\n",  # numbered questions
        "A.苹果\tB.白菜\nC.土豆\tD.萝卜\n",  # options side by side
        "Q1\tWhat is 2+2?\nQ2\tWhat is 3+3?\n",
        "地球是行星。\t对\t1分\n太阳是行星。\t错\t1分\n",  # two tabs a line
        "地球是行星。\t对\n太阳是恒星。\n月球是卫星。\n",  # most lines without a tab
        "地球是行星。\t对\n",  # one line
    ],
)
def test_tabbed_text_that_is_no_flash_card_set(text: str) -> None:
    assert tab_cards(text) is None


def test_an_unreadable_sheet_is_named_once_with_what_it_needs(tmp_path: Path) -> None:
    rows = [["第一题", "苹果", "香蕉", "梨"], ["第二题", "红", "绿", "蓝"]]
    with pytest.raises(DocumentError) as info:
        import_file(workbook(tmp_path / "odd.xlsx", {"练习": rows}), bank_id="odd")
    assert len(info.value.issues) == 1
    assert "sheet '练习'" in info.value.en and "Question" in info.value.en and "Answer" in info.value.en
    assert "工作表“练习”" in info.value.zh and "题干" in info.value.zh
    path = tmp_path / "odd.csv"
    path.write_text("第一题,苹果,香蕉,梨\n第二题,红,绿,蓝\n", encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        import_file(path, bank_id="odd")
    assert len(info.value.issues) == 1 and "  " not in info.value.en and "the sheet" in info.value.en


def test_letter_keys_joined_by_a_survey_separator_and_blanks_under_correct_answer_columns(tmp_path: Path) -> None:
    rows = [
        ["题型", "题目", "选项A", "选项B", "选项C", "正确答案", "正确答案2"],
        ["多选题", "下列属于偶数的有", "2", "3", "4", "A┋C"],
        ["填空题", "一周有____天，一天有____小时。", None, None, None, "7", "24"],
    ]
    result = import_file(workbook(tmp_path / "nums.xlsx", {"Sheet1": rows}), bank_id="nums")
    assert keys(result) == {"multiple-1": "AC", "fill-2": [["7"], ["24"]]}


def test_a_short_answer_with_several_accepted_answers_is_a_fill_in(tmp_path: Path) -> None:
    csv = "Question,Type,Answer\nWhat is frozen water called?,Short answer,ice; Ice cube\n"
    result = import_csv(tmp_path / "short.csv", csv)
    assert keys(result) == {"fill-1": ["ice", "Ice cube"]}


def test_flash_cards_under_a_card_programs_settings_lines(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("#separator:tab\n#html:false\nDog in French\tchien\nCat in French\tchat\n", encoding="utf-8")
    result = import_file(path, bank_id="deck")
    assert keys(result) == {"fill-1": ["chien"], "fill-2": ["chat"]}
    assert [q.line for q in result.bank.questions] == [3, 4]
