"""The values of a case answer: what a sub-question that asks for a number, a list or a genotype is answered
with, and which sub-answer of a reply answers which sub-question.

A point of the reference whose clauses give a result (`W=Fs=500 N×20 m=1×10^4 J`, `概率为1/4（25%）`,
`[1, 1, 3, 4, 5]`, `都是Aa`) is credited by that result, in any notation and unit (`10000J`, `1/4`, `25%`),
and not credited when the reply answers it with another value (`F=50N` where the reference derives 500 N):
a right word beside a wrong result does not make the point. Operands (what stands before `=`) and the
question's own numbers are no results.

A reply that numbers its answers (`1. Aa 2. 1/4 3. 2/3`, also `1.3750 2.53750`) or gives exactly one part per
point (`Aa和Aa，25%，三分之二`) answers each point with its own part.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
import warnings
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

import cn2an

from bot.grading.quantities import read_value
from bot.grading.units import read_unit

__all__ = ["CaseValue", "agreement", "result_values", "segments", "values_in", "without_values"]


@dataclass(frozen=True, slots=True)
class CaseValue:
    """A number in base units with its unit's dimension (None without one; `word` for a measure word such as
    元 or 分), or a literal (a list, a ratio, a genotype) compared as written."""

    number: Decimal | None = None
    dims: tuple[int, ...] | None = None
    word: str = ""
    literal: str = ""
    written: Decimal | None = None  # the number as written, before its unit scaled it


_SUPERSCRIPTS = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_LIST = re.compile(r"\[[^\[\]]{0,80}\]")
_RATIO = re.compile(r"(?<![\d.])\d+(?:\s*[:∶]\s*\d+)+(?![\d.])")
# Allele pairs (`Aa`, `AA`, `aa`, `AaBb`): one letter twice, in any case, as a word of its own.
_GENOTYPE = re.compile(r"(?<![A-Za-z])(?:([A-Za-z])(?i:\1))+(?![A-Za-z])")
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])-?\d+(?:\.\d+)?(?:\s*[×xX*]\s*10\s*\^\s*-?\d+|[eE]-?\d+|\s*/\s*\d+)?(?:万亿|亿|万)?%?"
    r"(?P<unit>\s?(?:[A-Za-zΩμ°℃/][A-Za-zΩμ°℃/·²³^0-9]{0,11}|[\u4e00-\u9fff]{1,4}))?"
)
_WORD_UNITS = ("元", "万元", "分", "年", "次", "个", "岁", "天", "倍", "人", "条", "只", "位", "项", "种", "次方")
_BRACKET = re.compile(r"[(（][^()（）]*[)）]")
_CHAIN = re.compile(r"[=≈→]")
# The numbers of a list (`1. 使用量化工具`, `（2）`, `3、`) are no values.
_ENUMERATOR = re.compile(r"(?:^|(?<=[\s。；;，,：:\-•]))(?:[(（]\d{1,2}[)）]|\d{1,2}[.．、)）](?!\d))")


_CHINESE_NUMERALS = re.compile("[零〇一二两三四五六七八九十百千万亿]")


def _folded(text: str) -> str:
    text = _SUPERSCRIPTS.sub(lambda m: "^" + m[0].translate(_SUPERSCRIPT), text)
    text = unicodedata.normalize("NFKC", text)
    if not _CHINESE_NUMERALS.search(text):
        return text  # most replies: nothing for cn2an to read
    # 三分之二 -> 2/3, 百分之二十五 -> 25%; a word that holds a numeral (三角洲, 一致, 四面) is kept as written.
    return "".join(piece if word else _cn2an(piece) for piece, word in _numeral_words_apart(text))


def _cn2an(text: str) -> str:
    with contextlib.suppress(ValueError, KeyError, IndexError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(cn2an.transform(text, "cn2an"))
    return text


# A numeral's run at the start of a word (`第三`, `二十五`, `三分之二`, `三点五`) and the measure words after which
# the word is a count (`两个`, `五年`, `三千米`); what else follows makes a word of its own (`三角洲`, `一般`).
_NUMERAL_RUN = re.compile(
    "^第?[零〇一二两三四五六七八九十百千万亿]+(?:(?:点|分之)[零〇一二两三四五六七八九十百千万亿]+)*"
)
_MEASURES = frozenset("个次种条项倍元分年月日天岁人只位号层座件本张块度周名台辆株棵头匹粒滴杯瓶包袋组对双")
_MEASURES |= frozenset("套段节步代轮届成秒时克升米吨斤亩点针口根颗片份户家所间栋")


def _numeral_words_apart(text: str) -> list[tuple[str, bool]]:
    """The text in pieces, each marked True where it is a word of the dictionary that holds a numeral without
    being a number or a count (`三角洲`, `一致同意`, `统一`, `二氧化碳`): cn2an would read 3角洲 there."""
    import rjieba  # loaded at the first case answer, as the case grader loads it

    pieces: list[tuple[str, bool]] = []
    for token in rjieba.cut(text):
        word = bool(_CHINESE_NUMERALS.search(token)) and _not_a_number(token)
        if pieces and not word and not pieces[-1][1]:
            pieces[-1] = (pieces[-1][0] + token, False)
        else:
            pieces.append((token, word))
    return pieces


def _not_a_number(token: str) -> bool:
    run = _NUMERAL_RUN.match(token)
    if run is None:
        return len(token) > 1  # the numeral inside the word (`统一`, `唯一`, `日积月累`)
    rest = token[run.end() :]
    if not rest or rest[0] in _MEASURES or rest in _WORD_UNITS:
        return False
    return not any(read_unit(rest[:end]) for end in range(len(rest), 0, -1))


def _number(token: str, unit_text: str) -> CaseValue | None:
    unit_text = unit_text.strip()
    for end in range(len(unit_text), -1, -1):  # the longest unit the words after the number begin with
        unit = unit_text[:end]
        if unit and not (read_unit(unit) or unit in _WORD_UNITS):
            continue
        word = bool(unit) and read_unit(unit) is None  # a measure word: 3750元, 6分, 4.2年
        value = read_value(token if word else token + unit)
        if value is None or value.kind != "number" or not isinstance(value.parts[0], Decimal):
            continue
        written = value.written[0] if value.written and isinstance(value.written[0], Decimal) else None
        if word:
            return CaseValue(value.parts[0], None, unit, written=written)
        return CaseValue(value.parts[0], value.dimension, written=written)
    return None


@lru_cache(maxsize=4096)
def values_in(text: str) -> tuple[CaseValue, ...]:
    """Every value a text writes, in order, without the values inside brackets (they explain)."""
    text = _folded(_BRACKET.sub(" ", text) if "[" not in text else text)
    text = _ENUMERATOR.sub(" ", text)
    found: list[CaseValue] = []
    for match in _LIST.finditer(text):
        found.append(CaseValue(literal=re.sub(r"\s+", "", match[0])))
    text = _LIST.sub(" ", text)
    for match in _RATIO.finditer(text):
        found.append(CaseValue(literal=re.sub(r"\s+|∶", lambda m: ":" if m[0] == "∶" else "", match[0])))
    text = _RATIO.sub(" ", text)
    for match in _GENOTYPE.finditer(text):
        found.append(CaseValue(literal=match[0]))
    for match in _NUMBER.finditer(_GENOTYPE.sub(" ", text)):
        unit = match["unit"] or ""
        token = match[0][: len(match[0]) - len(unit)]
        value = _number(token.replace(" ", ""), unit)
        if value is not None and not _an_article(value):
            found.append(value)
    return tuple(found)


def without_values(text: str) -> str:
    """The words of a text around its values (brackets, lists, ratios, genotypes, numbers and units out)."""
    text = _ROUND.sub(" ", unicodedata.normalize("NFKC", text))
    for pattern in (_LIST, _RATIO, _GENOTYPE, _NUMBER):
        text = pattern.sub(" ", text)
    return re.sub(r"[=≈→×*/+\-^:：]", " ", text)


def _an_article(value: CaseValue) -> bool:
    """`一个`, `一次`, `一种` (read by cn2an as 1个): a word of the sentence, not a value it gives."""
    return value.number == 1 and (bool(value.word) or (value.dims is not None and any(value.dims[6:7])))


_ROUND = re.compile(r"[(（](?P<inner>[^()（）]*)[)）]")
_VALUE_END = re.compile(r"[\d%²³\]]\s*[A-Za-zΩμ°℃/·^\u4e00-\u9fff]{0,6}\s*$")
_RESULT_CLAUSE = re.compile(r"[。；;！!？?\n，]+|,\s")


def result_values(line: str, question: str = "") -> tuple[CaseValue, ...]:
    """The results a line of the reference gives: in each clause what follows its last `=`/`≈`/`→` (the
    operands before it are no answer), or every value of a clause without one, the question's own values
    left out. A bracket explains and is left out, unless it follows a result: then it gives the same result in
    another notation (`1/4（25%）`, `9.45×10¹² km（约9.46×10¹²千米）`)."""
    alternatives: list[CaseValue] = []
    for match in _ROUND.finditer(line):
        inner = re.sub(r"^(?:约为|约|即|或)", "", match["inner"].strip())
        if _VALUE_END.search(line[: match.start()]) and not without_values(inner).strip():
            alternatives.extend(v for v in values_in(inner) if v.number is not None)
    out: list[CaseValue] = [CaseValue(literal=re.sub(r"\s+", "", m[0])) for m in _LIST.finditer(line)]
    plain = _LIST.sub(" ", _ROUND.sub(" ", line))
    for clause in _RESULT_CLAUSE.split(plain):
        if _CHAIN.search(clause):
            clause = _CHAIN.split(clause)[-1]
        out.extend(values_in(clause))
    asked = set(values_in(question)) if question else set()
    return tuple(dict.fromkeys(v for v in [*out, *alternatives] if v not in asked))


def agreement(said: tuple[CaseValue, ...], wanted: tuple[CaseValue, ...], loose: bool) -> float | None:
    """1.0 when the reply gives one of the wanted results, 0.5 when it gives the number without the unit the
    result has (`9.46×10^12` for 9.46×10^12 km), 0.0 when it answers with a value of the same quantity and
    none agrees (`50N` for 500 N), None when it gives no value of that quantity (the words decide). `loose`:
    the reply's part answers this point alone (a numbered sub-answer), so any value it gives is its answer."""
    best: float | None = None
    for value in said:
        for result in wanted:
            if value.literal or result.literal:
                if value.literal and result.literal and _same_kind(value.literal, result.literal):
                    if value.literal == result.literal:
                        return 1.0
                    best = 0.0 if best is None else best
                continue
            credit = _number_agrees(value, result, loose)
            if credit == 1.0:
                return 1.0
            if credit is not None:
                best = credit if best is None else max(best, credit)
    return best


