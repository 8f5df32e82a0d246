"""Limits on what a document yields, not only on its bytes: its text once expanded, each field, the number
of questions, the result sent back to the bot; pypdf's own limits said in a sentence."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.banks.importer import import_file, import_text
from bot.banks.issues import DocumentError
from bot.banks.limits import UPLOAD_LIMITS, DocumentTooLarge
from bot.banks.lint import lint_banks
from bot.banks.sandbox import import_isolated
from tests.banks.sheet_bombs import shared_string_bomb


def test_a_sheets_shared_strings_count_as_the_text_they_expand_to(tmp_path: Path) -> None:
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(shared_string_bomb(1_000_000, rows=6))  # 6 million characters from a few kilobytes
    with pytest.raises(DocumentTooLarge, match="5,000,000 characters"):
        import_file(path, bank_id="bomb", limits=UPLOAD_LIMITS)
    with pytest.raises(DocumentError, match="1,000,000 characters long, over the limit of 3,000"):
        import_file(path, bank_id="bomb")  # the teacher's own larger limits read it: every question left out


@pytest.mark.parametrize(
    ("field", "line"),
    [("题干", "1. {big}？"), ("选项 B", "B. {big}"), ("解析", "解析：{big}"), ("答案", "答案：{big}")],
)
def test_a_field_of_600000_characters_leaves_its_question_out_with_its_line(field: str, line: str) -> None:
    big = "很长" * 300_000
    question = ["1. 地球是什么形状？", "A. 圆的", "B. 方的", "答案：A", "解析：因为。"]
    at = {"题干": 0, "选项 B": 2, "解析": 4, "答案": 3}[field]
    question[at] = line.format(big=big)
    doc = "一、单选题\n" + "\n".join(question) + "\n2. 水的化学式？\nA. H2O\nB. CO2\n答案：A\n"
    result = import_text(doc, source="x.txt", bank_id="x")
    assert [q.number for q in result.bank.questions] == [2]
    [out] = result.left_out
    assert out.line == 2 and f"第 1 题的{field}有 600,00" in out.zh and "个字符，超过上限 3,000" in out.zh
    assert all(len(w.zh) <= 300 and len(w.en) <= 300 for w in result.warnings)


def test_lint_flags_long_fields() -> None:
    doc = "一、单选题\n1. 题？\nA. 甲\nB. 乙\n答案：A\n解析：" + "长" * 2000 + "\n"
    bank = import_text(doc, source="x.txt", bank_id="x").bank
    found = [f for f in lint_banks([bank]) if "long explanation" in f.message]
    assert len(found) == 1 and found[0].level == "warning" and "2,000 characters" in found[0].message


def test_the_number_of_questions_is_limited(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("".join(f"{i}. 题{i}？\nA. 甲\nB. 乙\n答案：A\n" for i in range(1, 31)), encoding="utf-8")
    with pytest.raises(DocumentTooLarge, match="30 questions, over the limit of 20"):
        import_file(path, bank_id="many", limits=replace(UPLOAD_LIMITS, max_questions=20))


async def test_the_reading_process_sends_back_no_more_than_the_bot_takes() -> None:
    doc = "".join(f"{i}. 第{i}题是什么？\nA. 甲\nB. 乙\n答案：A\n" for i in range(1, 400)).encode()
    small = replace(UPLOAD_LIMITS, max_result=20_000)
    with pytest.raises(DocumentTooLarge, match=r"the bank it makes is over 0\.0 MB"):
        await import_isolated(doc, "big.txt", "big", small)
    assert len((await import_isolated(doc, "big.txt", "big")).bank.questions) == 399


def _deep_page_tree(levels: int) -> bytes:
    """A PDF whose page tree nests `levels` deep above its one page."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>"}
    for n in range(2, levels + 2):
        objects[n] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (n + 1)
    page = levels + 2
    objects[page] = b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 200 200] >>" % (page - 1)
    out = bytearray(b"%PDF-1.4\n")
    offsets = {}
    for n in sorted(objects):
        offsets[n] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (n, objects[n])
    xref, size = len(out), page + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, size))
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


async def test_pypdfs_limits_are_said_in_a_sentence_not_as_our_error() -> None:
    with pytest.raises(DocumentError) as raised:
        await import_isolated(_deep_page_tree(3000), "deep.pdf", "deep")
    said = str(raised.value)
    assert "goes past a reading limit" in said and "读取上限" in said
    assert "这是我们的问题" not in said and "Traceback" not in said
