"""Which column is which, chosen by how well each mapping explains the rows (`bot.banks.sheets.content`):
a header word is evidence (a column named `type` holds no key), a column of one value on every row is no
key where another explains the rows, and options may stand glued in one cell (`A、…B、…`) or as a JSON list.

Every sheet is written by the test; the "trap" sheets are ones the importer once published wrong keys from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.banks.importer import import_file
from bot.banks.issues import DocumentError
from tests.formats.test_sheets import import_csv, keys, workbook


def test_an_export_in_field_names_keys_from_its_answer_column_not_its_constant_type(tmp_path: Path) -> None:
    # the trap: `type` (1 on every row) and `optionCount` (4 on every row) both "fit" as option numbers
    csv = (
        "recordId,type,heading,optionBlock,optionCount,answer,remark\n"
        "5101,1,长江注入哪一片海？,A、渤海B、黄海C、东海D、南海,4,C,长江在上海入东海。\n"
        "5102,1,我国面积最大的省级行政区是（）。,A、西藏B、新疆C、青海D、内蒙古,4,B,\n"
        "5103,1,被称为“世界屋脊”的是（）。,A、青藏高原B、云贵高原C、黄土高原D、内蒙古高原,4,A,\n"
        "5104,1,我国最长的内流河是（）。,A、黑龙江B、珠江C、淮河D、塔里木河,4,D,塔里木河。\n"
        "5105,1,秦岭—淮河一线大致是哪两种气候的分界？,A、温带与热带B、亚热带与热带C、温带与亚热带D、寒带与温带,4,C,\n"
    )
    result = import_csv(tmp_path / "geo.csv", csv)
    assert keys(result) == {
        "single-5101": "C",
        "single-5102": "B",
        "single-5103": "A",
        "single-5104": "D",
        "single-5105": "C",
    }
    first = result.bank.questions[0]
    assert first.options == {"A": "渤海", "B": "黄海", "C": "东海", "D": "南海"}
    assert first.explanation == "长江在上海入东海。"
    (said,) = [c for c in result.conventions if "by what they hold" in c.en]
    assert "key column F" in said.en and "options column D" in said.en


def test_a_constant_column_is_no_key_where_the_header_names_nothing(tmp_path: Path) -> None:
    # no header word is known here; the key column is the one whose values differ from row to row
    rows = [
        ["番号", "区分", "設問", "選択肢", "選択肢数", "正解"],
        [1, 2, "日本で一番高い山はどれか。", "A．富士山B．北岳C．槍ヶ岳D．奥穂高岳", 4, "A"],
        [2, 2, "日本で一番長い川はどれか。", "A．利根川B．信濃川C．石狩川D．北上川", 4, "B"],
        [3, 2, "日本で一番大きい湖はどれか。", "A．霞ヶ浦B．サロマ湖C．琵琶湖D．猪苗代湖", 4, "C"],
        [4, 2, "日本の首都はどこか。", "A．大阪B．京都C．名古屋D．東京", 4, "D"],
        [5, 2, "日本で一番北にある県はどこか。", "A．青森県B．秋田県C．岩手県D．山形県", 4, "A"],
    ]
    result = import_file(workbook(tmp_path / "chiri.xlsx", {"問題": rows}), bank_id="chiri")
    assert keys(result) == {"single-1": "A", "single-2": "B", "single-3": "C", "single-4": "D", "single-5": "A"}
    assert result.bank.questions[3].options["D"] == "東京"


def test_options_as_a_json_list_in_one_cell(tmp_path: Path) -> None:
    def listed(*texts: str) -> str:
        return json.dumps([{"optText": t} for t in texts], ensure_ascii=False)

    rows = [
        ["Pytanie", "Warianty", "Poprawna"],
        ["Stolica Polski to:", listed("Kraków", "Warszawa", "Gdańsk"), "B"],
        ["Najdłuższa rzeka Polski to:", listed("Odra", "Warta", "Wisła"), "C"],
        ["Najwyższy szczyt Tatr po polskiej stronie to:", listed("Rysy", "Giewont", "Kasprowy Wierch"), "A"],
    ]
    result = import_file(workbook(tmp_path / "pl.xlsx", {"Arkusz1": rows}), bank_id="pl")
    assert keys(result) == {"single-1": "B", "single-2": "C", "single-3": "A"}
    assert result.bank.questions[0].options == {"A": "Kraków", "B": "Warszawa", "C": "Gdańsk"}


def test_a_known_header_whose_columns_do_not_explain_the_rows_gives_way_to_the_content(tmp_path: Path) -> None:
    # `answer_1`…`answer_3` read by their names are a fill-in's blanks; the rows say they are options keyed
    # by a 0-based index
    csv = (
        "No,Question,answer_0,answer_1,answer_2,answer_3,correct_index\n"
        "1,Quelle est la capitale de la Belgique ?,Anvers,Bruxelles,Liège,Gand,1\n"
        "2,Combien de régions compte la Belgique ?,2,3,4,5,1\n"
        "3,Quel fleuve traverse Liège ?,L'Escaut,La Sambre,La Meuse,L'Yser,2\n"
        "4,Quelle langue n'est pas officielle en Belgique ?,Le français,Le néerlandais,L'allemand,L'anglais,3\n"
        "5,Où siège le Parlement fédéral ?,À Bruxelles,À Namur,À Gand,À Mons,0\n"
    )
    result = import_csv(tmp_path / "be.csv", csv)
    assert keys(result) == {"single-1": "B", "single-2": "B", "single-3": "C", "single-4": "D", "single-5": "A"}
    assert result.bank.questions[0].options == {"A": "Anvers", "B": "Bruxelles", "C": "Liège", "D": "Gand"}
    (said,) = [c for c in result.conventions if "by what they hold" in c.en]
    assert "from 0" in said.en and "the columns the header in row 1 names do not fit the rows" in said.en
    # a header naming the question and the key, but not the JSON list of options beside them
    lines = [
        ("Wie viele Bundesländer hat Österreich?", ["7", "9", "11"], "B"),
        ("Welcher Fluss fließt durch Wien?", ["Inn", "Donau", "Mur"], "B"),
        ("Wie heißt die Hauptstadt Tirols?", ["Innsbruck", "Graz", "Linz"], "A"),
        ("Welches Bundesland grenzt an die Schweiz?", ["Kärnten", "Burgenland", "Vorarlberg"], "C"),
    ]
    text = "".join(f"{q};{json.dumps(o, ensure_ascii=False)};{k}\n" for q, o, k in lines)
    result = import_csv(tmp_path / "at.csv", "Frage;Auswahl;Lösung\n" + text)
    assert keys(result) == {"single-1": "B", "single-2": "B", "single-3": "A", "single-4": "C"}
    assert result.bank.questions[1].options == {"A": "Inn", "B": "Donau", "C": "Mur"}


def test_option_columns_headed_by_bare_numbers_and_keys_naming_them(tmp_path: Path) -> None:
    choice = [
        ["正确答案", "试题", "①", "②", "③"],
        ["③", "1.水在标准大气压下的沸点是多少摄氏度？", "80", "90", "100"],
        ["①", "2.地球绕太阳公转一周约需多长时间？", "一年", "一月", "一天"],
        ["②", "3.光在真空中的速度约为每秒多少千米？", "3万", "30万", "300万"],
    ]
    judged = [
        ["答案", "题目", "①", "②"],
        ["①", "1.月球本身不发光。", "正确", "错误"],
        ["②", "2.声音可以在真空中传播。", "正确", "错误"],
        ["①", "3.铁在潮湿的空气中容易生锈。", "正确", "错误"],
    ]
    path = workbook(tmp_path / "kexue.xlsx", {"选择": choice, "判断": judged})
    result = import_file(path, bank_id="kexue")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [
        ("single", "C"),
        ("single", "A"),
        ("single", "B"),
        ("true_false", True),
        ("true_false", False),
        ("true_false", True),
    ]
    assert not result.left_out


def test_a_header_that_explains_its_rows_is_read_by_its_words(tmp_path: Path) -> None:
    # fill-in questions: no option fits, and the header's mapping already explains every row
    csv = (
        "题目,答案,难度,分值\n"
        "中国的首都是____。,北京,1,2\n"
        "一年有____个月。,12,1,2\n"
        "水的化学式是____。,H2O,2,3\n"
        "三角形内角和是____度。,180,2,3\n"
    )
    result = import_csv(tmp_path / "tian.csv", csv)
    assert [q.kind.value for q in result.bank.questions] == ["fill"] * 4
    assert any("header in row 1" in c.en for c in result.conventions)


def _options(*texts: str) -> str:
    return json.dumps([{"optionContent": t} for t in texts], ensure_ascii=False)


# An exam system's export: field names for a header, options as a JSON list, kinds as bare codes, and a
# judgement stored as 1 or 2 whose meaning only the explanations' verdicts tell.
EXPORT = [
    ["itemAnswer", "itemContent", "optionList", "itemExplain", "itemType"],
    ["1", "消防通道必须保持畅通。", None, "堵塞消防通道违反规定，故正确。", "1"],
    ["2", "灭火器可以长期不检查。", None, "灭火器应定期检查，故错误。", "1"],
    ["2", "电器起火时应立即用水扑灭。", None, "带电设备不能用水灭火，故错误。", "1"],
    ["1", "发现火情应及时报警。", None, "及时报警可减少损失，故正确。", "1"],
    ["B", "我国的火警电话是：", _options("110", "119", "120", "122"), "火警电话为119，故选B。", "2"],
    ["C", "油锅起火时应：", _options("用水浇", "用扇子扇", "盖上锅盖", "端走油锅"), "盖锅盖隔绝空气。", "2"],
    ["A,C", "下列属于灭火方法的有：", _options("隔离法", "加热法", "窒息法", "通风法"), "", "3"],
]


def test_an_exam_export_with_field_names_json_options_and_digit_judgements(tmp_path: Path) -> None:
    result = import_file(workbook(tmp_path / "xiaofang.xlsx", {"Sheet1": EXPORT}), bank_id="xiaofang")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [
        ("true_false", True),
        ("true_false", False),
        ("true_false", False),
        ("true_false", True),
        ("single", "B"),
        ("single", "C"),
        ("multiple", "AC"),
    ]
    assert result.bank.questions[4].options == {"A": "110", "B": "119", "C": "120", "D": "122"}
    assert any("1 (true) and 2 (false)" in c.en for c in result.conventions)


def test_digit_judgements_whose_explanations_do_not_say_are_left_out(tmp_path: Path) -> None:
    csv = (
        "question_answer,question_text,option_list,question_explain,question_type\n"
        "1,Water boils at 100 °C at sea level.,,Hence true.,1\n"
        "2,The Moon gives off its own light.,,It reflects sunlight.,1\n"
        "2,Sound travels through a vacuum.,,It needs a medium.,1\n"
        '1,Ice floats on water.,,"Hence, true.",1\n'
        'B,Which planet is largest?,"[""Mars"", ""Jupiter"", ""Venus""]",,2\n'
        'A,Which gas do we breathe in?,"[""Oxygen"", ""Helium"", ""Neon""]",,2\n'
    )
    result = import_csv(tmp_path / "science.csv", csv)
    # only `1` is ever explained: nothing says what `2` means, so no judgement is published
    assert keys(result) == {"single-5": "B", "single-6": "A"}
    assert [lo.line for lo in result.left_out] == [2, 3, 4, 5]
    assert all("1 与 2" in lo.zh and "which digit means true" in lo.en for lo in result.left_out)


def test_an_export_whose_header_is_unknown_publishes_no_key_its_codes_and_explanations_would_give(
    tmp_path: Path,
) -> None:
    # the trap: without the field names, the explanation and the kind code beside it "fit" as two options
    # keyed by the judgements' 1 and 2; columns of such unlike lengths are no options side by side
    rows = [["答", "内容", "备选", "说明文字", "类"], *EXPORT[1:]]
    with pytest.raises(DocumentError, match="the keys do not fit the options"):
        import_file(workbook(tmp_path / "xiaofang.xlsx", {"S": rows}), bank_id="xiaofang")
    csv = (
        "Resp,Enunciado,Alternativas,Comentario,Cod\n"
        "1,A água ferve a 100 °C ao nível do mar.,,Correto: é o ponto de ebulição ao nível do mar.,1\n"
        "2,A Lua tem luz própria.,,Errado: a Lua reflete a luz do Sol.,1\n"
        "2,O som se propaga no vácuo.,,Errado: o som precisa de um meio material.,1\n"
        "1,O gelo flutua na água.,,Correto: o gelo é menos denso que a água.,1\n"
        "B,Qual é o maior planeta?,Marte | Júpiter | Vênus,Júpiter é o maior planeta do sistema solar.,2\n"
        "C,Qual gás respiramos?,Hélio | Neônio | Oxigênio,Respiramos o oxigênio do ar.,2\n"
    )
    # …once read with the comments as stems, the answers, stems and empty cells as options, the codes as keys
    with pytest.raises(DocumentError, match="the keys do not fit the options"):
        import_csv(tmp_path / "ciencias.csv", csv)
