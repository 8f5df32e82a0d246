"""Which layout a sheet follows, and reading it by that layout.

    a header row naming its columns       -> one question per row (`bot.banks.sheets.table`)
    field names down a column (题干, A, 答案) -> vertical cards, a block per question (`bot.banks.sheets.vertical`)
    a question row, then flagged options  -> answer rows (`bot.banks.sheets.answer_rows`)
    two columns, prompt and answer        -> flash cards (`bot.banks.sheets.cards`)
    none of these names or shapes          -> columns by what they hold (`bot.banks.sheets.content`)
    a type code first (MC, TF, FIB …)      -> typed rows, as course platforms take an upload
                                             (`bot.banks.sheets.typed_rows`)
    NewQuestion rows, a field per row      -> question records (`bot.banks.sheets.records`)

A header is tried first; a sheet whose header sits above answer rows (`Question,Answer,Correct` and then
rows that leave the question column empty, or write the question again on each option's row) is read as
answer rows.
"""

from __future__ import annotations

from bot.banks.sheets.answer_rows import read_answer_rows, repeated_column
from bot.banks.sheets.cards import read_cards
from bot.banks.sheets.content import ContentPlan, completed, convention, mapped_table, over_header, plan_columns
from bot.banks.sheets.records import read_records
from bot.banks.sheets.stem_options import options_from_stems
from bot.banks.sheets.table import Header, Table, TableReading, find_header, read_table
from bot.banks.sheets.typed_rows import read_typed_rows
from bot.banks.sheets.vertical import read_vertical

__all__ = ["read_sheet", "readable"]


def _stemless(table: Table, header: Header) -> bool:
    """A third or more of the rows under the header leave the question column empty."""
    columns = [c for c, role in header.roles.items() if role == "stem"]
    rows = [r for r in table.rows[header.index + 1 :] if any(c.strip() for c in r.cells)]
    empty = sum(1 for r in rows if not any(c < len(r.cells) and r.cells[c].strip() for c in columns))
    return bool(rows) and 3 * empty >= len(rows)


def read_sheet(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read by the layout it follows; None when it follows none (no header row, nor vertical
    cards, answer rows or flash cards)."""
    header = find_header(table)
    if header is not None:
        header = completed(table, header)
        if (planned := over_header(table, header)) is not None:  # the rows fit other columns than it names
            return _read_planned(table, planned, section=section, simplified=simplified)
        body = table.rows[header.index + 1 :]
        stem = next(c for c, role in header.roles.items() if role == "stem")
        if (_stemless(table, header) or repeated_column(body, [stem]) is not None) and (
            rows := read_answer_rows(table, start=header.index + 1, section=section, simplified=simplified, stem=stem)
        ):
            return rows
        if (moved := options_from_stems(table, header)) is not None:
            table, header = moved
        return read_table(table, header, section=section, simplified=simplified)
    return (
        read_records(table, section=section, simplified=simplified)
        or read_typed_rows(table, section=section, simplified=simplified)
        or read_vertical(table, section=section, simplified=simplified)
        or read_answer_rows(table, section=section, simplified=simplified)
        or read_cards(table, section=section, simplified=simplified)
        or read_by_content(table, section=section, simplified=simplified)
    )


def read_by_content(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read with its columns mapped by what they hold; None when no mapping fits its rows."""
    planned = plan_columns(table)
    if planned is None:
        return None
    return _read_planned(table, planned, section=section, simplified=simplified)


def _read_planned(
    table: Table, planned: tuple[ContentPlan, Table], *, section: str | None, simplified: bool
) -> TableReading | None:
    plan, aligned = planned
    mapped, header = mapped_table(aligned, plan)
    reading = read_table(mapped, header, section=section, simplified=simplified)
    if reading is not None:
        reading.conventions = [convention(table, plan)]
    return reading


def readable(table: Table) -> bool:
    """The table follows a layout the importer reads (its columns mapped by content: a plan fits, which is
    all a reading by content needs)."""
    if find_header(table) is not None:
        return True
    return (
        read_records(table)
        or read_typed_rows(table)
        or read_vertical(table)
        or read_answer_rows(table)
        or read_cards(table)
    ) is not None or plan_columns(table) is not None
