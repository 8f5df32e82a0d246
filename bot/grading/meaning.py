"""Replies that flip the meaning of an answer: a negation added or dropped, or a word for its opposite.

`有用的神经元` is one character from `无用的神经元` and says the opposite; no typo tolerance may
accept it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import LCSseq, Levenshtein

from bot.lexicon.normalize import clean, is_han, normalize

__all__ = ["NEGATIONS", "OPPOSITES", "asserted", "asserts_denied", "contradicts", "denied", "flipped", "flips_meaning"]

# Characters that negate what follows them.
NEGATIONS = frozenset("不非无未没否勿")

_PAIRS = (
    "有无 增减 加减 升降 上下 高低 大小 正负 正反 多少 长短 前后 内外 强弱 快慢 早晚 对错 真假 是否 "
    "开关 进出 出入 左右 新旧 主从 显隐 动静 同异 粗细 深浅 宽窄 轻重 松紧 疏密 稀密 收放 冷热 "
    "软硬 单多 单双 积消 里外 顺逆 升衰 胜负 优劣 "
    "水平/垂直 同步/异步 串行/并行 集中/分布 稀疏/稠密 线性/非线性 静态/动态 全局/局部 "
    "上游/下游 正向/反向 前向/反向 在线/离线 显式/隐式 对称/非对称 有监督/无监督 有损/无损"
)


def _pairs() -> frozenset[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for item in _PAIRS.split():
        a, b = item.split("/") if "/" in item else (item[0], item[1])
        out.add((a, b))
        out.add((b, a))
    return frozenset(out)


OPPOSITES = _pairs()


_ENGLISH_NEGATING = ("non", "dis", "un", "in", "im", "ir", "il")


def _latin_word(text: str) -> bool:
    return len(text) >= 3 and text.isascii() and text.isalpha()


def flipped(reply: str, answer: str) -> tuple[str, str] | None:
    """What flips the meaning, as (the answer's words, the reply's words); one side is empty when a
    negation was only added or only dropped. None when the (normalised) reply keeps the meaning."""
    # An English negating prefix added or dropped: `willing` is the opposite of `unwilling`.
    for prefix in _ENGLISH_NEGATING:
        if answer == prefix + reply and _latin_word(reply):
            return prefix, ""
        if reply == prefix + answer and _latin_word(answer):
            return "", prefix
    # Whole words first (上游/下游 rather than 上/下); the edit script may also align them apart.
    for w, v in _WORD_PAIRS:
        if w in answer and w not in reply and v in reply and v not in answer:
            return w, v
    for tag, a0, a1, r0, r1 in Levenshtein.opcodes(answer, reply).as_list():
        if tag == "equal":
            continue
        dropped, added = answer[a0:a1], reply[r0:r1]
        # A negation that only one side has: 无用 -> 有用, 对称 -> 非对称, 不平衡 -> 平衡.
        if any(ch in NEGATIONS for ch in dropped) != any(ch in NEGATIONS for ch in added):
            return dropped, added
        if (dropped, added) in OPPOSITES:
            return dropped, added
        # Opposites inside a longer replaced stretch: compare character by character.
        if len(dropped) == len(added):
            for x, y in zip(dropped, added, strict=True):
                if (x, y) in OPPOSITES:
                    return x, y
    return None


def flips_meaning(reply: str, answer: str) -> bool:
    """True when the (normalised) reply differs from the answer by a negation or an opposite word."""
    return flipped(reply, answer) is not None


_WORD_PAIRS = tuple(sorted(p for p in OPPOSITES if len(p[0]) > 1))


_NEGATION = "不没无非未"  # NEGATIONS that deny the word after them (否 and 勿 stand alone)
# Words led by a negating character that deny nothing (`不断`, `非常`, `无论`).
_NOT_DENIALS = frozenset(
    ["不断", "不仅", "不过", "不久", "不少", "不同", "不论", "不管", "不妨", "不如", "不然", "无论", "非常", "非但"]
)
# A negation with its modal or light verb (`不会飞行`, `不能省力`, `没有省功`, `不做按压`, `不是最大`): what it
# denies follows them.
_DENIED = re.compile(f"[{_NEGATION}](?:会|能|可|用|必|需|须|宜|应|得|有|再|做|是)?(?=([\u4e00-\u9fff]{{2}}))")
_FUNCTION = frozenset("的了和与及或在是为被把将对也都就还很")


@lru_cache(maxsize=1024)
def denied(reference: str) -> tuple[str, ...]:
    """What a text denies: the two characters after a negation and its modal (`不省功`: 省功, `不会飞行`: 飞行),
    where it never says them without one."""
    text = normalize(reference)
    found = []
    for match in _DENIED.finditer(text):
        word = match.group(1)
        lead = text[match.start() : match.start() + 2]
        if lead in _NOT_DENIALS or word[0] in _FUNCTION or not all(is_han(ch) for ch in word):
            continue
        if asserted(text, word):
            continue  # said without a negation too (`原核细胞…没有细胞核`): the word is no denial of the text's
        found.append(word)
    return tuple(dict.fromkeys(found))


def asserted(said: str, word: str, negated: bool = False) -> bool:
    """The normalised text says the word with (negated) or without a negation in the three characters before it,
    or before the object a `把`/`将`/`被` puts ahead of it (`不会把它们杀死` denies 杀死)."""
    start = said.find(word)
    while start != -1:
        near = any(ch in _NEGATION for ch in said[max(0, start - 3) : start])
        if (near or _NEGATED_AHEAD.search(said, max(0, start - 9), start) is not None) is negated:
            return True
        start = said.find(word, start + 1)
    return False


# A negation, its modal, and `把`/`将`/`被` with the object it puts ahead of the verb, just before the verb.
_NEGATED_AHEAD = re.compile(f"[{_NEGATION}][会能要可]?[把将被让给][\u4e00-\u9fff]{{1,4}}$")


def asserts_denied(reply: str, reference: str) -> bool:
    """The reply says what the reference denies, with no negation of its own just before it (`既省力也省功`
    where the reference says 省力但不省功)."""
    words = denied(reference)
    said = normalize(reply) if words else ""
    return any(asserted(said, word) for word in words)


# A reason that contradicts a claim the statement or the explanation makes: the same claim with its direction
# turned (`水压减少` where it says 水压增加, `增加地速` for 地速更低, `上面发酵` for 下面发酵) or its negation added or
# dropped (`尺规也能三等分` for 尺规不能三等分), or two things it relates said to be unrelated (`f值和光圈无关`).
_UP_VERBS = "增加 增大 增多 增强 增长 提高 升高 上升 加快 加速 加大 扩大 延长 increase increased raise rise"
_DOWN_VERBS = "减少 减小 减弱 降低 下降 减慢 减速 缩小 缩短 decrease decreased reduce reduced lower fall"
_ADJECTIVES = "大小 多少 高低 快慢 长短 早晚 强弱 深浅 重轻 宽窄 粗细 厚薄 远近 热冷"
_DEGREE = "更越较变偏很最太"
_POSITIONS = "向上/向下 上面/下面 上方/下方 上层/下层 上游/下游 之前/之后 above/below before/after"
_ENGLISH_DEGREE = (
    "larger/smaller bigger/smaller greater/smaller higher/lower more/less more/fewer faster/slower "
    "longer/shorter earlier/later stronger/weaker"
)
_NEGATING_WORDS = frozenset(
    [
        "not",
        "no",
        "never",
        "cannot",
        "cant",
        "isnt",
        "doesnt",
        "dont",
        "wont",
        "arent",
        "unable",
        "无法",
        "不能",
        "不会",
        "不可",
    ]
)
_UNRELATED = re.compile(r"无关|没有?关系?|不相关|毫无关联|unrelated|nothing to do with|independent of")
_CONTENT_SKIP = frozenset("的了和与及或在是为被把将对也都就还很但而却可以能会用使着得所这那其种个时")
_ENGLISH_SKIP = frozenset(
    [
        "the",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "of",
        "to",
        "and",
        "or",
        "but",
        "it",
        "its",
        "this",
        "that",
        "be",
        "can",
        "will",
        "with",
        "as",
        "by",
        "in",
        "on",
        "at",
        "when",
        "so",
    ]
)
_RESTATES = 0.7  # share of the reason's content the claim it turns holds
_NEAR = 4  # tokens between a direction word and the thing it is said of


def _directions() -> dict[tuple[str, ...], tuple[str, int]]:
    table: dict[tuple[str, ...], tuple[str, int]] = {}
    for word in _UP_VERBS.split():
        table[_tokens(word)] = ("", 1)
    for word in _DOWN_VERBS.split():
        table[_tokens(word)] = ("", -1)
    for up, down in _ADJECTIVES.split():
        for degree in _DEGREE:
            table[(degree, up)] = (up, 1)
            table[(degree, down)] = (up, -1)
    for item in (_POSITIONS + " " + _ENGLISH_DEGREE).split():
        up, down = item.split("/")
        table[_tokens(up)] = (up, 1)
        table.setdefault(_tokens(down), (up, -1))
    return table


def _tokens(text: str) -> tuple[str, ...]:
    """Han characters one by one, Latin words (a plural or third-person `s` off) and numbers whole, in cleaned
    (lower-case) text."""
    words = re.findall(r"[a-z]+|\d+(?:\.\d+)?|[\u4e00-\u9fff]", text.replace("'", "").replace("’", ""))
    return tuple(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


def _one_turn_each(tokens: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A reason's clause cut after each of its direction words but the last (`海拔升高|沸点升高`): one claim each."""
    cuts = [end for _, end, _, _ in _turns(tokens)][:-1]
    return [tokens[a:b] for a, b in zip([0, *cuts], [*cuts, len(tokens)], strict=True) if tokens[a:b]]


