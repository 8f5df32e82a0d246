"""A workbook whose options stand on a sheet of their own, as quiz applications export them.

    Questions:  ID | Question                 | Type | Explanation
                17 | Which gases are noble?   | MA   | …
    Options:    Question ID | Option   | Correct          (or an order column: Position 1, 2, 3 …)
                17          | Helium   | Y
                17          | Nitrogen | N

The options sheet is known by what it holds, whatever its header says: a column whose values are the
question sheet's ids, each repeated for several rows; a column of right/wrong flags (`Y`/`N`, `1`/`0`,
`TRUE`/`FALSE`, `✓` on the right rows only, grades `100`/`50`/`0`) or of the options' order within each
question (or neither, where the question sheet has a key column: the options then stand in their rows'
order); and a column of the options' texts. The question sheet is then given the options as numbered
columns (`Option 1` …) and, where the flags say it, its key, so that it reads as any question sheet does,
by its own header.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from bot.banks.sheets.answer_rows import option_flag
from bot.banks.sheets.table import LETTERS, Row, Table, find_header
from bot.banks.text import narrow

__all__ = ["OptionSheet", "join_option_sheet"]

_MARKS_ONLY = {"x", "*", "✓", "✔", "√", "✅", "☑"}  # a mark on the right rows, the wrong ones left empty


@dataclass
class OptionSheet:
    """What joining an options sheet to a question sheet made of them."""

    joined: Table  # the question sheet with its options (and keys) in columns of their own
    questions: int  # questions given options
    orphans: list[int] = field(default_factory=list)  # rows of the options sheet naming no question
    flagged: bool = False  # the options sheet says which options are right


def _value(row: Row, column: int) -> str:
    return narrow(row.cells[column]).strip() if column < len(row.cells) else ""


def _filled(table: Table) -> list[Row]:
    return [r for r in table.rows if any(c.strip() for c in r.cells)]


def _id_columns(questions: Table) -> list[tuple[int, set[str]]]:
    """Columns of the question sheet whose values differ on every row under its header: the candidates
    for its ids (the header's own `ID` is none)."""
    out = []
    header = find_header(questions)
    rows = _filled(Table(questions.rows[header.index + 1 :] if header else questions.rows))
    width = max((len(r.cells) for r in rows), default=0)
    for column in range(width):
        if header is not None and header.roles.get(column) not in (None, "number", "ignore"):
            continue  # the header names it something else: a key column of ①②③ holds no ids
        values = [v for r in rows if (v := _value(r, column))]
        if len(values) >= 2 and len(set(values)) == len(values):
            out.append((column, set(values)))
    return out


def _flags(values: list[str]) -> list[bool] | None:
    """The column's values as right/wrong flags, or None when they are not all flags; marks on the right
    rows only (`✓`, `x`) count an empty cell as wrong."""
    if all(v and option_flag(v) is not None for v in values):
        return [bool(option_flag(v)) for v in values]
    # grades in percent (`100`, `50`, `0`, `-25`): right above zero, some wrong
    if all(v and option_flag(v, grades=True) is not None for v in values):
        flags = [bool(option_flag(v, grades=True)) for v in values]
        return flags if any(flags) and not all(flags) else None
    marks = {v.lower() for v in values if v}
    if marks and marks <= _MARKS_ONLY and len(marks) == 1 and "" in values:
        return [bool(v) for v in values]
    return None


def _order(values: list[str], groups: list[str]) -> list[int] | None:
    """The column's values as the options' places within each question (1, 2, 3 … or 0, 1, 2 …, each once,
    some question with three options at least, so that a 1/0 flag column is never taken for it)."""
    if not all(re.fullmatch(r"\d{1,2}", v) for v in values):
        return None
    places: dict[str, list[int]] = defaultdict(list)
    for group, value in zip(groups, values, strict=True):
        places[group].append(int(value))
    if not any(len(p) >= 3 for p in places.values()):
        return None
    for p in places.values():
        if sorted(p) not in (list(range(1, len(p) + 1)), list(range(len(p)))):
            return None
    return [int(v) for v in values]


@dataclass
class _Plan:
    ids: int  # the options sheet's column of question ids
    target: int  # the question sheet's column they name
    text: int
    flags: int | None
    order: int | None
    start: int  # the options sheet's first row of options (rows above are its header)


def _plan(options: Table, questions: Table) -> _Plan | None:
    rows = options.rows
    width = max((len(r.cells) for r in rows), default=0)
    best: tuple[int, int, int, int] | None = None
    for target, known in _id_columns(questions):
        for column in range(width):
            values = [_value(r, column) for r in rows]
            hits = [i for i, v in enumerate(values) if v in known]
            first = next((i for i, r in enumerate(rows) if any(c.strip() for c in r.cells)), None)
            if hits and hits[0] == first and values.count(values[first]) == 1:
                hits = hits[1:]  # both sheets' headers name the id column alike (`题目编号`)
            named = {values[i] for i in hits}
            below = [r for r in rows[hits[0] :] if any(c.strip() for c in r.cells)] if hits else []
            # several rows per question (two options a question at least, on the whole), and most rows
            # below the first naming one
            if len(named) < 2 or len(hits) < 2 * len(named) or 5 * len(hits) < 4 * len(below):
                continue
            if best is None or len(hits) > best[0]:
                best = (len(hits), column, target, hits[0])
    if best is None:
        return None
    _, ids, target, start = best
    body = [r for r in rows[start:] if any(c.strip() for c in r.cells)]
    groups = [_value(r, ids) for r in body]
    flags = order = None
    texts: list[tuple[int, int]] = []
    for column in range(width):
        if column == ids:
            continue
        values = [_value(r, column) for r in body]
        if order is None and _order(values, groups) is not None:
            order = column
        elif flags is None and _flags(values) is not None and any(_flags(values) or ()):
            flags = column
        elif all(values) and len(set(values)) > 1:
            texts.append((sum(len(v) for v in values), column))
    header = find_header(questions)
    keyed = header is not None and "key" in header.roles.values()
    if not texts or (flags is None and order is None and not keyed):
        return None  # neither flags, nor an order, nor keys on the question sheet: no telling it an options sheet
    return _Plan(ids, target, max(texts)[1], flags, order, start)


def join_option_sheet(options: Table, questions: Table) -> OptionSheet | None:
    """The question sheet with the options the options sheet gives each of its questions, or None when
    `options` is no options sheet of `questions`."""
    plan = _plan(options, questions)
    if plan is None:
        return None
    by_id: dict[str, list[tuple[int, str, bool]]] = defaultdict(list)
    orphans: list[int] = []
    known = dict(_id_columns(questions))[plan.target]
    body = [r for r in options.rows[plan.start :] if any(c.strip() for c in r.cells)]
    flags = _flags([_value(r, plan.flags) for r in body]) if plan.flags is not None else None
    for i, row in enumerate(body):
        qid = _value(row, plan.ids)
        text = row.cells[plan.text].strip() if plan.text < len(row.cells) else ""
        if qid not in known or not text:
            orphans.append(row.line)
            continue
        place = int(_value(row, plan.order)) if plan.order is not None else len(by_id[qid])
        by_id[qid].append((place, text, bool(flags[i]) if flags else False))
    if len(by_id) < 2:
        return None
    most = min(max(len(v) for v in by_id.values()), len(LETTERS))
    header = find_header(questions)
    key_column = next((c for c, role in header.roles.items() if role == "key"), None) if header else None
    first = next(i for i, r in enumerate(questions.rows) if _value(r, plan.target) in by_id)
    head = header.index if header is not None and header.index < first else first - 1
    width = max(len(r.cells) for r in questions.rows)
    append_key = flags is not None and key_column is None
    rows: list[Row] = []
    for index, row in enumerate(questions.rows):
        cells = [*row.cells, *[""] * (width - len(row.cells))]
        listed = sorted(by_id.get(_value(row, plan.target), []))[: len(LETTERS)]
        if index == head:
            cells += [f"Option {n}" for n in range(1, most + 1)] + (["Answer"] if append_key else [])
        elif index > head:
            key = "".join(LETTERS[n] for n, (_, _, right) in enumerate(listed) if right) if flags else ""
            cells += [text for _, text, _ in listed] + [""] * (most - len(listed))
            if append_key:
                cells.append(key)
            elif key and key_column is not None and not cells[key_column].strip():
                cells[key_column] = key
        rows.append(Row(row.line, cells, row.marked))
    joined = Table(rows, name=questions.name, kind_codes=questions.kind_codes, sheet_keys=questions.sheet_keys)
    return OptionSheet(joined, len(by_id), orphans, flags is not None)
