"""Units read as a dimension and a factor: `km`, `千米` and `公里` are 1000 m, `kW·h` is 3.6×10^6 J, `米每秒`
is m/s, `mA` is not `MA`. A unit is a product of known units with powers (`m/s²`, `N·m`, `kWh`, `平方米`).

A short table of our own rather than a units library (pint): the Chinese names (伏, 安, 千瓦时, 公里) must be
listed anyway, a fill key needs a few dozen units, and the table reads in microseconds at start-up where a
library's registry takes a large fraction of a second and reads spellings a learner never means (`a` as a
year, `c` as the speed of light). See docs/grading.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

__all__ = ["Unit", "read_unit"]

# Base dimensions: length, mass, time, current, temperature, amount, a count (次), information, angle, a
# level on a logarithmic scale (dB: compared as written, never converted), and frames (帧, of a film or a
# screen: a count of their own, so that 24 帧 is never 24 次).
_AXES = ("L", "M", "T", "I", "K", "N", "count", "info", "angle", "level", "frame")
Dims = tuple[int, ...]


def _dims(**powers: int) -> Dims:
    return tuple(powers.get(axis, 0) for axis in _AXES)


@dataclass(frozen=True, slots=True)
class Unit:
    dims: Dims
    factor: Decimal  # to the base units of its dimension (m, kg, s, A, K, mol, 次, bit, degree)

    def __mul__(self, other: Unit) -> Unit:
        return Unit(tuple(a + b for a, b in zip(self.dims, other.dims, strict=True)), self.factor * other.factor)

    def __pow__(self, power: int) -> Unit:
        return Unit(tuple(a * power for a in self.dims), self.factor**power)

    @property
    def dimensionless(self) -> bool:
        return not any(self.dims)


_ONE = Unit(_dims(), Decimal(1))
_SYMBOLS: dict[str, Unit] = {}  # case kept: `mA` is milli, `MW` mega
_NAMES: dict[str, Unit] = {}  # Chinese and English names, matched case-insensitively

_PREFIXES = {"G": "1e9", "M": "1e6", "k": "1e3", "h": "1e2", "d": "0.1", "c": "0.01", "m": "1e-3", "μ": "1e-6"}
_PREFIXES |= {"u": "1e-6", "n": "1e-9", "p": "1e-12"}


def _base(symbol: str, unit: Unit, prefixes: str = "", *names: str) -> None:
    _SYMBOLS[symbol] = unit
    for prefix in prefixes:
        _SYMBOLS[prefix + symbol] = Unit(unit.dims, unit.factor * Decimal(_PREFIXES[prefix]))
    for name in names:
        _NAMES[name.casefold()] = unit


def _named(unit: Unit, *names: str) -> None:
    for name in names:
        _NAMES[name.casefold()] = unit


def _scaled(unit: Unit, factor: str) -> Unit:
    return Unit(unit.dims, unit.factor * Decimal(factor))


METRE, KILOGRAM, SECOND = Unit(_dims(L=1), Decimal(1)), Unit(_dims(M=1), Decimal(1)), Unit(_dims(T=1), Decimal(1))
AMPERE, KELVIN, MOLE = Unit(_dims(I=1), Decimal(1)), Unit(_dims(K=1), Decimal(1)), Unit(_dims(N=1), Decimal(1))
TIMES, BIT, DEGREE = Unit(_dims(count=1), Decimal(1)), Unit(_dims(info=1), Decimal(1)), Unit(_dims(angle=1), Decimal(1))
DECIBEL = Unit(_dims(level=1), Decimal(1))
NEWTON = KILOGRAM * METRE * SECOND**-1 * SECOND**-1
JOULE = NEWTON * METRE
WATT = JOULE * SECOND**-1
VOLT = WATT * AMPERE**-1
LITRE = _scaled(METRE**3, "0.001")

_base("m", METRE, "kdcmμun", "米", "metre", "metres", "meter", "meters")
_base("g", _scaled(KILOGRAM, "0.001"), "kmμu", "克", "gram", "grams")
_base("t", _scaled(KILOGRAM, "1000"), "", "吨", "ton", "tons", "tonne", "tonnes")
_base("s", SECOND, "mμunp", "秒", "second", "seconds", "sec")
_base("min", _scaled(SECOND, "60"), "", "分钟", "minute", "minutes")
_base("h", _scaled(SECOND, "3600"), "", "小时", "hour", "hours", "hr")
_base("A", AMPERE, "kmμu", "安", "安培", "ampere", "amperes", "amp", "amps")
_base("K", KELVIN, "", "开尔文", "kelvin")
_base("mol", MOLE, "km", "摩尔", "mole", "moles")
_base("N", NEWTON, "k", "牛", "牛顿", "newton", "newtons")
_base("J", JOULE, "kM", "焦", "焦耳", "joule", "joules")
_base("W", WATT, "kMGm", "瓦", "瓦特", "watt", "watts")
_base("V", VOLT, "km", "伏", "伏特", "volt", "volts")
_base("Ω", VOLT * AMPERE**-1, "kM", "欧", "欧姆", "ohm", "ohms")
_base("C", AMPERE * SECOND, "mμunp", "库", "库仑", "coulomb", "coulombs")
_base("F", AMPERE * SECOND * VOLT**-1, "mμunp", "法", "法拉", "farad", "farads")
_base("Pa", NEWTON * METRE**-2, "hkM", "帕", "帕斯卡", "pascal", "pascals")
_base("Hz", SECOND**-1, "kMG", "赫", "赫兹", "hertz")
_base("bar", _scaled(NEWTON * METRE**-2, "1e5"), "m", "巴")
_base("atm", _scaled(NEWTON * METRE**-2, "101325"), "", "标准大气压", "atmosphere", "atmospheres")
_base("psi", _scaled(NEWTON * METRE**-2, "6894.757293168"), "k")
_base("mmHg", _scaled(NEWTON * METRE**-2, "133.322387415"), "", "毫米汞柱")
_base("L", LITRE, "dm", "升", "公升", "liter", "liters", "litre", "litres")
_base("l", LITRE, "m")
_base("bit", BIT, "", "位", "比特", "bits")
_base("B", _scaled(BIT, "8"), "", "字节", "byte", "bytes")
for _prefix, _power in (("K", 1), ("k", 1), ("M", 2), ("G", 3), ("T", 4)):
    _SYMBOLS[_prefix + "B"] = _scaled(BIT, str(8 * 1024**_power))
    _SYMBOLS[_prefix + "b"] = _scaled(BIT, str(1024**_power))
_base("℃", KELVIN, "", "°C", "摄氏度")  # a difference or a reading on one scale: never converted to K
_base("°", DEGREE, "")
_base("dB", DECIBEL, "", "分贝", "decibel", "decibels")
_SYMBOLS["cc"] = _SYMBOLS["mL"]
_SYMBOLS["kWh"] = _SYMBOLS["kW"] * _SYMBOLS["h"]
_SYMBOLS["%"] = _scaled(_ONE, "0.01")
_SYMBOLS["‰"] = _scaled(_ONE, "0.001")
_named(_SYMBOLS["%"], "percent")
_named(_scaled(METRE, "1000"), "千米", "公里", "kilometre", "kilometres", "kilometer", "kilometers")
_named(_scaled(METRE, "0.01"), "厘米", "centimetre", "centimeter", "centimeters", "centimetres")
_named(_scaled(METRE, "0.001"), "毫米", "millimetre", "millimeter", "millimeters", "millimetres")
_named(_scaled(METRE, "1e-6"), "微米")
_named(_scaled(METRE, "1e-9"), "纳米")
_named(KILOGRAM, "千克", "公斤", "kilogram", "kilograms")
_named(_scaled(KILOGRAM, "1e-6"), "毫克", "milligram", "milligrams")
_named(_scaled(KILOGRAM, "1e-9"), "微克")
_named(_scaled(SECOND, "0.001"), "毫秒")
_named(_scaled(SECOND, "86400"), "天", "day", "days")
_named(_scaled(AMPERE, "0.001"), "毫安")
_named(_scaled(VOLT, "1000"), "千伏")
_named(_scaled(VOLT, "0.001"), "毫伏")
_named(_scaled(WATT, "1000"), "千瓦", "kilowatt", "kilowatts")
_named(_scaled(WATT, "1e6"), "兆瓦")
_named(_scaled(JOULE, "1000"), "千焦")
_named(_scaled(JOULE, "3.6e6"), "千瓦时", "千瓦·时")
_named(_scaled(NEWTON, "1000"), "千牛")
_named(_scaled(VOLT * AMPERE**-1, "1000"), "千欧")
_named(_scaled(NEWTON * METRE**-2, "1000"), "千帕")
_named(_scaled(NEWTON * METRE**-2, "1e6"), "兆帕")
_named(_scaled(SECOND**-1, "1000"), "千赫")
_named(_scaled(SECOND**-1, "1e6"), "兆赫")
_named(_scaled(LITRE, "0.001"), "毫升", "milliliter", "milliliters", "millilitre", "millilitres")
_named(METRE**3, "立方米")
_named(_scaled(METRE**3, "1e-6"), "立方厘米")
_named(LITRE, "立方分米")
_named(METRE**2, "平方米")
_named(_scaled(METRE**2, "1e6"), "平方千米", "平方公里")
_named(_scaled(METRE**2, "1e4"), "公顷")
_named(TIMES, "次", "times")
FRAME = Unit(_dims(frame=1), Decimal(1))
_named(FRAME, "帧", "frame", "frames")
_SYMBOLS["fps"] = FRAME * SECOND**-1  # frames per second
_named(_scaled(METRE, "9.46e15"), "光年", "light-year", "light-years", "light year", "light years", "ly")
_named(_scaled(METRE, "1.496e11"), "天文单位", "au")
_named(_scaled(TIMES * SECOND**-1, str(Decimal(1) / Decimal(60))), "bpm")

# Case folded where no two units meet there (`kw` is kW, `kv` kV; `mw` could be mW or MW and is not read),
# and never a single letter.
_FOLDED: dict[str, Unit] = {}
_CLASHES: set[str] = set()
for _symbol, _unit in _SYMBOLS.items():
    if len(_symbol) < 2:
        continue  # one letter is read only as written: `n` is no newton, `s` no S
    _key = _symbol.casefold()
    if _key in _FOLDED and _FOLDED[_key] != _unit:
        _CLASHES.add(_key)
    _FOLDED.setdefault(_key, _unit)
for _key in _CLASHES:
    del _FOLDED[_key]

_MINUTE = _SYMBOLS["min"]
_HOUR = _SYMBOLS["h"]
# After a slash or 每, a lone 分 is a minute and a lone 时 an hour (`次/分`, `千米每时`).
_PER_CHAR = {"分": _MINUTE, "时": _HOUR}
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_POWER = re.compile(r"^(?P<unit>.+?)(?:\^|\*\*)?(?P<power>-?[23])$")
_SQUARE = re.compile(r"^(?P<kind>平方|立方)(?P<unit>.+)$")
_DIVIDE = re.compile(r"\s*(?:/|每)\s*")
_MULTIPLY = re.compile(r"\s*[·⋅•*×.\s]\s*")
_PER_AMOUNT = re.compile(r"^(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>\D.*)$")
_LONGEST = 8  # characters of the longest spelling


def _one(text: str) -> Unit | None:
    """One unit, perhaps with a power (`m²`, `s^2`, `平方米`)."""
    if not text:
        return None
    found = _SYMBOLS.get(text) or _NAMES.get(text.casefold()) or _FOLDED.get(text.casefold())
    if found is not None:
        return found
    if (square := _SQUARE.match(text)) is not None and (inner := _one(square["unit"])) is not None:
        return inner ** (2 if square["kind"] == "平方" else 3)
    if (power := _POWER.match(text)) is not None and (inner := _one(power["unit"])) is not None:
        return inner ** int(power["power"])
    return _glued(text)


def _glued(text: str) -> Unit | None:
    """Units written together without a dot (`kWh`, `Nm`): the fewest known spellings that make the text."""
    best: list[Unit | None] = [_ONE] + [None] * len(text)
    counts = [0] + [0] * len(text)
    for end in range(1, len(text) + 1):
        for start in range(max(0, end - _LONGEST), end):
            head = best[start]
            piece = text[start:end]
            unit = _SYMBOLS.get(piece) or _NAMES.get(piece.casefold())
            if head is None or unit is None or (start == 0 and end == len(text)):
                continue
            if best[end] is None or counts[start] + 1 < counts[end]:
                best[end], counts[end] = head * unit, counts[start] + 1
    return best[-1] if counts[-1] >= 2 else None


@lru_cache(maxsize=4096)
def read_unit(text: str) -> Unit | None:
    """The unit a text names (`km`, `千瓦时`, `m/s`, `米每秒`, `N/kg`, `kW·h`), or None."""
    text = text.translate(_SUPERSCRIPT).strip()
    if not text or len(text) > 24:
        return None
    parts = _DIVIDE.split(text)
    if len(parts) > 3 or not all(parts):
        return None
    total = _ONE
    for i, part in enumerate(parts):
        unit = _PER_CHAR[part] if i and part in _PER_CHAR else _one(part)
        if unit is None and i and (per := _PER_AMOUNT.match(part)) is not None:  # `mg/100mL`
            inner = _one(per["unit"])
            unit = Unit(inner.dims, inner.factor * Decimal(per["n"])) if inner is not None else None
        if unit is None:
            factors = [_one(p) for p in _MULTIPLY.split(part)]
            if len(factors) < 2 or any(f is None for f in factors):
                return None
            unit = _ONE
            for factor in factors:
                unit = unit * factor  # type: ignore[operator]
        total = total * (unit if i == 0 else unit**-1)
    return total
