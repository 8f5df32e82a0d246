"""Limits on what a case's numbered sub-answer earns beyond its words: what the explanation's marking note
says a bare phrase earns, and a sub-answer that states what the reference denies (`meaning.asserts_denied`).

- A marking note quotes what earns nothing or half (`只列出“前兆”“措施”等标题而无内容不得分`,
  `只写“用帕斯卡原理”而未答是否省功给该点一半`): a sub-answer that says that phrase and hardly more (two characters
  at most beyond it, `喷发前兆` for “前兆”) earns what the note says, whatever its words match.
- A marking note says what a point must hold (`第 1 点须指出紫外线`, `第 3 点至少含面罩与通风两项`, `第 2 点须答碳十四并
  说明木炭含碳/有机物`): a sub-answer that says it all (each part joined by 与/并, one of each part's
  alternatives split at / or 或) makes the point, as the teacher who wrote the note marks it; one that does not
  earns half of it at most.
- A sub-answer that crosses two opposites the reference pairs (`上层早下层晚` where it says 下层形成早、上层形成晚)
  states the reverse: it earns nothing of its point.
- The reference denies something (`省力但不省功`, `油不溶于水`): a sub-answer that asserts it (`既省力也省功`)
  states a falsehood about the point, so it earns half of it at most, whatever else it gets right.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.grading.meaning import OPPOSITES, asserted
from bot.lexicon.normalize import normalize

__all__ = ["crossed", "meets_requirement", "noted_credit"]

_QUOTED = re.compile(r"[“\"「『]([^”\"」』]{1,20})[”\"」』]")
_NOTE_CLAUSE = re.compile(r"[。；;\n]+")
_NOTHING = re.compile(r"不得分|不给分|不计分|不算分|得0分|得零分|0分|零分")
_HALF = re.compile(r"一半|半分|减半|半数分")
# Characters that carry nothing in a bare phrase (`隆起的原因` is “隆起原因”, `用帕斯卡原理` is 帕斯卡原理).
_GLUE = frozenset("的了是用答写说在")
_LEFT_OVER = 2  # characters a sub-answer may add to a quoted phrase and still be that phrase alone


def _core(text: str) -> str:
    return "".join(ch for ch in normalize(text) if ch not in _GLUE)


@lru_cache(maxsize=1024)
def _notes(explanation: str) -> tuple[tuple[str, float], ...]:
    """The phrases the marking note quotes with what they earn: 0 (不得分) or half (一半)."""
    found: list[tuple[str, float]] = []
    for clause in _NOTE_CLAUSE.split(explanation):
        credit = 0.0 if _NOTHING.search(clause) else 0.5 if _HALF.search(clause) else None
        if credit is None:
            continue
        found.extend((core, credit) for q in _QUOTED.findall(clause) if (core := _core(q)))
    return tuple(found)


def noted_credit(part: str, explanation: str) -> float | None:
    """What the note gives a sub-answer that is one of its quoted phrases and hardly more; None otherwise."""
    notes = _notes(explanation)
    said = _core(part) if notes else ""
    if not said:
        return None
    for phrase, credit in notes:
        if phrase in said and len(said) - len(phrase) <= _LEFT_OVER:
            return credit
    return None


# `第 2 点须答…`, `第3问必须含…`: what the note requires of a point, up to the end of its clause or a bracket.
_POINT_NOTE = re.compile(r"第\s*(?P<n>\d{1,2}|[一二三四五六七八九十])\s*(?:点|问|小题)\s*(?P<body>[^；;。，,]*)")
_REQUIRES = re.compile(
    r"^(?:(?:必须|须|需|应)(?:指出|说出|答出|写出|提到|说明|含有|包括|含|有|答|为|是)?|至少(?:含|包括|有)|答出?)"
)
_NUMERALS = "一二三四五六七八九十"


def _point_number(text: str) -> int:
    return int(text) if text.isdigit() else _NUMERALS.index(text) + 1


# Parts that must all be said (`A与B`, `A并说明B`), each by one of its alternatives (`A/B`, `A或B`).
_ALL_OF = re.compile(r"并说明|并且|以及|并|且|与|和|及")
_ONE_OF = re.compile(r"[/／、]|或者|或")
_PAIRED = re.compile("|".join(f"{a}[/／]{b}" for a, b in OPPOSITES if len(a) == 1 and len(b) == 1))


def _alternatives(group: str) -> tuple[str, ...]:
    """`岩浆上升/喷发前兆` -> both; `大/小循环` is one thing (大小循环), read whole."""
    group = _PAIRED.sub(lambda m: m.group(0)[0] + m.group(0)[-1], group)
    sides = [side for side in _ONE_OF.split(group) if side.strip()]
    if any(len(normalize(side)) < 2 for side in sides):
        return (normalize(group),)
    return tuple(normalize(side) for side in sides)


_REQUIRED_END = re.compile(r"[（(，,：:]|的机理|的原理|两项|两点|等")
_PARTLY = re.compile(r"部分分|一半|之一")  # a requirement for part of the point: not the whole point
_VALUE = re.compile(r"^\s*\d|[=:：]")  # a value: read by the point's values


@lru_cache(maxsize=1024)
def _requirements(explanation: str) -> dict[int, tuple[tuple[str, ...], ...]]:
    """Point number -> what it requires: groups that must all be said, each by one of its alternatives."""
    found: dict[int, tuple[tuple[str, ...], ...]] = {}
    for match in _POINT_NOTE.finditer(explanation):
        body = match.group("body").strip()
        cue = _REQUIRES.match(body)
        if cue is None or _PARTLY.search(body):
            continue  # no requirement, or one that earns part of the point (`…之一给部分分`)
        wanted = _REQUIRED_END.split(body[cue.end() :], maxsplit=1)[0]
        if not wanted or _QUOTED.search(wanted) or _VALUE.search(wanted):
            continue  # a list of quoted phrases to choose from, or a value (read by the point's values)
        groups = tuple(alts for group in _ALL_OF.split(wanted) if (alts := tuple(a for a in _alternatives(group) if a)))
        if groups:
            found.setdefault(_point_number(match.group("n")), groups)
    return found


# Words a requirement writes that a sub-answer need not repeat.
_SAYS_NOTHING = frozenset(["说明", "导致", "引起", "机理", "原理", "措施", "正确", "合理", "原因", "方法", "内容"])
_SHARE = 2 / 3  # of a requirement's words a sub-answer must hold to say it in its own order


def _words(text: str) -> list[str]:
    import rjieba  # loaded at the first case answer, as the case grader loads it

    return [w for w in rjieba.cut(text) if len(w) >= 2 and w not in _SAYS_NOTHING]


def _says(said: str, wanted: str) -> bool:
    """The sub-answer says the wanted phrase: as written, or most of its words, none of them negated unless the
    phrase negates them itself (`不要热开水箱盖`)."""
    negating = bool(set(wanted) & set(_NEGATING))
    if wanted in said:
        return negating or asserted(said, wanted)  # `不是缺氧` does not say 缺氧
    words = _words(wanted)
    if len(words) < 2:
        return False
    held = [w for w in words if w in said and (negating or asserted(said, w))]
    return len(held) >= 2 and len(held) >= _SHARE * len(words)


_NEGATING = "不没无非未"


def meets_requirement(part: str, explanation: str, number: int) -> bool | None:
    """Whether the numbered sub-answer says all the note requires of point `number`; None when it requires
    nothing of it."""
    groups = _requirements(explanation).get(number) if explanation else None
    if not groups:
        return None
    said = normalize(part)
    return all(any(_says(said, alt) for alt in alts) for alts in groups)


_OPPOSITE_OF = {a: b for a, b in OPPOSITES if len(a) == 1 and len(b) == 1}
_NEAR = 4  # characters from one word of a pair to the other it is said with (`下层形成早`)


def _pairings(text: str) -> set[tuple[str, str]]:
    """(x, y) for each opposite-pair character x and the first y of another pair a few characters after it
    (`下层早`: 下 with 早): only words said close together are read as said of each other."""
    found = set()
    for i, x in enumerate(text):
        if x not in _OPPOSITE_OF:
            continue
        # `下层比上层早`: what follows 比 is paired with the opposite of what the comparison says.
        compared = "比" in text[max(0, i - 2) : i]
        for y in text[i + 1 : i + 1 + _NEAR]:
            if y in _OPPOSITE_OF and y not in (x, _OPPOSITE_OF[x]):
                found.add((x, _OPPOSITE_OF[y] if compared else y))
                break
    return found


@lru_cache(maxsize=4096)
def _told(reference: str) -> frozenset[tuple[str, str]]:
    """The reference's pairings: asked of every sub-answer, read once per point."""
    return frozenset(_pairings(normalize(reference)))


def crossed(part: str, reference: str) -> bool:
    """The sub-answer pairs x with y where the reference pairs x with y's opposite and never with y."""
    told = _told(reference)
    if not told:
        return False  # (the reference pairs nothing: no sub-answer can cross it)
    said = _pairings(normalize(part))
    return any((x, _OPPOSITE_OF[y]) in told and (x, y) not in told for x, y in said)
