"""The sources manifest (`banks.toml` beside the documents): which bank id and options each document gets."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from bot.banks.formats import Extracted, extract
from bot.banks.importer import import_document
from bot.banks.issues import DocumentError, Issue
from bot.banks.limits import LOCAL_LIMITS, DocumentLimits
from bot.banks.questions.draft import ImportResult
from bot.banks.sheets.table import Row
from bot.banks.yields import bounded

__all__ = [
    "MANIFEST",
    "Fix",
    "SourceOptions",
    "apply_fixes",
    "default_bank_id",
    "import_source",
    "options_for",
    "read_source",
    "read_source_document",
]

MANIFEST = "banks.toml"


@dataclass(frozen=True, slots=True)
class Fix:
    """A teacher's correction of text the document got wrong (e.g. damaged on a web page).

    Applied to the raw document before import, so re-importing stays reproducible; each fix names its
    line, and a fix that no longer matches its line is an error rather than a silent no-op.
    """

    line: int
    find: str
    replace: str


@dataclass(frozen=True, slots=True)
class SourceOptions:
    bank_id: str
    simplified: bool = False
    title: str | None = None
    fixes: tuple[Fix, ...] = ()


def default_bank_id(path: Path) -> str:
    """A bank id from a file name: lower case, runs of other characters become '-'."""
    slug = re.sub(r"[^0-9a-z]+", "-", path.stem.lower()).strip("-")
    return slug or "bank"


def options_for(path: Path) -> SourceOptions:
    """The manifest entry for a document, or defaults from its file name."""
    manifest = path.parent / MANIFEST
    entry = tomllib.loads(manifest.read_text(encoding="utf-8")).get(path.name) if manifest.is_file() else None
    if not isinstance(entry, dict):
        return SourceOptions(default_bank_id(path))
    return SourceOptions(
        bank_id=str(entry.get("id") or default_bank_id(path)),
        simplified=bool(entry.get("simplified", False)),
        title=entry.get("title"),
        fixes=tuple(Fix(int(f["line"]), str(f["find"]), str(f["replace"])) for f in entry.get("fixes", [])),
    )


def apply_fixes(text: str, fixes: tuple[Fix, ...], source: str) -> str:
    """The document with each fix applied on its line; DocumentError names a fix that does not match."""
    lines = text.splitlines(keepends=True)
    for fix in fixes:
        if not (1 <= fix.line <= len(lines)) or fix.find not in lines[fix.line - 1]:
            issue = Issue(
                "error",
                fix.line,
                f"{MANIFEST} 中的更正“{fix.find}”与此行不符",
                f"the correction {fix.find!r} in {MANIFEST} does not match this line",
            )
            raise DocumentError(source, fix.line, issue.zh, issue.en, [issue])
        lines[fix.line - 1] = lines[fix.line - 1].replace(fix.find, fix.replace)
    return "".join(lines)


def _fix_rows(doc: Extracted, fix: Fix) -> bool:
    """A fix on a table's row (a sheet's row number): applied to the first cell holding its text."""
    for table in doc.tables:
        for i, row in enumerate(table.rows):
            if row.line == fix.line and any(fix.find in c for c in row.cells):
                k = next(k for k, c in enumerate(row.cells) if fix.find in c)
                cells = [*row.cells[:k], row.cells[k].replace(fix.find, fix.replace), *row.cells[k + 1 :]]
                table.rows[i] = Row(row.line, cells)
                return True
    return False


def read_source_document(path: Path, options: SourceOptions, limits: DocumentLimits = LOCAL_LIMITS) -> Extracted:
    """A source document as the importer should read it, with the manifest's fixes applied (a fix names
    a line of the text, or a row of a sheet or table)."""
    doc = extract(path, limits)
    text_fixes = tuple(f for f in options.fixes if not _fix_rows(doc, f))
    doc.text = apply_fixes(doc.text, text_fixes, path.name)
    return doc


def import_source(
    path: Path, options: SourceOptions, bank_id: str, simplified: bool, limits: DocumentLimits = LOCAL_LIMITS
) -> ImportResult:
    """`studybot import` of one file: read with the manifest's fixes, imported, bounded by `limits` (what
    bot/banks/sandbox.py runs in a capped process)."""
    document = read_source_document(path, options, limits)
    result = import_document(
        document, source=path.name, bank_id=bank_id, title=options.title, simplified=simplified or options.simplified
    )
    return bounded(result, limits, path.name)


def read_source(path: Path, options: SourceOptions) -> str:
    """A source document's text as the importer should read it: decoded, with the manifest's fixes applied."""
    return read_source_document(path, options).text
