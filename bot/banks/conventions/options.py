"""How documents write option letters (`A.`, `A、`, `(A)`, `【A】`, `a、`, `A 文字`…), one `OptionStyle` each
in `OPTION_STYLES`, and splitting a line that holds several options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["OPTION_STYLES", "OptionStyle", "inline_options", "next_option_heads", "option_start", "split_options"]


@dataclass(frozen=True)
class OptionStyle:
    """How a document writes option letters: `A.`, `A、`, `(A)`, `【A】`, `a、`, `A 文字`…"""

    name: str
    label: str
    head: str  # regex with {L} where the letter stands
    glued: bool = True  # the next option may follow with nothing between (A、SGDB、AdamC、RMSprop)
    lower: bool = False  # letters written a, b, c
    needs_run: bool = False  # read as options only where the document writes runs of them (A 文字, a.)

    def at(self, letter: str) -> re.Pattern[str]:
        return re.compile(self.head.replace("{L}", letter.lower() if self.lower else letter))


OPTION_STYLES: list[OptionStyle] = [
    OptionStyle("paren", "(A)", r"[（(]\s*{L}\s*[)）]\s*"),
    OptionStyle("bracket", "【A】", r"[【\[]\s*{L}\s*[】\]]\s*"),
    OptionStyle("label", "选项A：", r"选项\s*{L}\s*[:：.．、]\s*"),  # a platform export's "选项A：A1"
    OptionStyle("dot", "A.", r"{L}\s*[.．]\s*"),
    OptionStyle("comma", "A、", r"{L}\s*、\s*"),
    OptionStyle("colon", "A:", r"{L}\s*[:：]\s*"),
    OptionStyle("close", "A)", r"{L}\s*[)）]\s*"),
    OptionStyle("space", "A 文字", r"{L}\s+(?=\S)", glued=False, needs_run=True),
    OptionStyle("lower-dot", "a.", r"{L}\s*[.．]\s*", lower=True, needs_run=True),
    OptionStyle("lower-comma", "a、", r"{L}\s*、\s*", lower=True, needs_run=True),
    OptionStyle("lower-close", "a)", r"{L}\s*[)）]\s*", lower=True, needs_run=True),
    OptionStyle("lower-paren", "(a)", r"[（(]\s*{L}\s*[)）]\s*", lower=True, needs_run=True),
    # A某个对象的引用名, Anew: a letter glued to its text, copied from a platform that drew the letter apart
    OptionStyle("bare", "A文字", r"{L}(?=[^\sA-Z.．、:：)）])", glued=False, needs_run=True),
    # A / 人生目的 / B / 人生态度: a letter alone on its line, its text on the next (a web page's layout)
    OptionStyle("alone", "A⏎文字", r"{L}\s*$", glued=False, needs_run=True),
]
_STYLE = {s.name: s for s in OPTION_STYLES}
_OPTION_START = {  # matched at a position (`match` anchors there): no "^", which holds only at 0
    s.name: re.compile(s.head.replace("{L}", "(?P<L>[a-h])" if s.lower else "(?P<L>[A-H])")) for s in OPTION_STYLES
}


def option_start(text: str, styles: tuple[str, ...] | None = None, pos: int = 0) -> tuple[str, str] | None:
    """(style name, letter) when the text (from `pos`) starts with an option letter in one of the styles."""
    if len(text) <= pos or text[pos] not in _OPTION_FIRST:
        return None
    for style in OPTION_STYLES:
        if styles is not None and style.name not in styles:
            continue
        m = _OPTION_START[style.name].match(text, pos)
        if m:
            return style.name, m.group("L").upper()
    return None


_OPTION_FIRST = frozenset("ABCDEFGHabcdefgh（(【[选")
_SEPARATOR = r"(?:\s+|\s*[;；|，,]\s*|(?<=[。.]))"


@lru_cache(maxsize=256)
def next_option_heads(style_name: str, letter: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The next option's head after a separator, and glued to the text before it (compiled once)."""
    style = _STYLE[style_name]
    head = style.head.replace("{L}", letter.lower() if style.lower else letter)
    return re.compile(_SEPARATOR + head), re.compile(r"(?<=\S)" + head)


def split_options(text: str, style_name: str, first: str, pos: int = 0) -> list[tuple[str, int, int]]:
    """The options on one line (from `pos`), as (letter, start, end) offsets of each option's text.

    `A. x  B. y`, `A.x；B.y`, and glued `A、SGDB、AdamC、RMSprop`: each next letter must follow in order,
    in the same style, after white space, a separator, or (for styles with punctuation) nothing.
    """
    style = _STYLE[style_name]
    m = style.at(first).match(text, pos)
    if not m:
        return []
    out: list[tuple[str, int, int]] = []
    letter, pos = first, m.end()
    while True:
        nxt = chr(ord(letter) + 1)
        if nxt > "H":
            out.append((letter, pos, len(text)))
            return out
        spaced, glued = next_option_heads(style.name, nxt)
        found = spaced.search(text, pos)
        if found is None and style.glued:
            found = glued.search(text, pos)
        if found is None:
            out.append((letter, pos, len(text)))
            return out
        out.append((letter, pos, found.start()))
        letter, pos = nxt, found.end()


def inline_options(text: str) -> int | None:
    """Where options begin inside a line that also holds the stem (`……（ ）。 A. x B. y C. z`), if they do."""
    failed: set[str] = set()  # styles whose B was not found after an A: nor will it be after a later A
    for m in re.finditer(r"(?:^|(?<=\s)|(?<=[？?。：:）)\]】.…_]))(?=[(（]?[Aa]\s*[.．、:：)）])", text):
        found = option_start(text, pos=m.start())
        readable = found is not None and found[0] not in ("space", "bare", "lower-dot") and found[1] == "A"
        if not readable or found[0] in failed:  # type: ignore[index]
            continue
        if len(split_options(text, found[0], "A", m.start())) >= 2:  # type: ignore[index]
            return m.start()
        failed.add(found[0])  # type: ignore[index]  # (a line of "A.A.A.…" was read again from every A)
    return None
