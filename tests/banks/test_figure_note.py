"""A note that a paper's figure was left out (`（图略，后补）`) between a shared stem and its blanks' option rows:
the questions are still read, each judged by the clause of its own blank, and reported where it needs the figure."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

PAPER = """数据库系统由多个部分组成，其中负责定义和管理数据的软件称为 （1） 。
（1） A．编译器  B．DBMS  C．浏览器  D．驱动程序
某网络的拓扑结构中，把所有结点连到一条公共线路上的是 （2） ；下图所示的网络中，结点4到结点7的最短路径长度是 （3） 。
{note}
（2） A．星型  B．环型  C．总线型  D．网状
（3） A．2  B．3  C．5  D．8
参考答案：(1)B (2)C (3)C
"""


@pytest.mark.parametrize("note", ["（图略，后补）", "[图片略]"])
def test_a_figure_note_between_a_shared_stem_and_its_rows_keeps_the_questions(note: str) -> None:
    result = import_text(PAPER.format(note=note), source="paper.txt", bank_id="paper")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (2, "C")]
    (figure,) = result.left_out  # blank 3's clause asks about the figure: said so, not dropped silently
    assert figure.number == 3 and "picture" in figure.en


EXPLAINED = """软件测试的目的是 （1） 。
（1） A．证明程序正确  B．发现错误  C．提高速度  D．美化界面
{label}
测试的两个要点：
{bullet}发现错误——尽可能多地找出程序中的缺陷。
参考答案：B
在关系模型中，一个关系的主键用于 （2） ，外键用于 （3） 。
（2） A．唯一标识元组  B．排序  C．加密  D．压缩
（3） A．存储图片  B．表示表之间的联系  C．计算平均值  D．备份数据
参考答案：（2）A（3）B
"""


@pytest.mark.parametrize(("label", "bullet"), [("试题解析：", "◆"), ("【解析】", "●")])
def test_a_bulleted_line_of_an_explanation_is_no_shared_stem(label: str, bullet: str) -> None:
    """`◆…` closing question 1's explanation, then its key, then question 2's stem over its rows: the bullet opens
    no stem of its own reaching over the key, so questions 2 and 3 keep their own stem and keys."""
    result = import_text(EXPLAINED.format(label=label, bullet=bullet), source="paper.txt", bank_id="paper")
    read = [(q.number, q.answer, q.prompt.startswith("在关系模型中")) for q in result.bank.questions]
    assert read == [(1, "B", False), (2, "A", True), (3, "B", True)]
