"""Numbers, dates, ranges and units read as values: `二十二点四升` is 22.4 L, `1919.5.4` is 1919年5月4日,
`60到100` is 60-100, `221 BC` is 公元前221年. A key made of one such value is compared by value, never by
typo tolerance: a digit, a decimal point, a unit or a part of a date changes the fact.

Chinese numerals are read by cn2an; scientific notation in every spelling (`1.5×10^8`, `1.5e8`, `1.5×10⁸`,
`1.5亿`), powers (`2^10`), fractions and percentages by the rules below; units by bot/grading/units.py.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
import warnings
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

import cn2an

from bot.grading.units import read_unit

__all__ = ["Value", "approximate", "in_digits", "numbers_in", "read_value", "unit_at"]

_NUMBER = r"\d+(?:\.\d+)?"
# A number as learners write one: `1.5×10^8`, `1.5x10^8`, `1.5*10^8`, `1.5e8`, `10^8`, `2^10`, `1.5亿`.
_VALUE = (
    r"-?(?:\d+(?:\.\d+)?(?:\s*[×xX*·✕]\s*10\s*(?:\^|\*\*)\s*[-+]?\d{1,3}|[eE][-+]?\d{1,3}|\s*(?:\^|\*\*)\s*[-+]?\d{1,2})?"
    r"(?:万亿|千万|百万|亿|万)?)"
)
_SCIENTIFIC = re.compile(
    r"^(?P<sign>-?)(?P<m>\d+(?:\.\d+)?)(?:\s*[×xX*·✕]\s*10\s*(?:\^|\*\*)\s*(?P<e>[-+]?\d+)|[eE](?P<e2>[-+]?\d+)"
    r"|\s*(?:\^|\*\*)\s*(?P<p>[-+]?\d+))?(?P<cn>万亿|千万|百万|亿|万)?$"
)
_CHINESE_SCALE = {"万": 4, "亿": 8, "万亿": 12, "千万": 7, "百万": 6}
_SUPERSCRIPTS = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
# Minus signs as typed: the minus sign, dashes, the full-width hyphen (NFKC makes it `-`).
_MINUS = str.maketrans({"\u2212": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\ufe63": "-"})
# About, roughly, usually: they do not change the value a reply gives.
_APPROX = re.compile(
    r"^(?:一般|通常|正常|大约|大概|约为|约|差不多|approximately|approx\.?|about|around|~)+(?:是|为)?\s*", re.IGNORECASE
)
_APPROX_TAIL = re.compile(r"(?:左右|上下|前后)$")
_PER_MINUTE = re.compile(r"^每分钟?\s*(?P<rest>.+?)\s*次$|^(?P<rest2>.+?)\s*次\s*每分钟?$")
# A worked reply: what follows the last of these is its answer (`22.4 L/mol 乘以 1mol 得到 22.4L`).
_RESULT = re.compile(r".*(?:得到|得出|等于|结果是|所以是|所以|因此|=)\s*(?P<tail>.+)$")

_DATE_PATTERNS = (
    re.compile(
        r"^(?P<era>公元前|公元|前)?\s*(?P<y>\d{1,4})\s*年(?:\s*(?P<m>\d{1,2})\s*月(?:\s*(?P<d>\d{1,2})\s*[日号])?)?$"
    ),
    re.compile(r"^(?P<y>\d{3,4})\s*(?P<sep>[./-])\s*(?P<m>\d{1,2})\s*(?P=sep)\s*(?P<d>\d{1,2})$"),
    re.compile(r"^(?P<era>公元前|前)\s*(?P<y>\d{1,4})$"),
    re.compile(r"^(?P<y>\d{1,4})\s*(?P<era>bce|bc|ad|ce)\.?$", re.IGNORECASE),
    re.compile(r"^(?P<era>ad)\s*(?P<y>\d{1,4})$", re.IGNORECASE),
    re.compile(r"^(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]$"),
)
_BEFORE_COMMON_ERA = frozenset({"公元前", "前", "bc", "bce"})
_RANGE = re.compile(
    rf"^(?P<a>{_VALUE})\s*(?P<ua>(?:[^\d\s~–—到至-][^~–—到至-]*?)?)\s*(?:-|~|–|—|到|至|\bto\b)\s*(?P<b>{_VALUE})"
    r"\s*(?P<ub>(?:\D.*?)?)$"
)
_NEGATIVE_EXPONENT = re.compile(r"(?:10\s*(?:\^|\*\*)\s*|\d[eE])-\d")
_SINGLE = re.compile(rf"^(?P<a>{_VALUE})\s*(?P<ua>(?:\D.*?)?)$")  # a unit may hold a power: `dm^3`
_FRACTION = re.compile(r"^(?P<n>-?\d+)\s*/\s*(?P<d>[1-9]\d*)$")  # 1/2 (cn2an writes 二分之一 so)
_RATIO = re.compile(r"^\d+(?:\.\d+)?(?:\s*[:∶比]\s*\d+(?:\.\d+)?)+$")  # 3:1, 3∶1, 3比1 (never reduced)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_BETWEEN = re.compile(rf"^between\s+(?P<a>{_NUMBER})\s+and\s+(?P<b>{_NUMBER})", re.IGNORECASE)
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_MONTH = "|".join(sorted((*_MONTHS, *(m[:3] for m in _MONTHS)), key=len, reverse=True))
# `May 4, 1919`, `4 May 1919`: an English date, written the Chinese way for the patterns below.
_MONTH_DAY_YEAR = re.compile(rf"^(?P<m>{_MONTH})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{3,4}})$")
_DAY_MONTH_YEAR = re.compile(rf"^(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m>{_MONTH})\.?,?\s+(?P<y>\d{{3,4}})$")


def _english_date(text: str) -> str:
    folded = text.casefold()
    match = _MONTH_DAY_YEAR.match(folded) or _DAY_MONTH_YEAR.match(folded)
    if match is None:
        return text
    month = next(i for i, m in enumerate(_MONTHS, start=1) if m.startswith(match["m"][:3]))
    return f"{match['y']}年{month}月{match['d']}日"


@dataclass(frozen=True, slots=True)
class Value:
    """What a text says as a value: a date (year, month, day; a year before the common era negative),
    a number or a range, in the base units of its dimension (`1.5×10^8 km` is 1.5×10^11 m); `dimension`
    the unit's powers of the base units (None without a unit; all zero for `%`), `unit` as written,
    `written` the numbers before the unit scaled them."""

    kind: str  # date | number | range
    parts: tuple[Decimal | int | None, ...]
    dimension: tuple[int, ...] | None = None
    unit: str | None = None
    written: tuple[Decimal | int | None, ...] = ()

    def same(self, other: Value) -> bool:
        """The same fact; a unit missing on one side is judged by the caller (the prompt may give it)."""
        if self.kind != other.kind:
            return False
        if self.dimension is not None and other.dimension is not None and self.dimension != other.dimension:
            return False
        return self.parts == other.parts


def approximate(text: str) -> bool:
    """The reply says its value is rounded: `约23`, `大约 23`, `23左右`, `about 23`."""
    plain = unicodedata.normalize("NFKC", text).strip()
    return bool(_APPROX.match(plain) and _APPROX.match(plain).end()) or bool(_APPROX_TAIL.search(plain))


# `10的负12次方`, `10的-12次幂`: a power said in words (the numerals already in digits).
_POWER_IN_WORDS = re.compile(r"(?P<base>\d+(?:\.\d+)?)的(?P<minus>负|-)?(?P<power>\d+)次(?:方|幂)")


def _folded(text: str) -> str:
    text = _SUPERSCRIPTS.sub(lambda m: "^" + m[0].translate(_SUPERSCRIPT), text)  # 10⁸ before NFKC makes it 108
    text = unicodedata.normalize("NFKC", text).translate(_MINUS).strip()
    text = _APPROX_TAIL.sub("", _APPROX.sub("", text)).strip()  # before cn2an reads 一般 as 1般
    text = _THOUSANDS.sub("", text)  # 6,300 is 6300
    text = _BETWEEN.sub(r"\g<a>-\g<b>", text)  # between 60 and 100
    text = _english_date(text)
    with contextlib.suppress(ValueError, KeyError, IndexError), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # cn2an warns of what it cannot read, and leaves it as written
        text = cn2an.transform(text, "cn2an")
    text = _POWER_IN_WORDS.sub(lambda m: f"{m['base']}^{'-' if m['minus'] else ''}{m['power']}", text)
    return re.sub(r"[。！!？?，,；;]+$", "", text).strip()


def _number_of(text: str) -> Decimal | None:
    """`1.5×10^8`, `1.5e8`, `2^10`, `1.5亿` as one number; None for anything else."""
    match = _SCIENTIFIC.match(text.strip())
    if match is None:
        return None
    value = Decimal(match["m"])
    exponent = match["e"] or match["e2"]
    if exponent is not None:
        value = value.scaleb(int(exponent))
    elif match["p"] is not None and value != 10:
        return None  # `2^10` for 1024 restates a sum to work out, it does not give the value
    elif match["p"] is not None:
        value = value.scaleb(int(match["p"]) - 1)
    if match["cn"]:
        value = value.scaleb(_CHINESE_SCALE[match["cn"]])
    return -value if match["sign"] else value


def _scaled(number: Decimal, unit: str) -> tuple[Decimal, tuple[int, ...] | None, str | None] | None:
    """The number in base units, the unit's dimension and the unit as written; None when the words after
    the number are no unit."""
    unit = unit.strip()
    if not unit:
        return number.normalize(), None, None
    found = read_unit(unit)
    if found is None:
        return None
    return (number * found.factor).normalize(), found.dims, unit


def _date(text: str) -> Value | None:
    for pattern in _DATE_PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        groups = match.groupdict()
        year = int(groups["y"]) if groups.get("y") else None
        if year is not None and (groups.get("era") or "").casefold() in _BEFORE_COMMON_ERA:
            year = -year
        month = int(groups["m"]) if groups.get("m") else None
        day = int(groups["d"]) if groups.get("d") else None
        if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
            return None
        return Value("date", (year, month, day))
    return None


def _number(text: str) -> Value | None:
    if _RATIO.match(text):
        terms = tuple(Decimal(t).normalize() for t in re.split(r"\s*[:∶比]\s*", text))
        return Value("ratio", terms, written=terms)
    per_minute = _PER_MINUTE.match(text)
    if per_minute is not None:  # `每分钟60到100次`: a rate
        inner = _number((per_minute["rest"] or per_minute["rest2"]).strip())
        if inner is None or inner.unit is not None:
            return None
        rate = read_unit("次/分")
        assert rate is not None
        return Value(inner.kind, tuple(p * rate.factor for p in inner.parts), rate.dims, "次/分", inner.parts)  # type: ignore[operator]
    if (match := _FRACTION.match(text)) is not None:
        value = (Decimal(match["n"]) / Decimal(match["d"])).normalize()
        return Value("number", (value,), written=(value,))
    # `1e-5`, `2×10^-5 C`: the minus of an exponent, not a range from `1e` to 5.
    single = _SINGLE.match(text) if _NEGATIVE_EXPONENT.search(text) else None
    if single is None and (match := _RANGE.match(text)) is not None:
        low, high = _number_of(match["a"]), _number_of(match["b"])
        unit = match["ub"].strip() or match["ua"].strip()
        if low is None or high is None:
            return None
        if match["ua"].strip() and match["ub"].strip() and read_unit(match["ua"]) != read_unit(match["ub"]):
            return None
        a, b = _scaled(low, unit), _scaled(high, unit)
        if a is None or b is None:
            return None
        return Value("range", (a[0], b[0]), a[1], a[2], (low.normalize(), high.normalize()))
    if (match := _SINGLE.match(text)) is not None:
        number = _number_of(match["a"])
        scaled = _scaled(number, match["ua"]) if number is not None else None
        if scaled is None or number is None:
            return None
        return Value("number", (scaled[0],), scaled[1], scaled[2], (number.normalize(),))
    return None


@lru_cache(maxsize=4096)
def read_value(text: str) -> Value | None:
    """The value a short text gives, with nothing else in it but `约`, `左右` or the steps that lead to it;
    None when it is not just a value (`F1 分数`, `5G 网络`, `INT8`)."""
    folded = _folded(text)
    if not folded or not re.search(r"\d", folded):
        return None
    if (worked := _RESULT.match(folded)) is not None and re.search(r"\d", worked["tail"]):
        folded = worked["tail"].strip()
    folded = _APPROX_TAIL.sub("", _APPROX.sub("", folded)).strip()
    try:
        return _date(folded) or _number(folded)
    except (InvalidOperation, OverflowError):
        return None


_NAME_DOTS = re.compile("[·・•‧]")
_NUMERALS = re.compile(rf"{_NUMBER}|[零〇一二两三四五六七八九十百千万亿]+")


def _number_text(found: str) -> str:
    if found[0].isdecimal():
        return str(Decimal(found).normalize())
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return str(Decimal(cn2an.cn2an(found, "smart")).normalize())
    except (ValueError, KeyError, IndexError, InvalidOperation):
        return found  # numerals cn2an does not read as one number: compared as written


@lru_cache(maxsize=8192)
def in_digits(text: str) -> str:
    """The text with every number written in digits (`牛顿第二定律` -> `牛顿第2定律`)."""
    return _NUMERALS.sub(lambda m: _number_text(m[0]), unicodedata.normalize("NFKC", text))


@lru_cache(maxsize=8192)
def numbers_in(text: str) -> tuple[str, ...]:
    """The numbers written in a text, in digits or Chinese numerals (`第二` is 2), decimal points kept
    (`22.4` is not `224`): a typo never changes one."""
    plain = _NAME_DOTS.sub("", unicodedata.normalize("NFKC", text))  # 九·一八 is 918, as 9·18 is
    plain = _THOUSANDS.sub("", plain)  # 1,024 is 1024
    return tuple(_number_text(found) for found in _NUMERALS.findall(plain))


def unit_at(text: str) -> tuple[tuple[int, ...], str] | None:
    """The unit a prompt writes right after its blank (`___次/分。`, `___位`): its dimension and the words,
    or None."""
    folded = unicodedata.normalize("NFKC", text).lstrip()
    words = re.match(r"[^\s,，。.;；:：、)）(（]{1,12}", folded)
    if words is None:
        return None
    for end in range(len(words[0]), 0, -1):
        if (unit := read_unit(words[0][:end])) is not None:
            return unit.dims, words[0][:end]
    return None
