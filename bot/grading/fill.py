"""Fill-in-the-blank answers: tolerant of how a right answer is typed, strict about what it means."""

from __future__ import annotations

import contextlib
import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache

from opencc import OpenCC
from rapidfuzz.distance import OSA, Levenshtein

from bot.banks.model import Question
from bot.grading.answers import Accepted, accepted_forms, loose
from bot.grading.blank_heads import blank_heads
from bot.grading.concepts import ConceptIndex
from bot.grading.counts import count_said
from bot.grading.expressions import is_expression, operators_in, same_expression
from bot.grading.meaning import flipped
from bot.grading.name_slips import is_name, names_in, nearer_name, swapped
from bot.grading.quantities import Value, approximate, in_digits, numbers_in, read_value, unit_at
from bot.grading.restated import restated
from bot.grading.slips import erhua_dropped, in_a_word_of_the_prompt
from bot.grading.symbols import is_symbol_key, judge_marks
from bot.grading.units import Unit, read_unit
from bot.grading.verdict import Outcome, Verdict
from bot.grading.wording import core, strip_hedges
from bot.grading.years import year_said
from bot.lexicon.formulas import is_formula
from bot.lexicon.names import STANDARD, Aliases
from bot.lexicon.normalize import allowed_typos, clean, is_han, normalize, readings, strip_answer_prefix, word_readings

# Taiwan vocabulary (演算法, 資料) through OpenCC's phrase conversion; built once (loading is slow).
_TW2SP = OpenCC("tw2sp")
_S2T = OpenCC("s2t")

__all__ = ["BlankResult", "Match", "accepted_names", "grade_fill", "match_blank", "split_blanks"]


class Match(StrEnum):
    exact = "exact"
    same_concept = "same_concept"  # 结构化剪枝 for 结构剪枝, 梯度裁剪方法 for 梯度裁剪, an English name
    homophone = "homophone"  # 水平画分 for 水平划分
    typo = "typo"
    opposite = "opposite"  # a negation or an opposite word: 上游任务 for 下游任务
    lookalike = "lookalike"  # another concept of the same family
    incomplete = "incomplete"  # a part of the answer: 水平 for 水平划分
    extra = "extra"  # the answer and words that change it: 提高激活频率 for 激活频率
    close = "close"  # more edits than a typo
    wrong = "wrong"
    empty = "empty"


ACCEPTED = frozenset({Match.exact, Match.same_concept, Match.homophone, Match.typo})


@dataclass(frozen=True, slots=True)
class BlankResult:
    match: Match
    reply: str  # the normalised reply
    answer: Accepted | None  # the accepted answer it was judged against
    other: str | None = None  # the look-alike concept, in display form
    reason: tuple[str, str] = ("", "")  # opposite: (answer's words, reply's words); incomplete/extra: the words
    half: bool = False  # the key's value without the unit it writes: partly right, never right

    @property
    def ok(self) -> bool:
        return self.match in ACCEPTED

    @property
    def credit(self) -> float:
        return 1.0 if self.ok else 0.5 if self.half else 0.0


def _sounds_alike(reply: str, answer: str) -> bool:
    """Same length and every differing character can be read as the key's character is read in its word
    (a pinyin IME slip: 借穗 for 接穗, jie; not 插穗, though 接 has a rare reading cha)."""
    if len(reply) != len(answer) or reply == answer:
        return False
    usual = word_readings(answer)
    for r, a, said in zip(reply, answer, usual, strict=True):
        if r == a:
            continue
        if not (is_han(r) and is_han(a)):
            return False
        if not (said in readings(r) if said else readings(r) & readings(a)):
            return False
    return True


def _slip_in_each_script(reply: str, answer: str) -> bool:
    """The Chinese and the Latin of a reply each within a typo of the answer's: `残差连接batchnormalization`
    is no slip of 使用batchnormalization, though 4 edits are a typo's share of its 20 characters."""
    for keep in (is_han, lambda ch: not is_han(ch)):
        a, r = "".join(filter(keep, answer)), "".join(filter(keep, reply))
        if Levenshtein.distance(r, a) > allowed_typos(len(a)):
            return False
    return True


# A short Chinese name the dictionary holds as one word (黄土高原, 诉讼时效), changed (not by sound) into
# words the dictionary also holds (黄土+高坡), is another name; a slip makes no word (搜素算法), and a
# compound of words (水平划分, 教师模型) keeps its typo's share.
_SHORT_HAN = 4


@lru_cache(maxsize=4096)
def _another_word(reply: str, answer: str) -> bool:
    if not (len(answer) <= _SHORT_HAN and all(is_han(ch) for ch in answer + reply)):
        return False
    import rjieba  # loaded at the first near miss, not at start-up (its dictionary is large)

    words = rjieba.cut(reply)
    return rjieba.has_word(answer) and all(len(w) >= 2 and rjieba.has_word(w) for w in words)


_LATIN_WORDS = re.compile(r"[a-z]+(?:'[a-z]+)?")


@lru_cache(maxsize=1)
def _english_words():  # type: ignore[no-untyped-def]
    """pyspellchecker's English word list, loaded at the first English near miss (about 0.3 s)."""
    from spellchecker import SpellChecker

    return SpellChecker(distance=1)


@lru_cache(maxsize=4096)
def _another_english_word(reply: str, answer: str) -> bool:
    """A word of the reply that stands where the answer has another word, and is itself an English word
    (`effect` for affect, `decrease` for increase): another word, not a slip (`unwiling` is one)."""
    said, key = _LATIN_WORDS.findall(reply.casefold()), _LATIN_WORDS.findall(answer.casefold())
    if not said or len(said) != len(key):
        return False
    changed = [r for r, k in zip(said, key, strict=True) if r != k and not _inflected(r, k)]
    return bool(changed) and bool(_english_words().known(changed))


def _inflected(word: str, other: str) -> bool:
    """The same stem with another ending (`mitochondria`, `mitochondrion`; `layers`, `layer`)."""
    stem = next((i for i, (a, b) in enumerate(zip(word, other, strict=False)) if a != b), min(len(word), len(other)))
    return stem >= 4 and stem >= max(len(word), len(other)) - 3


_CODE = re.compile(r"[A-Za-z][A-Za-z0-9.+\-]{1,7}")


def _is_code(text: str) -> bool:
    """A formula (`NaHCO3`) or an acronym (`HTTPS`, `mRNA`): one letter off is another compound or
    another thing (`HTTP`, `tRNA`), so no slip is forgiven in it."""
    plain = "".join(text.split())
    return is_formula(plain) or (bool(_CODE.fullmatch(plain)) and sum(ch.isupper() for ch in plain) >= 2)


def _cut_short(reply: str, answer: str) -> bool:
    """A Chinese answer with characters cut off its start or end (`亚当斯` of 亚当斯密): a part, not a slip;
    what is left may name something else. (A letter missing at the end of a long English name is a slip.)"""
    if reply == answer or not (answer.startswith(reply) or answer.endswith(reply)):
        return False
    return any(is_han(ch) for ch in answer.replace(reply, "", 1))


def _is_close(reply: str, answer: str) -> bool:
    if len(reply) >= 2 and (answer in reply or reply in answer):
        return True
    return Levenshtein.normalized_similarity(reply, answer) >= 0.5


