"""What a format reader hands to the importer: text for the text reader, and question tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.banks.issues import Issue
from bot.banks.questions.draft import Convention, SheetNote
from bot.banks.sheets.table import Table

__all__ = ["Extracted"]


@dataclass
class Extracted:
    """A document as the importer reads it.

    `text` goes through the text reader (`bot.banks.layouts.reader.read_text`): a Word file's paragraphs with
    their list numbers and formatting marks, a PDF's lines. `tables` are read row by row
    (`bot.banks.sheets.table`): a spreadsheet's sheets, a Word file's question tables, whose rows
    carry line numbers of the same document (a Word table's rows stand as blank lines in `text`).
    """

    text: str = ""
    tables: list[Table] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)  # what the format reader noticed (a page without text…)
    conventions: list[Convention] = field(default_factory=list)
    sections_from_names: bool = False  # several sheets: each sheet's name is the section of its rows
    sheets: list[SheetNote] = field(default_factory=list)  # a workbook's sheets, in order, each said what it is
