"""An upload as a teacher reviews it before it goes live: what the import said about the document, kept
beside the draft bank (pure).

The teacher's desk shows every question beside the lines of the document it was read from, the passages
the import left out (with their lines and why), the conventions it recognised and the sections it found.
All of it comes from the importer's result (`ImportResult`): its questions' lines, its left-out passages,
its conventions and sections, and the document's numbered lines. A passage the teacher turns into a
question is marked with that question's id, so it is no longer listed as left out.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.banks.formats import Extracted
from bot.banks.importer import ImportResult
from bot.banks.model import Bank
from bot.banks.questions.passages import document_lines

__all__ = ["ImportReview", "Note", "Passage", "SectionNote", "numbered_lines", "review_of", "source_spans"]

MAX_LINES = 20000  # lines of a document kept for the review (an upload is at most 2 MB)
MAX_LINE_CHARS = 400  # a longer line is cut (a paragraph of a Word file can be a page)
SPAN_LINES = 40  # at most this many lines shown beside one question


def numbered_lines(doc: Extracted) -> dict[int, str]:
    """The document's non-blank lines by number, as the importer numbers them: the text's lines, and a
    table's rows (a sheet's row 12 is line 12; a Word table's rows stand as blank lines in the text) as
    their cells joined by ' | '."""
    out: dict[int, str] = {}
    for number, line in enumerate(document_lines(doc.text), start=1):
        if line.strip():
            out[number] = line
    for table in doc.tables:
        for row in table.rows:
            cells = [c.strip() for c in row.cells]
            if any(cells):
                out.setdefault(row.line, " | ".join(cells).strip(" |"))
    kept = sorted(out)[:MAX_LINES]
    return {n: _cut(out[n]) for n in kept}


def _cut(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "…"


class Note(BaseModel):
    """A finding or a convention, with its line (0: the whole document)."""

    line: int = 0
    zh: str
    en: str


class Passage(BaseModel):
    """A question the import left out: where, why, and its text; `added`: the id of the question the
    teacher made of it."""

    line: int
    number: int
    section: str | None = None
    zh: str
    en: str
    first_line: int = 0
    last_line: int = 0
    text: str = ""
    added: str | None = None


class SectionNote(BaseModel):
    title: str | None = None
    kind: str | None = None
    line: int = 0
    declared: int | None = None
    found: int = 0
    left_out: int = 0


class ImportReview(BaseModel):
    sections: list[SectionNote] = Field(default_factory=list)
    conventions: list[Note] = Field(default_factory=list)
    left_out: list[Passage] = Field(default_factory=list)
    warnings: list[Note] = Field(default_factory=list)
    lines: dict[int, str] = Field(default_factory=dict)

    def passage(self, first_line: int) -> Passage | None:
        return next((p for p in self.left_out if p.first_line == first_line), None)

    def lines_between(self, first: int, last: int) -> list[tuple[int, str]]:
        return [(n, self.lines[n]) for n in range(first, last + 1) if n in self.lines]


def review_of(result: ImportResult) -> ImportReview:
    """What the import of one document said, as the desk keeps it."""
    left = {lo.issue() for lo in result.left_out}
    passages = []
    for lo in result.left_out:
        text = result.passages.get(lo.first_line, "") if lo.first_line else ""
        if not text and lo.first_line:
            last = max(lo.last_line, lo.first_line)
            text = "\n".join(result.lines[n] for n in range(lo.first_line, last + 1) if n in result.lines)
        passages.append(
            Passage(
                line=lo.line,
                number=lo.number,
                section=lo.section,
                zh=lo.zh,
                en=lo.en,
                first_line=lo.first_line or lo.line,
                last_line=max(lo.last_line, lo.first_line or lo.line),
                text=text,
            )
        )
    return ImportReview(
        sections=[
            SectionNote(
                title=s.title,
                kind=str(s.kind) if s.kind else None,
                line=s.line,
                declared=s.declared,
                found=s.found,
                left_out=s.left_out,
            )
            for s in result.sections
            if s.title is not None or s.found or s.left_out
        ],
        conventions=[Note(zh=c.zh, en=c.en) for c in result.conventions],
        left_out=passages,
        warnings=[Note(line=w.line, zh=w.zh, en=w.en) for w in result.warnings if w not in left],
        lines=dict(result.lines),
    )


def source_spans(bank: Bank, review: ImportReview) -> dict[str, list[tuple[int, str]]]:
    """Each question's lines of the document: from the line it starts on to the line before the next
    question, left-out passage or section starts (at most SPAN_LINES)."""
    starts = sorted(
        {q.line for q in bank.questions if q.line}
        | {p.first_line for p in review.left_out if p.first_line and p.added is None}
        | {s.line for s in review.sections if s.title is not None and s.line}
    )
    last_line = max(review.lines, default=0)
    out: dict[str, list[tuple[int, str]]] = {}
    for q in bank.questions:
        if not q.line:
            out[q.id] = []
            continue
        following = next((s for s in starts if s > q.line), last_line + 1)
        out[q.id] = review.lines_between(q.line, min(following - 1, q.line + SPAN_LINES - 1))
    return out