def _forms(answers: tuple[str, ...], concepts: ConceptIndex | None) -> tuple[Accepted, ...]:
    """The accepted answers of a blank and every other name of them (English/Chinese, synonyms)."""
    if concepts is None:
        return _forms_with(answers, STANDARD)
    key = ("forms", answers)
    found = concepts.memo.get(key)
    if found is None:
        found = concepts.memo[key] = _forms_with(answers, concepts.aliases)
    return found  # type: ignore[no-any-return]


def accepted_names(answers: Sequence[str], concepts: ConceptIndex | None) -> tuple[Accepted, ...]:
    """Every accepted answer of a blank and every other name of them, in comparison form."""
    return _forms(tuple(answers), concepts)


@lru_cache(maxsize=4096)
def _standard_forms(answers: tuple[str, ...]) -> tuple[Accepted, ...]:
    return _with_aliases(accepted_forms(answers), STANDARD)


def _forms_with(answers: tuple[str, ...], aliases: Aliases) -> tuple[Accepted, ...]:
    if aliases is STANDARD:
        return _standard_forms(answers)
    return _with_aliases(accepted_forms(answers), aliases)


def _with_aliases(forms: tuple[Accepted, ...], aliases: Aliases) -> tuple[Accepted, ...]:
    out = list(forms)
    seen = {f.norm for f in forms}
    for form in forms:
        for alias in sorted(aliases.of(form.norm) | aliases.of(core(form.norm))):
            if alias not in seen:
                seen.add(alias)
                out.append(Accepted(text=aliases.display.get(alias, alias), norm=alias))
    return tuple(out)


def _taiwan(text: str) -> str | None:
    """Taiwan vocabulary in mainland words (演算法 -> 算法, 資料 -> 数据), normalised; None without Chinese."""
    if not any(is_han(ch) for ch in text):
        return None
    return normalize(_TW2SP.convert(_S2T.convert(text)))


@lru_cache(maxsize=8192)
def _shapes(norm: str) -> tuple[str, str, str, str]:
    """An accepted answer as compared: itself, without filler words, without neutral affixes, both."""
    bare = core(norm)
    return norm, loose(norm), bare, loose(bare)


@lru_cache(maxsize=8192)
def _mainland(norm: str) -> str:
    return normalize(_TW2SP.convert(norm))


def _same(reply: str, form: str) -> Match | None:
    if reply == form:
        return Match.exact
    _, form_loose, form_core, form_core_loose = _shapes(form)
    if len(reply) >= 2 and loose(reply) == form_loose:
        return Match.same_concept
    reply_core = core(reply)
    if len(reply_core) >= 2 and (reply_core == form_core or loose(reply_core) == form_core_loose):
        return Match.same_concept
    return None


def _accepted(readings_: list[str], forms: tuple[Accepted, ...], taiwan: bool = False) -> BlankResult | None:
    """The reply read as written, without its hedges, or in mainland words, is one of the accepted forms."""
    for norm in readings_:
        for form in forms:
            match = _same(norm, form.norm)
            if match is None and taiwan:
                match = _same(norm, _mainland(form.norm))
            if match is not None:
                return BlankResult(Match.same_concept if taiwan else match, norm, form)
    return None


@lru_cache(maxsize=4096)
def _spelled(norm: str) -> str:
    """A Chinese answer in toneless pinyin (`新疆` -> `xinjiang`); '' when it is not all Chinese."""
    if not norm or not all(is_han(ch) for ch in norm):
        return ""
    from pypinyin import lazy_pinyin  # loaded at the first Latin reply to a Chinese key

    return "".join(lazy_pinyin(norm))


def _in_pinyin(norm: str, forms: tuple[Accepted, ...]) -> BlankResult | None:
    """A Chinese answer typed in pinyin without tones (`xinjiang`): its sound, as a homophone is."""
    if len(norm) < 4 or not (norm.isascii() and norm.isalpha()):
        return None
    for form in forms:
        if len(form.norm) >= 2 and _spelled(form.norm) == norm:
            return BlankResult(Match.homophone, norm, form)
    return None


def _missing(part: str, whole: str) -> str:
    """The characters of `whole` around `part` (`水平` in `水平划分` -> `划分`)."""
    head, _, tail = whole.partition(part)
    return "…".join(x for x in (head, tail) if x)


def _agreement(key: Value, said: Value, given: Unit | None, given_words: str) -> str:
    """`yes` when the reply gives the key's value, `unit` when it gives its number without the unit the key
    writes (partly right, never right), `no` otherwise. A key without a unit is in the unit the prompt
    prints after the blank (`___位`: `128 bit` is 128, `16 B` too), if it prints one."""
    if key.kind == "number" and said.kind == "date" and said.parts[1:] == (None, None) and key.dimension is None:
        return "yes" if said.parts[0] == key.parts[0] else "no"  # `1776年` where the key is the year 1776
    if key.kind != said.kind:
        return "no"
    if key.dimension is not None:
        if said.dimension is None:
            if not any(key.dimension) and said.parts == key.parts:
                return "yes"  # 0.5 for 50%: a ratio needs no sign
            if given is not None and any(given.dims) and given.dims == key.dimension:
                # The prompt prints the unit after the blank (`___kW·h`): a bare number is in that unit, so
                # `2000` there is 2000 kW·h, wrong for 2000 W·h, not the right number without its unit.
                return "yes" if _scaled(said.parts, given.factor) == _scaled(key.parts, Decimal(1)) else "no"
            return "unit" if said.written == key.written else "no"
        return "yes" if key.same(said) else "no"
    if said.dimension is None:
        return "yes" if said.parts == key.parts else "no"
    if given is not None and said.dimension == given.dims:
        return "yes" if _scaled(key.parts, given.factor) == said.parts else "no"
    if given is not None and _count_of_rate(said.dimension, given.dims):
        # `24 帧` where the prompt prints fps, `72次` for 次/分: a count per time said by its count.
        return "yes" if said.written == key.written else "no"
    if given_words and said.unit and said.unit in given_words:  # `60-100次` where the prompt prints 次/分
        return "yes" if said.written == key.written else "no"
    return "no"


def _count_of_rate(said: tuple[int, ...], rate: tuple[int, ...]) -> bool:
    """The reply's unit is a count (次, 帧) and the prompt's that count per a time (次/分, fps)."""
    counts = {i for i, power in enumerate(said) if power}
    if len(counts) != 1 or said[next(iter(counts))] != 1 or next(iter(counts)) not in _COUNT_AXES:
        return False
    per_time = [p - (1 if i == _TIME_AXIS else 0) for i, p in enumerate(said)]
    return list(rate) == per_time


_TIME_AXIS = 2  # of units.py's dimensions (L, M, T, …)
_COUNT_AXES = (6, 10)  # count (次) and frame (帧)


def _scaled(parts: tuple[Decimal | int | None, ...], factor: Decimal) -> tuple[Decimal | int | None, ...]:
    return tuple((p * factor).normalize() if isinstance(p, Decimal) else p for p in parts)


