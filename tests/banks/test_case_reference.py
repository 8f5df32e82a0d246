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
