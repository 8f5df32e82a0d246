"""The language of a terminal user, from the usual locale variables (zh when they say Chinese), and English
number agreement (`plural`), the one rule every front end and report uses."""

from __future__ import annotations

import os

__all__ = ["count", "plural", "terminal_language"]


def plural(n: object, one: str, other: str) -> str:
    """English number agreement: ``one`` for exactly 1 (also "1" and 1.0), else ``other``."""
    try:
        return one if float(str(n)) == 1 else other
    except ValueError:
        return other


def count(n: int, one: str, other: str | None = None) -> str:
    """``1 question``, ``2 questions`` (``other`` defaults to ``one`` + "s")."""
    return f"{n} {plural(n, one, other or one + 's')}"


def terminal_language() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
