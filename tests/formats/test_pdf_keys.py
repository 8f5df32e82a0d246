"""A line that carries a key is never page furniture, however often it repeats at the same place."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_kit import make_pdf

from bot.banks.formats import extract
from bot.banks.importer import import_file

LABELS = ["Answer:", "Key:", "Correct answer:", "Solution:", "答案：", "Lösung:", "Réponse :", "Respuesta:"]


def _pdf(tmp_path: Path, label: str, n: int = 6) -> Path:
    """One question a page, its key on the page's last line: the same line, at the same place, on every page."""
    pages = [
        [f"{i}. Which option is right in question {i}?", "A. one", "B. two", "C. three", f"{label} B"]
        for i in range(1, n + 1)
    ]
    path = tmp_path / "keys.pdf"
    path.write_bytes(make_pdf(pages, tmp_path, footer=lambda n, _: str(n)))
    return path


@pytest.mark.parametrize("label", LABELS)
def test_a_key_line_repeated_at_the_same_place_on_every_page_is_kept(tmp_path: Path, label: str) -> None:
    lines = extract(_pdf(tmp_path, label)).text.splitlines()
    assert lines.count(f"{label} B") == 6
    assert not any(line.isdigit() for line in lines)  # the page numbers still go


def test_every_key_of_a_one_question_a_page_pdf_is_read(tmp_path: Path) -> None:
    result = import_file(_pdf(tmp_path, "Answer:", 12), bank_id="keys")
    assert [q.answer for q in result.bank.questions] == ["B"] * 12
    assert result.left_out == []
