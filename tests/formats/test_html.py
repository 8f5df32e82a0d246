"""A bank saved from a web page as .html: text a line per block, key marks kept (bot/banks/formats/html.py)."""

from __future__ import annotations

from pathlib import Path

from bot.banks.importer import import_file
from bot.banks.model import Kind

PAGE = """<!DOCTYPE html>
<html><head><title>安全知识题库</title><style>p { color: #333 }</style>
<script>var answers = "1.A 2.B";</script></head>
<body>
<h2>一、单选题</h2>
<p>1. 发现火情，首先应当拨打的电话是
（ ）</p>
<p>A. 110</p><p><font color="red">B. 119</font></p><p>C. 120</p>
<p>2. 下列哪个数
大于 3 &lt; 5 中较小的数？</p>
<p>A. 2<br>B. 4<br>C. 1</p><p>答案：B</p>
<h2>二、判断题</h2>
<table><tr><td>题号</td><td>题目</td><td>答案</td></tr>
<tr><td>3</td><td>电器着火可以直接用水扑救。</td><td>×</td></tr></table>
<!-- 3. 这不是题目 -->
</body></html>
"""


def test_a_saved_web_page(tmp_path: Path) -> None:
    path = tmp_path / "安全知识.html"
    path.write_text(PAGE, encoding="utf-8")
    result = import_file(path, bank_id="safety")
    got = [(q.number, q.kind, q.answer) for q in result.bank.questions]
    assert got == [(1, Kind.single, "B"), (2, Kind.single, "B"), (3, Kind.true_false, False)]
    assert result.bank.questions[0].prompt == "发现火情，首先应当拨打的电话是 （ ）"
    assert result.bank.questions[1].prompt == "下列哪个数 大于 3 < 5 中较小的数？"
