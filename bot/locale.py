"""The language of a terminal user, from the usual locale variables (zh when they say Chinese)."""

from __future__ import annotations

import os

__all__ = ["terminal_language"]


def terminal_language() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
