"""Word files as Word shows them: automatic list numbers from numbering.xml, keys marked in red,
highlighted, bold or underlined, and tables of both kinds (a question per row; a question laid out in
a table). Every document is written by the test with python-docx (word_kit adds the numbering
definitions as Word writes them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from word_kit import Level, Word, run

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file
from bot.banks.issues import DocumentError
from bot.banks.model import Kind

HEADINGS = Level("chineseCounting", "%1、")
QUESTIONS = Level("decimal", "%1.")
OPTIONS = Level("upperLetter", "%2.")


def save(word: Word, path: Path) -> Path:
    path.write_bytes(word.bytes())
    return path


def keys(result: ImportResult) -> dict[str, object]:
    return {q.id: q.answer for q in result.bank.questions}


def counts(result: ImportResult) -> dict[Kind, int]:
    return {kind: n for kind, n in result.bank.counts().items() if n}


def choice(word: Word, num: int, stem: str, options: list[str], marked: dict[int, str] | None = None) -> None:
    """A question numbered by list `num` (level 0) with its options lettered by Word (level 1)."""
    word.para(stem, num=num)
    for i, text in enumerate(options):
        paragraph = word.para(num=num, level=1)
        mark = (marked or {}).get(i)
        run(
            paragraph,
            text,
            red=mark == "red",
            dark_red=mark == "dark_red",
            high=mark == "high",
            bold=mark == "bold",
            under=mark == "under",
        )


def exam(tmp_path: Path) -> Path:
    """A paper whose every number is Word's and whose keys are only marked by formatting."""
    word = Word()
    heads = word.define(HEADINGS)
    lists = word.define(QUESTIONS, OPTIONS)
    word.para("生物期中测验")
    word.para("单选题（共 4 题）", num=heads)
    choice(word, lists, "细胞的控制中心是（ ）。", ["细胞核", "细胞膜", "细胞质"], {0: "red"})
    choice(word, lists, "光合作用主要发生在（ ）。", ["线粒体", "叶绿体", "核糖体", "高尔基体"], {1: "dark_red"})
    choice(word, lists, "人体最大的器官是（ ）。", ["心脏", "肝脏", "皮肤"], {2: "high"})
    choice(word, lists, "DNA 主要存在于（ ）。", ["细胞核", "细胞壁", "液泡"], {0: "under"})
    word.para("多选题（共 2 题）", num=heads)
    again = word.instance(word.abstract_of(lists), restart_at=1)  # Word's "restart at 1"
    choice(
        word,
        again,
        "下列属于植物细胞结构的是（ ）。",
        ["细胞壁", "叶绿体", "中心体", "液泡"],
        {0: "bold", 1: "bold", 3: "bold"},
    )
    choice(word, again, "属于遗传物质载体的是（ ）。", ["染色体", "DNA", "蛋白质"], {0: "red", 1: "red"})
    word.para("判断题（共 2 题）", num=heads)
    judged = word.define(Level("decimal", "（%1）"))
    word.para("病毒没有细胞结构。（√）", num=judged)
    word.para("所有细胞都有细胞核。（×）", num=judged)
    return save(word, tmp_path / "bio.docx")


def test_automatic_numbers_and_keys_marked_by_formatting(tmp_path: Path) -> None:
    result = import_file(exam(tmp_path), bank_id="bio")
    assert result.bank.title == "生物期中测验"
    assert counts(result) == {Kind.single: 4, Kind.multiple: 2, Kind.true_false: 2}
    assert keys(result) == {
        "single-1": "A",
        "single-2": "B",
        "single-3": "C",
        "single-4": "A",
        "multiple-1": "ABD",
        "multiple-2": "AB",
        "tf-1": True,
        "tf-2": False,
    }
    assert result.bank.questions[1].options == {"A": "线粒体", "B": "叶绿体", "C": "核糖体", "D": "高尔基体"}
    assert [(s.title, s.found) for s in result.bank.sections] == [
        ("一、单选题（共 4 题）", 4),
        ("二、多选题（共 2 题）", 2),
        ("三、判断题（共 2 题）", 2),
    ]
    assert result.warnings == []
    assert any(c.en == "Word's automatic list numbers" for c in result.conventions)


def test_the_text_written_for_the_reader(tmp_path: Path) -> None:
    lines = extract(exam(tmp_path)).text.splitlines()
    assert lines[:3] == ["生物期中测验", "一、单选题（共 4 题）", "1. 细胞的控制中心是（ ）。"]
    assert lines[3] == 'A. <font color="red">细胞核</font>'
    assert lines[4:6] == ["B. 细胞膜", "C. 细胞质"]  # options restart at A under each question
    assert "2. 光合作用主要发生在（ ）。" in lines
    assert "C. <mark>皮肤</mark>" in lines and "A. <u>细胞核</u>" in lines
    assert lines[lines.index("二、多选题（共 2 题）") + 1] == "1. 下列属于植物细胞结构的是（ ）。"
    assert "（2）所有细胞都有细胞核。（×）" in lines


