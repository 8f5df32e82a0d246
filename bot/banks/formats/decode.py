"""A text document's bytes as text: UTF-8 (with or without BOM), UTF-16 with BOM, GB18030."""

from __future__ import annotations

import codecs

from bot.banks.issues import DocumentError

__all__ = ["decode_bytes"]


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