def _number_agrees(value: CaseValue, result: CaseValue, loose: bool) -> float | None:
    """1.0, 0.5 (the number without its unit), 0.0 (another value of the same quantity), or None when the
    value is of another quantity (then it says nothing of this result). `loose`: a number without a unit
    is of the result's quantity (a numbered sub-answer is)."""
    if result.dims is not None and any(result.dims):  # a result with a unit of measurement
        if value.dims == result.dims:
            return 1.0 if value.number == result.number else 0.0
        if value.dims is None and not value.word and loose:
            return 0.5 if value.number == result.written else 0.0
        return 0.0 if loose else None
    if value.dims is not None and any(value.dims):
        return 0.0 if loose else None  # a unit of measurement where the result has none: another quantity
    if value.word and result.word and value.word != result.word:
        return 0.0 if loose else None
    if not loose and not (value.word and value.word == result.word):
        # A bare number in running text says no result unless it is one no sentence writes by chance.
        telling = value.number is not None and (abs(value.number) >= 10 or value.number != value.number.to_integral())
        return 1.0 if telling and value.number == result.number else None
    return 1.0 if value.number == result.number else 0.0


def _same_kind(a: str, b: str) -> bool:
    """Two lists, two ratios or two genotypes: one answers where the other is asked."""
    return (a[0] == "[") == (b[0] == "[") and (":" in a) == (":" in b)


