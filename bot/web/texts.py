"""The teacher's desk's words: the entries `desk_<key>` of the message catalogs (bot/locale/<lang>/
LC_MESSAGES/studybot.po), so a page is in every language of the bot; a page asks `t(key, **values)`."""

from __future__ import annotations

from collections.abc import Callable

from bot.locale import DEFAULT, LANGUAGES, language_of
from bot.locale.catalogs import texts

__all__ = ["PREFIX", "both", "translator"]

PREFIX = "desk_"  # the desk's entries in the catalogs


def translator(lang: str | None) -> Callable[..., str]:
    """`t(key, **values)` in one language (the default language for one the bot does not have)."""
    catalogs, code = texts(), language_of(lang)

    def t(key: str, **values: object) -> str:
        return catalogs(PREFIX + key, code, **values)

    return t


def both(key: str) -> str:
    """The default language, then English: for whoever has not signed in yet (their language is unknown)."""
    second = "en" if "en" in LANGUAGES and DEFAULT != "en" else DEFAULT
    first = translator(DEFAULT)(key)
    return first if second == DEFAULT else f"{first} {translator(second)(key)}"