def _rounded_from(said: Value, keys: list[tuple[Accepted, Value]]) -> Accepted | None:
    """The key the reply's value rounds, said more coarsely (`约23` for 22.9): right in part, never in full."""
    if said.kind != "number" or not isinstance(said.parts[0], Decimal):
        return None
    value = said.parts[0]
    exponent = value.as_tuple().exponent
    for form, key in keys:
        wanted = key.parts[0] if key.kind == "number" else None
        if not isinstance(wanted, Decimal) or key.dimension != said.dimension or not isinstance(exponent, int):
            continue
        key_exponent = wanted.as_tuple().exponent
        if isinstance(key_exponent, int) and exponent > key_exponent:
            with contextlib.suppress(InvalidOperation):
                if wanted.quantize(Decimal((0, (1,), exponent))) == value:
                    return form
    return None


def _by_value(texts: list[str], forms: tuple[Accepted, ...], after_blank: str) -> BlankResult | None:
    """A key that is a number, a date or a range, judged by value: right in any notation and unit, and
    wrong when one digit, decimal point, exponent, unit or date part differs (never a typo). None when the
    reply gives no value."""
    keys = [(f, v) for f in forms if (v := read_value(f.text)) is not None]
    at = unit_at(after_blank)
    given = read_unit(at[1]) if at else None
    for text in texts:
        said = read_value(_degrees_as_key(text, keys))
        if said is None:
            if (printed := _in_printed_unit(text, keys, after_blank)) is not None:
                return printed
            if (stray := _unknown_unit(text, keys, after_blank)) is not None:
                return stray
            continue
        norm = normalize(text)
        missing: tuple[Accepted, Value] | None = None
        for form, key in keys:
            agreed = _agreement(key, said, given, at[1] if at else "")
            if agreed == "yes":
                return BlankResult(Match.same_concept if norm != form.norm else Match.exact, norm, form)
            if agreed == "unit" and missing is None:
                missing = (form, key)
        if missing is not None:
            return BlankResult(Match.incomplete, norm, missing[0], reason=("", missing[1].unit or ""), half=True)
        if approximate(text) and (coarse := _rounded_from(said, keys)) is not None:
            return BlankResult(Match.incomplete, norm, coarse, reason=("rounded", coarse.text), half=True)
        return BlankResult(Match.wrong, norm, keys[0][0])
    return None


# A number and a word of Latin letters after it: a unit, known to the table or not (`10 psi`, `10 furlongs`).
_NUMBER_AND_WORD = re.compile(r"^\s*(?P<number>[-+]?\d+(?:\.\d+)?)\s*(?P<word>[A-Za-zµμ][A-Za-z/²³^0-9.]*)\s*$")


# `15度`: a temperature or an angle, as the key's unit says (never a kilowatt-hour, `一度电`, in such a blank).
_DEGREE_WORD = re.compile(r"(?<=\d)\s*度$")
_CELSIUS, _ANGLE = read_unit("℃"), read_unit("°")


def _degrees_as_key(text: str, keys: list[tuple[Accepted, Value]]) -> str:
    """The reply with its 度 written as the key's ℃ or °: 度 names both, and the key tells which."""
    if _DEGREE_WORD.search(text.strip()) is None:
        return text
    dimensions = {key.dimension for _, key in keys}
    for unit, symbol in ((_CELSIUS, "℃"), (_ANGLE, "°")):
        if unit is not None and unit.dims in dimensions:
            return _DEGREE_WORD.sub(symbol, text.strip())
    return text


_PRINTED_WORD = re.compile(r"\s*(?P<word>[A-Za-z]+)(?![A-Za-z])")


def _in_printed_unit(text: str, keys: list[tuple[Accepted, Value]], after_blank: str) -> BlankResult | None:
    """`24fps` or `24 FPS` where the prompt prints `___ fps`: a number with the very unit the prompt gives the
    blank, known to the table or not, is judged by its number."""
    found = _NUMBER_AND_WORD.match(clean(text))
    printed = _PRINTED_WORD.match(clean(after_blank))
    if found is None or printed is None or found["word"].casefold() != printed["word"].casefold() or not keys:
        return None
    said = read_value(found["number"])
    for form, key in keys:
        if said is not None and key.dimension is None and key.kind == said.kind and key.parts == said.parts:
            return BlankResult(Match.same_concept, normalize(text), form)
    return BlankResult(Match.wrong, normalize(text), keys[0][0])


def _unknown_unit(text: str, keys: list[tuple[Accepted, Value]], after_blank: str) -> BlankResult | None:
    """`10 psi` where the key is 10 (in bar, printed after the blank): the key's number in a unit the key and the
    prompt do not write is another quantity, wrong, never the key with a word added."""
    found = _NUMBER_AND_WORD.match(clean(text))
    if found is None or not keys:
        return None
    word = found["word"].casefold()
    written = " ".join([after_blank, *(form.text for form, _ in keys)]).casefold()
    if re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", written):
        return None  # the unit the key or the prompt writes
    return BlankResult(Match.wrong, normalize(text), keys[0][0])


# A function and its call (`len`, `len()`; `len(list)`, `len([1, 2])`).
_CALL_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*(?:\(\))?$")
_CALL = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_.]*)\s*\(.*\)$")


def _by_expression(texts: list[str], forms: tuple[Accepted, ...]) -> BlankResult | None:
    """A key that is an algebraic expression, judged by value (`3(n-1)+1` for 3n-2); None when the reply is
    no expression."""
    for text in texts:
        verdicts = [(form, same_expression(text, form.text)) for form in forms]
        norm = normalize(text)
        for form, same in verdicts:
            if same:
                return BlankResult(Match.exact if norm == form.norm else Match.same_concept, norm, form)
        if any(same is False for _, same in verdicts):
            return BlankResult(Match.wrong, norm, forms[0])
    return None


def _by_marks(reply: str, keys: list[str], only: bool) -> BlankResult | None:
    """A key of marks (`symbols.py`): the reply's marks the same sequence, or another code (wrong); a reply of
    words is wrong where the key is only marks (`only`), and is read otherwise where it has words too."""
    judged = judge_marks(reply, keys)
    if judged is None:
        return BlankResult(Match.wrong, normalize(reply), Accepted(keys[0], keys[0])) if only else None
    marks, key = judged
    if key is None:
        return BlankResult(Match.wrong, marks, Accepted(keys[0], keys[0]))
    return BlankResult(Match.exact if reply.strip() == key else Match.same_concept, marks, Accepted(key, key))


def _spoken_erhua(norm: str, forms: tuple[Accepted, ...], concepts: ConceptIndex | None) -> BlankResult | None:
    """The key with the spoken 儿 after it (`皮影儿`), unless that makes another word or known concept."""
    spoken = erhua_dropped(norm)
    if spoken is None or (concepts is not None and concepts.other(norm, [f.norm for f in forms]) is not None):
        return None
    found = _accepted([spoken], forms)
    return BlankResult(Match.same_concept, norm, found.answer) if found is not None else None


def _character_slip(
    reply: str, answers: Sequence[str], question: Question, concepts: ConceptIndex | None
) -> BlankResult | None:
    """A one-character key typed as another character of its sound (`碳` for `炭`), where the key is a word of its
    own in the prompt, the question never writes the reply's character and no key or option of the banks is it."""
    said = normalize(strip_answer_prefix(strip_hedges(clean(reply))))
    if len(said) != 1 or (concepts is not None and said in concepts.characters):
        return None
    written = [question.prompt, question.explanation or "", *question.options.values(), *question.alternates]
    if said in normalize(" ".join(written)):
        return None
    before, after = _around_blank_raw(question.prompt)
    for answer in answers:
        key = normalize(answer)
        if (
            len(key) == 1
            and not numbers_in(answer)
            and _sounds_alike(said, key)
            and not in_a_word_of_the_prompt(before, answer.strip(), after)
        ):
            return BlankResult(Match.homophone, said, Accepted(answer, key))
    return None


