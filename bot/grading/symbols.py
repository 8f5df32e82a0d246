"""Keys made of symbols (Morse `···———···`, arrows `→`, `±`): read mark by mark, not as text.

Normalising drops punctuation, so such a key would read as nothing at all. Here each mark is folded with
the marks a keyboard or an input method types in its place (`.` `·` `・` `•` for a dot; `-` `—` `－` `–` `_` for a
dash; `->` for `→`; `+-` for `±`; `>=` for `≥`; `//` for `∥`; `*` or `x` for `×`), spaces between groups are
dropped, and the two sequences are compared exactly: a different sequence is another code (`---...---` is
OSO), wrong, never a slip.

Look-alikes are folded only in a key that is a code of marks (dots and dashes together) or made of arrows
and signs; a key of one kind of punctuation alone (`——`, `……`, `·`) asks for that very mark, and is compared
as written (widths folded, nothing else).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import cn2an

__all__ = ["is_symbol_key", "judge_marks", "marks_said", "read_marks"]

DOT, DASH = ".", "-"
# Each family's canonical mark and the marks typed for it.
_FAMILIES: dict[str, str] = {
    DOT: ".·・•∙⋅●．。‧﹒･⸱ㆍ",
    DASH: "-—－–_―−‒─━﹣＿ー‐‑⁃",
    "→": "→⟶➔➝➞➙➛➜➡⭢⇾",
    "←": "←⟵⬅⭠⇽",
    "↑": "↑⬆⭡",
    "↓": "↓⬇⭣",
    "↔": "↔⟷",
    "⇒": "⇒⟹",
    "⇔": "⇔⟺",
    "±": "±",
    "∓": "∓",
    "≥": "≥≧⩾",
    "≤": "≤≦⩽",
    "≠": "≠",
    "≈": "≈≒",
    "∥": "∥‖",
    "×": "×✕✖⨯",
    "÷": "÷",
}
_CANONICAL = {mark: canon for canon, marks in _FAMILIES.items() for mark in marks}
# Marks typed as two or three keys: read as the one they stand for, where the key holds that one.
_SPELLED = (
    ("<=>", "⇔"),
    ("<->", "↔"),
    ("-->", "→"),
    ("=>", "⇒"),
    ("->", "→"),
    ("—>", "→"),
    ("<-", "←"),
    ("+/-", "±"),
    ("+-", "±"),
    ("-/+", "∓"),
    ("-+", "∓"),
    (">=", "≥"),
    ("<=", "≤"),
    ("!=", "≠"),
    ("=/=", "≠"),
    ("~=", "≈"),
    ("//", "∥"),
    ("||", "∥"),
    ("*", "×"),
    ("x", "×"),
    ("X", "×"),
    ("/", "÷"),
)
_SPACE = re.compile(r"\s+")


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


def is_symbol_key(text: str) -> bool:
    """A key of marks alone: no letter, digit or character of a word in it."""
    plain = _SPACE.sub("", text)
    return bool(plain) and all(_is_mark(ch) for ch in plain)


@lru_cache(maxsize=1024)
def _folds(key: str) -> bool:
    """Whether look-alikes are folded for this key: a code mixing dots and dashes, or arrows and signs."""
    families = {_CANONICAL.get(ch) for ch in _SPACE.sub("", key)}
    if None in families:
        return False
    return {DOT, DASH} <= families or not families & {DOT, DASH}


def read_marks(reply: str, key: str) -> str | None:
    """The reply as the key's marks (`・・・－－－・・・` -> `...---...` for a Morse key), or the reply's marks
    as written (widths folded) where the key asks for its very marks; None when the reply is not marks."""
    plain = _SPACE.sub("", unicodedata.normalize("NFKC", reply))
    if not plain:
        return None
    if not _folds(key):
        return plain if all(_is_mark(ch) for ch in plain) else None
    canon_key = marks_of(key)
    for spelled, mark in _SPELLED:
        if mark in canon_key:
            plain = plain.replace(spelled, mark)
    if not all(_is_mark(ch) for ch in plain):
        return None
    return "".join(_CANONICAL.get(ch, ch) for ch in plain)


@lru_cache(maxsize=1024)
def marks_of(key: str) -> str:
    """The key in canonical marks (widths folded; look-alikes too where the key is a code)."""
    plain = _SPACE.sub("", unicodedata.normalize("NFKC", key))
    return "".join(_CANONICAL.get(ch, ch) for ch in plain) if _folds(key) else plain


# A Morse code said in words: runs of a mark's name (`滴滴滴`, `dit dit dit`) or a count and a name
# (`三点三划三点`, `3短3长3短`). The names: what a dot and a dash are called in Chinese (点/划, 短/长) and in
# radio operators' speech (滴/嘀 and 答/嗒, dit and dah).
_NAMES = {
    "点": DOT,
    "短": DOT,
    "滴": DOT,
    "嘀": DOT,
    "dit": DOT,
    "di": DOT,
    "dot": DOT,
    "划": DASH,
    "画": DASH,
    "横": DASH,
    "杠": DASH,
    "长": DASH,
    "答": DASH,
    "嗒": DASH,
    "哒": DASH,
    "dah": DASH,
    "da": DASH,
    "dash": DASH,
}
_NAME = "|".join(sorted(map(re.escape, _NAMES), key=len, reverse=True))
_SAID = re.compile(rf"(?P<count>[0-9]+|[一二两三四五六七八九十]+)?\s*个?\s*(?P<name>{_NAME})(?:e?s\b)?", re.I)
_BETWEEN = re.compile(r"[\s,，、;；/]*")


def marks_said(reply: str, key: str) -> str | None:
    """A Morse-like key's marks said in words (`三点三划三点`, `滴滴滴 答答答 滴滴滴`) as marks; None when the
    key is no code of dots and dashes or the reply holds any other word."""
    families = {_CANONICAL.get(ch) for ch in _SPACE.sub("", key)}
    if families != {DOT, DASH}:
        return None
    text, at, out = reply.strip(), 0, []
    while at < len(text):
        at = _BETWEEN.match(text, at).end()  # type: ignore[union-attr]
        if at >= len(text):
            break
        found = _SAID.match(text, at)
        if found is None:
            return None
        count = found["count"]
        times = 1 if not count else int(count) if count.isdigit() else int(cn2an.cn2an(count, "smart"))
        if not 1 <= times <= 10:
            return None
        out.append(_NAMES[found["name"].casefold()] * times)
        at = found.end()
    return "".join(out) or None


def judge_marks(reply: str, keys: list[str]) -> tuple[str, str | None] | None:
    """The reply read as marks (typed, or said in words) and the key it is, or None for a reply of marks that
    is none of them (another code); None as a whole when the reply is neither marks nor marks in words."""
    readings = [(read_marks(reply, key), key) for key in keys] + [(marks_said(reply, key), key) for key in keys]
    read = [(marks, key) for marks, key in readings if marks is not None]
    if not read:
        return None
    for marks, key in read:
        if marks == marks_of(key):
            return marks, key
    return read[0][0], None
