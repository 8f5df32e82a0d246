"""A document sent to the bot in any format the importer reads: accepted, and imported from its bytes."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
from pdf_kit import make_pdf
from word_kit import Level, Word, run

from bot.banks.upload import ALLOWED_SUFFIXES, check_upload, import_upload


def test_every_format_is_accepted_and_old_binary_ones_are_told_to_save_as() -> None:
    assert ALLOWED_SUFFIXES == (".txt", ".md", ".docx", ".pdf", ".xlsx", ".csv", ".html", ".htm")
    for name in ("题库.PDF", "题库.xlsx", "题库.csv", "题库.docx"):
        assert check_upload(name, 1000) is None
    refusal = check_upload("题库.xls", 1000)
    assert refusal is not None and refusal.zh == "无法导入 题库.xls：旧格式 .xls 无法读取，请另存为 .xlsx 后再发送。"


def test_uploads_of_each_format_import_from_their_bytes(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["题型", "题干", "A", "B", "答案"])
    book.active.append(["单选题", "1+1=？", "2", "3", "A"])
    sheet = io.BytesIO()
    book.save(sheet)
    word = Word()
    numbers = word.define(Level("decimal", "%1."), Level("upperLetter", "%2."))
    word.para("1+2=？", num=numbers)
    run(word.para(num=numbers, level=1), "3", red=True)
    word.para("4", num=numbers, level=1)
    pdf = make_pdf([["1. 2+2=？", "A. 4 B. 5", "答案：A"]], tmp_path)
    csv = "题干,答案\n3+3=___,6\n".encode("gb18030")
    uploads = {"sheet.xlsx": sheet.getvalue(), "word.docx": word.bytes(), "paper.pdf": pdf, "table.csv": csv}
    found = {
        name: [(q.kind.value, q.answer) for q in import_upload(data, name, "b").bank.questions]
        for name, data in uploads.items()
    }
    assert found == {
        "sheet.xlsx": [("single", "A")],
        "word.docx": [("single", "A")],
        "paper.pdf": [("single", "A")],
        "table.csv": [("fill", ["6"])],
    }