def match_blank(
    reply: str,
    answers: Sequence[str],
    concepts: ConceptIndex | None = None,
    *,
    after_blank: str = "",
    spelling: bool = False,
    literal: bool = False,
) -> BlankResult:
    """Judge one blank's reply against its accepted answers (key first, then alternates and other names).
    `after_blank`: the prompt's words after the blank (a unit it gives); `spelling`: an English word whose
    spelling is asked, where no typo is forgiven; `literal`: what a program prints, compared as written (`1024.0`
    is no `1024` there, nor `2^10`)."""
    marked = [a for a in answers if is_symbol_key(a)]  # `···———···`: read mark by mark, not as text
    if marked and (by_marks := _by_marks(reply, marked, only=len(marked) == len(answers))) is not None:
        return by_marks
    forms = _forms(tuple(answers), concepts)
    text = strip_answer_prefix(reply)
    plain = normalize(text)
    hedged_text = strip_answer_prefix(strip_hedges(clean(text)))
    hedged = normalize(hedged_text)
    if not plain or not forms:
        return BlankResult(Match.empty, plain, forms[0] if forms else None)
    valued = () if literal else tuple(f for f in forms if read_value(f.text) is not None)
    if valued:
        if (found := _by_value([text, hedged_text], valued, after_blank)) is not None:
            return found
        forms = tuple(f for f in forms if f not in valued)
        if not forms:
            return BlankResult(Match.wrong, plain, valued[0])
    if (call := _CALL.match(hedged_text.strip())) is not None:  # `len(list)` names the function `len`/`len()`
        for form in forms:
            if _CALL_KEY.match(form.text.strip()) and normalize(form.text).removesuffix("()") == normalize(
                call["name"]
            ):
                return BlankResult(Match.same_concept, normalize(text), form)
    algebraic = tuple(f for f in forms if is_expression(f.text))
    if algebraic and (found := _by_expression([text, hedged_text], algebraic)) is not None:
        return found
    # An answer with numbers in it (`INT8`, `22.4 L/mol`) is matched only with the same numbers, decimal
    # points kept: normalised, `224 L/mol` would read as 22.4 L/mol.
    said_numbers = numbers_in(text)
    # Signs and operators too: `3n2` is no `3n-2`, though normalising drops the minus.
    said_operators = operators_in(text)
    numbered = tuple(
        f
        for f in forms
        if (not numbers_in(f.text) or numbers_in(f.text) == said_numbers) and operators_in(f.text) == said_operators
    )
    if not numbered:
        # `erhuang` for 二黄: pinyin spells a numeral inside a name by its sound, which tells it from any other
        return _in_pinyin(hedged or plain, forms) or BlankResult(Match.wrong, plain, forms[0])
    forms = numbered
    readings_ = [plain] if hedged in ("", plain) else [plain, hedged]
    if (found := _accepted(readings_, forms)) is not None:
        return found
    if (found := _spoken_erhua(readings_[-1], forms, concepts)) is not None:
        return found
    if said_numbers and not literal:  # `牛顿第2定律` for 牛顿第二定律: the same numbers, written in digits
        digits = normalize(in_digits(hedged_text))
        for form in forms:
            if numbers_in(form.text) and normalize(in_digits(form.text)) == digits:
                return BlankResult(Match.same_concept, digits, form)
    mainland = _taiwan(strip_hedges(clean(text)))
    taiwan = [mainland] if mainland and mainland not in readings_ else []
    if taiwan and (found := _accepted(taiwan, forms, taiwan=True)) is not None:
        return found

    if (found := _in_pinyin(readings_[-1], forms)) is not None:
        return found

    # Judged without its hedges (`我猜是模型并行吧` says 模型并行), in mainland words when that is nearer.
    norms = [f.norm for f in forms]
    norm = max(
        [readings_[-1], *taiwan],
        key=lambda r: max(Levenshtein.normalized_similarity(r, f) for f in norms),
    )
    # Meaning first: a flipped negation or an opposite is never a typo.
    for form in forms:
        if _is_close(norm, form.norm) and (pair := flipped(norm, form.norm)) is not None:
            return BlankResult(Match.opposite, norm, form, reason=pair)
    if concepts is not None and (other := concepts.other(norm, norms)) is not None:
        return BlankResult(Match.lookalike, norm, forms[0], concepts.display(other))

    candidate: tuple[Match, Accepted, int] | None = None
    # A slip never changes a number (`22.4` is not `2.24`, 第二 not 第三), an expression, a formula (`NaHSO3` is not
    # `NaHCO3`) or an acronym (`HTTP` is not `HTTPS`), and a spelling asked is not forgiven at all.
    # Nor is a character a question asks for (`赛` is the very slip `___翁失马` asks about).
    slips = (
        ()
        if spelling or literal
        else tuple(
            f
            for f in forms
            if numbers_in(f.text) == said_numbers
            and not _is_code(f.text)
            and len(f.norm) > 1
            and not operators_in(f.text)  # `√(2g/h)` for √(2h/g) is another formula, not a slip
        )
    )
    for form in slips:
        if _sounds_alike(norm, form.norm):
            candidate = (Match.homophone, form, Levenshtein.distance(norm, form.norm))
            break
        if _sounds_alike(core(norm), core(form.norm)):  # as far from the key as the slip, not its affixes
            candidate = (Match.homophone, form, Levenshtein.distance(core(norm), core(form.norm)))
            break
    if candidate is None:
        for reading, form_of in ((norm, lambda f: f.norm), (core(norm), lambda f: core(f.norm))):
            if not slips:
                break
            best = min(slips, key=lambda f: Levenshtein.distance(reading, form_of(f)))
            distance = Levenshtein.distance(reading, form_of(best))
            if distance <= allowed_typos(len(form_of(best))) and _slip_in_each_script(reading, form_of(best)):
                if (
                    _cut_short(reading, form_of(best))
                    or _another_word(reading, form_of(best))
                    or _another_english_word(hedged_text, best.text)
                ):
                    break
                candidate = (Match.typo, best, distance)
                break
    if candidate is None:
        # A name with two neighbouring letters swapped (`Kelper` for Kepler) is one slip, not two edits;
        # never one that makes an English word (`Bail` for Bali).
        name = next((f for f in slips if is_name(f.text) and swapped(norm, f.norm)), None)
        if name is not None and not _another_english_word(hedged_text, name.text):
            candidate = (Match.typo, name, 1)
    if candidate is not None:
        match, form, distance = candidate
        # As near (or nearer) to another known concept than to the key: that concept is meant; unless the
        # slip is by sound and the other does not sound so (`杜府` is 杜甫 though one character from 杜牧).
        # A name's nearness counts a swap of two letters as one slip, as its own slip was counted.
        scorer = OSA.distance if is_name(form.text) else Levenshtein.distance
        other = concepts.nearest(norm, norms, distance, scorer=scorer) if concepts is not None else None
        if (
            other is not None
            and concepts is not None
            and not (match is Match.homophone and not _sounds_alike(norm, other))
        ):
            return BlankResult(Match.lookalike, norm, form, concepts.display(other))
        return BlankResult(match, norm, form)

    nearest = max(forms, key=lambda f: Levenshtein.normalized_similarity(norm, f.norm))
    if len(norm) >= 2 and norm in nearest.norm:
        return BlankResult(Match.incomplete, norm, nearest, reason=("", _missing(norm, nearest.norm)))
    if len(nearest.norm) >= 2 and nearest.norm in norm:
        return BlankResult(Match.extra, norm, nearest, reason=("", _missing(nearest.norm, norm)))
    # Too many edits for a typo, but most of the answer there: half the characters is not near.
    if Levenshtein.normalized_similarity(norm, nearest.norm) > 0.5:
        distance = Levenshtein.distance(norm, nearest.norm)
        return BlankResult(Match.close, norm, nearest, reason=(str(distance), ""))
    return BlankResult(Match.wrong, norm, forms[0])


