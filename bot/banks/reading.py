"""Turn a document file into text: UTF-8 (with or without BOM), UTF-16 with BOM, GB18030, .docx, .md."""

from __future__ import annotations

import codecs
from pathlib import Path

from bot.banks.issues import DocumentError
from bot.banks.limits import LOCAL_LIMITS, Deadline, DocumentLimits, check_paragraphs, check_size, check_zip

__all__ = ["decode_bytes", "read_document"]


def decode_bytes(data: bytes, source: str) -> str:
    """Decode a text document; GB18030 is the fallback because teachers' files come from Chinese Windows."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8", source, len(codecs.BOM_UTF8))
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16", source, 0)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        utf8_error = exc
    try:
        return data.decode("gb18030")
    except UnicodeDecodeError as exc:
        # Neither fits: the encoding that read further is the likelier one, so name its failure.
        worst = max(utf8_error, exc, key=lambda e: e.start)
        raise _undecodable(data, worst, source, 0) from exc


def _undecodable(data: bytes, exc: UnicodeDecodeError, source: str, skipped: int) -> DocumentError:
    line = data.count(b"\n", 0, exc.start) + 1
    return DocumentError(
        source,
        line,
        f"无法解码（既不是 UTF-8 也不是 GB18030），第 {exc.start + skipped} 字节",
        f"cannot decode the text (neither UTF-8 nor GB18030) at byte {exc.start + skipped}",
    )


def _decode(data: bytes, encoding: str, source: str, skipped: int) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _undecodable(data, exc, source, skipped) from exc


def read_document(path: str | Path, limits: DocumentLimits = LOCAL_LIMITS) -> str:
    """The text of a document; .docx paragraphs (and table cells) become lines. DocumentTooLarge when the
    document is over `limits` (bot/banks/limits.py)."""
    path = Path(path)
    if path.suffix.lower() == ".docx":
        return _read_docx(path, limits)
    check_size(path.stat().st_size, limits, path.name)
    text = decode_bytes(path.read_bytes(), path.name)
    check_paragraphs(text.count("\n") + 1, limits, path.name)
    return text


def _read_docx(path: Path, limits: DocumentLimits) -> str:
    import docx  # python-docx; imported here so plain-text imports don't pay for it
    import docx.table

    check_zip(path, limits, path.name)  # before python-docx expands a byte of it
    deadline = Deadline(limits.max_seconds)

    try:
        document = docx.Document(str(path))
    except Exception as exc:  # python-docx raises several unrelated types for a broken file
        raise DocumentError(path.name, 0, f"不是有效的 .docx 文件：{exc}", f"not a valid .docx file: {exc}") from exc
    lines: list[str] = []
    for block in document.iter_inner_content():  # paragraphs and tables in document order
        if isinstance(block, docx.table.Table):
            lines.extend(cell.text for row in block.rows for cell in row.cells)
        else:
            lines.append(block.text)
        check_paragraphs(len(lines), limits, path.name)
        deadline.check(path.name)
    return "\n".join(lines)
