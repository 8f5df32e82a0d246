"""A time zone as a learner reads it: `香港时间`, `Hong Kong time`, `香港時間`, never `Asia/Hong_Kong`.

Every IANA zone gets its city in the learner's language from CLDR (Babel's exemplar cities), put into the
catalogs' `zone_time` ("{city}时间"); a fixed offset (`UTC+08:00`) and UTC are names already. The zones
offered as buttons (`/subscribe` and the settings' zone screen) are those of the learner's language.
"""

from __future__ import annotations

from babel.dates import get_timezone, get_timezone_location

from bot.telegram.texts import t

__all__ = ["ASKED_ZONES", "LANGUAGE_ZONES", "zone_words"]

# China's one zone is named after its capital in every language (北京时间), not after CLDR's Shanghai.
_CITIES = {"Asia/Shanghai": {"zh": "北京", "en": "Beijing", "ja": "北京"}}

# The zones a language's learners most often live in, first the most common: buttons where a zone is asked.
LANGUAGE_ZONES: dict[str, tuple[str, ...]] = {
    "zh": ("Asia/Shanghai", "Asia/Hong_Kong", "Asia/Taipei", "Asia/Macau", "Asia/Singapore", "Asia/Urumqi"),
    "en": (
        "Europe/London",
        "America/New_York",
        "America/Chicago",
        "America/Los_Angeles",
        "Australia/Sydney",
        "Asia/Singapore",
    ),
    "ja": ("Asia/Tokyo", "Asia/Shanghai", "UTC"),
}
# Every zone offered, in a fixed order: a button names its zone by its place here (callback data is short).
ASKED_ZONES: tuple[str, ...] = tuple(dict.fromkeys(z for zones in LANGUAGE_ZONES.values() for z in zones))


def zone_words(name: str, lang: str) -> str:
    """The stored zone name (an IANA key, `UTC`, `UTC+08:00`) in the learner's words."""
    if name == "UTC" or name.startswith(("UTC+", "UTC-")):
        return name
    city = _CITIES.get(name, {}).get(lang)
    if city is None:
        try:
            city = get_timezone_location(get_timezone(name), locale=lang, return_city=True)
        except LookupError:  # a zone CLDR does not know: its own name, readable if not pretty
            return name
    return t("zone_time", lang, city=city)
