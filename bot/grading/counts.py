"""A count answered with a quantifier phrase: `两个以上`, `至少两个`, `3 or more` where the prompt asks for the
least number (`至少需要___个`), and a pair word (`一双`, `一对`) for two.

What a bound says is credited only where the prompt asks for that bound: `两个以上` is no answer to
`一个水分子含___个氢原子`. The number itself must be the key's; a different one (`三个以上`) is wrong.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from functools import lru_cache

import cn2an

__all__ = ["count_said", "number_of"]

_NUMERAL = r"(?P<n>\d+|[零一二两三四五六七八九十百千]+)"
_MEASURE = r"\s*[个只条种次台块位名根张把件头匹颗粒]?\s*"

# The prompt asks for the least (or the most) number of what the blank counts: the bound right before the blank
# (`至少需要___个`, `at least ___`), not a bound elsewhere in the sentence (`每天至少锻炼1小时的人占___%`).
_NEAR = r"[^，。；,;:：!?！？\d]{0,4}$"
_ASKS_LEAST = re.compile(rf"(?:至少|最少|起码|最低|不少于){_NEAR}|at\s+least\s*$|minimum\s+(?:number\s+)?of\s*$", re.I)
_ASKS_MOST = re.compile(rf"(?:至多|最多|顶多|不超过|不多于){_NEAR}|at\s+most\s*$|maximum\s+(?:number\s+)?of\s*$", re.I)

# A bound said with the number: the same bound the prompt asks for.
# `两个及两个以上`: the number said again before the bound (`again` must be the same number).
_AGAIN = rf"(?:(?P<again>\d+|[零一二两三四五六七八九十百千]+){_MEASURE})?"
_JOIN = r"(?:或者|或|及|和)?"
_NEED = r"(?:需要有|要有|需要|要|得|有)?"
_LEAST = (
    re.compile(rf"^{_NUMERAL}{_MEASURE}{_JOIN}{_AGAIN}(?:以上|更多|往上)$"),
    re.compile(rf"^(?:至少|最少|起码|不少于|大于等于|≥|>=)\s*{_NEED}\s*{_NUMERAL}{_MEASURE}$"),
    re.compile(rf"^at\s+least\s+{_NUMERAL}$", re.I),
    re.compile(rf"^{_NUMERAL}\s*(?:or\s+more|\+)$", re.I),
)
_MOST = (
    re.compile(rf"^{_NUMERAL}{_MEASURE}{_JOIN}{_AGAIN}(?:以下|以内|更少)$"),
    re.compile(rf"^(?:至多|最多|顶多|不超过|不多于|小于等于|≤|<=)\s*{_NEED}\s*{_NUMERAL}{_MEASURE}$"),
    re.compile(rf"^at\s+most\s+{_NUMERAL}$", re.I),
    re.compile(rf"^{_NUMERAL}\s*or\s+(?:fewer|less)$", re.I),
)
# A pair word: `一双`, `两对` (two pairs: four). Not where the prompt counts pairs itself (`___对染色体`).
_PAIRS = re.compile(rf"^{_NUMERAL}\s*(?:双|对)$")
_COUNTS_PAIRS = re.compile(r"^\s*(?:双|对|副)")


@lru_cache(maxsize=1024)
def number_of(text: str) -> int | None:
    """A whole number written in digits or Chinese numerals (`2`, `两`, `十二`); None otherwise."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or not re.fullmatch(r"[零一二两三四五六七八九十百千]+", text):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = cn2an.cn2an(text, "smart")
    except (ValueError, KeyError, IndexError):
        return None
    return int(value) if float(value).is_integer() else None


def _bounded(reply: str, patterns: tuple[re.Pattern[str], ...]) -> int | None:
    for pattern in patterns:
        if (found := pattern.match(reply)) is not None:
            said = number_of(found["n"])
            again = found.groupdict().get("again")
            return said if again is None or number_of(again) == said else None
    return None


def count_said(
    reply: str, answers: Sequence[str], before_blank: str, after_blank: str
) -> tuple[int, str | None] | None:
    """The number a quantifier phrase gives and the key it is (None when it is another number), or None when
    the reply is no such phrase or the prompt does not ask, right before the blank, for what it bounds."""
    text = reply.strip().rstrip("。.!！")
    said = None
    if (pair := _PAIRS.match(text)) is not None and not _COUNTS_PAIRS.match(after_blank):
        found = number_of(pair["n"])
        said = 2 * found if found is not None else None
    elif _ASKS_LEAST.search(before_blank):
        said = _bounded(text, _LEAST)
    elif _ASKS_MOST.search(before_blank):
        said = _bounded(text, _MOST)
    if said is None:
        return None
    key = next((a for a in answers if number_of(a) == said), None)
    return said, key