def test_numbering_continues_across_lists_of_one_definition_and_levels_restart(tmp_path: Path) -> None:
    word = Word()
    lists = word.define(QUESTIONS, Level("decimal", "%1.%2"), Level("lowerLetter", "%3)", restart=0))
    more = word.instance(word.abstract_of(lists))  # a second list of the same definition: it continues
    circled = word.define(Level("decimalEnclosedCircle", "%1"))
    word.para("一", num=lists)
    word.para("二", num=lists, level=1)
    word.para("三", num=lists, level=2)
    word.para("四", num=more)
    word.para("五", num=lists, level=1)
    word.para("六", num=lists, level=2)  # level 3 never restarts (lvlRestart 0)
    word.para("七", num=circled)
    word.para("八", num=circled)
    lines = extract(save(word, tmp_path / "n.docx")).text.splitlines()
    assert lines == ["1. 一", "1.1 二", "a) 三", "2. 四", "2.1 五", "b) 六", "① 七", "② 八"]


def test_list_styles_headings_soft_breaks_and_text_word_hides(tmp_path: Path) -> None:
    word = Word()
    word.document.add_heading("一、判断题", level=1)
    word.para("地球绕太阳公转。", style="List Number")
    word.para("答案：对")
    word.para("月球是行星。", style="List Number")
    paragraph = word.para("答案：")
    run(paragraph, "错")
    hidden = paragraph.add_run("对")
    hidden.font.hidden = True  # hidden text is not what the reader sees
    paragraph._p.append(
        parse_xml(
            f'<w:del {nsdecls("w")} w:id="1" w:author="t" w:date="2024-01-01T00:00:00Z">'
            "<w:r><w:delText>对</w:delText></w:r></w:del>"
        )
    )
    word.document.add_heading("二、单选题", level=1)
    paragraph = word.para("3. 1 < 2 & 2 > 1 成立吗？")
    paragraph.add_run().add_break()  # Shift+Enter: the options on lines of their own, one paragraph
    paragraph.add_run("A. 成立")
    paragraph.add_run().add_break()
    paragraph.add_run("B. 不成立")
    word.para("答案：A")
    result = import_file(save(word, tmp_path / "styles.docx"), bank_id="s")
    assert keys(result) == {"tf-1": True, "tf-2": False, "single-3": "A"}
    q = result.bank.questions[2]
    assert (q.prompt, q.options, q.line) == ("1 < 2 & 2 > 1 成立吗？", {"A": "成立", "B": "不成立"}, 7)
    assert [s.title for s in result.bank.sections] == ["一、判断题", "二、单选题"]


def test_question_tables_and_paragraphs_give_one_result(tmp_path: Path) -> None:
    word = Word()
    word.para("化学练习")
    word.para("一、单选题（共 2 题）")
    word.para("1. 水的化学式是（ ）。")
    word.para("A. H2O　B. CO2　C. O2")
    word.para("答案：A")
    word.para("二、多选题（共 2 题）")
    word.table(
        [
            ["序号", "题目", "选项", "答案", "解析"],
            ["2", "下列属于金属的是（ ）。", "A. 铁\nB. 铜\nC. 氧", "AB", "铁和铜是金属。"],
            ["3", "下列属于气体的是（ ）。", "A. 氢气\nB. 氧气\nC. 水", "", ""],
        ]
    )
    word.para("三、判断题（共 1 题）")
    word.para("4. 水由氢和氧组成。")
    word.para("答案：对")
    path = save(word, tmp_path / "chem.docx")
    result = import_file(path, bank_id="chem")
    assert counts(result) == {Kind.single: 1, Kind.multiple: 1, Kind.true_false: 1}
    assert keys(result) == {"single-1": "A", "multiple-2": "AB", "tf-4": True}
    table_q = result.bank.questions[1]
    assert (table_q.section, table_q.options, table_q.explanation) == (
        "二、多选题（共 2 题）",
        {"A": "铁", "B": "铜", "C": "氧"},
        "铁和铜是金属。",
    )
    # Lines are the document's paragraphs; a table row counts as one.
    assert table_q.line == 8 and result.bank.questions[2].line == 11
    assert [(lo.line, lo.en) for lo in result.left_out] == [(9, "question 3 has no key; not imported")]
    assert [(s.title, s.found, s.left_out) for s in result.sections] == [
        ("一、单选题（共 2 题）", 1, 0),
        ("二、多选题（共 2 题）", 1, 1),
        ("三、判断题（共 1 题）", 1, 0),
    ]


