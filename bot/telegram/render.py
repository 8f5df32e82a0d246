"""HTML for Telegram: escaping, and splitting long messages without breaking tags or entities.

Telegram limits a message to 4096 characters after entity parsing. Lengths here are counted in UTF-16
code units, which is never less than the count in code points, so a chunk fits whichever way the
server counts.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

__all__ = ["MAX_CAPTION", "MAX_MESSAGE", "esc", "fits", "split_message", "visible_length"]

MAX_MESSAGE = 4096
MAX_CAPTION = 1024

# A tag or an entity: the tokens that are not one character each. `visible_length` replaces them by what
# they show and counts the rest as it is, the same tokens `_tokens` reads one at a time.
_MARKUP = r"<[^<>]*>|&(?:[a-zA-Z]+|#[0-9]+|#[xX][0-9a-fA-F]+);"
_MARKUP_RE = re.compile(_MARKUP)
_TOKEN_RE = re.compile(_MARKUP + r"|[\s\S]", re.S)
_TAG_NAME_RE = re.compile(r"</?\s*([a-zA-Z][a-zA-Z0-9-]*)")


def esc(value: object) -> str:
    """Text safe inside Telegram HTML (``<``, ``>`` and ``&`` escaped; quotes need no escaping there)."""
    return html.escape(str(value), quote=False)


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class _Token:
    raw: str
    width: int  # visible UTF-16 units: 0 for a tag
    tag: str | None = None  # tag name for tags
    closing: bool = False


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    for m in _TOKEN_RE.finditer(text):
        raw = m.group(0)
        if raw.startswith("<") and len(raw) > 1:
            name = _TAG_NAME_RE.match(raw)
            out.append(_Token(raw, 0, name.group(1).lower() if name else "", raw.startswith("</")))
        elif raw.startswith("&") and len(raw) > 1:
            out.append(_Token(raw, _units(html.unescape(raw))))
        else:
            out.append(_Token(raw, _units(raw)))
    return out


def _shown(match: re.Match[str]) -> str:
    raw = match.group(0)
    return "" if raw.startswith("<") else html.unescape(raw)


def visible_length(text: str) -> int:
    """Length of HTML ``text`` after entity parsing, in UTF-16 code units (the sum of `_tokens`' widths,
    counted in one pass: a verdict's length is checked for every answer)."""
    if "<" not in text and "&" not in text:
        return _units(text)
    return _units(_MARKUP_RE.sub(_shown, text))


def fits(text: str, limit: int = MAX_MESSAGE) -> bool:
    """Whether HTML ``text`` shows at most ``limit`` UTF-16 units. A character is at most two units and tags and
    entities only shorten what shows, so a raw length within half the limit fits without being parsed."""
    return len(text) <= limit // 2 or visible_length(text) <= limit


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Split HTML ``text`` into messages of at most ``limit`` visible units each.

    Splits fall on line breaks when a line fits; an over-long line is cut at its last space that fits,
    else between characters (never inside a tag or an ``&...;`` entity). Tags open at a cut are closed
    at the end of the chunk and opened again at the start of the next, so every chunk parses alone.
    Chunks that would be blank are dropped (Telegram rejects empty messages).
    """
    if limit < 16:
        raise ValueError("limit too small to split safely")
    tokens = _tokens(text)
    lines: list[list[_Token]] = [[]]
    for tok in tokens:
        lines[-1].append(tok)
        if tok.raw == "\n":
            lines.append([])
    pieces: list[list[_Token]] = []
    for line in lines:
        pieces.extend(_cut_line(line, limit))
    chunks: list[list[_Token]] = []
    current: list[_Token] = []
    width = 0
    for piece in pieces:
        w = sum(tok.width for tok in piece)
        if current and width + w > limit:
            chunks.append(current)
            current, width = [], 0
        current.extend(piece)
        width += w
    if current:
        chunks.append(current)
    return _balance(chunks)


def _cut_line(line: list[_Token], limit: int) -> list[list[_Token]]:
    """A line longer than ``limit`` cut into pieces that fit, preferring to cut after a space."""
    if sum(tok.width for tok in line) <= limit:
        return [line]
    pieces: list[list[_Token]] = []
    current: list[_Token] = []
    width = 0
    last_space = -1
    for tok in line:
        if current and width + tok.width > limit:
            cut = last_space + 1 if last_space >= 0 else len(current)
            pieces.append(current[:cut])
            current = current[cut:]
            width = sum(t.width for t in current)
            last_space = -1
        current.append(tok)
        width += tok.width
        if tok.raw == " ":
            last_space = len(current) - 1
    if current:
        pieces.append(current)
    return pieces


def _balance(chunks: list[list[_Token]]) -> list[str]:
    out: list[str] = []
    stack: list[_Token] = []  # open tags carried from the previous chunk
    for chunk in chunks:
        prefix = "".join(tok.raw for tok in stack)
        body: list[str] = []
        for tok in chunk:
            body.append(tok.raw)
            if tok.tag is None:
                continue
            if tok.closing:
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i].tag == tok.tag:
                        del stack[i]
                        break
            else:
                stack.append(tok)
        suffix = "".join(f"</{tok.tag}>" for tok in reversed(stack))
        if all(tok.width == 0 or not tok.raw.strip() for tok in chunk):
            continue  # blank: Telegram would reject it as an empty message
        out.append(prefix + "".join(body).strip() + suffix)  # Telegram trims the ends anyway
    return out
