"""Every format a question bank comes in, read into what the importer takes (`Extracted`).

    .txt .md (any text: UTF-8 with or without BOM, UTF-16 with BOM, GB18030)  -> text
    .txt   of flash cards (`prompt<TAB>answer` on every line)                  -> a two-column table
    .txt   of typed rows (`MC<TAB>question<TAB>option<TAB>correct…`)           -> a table
    .md .txt  Markdown tables whose header names question columns (| 题干 | A | 答案 |) -> question tables
    .docx  paragraphs as Word shows them (list numbers, keys marked by formatting) -> text; question tables
    .pdf   a text layer's lines, page headers and footers dropped                -> text
    .xlsx .csv .tsv  one question per row under a header row (or vertical cards, answer rows, cards) -> tables

Each reader takes the file's path, so that a check of the file (its size, a zip's expanded size) can
run before any of it is opened.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from bot.banks.formats.decode import decode_bytes
from bot.banks.formats.extracted import Extracted
from bot.banks.formats.html import html_text, is_html
from bot.banks.issues import DocumentError
from bot.banks.limits import (
    LOCAL_LIMITS,
    Deadline,
    DocumentLimits,
    TextBudget,
    check_paragraphs,
    check_size,
    check_zip,
)

__all__ = ["FORMATS", "Extracted", "extract", "read_document"]

FORMATS = (".txt", ".md", ".docx", ".pdf", ".xlsx", ".csv", ".html", ".htm")
_ZIPPED = (".docx", ".xlsx", ".xlsm")  # zip files of XML parts: a small file can expand a thousandfold
_OLE = b"\xd0\xcf\x11\xe0"  # Word 97-2003 .doc, Excel 97-2003 .xls, WPS files
_SAVE_AS = {
    ".doc": (".docx", "Word"),
    ".wps": (".docx", "WPS 文字"),
    ".xls": (".xlsx", "Excel"),
    ".et": (".xlsx", "WPS 表格"),
}


def _refuse_old(path: Path, suffix: str) -> DocumentError:
    modern, program = _SAVE_AS.get(suffix, (".docx", "Word"))
    return DocumentError(
        path.name,
        0,
        f"无法读取旧格式的 {suffix or '文件'}：请在 {program} 中“另存为” {modern} 后再导入",
        f"cannot read the old {suffix or 'binary'} format: open it in {program} and save it as {modern}, "
        "then import that",
    )


def extract(path: str | Path, limits: DocumentLimits = LOCAL_LIMITS) -> Extracted:
    """The document at `path`, read by the reader of its format (by its suffix; a PDF also by its content).

    A file its reader cannot make sense of (a broken or hostile .docx, .xlsx or .pdf) is a DocumentError
    naming the file, never an exception that escapes to the caller; one over `limits` (a zip bomb, a
    huge file) is a DocumentTooLarge, refused before its reader expands it (bot/banks/limits.py).
    """
    path = Path(path)
    deadline = Deadline(limits.max_seconds)
    check_size(path.stat().st_size, limits, path.name)
    if path.suffix.lower() in _ZIPPED:
        check_zip(path, limits, path.name)
    budget = TextBudget(limits, path.name)  # the text it yields, counted as readers expand it
    try:
        extracted = _read(path, budget)
    except DocumentError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError, zipfile.BadZipFile) as exc:
        raise DocumentError(
            path.name,
            0,
            f"无法读取这个文件（{type(exc).__name__}）：文件可能已损坏",
            f"cannot read this file ({type(exc).__name__}): it may be damaged",
        ) from exc
    lines = extracted.text.count("\n") + 1 + sum(len(table.rows) for table in extracted.tables)
    check_paragraphs(lines, limits, path.name)
    budget.cover(len(extracted.text) + sum(len(c) for t in extracted.tables for r in t.rows for c in r.cells))
    deadline.check(path.name)
    return extracted


def read_document(path: str | Path, limits: DocumentLimits = LOCAL_LIMITS) -> str:
    """The text of a document as the text reader takes it: a text file decoded, a Word file's paragraphs,
    a PDF's lines (a sheet's or a Word file's question tables are read row by row, not as text).
    DocumentTooLarge over `limits` (bot/banks/limits.py)."""
    return extract(path, limits).text


def _read(path: Path, budget: TextBudget) -> Extracted:
    suffix = path.suffix.lower()
    with path.open("rb") as file:
        magic = file.read(8)
    if suffix == ".docx":
        from bot.banks.formats.docx import read_docx

        return read_docx(path)
    if suffix == ".pdf" or magic.startswith(b"%PDF"):
        from bot.banks.formats.pdf import read_pdf

        return read_pdf(path, budget)
    if suffix in (".xlsx", ".xlsm"):
        from bot.banks.formats.sheet import read_xlsx

        return read_xlsx(path, budget)
    if suffix in (".csv", ".tsv"):
        from bot.banks.formats.sheet import read_csv

        return read_csv(path)
    if suffix in _SAVE_AS or magic.startswith(_OLE):
        raise _refuse_old(path, suffix)
    text = decode_bytes(path.read_bytes(), path.name)
    if suffix in (".html", ".htm") or is_html(text):
        from bot.banks.formats.html_quiz import quiz_table

        if (quiz := quiz_table(text)) is not None:  # keys in a review's feedback, a script's data, attributes
            return Extracted(tables=[quiz[0]], conventions=[quiz[1]])
        from bot.banks.formats.response_page import response_table

        if (graded := response_table(text)) is not None:  # a learner's graded response: its marks and key blocks
            return Extracted(tables=[graded])
        text = html_text(text)  # a saved web page: a line per block, the key marks kept
    from bot.banks.formats.cloze import cloze_table

    if (cloze := cloze_table(text)) is not None:  # a flash-card app's cloze notes: {{c1::answer}} a line each
        return Extracted(tables=[cloze])
    if suffix == ".txt":
        from bot.banks.sheets.cards import tab_cards
        from bot.banks.sheets.typed_rows import typed_table

        if (typed := typed_table(text)) is not None:  # a course platform's upload: MC<TAB>question<TAB>…
            return Extracted(tables=[typed])
        if (cards := tab_cards(text)) is not None:  # a flash-card export: prompt<TAB>answer per line
            return Extracted(tables=[cards])
    from bot.banks.formats.markdown_tables import question_tables

    text, tables = question_tables(text)  # | 题干 | A | B | 答案 |: one question per row, read as a sheet
    return Extracted(text=text, tables=tables)