def test_a_question_laid_out_in_a_table_and_a_key_table(tmp_path: Path) -> None:
    word = Word()
    word.para("单选题")
    word.table(
        [
            ["题目", "声音在哪种介质中传播最快？"],
            ["A", "空气"],
            ["B", "水"],
            ["C", "钢铁"],
            ["答案", "C"],
            ["解析", "固体中最快。"],
        ]
    )
    word.table(
        [
            ["题号", "2"],
            ["题型", "单选题"],
            ["题目", "光在真空中的速度约为（ ）。"],
            ["选项", "A. 3×10^8 m/s\nB. 340 m/s"],
            ["答案", "A"],
        ]
    )
    word.para("多选题")
    word.para("5. 下列属于矢量的是（ ）")
    word.para("☑ A. 速度")
    word.para("☐ B. 路程")
    word.para("☑ C. 力")
    word.para("判断题")
    word.para("3. 声音可以在真空中传播。")
    word.para("4. 光是电磁波。")
    word.para("参考答案")
    word.table([["题号", "3", "4"], ["答案", "错", "对"]])
    result = import_file(save(word, tmp_path / "phys.docx"), bank_id="phys")
    assert counts(result) == {Kind.single: 2, Kind.true_false: 2, Kind.multiple: 1}
    assert keys(result) == {"single-1": "C", "single-2": "A", "multiple-5": "AC", "tf-3": False, "tf-4": True}
    assert result.bank.questions[0].options == {"A": "空气", "B": "水", "C": "钢铁"}
    assert result.bank.questions[0].explanation == "固体中最快。"
    assert result.bank.questions[1].prompt == "光在真空中的速度约为（ ）。"
    # A row of a table read as a question or as keys is one line: a heading, 6 + 5 rows, then 5. …
    assert [q.line for q in result.bank.questions] == [2, 10, 14, 19, 20]


def test_table_rows_in_english_with_kinds_of_their_own(tmp_path: Path) -> None:
    word = Word()
    word.para("Quiz")
    word.table(
        [
            ["No.", "Type", "Question", "A", "B", "C", "Answer"],
            ["1", "Multiple Choice", "Which are prime?", "2", "4", "5", "A, C"],
            ["2", "True/False", "9 is prime.", "", "", "", "F"],
            ["3", "Fill in the Blank", "The square of 3 is ___.", "", "", "", "9"],
        ]
    )
    result = import_file(save(word, tmp_path / "quiz.docx"), bank_id="quiz")
    assert keys(result) == {"multiple-1": "AC", "tf-2": False, "fill-3": ["9"]}


def test_a_broken_docx_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(b"PK\x03\x04 no document")
    with pytest.raises(DocumentError, match=r"broken\.docx"):
        import_file(path, bank_id="b")


def test_a_marked_letter_marks_its_option_and_underlined_spaces_are_blanks(tmp_path: Path) -> None:
    word = Word()
    word.para("一、单选题")
    word.para("1. 我国的根本大法是（ ）。")
    paragraph = word.para()
    run(paragraph, "A. 刑法    ")
    run(paragraph, "B", red=True)
    run(paragraph, ". 宪法    C. 民法典")
    word.para("二、填空题")
    paragraph = word.para("2. 我国的首都是")
    run(paragraph, "      ", under=True)
    run(paragraph, "。")
    word.para("答案：北京")
    result = import_file(save(word, tmp_path / "law.docx"), bank_id="law")
    assert keys(result) == {"single-1": "B", "fill-2": ["北京"]}
    assert result.bank.questions[0].options == {"A": "刑法", "B": "宪法", "C": "民法典"}
    assert result.bank.questions[1].prompt == "我国的首都是____。"
    assert result.warnings == []


def test_odd_numbering_and_style_references_do_not_stop_the_import(tmp_path: Path) -> None:
    word = Word()
    lists = word.define(QUESTIONS)
    word.para("常识判断", num=999)  # a list that numbering.xml does not define: no number
    paragraph = word.para("水是液体吗？", num=lists)
    paragraph._p.pPr.numPr.ilvl.set(qn("w:val"), "x")  # not a number: level 0
    word.para("答案：对")
    styles = word.document.styles.element
    styles.append(
        parse_xml(
            f'<w:style {nsdecls("w")} w:type="paragraph" w:styleId="Loop">'
            '<w:name w:val="Loop"/><w:basedOn w:val="Loop"/>'
            '<w:pPr><w:outlineLvl w:val="z"/></w:pPr></w:style>'
        )
    )
    word.para("2. 铁是金属吗？", style="Loop")
    word.para("答案：对")
    result = import_file(save(word, tmp_path / "odd.docx"), bank_id="odd")
    assert keys(result) == {"tf-1": True, "tf-2": True}
    assert result.bank.title == "常识判断"
