"""Web pages whose question numbers and option letters exist only in the list markup (the browser draws
them): `<ol type="A">`, `list-style-type: upper-alpha` inline or in a <style> rule, the decimal default;
and a key table `| Question | Answer |` at the end of the page.

Every page is written by the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.formats.html import html_text
from tests.formats.test_sheets import import_csv, keys

QUESTIONS = [
    ("Which layer of the atmosphere holds most of its water vapour?", ["troposphere", "stratosphere", "mesosphere"]),
    ("Which of these are greenhouse gases? (choose all that apply)", ["carbon dioxide", "nitrogen", "methane"]),
    ("Which instrument measures air pressure?", ["barometer", "hygrometer", "anemometer"]),
]
KEY_TABLE = (
    "<h2>Answer key</h2><table><thead><tr><th>Question</th><th>Answer</th></tr></thead><tbody>"
    "<tr><td>1</td><td>A</td></tr><tr><td>2</td><td>A, C</td></tr><tr><td>3</td><td>A</td></tr></tbody></table>"
)


def page(options_list: str, *, style: str = "", numbered_by: str = "text") -> str:
    """A quiz page: questions numbered in their text (`<p><b>1.</b> …`) or by an <ol>, options in
    `options_list` (an opening tag)."""
    items = []
    for n, (stem, options) in enumerate(QUESTIONS, start=1):
        opts = "".join(f"<li>{o}</li>" for o in options)
        lead = f"<b>{n}.</b> " if numbered_by == "text" else ""
        items.append(f"{lead}{stem}{options_list}{opts}</ol>")
    if numbered_by == "text":
        body = "".join(f'<div class="q"><p>{item}</p></div>' for item in items)
    else:
        body = "<ol>" + "".join(f"<li>{item}</li>" for item in items) + "</ol>"
    return (
        f"<!DOCTYPE html><html><head><title>Weather quiz</title><style>{style}</style></head><body>"
        f"<h1>Weather quiz</h1>{body}{KEY_TABLE}<footer><p>Club newsletter</p></footer></body></html>"
    )


@pytest.mark.parametrize(
    ("options_list", "style", "numbered_by"),
    [
        ('<ol type="A">', "", "text"),
        ('<ol type="a">', "", "text"),
        ('<ol style="list-style-type: upper-alpha">', "", "text"),
        ('<ol class="choices">', "ol.choices { list-style-type: upper-latin; margin: 0 }", "text"),
        (
            '<ol class="x choices">',
            "/* options */ .quiz .choices li, .other { list-style: upper-alpha inside }",
            "text",
        ),
        ('<ol type="A">', "", "list"),  # questions in an <ol>: numbered 1, 2, 3 by the browser
    ],
    ids=["type-A", "type-a", "inline-style", "class-rule", "descendant-rule", "numbered-list"],
)
def test_letters_and_numbers_drawn_by_the_list_markup(
    tmp_path: Path, options_list: str, style: str, numbered_by: str
) -> None:
    result = import_csv(tmp_path / "weather.html", page(options_list, style=style, numbered_by=numbered_by))
    # the key table reads `A, C` as both letters, and its rows are keys, not questions
    assert keys(result) == {"single-1": "A", "multiple-2": "AC", "single-3": "A"}
    assert result.bank.questions[0].options == {"A": "troposphere", "B": "stratosphere", "C": "mesosphere"}
    assert result.left_out == []


def test_a_list_item_that_writes_its_own_number_keeps_one() -> None:
    text = html_text('<html><body><ol><li>1. first</li><li>2、second</li></ol><ol start="3"><li>third</li></ol>')
    assert text.split("\n") == ["1. first", "2、second", "3. third"]


def test_bullets_and_lists_styled_none_draw_no_marker() -> None:
    text = html_text(
        "<html><head><style>ol.plain{list-style:none}</style></head><body><ul><li>one</li></ul>"
        '<ol class="plain"><li>two</li></ol><ol style="list-style-type:none"><li>three</li></ol>'
        '<ol type="I"><li>four</li><li>five</li></ol>'
    )
    assert text.split("\n") == ["one", "two", "three", "I. four", "II. five"]


def test_an_items_text_in_a_paragraph_of_its_own_follows_its_marker() -> None:
    page = (
        '<html><body><ol><li><p>Which gas do plants take in?</p><ol type="A"><li><p>oxygen</p></li>'
        "<li>\n  <span>carbon dioxide</span></li><li><b>helium</b></li></ol></li></ol>"
    )
    assert html_text(page).split("\n") == [
        "1. Which gas do plants take in?",
        "A. oxygen",
        "B. carbon dioxide",
        "C. <b>helium</b>",
    ]


def test_options_a_quiz_plugin_marks_right_by_class_or_data_attribute(tmp_path: Path) -> None:
    page = (
        "<html><body>"
        '<div class="q"><p>1. Which cloud type brings thunderstorms?</p><ol type="A">'
        '<li class="answer">cirrus</li><li class="answer answer-correct">cumulonimbus</li>'
        '<li class="answer answer-incorrect">stratus</li></ol></div>'
        '<div class="q"><p>2. Which of these are precipitation?</p><ol type="A">'
        '<li data-correct="true">hail</li><li data-correct="false">fog</li>'
        '<li data-correct="true">sleet</li></ol></div>'
        "</body></html>"
    )
    result = import_csv(tmp_path / "clouds.html", page)
    assert keys(result) == {"single-1": "B", "multiple-2": "AC"}
    assert result.bank.questions[0].options == {"A": "cirrus", "B": "cumulonimbus", "C": "stratus"}
