"""Questions one to a line, their fields parted by a delimiter the whole document uses:

    1|||The Earth orbits the Sun.|||T
    2|||Which planet is largest?|||Mars|||Jupiter|||Venus|||B
    3;;Das Wasser kocht bei ____ Grad.;;100

The first field may be the question's number; the last is its key; fields between the question and the
key are its options, lettered A, B, C in order. Such a file is read by its rows only when nearly every line
is one, each with at least a question and a key.
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import LETTERS
from bot.banks.formats.lines import Line
from bot.banks.questions.draft import Draft

__all__ = ["delimited_drafts"]

_DELIMITERS = ("|||", "||", ";;", "\t", "|", ";")
_NUMBER = re.compile(r"^\s*(?:Q\s*)?(\d{1,4})\s*[.．、:)）]?\s*$", re.I)


def delimited_drafts(lines: list[Line]) -> list[Draft] | None:
    """A draft per row when the document is rows of delimited fields; None when it is anything else."""
    texts = [(line.number, line.text) for line in lines if line.text.strip()]
    if len(texts) < 2:
        return None
    for delimiter in _DELIMITERS:
        if sum(delimiter in t for _, t in texts) < 0.9 * len(texts):
            continue  # a cheap test first: most documents use none of them on most lines
        rows = [(n, [f.strip() for f in t.split(delimiter)]) for n, t in texts]
        fitting = [(n, fields) for n, fields in rows if len(fields) >= 2 and all(fields)]
        if len(fitting) < 0.9 * len(texts) or len(fitting) < 2:
            continue
        numbered = sum(bool(_NUMBER.match(fields[0])) for _, fields in fitting) >= 0.9 * len(fitting)
        drafts = [_draft(n, fields, numbered, i) for i, (n, fields) in enumerate(fitting, start=1)]
        if all(len(d.options) != 1 for d in drafts) and any(d.stem for d in drafts):
            return drafts
    return None


def _draft(line: int, fields: list[str], numbered: bool, position: int) -> Draft:
    number = int(_NUMBER.match(fields[0]).group(1)) if numbered else position  # type: ignore[union-attr]
    fields = fields[1:] if numbered else fields
    stem, *options, key = fields if len(fields) >= 2 else [*fields, ""]
    return Draft(
        number=number,
        line=line,
        stem=stem,
        options={LETTERS[i]: text for i, text in enumerate(options[: len(LETTERS)])},
        key=key or None,
        key_line=line,
        end_line=line,
    )
