"""Web pages that mark their keys only in the markup: every option of a question carries a class saying
whether it is right (`class="opt true"` beside `class="opt false"`), and a fill-in's answers stand in its
sentence inside an element whose class names a blank's answer (`<span class="blank-answer">`).

Every page is written by the test.
"""

from __future__ import annotations

from pathlib import Path

from bot.banks.formats.html import html_text
from bot.banks.model import Kind
from tests.formats.test_sheets import import_csv, keys

# A site template as such pages are saved: server code around the page, each question a block.
TEMPLATE = """<?php
include_once('../settings.php');
?>
<!DOCTYPE html>
<html><head><meta charset="utf-8" /><title>Chapter 2 review</title>
<!-- <?php require('parts/head.php'); ?> --></head>
<body><div class="page">
{body}
</div></body></html>
"""

CHOICES = """<h2>1. Choice</h2>
<div class="item"><p class="stem"><span class="no">(1)</span> Which organ pumps the blood?</p>
<p class="opt first true">A. the heart</p>
<p class="opt false">B. the liver</p>
<p class="opt false">C. the lung</p></div>
<div class="item"><p class="stem"><span class="no">(2)</span> Which planet is nearest the sun?</p>
<p class="inline-opts"><span class="opt false">A. Venus</span>
<span class="opt true">B. Mercury</span>
<span class="opt false">C. Mars</span></p></div>
<div class="item"><p class="stem"><span class="no">(3)</span> Which of these are mammals?</p>
<p class="inline-opts"><span class="opt is-correct">A. whale</span>
<span class="opt is-wrong">B. shark</span>
<span class="opt is-correct">C. bat</span></p></div>
"""

FILLS = """<h2>2. Fill in the blanks</h2>
<div class="item"><p class="fill"><span class="no">(1)</span> Water boils at
<span class="blank-answer"> 100 </span> degrees Celsius at sea level.</p></div>
<div class="item"><p class="fill"><span class="no">(2)</span> The two gases most of the air is made of are
<span class="blank-answer"> nitrogen </span> and <span class="blank-answer"> oxygen </span>.</p></div>
<div class="item"><p class="fill"><span class="no">(3)</span> The area of a square of side a is
<span class="gap-filling-answer"> a<sup>2</sup> </span> (write it as a power).</p></div>
"""


def test_options_each_marked_true_or_false_by_class(tmp_path: Path) -> None:
    result = import_csv(tmp_path / "review.html", TEMPLATE.format(body=CHOICES))
    assert keys(result) == {"single-1": "A", "single-2": "B", "multiple-3": "AC"}
    assert result.bank.questions[1].options == {"A": "Venus", "B": "Mercury", "C": "Mars"}


def test_a_blanks_answer_in_an_element_of_its_own(tmp_path: Path) -> None:
    result = import_csv(tmp_path / "review.html", TEMPLATE.format(body=CHOICES + FILLS))
    fills = [q for q in result.bank.questions if q.kind is Kind.fill]
    assert [q.blanks() for q in fills] == [[["100"]], [["nitrogen"], ["oxygen"]], [["a2"]]]
    assert "nitrogen" not in fills[1].prompt


def test_a_class_on_one_option_alone_is_no_key() -> None:
    # A course's review marks the learner's own choice (`correct`, `true`); the options beside it carry
    # no mark, so nothing tells which option the page holds right.
    page = TEMPLATE.format(
        body='<p>1. Which metal is liquid at room temperature?</p><p class="opt">A. iron</p>'
        '<p class="opt true">B. mercury</p><p class="opt">C. tin</p>'
        '<p>2. Which is a prime number?</p><p class="opt">A. 4</p>'
        '<p class="opt false">B. 9</p><p class="opt">C. 7</p>'
    )
    assert "✅" not in html_text(page)


def test_options_marked_only_some_of_them_are_no_key() -> None:
    # Two options say true, the third says nothing: the page does not mark every option, so no tick.
    page = TEMPLATE.format(
        body='<ul><li class="c true">red</li><li class="c false">green</li><li class="c">blue</li></ul>'
    )
    assert "✅" not in html_text(page)


def test_a_mark_after_an_escaped_character_keeps_its_words(tmp_path: Path) -> None:
    # `&n` and `x<y` are text the reader's markup must not take for an entity or a tag; escaped, they
    # moved the marks after them on the line by the escape's length.
    page = TEMPLATE.format(
        body="<h2>Fill in the blanks</h2>"
        "<p>(1) In the call f(&amp;n, m) the first argument is passed by <u>address</u>.</p>"
        '<p>(2) Where x &lt; 0 the function returns <span class="blank-answer">minus one</span>.</p>'
    )
    result = import_csv(tmp_path / "calls.html", page)
    assert [q.blanks() for q in result.bank.questions] == [[["address"]], [["minus one"]]]


def test_a_mark_after_a_character_that_must_stay_escaped_is_dropped() -> None:
    # `a<b` must be written escaped (it would read as a tag); a mark after it would be placed off by the
    # escape, so the line keeps its words without the mark: the question is left out, not misread.
    page = TEMPLATE.format(body="<p>(1) If a&lt;b the smaller of the two is <u>a</u>.</p><p>(2) <u>b</u> or a&lt;c</p>")
    assert html_text(page).split("\n")[-2:] == ["(1) If a&lt;b the smaller of the two is a.", "(2) <u>b</u> or a&lt;c"]
