"""Telegram's HTML parse mode, parsed the way the Bot API does before it counts characters.

Supported tags and entities follow the Bot API "formatting options": b/strong, i/em, u/ins,
s/strike/del, span class="tg-spoiler", tg-spoiler, a href, tg-emoji emoji-id, tg-time, code, pre,
blockquote [expandable]. Named entities are only &lt; &gt; &amp; &quot;; numeric ones are all allowed.

One deliberate strictness beyond Telegram: a bare ``&`` that does not start an entity is rejected, so a
bot that forgets to escape user or bank text is caught even when the text holds no ``<``.
Lengths are counted in Unicode code points of the parsed text, leading and trailing white space
stripped (Telegram trims it too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Entity", "MarkupError", "ParsedText", "parse_text"]

_TAG_RE = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*)\s*>")
_ATTR_RE = re.compile(r"([a-zA-Z-]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+))?")
_ENTITY_RE = re.compile(r"&(?:(lt|gt|amp|quot)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}

_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
}
_OTHER_TAGS = {"span", "a", "tg-emoji", "tg-time"}


class MarkupError(ValueError):
    """The text cannot be parsed; the message is Telegram's wording after "Bad Request: "."""


@dataclass(frozen=True)
class Entity:
    type: str
    offset: int  # code points in the parsed text
    length: int
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ParsedText:
    text: str
    entities: tuple[Entity, ...]

    @property
    def length(self) -> int:
        return len(self.text.strip())

    def api_entities(self) -> list[dict[str, object]]:
        """Entities with UTF-16 offsets, as the Bot API reports them."""
        out: list[dict[str, object]] = []
        for e in self.entities:
            start = _utf16_len(self.text[: e.offset])
            length = _utf16_len(self.text[e.offset : e.offset + e.length])
            if length == 0:
                continue
            item: dict[str, object] = {"type": e.type, "offset": start, "length": length}
            item.update(dict(e.extra))
            out.append(item)
        return out


def _utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def _byte_offset(source: str, index: int) -> int:
    return len(source[:index].encode("utf-8"))


def _fail(source: str, index: int, what: str) -> MarkupError:
    return MarkupError(f"can't parse entities: {what} at byte offset {_byte_offset(source, index)}")


def parse_text(source: str, parse_mode: str | None) -> ParsedText:
    """Parse ``source`` as Telegram would for ``parse_mode`` (only HTML is interpreted; None = plain)."""
    if parse_mode is None or parse_mode == "":
        return ParsedText(source, ())
    if parse_mode.lower() != "html":
        # MarkdownV2/Markdown are not used by studybot; accept their text verbatim rather than guess.
        if parse_mode.lower() not in ("markdown", "markdownv2"):
            raise MarkupError(f"unsupported parse_mode {parse_mode!r}")
        return ParsedText(source, ())
    return _parse_html(source)


def _parse_html(source: str) -> ParsedText:
    out: list[str] = []
    length = 0
    stack: list[tuple[str, int, int, tuple[tuple[str, str], ...], str]] = []  # tag, start, src idx, extra, type
    entities: list[Entity] = []
    i = 0
    n = len(source)
    while i < n:
        c = source[i]
        if c == "<":
            m = _TAG_RE.match(source, i)
            if not m:
                raise _fail(source, i, 'unsupported start tag or unescaped "<"')
            closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
            if closing:
                if attrs.strip():
                    raise _fail(source, i, f'unexpected attributes in end tag "{name}"')
                if not stack or stack[-1][0] != name:
                    expected = stack[-1][0] if stack else None
                    what = (
                        f'can\'t find end tag corresponding to start tag "{expected}"'
                        if expected
                        else f'unexpected end tag "{name}"'
                    )
                    raise _fail(source, i, what)
                tag, start, _, extra, etype = stack.pop()
                if etype:
                    entities.append(Entity(etype, start, length - start, extra))
            else:
                etype, extra = _open_tag(source, i, name, attrs, stack)
                stack.append((name, length, i, extra, etype))
            i = m.end()
        elif c == "&":
            m = _ENTITY_RE.match(source, i)
            if not m:
                raise _fail(source, i, 'unsupported HTML entity or unescaped "&"')
            if m.group(1):
                ch = _NAMED[m.group(1)]
            else:
                code = int(m.group(2)) if m.group(2) else int(m.group(3), 16)
                if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                    raise _fail(source, i, "invalid numeric HTML entity")
                ch = chr(code)
            out.append(ch)
            length += 1
            i = m.end()
        else:
            out.append(c)
            length += 1
            i += 1
    if stack:
        tag, _, idx, _, _ = stack[-1]
        raise _fail(source, idx, f'can\'t find end tag corresponding to start tag "{tag}"')
    entities.sort(key=lambda e: (e.offset, -e.length))
    return ParsedText("".join(out), tuple(entities))


def _open_tag(
    source: str, index: int, name: str, attrs: str, stack: list[tuple[str, int, int, tuple[tuple[str, str], ...], str]]
) -> tuple[str, tuple[tuple[str, str], ...]]:
    values: dict[str, str] = {}
    for am in _ATTR_RE.finditer(attrs):
        raw = am.group(2) or ""
        if raw[:1] in ("'", '"'):
            raw = raw[1:-1]
        values[am.group(1).lower()] = raw
    if name in _SIMPLE_TAGS:
        etype = _SIMPLE_TAGS[name]
        if name == "code" and stack and stack[-1][0] == "pre" and "class" in values:
            return "", ()  # <pre><code class="language-x"> only names the language of the pre block
        if name == "blockquote" and "expandable" in values:
            etype = "expandable_blockquote"
        return etype, ()
    if name not in _OTHER_TAGS:
        raise _fail(source, index, f'unsupported start tag "{name}"')
    if name == "span":
        if values.get("class") != "tg-spoiler":
            raise _fail(source, index, 'tag "span" must have class "tg-spoiler"')
        return "spoiler", ()
    if name == "a":
        href = values.get("href")
        if not href:
            raise _fail(source, index, 'tag "a" must have attribute "href"')
        return "text_link", (("url", href),)
    if name == "tg-emoji":
        if not values.get("emoji-id"):
            raise _fail(source, index, 'tag "tg-emoji" must have attribute "emoji-id"')
        return "custom_emoji", (("custom_emoji_id", values["emoji-id"]),)
    if not values.get("unix", "").isdigit():
        raise _fail(source, index, 'tag "tg-time" must have a numeric attribute "unix"')
    return "date_time", (("unix_time", values["unix"]),)
