"""Ticked boxes in a Word paragraph, written as the text reader reads them: Markdown task items.

Exam receipts and forms mark the chosen options with boxes (`☑`, `☒` or `■` ticked; `☐`, `□` not): typed
characters, symbol-font characters (Wingdings, read by the Word reader), checkbox content controls and
legacy form fields (their state, read by the Word reader). Every form becomes `- [x] ` or `- [ ] ` at the
start of the item it marks, one item per line (`<br>` in the Word reader's output, so all of them keep the
paragraph's line number):

    ☑ C. 婉拒              -> - [x] C. 婉拒
    ☐ 正确　　☑ 错误        -> - [ ] 正确 / - [x] 错误
    A. 收下 ☐  B. 婉拒 ☑    -> - [ ] A. 收下 / - [x] B. 婉拒
    ✓ B. 宪法              -> - [x] B. 宪法     (a tick before an option's letter)

A box inside a sentence (`在□内打√`) is left as it is: boxes in the middle of a line are items only when one
of them is ticked and each stands before (or, on a line ending with one, after) a short item.
"""

from __future__ import annotations

import re

__all__ = ["BOXES", "Chars", "ticked_items"]

Chars = list[tuple[str, frozenset[str]]]  # a paragraph's text, character by character, with its marks
CHECKED = "☑☒■✅"
UNCHECKED = "☐□"
BOXES = CHECKED + UNCHECKED
_TICKS = "✓✔√"
_NONE: frozenset[str] = frozenset()
_OPTION = re.compile(r"^\s*[(（]?[A-Ha-h]\s*[.．、:：)）]")
_TRUE_FALSE = re.compile(r"^\s*(?:正确|错误|对|错|是|否|√|×|T|F|True|False|Yes|No)\s*$", re.I)


def _task(checked: bool) -> Chars:
    return [(c, _NONE) for c in ("- [x] " if checked else "- [ ] ")]


def _text(chars: Chars) -> str:
    return "".join(c for c, _ in chars)


def _strip(chars: Chars) -> Chars:
    text = _text(chars)
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    return chars[start:end]


def _item(chars: Chars) -> bool:
    """A short text a box may mark: an option (`B. 宪法`) or a true/false word (`正确`)."""
    text = _text(chars)
    return bool(_OPTION.match(text) or _TRUE_FALSE.match(text))


_LATER_OPTION = re.compile(r"\s[(（]?[A-Ha-h]\s*[.．、:：)）]")
_LAST_WORD = re.compile(r"\s(?=\S+\s*$)")


def _item_start(text: str) -> int | None:
    """Where the first item begins in a text that a stem starts: its option letter, or its last word when
    that is a true/false word."""
    if found := list(_LATER_OPTION.finditer(text)):
        return found[-1].start()
    if (m := _LAST_WORD.search(text)) and _TRUE_FALSE.match(text[m.start() :]):
        return m.start()
    return None


def ticked_items(chars: Chars) -> Chars:
    """The paragraph with its boxes written as task items (see the module's docstring); unchanged when its
    boxes mark no items."""
    text = _text(chars)
    first = len(text) - len(text.lstrip())
    if first < len(text) and text[first] in _TICKS and _OPTION.match(text, first + 1):
        return _task(True) + _strip(chars[first + 1 :])  # ✓ B. 宪法
    boxes = [i for i, c in enumerate(text) if c in BOXES]
    if not boxes:
        return chars
    if len(boxes) == 1 and boxes[0] == first:
        return _task(text[first] in CHECKED) + _strip(chars[first + 1 :])  # ☑ C. 婉拒
    if len(boxes) == 1 and not text[boxes[0] + 1 :].strip() and _item(chars[: boxes[0]]):
        return _task(text[boxes[0]] in CHECKED) + _strip(chars[: boxes[0]])  # B. 婉拒 ☒
    if not any(text[i] in CHECKED for i in boxes):
        return chars
    if text[boxes[-1] + 1 :].strip():  # each box before its item: [stem] ☐ item ☑ item
        items = [chars[i + 1 : j] for i, j in zip(boxes, [*boxes[1:], len(chars)], strict=True)]
        lead = _strip(chars[: boxes[0]])
        ticks = [text[i] in CHECKED for i in boxes]
    else:  # each box after its item: item ☐ item ☑
        items = [chars[i + 1 : j] for i, j in zip([-1, *boxes[:-1]], boxes, strict=True)]
        lead = []
        if not _item(items[0]) and (cut := _item_start(_text(items[0]))):  # 10. 题干 正确☐ 错误☑
            lead, items[0] = _strip(items[0][:cut]), items[0][cut:]
        ticks = [text[i] in CHECKED for i in boxes]
    items = [_strip(item) for item in items]
    if not all(item and (_item(item) or len(_text(item)) <= 40) for item in items):
        return chars
    out: Chars = list(lead)
    for item, ticked in zip(items, ticks, strict=True):
        if out:
            out.append(("\n", _NONE))
        out += _task(ticked) + item
    return out
