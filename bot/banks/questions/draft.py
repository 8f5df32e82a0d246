"""What every reader of a document produces, and what an import reports.

A reader (plain text and Markdown, a Word table, a spreadsheet) turns a document into `Draft`s: each
question as written, not yet checked. `bot.banks.questions.build` checks every draft the same way, whatever the
format: a draft that can be read with confidence becomes a `Question`; any other is left out and
reported with its line and the reason (`LeftOut`). One unreadable question never costs the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.banks.issues import Issue
from bot.banks.model import Bank, Kind

__all__ = ["Convention", "Draft", "ImportResult", "LeftOut", "Reading", "SectionReport", "SheetNote"]


@dataclass
class Draft:
    """One question as the document writes it; fields hold text, nothing is validated yet."""

    number: int  # as printed (a sheet without numbers: the row's position)
    line: int  # document line (or sheet row) where the question starts
    section: str | None = None  # the heading it stands under, as written
    part: int | None = None  # index of that section in the reader's list of SectionReports
    kind: Kind | None = None  # as declared: a tag in the question, else its section or type column
    tagged: bool = False  # the kind comes from the question's own tag, not its section
    stem: str = ""
    options: dict[str, str] = field(default_factory=dict)  # letter -> text, in the document's order
    key: str | None = None  # the key as written: "B", "A、C", "对", "读；写", …
    key_line: int | None = None
    key_written: str | None = None  # the key's text as written, where the reader kept less of it as `key`
    key_apart: bool = False  # the key was written apart from the question (a key block, an answer part)
    kind_given: bool = False  # the document gives this question its kind in a field of its own (a sheet's type
    # column, a legend's code, the sheet's name): a key that does not fit it is no reason to read another kind
    unkeyed: tuple[str, str] | None = None  # why the reader gave it no key (zh, en), when it knows
    marked: str = ""  # letters of the options the document marks as right (colour, bold, ticked box)
    explanation: str | None = None
    answer: str | None = None  # a case's reference answer
    tags: list[str] = field(default_factory=list)
    alternates: list[str] = field(default_factory=list)
    end_line: int | None = None  # the last line the question occupies (for the truncation check)
    picture: bool = False  # a picture stood in the question ("[图片]", "图：…"), which the text does not carry
    sheet: str | None = None  # the sheet of a workbook of several its row stands in


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A question the import could not read with confidence, and why (zh and en)."""

    line: int
    number: int
    section: str | None
    zh: str
    en: str
    first_line: int = 0  # the lines the question occupies in the document (for a second reading)
    last_line: int = 0
    sheet: str | None = None  # the sheet of a workbook of several its row stands in

    def issue(self) -> Issue:
        return Issue("warning", self.line, self.zh, self.en, self.sheet)


@dataclass
class SectionReport:
    """Per section of the document: how many questions were imported and how many left out."""

    title: str | None  # None: questions before any heading
    kind: Kind | None
    line: int
    declared: int | None = None
    found: int = 0
    left_out: int = 0


@dataclass(frozen=True, slots=True)
class Convention:
    """A way of writing the document uses, as the summary names it: `编号 1、`, `答案：题干括号内`."""

    zh: str
    en: str


@dataclass
class SheetNote:
    """One sheet of a workbook in the report: read as questions (and how many came of it), or not, and why:
    `zh`/`en` say how it served (an answer sheet, a legend of kind codes) or why it was not read."""

    name: str
    read: bool
    zh: str = ""
    en: str = ""
    imported: int = 0
    left_out: int = 0
    shown: bool = True  # it has rows the reader looked at (not empty, not hidden)
    hidden: bool = False


@dataclass
class ImportResult:
    bank: Bank
    warnings: list[Issue] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    sections: list[SectionReport] = field(default_factory=list)
    conventions: list[Convention] = field(default_factory=list)
    # The document's text of each left-out question, by its first line (bot/banks/questions/passages.py): what a
    # model may be asked to read again, kept here because an upload's text stays in its import process.
    passages: dict[int, str] = field(default_factory=dict)
    sheets: list[SheetNote] = field(default_factory=list)  # a workbook's sheets, each read or said why not
    # The document's lines by number as the importer numbers them (a sheet's rows as their cells), for a
    # teacher who checks each question beside its lines; filled for uploads (bot/banks/upload.py).
    lines: dict[int, str] = field(default_factory=dict)


@dataclass
class Reading:
    """What a reader of a document's text hands on: its drafts, sections, warnings and conventions."""

    title: str | None
    drafts: list[Draft]
    sections: list[SectionReport]
    issues: list[Issue]
    conventions: list[Convention]
    keys_at_end: bool = False  # an answer part at the end: a question it leaves without a key is said so
