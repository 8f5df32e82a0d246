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
