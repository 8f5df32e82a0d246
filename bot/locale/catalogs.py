"""The message catalogs, read with Babel and compiled in memory at first use: `texts("key", lang, **values)`.

Each language of `LANGUAGES` has bot/locale/<code>/LC_MESSAGES/studybot.po. A message id is the key the
code names; the catalog's text is formatted with the values (``{name}`` fields, str.format). A plural
entry (``msgid_plural``) names the field whose number chooses the form, by the catalog's own
Plural-Forms rule: English has "1 day" and "2 days", Chinese and Japanese one form.

The .po files are the package's data (no compiled .mo is kept or built at install): reading them at
start works the same from a clean clone with ``pip install -e .`` and from a wheel. A text a catalog
lacks is the default language's (the test of the catalogs keeps every catalog complete).
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.locale import DEFAULT, LANGUAGES

__all__ = ["DOMAIN", "Catalog", "Texts", "catalog_path", "read_catalog", "texts"]

DOMAIN = "studybot"
HERE = Path(__file__).resolve().parent


def catalog_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Catalog:
    """One language's messages: gettext's translations (plural rule included) and the counted fields."""

    lang: str
    translations: gettext.GNUTranslations
    counts: dict[str, str]  # plural message id -> the field whose number chooses the form
    ids: frozenset[str]


def read_catalog(path: Path, lang: str) -> Catalog:
    """Parse a .po file (Babel) and compile it in memory (a .mo image, read by the standard gettext)."""
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out, as msgfmt does
    compiled.seek(0)
    counts = {m.id[0]: m.id[1] for m in catalog if m.id and m.pluralizable and not m.fuzzy}
    ids = frozenset(m.id[0] if m.pluralizable else m.id for m in catalog if m.id and not m.fuzzy)
    return Catalog(lang, gettext.GNUTranslations(compiled), counts, ids)


def _number(value: object) -> int:
    """The number a plural rule reads: counts are whole numbers; anything else reads as 0 ("0 days")."""
    if isinstance(value, int):
        return value
    try:
        number = float(str(value))
    except ValueError:
        return 0
    return int(number) if number.is_integer() else 0


class Texts:
    """Every catalog of `LANGUAGES`, formatted: ``texts("key", lang, **values)`` (the default language's
    catalog for a language not in the list)."""

    def __init__(self, languages: tuple[str, ...] = LANGUAGES, folder: Path | None = None) -> None:
        self.languages = languages
        self._folder = folder
        self._catalogs: dict[str, Catalog] = {}

    def catalog(self, lang: str | None) -> Catalog:
        lang = lang if lang in self.languages else DEFAULT
        assert lang is not None
        found = self._catalogs.get(lang)
        if found is None:
            path = (self._folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po") if self._folder else catalog_path(lang)
            found = self._catalogs[lang] = read_catalog(path, lang)
            if lang != DEFAULT:  # a text this catalog lacks is the default language's
                found.translations.add_fallback(self.catalog(DEFAULT).translations)
        return found

    def __call__(self, key: str, lang: str | None, /, **values: object) -> str:
        catalog = self.catalog(lang)
        if key not in catalog.ids and key not in self.catalog(DEFAULT).ids:
            raise KeyError(key)
        field = catalog.counts.get(key) or self.catalog(DEFAULT).counts.get(key)
        if field is None:
            text = catalog.translations.gettext(key)
        else:
            text = catalog.translations.ngettext(key, field, _number(values.get(field)))
        return text.format_map(values) if values else text


@cache
def texts() -> Texts:
    """The shipped catalogs, read once per process."""
    return Texts()
