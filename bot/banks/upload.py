"""A document sent to the bot, as a bank: what is accepted, the bank id it gets, the import itself.

Pure apart from a temporary file (the format readers read from a path); run `import_upload` in a thread.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePath

from bot.banks.formats import FORMATS, extract
from bot.banks.importer import ImportResult, import_document
from bot.banks.limits import UPLOAD_LIMITS, DocumentLimits
from bot.banks.review import numbered_lines
from bot.banks.sources import default_bank_id

__all__ = [
    "ALLOWED_SUFFIXES",
    "MAX_UPLOAD_BYTES",
    "Refusal",
    "bank_id_for",
    "check_upload",
    "import_upload",
    "safe_name",
]

MAX_UPLOAD_BYTES = 2 * 1024 * 1024
ALLOWED_SUFFIXES = FORMATS
_SAVE_AS = {".doc": ".docx", ".wps": ".docx", ".xls": ".xlsx", ".et": ".xlsx"}
_BANK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


@dataclass(frozen=True)
class Refusal:
    """Why a document is not imported; zh and en."""

    zh: str
    en: str

    def message(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


MAX_NAME_BYTES = 255  # what a file system takes, and plenty to name a file in a message


def safe_name(file_name: str | None) -> str:
    """The name to show: any name a client sends, without folders or control characters, at most 255
    bytes (the end cut, the suffix kept)."""
    name = PurePath((file_name or "").replace("\\", "/")).name
    name = "".join(ch for ch in name if ch.isprintable()).strip()
    if len(name.encode()) > MAX_NAME_BYTES:
        suffix = PurePath(name).suffix[:16]
        stem = name[: len(name) - len(suffix)]
        while len((stem + "…" + suffix).encode()) > MAX_NAME_BYTES:
            stem = stem[:-1]
        name = stem + "…" + suffix
    return name or "document"


def check_upload(file_name: str | None, size: int | None) -> Refusal | None:
    """None when the document may be imported; else the reason (type first, then size)."""
    name = safe_name(file_name)
    suffix = PurePath(name).suffix.lower()
    allowed = "、".join(ALLOWED_SUFFIXES)
    if suffix in _SAVE_AS:
        modern = _SAVE_AS[suffix]
        return Refusal(
            f"无法导入 {name}：旧格式 {suffix} 无法读取，请另存为 {modern} 后再发送。",
            f"Cannot import {name}: the old {suffix} format cannot be read; save it as {modern} and send that.",
        )
    if suffix not in ALLOWED_SUFFIXES:
        shown = suffix or "无扩展名"
        return Refusal(
            f"无法导入 {name}：只接受 {allowed} 文件（收到的是 {shown}）。",
            f"Cannot import {name}: only {', '.join(ALLOWED_SUFFIXES)} files are accepted "
            f"(this is {suffix or 'a file without an extension'}).",
        )
    if size is not None and size > MAX_UPLOAD_BYTES:
        mb = size / (1024 * 1024)
        return Refusal(
            f"无法导入 {name}：文件有 {mb:.1f} MB，上限是 2 MB。请拆分后分别发送。",
            f"Cannot import {name}: the file is {mb:.1f} MB, the limit is 2 MB. Split it and send the parts.",
        )
    return None


def bank_id_for(file_name: str | None, caption: str | None = None) -> str:
    """The caption when it is a bank id (lower-case letters, digits, '-', '_'), else one from the file name;
    Chinese names become pinyin ('法律 题库.docx' -> 'fa-lv-ti-ku')."""
    wanted = (caption or "").strip()
    if _BANK_ID.fullmatch(wanted):
        return wanted
    stem = PurePath(safe_name(file_name)).stem
    if not stem.isascii():
        from pypinyin import lazy_pinyin  # only for a Chinese file name: not loaded at start-up

        stem = "-".join(lazy_pinyin(stem))
    # default_bank_id reads the stem of a file name; an id is at most 64 characters, like a caption's
    return default_bank_id(Path(stem + ".txt"))[:64].strip("-") or "bank"


def import_upload(
    data: bytes, file_name: str | None, bank_id: str, limits: DocumentLimits = UPLOAD_LIMITS
) -> ImportResult:
    """Import the document's bytes as bank `bank_id`; DocumentError (file and line) when malformed,
    DocumentTooLarge when over `limits`. The bot runs it in a separate process (bot/banks/sandbox.py)."""
    name = safe_name(file_name)
    with tempfile.TemporaryDirectory(prefix="studybot-upload-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        doc = extract(path, limits)
        result = import_document(doc, source=name, bank_id=bank_id)  # errors name `name`, the file the admin sent
        result.lines = numbered_lines(doc)  # what the teacher's desk shows beside each question
        return result
