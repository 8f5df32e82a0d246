"""Languages: the list of the bot's languages, their message catalogs (bot/locale/<code>/LC_MESSAGES/
studybot.po, read by `bot.locale.catalogs`), and the language of a terminal user.

A language is one catalog file and one line in `LANGUAGES` (docs/architecture.md, "Texts and languages").
`plural` and `count` are English number agreement for the command line's own English lines.
"""

from __future__ import annotations

import os

__all__ = ["DEFAULT", "LANGUAGES", "count", "language_name", "language_of", "plural", "terminal_language"]

# The bot's languages, each with its catalog. The first is the default: the language of anyone whose
# own is not in the list, and of every text a catalog lacks.
LANGUAGES: tuple[str, ...] = (
    "zh",
    "en",
    "ja",
)
DEFAULT = LANGUAGES[0]


def language_of(tag: str | None) -> str:
    """A language tag (Telegram's language_code 'en-US', 'zh-hans', 'ja'; a stored 'en') to one of ours:
    its first part when that is in `LANGUAGES`, else the default."""
    code = (tag or "").replace("_", "-").split("-")[0].strip().lower()
    return code if code in LANGUAGES else DEFAULT


def language_name(code: str) -> str:
    """The language's own name (中文, English, 日本語), from the Unicode CLDR data Babel ships."""
    from babel import Locale

    return str(Locale.parse(code).display_name)


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
    """zh when the locale variables say Chinese, else en (the command line writes its lines in these two)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
