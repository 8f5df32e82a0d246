"""A sheet that is a document: its rows read as the lines of a text.

Teachers paste a Word paper into a sheet, one line per row (`1. 题干` / `A. 甲` / `B. 乙` / `答案：B`), or
lay a question out over rows (the stem on one row, its options side by side on the next, the key on a row
of its own). No column plan fits such a sheet (`bot.banks.sheets.content`), but its rows, read in order as
lines, are a document the text reader knows. Each row becomes a line (its cells side by side, a cell's own
line breaks kept as lines), and every line the reader reports is mapped back to its row.

The reading counts only when it finds questions most of which carry a key: a sheet of other text is no
question bank because a line of it starts with a number.
"""

from __future__ import annotations

from dataclasses import replace

from bot.banks.layouts.reader import read_text
from bot.banks.questions.draft import Convention
from bot.banks.sheets.table import Table, TableReading

__all__ = ["read_sheet_text"]


def _lines(table: Table) -> tuple[str, list[int]]:
    """The table as text, and the row of each of its lines."""
    lines: list[str] = []
    rows: list[int] = []
    for row in table.rows:
        cells = [c.strip() for c in row.cells if c.strip()]
        for line in "  ".join(cells).split("\n") if cells else [""]:
            lines.append(line)
            rows.append(row.line)
    return "\n".join(lines), rows


def read_sheet_text(table: Table, *, simplified: bool = False) -> tuple[TableReading | None, int]:
    """The sheet's rows read as lines of a text, and how many questions that finds; no reading when it finds
    none, or mostly keyless ones (a sheet of numbered notes is no bank: its rows are not reported one by one)."""
    text, rows = _lines(table)
    if not text.strip():
        return None, 0
    reading = read_text(text, simplified=simplified)
    keyed = [d for d in reading.drafts if d.key or d.answer or d.marked]
    if not keyed or 2 * len(keyed) < len(reading.drafts):
        return None, len(reading.drafts)

    def row(line: int | None) -> int:
        return rows[min(max(line or 1, 1), len(rows)) - 1]

    for d in reading.drafts:
        d.line, d.end_line = row(d.line), row(d.end_line or d.line)
        d.key_line = row(d.key_line) if d.key_line is not None else None
    for s in reading.sections:
        s.line = row(s.line)
    where_zh = f"“{table.name}”" if table.name else ""
    where_en = f" {table.name}" if table.name else ""
    return TableReading(
        drafts=reading.drafts,
        sections=reading.sections,
        issues=[replace(i, line=row(i.line)) if i.line else i for i in reading.issues],
        conventions=[
            Convention(f"工作表{where_zh}按行作为文字读取", f"sheet{where_en} read row by row as lines of text"),
            *reading.conventions,
        ],
        title=reading.title,
    ), len(reading.drafts)