_MARK = r"(?:[(（]\s*{n}\s*[)）]|(?<![\d.]){n}\s*[.．、:：)）]|第{n}[问题小])"
# A mark of bare digits (`1 强酸 2 石灰`, `1水汽多\n2进屋`): read only when every point has one, in order, the
# first opening the reply, each at the start or after a space and followed by a word, not a number or a
# measure word (`2 个`).
_BARE_MARK = r"(?:^|(?<=\s)){n}(?:\s+(?=[^\d\s.．])|(?=[\u4e00-\u9fff]))(?![个次种条项倍元米克年月日号位])"
_SHORT_REPLY = 120  # parts without numbers stand for the points only in a reply of short answers
_PARTS = re.compile(r"\s*(?:[;；|\n]|\s/\s|[，,](?!\d))\s*")


@lru_cache(maxsize=32)
def _marks(count: int) -> tuple[list[re.Pattern[str]], list[re.Pattern[str]]]:
    """The marks of points 1..count, and the same not followed by a digit (`2.8` may be a number)."""
    marks = [re.compile(_MARK.format(n=n)) for n in range(1, count + 1)]
    return marks, [re.compile(_MARK.format(n=n) + r"(?!\d)") for n in range(1, count + 1)]


@lru_cache(maxsize=32)
def _bare_marks(count: int) -> list[re.Pattern[str]]:
    return [re.compile(_BARE_MARK.format(n=n)) for n in range(1, count + 1)]