# Separators between the answers of several blanks.
_SEPARATORS = re.compile(r"[\s,，、;；]+")
_ENUMERATOR = re.compile(r"^(?:[(（]?\d{1,2}[)）.．、:：]|[①-⑳])\s*")
_MAX_GROUPINGS = 256


def split_blanks(reply: str) -> list[str]:
    """The parts of a several-blank reply, without enumerators like `1.` or `(2)`."""
    reply = strip_answer_prefix(strip_hedges(strip_answer_prefix(reply)))
    parts = [_ENUMERATOR.sub("", p) for p in _SEPARATORS.split(reply.strip())]
    return [p for p in parts if p]


def _judge_blanks(
    parts: list[str],
    blanks: list[list[str]],
    concepts: ConceptIndex | None,
    spelling: bool = False,
    literal: bool = False,
) -> list[BlankResult]:
    count = len(blanks)
    if len(parts) <= count or math.comb(len(parts) - 1, count - 1) > _MAX_GROUPINGS:
        if len(parts) > count:  # too many to search: the last blank takes the rest
            parts = [*parts[: count - 1], " ".join(parts[count - 1 :])]

        def judged(padded: list[str]) -> list[BlankResult]:
            return [
                match_blank(p, b, concepts, spelling=spelling, literal=literal)
                for p, b in zip(padded, blanks, strict=True)
            ]

        best = judged(parts + [""] * (count - len(parts)))
        if 0 < len(parts) < count and math.comb(count, len(parts)) <= _MAX_GROUPINGS:
            # Fewer answers than blanks: each may answer any blank, in order (`岳阳楼记` for the second one).
            for places in itertools.combinations(range(count), len(parts)):
                padded = [""] * count
                for place, part in zip(places, parts, strict=True):
                    padded[place] = part
                results = judged(padded)
                if sum(r.credit for r in results) > sum(r.credit for r in best):
                    best = results
        return best
    # More parts than blanks: an answer had a space in it. Try every way of grouping the parts in order.
    best: list[BlankResult] = []
    for cuts in itertools.combinations(range(1, len(parts)), count - 1):
        bounds = (0, *cuts, len(parts))
        groups = [" ".join(parts[bounds[i] : bounds[i + 1]]) for i in range(count)]
        results = [
            match_blank(g, b, concepts, spelling=spelling, literal=literal) for g, b in zip(groups, blanks, strict=True)
        ]
        if not best or sum(r.ok for r in results) > sum(r.ok for r in best):
            best = results
    return best


# Words that join two answers in a sentence (`H₂O和O₂`), tried when the separators give fewer parts than blanks.
_JOINED = re.compile(r"和|与|及|以及|\band\b")


def _several_blanks(
    reply: str,
    prompt: str,
    blanks: list[list[str]],
    concepts: ConceptIndex | None,
    spelling: bool,
    literal: bool,
    explanation: str = "",
) -> list[BlankResult]:
    """Each blank's part judged; parts joined by `和` split when that fits the blanks better, each part
    read with the prompt's words beside its own blank (`橘红色` in `___色`), and in any order where the
    blanks are items of one list or the explanation says their order is free (`_unordered`)."""
    pieces = _BLANK.split(prompt)

    def judged(parts: list[str]) -> list[BlankResult]:
        results = _judge_blanks(parts, blanks, concepts, spelling, literal)
        if len(pieces) != len(blanks) + 1:
            return results
        results = [
            _beside_blank(r, b, pieces[i], pieces[i + 1], concepts, spelling, literal)
            for i, (r, b) in enumerate(zip(results, blanks, strict=True))
        ]
        if len(parts) != len(blanks):
            return results
        # A year asked (`___年`) and answered with the full date, or spoken short: each part as typed.
        return [
            r if r.ok else _dated(part, b, after) or r
            for r, part, b, after in zip(results, parts, blanks, pieces[1:], strict=True)
        ]

    parts = split_blanks(reply)
    results = judged(parts)
    if len(parts) < len(blanks):
        finer = [q.strip() for p in parts for q in _JOINED.split(p) if q.strip()]
        if len(finer) == len(blanks):
            other = judged(finer)
            if sum(r.credit for r in other) > sum(r.credit for r in results):
                parts, results = finer, other
    if len(parts) == len(blanks) <= _MAX_UNORDERED and _unordered(pieces, explanation):
        for order in itertools.permutations(parts):
            other = judged(list(order))
            if sum(r.credit for r in other) > sum(r.credit for r in results):
                results = other
    if len(parts) == len(blanks) and (moved := _by_kind(parts, blanks)) is not None:
        other = judged(moved)
        if sum(r.credit for r in other) > sum(r.credit for r in results):
            results = other
    return results


def _by_kind(parts: list[str], blanks: list[list[str]]) -> list[str] | None:
    """The parts put in the blanks by kind, in their order within each kind: a value (a year, a number) to the
    blank keyed by a value, words to the one keyed by words (`1970年4月24日 东方红一号` for `名为___，于___年`);
    a value cannot answer a name, so the order is plain. None where that is the order they came in."""
    blank_kinds = [any(read_value(a) is not None for a in blank) for blank in blanks]
    part_kinds = [read_value(part) is not None for part in parts]
    if blank_kinds == part_kinds or sorted(blank_kinds) != sorted(part_kinds):
        return None
    pools = {kind: [p for p, k in zip(parts, part_kinds, strict=True) if k is kind] for kind in (True, False)}
    return [pools[kind].pop(0) for kind in blank_kinds]


_MAX_UNORDERED = 4  # blanks whose orders are all tried (4! = 24)
# `顺序可互换`, `顺序不限`, `不分先后`, `in any order`: the explanation frees the blanks' order.
_ORDER_FREE = re.compile(
    r"顺序(?:可|可以)?(?:互换|调换|颠倒|不限|不论|不计|任意)|不分(?:先后|顺序)|in\s+any\s+order|order\s+does\s+not\s+matter",
    re.I,
)
# Between two blanks of one list (`寒、热、___、___`): a list separator and nothing else.
_LIST_GAP = re.compile(r"^\s*(?:[、，,]|和|与|及|and)\s*$")


def _unordered(pieces: list[str], explanation: str) -> bool:
    """The blanks' answers may come in any order: the explanation says so, or every blank stands in one list
    with the next (only `、` or `和` between them) and the explanation pairs no answer with its place (分别)."""
    if _ORDER_FREE.search(explanation):
        return True
    gaps = pieces[1:-1]
    return bool(gaps) and all(_LIST_GAP.match(gap) for gap in gaps) and "分别" not in explanation


