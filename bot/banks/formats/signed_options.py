"""Options signed right or wrong before their labels, as Russian and Ukrainian test banks write them:

    + г) Поведение отдельных фирм        - а) Экономику страны в целом

A run of option lines (two or more, one under another) in which every label has a sign before it, `+` on
some and `-` on the others, keys the `+` ones: the sign becomes the tick the readers take as the right
option's mark (`✔ г) …`), the `-` is dropped. A run whose lines are all `-` (a Markdown list of lettered
options) or all `+` is left as it stands: nothing tells the right options apart there."""

from __future__ import annotations

import re

__all__ = ["signed_options"]

# a sign, then an option's label: a Latin or Cyrillic letter or a digit, and its closing mark
_SIGNED = re.compile(r"^(\s*)([+\-−–])\s*(?=(?:[A-Ha-hА-Еа-е]|[1-8])\s*[).．]\s*\S)")


def signed_options(raw_lines: list[str]) -> list[str]:
    """The lines, each run of signed options rewritten with ticks for its `+` options."""
    out = list(raw_lines)
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and _SIGNED.match(out[j]):
            j += 1
        signs = {_SIGNED.match(line).group(2) for line in out[i:j]}  # type: ignore[union-attr]
        if j - i >= 2 and "+" in signs and len(signs) > 1:
            for k in range(i, j):
                m = _SIGNED.match(out[k])
                assert m is not None
                tick = "✔ " if m.group(2) == "+" else ""
                out[k] = f"{m.group(1)}{tick}{out[k][m.end() :]}"
        i = max(j, i + 1)
    return out
