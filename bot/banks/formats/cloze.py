"""Cloze notes (Anki's `{{c1::answer}}`, `{{c2::answer::hint}}`), one note a line, read as fill-in questions.

A flash-card app exports its notes as text: `#separator:tab`, `#html:true`, `#tags column:5` lines first,
then one note a line, its fields split by the separator. A note's text with cloze deletions is a fill-in
question: each deletion becomes a blank (its hint, if any, beside it), its text that blank's answer, in order;
the field after the text (the note's Extra) is the explanation, the tags column its tags. A document is read
this way only when most of its note lines hold a deletion (two at least): a deletion in a page of prose
stays text.
"""

from __future__ import annotations

import csv
import html
import re

from bot.banks.sheets.table import Row, Table

__all__ = ["cloze_table"]

_CLOZE = re.compile(r"\{\{c\d+::(?P<answer>.*?)(?:::(?P<hint>.*?))?\}\}", re.S)
_DIRECTIVE = re.compile(r"^#(?P<name>[a-z ]+):(?P<value>.*)$", re.I)
_SEPARATORS = {"tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":"}
_BREAK = re.compile(r"<br\s*/?>|</div>|</p>", re.I)
_TAG = re.compile(r"<[^>]+>")
_HEADER = ["Question", "Type", "Answer", "Explanation", "Tags"]
_BLANK = "____"


def _plain(field: str, markup: bool) -> str:
    if markup:
        field = html.unescape(_TAG.sub("", _BREAK.sub(" ", field)))
    return re.sub(r"\s+", " ", field).strip()


def _question(text: str) -> tuple[str, list[str]]:
    answers: list[str] = []

    def blank(m: re.Match[str]) -> str:
        answers.append(m.group("answer").strip())
        return f"{_BLANK}（{m.group('hint').strip()}）" if m.group("hint") else _BLANK

    return _CLOZE.sub(blank, text), answers


def cloze_table(text: str) -> Table | None:
    """The document's cloze notes as a question sheet (`Question | Type | Answer | Explanation | Tags`), or
    None when it is no export of cloze notes."""
    if "{{c" not in text:
        return None
    settings: dict[str, str] = {}
    notes: list[tuple[int, str]] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip():
            continue
        if (m := _DIRECTIVE.match(line.strip())) is not None and not notes:
            settings[m.group("name").strip().lower()] = m.group("value").strip().lower()
            continue
        notes.append((number, line))
    clozed = [(n, line) for n, line in notes if _CLOZE.search(line)]
    if len(clozed) < 2 or 5 * len(clozed) < 4 * len(notes):
        return None
    separator = _SEPARATORS.get(settings.get("separator", ""), "\t")
    markup = settings.get("html", "true" if re.search(r"<(?:br|div|b|i|span)\b", text, re.I) else "") == "true"
    special = {
        int(value) - 1
        for name, value in settings.items()
        if name.endswith(" column") and value.isdecimal() and name != "tags column"
    }
    tags_at = int(settings["tags column"]) - 1 if settings.get("tags column", "").isdecimal() else None
    rows = [Row(1, list(_HEADER))]
    for number, line in clozed:
        fields = next(csv.reader([line], delimiter=separator)) if separator in line else [line]
        at = next(i for i, f in enumerate(fields) if _CLOZE.search(f))
        stem, answers = _question(_plain(fields[at], markup))
        extra = fields[at + 1] if at + 1 < len(fields) and at + 1 not in special and at + 1 != tags_at else ""
        tags = fields[tags_at] if tags_at is not None and tags_at < len(fields) else ""
        rows.append(Row(number, [stem, "fill", "|".join(answers), _plain(extra, markup), tags.strip()]))
    return Table(rows, name=None)
