"""How much of a document the importer will read: compressed size, expanded size, parts, paragraphs, time.

A .docx (and an .xlsx) is a zip of XML parts. Zip compresses a run of repeated bytes about a
thousandfold, so a 1 MB upload can expand to gigabytes ("zip bomb"): read as it is, it exhausts memory
and stalls the bot. Every reader of a document calls these before and while it reads:

- `check_zip(source, limits, name)` before opening a zip-based document: its size, its number of parts,
  the expanded size its directory declares, then the real expanded size, by streaming every part through
  an `ExpansionGuard` (a directory can lie; nothing is kept in memory);
- `ExpansionGuard` for bytes a reader expands itself (a PDF's compressed streams, say): `add(n)` raises
  once the total passes `max_expanded`;
- `check_paragraphs(count, limits, name)` once the text is read;
- `TextBudget` for the text a document yields, counted as it is expanded: a sheet's shared strings (ten
  cells pointing at one 11.5-million-character string are 115 million characters of text, from a 40 KB
  file), a PDF's forms drawn on every page; `add(n)` raises past `max_text`;
- `Deadline(limits.max_seconds)`; `.check(name)` in a reader's loops.

What an import yields is bounded too: no field over MAX_FIELD_CHARS (the question is left out with its
line and why: bot/banks/questions/lengths.py), at most `max_questions`, report lines clipped
(bot/banks/yields.py), and a result of at most `max_result` bytes as it is sent back to the bot, which
never holds more (bot/banks/sandbox.py).

A document over a limit raises `DocumentTooLarge` (a DocumentError: the admin is told which limit, in zh
and en). Reading itself runs in a separate process with a memory ceiling (bot/banks/sandbox.py), so what
these checks miss cannot take the bot down either.
"""

from __future__ import annotations

import time
import zipfile
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from bot.banks.issues import DocumentError

__all__ = [
    "LOCAL_LIMITS",
    "MAX_FIELD_CHARS",
    "UPLOAD_LIMITS",
    "Deadline",
    "DocumentLimits",
    "DocumentTooLarge",
    "ExpansionGuard",
    "TextBudget",
    "check_paragraphs",
    "check_size",
    "check_zip",
]

MB = 1024 * 1024
_CHUNK = 64 * 1024


@dataclass(frozen=True, slots=True)
class DocumentLimits:
    max_bytes: int  # the file as sent (compressed)
    max_expanded: int  # everything in it, expanded
    max_parts: int  # files inside a zip-based document
    max_paragraphs: int  # lines of text read out of it
    max_seconds: float  # reading and importing it
    max_memory_mb: int  # the reading process's address space (bot/banks/sandbox.py)
    max_text: int = 5_000_000  # characters of text it yields, shared strings and the like expanded
    max_questions: int = 5_000  # questions in the bank it makes
    max_result: int = 16 * MB  # the import's result as sent back from the reading process


# A question's prompt, an option, an explanation, a reference answer or a key longer than this is no
# question a learner can take in a chat (4,096 characters a message): left out with its line and why.
MAX_FIELD_CHARS = 3_000

# An admin's upload to the bot (Telegram documents are already capped at 2 MB by bot/banks/upload.py).
UPLOAD_LIMITS = DocumentLimits(
    max_bytes=2 * MB, max_expanded=40 * MB, max_parts=1000, max_paragraphs=50_000, max_seconds=30.0, max_memory_mb=1024
)
# `studybot import --no-limits` on the teacher's own machine: bigger documents, the same guards against
# bombs, no memory ceiling (it reads in its own process).
LOCAL_LIMITS = DocumentLimits(
    max_bytes=50 * MB,
    max_expanded=400 * MB,
    max_parts=20_000,
    max_paragraphs=500_000,
    max_seconds=600.0,
    max_memory_mb=4096,
    max_text=100_000_000,
    max_questions=200_000,
    max_result=1024 * MB,
)


class DocumentTooLarge(DocumentError):
    """A document over one of the limits (line 0: the whole document)."""

    @classmethod
    def because(cls, source: str, zh: str, en: str) -> DocumentTooLarge:
        return cls(source, 0, zh, en)


def _mb(n: int) -> str:
    return f"{n / MB:.1f} MB"


def check_size(size: int, limits: DocumentLimits, source: str) -> None:
    if size > limits.max_bytes:
        raise DocumentTooLarge.because(
            source,
            f"文件有 {_mb(size)}，超过上限 {_mb(limits.max_bytes)}",
            f"the file is {_mb(size)}, over the limit of {_mb(limits.max_bytes)}",
        )


