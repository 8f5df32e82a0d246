"""A figure a Word file or a web page shows on a line of its own (an image, no text beside it) is written as
the placeholder `[图片]`, so that a question asking about the figure it shows ("this light", "这个仪表") is
left out with its reason, since the chat cannot show the picture, while one that does not need it is read."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file
from tests.formats.word_kit import Word


def _png() -> io.BytesIO:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "orange").save(buffer, format="PNG")
    buffer.seek(0)
    return buffer


def imported(path: Path) -> ImportResult:
    return import_file(path, bank_id=path.stem)


def _left_out(result: ImportResult) -> list[tuple[int, bool]]:
    """The questions left out, each with whether its reason is the missing picture."""
    return [(out.number, "picture" in out.en and "图" in out.zh) for out in result.left_out]


def test_a_word_figure_on_its_own_line_leaves_out_the_question_about_it(tmp_path: Path) -> None:
    word = Word()
    word.para("1. 这个仪表显示的是什么？")
    word.document.add_picture(_png())
    for line in ("A. 机油压力", "B. 冷却液温度", "答案：B"):
        word.para(line)
    for line in ("2. 机动车在高速公路上最高车速不得超过多少？", "A. 100公里/小时", "B. 120公里/小时", "答案：B"):
        word.para(line)
    path = tmp_path / "仪表.docx"
    path.write_bytes(word.bytes())
    assert "[图片]" in extract(path).text.split("\n")
    result = imported(path)
    assert [q.number for q in result.bank.questions] == [2]
    assert _left_out(result) == [(1, True)]


def test_a_web_page_figure_in_its_own_block(tmp_path: Path) -> None:
    page = (
        "<html><body>"
        "<p>1. What does this light on the dashboard tell you?</p><p><img src='lamp.png' alt=''></p>"
        "<p>A. The oil pressure is low</p><p>B. The fog lamps are on</p><p>Answer: A</p>"
        "<p>2. Which pedal slows the car <img src='icon.png'> down?</p>"
        "<p>A. The brake</p><p>B. The clutch</p><p>Answer: A</p>"
        "</body></html>"
    )
    path = tmp_path / "lamps.html"
    path.write_text(page, encoding="utf-8")
    result = imported(path)
    assert [(q.number, q.prompt) for q in result.bank.questions] == [(2, "Which pedal slows the car down?")]
    assert _left_out(result) == [(1, True)]
