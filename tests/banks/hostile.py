"""Hostile input for the reader, each made of `n` repetitions of one pattern: what could make reading
grow faster than the input (a pattern searched again from every position of a long line, a line read
again for every piece of it). bench/scale.py times each at n and 4n (4x the time: linear; 16x:
quadratic); tests/banks/test_hostile_scale.py reads the ones that were quadratic at 100 times their size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.banks.formats import Extracted
from bot.banks.formats.html import html_text
from bot.banks.importer import import_document, import_text
from bot.banks.issues import DocumentError

__all__ = ["HOSTILE", "Hostile", "read"]


@dataclass(frozen=True)
class Hostile:
    name: str
    page: bool  # a web page (read by the HTML reader first), else plain text
    make: Callable[[int], str]


def _text(unit: str, sep: str = "") -> Callable[[int], str]:
    return lambda n: sep.join([unit] * n)


def _stem_then(unit: str) -> Callable[[int], str]:
    return lambda n: "1. 题干是什么？" + unit * n


HOSTILE: list[Hostile] = [
    # web pages
    Hostile("style without braces", True, lambda n: "<style>" + "a " * n + "</style><p>1. 题？</p>"),
    Hostile("style never closed", True, _text("<style>")),
    Hostile("css comments never closed", True, lambda n: "<style>" + "/* " * n + "</style>"),
    Hostile("nested ol", True, lambda n: "<ol><li>" * n + "x" + "</li></ol>" * n),
    Hostile("nested ul", True, lambda n: "<ul><li><p>" * n + "x"),
    Hostile("nested tables", True, lambda n: "<table><tr><td>" * n + "x"),
    Hostile("list items with markers only", True, lambda n: "<ol type=A>" + "<li>" * n + "</ol>"),
    Hostile("spans of colour", True, lambda n: '<p><font color="red">' * n + "A"),
    Hostile("checkboxes", True, _text('<input type="checkbox">')),
    Hostile("entities", True, _text("&amp;&#x41;&nbsp;")),
    # text: one long line
    Hostile("glued options", False, lambda n: "".join(f"{i}.题{i}？A.甲B.乙C.丙D.丁答案：A" for i in range(1, n + 1))),
    Hostile("option letters only", False, _stem_then("A.")),
    Hostile("glued letters", False, _stem_then("A学习B教学C评价")),
    Hostile("spaced options", False, _stem_then("A. 甲 B. 乙 C. 丙 ")),
    Hostile("brackets", False, _stem_then("（ ）")),
    Hostile("square brackets", False, _stem_then("【")),
    Hostile("key labels", False, _stem_then("答案：")),
    Hostile("numbers", False, _text("1.", " ")),
    Hostile("numbered blanks", False, _stem_then("(1)___ ")),
    Hostile("circled numbers", False, _stem_then("①")),
    Hostile("pipes", False, _text("|")),
    Hostile("ticks", False, _stem_then("√×")),
    Hostile("question marks", False, _stem_then("？")),
    Hostile("spaces", False, _stem_then(" 　")),
    Hostile("latin words", False, _stem_then("Answer ")),
    Hostile("field tags", False, _stem_then("【题干】【选项】")),
    Hostile("chinese numbers", False, _text("一、")),
    Hostile("bracketed numbers", False, _stem_then("(1)")),
    Hostile("question numbers", False, _text("第1题")),
    Hostile("fractions", False, _text("1/10 ")),
    Hostile("bullets", False, _text("●")),
    Hostile("box drawing", False, _text("│─┼")),
    Hostile("markdown marks", False, _stem_then("**")),
    Hostile("underscores", False, _stem_then("_")),
    Hostile("numbered underscores", False, _stem_then("(1)" + "_" * 50 + "1")),
    Hostile("blank then bracket", False, _stem_then("___【")),
    # text: many lines
    Hostile("headings", False, _text("一、单选题", "\n")),
    Hostile("stems without options", False, lambda n: "\n".join(f"{i}. 题{i}？" for i in range(1, n + 1))),
    Hostile("keys without questions", False, _text("答案：A", "\n")),
    Hostile("options without stems", False, _text("A. 甲", "\n")),
    Hostile("table rows", False, lambda n: "| 题干 | 答案 |\n| --- | --- |\n" + "| 题 | A |\n" * n),
    Hostile("blank lines", False, _text("\n")),
    Hostile("fences never closed", False, _text("```", "\n")),
    Hostile("rules", False, _text("===", "\n")),
    Hostile("circled option lines", False, _text("①甲 ②乙", "\n")),
    Hostile("bullet stems", False, _text("● 题干（ ）", "\n")),
    Hostile("box rows", False, _text("│ 1 │ A │", "\n")),
    Hostile("lone ticks", False, _text("(√)", "\n")),
    Hostile("numbered option runs", False, _text("1) 甲", "\n")),
    Hostile("answer part", False, lambda n: "参考答案\n" + "\n".join(f"{i}. A" for i in range(1, n + 1))),
    Hostile("gift marks", False, _text("::t:: x {=a ~b}", "\n")),
]


def read(h: Hostile, n: int) -> None:
    """Read the pattern at size n as an import would; a document refused for what it is counts as read."""
    text = h.make(n)
    try:
        if h.page:
            import_document(Extracted(text=html_text(text)), source="x.html", bank_id="x")
        else:
            import_text(text, source="x.txt", bank_id="x")
    except DocumentError:
        pass
