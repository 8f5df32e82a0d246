"""Replies that flip the meaning of an answer: a negation added or dropped, or a word for its opposite.

`有用的神经元` is one character from `无用的神经元` and says the opposite; no typo tolerance may
accept it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from bot.lexicon.normalize import is_han, normalize

__all__ = ["NEGATIONS", "OPPOSITES", "asserted", "asserts_denied", "denied", "flipped", "flips_meaning"]

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
    """The normalised text says the word with (negated) or without a negation in the three characters before it."""
    start = said.find(word)
    while start != -1:
        if any(ch in _NEGATION for ch in said[max(0, start - 3) : start]) is negated:
            return True
        start = said.find(word, start + 1)
    return False


def asserts_denied(reply: str, reference: str) -> bool:
    """The reply says what the reference denies, with no negation of its own just before it (`既省力也省功`
    where the reference says 省力但不省功)."""
    words = denied(reference)
    said = normalize(reply) if words else ""
    return any(asserted(said, word) for word in words)