def _beside_blank(
    result: BlankResult,
    blank: list[str],
    before: str,
    after: str,
    concepts: ConceptIndex | None,
    spelling: bool,
    literal: bool,
) -> BlankResult:
    """A blank's part read without the prompt's words right beside that blank (`橘红色` in `___色`), as
    written or with a neutral word: no slip is forgiven on top of it."""
    if result.ok or not result.reply:
        return result
    before, after = normalize(before)[-_CONTEXT:], normalize(after)[:_CONTEXT]
    said = result.reply
    bare = [said[:-k] for k in range(len(after), 0, -1) if said.endswith(after[:k]) and len(said) > k]
    bare += [said[k:] for k in range(len(before), 0, -1) if said.startswith(before[-k:]) and len(said) > k]
    for text in bare:
        found = match_blank(text, blank, concepts, spelling=spelling, literal=literal)
        if found.match in (Match.exact, Match.same_concept):
            return found
    return result


def _opposite_reason(answer_words: str, reply_words: str) -> tuple[str, str]:
    if not answer_words:
        return f"多了否定词「{reply_words}」", f"the negation 「{reply_words}」 was added"
    if not reply_words:
        return f"少了否定词「{answer_words}」", f"the negation 「{answer_words}」 is missing"
    return (
        f"「{reply_words}」与「{answer_words}」相反",
        f"「{reply_words}」 is the opposite of 「{answer_words}」",
    )


def _near_miss(result: BlankResult) -> tuple[str, str] | None:
    """Why a near miss is rejected, in zh and en; None for any other result."""
    words = result.reason[1]
    match result.match:
        case Match.opposite:
            zh, en = _opposite_reason(*result.reason)
            return f"意思相反（{zh}）", f"the opposite ({en})"
        case Match.incomplete if result.reason[0] == "rounded":
            return "只是近似值，不够精确", "only a rounded value, less precise than asked"
        case Match.incomplete:
            return f"不完整（少了「{words}」）", f"incomplete (「{words}」 is missing)"
        case Match.extra:
            return f"多了「{words}」，说的就不是它了", f"「{words}」 makes it something else"
        case Match.close:
            edits = result.reason[0]
            return f"有 {edits} 处不同，超出笔误的范围", f"{edits} characters differ, more than a typo"
    return None


def _blank_feedback(result: BlankResult, label_zh: str, label_en: str) -> tuple[str, str]:
    """What to tell the learner about one blank. 很接近 only for a near miss, always with its reason."""
    expected = result.answer.text if result.answer else ""
    answer_zh, answer_en = f"答案是「{expected}」。", f"the answer is 「{expected}」."
    if (near := _near_miss(result)) is not None:
        return f"{label_zh}很接近，但{near[0]}：{answer_zh}", f"{label_en}close, but {near[1]}; {answer_en}"
    match result.match:
        case Match.exact | Match.same_concept:
            return "", ""
        case Match.homophone:
            return (
                f"{label_zh}同音字输入有误，正确写法是「{expected}」。",
                f"{label_en}right by sound; it is written 「{expected}」.",
            )
        case Match.typo:
            return (
                f"{label_zh}有小笔误，正确写法是「{expected}」。",
                f"{label_en}a small typo; it is written 「{expected}」.",
            )
        case Match.lookalike:
            return (
                f"{label_zh}「{result.other}」是另一个概念，{answer_zh}",
                f"{label_en}「{result.other}」 is a different concept; {answer_en}",
            )
        case Match.empty:
            return f"{label_zh}没有作答：{answer_zh}", f"{label_en}no answer; it is 「{expected}」."
        case _:
            return f"{label_zh}{answer_zh}", f"{label_en}{answer_en}"


def expected_fill(question: Question) -> str:
    return "；".join(blank[0] for blank in question.blanks() if blank)


# A blank in a prompt: ___, （ ）, or a labelled one 【3】 (as the importer reads them).
_BLANK = re.compile(r"_{2,}|＿{2,}|[(（]\s*[)）]|【\d{1,3}】")
_CONTEXT = 4  # characters of the prompt either side of the blank a reply may leave to it


@lru_cache(maxsize=4096)
def _around_blank_raw(prompt: str) -> tuple[str, str]:
    """The prompt before and after its only blank, as written ('' and '' when it has not one)."""
    parts = _BLANK.split(prompt)
    return (parts[0], parts[1]) if len(parts) == 2 else ("", "")


@lru_cache(maxsize=4096)
def _around_blank(prompt: str) -> tuple[str, str]:
    """The normalised prompt before and after its only blank ('' and '' when it has not one)."""
    before, after = _around_blank_raw(prompt)
    return normalize(before), normalize(after)


_ENGLISH_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)?$")


def _asks_spelling(question: Question) -> bool:
    """An English-language item: every key one lower-case word (`since`) and every blank inside an English
    sentence (a Chinese instruction before it may stand). Its spelling is what is asked, so no typo is
    forgiven; names, acronyms and blanks in Chinese sentences keep their tolerance."""
    keys = [a for blank in question.blanks() for a in blank]
    if not keys or not all(_ENGLISH_WORD.match(a.strip()) for a in keys):
        return False
    spans = [m.span() for m in _BLANK.finditer(question.prompt)]
    return bool(spans) and all(_in_english(question.prompt, start, end) for start, end in spans)


