"""A blank that asks for a year (`于___年发射`, a key `1970年`), answered with more or less than the year: the
full date (`1970年4月24日`, `1970.4.24`), or the year as it is spoken short, digit by digit (`七零年`, `'70`).

The year must be the key's: `1971年4月24日` and `七一年` are wrong. A short year is read in the key's century
only, and only when said digit by digit (`七零`), never as a number (`七十年` is seventy years).
"""

from __future__ import annotations

import re

from bot.grading.quantities import read_value

__all__ = ["year_said"]

# The key is a year: a whole number of at most four digits, written with 年 or asked with 年 after the blank.
_YEAR_KEY = re.compile(r"^\s*(?:公元)?(?P<year>\d{3,4})\s*(?P<nian>年)?\s*$")
# `___年发射`, not `___年代`, `___年前` or `___年历史` (a count of years).
_ASKS_YEAR = re.compile(r"^\s*年(?!代|龄|级|纪|间|前|后|以|来|内|里|多|左右|历史|的历史|之久|份?内)")
_DIGIT = {ch: i for i, ch in enumerate("零一二三四五六七八九")} | {"〇": 0}
_DIGITS = "".join(_DIGIT)
# A year spoken short: two digits said one by one (`七零年`, `九八`), or written with an apostrophe (`'70`).
_SHORT = re.compile(rf"^\s*(?:(?P<words>[{_DIGITS}]{{2}})|['’‘](?P<digits>\d{{2}}))\s*年?\s*$")


def _short_year(reply: str) -> int | None:
    found = _SHORT.match(reply)
    if found is None:
        return None
    if found["digits"]:
        return int(found["digits"])
    return int("".join(str(_DIGIT[ch]) for ch in found["words"]))


def year_said(reply: str, answers: list[str], after_blank: str) -> tuple[bool, str] | None:
    """Whether the reply's year is the key's (and the key it matched, or the first), where a blank asks for a
    year and the reply is a full date or a year spoken short; None otherwise."""
    asked = _ASKS_YEAR.match(after_blank) is not None
    keys = [(a, int(found["year"])) for a in answers if (found := _YEAR_KEY.match(a)) and (asked or found["nian"])]
    if not keys:
        return None
    if (short := _short_year(reply)) is not None:
        return next(((True, a) for a, year in keys if year % 100 == short), (False, keys[0][0]))
    said = read_value(reply)
    if said is None or said.kind != "date" or said.parts[1] is None or not isinstance(said.parts[0], int):
        return None  # a year alone is read as a year already
    return next(((True, a) for a, year in keys if year == said.parts[0]), (False, keys[0][0]))
