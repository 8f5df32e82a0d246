"""A question's options set in a table, the right one marked in a column of its own, as the option lines
a person reads in it:

    |   |    |                 |              a. the site office
    |---|----|-----------------|     ->       b. the crane
    |   | a. | the site office |              c. the foundations ✅
    |   | b. | the crane       |
    | * | c. | the foundations |

Each row is an option: a cell with its letter (`a.`, `B)`, `(C)`), a cell with its text, and maybe a cell
holding only a mark (`*`, `✓`, `√`, `★`) on the right row(s), empty on the others. The letters run A, B, C …
from the first row. A marked option is written with the tick the text reader takes for the key (`✅`). One
line per table row, so every row keeps its line number; the header row becomes an empty line.
"""

from __future__ import annotations

import re

__all__ = ["option_lines"]

_LETTER = re.compile(r"^\s*[(（]?\s*([A-Ha-h])\s*[.．、)）:：]?\s*$")
_MARK = re.compile(r"^\s*(?:\*|＊|✓|✔|√|★|☑|✅|●)\s*$")


def _option(cells: list[str]) -> tuple[str, str, bool] | None:
    """A row `[mark] | letter | text` (in any order of its columns): the letter, the text, whether marked."""
    filled = [c.strip() for c in cells if c.strip()]
    letters = [c for c in filled if _LETTER.match(c)]
    marks = [c for c in filled if _MARK.match(c)]
    texts = [c for c in filled if not _LETTER.match(c) and not _MARK.match(c)]
    if len(letters) != 1 or len(texts) != 1 or len(marks) > 1:
        return None
    letter = _LETTER.match(letters[0])
    assert letter is not None
    return letter.group(1).upper(), texts[0], bool(marks)


def option_lines(rows: list[list[str]]) -> list[str] | None:
    """The option lines a table of lettered options stands for, one per row (its header row, of any words or
    none, an empty line); None for any other table."""
    out: list[str] = []
    letters: list[str] = []
    for i, cells in enumerate(rows):
        option = _option(cells)
        if option is None:
            if i == 0 or not any(c.strip() for c in cells):
                out.append("")  # the header row, or an empty row
                continue
            return None
        letter, text, marked = option
        letters.append(letter)
        out.append(f"{letter}. {text}" + (" ✅" if marked else ""))
    if len(letters) < 2 or letters != [chr(ord("A") + k) for k in range(len(letters))]:
        return None
    return out
