"""The Telegram front end's texts: the message catalogs of bot/locale, in every language of the bot.

`t("key", lang, **values)` formats one (in a handler `context.texts`, the same catalogs);
`lang_of(language_code)` reads Telegram's language code (zh, zh-hans, en-US, ja...) into one of ours.
A new text is an entry in every catalog (bot/locale/<lang>/LC_MESSAGES/studybot.po): see
docs/architecture.md, "Texts and languages".
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.locale import LANGUAGES, language_name, language_of
from bot.locale.catalogs import Texts, texts

__all__ = ["LANGS", "LANGUAGE_NAMES", "Lang", "Texts", "lang_of", "read_language", "t"]

Lang = str  # one of LANGS
LANGS: tuple[Lang, ...] = LANGUAGES


LANGUAGE_NAMES: dict[Lang, str] = {code: language_name(code) for code in LANGS}  # 中文, English, 日本語
# What a user may type for a language besides its code and its names (in itself and in English).
_LANGUAGE_WORDS = {"cn": "zh", "汉语": "zh", "zh-hans": "zh", "zh-cn": "zh", "英文": "en", "英语": "en"}


def listing(items: Iterable[str], lang: str) -> str:
    """Items as the language lists them: 单选题、判断题 in Chinese and Japanese, commas in English."""
    return t("list_separator", lang).join(items)


def lang_of(language_code: str | None) -> Lang:
    """Telegram's language_code, or a stored language, to one of ours (the default, zh, for the others)."""
    return language_of(language_code)


def read_language(word: str) -> Lang | None:
    """The language a user typed (``/lang en``, ``/lang 中文``, ``/lang Japanese``), or None."""
    word = word.strip().casefold()
    for code in LANGS:
        if word in (code, LANGUAGE_NAMES[code].casefold(), language_name_in_english(code).casefold()):
            return code
    found = _LANGUAGE_WORDS.get(word)
    return found if found in LANGS else None


def language_name_in_english(code: str) -> str:
    from babel import Locale

    return str(Locale.parse(code).get_display_name("en"))


t = texts()  # `t("key", lang, **values)` where no context is at hand (texts built by pure functions)
