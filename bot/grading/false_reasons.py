"""Reasons a right true/false judgement gives that state another fact than the explanation's, about the same
thing: half credit, the judgement's.

- A denial of what the explanation asserts of it, or an assertion of what it denies: `蜡染的蜡煮了也去不掉`
  where it says 蜡可以去掉 (a verb and its result with 不 between, `去不掉`, is read as denying `去掉`).
- Another means or source than the one it gives: `刺猬冬眠靠晒太阳取暖` where it says 靠体内储存的脂肪, when
  nothing of the reason's means stands anywhere in the explanation.

The explanation is the only source: a reason it does not speak of keeps its credit.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from bot.grading.quantities import in_digits
from bot.lexicon.normalize import is_han, normalize

__all__ = ["another_means", "another_value", "denies_the_explanation", "turned_comparison", "wrong_fact"]

_SENTENCE = re.compile(r"[。；;！!？?\n]+")
_CLAUSE = re.compile(r"[，,、。；;！!？?\n]+")
# A negation, with the modal or light word that may stand between it and what it denies.
_NEGATION = re.compile(
    r"(?:不(?:会|能|可以|可|易|容易|太|再|用|需要|需|必)?|无法|没(?:有|法)?|难以|(?:很|较|极|非常|比较)难|未(?:能)?)"
)
# A verb that keeps a thing from happening (`阻碍车轮转动`): what it reaches over is not asserted (the wheel does
# not turn, as `车轮转不动` says), nor is its object denied.
_HINDER = re.compile("阻碍|阻止|妨碍|防止|避免|禁止|抑制")
# A verb and its result with 不 or 得 between: `解不开` denies 解开, `解得开` asserts it.
_RESULTS = "开动到见懂完住掉起出进回过清成通透紧来去走牢稳断破"
_POTENTIAL = re.compile(f"([\u4e00-\u9fff])([不得])([{_RESULTS}])")
# Set phrases of that shape that deny nothing (`了不起`, `对不起`, `来不及`).
_SET_PHRASES = frozenset(["了不起", "对不起", "来不及", "差不多", "说不定", "看不起", "受不了", "大不了", "免不了"])
_NEGATING = frozenset("不没无未非别")
_WORD = 2  # characters of the thing a negation denies
_REACH = 4  # characters a negation reaches forward over (`不会收紧滑动` denies 滑动 too)
_FUNCTION = frozenset("的了和与及或在是为被把将对也都就还很才又后时里上中下")
# Characters that name no thing a clause speaks of: function words, modals, negations, pronouns.
_NOT_A_SUBJECT = _FUNCTION | frozenset("会能可要应该需得一个种些这那其它他她") | _NEGATING


def _potentials(norm: str) -> list[re.Match[str]]:
    """`解不开`, `去得掉`: a verb and its result with 不 or 得 between; not where the result's character starts
    a word of its own (`时不进食` denies 进食, not 时进)."""
    found = list(_POTENTIAL.finditer(norm))
    if not found:
        return found
    import rjieba  # loaded at the first reason that needs it, as the true/false reasons load it

    starts, at = {}, 0
    for word in rjieba.cut(norm):
        starts[at] = word
        at += len(word)
    return [m for m in found if len(starts.get(m.start(3), "")) < _WORD]


# What a clause says of a word: the runs before it that may name its thing, and the characters after it in its
# clause that may name its object (`留下白色的花纹`: 白色花纹).
_Context = tuple[set[str], set[str]]


def _said(text: str) -> tuple[dict[str, _Context], dict[str, _Context]]:
    """The two-character words a text asserts and those it denies, clause by clause (normalised), each with its
    context: the runs before it in the text (`称人结……容易解开`: 称人结 before 解开) and its object after it."""
    asserted: dict[str, _Context] = {}
    denied: dict[str, _Context] = {}
    earlier = ""

    def note(said: dict[str, _Context], word: str, before: str, after: str) -> None:
        runs, objects = said.setdefault(word, (set(), set()))
        runs.update(_runs(before))
        objects.update(ch for ch in after if is_han(ch) and ch not in _NOT_A_SUBJECT)

    for clause in _CLAUSE.split(text):
        norm = normalize(clause)
        spans = []
        for match in _potentials(norm):
            spans.append((match.start(), match.end()))
            if norm[match.start() : match.end()] not in _SET_PHRASES:
                said = denied if match[2] == "不" else asserted
                note(said, match[1] + match[3], earlier + norm[: match.start()], norm[match.end() :])
        negations = [m for m in _NEGATION.finditer(norm) if not any(a <= m.start() < b for a, b in spans)]
        hindered = list(_HINDER.finditer(norm))
        for match in negations:
            end = match.end() + _WORD
            word = norm[match.end() : end]
            if len(word) == _WORD and all(is_han(ch) for ch in word) and word[0] not in _FUNCTION:
                note(denied, word, earlier + norm[: match.start()], norm[end:])
        for start in range(len(norm) - _WORD + 1):
            word = norm[start : start + _WORD]
            reached = any(m.start() < start <= _reach(norm, m) for m in [*negations, *hindered])
            if all(is_han(ch) and ch not in _NEGATING for ch in word) and not reached:
                note(asserted, word, earlier + norm[:start], norm[start + _WORD :])
        earlier += norm + "|"
    return asserted, denied


def _reach(norm: str, negation: re.Match[str]) -> int:
    """The last start of a word the negation reaches: over `把`/`将`/`被` and the object it puts ahead of the verb
    too (`不会把它们杀死` denies 杀死)."""
    ahead = _AHEAD.match(norm, negation.end())
    return (ahead.end() if ahead else negation.end()) + _REACH - _WORD


_AHEAD = re.compile("[把将被让给][\u4e00-\u9fff]{1,3}?(?=[\u4e00-\u9fff]{2})")


def _runs(text: str) -> set[str]:
    """The characters of a normalised text that may name a thing, one by one (`月亮` and 月球 name one thing):
    no function character, modal or negation."""
    return {ch for ch in text if is_han(ch) and ch not in _NOT_A_SUBJECT}


def denies_the_explanation(reason: str, explanation: str) -> tuple[str, str] | None:
    """A clause of the reason that denies a word a sentence of the explanation asserts (or asserts one it
    denies) of a thing both name before it. Returns (the explanation's sentence, the reason's clause)."""
    sentences = [s.strip() for s in _SENTENCE.split(explanation) if s.strip()]
    told = [(s, *_said(s)) for s in sentences]
    told_yes = {w for _, yes, _ in told for w in yes}
    told_no = {w for _, _, no in told for w in no}
    # The reason read whole: what an earlier clause names may be what a later one denies (`称人结用完后，就解不开了`).
    yes, no = _said(reason)
    # A word the explanation says only one way, and the reason the other way, of the same thing.
    turned = [(w, about, True) for w, about in no.items() if w not in yes and w in told_yes and w not in told_no]
    turned += [(w, about, False) for w, about in yes.items() if w not in no and w in told_no and w not in told_yes]
    for word, (about, objects), asserted in turned:
        for sentence, their_yes, their_no in told:
            theirs = their_yes if asserted else their_no
            if word not in theirs:
                continue
            their_about, their_objects = theirs[word]
            # Of the same thing, and of the same object where both name one (`不会留下蜡` is no denial of 留下花纹).
            if about & their_about and (not objects or not their_objects or objects & their_objects):
                return sentence, reason.strip()
    return None


# Words that give what a thing works by, needs, comes from or is caused by: `刺猬靠脂肪`, `热量来自太阳`, `因为…`.
_MEANS = re.compile("依靠|依赖|借助|利用|凭借|凭着|靠着|来源于|来自|源于|源自|取决于|是因为|因为|由于|需要|靠")
# `A由B引起`, `A由B推动`, `A由B组成`: the cause or the make between 由 and its verb.
_CAUSED = re.compile("由(?P<by>.+?)(?:引起|造成|导致|产生|形成|驱动|推动|带动|提供|决定|控制|组成|构成)")
_GLUE = frozenset("的了是就也都还才着")


def _means(clause: str) -> tuple[str, str] | None:
    """What `A靠B` says: (A, B), normalised; None for no means or a denied one (`不靠空气`)."""
    norm = normalize(clause)
    caused = _CAUSED.search(norm)
    if caused is not None:
        left, right = norm[: caused.start()], caused["by"]
    elif (match := _MEANS.search(norm)) is not None:
        left, right = norm[: match.start()], norm[match.end() :]
    else:
        return None
    right = right.strip("".join(_GLUE))
    if left and left[-1] in _NEGATING:
        return None
    return left.strip("".join(_GLUE)), right


def another_means(reason: str, explanation: str, prompt: str) -> tuple[str, str] | None:
    """A means the reason gives (`A靠B`) for the thing the explanation gives another means for, when no
    character of it stands in the explanation or the statement (a true one, given by the caller): a means the
    bank never speaks of. Returns (the explanation's clause, the reason's clause)."""
    written = normalize(explanation + "|" + prompt)
    known = set(written) - _GLUE
    theirs = [(c.strip(), m) for c in _CLAUSE.split(explanation) if (m := _means(c)) is not None]
    for clause in _CLAUSE.split(reason):
        mine = _means(clause)
        if mine is None:
            continue
        thing, by = mine
        for original, (their_thing, their_by) in theirs:
            # `靠晒太阳取暖维持生命` beside 靠……脂肪维持生命, `靠电磁波传播` beside 传播需要介质: what the bank
            # says it is for, as the bank writes it, is no part of the means.
            own = by[: len(by) - max(_common_end(by, their_by), _written_end(by, written))]
            if len(own) < _WORD or set(own) & known:
                continue  # some of it the explanation says: a reason in other words, not another means
            if not thing or not their_thing or _runs(thing) & _runs(their_thing):  # of one thing
                return original, clause.strip()
    return None


def _written_end(by: str, written: str) -> int:
    """The length of the longest ending of `by`, two characters or more, that the bank writes as it is."""
    return next((n for n in range(len(by) - 1, 1, -1) if by[-n:] in written), 0)


def _common_end(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


# A comparison: `冰的密度比水小`, `小于水的`; its adjective and that adjective's opposite.
_ADJECTIVES = "大小 高低 多少 快慢 长短 重轻 强弱 早晚 深浅 宽窄 厚薄 远近 热冷"
_OPPOSITE = {a: b for pair in _ADJECTIVES.split() for a, b in (pair, pair[::-1])}
_ADJECTIVE = f"(?P<adj>[{''.join(_OPPOSITE)}])"
# Not 比较, 比如, 比例…: words of 比 that compare nothing.
# The adjective closes the comparison (`比水大`, `比水还小了`), not a word it begins (`比权重剪枝更有效`).
_THAN = re.compile(
    f"比(?!较|如|例|赛|重|率|方|值)(?P<other>[\u4e00-\u9fff]{{1,4}}?)(?:更|还|要|稍|略)?{_ADJECTIVE}"
    "(?=$|[了的得些点多呢吧啊很])"
)
_THAN_AFTER = re.compile(f"{_ADJECTIVE}于(?P<other>[\u4e00-\u9fff]{{1,4}})")


def _comparisons(text: str) -> list[tuple[set[str], set[str], str]]:
    """The comparisons of a text, clause by clause: (the thing compared, what it is compared with, the adjective),
    each side as its characters."""
    found = []
    for sentence in _SENTENCE.split(text):
        earlier = ""  # `冰的密度约0.9，小于水的1`: the thing compared may stand in an earlier clause
        for clause in _CLAUSE.split(sentence):
            norm = normalize(clause)
            for pattern in (_THAN, _THAN_AFTER):
                for match in pattern.finditer(norm):
                    if _NEGATION.search(norm[max(0, match.start() - _REACH) : match.start()]):
                        continue  # `并不一定比原始模型小`, `不得低于`: no comparison is made
                    thing, other = _runs(norm[: match.start()] or earlier), _runs(match["other"].split("的")[0])
                    # What tells the two apart (`海水` and 淡水 share 水): each side without the other's characters.
                    found.append((thing - other or thing, other - thing or other, match["adj"]))
            earlier = norm
    return found


def turned_comparison(reason: str, sources: list[str]) -> tuple[str, str] | None:
    """A comparison the reason makes the other way round from one of the sources: the opposite adjective of the
    same two things (`冰的密度比水大` where it says 小于水), or the same adjective with the two things swapped; none
    when a source also compares them as the reason does. Returns (the source, the reason)."""
    mine = _comparisons(reason)
    if not mine:
        return None
    agree = opposed = None
    for source in sources:
        for thing, other, adj in _comparisons(source):
            for my_thing, my_other, my_adj in mine:
                same = my_thing & thing and my_other & other
                swapped = my_thing & other and my_other & thing and not same
                if (same and my_adj == adj) or (swapped and my_adj == _OPPOSITE[adj]):
                    agree = source
                elif (same and my_adj == _OPPOSITE[adj]) or (swapped and my_adj == adj):
                    opposed = opposed or source
    return (opposed.strip(), reason.strip()) if opposed is not None and agree is None else None


# A number in words or digits with what it counts or measures: `5个腔`, `1919年`, `120度`, `8000米`.
_NUMBER = re.compile(r"(?<![第\d.])(?P<n>\d+(?:\.\d+)?(?:E\+\d+)?)\s*(?P<unit>°[Cc]|℃|摄氏度|[\u4e00-\u9fff%])")
_CLASSIFIERS = frozenset("个种只条位次名座颗块层根")  # a count's word: its noun follows (`4个腔`)
_EXACT = frozenset("年月日号") | _CLASSIFIERS  # dates and counts are the same number or another
_CLOSE = Decimal("0.01")  # a measure rounded (8848 for 8848.86) is the same value
_DIFFERENCE = re.compile("比|差|相差|多出|高出|低了|多了|少了|增加|减少|超过")  # a difference, not the value
_UNITS = {"°C": "℃", "°c": "℃", "摄氏度": "℃", "度": "℃"}
_NO_THING = frozenset("大约概是有才只近接左右上下多应该为")  # `大约`, `是`, `左右`: words around a bare value


@dataclass(frozen=True, slots=True)
class _Number:
    value: Decimal
    unit: str
    context: frozenset[str]  # the characters of its clause that name what it is of
    clause: str
    difference: bool


# Numerals in words are read as numbers only before a count's word (`八条腿`): `周一`, `一周` and `第一` count nothing.
_COUNT_IN_WORDS = re.compile(f"[零一二两三四五六七八九十百千万]+(?=[{''.join(sorted(_CLASSIFIERS))}])")


def _numbers(text: str) -> list[_Number]:
    found = []
    for clause in _CLAUSE.split(text):
        digits = _COUNT_IN_WORDS.sub(lambda m: in_digits(m[0]), unicodedata.normalize("NFKC", clause))
        for match in _NUMBER.finditer(digits):
            unit = _UNITS.get(match["unit"], match["unit"])
            if unit in _CLASSIFIERS:
                unit += digits[match.end() : match.end() + 1]
            try:
                value = Decimal(match["n"])
            except InvalidOperation:
                continue
            context = frozenset(_runs(normalize(re.sub(r"[\d.E+]+", "", digits))) - set(unit))
            difference = bool(_DIFFERENCE.search(digits[: match.start()]))
            found.append(_Number(value, unit, context, clause.strip(), difference))
    return found


def _same_value(said: _Number, told: _Number) -> bool:
    if said.value == told.value:
        return True
    if said.unit[:1] in _EXACT or not told.value:
        return False
    return abs(said.value - told.value) <= _CLOSE * abs(told.value)


def another_value(reason: str, sources: list[str]) -> tuple[str, str] | None:
    """A number the reason gives for what a number of the sources gives, in the same unit, that is another value
    (`心脏有5个腔` where it says 4个腔, `1919年结束` where it says 1918年11月结束): the source's number it is of is the
    one whose clause shares most of its words, two at least. A difference (`比……高237米`) is no such value."""
    told = [n for source in sources for n in _numbers(source)]
    for said in _numbers(reason):
        alike = [t for t in told if t.unit == said.unit]
        if said.difference or not alike:
            continue
        best = max(len(said.context & t.context) for t in alike)
        nearest = [t for t in alike if len(said.context & t.context) == best]
        # `大约8000米` names nothing, `1913年沉没` one word of it: of the one number the sources give in that unit.
        bare = len(alike) == 1 and (best >= 1 or not said.context - _NO_THING)
        if (best >= _WORD or bare) and not any(_same_value(said, t) for t in nearest):
            return nearest[0].clause, reason.strip()
    return None


def wrong_fact(reason: str, explanation: str, prompt: str) -> tuple[str, str] | None:
    """The first of the checks above that the reason fails; None when it states no other fact."""
    if not reason or not explanation:
        return None
    return (
        denies_the_explanation(reason, explanation)
        or another_means(reason, explanation, prompt)
        or another_value(reason, [explanation, *([prompt] if prompt else [])])
    )