class _Tally:
    """A running total of what a document expands to, read as it is counted; raises past its limit."""

    def __init__(self, limits: DocumentLimits, source: str) -> None:
        self.limits = limits
        self.source = source
        self.total = 0

    def _over(self) -> DocumentTooLarge | None:
        raise NotImplementedError

    def add(self, n: int) -> None:
        self.total += n
        if (refusal := self._over()) is not None:
            raise refusal


class ExpansionGuard(_Tally):
    """Counts the bytes a document expands to as they are read; raises past `max_expanded`."""

    def _over(self) -> DocumentTooLarge | None:
        if self.total > self.limits.max_expanded:
            return _expands(self.source, self.total, self.limits, " or more")
        return None


def _expands(source: str, size: int, limits: DocumentLimits, more: str = "") -> DocumentTooLarge:
    return DocumentTooLarge.because(
        source,
        f"文件解压后有 {_mb(size)}{'以上' if more else ''}，超过上限 {_mb(limits.max_expanded)}"
        "（可能是压缩炸弹，或是图片太多：请只保留文字后再试）",
        f"the file expands to {_mb(size)}{more}, over the limit of {_mb(limits.max_expanded)} (a zip bomb, "
        "or many pictures: keep the text only and send it again)",
    )


def check_zip(source: Path | bytes, limits: DocumentLimits, name: str) -> None:
    """Refuse a zip-based document over the limits, before a reader opens it; a file that is no zip at all
    is left to the reader (which says it is not a valid document)."""
    size = len(source) if isinstance(source, bytes) else Path(source).stat().st_size
    check_size(size, limits, name)
    try:
        archive = zipfile.ZipFile(BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, OSError):
        return
    deadline = Deadline(limits.max_seconds)
    with archive:
        parts = archive.infolist()
        if len(parts) > limits.max_parts:
            raise DocumentTooLarge.because(
                name,
                f"文件里有 {len(parts)} 个部分，超过上限 {limits.max_parts}",
                f"the file holds {len(parts)} parts, over the limit of {limits.max_parts}",
            )
        declared = sum(p.file_size for p in parts)
        if declared > limits.max_expanded:
            raise _expands(name, declared, limits)
        guard = ExpansionGuard(limits, name)
        for part in parts:  # the directory can lie: expand every part, keeping nothing
            try:
                with archive.open(part) as stream:
                    while chunk := stream.read(_CHUNK):
                        guard.add(len(chunk))
                        deadline.check(name)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
                return  # broken or encrypted: the reader says so in its own words


def check_paragraphs(count: int, limits: DocumentLimits, source: str) -> None:
    if count > limits.max_paragraphs:
        raise DocumentTooLarge.because(
            source,
            f"文件有 {count} 段，超过上限 {limits.max_paragraphs}；请拆分后分别导入",
            f"the file has {count} paragraphs, over the limit of {limits.max_paragraphs}; split it and import "
            "the parts",
        )


class TextBudget(_Tally):
    """Counts the characters of text a document yields as a reader expands them; raises past `max_text`."""

    def cover(self, n: int) -> None:
        """The document yields at least `n` characters in all (counted once it is read)."""
        self.add(max(0, n - self.total))

    def _over(self) -> DocumentTooLarge | None:
        if self.total <= self.limits.max_text:
            return None
        return DocumentTooLarge.because(
            self.source,
            f"文件展开后的文字超过 {self.limits.max_text:,} 个字符（共享字符串、公式、实体展开之后）；请拆分后分别导入",
            f"its text, once shared strings, formulas and entities are expanded, is over "
            f"{self.limits.max_text:,} characters; split it and import the parts",
        )


class Deadline:
    """`check()` raises once `seconds` have passed since it was made."""

    def __init__(self, seconds: float, clock: object = time.monotonic) -> None:
        self._clock = clock
        self.seconds = seconds
        self.until = self._now() + seconds

    def _now(self) -> float:
        return float(self._clock())  # type: ignore[operator]

    def check(self, source: str) -> None:
        if self._now() > self.until:
            raise DocumentTooLarge.because(
                source,
                f"读取超过 {self.seconds:.0f} 秒，已停止；请拆分后分别导入",
                f"reading took longer than {self.seconds:.0f} s and was stopped; split the file and import the parts",
            )