_DIRECTIONS: dict[tuple[str, ...], tuple[str, int]] = {}


def _turns(tokens: tuple[str, ...]) -> list[tuple[int, int, str, int]]:
    """Each direction word of the tokens: (start, end, dimension, sign); verbs have no dimension."""
    if not _DIRECTIONS:
        _DIRECTIONS.update(_directions())
    found, i = [], 0
    while i < len(tokens):
        for size in (2, 1):
            word = tokens[i : i + size]
            if len(word) == size and word in _DIRECTIONS:
                found.append((i, i + size, *_DIRECTIONS[word]))
                i += size
                break
        else:
            i += 1
    return found


def _content(tokens: tuple[str, ...], spans: list[tuple[int, int]]) -> list[str]:
    """The tokens that name things, neither function words, negations nor the direction words at the spans."""
    inside = {k for a, b in spans for k in range(a, b)}
    skip = _CONTENT_SKIP | _ENGLISH_SKIP | _NEGATING_WORDS | frozenset(_NEGATION)
    return [t for k, t in enumerate(tokens) if k not in inside and t not in skip]


def _held(part: list[str], tokens: tuple[str, ...]) -> float:
    """The share of the part that stands in the tokens in its own order (`末端无装饰的是无衬线体` holds little
    of 衬线体末端有装饰, though every character of it)."""
    return LCSseq.similarity(part, list(tokens)) / len(part) if part else 0.0


