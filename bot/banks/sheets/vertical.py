"""Vertical cards: each question laid out down the sheet, a field's name in one column, its content beside it.

Question-bank programs export a sheet this way, one block of rows per question, often an empty row between:

    题号 | 1
    题型 | 单选题
    题干 | 劳动合同期限……试用期不得超过（　）。
    A    | 一个月
    B    | 二个月
    答案 | A
    解析 | ……

Each block becomes one row under a header made of the field names, and that table is read like any question
sheet (`bot.banks.sheets.table`): kinds, keys, blanks and true/false answers the same way. A block starts
where a field comes again (the next 题号 or 题干) or after an empty row; a row without a field name inside a
block continues the field above it. Only the first cell after the field name and the cells after it are
its content, so two fields on one row are not read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from bot.banks.conventions.headings import match_heading
from bot.banks.issues import Issue
from bot.banks.questions.draft import Convention
from bot.banks.sheets.table import Row, Table, TableReading, column_role, find_header, read_table

__all__ = ["read_vertical", "vertical_cards"]

_ANSWERS = ("key", "option:", "blank:", "flag:", "options")


@dataclass
class _Block:
    line: int
    fields: dict[str, str] = field(default_factory=dict)  # role -> content
    last: str | None = None


@dataclass
class _Cards:
    column: int  # the column of field names
    names: dict[str, str]  # role -> the field's name as first written
    blocks: list[_Block]
    above: list[Row]  # title rows above the first block
    between: list[Row]  # section headings between blocks, kept as rows of the table
    stray: list[Row]  # rows outside any block that are no heading


def _label(cells: list[str]) -> tuple[int, str] | None:
    """(column, role) of a row's first filled cell when it names a field."""
    first = next((i for i, c in enumerate(cells) if c.strip()), None)
    if first is None:
        return None
    role = column_role(cells[first])
    return (first, role) if role is not None else None


def vertical_cards(table: Table) -> _Cards | None:
    """The table's blocks when it is laid out as vertical cards: most nonempty rows start with a field name
    in one column, the question's field (题干, 题目) comes at least twice, and an answer or option field too."""
    rows = [r for r in table.rows if any(c.strip() for c in r.cells)]
    labels = [(r, _label(r.cells)) for r in rows]
    columns = Counter(label[0] for _, label in labels if label is not None)
    if not columns:
        return None
    column = columns.most_common(1)[0][0]
    at = [(r, label[1] if label is not None and label[0] == column else None) for r, label in labels]
    start = next(i for i, (_, role) in enumerate(at) if role is not None)
    roles = Counter(role for _, role in at if role is not None)
    labelled = sum(roles.values())
    if roles["stem"] < 2 or not any(r.startswith(_ANSWERS) for r in roles) or labelled * 5 < (len(at) - start) * 3:
        return None
    return _blocks(table, column)


def _content(cells: list[str], column: int) -> str:
    return "\n".join(c.strip() for c in cells[column + 1 :] if c.strip())


def _blocks(table: Table, column: int) -> _Cards:
    cards = _Cards(column, {}, [], [], [], [])
    block: _Block | None = None
    for row in table.rows:
        if not any(c.strip() for c in row.cells):
            if block is not None and "stem" in block.fields:
                block = None  # an empty row closes a question
            continue
        label = _label(row.cells)
        role = label[1] if label is not None and label[0] == column else None
        if role is None:
            filled = [c.strip() for c in row.cells if c.strip()]
            heading = match_heading(filled[0], markdown=False) if len(filled) == 1 and cards.blocks else None
            if heading is not None and heading.names_kind:  # 二、判断题: a section of the cards below
                cards.between.append(row)
                block = None
            elif block is not None and block.last is not None:  # the field above, running on
                block.fields[block.last] = (block.fields[block.last] + "\n" + " ".join(filled)).strip()
            else:
                (cards.stray if cards.blocks else cards.above).append(row)
            continue
        if block is None or (role in block.fields and role != "tags"):
            block = _Block(row.line)
            cards.blocks.append(block)
        cards.names.setdefault(role, row.cells[column].strip())
        content = _content(row.cells, column)
        block.fields[role] = (block.fields.get(role, "") + "\n" + content).strip() if role == "tags" else content
        block.last = role
    return cards


def read_vertical(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read as vertical cards; None when it is not laid out that way."""
    cards = vertical_cards(table)
    if cards is None:
        return None
    roles = list(cards.names)
    header = Row(cards.blocks[0].line, [cards.names[r] for r in roles])
    rows = [Row(b.line, [b.fields.get(r, "") for r in roles]) for b in cards.blocks]
    rows += [Row(r.line, [" ".join(c.strip() for c in r.cells if c.strip())]) for r in cards.between]
    above = [Row(r.line, [c for c in r.cells if c.strip()]) for r in cards.above]
    found = find_header(Table([header]))
    if found is None:  # the field names always make a header; kept for the type checker
        return None
    flat = Table([*above, header, *sorted(rows, key=lambda r: r.line)], name=table.name)
    reading = read_table(flat, replace(found, index=len(above)), section=section, simplified=simplified)
    if reading is None:
        return None
    shown = "、".join(cards.names[r] for r in roles)
    reading.conventions = [
        Convention(
            f"竖排卡片：每题一块，字段名在第 {cards.column + 1} 列（{shown}）",
            f"vertical cards: a block of rows per question, field names in column {cards.column + 1} ({shown})",
        )
    ]
    reading.issues += [
        Issue("warning", r.line, "这一行不在任何题目之中，未读取", "this row belongs to no question; not read")
        for r in cards.stray
    ]
    return reading
