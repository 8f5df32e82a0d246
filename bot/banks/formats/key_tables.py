"""Tables of keys by question number, written as the key lines a person reads in them.

    | Questão | Resposta |            答案：
    | 1       | b)       |     ->     1. b
    | 2       | (C)      |            2. C

    | Nº    | 01 | 02 | 03 |          答案：
    | Clave | B  | C  | A  |    ->     1. B  2. C  3. A

A table's own words (its header, the label cell before a row) name its columns in the document's language,
which no list of names covers; what tells a table of keys is its shape: a number beside a key on every row,
or a row of consecutive numbers over a row of keys. A key cell may be written as the option's label it names
(`b)`, `(C)`, `D.`): the letter alone is the key. One output line per table row, so every row keeps its line
number; the header row (or the row of numbers) becomes the `答案：` label that opens a key block. A table
labelled in words the readers know (`题号 | 答案`, `No. | Answer`) and a grid without labels are left as
written: the readers read them already, section by section.
"""

from __future__ import annotations

import re

from bot.banks.sheets.table import column_role

__all__ = ["bare_key", "key_block"]

_NUMBER = re.compile(r"^\s*(\d{1,4})\s*[.．、]?\s*$")
# a choice key or a verdict, bare or written as the option's label: "B", "ac", "b)", "(C)", "D.", "√", "对"
# (lower-case letters one at a time: "bad", "cafe" are words)
# (Cyrillic option letters too: `В` of `А) Б) В)`)
_KEY = re.compile(
    r"^\s*[(（]?\s*([A-H]{1,8}|[a-h]|[АБВГДЕЖ]{1,7}|[абвгдеж]|[√×✓✗✔✘]|对|错|正确|错误)\s*[)）]?\s*[.．、]?\s*$"
)
# a cell for a question given no key (annulled): no entry
_VOID = re.compile(r"^\s*(?:[#*＊—–\-/]{1,2})?\s*$")
_LABEL = "答案："


def bare_key(cell: str) -> str:
    """A key cell without the option label's marks around its letters (`b)` -> `b`); other cells as they are."""
    m = _KEY.match(cell)
    return m.group(1) if m else cell


# a key written as the right option's text in a table of keys (`| 1 | Ottawa |`): short, asking nothing
_TEXT_KEY = re.compile(r"^[^?？:：\n]{1,40}$")


def _entry(cells: list[str], texts: bool = False) -> tuple[int, str] | None:
    """A row `number | key` (an explanation cell may follow): its number and bare key; with `texts`, a key
    may be a short text (the option's own words)."""
    filled = [c.strip() for c in cells]
    if len(filled) < 2 or len(filled) > 3:
        return None
    number, key = _NUMBER.match(filled[0]), _KEY.match(filled[1])
    if number is None:
        return None
    if key is None:
        return (int(number.group(1)), filled[1]) if texts and _TEXT_KEY.match(filled[1]) else None
    return int(number.group(1)), key.group(1)


def _column(rows: list[list[str]], texts: bool = False) -> list[str] | None:
    """Rows of `number | key` under at most one header row of any words (with `texts`, keys written as the
    options' texts under a header row: `| Question | Réponse |` over `| 1 | Ottawa |`)."""
    start = 0 if _entry(rows[0]) is not None else 1
    texts = texts and start == 1  # only under a header: a list of numbered words is no table of keys
    if start and any(_NUMBER.match(c) for c in rows[0]):
        return None  # a first row holding numbers is no header: some other grid
    if start and _named(rows[0][0], rows[0][1] if len(rows[0]) > 1 else ""):
        return None
    out = [_LABEL] if start else []
    entries = 0
    for cells in rows[start:]:
        if not any(c.strip() for c in cells):
            out.append("")
            continue
        entry = _entry(cells, texts)
        if entry is None:
            return None
        note = cells[2].strip() if len(cells) > 2 else ""
        out.append(f"{entry[0]}. {entry[1]}" + (f" 解析：{note}" if note else ""))
        entries += 1
    return out if entries >= 2 else None