def _near(tokens: tuple[str, ...], span: tuple[int, int], skip: frozenset[str]) -> set[str]:
    a, b = span
    return {t for t in tokens[max(0, a - _NEAR) : a] + tokens[b : b + _NEAR] if t not in skip}


def _negated(tokens: tuple[str, ...]) -> bool:
    words = set(tokens)
    pairs = {"".join(tokens[k : k + 2]) for k in range(len(tokens) - 1)}
    if words & _NEGATING_WORDS or pairs & _NEGATING_WORDS:
        return True
    return any(t in _NEGATION and "".join(tokens[k : k + 2]) not in _NOT_DENIALS for k, t in enumerate(tokens))


def _both_ways(clause: str) -> list[str]:
    """`拉格和艾尔都用上面发酵`: a claim of each thing the clause joins with 都."""
    match = re.match(r"^(.+?)(?:和|与|跟|及)(.+?)(?:都|均)(.+)$", clause)
    return [match.group(1) + match.group(3), match.group(2) + match.group(3)] if match else [clause]


def _clauses(text: str, sentences: bool = False) -> list[tuple[str, ...]]:
    """The clauses of a text, each claim of a clause joined by 都 apart; with sentences, whole sentences too
    (`每下潜10米，水压增加` is one claim)."""
    out = []
    # `蝙蝠不是鸟类而是哺乳动物`: a denial and an assertion, two claims.
    for part in re.split(r"[，,;；:：。.!！?？\n]+|而是|但是|\bbut\b", clean(text)):
        part = _LEAD.sub("", part.strip())
        out.extend(t for piece in _both_ways(part) if (t := _tokens(piece)))
    if sentences:  # a sentence of several claims is read by its clauses only
        whole = (_tokens(part) for part in re.split(r"[;；。!！?？\n]+|\.(?!\d)", clean(text)))
        out.extend(t for t in whole if t and len(_turns(t)) == 1)
    return list(dict.fromkeys(out))