def _bare_starts(text: str, count: int) -> list[tuple[int, int, int]]:
    """Where each point's bare-digit mark stands, or [] unless all `count` do, in order, from the start."""
    starts: list[tuple[int, int, int]] = []
    pos = 0
    for n, mark in enumerate(_bare_marks(count), start=1):
        match = mark.search(text, pos)
        if match is None or (n == 1 and text[: match.start()].strip()):
            return []
        starts.append((n, match.start(), match.end()))
        pos = match.end()
    return starts


def segments(reply: str, count: int, by_parts: bool = True) -> tuple[list[str], bool] | None:
    """The reply's answer to each of `count` points, and whether it numbers them: `1. … 2. … 3. …` (in order,
    a number may be left out), or (`by_parts`) a short reply of exactly `count` parts; None otherwise."""
    if count < 2:
        return None
    text = unicodedata.normalize("NFKC", reply)
    marks, clear = _marks(count)
    if any(len(mark.findall(text)) > 1 for mark in clear):
        return None  # numbers used twice (steps under points, a list in a list): no numbered sub-answers
    starts: list[tuple[int, int, int]] = []  # (point, where the mark starts, where its answer starts)
    pos = 0
    for n, mark in enumerate(marks, start=1):
        match = mark.search(text, pos)
        if match is None:
            continue
        starts.append((n, match.start(), match.end()))
        pos = match.end()
    if not starts:
        starts = _bare_starts(text, count)
    if starts and not text[: starts[0][1]].strip():
        out = [""] * count
        for i, (n, _, begin) in enumerate(starts):
            end = starts[i + 1][1] if i + 1 < len(starts) else len(text)
            out[n - 1] = text[begin:end].strip(" ,，;；")
        return out, True
    if len(text) > _SHORT_REPLY or not by_parts:
        return None
    parts = [p for p in _PARTS.split(text.strip()) if p]
    return (parts, False) if len(parts) == count else None
