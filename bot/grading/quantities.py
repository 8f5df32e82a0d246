"""Numbers, dates, ranges and units read as values: `二十二点四升` is 22.4 L, `1919.5.4` is 1919年5月4日,
`60到100` is 60-100, `221 BC` is 公元前221年. A key made of one such value is compared by value, never by
typo tolerance: a digit, a decimal point, a unit or a part of a date changes the fact.

Chinese numerals are read by cn2an. The units are a short table of our own: the Chinese names (升, 毫升,
公里) must be listed anyway, and a handful of factors is all a fill key needs.
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

__all__ = ["Value", "in_digits", "numbers_in", "read_value", "unit_at"]

# Unit spellings -> (dimension, factor to the dimension's base unit). Longest spellings are tried first.
_UNITS: dict[str, tuple[str, Decimal]] = {}


def _unit(dimension: str, factor: str, *spellings: str) -> None:
    for spelling in spellings:
        _UNITS[spelling] = (dimension, Decimal(factor))


_unit("volume", "1", "l", "升", "公升", "dm3", "dm³", "立方分米", "liter", "liters", "litre", "litres")
_unit("volume", "0.001", "ml", "毫升", "cm3", "cm³", "立方厘米", "cc", "milliliter", "milliliters")
_unit("volume", "1000", "m3", "m³", "立方米")
_unit("length", "1000", "km", "千米", "公里")
_unit("length", "1", "m", "米")
_unit("length", "0.01", "cm", "厘米")
_unit("length", "0.001", "mm", "毫米")
_unit("mass", "1000", "kg", "千克", "公斤")
_unit("mass", "1", "g", "克")
_unit("mass", "0.001", "mg", "毫克")
_unit("time", "1", "s", "秒")
_unit("time", "60", "min", "分钟")
_unit("time", "3600", "h", "小时")
_unit("rate", "1", "次/分", "次/分钟", "次/min", "次每分钟", "次每分", "bpm", "/min", "/分")
_unit("count", "1", "次")
_unit("pressure", "1", "kpa", "千帕")
_unit("temperature", "1", "℃", "°c", "摄氏度")
_unit("percent", "1", "%", "％", "percent")
_UNIT_RE = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))

_NUMBER = r"\d+(?:\.\d+)?"
# About, roughly, usually: they do not change the value a reply gives.
_APPROX = re.compile(
    r"^(?:一般|通常|正常|大约|大概|约为|约|差不多|approximately|approx\.?|about|around|~)+(?:是|为)?\s*"
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
    re.compile(r"^(?P<y>\d{1,4})\s*(?P<era>bce|bc|ad|ce)\.?$"),
    re.compile(r"^(?P<era>ad)\s*(?P<y>\d{1,4})$"),
    re.compile(r"^(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]$"),
)
_BEFORE_COMMON_ERA = frozenset({"公元前", "前", "bc", "bce"})
_RANGE = re.compile(
    rf"^(?P<a>{_NUMBER})\s*(?P<ua>{_UNIT_RE})?\s*(?:-|~|–|—|到|至|to)\s*(?P<b>{_NUMBER})\s*(?P<ub>{_UNIT_RE})?$"
)
_SINGLE = re.compile(rf"^(?P<a>-?{_NUMBER})\s*(?P<ua>{_UNIT_RE})?$")
_FRACTION = re.compile(r"^(?P<n>-?\d+)\s*/\s*(?P<d>[1-9]\d*)$")  # 1/2 (cn2an writes 二分之一 so)
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_BETWEEN = re.compile(rf"^between\s+(?P<a>{_NUMBER})\s+and\s+(?P<b>{_NUMBER})")
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
    match = _MONTH_DAY_YEAR.match(text) or _DAY_MONTH_YEAR.match(text)
    if match is None:
        return text
    month = next(i for i, m in enumerate(_MONTHS, start=1) if m.startswith(match["m"][:3]))
    return f"{match['y']}年{month}月{match['d']}日"


@dataclass(frozen=True, slots=True)
class Value:
    """What a text says as a value: a date (year, month, day; a year before the common era negative),
    a number or a range, in the base unit of its dimension; `unit` as written (None without one)."""

    kind: str  # date | number | range
    parts: tuple[Decimal | int | None, ...]
    dimension: str | None = None
    unit: str | None = None

    def same(self, other: Value) -> bool:
        """The same fact; a unit missing on one side is judged by the caller (the prompt may give it)."""
        if self.kind != other.kind:
            return False
        if self.dimension and other.dimension and self.dimension != other.dimension:
            return False
        return self.parts == other.parts


def _folded(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold().strip()
    text = _APPROX_TAIL.sub("", _APPROX.sub("", text)).strip()  # before cn2an reads 一般 as 1般
    text = _THOUSANDS.sub("", text)  # 6,300 is 6300
    text = _BETWEEN.sub(r"\g<a>-\g<b>", text)  # between 60 and 100
    text = _english_date(text)
    with contextlib.suppress(ValueError, KeyError, IndexError), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # cn2an warns of what it cannot read, and leaves it as written
        text = cn2an.transform(text, "cn2an")
    return re.sub(r"[。！!？?，,；;]+$", "", text).strip()


def _scaled(number: str, unit: str | None) -> tuple[Decimal, str | None]:
    value = Decimal(number)
    if unit is None:
        return value.normalize(), None
    dimension, factor = _UNITS[unit]
    return (value * factor).normalize(), dimension


def _date(text: str) -> Value | None:
    for pattern in _DATE_PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        groups = match.groupdict()
        year = int(groups["y"]) if groups.get("y") else None
        if year is not None and groups.get("era") in _BEFORE_COMMON_ERA:
            year = -year
        month = int(groups["m"]) if groups.get("m") else None
        day = int(groups["d"]) if groups.get("d") else None
        if (month is not None and not 1 <= month <= 12) or (day is not None and not 1 <= day <= 31):
            return None
        return Value("date", (year, month, day))
    return None


def _number(text: str) -> Value | None:
    per_minute = _PER_MINUTE.match(text)
    if per_minute is not None:  # `每分钟60到100次`: a rate
        inner = _number((per_minute["rest"] or per_minute["rest2"]).strip())
        if inner is None or inner.unit is not None:
            return None
        return Value(inner.kind, inner.parts, "rate", "次/分")
    if (match := _RANGE.match(text)) is not None:
        unit = match["ub"] or match["ua"]
        if match["ua"] and match["ub"] and _UNITS[match["ua"]] != _UNITS[match["ub"]]:
            return None
        low, dimension = _scaled(match["a"], unit)
        high, _ = _scaled(match["b"], unit)
        return Value("range", (low, high), dimension, unit)
    if (match := _FRACTION.match(text)) is not None:
        return Value("number", ((Decimal(match["n"]) / Decimal(match["d"])).normalize(),))
    if (match := _SINGLE.match(text)) is not None:
        number, dimension = _scaled(match["a"], match["ua"])
        return Value("number", (number,), dimension, match["ua"])
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
    except InvalidOperation:
        return None


_NAME_DOTS = re.compile("[·・•‧]")
_NUMERALS = re.compile(rf"{_NUMBER}|[零〇一二两三四五六七八九十百千万亿]+")


def _number_text(found: str) -> str:
    if found[0].isdigit():
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
    return tuple(_number_text(found) for found in _NUMERALS.findall(plain))


def unit_at(text: str) -> tuple[str, str] | None:
    """The unit a prompt writes right after its blank (`___次/分。`): its dimension and the words, or None."""
    folded = unicodedata.normalize("NFKC", text).casefold().lstrip()
    match = re.match(_UNIT_RE, folded)
    return (_UNITS[match[0]][0], folded[: match.end()]) if match else None
