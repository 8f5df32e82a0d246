"""Documents are read within limits: what the zip directory declares, what really expands, parts,
paragraphs, time; and reading happens in a child process whose memory is capped."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from docx_bombs import docx

from bot.banks.formats import read_document
from bot.banks.issues import DocumentError
from bot.banks.limits import (
    UPLOAD_LIMITS,
    Deadline,
    DocumentTooLarge,
    ExpansionGuard,
    check_zip,
)
from bot.banks.sandbox import import_isolated
from bot.banks.upload import import_upload

SMALL = replace(UPLOAD_LIMITS, max_expanded=1_000_000, max_parts=20, max_paragraphs=100)
GOOD = docx(["一、判断题", "1. 水是湿的。", "答案：对"])


def test_a_zip_bomb_is_refused_from_its_directory_before_anything_expands() -> None:
    bomb = docx(repeat="x" * 100, times=400_000)  # about 50 MB of text in a file of a few hundred kilobytes
    assert len(bomb) < 300_000
    with pytest.raises(DocumentTooLarge) as caught:
        check_zip(bomb, UPLOAD_LIMITS, "bomb.docx")
    assert "expands to" in caught.value.en and "zip bomb" in caught.value.en and "解压后" in caught.value.zh
    check_zip(GOOD, UPLOAD_LIMITS, "good.docx")  # a real document passes


def test_too_many_parts_and_paragraphs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DocumentTooLarge, match="parts"):
        check_zip(docx(["a"], extra_parts=30), SMALL, "parts.docx")
    path = tmp_path / "many.docx"
    path.write_bytes(docx(repeat="答案：对", times=500))
    with pytest.raises(DocumentTooLarge, match="paragraphs, over the limit of 100"):
        read_document(path, SMALL)
    text = tmp_path / "many.txt"
    text.write_text("对\n" * 500, encoding="utf-8")
    with pytest.raises(DocumentTooLarge, match="paragraphs"):
        read_document(text, SMALL)


def test_what_a_reader_expands_itself_is_counted_and_time_is_limited() -> None:
    guard = ExpansionGuard(SMALL, "x.pdf")
    guard.add(999_000)
    with pytest.raises(DocumentTooLarge, match="expands to"):
        guard.add(2_000)
    now = [0.0]
    deadline = Deadline(30, clock=lambda: now[0])
    deadline.check("slow.docx")
    now[0] = 31.0
    with pytest.raises(DocumentTooLarge, match="longer than 30 s"):
        deadline.check("slow.docx")


async def test_reading_runs_in_a_child_with_a_memory_ceiling() -> None:
    result = await import_isolated(GOOD, "good.docx", "good")
    assert [q.kind.value for q in result.bank.questions] == ["true_false"]
    with pytest.raises(DocumentError) as caught:  # an ordinary malformed document: the importer's own error
        await import_isolated("一、单选题\n1. 甲？\n".encode(), "bad.txt", "bad")
    assert not isinstance(caught.value, DocumentTooLarge)
    # Within the size limits, but reading it needs more memory than this child may have.
    heavy = docx(["一、判断题", "1. 水是湿的。", "答案：对"], repeat="x" * 40, times=300_000)  # about 25 MB of XML
    with pytest.raises(DocumentTooLarge) as caught:
        await import_isolated(
            heavy, "heavy.docx", "heavy", replace(UPLOAD_LIMITS, max_memory_mb=200, max_paragraphs=10**6)
        )
    assert "more memory than the limit of 200 MB" in caught.value.en


def test_the_upload_limits_apply_in_process_too() -> None:
    with pytest.raises(DocumentTooLarge):
        import_upload(docx(repeat="x" * 100, times=500_000), "bomb.docx", "bomb")