def _numbers(cells: list[str]) -> list[int] | None:
    """A row of consecutive question numbers, a label cell (of any words) before them allowed."""
    parts = [c.strip() for c in cells if c.strip()]
    if parts and not _NUMBER.match(parts[0]):
        parts = parts[1:]
    numbers = [int(m.group(1)) for p in parts if (m := _NUMBER.match(p))]
    if len(numbers) < 2 or len(numbers) != len(parts):
        return None
    return numbers if numbers == list(range(numbers[0], numbers[0] + len(numbers))) else None


def _keys(cells: list[str], count: int) -> list[str | None] | None:
    """A row of `count` keys (None for an annulled one), a label cell before them allowed."""
    parts = [c.strip() for c in cells]
    while parts and not parts[-1]:
        parts.pop()
    if len(parts) == count + 1 and not _KEY.match(parts[0]):
        parts = parts[1:]
    if len(parts) != count:
        return None
    keys: list[str | None] = []
    for p in parts:
        if m := _KEY.match(p):
            keys.append(m.group(1))
        elif _VOID.match(p):
            keys.append(None)
        else:
            return None
    return keys if any(keys) else None


def _grid(rows: list[list[str]]) -> list[str] | None:
    """Rows of numbers, each over its row of keys (empty rows between allowed)."""
    out: list[str] = []
    i = 0
    while i < len(rows):
        if not any(c.strip() for c in rows[i]):
            out.append("")
            i += 1
            continue
        numbers = _numbers(rows[i])
        keys = _keys(rows[i + 1], len(numbers)) if numbers and i + 1 < len(rows) else None
        if numbers is None or keys is None:
            return None
        label = next((c.strip() for c in rows[i] if c.strip()), "")
        if _NUMBER.match(label) or _named(label, rows[i + 1][0]):
            return None  # a grid without labels, or labelled in words the readers know: read as written
        out += [_LABEL, "  ".join(f"{n}. {k}" for n, k in zip(numbers, keys, strict=True) if k)]
        i += 2
    return out or None


def _named(number: str, key: str) -> bool:
    """Whether a table's labels name its number and key columns in words the readers know (`题号`, `答案`):
    such a table is left as it is written, which they read already."""
    return column_role(number) == "number" and column_role(key) == "key"


# a body cell of a table of parts' keys: "1. b", "2. ✗", "3. 風速計"
_PART_ENTRY = re.compile(r"^\s*(\d{1,3})\s*[.．、)）]\s*(\S[^;；\n]{0,30}?)\s*$")


def _part_columns(rows: list[list[str]]) -> list[str] | None:
    """A table of keys a column per part, the parts named in its header (`甲部 | 乙部 | 丙部` over
    `1. b | 1. ✓ | 1. 風速計`, a worksheet whose parts number their questions from 1 again): each part's keys
    as the labelled key line a person reads in its column (`甲部：1. b；2. c`), under the `答案：` label of the
    header's row, one per row (rows left over empty, or parts left over parted by line breaks on the last);
    None for any other table."""
    labels = [c.strip() for c in rows[0]]
    named = [i for i, label in enumerate(labels) if label]
    if len(named) < 2 or any(len(labels[i]) > 12 or _NUMBER.match(labels[i]) for i in named):
        return None
    columns: list[list[str]] = []
    for i in named:
        cells = [row[i].strip() if i < len(row) else "" for row in rows[1:]]
        entries = [m for c in cells if c and (m := _PART_ENTRY.match(c))]
        if not entries or len(entries) != sum(1 for c in cells if c):
            return None  # a cell that is no `number. key`: some other table
        numbers = [int(m.group(1)) for m in entries]
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            return None
        columns.append([f"{m.group(1)}. {m.group(2)}" for m in entries])
    lines = [_LABEL] + [f"{labels[i]}：{'；'.join(keys)}" for i, keys in zip(named, columns, strict=True)]
    if len(lines) > len(rows):  # more parts than rows: the last row's line breaks between the parts left
        lines[len(rows) - 1 :] = ["<br>".join(lines[len(rows) - 1 :])]
    return lines + [""] * (len(rows) - len(lines))


def key_block(rows: list[list[str]], *, texts: bool = False) -> list[str] | None:
    """The key lines a table of keys stands for, one per row; None for any other table. With `texts` (a
    Word file's table), keys may be the right options' texts, which the text reader matches to them."""
    if len(rows) < 2:
        return None
    block = _column(rows, texts) if _numbers(rows[0]) is None else _grid(rows)
    return block if block is not None else _part_columns(rows)