# A blank for what a program prints or returns: `print(2 ** 10) outputs ___`, `的输出是___`.
_OUTPUT = re.compile(r"\bprint\s*\(|\boutputs?\b|\bprints\b|\bevaluates?\s+to\b|输出|返回值|运行结果", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _asks_output(prompt: str) -> bool:
    return _OUTPUT.search(prompt) is not None


def _in_english(prompt: str, start: int, end: int) -> bool:
    """The nearest letters either side of a blank are Latin, none Chinese."""
    before = prompt[:start].rstrip(" \t_＿")[-1:]
    after = prompt[end:].lstrip(" \t_＿")[:1]
    near = [ch for ch in (before, after) if ch and (ch.isalnum() or is_han(ch))]
    return bool(near) and not any(is_han(ch) for ch in near)


def _in_context(reply: str, answers: Sequence[str], prompt: str, concepts: ConceptIndex | None) -> BlankResult | None:
    """The reply read with the prompt around the blank: `分离定律` for 分离 in `基因的___定律` and the whole
    sentence filled in (the prompt's words repeated), `对称` for 对称量化 in `___量化通常…` (the key's words
    left to the prompt)."""
    before, after = _around_blank(prompt)
    norm = normalize(strip_answer_prefix(strip_hedges(clean(reply))))
    if len(norm) < 2 or not (before or after):
        return None
    # The words of the prompt the reply repeats, before the answer, after it, or both, taken off
    # (the most first).
    heads = [norm[k:] for k in range(len(before), 0, -1) if norm.startswith(before[-k:])]
    bare = [norm, *heads]
    bare += [h[:-k] for h in list(bare) for k in range(len(after), 0, -1) if h.endswith(after[:k])]
    shortest = _shortest(tuple(answers))
    bare = [b for b in bare if len(b) >= min(2, shortest)]  # `塞` of `塞翁` where the key is one character
    # The key's words the reply leaves to the prompt, put back: only the words an accepted answer ends
    # (or begins) with.
    forms = _forms(tuple(answers), concepts)
    ends, starts = _prompt_words_in_keys(before, after, forms)
    readings = [*bare[1:], *(b + end for b in bare for end in ends), *(start + b for b in bare for start in starts)]
    # Only as the key is written (or with a neutral word): no typo is forgiven on top of a guess.
    found = _accepted(readings, forms) if readings else None
    return found or _with_prompt_word(reply, forms, prompt, concepts)


# `（填“纯合子”或“杂合子”）`: the answers a prompt offers to choose from.
_OFFERED = re.compile(
    r"[“\"「『]([^”\"」』]{1,16})[”\"」』]\s*(?:或者|或|还是|or)\s*[“\"「『]([^”\"」』]{1,16})[”\"」』]"
)


def _offered(reply: str, answers: Sequence[str], prompt: str) -> BlankResult | None:
    """A reply that begins exactly one of the answers the prompt offers, the key (`杂合` where it offers
    纯合子 or 杂合子): that one is chosen, written short."""
    norm = normalize(strip_answer_prefix(strip_hedges(clean(reply))))
    for match in _OFFERED.finditer(prompt):
        offered = [normalize(match[1]), normalize(match[2])]
        begun = [o for o in offered if len(norm) >= 2 and o.startswith(norm)]
        keys = {normalize(a): a for a in answers}
        if len(begun) == 1 and begun[0] in keys:
            return BlankResult(Match.same_concept, norm, Accepted(keys[begun[0]], begun[0]))
    return None


_COPULA = re.compile(r"是|为|就是|乃")


def _said_of_the_prompt(
    reply: str, answers: Sequence[str], prompt: str, concepts: ConceptIndex | None
) -> BlankResult | None:
    """The key said of what the prompt asks about (`诗圣是杜甫` for `被尊为“诗圣”的唐代诗人是___`, `杜甫是诗圣`):
    the other side of the copula restates the prompt (its characters all stand there), the key stands alone."""
    text = strip_answer_prefix(strip_hedges(clean(reply)))
    said = _prompt_norm(prompt)
    for match in _COPULA.finditer(text):
        left, right = text[: match.start()], text[match.end() :]
        for subject, key in ((left, right), (right, left)):
            words = normalize(subject)
            if len(words) >= 2 and all(ch in said for ch in words) and normalize(key):
                found = match_blank(key, answers, concepts)
                if found.ok:
                    return found
    return None


def _restated(reply: str, answers: Sequence[str], prompt: str, concepts: ConceptIndex | None) -> BlankResult | None:
    """The key whole inside words that restate the prompt or name its kind (`书法家王羲之`, `胰岛素注射液`,
    `注射胰岛素`), unless the whole reply is another known concept."""
    text = strip_answer_prefix(strip_hedges(clean(reply)))
    forms = _forms(tuple(answers), concepts)
    form = restated(text, forms, prompt)
    if form is None:
        return None
    norm = normalize(text)
    if concepts is not None and concepts.other(norm, [f.norm for f in forms]) is not None:
        return None
    return BlankResult(Match.same_concept, norm, form)


def _said_once(reply: str) -> str | None:
    """`MAYDAY MAYDAY MAYDAY`: one answer said again and again (as a prompt may ask), read once."""
    parts = [p for p in _SEPARATORS.split(strip_hedges(clean(reply)).strip()) if p]
    return parts[0] if len(parts) >= 2 and len({normalize(p) for p in parts}) == 1 else None


_GLOSS = re.compile(r"^(?P<name>[^()（）]+)[(（](?P<gloss>[^()（）]+)[)）]\s*$")
# `enamel 牙釉质`, `牙釉质 enamel`: a Chinese name and a Latin one side by side, a space between.
_LATIN_FIRST = re.compile(r"^(?P<gloss>[A-Za-z][A-Za-z\s\-']*?)\s+(?P<name>[^\sA-Za-z][^A-Za-z]*)$")
_LATIN_LAST = re.compile(r"^(?P<name>[^\sA-Za-z][^A-Za-z]*?)\s+(?P<gloss>[A-Za-z][A-Za-z\s\-']*)$")


def _glossed(
    reply: str, answers: Sequence[str], concepts: ConceptIndex | None, after: str, spelling: bool
) -> BlankResult | None:
    """`气孔(stomata)`: the key with its English name in brackets (or the other way round). One side must be
    an accepted answer; the other, Latin words, a gloss, or an accepted answer too."""
    text = strip_hedges(clean(reply)).strip()
    match = _GLOSS.match(text) or _LATIN_FIRST.match(text) or _LATIN_LAST.match(text)
    if match is None:
        return None
    name, gloss = match["name"].strip(), match["gloss"].strip()
    for first, second in ((name, gloss), (gloss, name)):
        found = match_blank(first, answers, concepts, after_blank=after, spelling=spelling)
        if found.ok and (second.isascii() or match_blank(second, answers, concepts).ok):
            return found
    return None


_ARTICLE = re.compile(r"^(?:the|a|an)\s+")


def _with_prompt_word(
    reply: str, forms: tuple[Accepted, ...], prompt: str, concepts: ConceptIndex | None
) -> BlankResult | None:
    """The key and then the word the prompt uses of it (bot/grading/blank_heads.py): `诉讼时效制度` where the
    prompt says 这一制度, `黄土高原地区` for `…的地区是___`, `the DNS protocol` for `The protocol that…`, a class
    noun in another form (`圣托里尼岛`, `Santorini island` for `…的岛屿是___`). Another word of the prompt names
    another thing (`圣托里尼火山` where the prompt speaks of its volcano)."""
    text = _ARTICLE.sub("", strip_answer_prefix(strip_hedges(clean(reply))).strip())
    norm = normalize(text)
    if concepts is not None and concepts.other(norm, [f.norm for f in forms]) is not None:
        return None
    heads = blank_heads(prompt)
    for form in forms:
        extra = norm[len(form.norm) :] if norm.startswith(form.norm) else ""
        if extra and extra in heads:
            return BlankResult(Match.same_concept, norm, form)
    return None


# What the readings above ask of the question's own texts, read once per text (not once per reply).
@lru_cache(maxsize=4096)
def _prompt_norm(prompt: str) -> str:
    return normalize(prompt)


@lru_cache(maxsize=4096)
def _latin_words(prompt: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z]+", clean(prompt)))


@lru_cache(maxsize=4096)
def _shortest(answers: tuple[str, ...]) -> int:
    return min((len(normalize(a)) for a in answers), default=2)


@lru_cache(maxsize=4096)
def _prompt_words_in_keys(before: str, after: str, forms: tuple[Accepted, ...]) -> tuple[list[str], list[str]]:
    """The words right after the blank an accepted answer ends with, and those right before it one begins
    with (`量化` of `___量化` and 对称量化), longest first."""
    shapes = {shape for f in forms for shape in _shapes(f.norm)}
    sizes = range(_CONTEXT, 0, -1)
    ends = [w for k in sizes if len(after) >= k and any(s.endswith(w := after[:k]) for s in shapes)]
    starts = [w for k in sizes if len(before) >= k and any(s.startswith(w := before[-k:]) for s in shapes)]
    return ends, starts


def _judged_as_number(reply: str, answers: Sequence[str], literal: bool) -> bool:
    """The reply and the key are numbers, so `_by_value` has judged the reply: a wrong number is not read
    again as text, whose normalising drops signs and decimal points (`-15` or `1.5` for 15 cm read as 15
    plus the prompt's cm; `3.6` for 36 km/h). Dates and ranges keep their text readings."""
    said = None if literal else read_value(reply)
    if said is None and not literal and (unit_after := _NUMBER_AND_WORD.match(clean(reply))) is not None:
        said = read_value(unit_after["number"])  # `10 furlongs`: judged by value as well
    if said is None or said.kind != "number":
        return False
    return any((key := read_value(a)) is not None and key.kind == "number" for a in answers)


def _read_otherwise(
    reply: str,
    answers: Sequence[str],
    prompt: str,
    concepts: ConceptIndex | None,
    result: BlankResult,
    after: str,
    spelling: bool,
    literal: bool,
) -> BlankResult:
    """A reply not accepted as it stands, read with the prompt: the prompt's words around the blank, the
    answers it offers, a sentence about it, the key restated or glossed, the key said more than once; each
    reading tried while none has accepted it."""
    attempts: list[Callable[[], BlankResult | None]] = [
        lambda: _in_context(reply, answers, prompt, concepts),
        lambda: _offered(reply, answers, prompt),
        lambda: _said_of_the_prompt(reply, answers, prompt, concepts) or None,
        lambda: _restated(reply, answers, prompt, concepts),
        lambda: _glossed(reply, answers, concepts, after, spelling),
        lambda: _counted(reply, answers, prompt, after),
        lambda: _dated(reply, answers, after),
    ]
    for attempt in attempts:
        if not result.ok and (found := attempt()) is not None:
            result = found
    for again in (_said_once(reply), _aside_dropped(reply)):
        if not result.ok and again is not None:
            found = match_blank(again, answers, concepts, after_blank=after, spelling=spelling, literal=literal)
            result = found if found.ok else result
    return result


def _counted(reply: str, answers: Sequence[str], prompt: str, after: str) -> BlankResult | None:
    """A count said with the bound the prompt asks for (`两个以上` for `至少需要___个`) or as pairs (`一双`):
    the key's number is right, another number wrong (`counts.py`)."""
    found = count_said(reply, answers, _around_blank_raw(prompt)[0], after)
    if found is None:
        return None
    key = found[1]
    if key is None:
        return BlankResult(Match.wrong, normalize(reply), Accepted(answers[0], normalize(answers[0])))
    return BlankResult(Match.same_concept, normalize(reply), Accepted(key, normalize(key)))


def _dated(reply: str, answers: Sequence[str], after: str) -> BlankResult | None:
    """A year asked (`___年`) answered with the full date or the year spoken short (`七零年`): its year judged
    (`years.py`)."""
    found = year_said(reply, list(answers), after)
    if found is None:
        return None
    right, key = found
    return BlankResult(Match.same_concept if right else Match.wrong, reply.strip(), Accepted(key, normalize(key)))


# The answer, then an aside in brackets (`王羲之（书圣）`, `道岔（单开道岔最常见）`): the answer is what is
# judged. An aside that hedges or offers another answer (`A（或B）`, `(maybe C)`) is no aside.
_ASIDE = re.compile(r"^(?P<answer>[^（(]+?)\s*[（(](?P<aside>[^（）()]{1,40})[）)]\s*[。.]?$")
_HEDGE = re.compile(r"或|还是|也许|可能|不确定|\bor\b|maybe|[?？]", re.I)


def _aside_dropped(reply: str) -> str | None:
    """The reply without a bracketed aside after its answer; None when it has none, or the aside hedges."""
    found = _ASIDE.match(reply.strip())
    if found is None or _HEDGE.search(found["aside"]):
        return None
    return found["answer"]


def _name_of_the_question(result: BlankResult, question: Question, blanks: list[list[str]]) -> BlankResult:
    """A name's slip as near to another name the question writes (`Myer` for Mayer where the prompt names
    Lothar Meyer) may mean that one: not forgiven; and a reply that is that name is told so (`Meyer`)."""
    if result.answer is None or (result.ok and result.match is not Match.typo) or not is_name(result.answer.text):
        return result
    keys = names_in(" ".join(a for blank in blanks for a in blank))
    written = names_in(f"{question.prompt}\n{question.explanation or ''}")
    if not result.ok:
        named = result.reply in written and result.reply not in keys and result.match is not Match.lookalike
        return BlankResult(Match.lookalike, result.reply, result.answer, written[result.reply]) if named else result
    other = nearer_name(result.reply, result.answer.norm, written, keys)
    return result if other is None else BlankResult(Match.lookalike, result.reply, result.answer, other)


def grade_fill(question: Question, reply: str, concepts: ConceptIndex | None) -> Verdict:
    blanks = [b for b in question.blanks() if b]
    expected = expected_fill(question)
    marked = is_symbol_key(reply) and any(is_symbol_key(a) for blank in blanks for a in blank)
    if not normalize(reply) and not marked:  # a reply of marks alone answers a key of marks
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=expected,
            feedback_zh="请填写答案（多个空用空格或逗号隔开）。",
            feedback_en="Please type the answer (several blanks: separate them with spaces or commas).",
        )
    spelling = _asks_spelling(question)
    literal = _asks_output(question.prompt)
    if len(blanks) == 1:
        after = _around_blank_raw(question.prompt)[1]
        results = [match_blank(reply, blanks[0], concepts, after_blank=after, spelling=spelling, literal=literal)]
        if not results[0].ok and not _judged_as_number(reply, blanks[0], literal):
            results = [
                _read_otherwise(reply, blanks[0], question.prompt, concepts, results[0], after, spelling, literal)
            ]
        if not results[0].ok and not spelling and (slip := _character_slip(reply, blanks[0], question, concepts)):
            results = [slip]
    else:
        results = _several_blanks(
            reply, question.prompt, blanks, concepts, spelling, literal, question.explanation or ""
        )
    results = [_name_of_the_question(r, question, blanks) for r in results]
    right = sum(r.ok for r in results)
    score = sum(r.credit for r in results) / len(results)
    outcome = Outcome.correct if right == len(results) else Outcome.partial if score else Outcome.wrong
    notes_zh: list[str] = []
    notes_en: list[str] = []
    for i, result in enumerate(results, start=1):
        labels = (f"第{i}空：", f"Blank {i}: ") if len(results) > 1 else ("", "")
        zh, en = _blank_feedback(result, *labels)
        if zh:
            notes_zh.append(zh)
            notes_en.append(en[0].upper() + en[1:] if en else en)
    head_zh = {Outcome.correct: "回答正确。", Outcome.partial: f"答对 {right}/{len(results)} 空。"}
    head_en = {Outcome.correct: "Right.", Outcome.partial: f"{right} of {len(results)} blanks right."}
    if len(results) == 1:  # one blank partly right: its note says what is missing
        head_zh[Outcome.partial], head_en[Outcome.partial] = "部分正确。", "Partly right."
    feedback_zh = " ".join([head_zh[outcome], *notes_zh] if outcome in head_zh else notes_zh)
    feedback_en = " ".join([head_en[outcome], *notes_en] if outcome in head_en else notes_en)
    return Verdict(
        outcome=outcome,
        score=score,
        understood="；".join(r.reply for r in results),
        expected=expected,
        feedback_zh=feedback_zh,
        feedback_en=feedback_en,
    )
