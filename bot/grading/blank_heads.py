"""The words a prompt uses of the thing its blank asks for, which a reply may write after the key.

The head is the noun the blank is said to be: before the copula that leads to it (`…最严重的地区是___`: 地区,
`这一制度称为___`: 制度), after a word pointing at it (`这一制度`, `哪座岛屿`), or the noun an English prompt opens
with (`The protocol that … is called ___`: protocol). A class noun is also said by its other forms, in
either script (`岛屿`: 岛, island). Nothing else the prompt writes is such a word: `穆拉诺玻璃` for the island the
prompt says is famous for its glass names the glass, another thing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.lexicon.normalize import clean, normalize

__all__ = ["blank_heads"]

# A class noun and its other forms (both scripts): a reply may name the thing's class by any of them.
_CLASS_FORMS = (
    ("岛屿", "岛", "island", "isle"),
    ("河流", "河", "江", "river"),
    ("湖泊", "湖", "lake"),
    ("山脉", "山", "mountains", "range"),
    ("山峰", "峰", "peak", "mount"),
    ("城市", "城", "市", "city", "town"),
    ("国家", "国", "country"),
    ("海峡", "strait"),
    ("海湾", "湾", "bay", "gulf"),
    ("半岛", "peninsula"),
    ("沙漠", "desert"),
    ("盆地", "basin"),
    ("高原", "plateau"),
    ("火山", "volcano"),
    ("港口", "港", "port", "harbour", "harbor"),
    ("运河", "canal"),
    ("地区", "region", "area"),
    ("制度", "system"),
    ("协议", "protocol"),
)
_FORMS = {form: group for group in _CLASS_FORMS for form in group}

_COPULA = re.compile(r"(?:被称为|被称作|被叫做|称为|称作|叫做|名叫|叫|是|为|即)\s*$")
_POINTING = re.compile(r"(?:这一|这种|这个|这座|这条|哪一|哪个|哪座|哪条|哪种|哪)([\u4e00-\u9fff]{1,2})")
_ENGLISH_HEAD = re.compile(r"^\s*(?:the|this|which|what)\s+([a-z]+)\b")
_BLANK = re.compile(r"_{2,}|＿{2,}|（\s*）|\(\s*\)")
_TRAILING = re.compile(r"[\s,，:：]+$")


@lru_cache(maxsize=4096)
def blank_heads(prompt: str) -> frozenset[str]:
    """The normalised words the prompt uses of its blank's thing, with the other forms of a class noun."""
    import rjieba  # loaded at the first case answer or fill reading, as the graders load it

    before = _BLANK.split(prompt, maxsplit=1)[0] if _BLANK.search(prompt) else ""
    heads: list[str] = []
    copula = _COPULA.search(_TRAILING.sub("", before))
    if copula is not None:
        words = [w for w in rjieba.cut(before[: copula.start()]) if w.strip()]
        if words and all("\u4e00" <= ch <= "\u9fff" for ch in words[-1]) and len(words[-1]) <= 4:
            heads.append(words[-1])
    # `哪个岛上`: the class noun, not the word it begins.
    heads += [m if m in _FORMS or m[0] not in _FORMS else m[0] for m in _POINTING.findall(prompt)]
    if (english := _ENGLISH_HEAD.match(clean(prompt))) is not None:
        heads.append(english[1])
    out = {normalize(form) for head in heads for form in _FORMS.get(head, (head,))}
    return frozenset(h for h in out if h)
