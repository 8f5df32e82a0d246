"""A sheet layout read under a header that names no options.

Options inside the stem cell after a separator (`题干&甲&乙&丙`, a trailing `&` allowed), keyed by the right
options' texts joined by the same separator (`甲&丙`): the options become columns of their own and the key
their letters, where every row that uses the separator fits so.

(Kinds coded as bare numbers with no legend are read by `coded_kinds` in `bot/banks/sheets/table.py`.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.banks.sheets.table import LETTERS, Header, Row, Table

__all__ = ["options_from_stems"]

# Separators an export puts between a stem and its options; never a comma or a space, which stems write.
_SEPARATORS = ("&", "＆", "#", "^", "~", "|", "｜")


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


def _split(stem: str, key: str, sep: str) -> tuple[str, list[str], str] | None:
    """The stem, its options and the key's letters of one row using `sep`; None where they do not fit
    (an empty option inside the run, fewer than two options, a key naming no option or one twice over)."""
    parts = [p.strip() for p in stem.split(sep)]
    while parts and not parts[-1]:
        parts.pop()  # a trailing separator closes the run
    if len(parts) < 3 or not all(parts):
        return None
    options = parts[1:]
    if len(options) > len(LETTERS) or len({_norm(o) for o in options}) != len(options):
        return None  # two options alike: a key naming that text would be ambiguous
    letter_of = {_norm(o): LETTERS[i] for i, o in enumerate(options)}
    named = [_norm(p) for p in key.split(sep) if p.strip()]
    if not named or not all(n in letter_of for n in named) or len(set(named)) != len(named):
        return None
    return parts[0], options, "".join(sorted(letter_of[n] for n in named))


def options_from_stems(table: Table, header: Header) -> tuple[Table, Header] | None:
    """The table with the options its stem cells carry after a separator moved into option columns and its
    keys of option texts turned into letters; None when no separator fits every row that uses it (two rows
    at least), or when the header names options already."""
    names = header.names
    if "stem" not in names or "key" not in names or any(r == "options" or r.startswith("option:") for r in names):
        return None
    stem_col = next(c for c, r in header.roles.items() if r == "stem")
    key_col = next(c for c, r in header.roles.items() if r == "key")
    body = table.rows[header.index + 1 :]

    def at(row: Row, column: int) -> str:
        return row.cells[column] if column < len(row.cells) else ""

    for sep in _SEPARATORS:
        using = [r for r in body if sep in at(r, stem_col)]
        if len(using) < 2:
            continue
        split = {r.line: _split(at(r, stem_col), at(r, key_col), sep) for r in using}
        if any(s is None for s in split.values()):
            continue  # one row reads otherwise: the separator may be the stems' own text
        width = max(len(header.roles), *(len(r.cells) for r in table.rows))
        most = max(len(s[1]) for s in split.values() if s)
        rows = list(table.rows[: header.index + 1])
        for row in body:
            cells = [*row.cells, *[""] * (width - len(row.cells)), *[""] * most]
            if (s := split.get(row.line)) is not None:
                cells[stem_col], cells[key_col] = s[0], s[2]
                cells[width : width + len(s[1])] = s[1]
            rows.append(replace(row, cells=cells))
        roles = dict(header.roles)
        names = dict(header.names)
        for i in range(most):
            roles[width + i] = "option:" + LETTERS[i]
            names["option:" + LETTERS[i]] = LETTERS[i]
        return replace(table, rows=rows), replace(header, roles=roles, names=names)
    return None
