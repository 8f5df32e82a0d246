"""An official-account article (公众号文章) with a quiz: questions numbered in keycap emoji (`3️⃣`,
`1️⃣2️⃣`, `🔟`), a pointing emoji before each key, an explanation after some keys; saved as a web page or
copied into a text file.

Every document is written by the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.formats.test_sheets import import_csv, keys

ITEMS = [
    ("3️⃣ 木星是太阳系中最大的行星吗？下列说法正确的是", ["是，最大", "不是，土星最大"], "A", "木星质量最大。"),
    ("4️⃣ 下列属于类地行星的有（多选）", ["水星", "木星", "火星", "金星"], "ACD", ""),
    ("5️⃣ 月球绕地球一周大约需要", ["1天", "27天", "365天"], "B", ""),
    ("6️⃣ 金星是夜空中最亮的行星。", [], "√", "除月球外最亮。"),
    ("7️⃣ 彗星的尾巴总是朝向太阳。", [], "×", ""),
    ("8️⃣ 太阳系中离太阳最近的行星是______。", [], "水星", ""),
    ("9️⃣ 地球自转一周约需______小时。", [], "24", ""),
    ("🔟 光从太阳到达地球大约需要8分钟。", [], "√", ""),
    ("1️⃣1️⃣ 土星最著名的特征是它的______。", [], "光环", "由冰和岩石组成。"),
]
EXPECTED = {
    "single-3": "A",
    "multiple-4": "ACD",
    "single-5": "B",
    "tf-6": True,
    "tf-7": False,
    "fill-8": ["水星"],
    "fill-9": ["24"],
    "tf-10": True,
    "fill-11": ["光环"],
}


def article_html() -> str:
    sections = []
    for stem, options, key, note in ITEMS:
        lines = [f"<p><strong>{stem}</strong></p>"]
        lines += [f"<p>{letter}. {text}</p>" for letter, text in zip("ABCD", options, strict=False)]
        lines.append(f'<p><span style="color:#ff0000">👉答案：{key}</span></p>')
        if note:
            lines.append(f'<p><span style="color:#576b95">💡解析：{note}</span></p>')
        sections.append(f'<section style="margin-top:16px">{"".join(lines)}</section>')
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>天文小测验</title></head><body>'
        '<div id="js_content"><section><p><strong>🔭 天文知识小测验 🔭</strong></p>'
        "<p>今天的题目从第3题接着上期，答案在每题下面～</p></section>"
        f"{''.join(sections)}<section><p>喜欢就点个在看吧！</p></section></div></body></html>"
    )


def article_text() -> str:
    """The same article copied out of the app into a text file: a line per paragraph."""
    return re.sub(r"<[^>]+>", "\n", article_html().split("<body>", 1)[1]).replace("\n\n", "\n")


@pytest.mark.parametrize("suffix", [".html", ".txt"])
def test_keycap_numbers_pointed_keys_and_explanations(tmp_path: Path, suffix: str) -> None:
    result = import_csv(tmp_path / f"astronomy{suffix}", article_html() if suffix == ".html" else article_text())
    assert keys(result) == EXPECTED
    by_number = {q.number: q for q in result.bank.questions}
    assert by_number[3].explanation == "木星质量最大。" and by_number[4].explanation is None
    assert by_number[11].prompt == "土星最著名的特征是它的______。"
    assert result.left_out == []


def test_numbers_and_letters_styled_bold_as_social_apps_write_them(tmp_path: Path) -> None:
    text = "𝟏. 金星是夜空中最亮的行星吗？\n𝐀. 是\n𝐁. 不是\n答案：𝐀\n𝟐. 太阳系中离太阳最近的行星是______。\n答案：水星\n"
    result = import_csv(tmp_path / "styled.txt", text)
    assert keys(result) == {"single-1": "A", "fill-2": ["水星"]}
    assert result.bank.questions[0].options == {"A": "是", "B": "不是"}


@pytest.mark.parametrize(("first", "second"), [("❶", "❷"), ("➊", "➋"), ("⓵", "⓶"), ("⒈", "⒉"), ("4️⃣", "5️⃣")])
def test_question_numbers_in_styled_digits(tmp_path: Path, first: str, second: str) -> None:
    text = f"{first} 金星是行星吗？\nA. 是\nB. 不是\n答案：A\n{second} 月球是行星吗？\nA. 是\nB. 不是\n答案：B\n"
    result = import_csv(tmp_path / "styled.txt", text)
    assert [q.prompt for q in result.bank.questions] == ["金星是行星吗？", "月球是行星吗？"]
    assert [q.answer for q in result.bank.questions] == ["A", "B"]