# Words that open a reason and claim nothing: `因为`, `但`, `because`.
_LEAD = re.compile(r"^(?:因为|由于|但是|但|可是|而且|所以|because|since|but)\s*")


def contradicts(reason: str, sources: list[str]) -> tuple[str, str] | None:
    """The reason states the opposite of a claim one of the sources makes: the same claim (most of the reason's
    content stands in it) with a direction word turned, a negation added or dropped, or the things it relates
    said to be unrelated. A reason that agrees with a claim of the sources, or that they cannot check, is no
    contradiction. Returns (the source's clause, the reason's clause)."""
    claims = [c for text in sources for c in _clauses(text, sentences=True)]
    skip = _CONTENT_SKIP | _ENGLISH_SKIP
    for mine in (part for clause in _clauses(reason) for part in _one_turn_each(clause)):
        turns = _turns(mine)
        if (found := _unrelated(mine, claims)) is not None:
            return found
        content = _content(mine, [(a, b) for a, b, _, _ in turns])
        if len(content) < 2:
            continue
        agree = opposed = None
        held = {theirs: _held(content, theirs) for theirs in claims}
        best = max(held.values(), default=0.0)
        for theirs in claims:
            if held[theirs] < max(best, _RESTATES):
                continue  # the claim the reason restates is the one holding most of it
            for a, b, dim, sign in turns:
                said = [t for t in _turns(theirs) if not (dim and t[2] and dim != t[2])]
                if any(t[3] == sign for t in said):
                    agree = theirs  # the claim turns that way too (`气压随海拔升高而降低` for 气压降低)
                elif any(_near(mine, (a, b), skip) & _near(theirs, (c, d), skip) for c, d, _, _ in said):
                    opposed = opposed or theirs
            if not turns and not _turns(theirs):
                if _negated(mine) == _negated(theirs):
                    agree = theirs  # `衬线体末端有装饰` as the explanation says it
                elif _held(_content(theirs, []), mine) >= _RESTATES:
                    opposed = opposed or theirs
        if opposed is not None and agree is None:
            return "".join(opposed), "".join(mine)
    return None


def _unrelated(mine: tuple[str, ...], claims: list[tuple[str, ...]]) -> tuple[str, str] | None:
    text = " ".join(mine)
    joined = "".join(mine) if all(len(t) == 1 for t in mine) else text
    match = _UNRELATED.search(joined)
    if match is None:
        return None
    sides = re.split(r"和|与|跟|同|\band\b|\bwith\b|\bof\b", joined[: match.start()] + " " + joined[match.end() :])
    sides = [_content(_tokens(s), []) for s in sides if s.strip()]
    if len(sides) < 2 or any(not s for s in sides[:2]):
        return None
    for theirs in claims:
        said = "".join(theirs) if all(len(t) == 1 for t in theirs) else " ".join(theirs)
        if _UNRELATED.search(said):
            continue
        if all(_held(side, theirs) >= 0.5 for side in sides[:2]):
            return said, joined
    return None
