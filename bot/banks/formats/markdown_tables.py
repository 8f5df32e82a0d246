"""Question tables written in Markdown: a pipe table whose header names the columns as a question sheet does.

    | 序号 | 题干 | A | B | C | D | 答案 | 解析 |
    |---|---|---|---|---|---|---|---|
    | 1 | …… | 甲 | 乙 | 丙 | 丁 | B | …… |

Such a table is one question per row, read by the table reader (`bot.banks.sheets.table`) like a sheet;
its lines are blanked in the text handed to the text reader, so that every other line keeps its number and
a row's line is its line in the file. A table of keys by number labelled in the document's own words
(`| Questão | Resposta |` over `| 1 | b) |`, a row of numbers over a row of keys) becomes the key lines it
stands for (`bot.banks.formats.key_tables`), and a question's options set in a table, the right one marked
in a column of its own (`| * | c. | text |`), the option lines (`bot.banks.formats.option_tables`); any
other table (keys under `题号 | 答案`, a table inside a question) stays text for the text reader.
"""

from __future__ import annotations

import re

from bot.banks.formats.key_tables import key_block
from bot.banks.formats.option_tables import option_lines
from bot.banks.sheets.content import plan_columns
from bot.banks.sheets.table import Row, Table, find_header, numbers_only

__all__ = ["question_tables"]

# "|---|---|", and "|:-|:-|" (one dash a column is enough)
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?\s*$")
_PIPE = re.compile(r"(?<!\\)\|")
_BREAK = re.compile(r"<br\s*/?>", re.I)
_ESCAPED = re.compile(r"\\([_*\[\]()#>`~\\-])")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")


def _cells(line: str) -> list[str]:
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [_cell(c) for c in _PIPE.split(text)]


def _cell(text: str) -> str:
    text = _BREAK.sub("\n", text.strip()).replace("\\|", "|")
    text = _BOLD.sub(lambda m: m.group(1) or m.group(2), text)
    return _ESCAPED.sub(r"\1", text).strip()  # Markdown escapes: "\_\_\_" is a blank


def question_tables(text: str) -> tuple[str, list[Table]]:
    """The text with its question tables blanked, and those tables (rows numbered by their lines)."""
    if "|" not in text or "-" not in text:
        return text, []
    lines = text.split("\n")
    tables: list[Table] = []
    i = 1
    while i < len(lines):
        if not _SEPARATOR.match(lines[i]) or "|" not in lines[i - 1]:
            i += 1
            continue
        head = i - 1
        end = i + 1
        while end < len(lines) and "|" in lines[end] and lines[end].strip():
            end += 1
        rows = [Row(head + 1, _cells(lines[head]))]
        rows += [Row(n + 1, _cells(lines[n])) for n in range(i + 1, end)]
        header = find_header(Table(rows[:1]))
        if (header is not None and not numbers_only(rows[1:], header.roles)) or (
            header is None and len(rows) >= 3 and not _numbers_row(rows) and _choice_plan(Table(rows))
        ):
            tables.append(Table(rows))
            for n in range(head, end):
                lines[n] = ""
        elif (options := option_lines([row.cells for row in rows])) is not None:
            # a question's options in a table, the right one marked in a column: the option lines
            lines[head:end] = [options[0], "", *options[1:]]
        elif (block := key_block([row.cells for row in rows])) is not None:
            # keys by number under a header of any words: the key lines, the separator's line left blank
            lines[head:end] = [block[0], "", *block[1:]]
        i = end
    return "\n".join(lines), tables


def _numbers_row(rows: list[Row]) -> bool:
    """A row of question numbers (`| № | 1 | 2 | 3 |`): a grid of keys, never a table of questions."""
    for row in rows:
        rest = [c.strip() for c in row.cells[1:] if c.strip()]
        if len(rest) >= 2 and all(re.fullmatch(r"\d{1,4}", c) for c in rest):
            return True
    return False


def _choice_plan(table: Table) -> bool:
    """Columns that hold choice questions by their content (a stem, option columns, a key naming one): a table
    inside a text is read as questions only so; a table of verdicts or notes is part of an answer's text."""
    planned = plan_columns(table)
    return planned is not None and bool(planned[0].options or planned[0].options_cell is not None)
