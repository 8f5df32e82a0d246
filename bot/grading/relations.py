"""Relations a case answer states, and a reply that states one of the reference's the other way round.

A point of a case is often a relation between things, and a reply can hold every word of it and still say
it backwards: `海面比陆地升温快` for 陆地…升温快、海面升温慢, `风从陆地吹向海洋` for 风从海洋吹向陆地, `B导致A` for
A导致B, `先B后A` for 先A后B, `温度越高反应越慢` for 越高…越快. Such a reply earns nothing of that point, whatever
its words match. The relations read (in normalised text, clause by clause):

- a thing's direction: an attribute and a direction word after it (`升温快`, `气压降低`, `形成早`, `流速减慢`), of
  the thing named before it in the clause, or else of the last thing named in the sentence;
- a comparison: `A比B…快` (A faster, B slower), `A…高于B`;
- an order: from A to B (`从A吹向B`, `A流向B`), A causes B (`A导致B`, `因为A所以B`), A before B (`先A后B`,
  `A之后再B`);
- a covariation: `X越高，Y越快`.

Only a relation the reference states one way and never the other counts as reversed; a reply that leaves a
thing unnamed, or names things the reference does not relate, reverses nothing (its words decide).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.lexicon.normalize import clean

__all__ = ["Claim", "agrees", "claims", "reverses", "stated_beyond", "turns_alike"]

# Adjectives by pair, the first of each the positive side; verbs of change by sign.
_ADJECTIVE_PAIRS = "快慢 高低 大小 多少 强弱 早晚 深浅 长短 厚薄 远近 热冷 重轻 粗细 宽窄 浓淡 稠稀"
_SIGN: dict[str, tuple[str, int]] = {}
for _up, _down in _ADJECTIVE_PAIRS.split():
    _SIGN[_up] = (_up, 1)
    _SIGN[_down] = (_up, -1)
_UP_VERBS = "增加 增大 增多 增强 增长 增高 提高 升高 上升 加快 加速 加大 加强 扩大 延长 变多 变大 变快 变高 变强"
_DOWN_VERBS = "减少 减小 减弱 减慢 减缓 降低 下降 减速 缩小 缩短 变少 变小 变慢 变低 变弱"
_VERBS = {**{v: ("", 1) for v in _UP_VERBS.split()}, **{v: ("", -1) for v in _DOWN_VERBS.split()}}


def turns_alike(a: str, b: str) -> bool:
    """Two verbs of change that turn the same way (`增高`, `升高`): one fact in two words."""
    return a in _VERBS and b in _VERBS and _VERBS[a][1] == _VERBS[b][1]


# Words before a direction word that grade it (`较高`, `变得更快`, `越快`), and a negation before those.
_DEGREES = (
    "比较",
    "非常",
    "特别",
    "变得",
    "更加",
    "随之",
    "也会",
    "就会",
    "较",
    "更",
    "很",
    "变",
    "偏",
    "越",
    "最",
    "太",
    "得",
    "也",
    "就",
    "会",
    "都",
)
_NOTS = ("没有", "不", "没")
# A direction word; an adjective only where it closes its clause or a word (`升温快`, `气压低了`, `快于`): inside a
# word it names a thing (`高温`).
_VERB_WORDS = "|".join(sorted(_VERBS, key=len, reverse=True))
_DIRECTION = re.compile(
    rf"(?=[{''.join({v[0] for v in _VERBS} | set(_SIGN))}])"
    rf"(?:(?P<verb>{_VERB_WORDS})|(?P<adj>[{''.join(_SIGN)}])(?=$|[了的些点于]|[^\u4e00-\u9fff]))"
)
# Characters that name no thing: a side of a relation is what stands around them.
_GLUE = frozenset("的了是在把被将就也都还又才很更较变得所其这那该此从向到往由于因为使让和与及或而并且则")
_GLUE_APART = str.maketrans(dict.fromkeys(_GLUE, " "))
_SIDE = 6  # characters at most of a side of an order or a comparison
_FLOW = re.compile(r"从(?P<a>[^|]{1,6}?)(?:[吹流运移传飘搬输送扩散]{1,2})?(?:向|到|至|往|进入|流入)(?P<b>[^|]{1,6})")
# Words that stand between the two sides of an order (`A流向B`, `A导致B`, `A之后再B`).
_FLOWS_TO = re.compile("流向|流入|吹向|移向|传向|扩散到|运往")
_CAUSE = re.compile("导致|引起|造成|使得|引发|促使|致使")
_BECAUSE = re.compile(r"(?:因为|由于)(?P<a>[^|]{2,12}?)\|?(?:所以|因此|因而|于是)(?P<b>[^|]{2,12})")
_FIRST = re.compile(r"先(?P<a>[^|]{1,8}?)\|?(?:然后|接着|再|后)(?P<b>[^|]{1,8})")
_AFTER = re.compile("(?:之后|以后)(?:再|才)?")
# `比` as a comparison, not inside a word (比热容, 比例, 对比, 相比之下).
_THAN = re.compile(r"(?P<a>[^|比]{1,6})(?<![对相类无好])比(?![热例较重赛率值如方分])(?P<b>[^|]{1,12})")
_MORE_THE = re.compile(r"(?P<x>[^|越]{1,6})越(?P<sx>[^|越]{1,3})\|?(?P<y>[^|越]{1,6})越(?P<sy>[^|越]{1,3})")


@dataclass(frozen=True, slots=True)
class Claim:
    """One relation: `kind` is `dir` (thing `a`'s `attr` turned `sign` along `dim`), `flow`, `cause`, `before`
    (from `a` to `b`) or `covary` (`a` and `b` turn the same way: sign 1, or opposite ways: -1)."""

    kind: str
    a: str
    b: str = ""
    attr: str = ""
    dim: str = ""
    sign: int = 1


_HAN_RUNS = re.compile("[\u4e00-\u9fff]+")


def _thing(text: str, last: bool = True) -> str:
    """The Han characters naming a thing at the end (or start) of a stretch, glue and other marks left out."""
    run = _HAN_RUNS.findall(text.translate(_GLUE_APART))
    if not run:
        return ""
    return run[-1][-4:] if last else run[0][:4]


# Words that open a clause without naming its thing (`白天升温快`: 白天 says when).
_OPENERS = re.compile(
    r"^(?:白天|夜里|夜间|晚上|早上|夏天|冬天|此时|同时|这时|然后|所以|因此|因而|于是|而且|并且|但是|结果|最后|首先|其次|"
    r"接着|随后|近|而|但|且|则)+"
)


def _turn(clause: str, match: re.Match[str]) -> tuple[int, str, int]:
    """Where a direction word's phrase starts (its degree words and negation before it), its dimension, its sign."""
    dim, sign = _VERBS[match["verb"]] if match["verb"] else _SIGN[match["adj"]]
    start = match.start()
    graded = True
    while graded:
        graded = False
        for word in _DEGREES:
            if clause.endswith(word, 0, start):
                start, graded = start - len(word), True
                break
    for word in _NOTS:
        if clause.endswith(word, 0, start):
            return start - len(word), dim, -sign
    return start, dim, sign


def _directions(clause: str, subject: str) -> tuple[list[Claim], str]:
    """The direction claims of one clause, and the thing it speaks of (for the next clause of its sentence):
    the two characters that open it (`海面升温慢`), unless it opens with the attribute (`气压较高`). The two
    characters just before the attribute are a candidate too (`温度升高时酵母活性增强`: 酵母), `|` between."""
    found: list[Claim] = []
    lead = opener = None
    for match in _DIRECTION.finditer(clause):
        start, dim, sign = _turn(clause, match)
        before = clause[:start]
        attr = _thing(before)[-2:]
        if match["verb"] and not attr:  # `降低气压`: the attribute after the verb
            attr = _thing(clause[match.end() :], last=False)[:2]
        if lead is None:
            lead = _OPENERS.sub("", clause)
            opener = _thing(lead, last=False)[:2]
        if opener and attr and not lead.startswith(attr) and opener != attr:
            subject = opener
        at = before.rfind(attr) if attr else -1
        near = _thing(before[:at])[-2:] if at > 0 else ""
        if attr:
            thing = "|".join(dict.fromkeys(x for x in (subject, near) if x and x != attr))
            found.append(Claim("dir", thing, attr=attr, dim=dim, sign=sign))
    return found, subject


def _comparisons(clause: str) -> list[Claim]:
    """`A比B升温快`: A's attribute one way, B's the other."""
    found: list[Claim] = []
    for match in _THAN.finditer(clause):
        a = _thing(match["a"])
        rest = match["b"]
        turn = _DIRECTION.search(rest)
        if not a or turn is None:
            continue
        start, dim, sign = _turn(rest, turn)
        between = rest[:start]
        # `下层比上层早`: a short stretch is the other thing; a longer one ends with the attribute.
        b, attr = (between, "") if len(between) <= 3 else (between[:-2], between[-2:])
        b = _thing(b)
        if b:
            found += [Claim("dir", a, attr=attr, dim=dim, sign=sign), Claim("dir", b, attr=attr, dim=dim, sign=-sign)]
    return found


# Each kind of order with the words it needs (looked for before its pattern is tried), and whether the pattern
# is the words between its sides (its sides are then what stands around it in the clause).
_ORDERS = (
    ("flow", ("从",), _FLOW, False),
    ("flow", ("流向", "流入", "吹向", "移向", "传向", "扩散到", "运往"), _FLOWS_TO, True),
    ("cause", ("导致", "引起", "造成", "使得", "引发", "促使", "致使"), _CAUSE, True),
    ("cause", ("因为", "由于"), _BECAUSE, False),
    ("before", ("先",), _FIRST, False),
    ("before", ("之后", "以后"), _AFTER, True),
)


_CUES = re.compile("|".join(cue for _, cues, _, _ in _ORDERS for cue in cues))


def _orders(text: str) -> list[Claim]:
    found: list[Claim] = []
    present = set(_CUES.findall(text))
    for kind, cues, pattern, between in _ORDERS:
        if present.isdisjoint(cues):
            continue
        for match in pattern.finditer(text):
            if between:
                a = text[max(0, match.start() - _SIDE) : match.start()].rsplit("|", 1)[-1]
                b = text[match.end() : match.end() + _SIDE].split("|", 1)[0]
            else:
                a, b = match["a"], match["b"]
            if a and b:
                found.append(Claim(kind, a[-_SIDE:], b[:_SIDE]))
    if text.count("越") >= 2:
        for match in _MORE_THE.finditer(text):
            sx, sy = _SIGN.get(match["sx"][-1:]), _SIGN.get(match["sy"][-1:])
            if sx and sy:
                found.append(Claim("covary", _thing(match["x"]), _thing(match["y"]), sign=sx[1] * sy[1]))
    return found


_SENTENCES = re.compile(r"[。；;！!？?\n]+")
_CLAUSES = re.compile(r"[，,、：:]+")
_SPACES = str.maketrans("", "", " \t\u3000")


@lru_cache(maxsize=1024)
def _sentences(text: str, folded: bool = False) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Each sentence's clauses, as typed (spaces and case aside), and the clauses joined by `|`; `folded`: the
    text is a reply already normalised (its clauses kept by the case grader), not folded again."""
    out = []
    for sentence in _SENTENCES.split(text if folded else clean(text).lower()):
        clauses = tuple(c for c in (c.translate(_SPACES) for c in _CLAUSES.split(sentence)) if c)
        if clauses:
            out.append((clauses, "|".join(clauses)))
    return tuple(out)


def _turns_of(sentences: tuple[tuple[tuple[str, ...], str], ...]) -> list[Claim]:
    found: list[Claim] = []
    for clauses, joined in sentences:
        if not _DIRECTION.search(joined):
            continue
        subject = ""
        for clause in clauses:
            compared = _comparisons(clause) if "比" in clause else []
            if compared:
                found += compared
                subject = compared[0].a
                continue
            directions, subject = _directions(clause, subject)
            found += directions
    return found


def claims(text: str, folded: bool = False) -> tuple[Claim, ...]:
    """Every relation a text states: directions and comparisons, flows, causes, steps and covariations. The text
    is read as typed, spaces and case aside: a reply in another script states nothing here, and its words decide."""
    sentences = _sentences(text, folded)
    found = _turns_of(sentences)
    found += [claim for _, joined in sentences for claim in _orders(joined)]
    return tuple(dict.fromkeys(found))


_STOP = _GLUE | frozenset("上下中内外前后里面边方")


def _same(x: str, y: str, thing: bool = False) -> bool:
    """Two stretches name the same attribute: they share two characters in a row, or a short one shares a
    character that names something (`流速`, `速度`). Of `thing`s the shared character must open both (`海面`, `海上`):
    `向光` and `背光` are two sides. A thing read two ways (`温度|酵母`) is either."""
    if not x or not y:
        return False
    if "|" in x or "|" in y:
        return any(_same(a, b, thing) for a in x.split("|") for b in y.split("|"))
    if x in y or y in x:
        return True
    if any(x[i : i + 2] in y for i in range(len(x) - 1)):
        return True
    if min(len(x), len(y)) > 2:
        return False
    if thing:
        return x[0] == y[0] and x[0] not in _STOP
    return any(ch in y and ch not in _STOP for ch in x)


def _same_turn(mine: Claim, theirs: Claim, strict: bool = False) -> bool:
    """Both claims turn the same attribute of one thing the same way (`河水流速变慢` and 河流…流速减慢). `strict`
    (to credit a reply): attributes sharing a character only where it opens both (`炖肉` is no `肉熟`)."""
    return (
        mine.kind == theirs.kind == "dir"
        and (not mine.dim or not theirs.dim or mine.dim == theirs.dim)
        and _same(mine.attr, theirs.attr, thing=strict)
        and (not mine.a or not theirs.a or _same(mine.a, theirs.a, thing=True))
        and mine.sign == theirs.sign
    )


def _same_order(mine: Claim, theirs: Claim) -> bool:
    return mine.kind == theirs.kind != "dir" and _same(mine.a, theirs.a) and _same(mine.b, theirs.b)


def stated_beyond(text: str, question: str, lines: str = "") -> tuple[Claim, ...]:
    """The relations a reference's line states that the question does not (read once per question): saying one of
    those says the line, in any words for its thing and its turn. Where the point's `lines` turn an attribute one
    way only, the thing it is said of is not asked for (`沸点升高` says 水的沸点随之升高, whatever the reply names
    first); where they turn it both ways (陆地升温快, 海面升温慢), it is."""
    asked = claims(question)
    whole = claims(lines) if lines else ()
    out = []
    for c in claims(text):
        if any(_same_turn(c, q) or _same_order(c, q) for q in asked) or not (c.attr or c.b):
            continue
        both_ways = any(t.kind == "dir" and _same(c.attr, t.attr) and t.sign != c.sign for t in whole)
        out.append(c if c.kind != "dir" or both_ways else replace(c, a=""))
    return tuple(out)


def agrees(reply: str, told: tuple[Claim, ...]) -> bool:
    """The reply states one of the relations as they are told (same thing, same attribute, same way; or the same
    order), and none of them the other way round."""
    if not told or not any(ch in reply for t in told for ch in (t.attr if t.kind == "dir" else t.a)):
        return False  # (nothing of what the relations turn is named: no need to read the reply's)
    said = _said(reply)
    agreed = any(_same_turn(m, t, strict=True) or (m.sign == t.sign and _same_order(m, t)) for m in said for t in told)
    return agreed and not any(_opposed(m, told) for m in said)


def _opposed(mine: Claim, told: tuple[Claim, ...]) -> bool:
    """The reply's claim says the opposite of what the reference says of the same thing, and never agrees."""
    if mine.kind == "dir":
        # The reference's claims on the same attribute (`升温`), of the same thing where both name one.
        same = [
            t
            for t in told
            if t.kind == "dir"
            and (not mine.dim or not t.dim or mine.dim == t.dim)
            and _same(mine.attr, t.attr)
            and (not mine.a or not t.a or _same(mine.a, t.a, thing=True))
        ]
        return bool(same) and all(t.sign == -mine.sign for t in same)
    straight = [t for t in told if t.kind == mine.kind and _same(mine.a, t.a) and _same(mine.b, t.b)]
    if mine.kind == "covary":
        return bool(straight) and all(t.sign == -mine.sign for t in straight)
    crossed = any(t.kind == mine.kind and _same(mine.a, t.b) and _same(mine.b, t.a) for t in told)
    return crossed and not straight


@lru_cache(maxsize=4096)
def _told(reference: str) -> tuple[tuple[Claim, ...], frozenset[str]]:
    """A reference point's relations and the characters of what they turn (an attribute, an order's sides): a
    reply's relation sharing none of them speaks of something else. Read once."""
    told = claims(reference)
    return told, frozenset(ch for claim in told for ch in (claim.attr if claim.kind == "dir" else claim.a + claim.b))


@lru_cache(maxsize=1024)
def _said(reply: str) -> tuple[Claim, ...]:
    """A reply's relations (its normalised clauses, `，` between), read once for every point and detail it is held
    against."""
    return claims(reply, folded=True)


def reverses(reply: str, reference: str, context: str = "") -> bool:
    """The reply states a relation of the reference the other way round, and never as the reference does; nor as
    the context does (the question and the whole answer: `推理速度慢` restating the case's problem is no reversal
    of a point's `推理速度提高`)."""
    told, chars = _told(reference)
    if not told:
        return False
    for mine in _said(reply):
        if chars.isdisjoint(mine.attr if mine.kind == "dir" else mine.a + mine.b) or not _opposed(mine, told):
            continue
        if not any(_same_turn(mine, c) or _same_order(mine, c) for c in _told(context)[0]):
            return True
    return False
