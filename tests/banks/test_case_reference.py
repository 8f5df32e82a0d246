"""A case keeps its reference answer whole (issue 21, part 5): every paragraph of the quote set under it."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text
from bot.banks.model import Kind

QUOTED = """1. Name the parts of a cell and say what the membrane does.

{i}>Parts:
{i}>
{i}>A cell has a membrane, cytoplasm and, in most cells, a nucleus.
{i}>
{i}>Membrane:
{i}>
{i}>B cells and every other cell keep their contents in with it and let chosen molecules through.

2. The mitochondrion releases energy from food. (T)
"""


@pytest.mark.parametrize("indent", ["", "    "])
def test_a_quoted_reference_whose_paragraph_opens_with_a_letter_stays_whole(indent: str) -> None:
    result = import_text(QUOTED.format(i=indent), source="cells.md", bank_id="cells")
    (case,) = [q for q in result.bank.questions if q.kind is Kind.case]
    assert case.prompt == "Name the parts of a cell and say what the membrane does."
    assert isinstance(case.answer, str)
    assert case.answer.startswith("Parts:") and "A cell has a membrane" in case.answer
    assert case.answer.rstrip().endswith("let chosen molecules through.")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1. Copper conducts electricity well. (T)\n\n    > 铜的导电性很好。\n\n2. Glass is a metal. (F)\n", True),
        ("1. 月球本身不发光。（√）\n\n> The Moon gives off no light of its own.\n\n2. 太阳绕地球转。（×）\n", True),
    ],
)
def test_a_quote_under_a_statement_that_gives_its_verdict_is_a_note(text: str, value: bool) -> None:
    """`… (T)` over a quoted translation: a judgement keyed in its brackets, the quote its note — no case whose
    reference answer is the translation."""
    result = import_text(text, source="facts.md", bank_id="facts")
    first = result.bank.questions[0]
    assert first.kind is Kind.true_false and first.answer is value
    assert first.explanation is not None and len(first.explanation) > 5
