"""The importer: an exam document's text -> a bank, with what was left out and why, line by line.

    lines (markup, pinyin, script, widths) -> recognise conventions -> read drafts -> check drafts

`import_text` is pure: the same text and options always give the same bank and report. One question
that cannot be read costs only itself: it is left out and reported with its line and the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.banks.build import finish, question_id
from bot.banks.draft import ImportResult
from bot.banks.issues import Issue
from bot.banks.reader import read_text
from bot.banks.reading import read_document

__all__ = ["ImportResult", "import_file", "import_text", "question_id"]

_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
_DAMAGE = re.compile(rf"[\u4e00-\u9fff]\?|\?[a-z{_TONED}]+\)")


def _damage(text: str) -> list[Issue]:
    """A '?' among Chinese characters: text damaged on the web page it was copied from."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [
        Issue(
            "warning",
            number,
            "“?”夹在汉字中间，像是网页复制时损坏的文字，请对照原文",
            "a '?' among Chinese characters looks like text damaged on the web page; check the original",
        )
        for number, line in enumerate(lines, start=1)
        if _DAMAGE.search(line)
    ]


def import_text(
    text: str, *, source: str, bank_id: str, title: str | None = None, simplified: bool = False
) -> ImportResult:
    """Import one exam document. Raises DocumentError (file and line) only when nothing could be read."""
    reading = read_text(text, simplified=simplified)
    return finish(
        reading.drafts,
        reading.sections,
        source=source,
        bank_id=bank_id,
        title=title or reading.title or Path(source).stem,
        warnings=reading.issues + _damage(text),
        conventions=reading.conventions,
        keys_at_end=reading.keys_at_end,
    )


def import_file(path: str | Path, *, bank_id: str, title: str | None = None, simplified: bool = False) -> ImportResult:
    path = Path(path)
    return import_text(read_document(path), source=path.name, bank_id=bank_id, title=title, simplified=simplified)
