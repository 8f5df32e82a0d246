"""A marking rubric the teacher writes beside a case's reference, and what share of it a reply says.

Teachers mark a case by a short list of points (`要点：1 冷静、报警求救、等待；2 不扒门、不爬出；3 …`, also
`评分要点`, `答题要点`, `得分点`, `评分标准`), in the explanation or on a line of its own after the reference. Each
point is a few items (split at `、，；—`); a bracket gives an item another wording or an optional detail (either
says it), `/` alternatives; an item marked secondary (`…为辅`, `…为补充`) is not required.

An item is said when the reply holds half of its informative character pairs or more: pairs of the item's
Chinese characters that hold no function character and that the question does not write (a pair, not a word,
because the segmenter cuts unknown terms of a trade apart: `地漏水封干涸`). A word of the item is said too by
another word of its meaning (Cilin, bot/grading/synonyms.py). An item that says not to, or says a thing is
missing (`不扒门`, `无存水弯`, `缝隙未密封`), is said only in a negated clause (`别扒门`, `没有存水弯`); a reply that
says its thing without a negation (`赶紧扒开门`) contradicts it, and so does a negated clause of what a positive item
says (`不要报警`). A point earns the share of its items the reply says, all of it from two thirds of three items
or more (a teacher gives the whole point for most of it); it earns nothing from the rubric when the reply
contradicts one of its items. Items whose pairs all stand in the question cannot be read and are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.grading.case_limits import noted_credit
from bot.grading.meaning import OPPOSITES
from bot.grading.synonyms import synonyms
from bot.lexicon.normalize import clean, normalize

__all__ = ["Item", "RubricPoint", "point_credit", "rubric_points"]

# The cue of a rubric, in the explanation anywhere, or at the start of a line of the reference.
_CUE = re.compile(r"(?:评分要点|答题要点|采分点|踩分点|得分点|评分标准|要点)\s*[:：]")
_NUMBER = r"(?:[(（]\s*(?:{n}|{zh})\s*[)）]|{n}\s*[.．、)）:：]?(?!\d)|{c}|{zh}\s*[、.．:：])"
_ZH_NUMBERS = "一二三四五六七八九十"
_ITEM_SPLIT = re.compile(r"[、，,；;—–－~～]+|\s+")
_ALTERNATIVE = re.compile(r"[/／]|或者|或")
_BRACKET = re.compile(r"[(（](?P<inner>[^()（）]*)[)）]")
# Secondary items a teacher does not require (`光照通风不足为辅`, `落区安全为补充`).
_OPTIONAL = re.compile(r"为辅|为补充|补充|加分|酌情|次要|可不答")
# Leading words that only join an item to the list (`对应加存水弯`).
_LEAD = re.compile(r"^(?:对应|相应|包括|分别|即|如|应该|应|要|须|需)")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]+")
# Characters that glue or place words: a pair holding one tells nothing of the item.
_FUNCTION = frozenset(
    "的了和与及或在将把被以是为等并且而但之其此该这那些个也都就从到于给让又再还很更如即每各一来着过所对向用使"
    "中上下内外后前时里处不没无未别勿非莫要应须需"
)
# An item that forbids or says a thing is missing (`不扒门`, `无存水弯`), or says that of a thing it names first
# (`缝隙未密封`, `地漏不防臭`).
_NEGATED_ITEM = re.compile(r"^(?:不要|不能|不可|不|无|未|没有|没|别|勿|禁止|避免|防止|切勿)")
_NEGATED_AFTER = re.compile(r"^(?P<before>[\u4e00-\u9fff]{1,3}?)(?:未|没有|没|不)")
# Words that begin with a negation but name a state, not a thing missing or forbidden (`不畅`, `无用`).
_STATES = frozenset(
    re.findall("..", "无用无关无效无法无论无数无限不足不良不同不断不少不适不畅不利不错不便不当不稳不均")
)
_CAUSES = re.compile(r"导致|造成|引起|使得")
# A negation in a reply's clause (`不断`, `不停`, `不少` are none).
_NEGATION = re.compile(
    r"不(?![断仅同少足良利稳只光但久停管论过然如及错])|没|别|无|未|勿|莫|禁止|严禁|避免|防止|切勿|拒绝"
)
# Degree words the segmenter leaves alone before an adjective (`过|低`).
_DEGREE = frozenset("过太很较更偏")
# A verb's complement between it and its object: `关掉火`, `断了电`, `盖上锅`.
_COMPLEMENTS = frozenset("了掉上好完住起着过")
_CLAUSE = re.compile(r"[。；;！!？?\n，,：:]+|但是|而是|不过|然而|可是")
# Two thirds of a point of three items or more is the whole point.
_MOST = 2 / 3
_MOST_ITEMS = 3


@dataclass(frozen=True, slots=True)
class Wording:
    """One way of putting an item: its informative pairs, those of them a negation bears on, its words."""

    text: str  # normalised
    pairs: tuple[str, ...]
    negated: tuple[str, ...] = ()  # the pairs after the item's negation (`扒门` of 不扒门); () for a plain item
    words: tuple[tuple[str, tuple[str, ...]], ...] = ()  # a word of two characters or more, and its pairs
    # A term the reference glosses (`存水弯（S弯/P弯）`): its pairs, and its other names.
    named: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    thing: str = ""  # what a negated item says is not done (`缝隙` of 缝隙未密封), as written
    # Pairs of two characters the question writes (`开门` where it says 门打不开): the topic, not what the item says
    # of it, so said only beside another pair (an item of one pair is said by it).
    topical: frozenset[str] = frozenset()
    denied: str = ""  # what it says is not done to it (`密封`)


@dataclass(frozen=True, slots=True)
class Item:
    text: str
    wordings: tuple[Wording, ...]  # any of them says the item


@dataclass(frozen=True, slots=True)
class RubricPoint:
    text: str
    items: tuple[Item, ...]


def _pairs(norm: str) -> list[str]:
    """Every pair of neighbouring Chinese characters without a function character (a reply's pairs)."""
    return [
        run[i : i + 2]
        for run in _HAN.findall(norm)
        for i in range(len(run) - 1)
        if run[i] not in _FUNCTION and run[i + 1] not in _FUNCTION
    ]


def _item_pairs(norm: str, generic: frozenset[str]) -> list[str]:
    """An item's pairs: those inside each word the segmenter cuts, and a lone character's pair with the word beside
    it (`地|漏水|封|干涸`: 地漏, 水封), never the pair across two words (`报警|求救`: no 警求). A word of the
    dictionary keeps its pairs even with a function character (`就医`, `等待`)."""
    import rjieba  # loaded by the case grader already

    tokens = [t for t in rjieba.cut(norm) if _HAN.fullmatch(t)]
    out: list[str] = []
    for n, token in enumerate(tokens):
        if len(token) == 2:
            out += [token] if token[0] not in _FUNCTION or token[1] not in _FUNCTION else []
        elif len(token) > 2:
            whole = rjieba.has_word(token)
            out += [token[i : i + 2] for i in range(len(token) - 1) if whole or _pairs(token[i : i + 2])]
        elif token not in _FUNCTION:
            before = tokens[n - 1] if n else ""
            after = tokens[n + 1] if n + 1 < len(tokens) else ""
            # Lone characters side by side are a word of their own (`烫|熟|茶芽`: 烫熟, no 熟茶); one alone pairs
            # with the words beside it, but not with a word that only glues (`不畅|导致`: no 畅导).
            if len(after) == 1:
                pairs = [token + after]
            elif before in _DEGREE:
                out += [before + token] if before + token not in out else []  # `过|低`: 过低, as 过多 is cut whole
                continue
            elif len(before) == 1:
                pairs = []
            else:
                pairs = [
                    before[-1:] + token if before not in generic else "",
                    token + after[:1] if after not in generic else "",
                ]
            out += [p for p in pairs if len(p) == 2 and _pairs(p) and p not in out]
    return out


def _negation(norm: str) -> re.Match[str] | None:
    """The negation an item opens with, or says of the thing it names first; None for a plain item."""
    import rjieba

    if _CAUSES.search(norm):
        return None  # `排水不畅导致烂根`: a cause, not a thing to leave undone
    match = _NEGATED_ITEM.match(norm)
    if match is None:
        match = _NEGATED_AFTER.match(norm)
        # `缝隙未密封`, `地漏不防臭`; not `排水不畅`, where the negation is inside a word after the thing.
        if match is None or (match.group().endswith("不") and rjieba.has_word(norm[match.end() - 1 : match.end() + 1])):
            return None
    return None if norm[match.end() - 1 : match.end() + 1] in _STATES else match


def _wording(
    text: str, asked: frozenset[str], generic: frozenset[str], glosses: tuple[tuple[str, tuple[str, ...]], ...] = ()
) -> Wording | None:
    """An item's wording, its pairs beyond the question; None when none is left (it cannot be read)."""
    import rjieba  # loaded by the case grader already

    norm = _LEAD.sub("", normalize(text))
    asked_chars = {ch for pair in asked for ch in pair}
    match = _negation(norm)
    # A negated item's pairs: before its negation and after it (`缝隙未密封`: 缝隙, 密封), the negation left out.
    if match:
        after = [p for p in _item_pairs(norm[match.end() :], generic) if p not in asked and p not in generic]
        before = match.groupdict().get("before") or ""
        pairs = [*_item_pairs(before, generic), *after]
        denied = norm[match.end() :]
    else:
        after, pairs, before, denied = [], _item_pairs(norm, generic), "", ""
    pairs = [p for p in dict.fromkeys(pairs) if p not in asked and p not in generic]
    if not pairs:
        return None
    negated = tuple(after)
    words = tuple(
        (w, tuple(p for p in _item_pairs(w, generic) if p in pairs))
        for w in rjieba.cut(norm)
        if len(w) >= 2 and w not in generic
    )
    named = tuple(
        (tuple(p for p in _item_pairs(term, generic) if p in pairs), others)
        for term, others in _named_in(norm, glosses)
    )
    return Wording(
        norm,
        tuple(pairs),
        negated,
        tuple((w, ps) for w, ps in words if ps),
        tuple(n for n in named if n[0]),
        thing=before,
        denied=denied,
        topical=frozenset(p for p in pairs if p[0] in asked_chars and p[1] in asked_chars),
    )


def _named_in(norm: str, glosses: tuple[tuple[str, tuple[str, ...]], ...]) -> list[tuple[str, tuple[str, ...]]]:
    """The terms of an item the reference glosses, each with its other names: the longest end of the words before
    the reference's bracket that the item writes (`存水弯（S弯/P弯）`: 存水弯)."""
    out = []
    for before, others in glosses:
        for size in range(min(len(before), _MAX_TERM), 1, -1):
            if before[-size:] in norm:
                out.append((before[-size:], others))
                break
    return out


_MAX_TERM = 6
_GLOSS = re.compile(r"(?P<before>[\u4e00-\u9fff]{2,})[(（](?P<inner>[^()（）]{1,24})[)）]")
_GLOSS_LEAD = re.compile(r"^(?:如|例如|比如|即|又称|也叫|俗称|简称)")


@lru_cache(maxsize=512)
def _glosses(reference: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The reference's other names of its terms, in a bracket after them (`存水弯（S弯/P弯）`), and the kinds it
    names as examples (`鹅膏菌（如致命白毒伞、灰花纹鹅膏）`): naming one of them names the term."""
    out = []
    for match in _GLOSS.finditer(clean(reference)):
        inner = _GLOSS_LEAD.sub("", match["inner"].strip())
        others = tuple(o for part in re.split(r"[/／、，,]|或", inner) if len(o := normalize(part)) >= 2)
        if others and not re.search(r"\d", inner):
            out.append((normalize(match["before"]), others))
    return tuple(out)


def _split_brackets_safely(text: str) -> list[str]:
    """The text's items, a bracket kept with the item it follows even when it holds a separator."""
    out, depth, current = [], 0, []
    for ch in text:
        depth += ch in "(（"
        depth -= ch in ")）" and depth > 0
        if depth == 0 and _ITEM_SPLIT.fullmatch(ch):
            out.append("".join(current))
            current = []
        else:
            current.append(ch)
    out.append("".join(current))
    return out


def _rubric_text(explanation: str, reference: str) -> str:
    match = _CUE.search(explanation)
    if match:
        return explanation[match.end() :]
    for line in reference.splitlines():
        match = _CUE.match(line.strip())
        if match:
            return line.strip()[match.end() :]
    return ""


def _numbered(text: str) -> list[str] | None:
    """The rubric's points numbered 1, 2, … in order (`1 冷静、…；2 不扒门…`, `(1)`, `①`, `一、`); None when it
    numbers fewer than two."""
    starts, pos = [], 0
    for n in range(1, 21):
        number = _NUMBER.format(
            n=n, c=chr(0x245F + n), zh=_ZH_NUMBERS[n - 1] if n <= 10 else "十" + _ZH_NUMBERS[n - 11]
        )
        match = re.compile(r"(?:^|(?<=[\s；;。，,]))" + number).search(text, pos)
        if match is None:
            break
        starts.append((match.start(), match.end()))
        pos = match.end()
    if len(starts) < 2:
        return None
    ends = [s for s, _ in starts[1:]] + [len(text)]
    return [text[body:end] for (_, body), end in zip(starts, ends, strict=True)]


@lru_cache(maxsize=512)
def rubric_points(
    explanation: str, reference: str, prompt: str, count: int, generic: frozenset[str] = frozenset()
) -> tuple[RubricPoint, ...] | None:
    """The rubric's points, one for each of the reference's `count` points in order; None when there is no
    rubric or it has another number of points (it cannot be matched to them)."""
    text = _rubric_text(explanation, reference).strip()
    if not text:
        return None
    parts = _numbered(text) or [p for p in re.split(r"[；;]", text.split("。")[0]) if p.strip()]
    if len(parts) != count:
        return None
    asked = frozenset(run[i : i + 2] for run in _HAN.findall(normalize(prompt)) for i in range(len(run) - 1))
    glosses = _glosses(reference)
    out = []
    for part in parts:
        # A point's first sentence is its items; what follows is a remark (`落区安全为补充。`, `只写“关火”不得分。`).
        items = _items_of(part.split("。")[0], asked, generic, glosses)
        out.append(RubricPoint(part.strip(), items))
    return tuple(out)


def _items_of(
    sentence: str, asked: frozenset[str], generic: frozenset[str], glosses: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[Item, ...]:
    out = []
    for raw in _split_brackets_safely(sentence):
        raw = raw.strip(" 。.")
        if not raw or _OPTIONAL.search(raw):
            continue
        texts = [_BRACKET.sub("", raw), *(m["inner"] for m in _BRACKET.finditer(raw))]
        texts = [t for text in texts for t in _ALTERNATIVE.split(text) if t.strip()]
        wordings = tuple(w for t in texts if (w := _wording(t, asked, generic, glosses)) is not None)
        if wordings:
            out.append(Item(raw, wordings))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Said:
    """A reply's clauses (normalised) and where each pair stands in them, with or without a negation before."""

    plain: frozenset[str]
    negated: frozenset[str]
    words: frozenset[str]  # the words of its clauses that negate nothing (for other words of one meaning)
    clauses: tuple[str, ...]


@lru_cache(maxsize=1024)
def _read(reply: str) -> _Said:
    import rjieba

    plain: set[str] = set()
    negated: set[str] = set()
    words: set[str] = set()
    clauses = tuple(norm for clause in _CLAUSE.split(clean(reply)) if (norm := normalize(clause)))
    for norm in clauses:
        if not _NEGATION.search(norm):
            words.update(rjieba.cut(norm))
        for run in _HAN.finditer(norm):
            text = run.group()
            for i in range(len(text) - 1):
                pair = text[i : i + 2]
                before = norm[: run.start() + i]
                (negated if _NEGATION.search(before) else plain).add(pair)
                if i + 2 < len(text):  # `扒开门`, `断了电`: a pair with one character between
                    gapped = text[i] + text[i + 2]
                    (negated if _NEGATION.search(before) else plain).add("~" + gapped)
                    if text[i + 1] in _COMPLEMENTS:  # `关掉火` says 关火
                        (negated if _NEGATION.search(before) else plain).add(gapped)
    return _Said(frozenset(plain), frozenset(negated), frozenset(words), clauses)


def _said_share(wording: Wording, said: _Said) -> tuple[bool, bool]:
    """Whether the reply says this wording (more than half of its pairs), and whether it contradicts it."""
    if _turned(wording, said):
        return False, True
    # `就诊` for 就医: a word of the item said by another of its meaning, in a clause that negates nothing.
    by_synonym = {p for w, ps in wording.words if not synonyms(w).isdisjoint(said.words) for p in ps}
    # `装个P弯` for 加存水弯: a term said by another name the reference gives it, negated or not as it stands.
    plain_names, negated_names = set(), set()
    for term_pairs, others in wording.named:
        for clause in said.clauses:
            at = next((clause.find(o) for o in others if o in clause), -1)
            if at >= 0:
                (negated_names if _NEGATION.search(clause[:at]) else plain_names).update(term_pairs)
    wanted = set(wording.negated)
    short = _denied_shortly(wording, said)
    found = [
        p
        for p in wording.pairs
        if (
            (p in said.negated or p in negated_names or short)
            if p in wanted
            else (p in said.plain or p in by_synonym or p in plain_names)
        )
    ]
    hits = len(found) if len(wording.pairs) < 2 or any(p not in wording.topical for p in found) else 0
    if found and not hits and _beside_the_topic(wording, found, said):
        hits = len(found)
    # `赶紧扒开门` for 不扒门: what the item negates, said and never negated.
    contradicted = any(p in said.plain or "~" + p in said.plain for p in wanted) and not any(
        p in said.negated for p in wanted
    )
    return hits >= _needed(len(wording.pairs)), contradicted


def _needed(pairs: int) -> int:
    """Pairs a reply must say of an item: more than half of them, or one of two (`地漏水封干涸`: three of 漏水, 水封,
    封干, 干涸, so that `地漏水封太满` does not say it by the thing alone)."""
    return 1 if pairs <= 2 else pairs // 2 + 1


def _beside_the_topic(wording: Wording, found: list[str], said: _Said) -> bool:
    """A clause holding the item's topic (`浇水`) and a character of what the item says of it (`多` of 过多:
    `浇水太多`, not `浇水不规律`)."""
    topic = "".join(found)
    told = {
        ch for p in wording.pairs if p not in wording.topical for ch in p if ch not in _FUNCTION and ch not in topic
    }
    return any(any(p in c for p in found) and not told.isdisjoint(c) for c in said.clauses)


def _denied_shortly(wording: Wording, said: _Said) -> bool:
    """`缝隙没封住` for 缝隙未密封: a clause naming the item's thing, then a negation, then at once a character of
    what the item says is not done to it (only for an item that names its thing before the negation)."""
    if not wording.thing or not wording.denied:
        return False
    wanted = {ch for ch in wording.denied if ch not in _FUNCTION}
    for clause in said.clauses:
        at = clause.find(wording.thing)
        if at < 0:
            continue
        rest = clause[at + len(wording.thing) :]
        negation = _NEGATION.search(rest)
        if negation and negation.start() <= _NEAR and wanted & set(rest[negation.end() : negation.end() + 1 + _NEAR]):
            return True
    return False


# Opposite characters (`多`/`少`, `低`/`高`), without those of a negation (`无`/`有`: `没有存水弯` says 无存水弯).
_OPPOSITE_CHARS = tuple(
    (a, b) for a, b in OPPOSITES if len(a) == len(b) == 1 and not {a, b} & {"有", "无", "是", "否", "对", "错"}
)


def _turned(wording: Wording, said: _Said) -> bool:
    """A clause that says the item's thing holds the opposite of a character beside it, on the same side and not
    the character (`浇水太少` for 浇水过多; `少浇水`, advice, is no state of the watering)."""
    for x, y in _OPPOSITE_CHARS:
        where = wording.text.find(x)
        if where < 0 or y in wording.text:
            continue
        for pair in wording.pairs:
            at = wording.text.find(pair)
            after = 0 <= where - (at + 2) <= _NEAR
            if x in pair or not (after or 0 <= at - where - 1 <= _NEAR):
                continue
            for clause in said.clauses:
                found = clause.find(pair)
                if found < 0 or x in clause:
                    continue
                side = clause[found + 2 : found + 4 + _NEAR] if after else clause[max(0, found - 2 - _NEAR) : found]
                if y in side:
                    return True
    return False


_NEAR = 1  # characters between an item's thing and the word that turns it (`浇水过多`: 过)


def point_credit(point: RubricPoint, reply: str, positive: frozenset[str] = frozenset()) -> float | None:
    """The share of the point's items the reply says (the whole point for two thirds of three or more); None when
    it contradicts one of them, or the point has no item that can be read. `positive`: the pairs the rubric's plain
    items say elsewhere (`密封` of 加密封 beside 缝隙未密封), which a plain mention does not contradict."""
    if not point.items:
        return None
    share, contradicted = _reading(point, _read(reply), positive)
    return None if contradicted else share


def _reading(point: RubricPoint, said: _Said, positive: frozenset[str]) -> tuple[float, bool]:
    """The point's credit, and whether the reply contradicts one of its items (and says it in no wording)."""
    hits = 0
    for item in point.items:
        results = [_said_share(w, said) for w in item.wordings]
        against = [
            c and not any(p in positive for p in w.negated) for (_, c), w in zip(results, item.wordings, strict=True)
        ]
        if any(against) and not any(s for s, _ in results):
            return 0.0, True
        hits += any(s for s, _ in results)
    share = hits / len(point.items)
    return (1.0 if len(point.items) >= _MOST_ITEMS and share >= _MOST - 1e-9 else share), False


def raised(
    explanation: str,
    reference: str,
    prompt: str,
    scores: list[float],
    texts: list[str],
    generic: frozenset[str],
    own: bool = False,
) -> list[float]:
    """Each point's score raised to the share of its rubric items its text says (`texts`: the sub-answer given
    for it, or the whole reply); unchanged without a rubric of as many points. `own`: each text is the point's own
    sub-answer, and one that contradicts an item of the point (`2. 赶紧用水浇`) earns nothing of it, whatever the
    reference's words gave (a whole reply's clause may be meant for another point: it only keeps the raise back)."""
    rubric = rubric_points(explanation, reference, prompt, len(scores), generic)
    if rubric is None:
        return scores
    positive = _positive(rubric)
    out = []
    for score, point, text in zip(scores, rubric, texts, strict=True):
        # A sub-answer the explanation's note marks (`只写“关火”不得分`) keeps the note's credit.
        if not text or not point.items or noted_credit(text, explanation) is not None:
            out.append(score)
            continue
        credit, contradicted = _reading(point, _read(text), positive)
        out.append((0.0 if own else score) if contradicted else max(score, credit))
    return out


@lru_cache(maxsize=512)
def _positive(rubric: tuple[RubricPoint, ...]) -> frozenset[str]:
    return frozenset(
        p for point in rubric for item in point.items for w in item.wordings if not w.negated for p in w.pairs
    )
