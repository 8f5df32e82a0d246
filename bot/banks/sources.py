"""The sources manifest (`banks.toml` beside the documents): which bank id and options each document gets."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MANIFEST", "SourceOptions", "default_bank_id", "options_for"]

MANIFEST = "banks.toml"


@dataclass(frozen=True, slots=True)
class SourceOptions:
    bank_id: str
    simplified: bool = False
    title: str | None = None


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
    )
