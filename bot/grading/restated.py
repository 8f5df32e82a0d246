"""The key inside a longer reply that adds nothing else: the words around it restate the prompt
(`书法家王羲之`, `书圣是王羲之` for `被后人称为“书圣”的书法家是___`; after the key only through a joining word,
`王羲之是书圣`), or name the kind of thing the key is (`胰岛素注射液`, `HIV病毒`, the prompt's own word for it:
`圣托里尼岛` for `…的岛屿是___`) or how a remedy is given (`注射胰岛素`, `口服阿司匹林`).

Only the key as written (or an accepted answer) counts inside such a reply, no slip on top of it, and the
added words may not negate (`不是王羲之`) or make another known concept of the whole.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from bot.grading.answers import Accepted
from bot.grading.blank_heads import blank_heads
from bot.lexicon.normalize import normalize

__all__ = ["KIND_HEADS", "ROUTES", "restated"]

# Words after a name that say what kind of thing it is, not which: a drug's dosage forms, a virus.
# (Not 菌 or 溶液: 乳酸菌 is no 乳酸, and a solution is another substance for a chemist.)
KIND_HEADS = (
    "注射液",
    "注射剂",
    "针剂",
    "针",
    "片",
    "片剂",
    "缓释片",
    "肠溶片",
    "胶囊",
    "口服液",
    "颗粒",
    "颗粒剂",
    "软膏",
    "乳膏",
    "滴眼液",
    "滴剂",
    "喷雾剂",
    "气雾剂",
    "制剂",
    "药",
    "药物",
    "类药物",
    "病毒",
    "气体",
)
# How a remedy is given, before its name: said of a drug, in a prompt about treating or using one.
ROUTES = (
    "注射",
    "打",
    "口服",
    "服用",
    "吃",
    "静注",
    "静滴",
    "静脉注射",
    "静脉滴注",
    "肌注",
    "肌肉注射",
    "皮下注射",
    "吸入",
    "外用",
    "涂抹",
    "补充",
    "补",
    "接种",
    "输注",
    "给予",
    "使用",
    "用",
)
_TREATS = re.compile(r"药|治疗|疗法|使用|用于|服|注射|抢救|首选|控制|预防|补充|缓解|给予|接种|患者|病人")
# Joining words a restatement needs (`…的是王羲之`, `王羲之是书圣`).
_JOINERS = frozenset("是的为叫即乃就")
_NEGATORS = frozenset("不没非无未别")
# A prompt that offers answers to choose from: its words beside the key would be a second choice.
_CHOICE = re.compile(r"还是|或者|或|\bor\b")
_MIN_PROMPT_WORD = 2
_MAX_REPLY = 40


@lru_cache(maxsize=4096)
def _prompt_text(prompt: str) -> str:
    return normalize(re.sub(r"_{2,}|＿{2,}|[(（]\s*[)）]", "|", prompt))


def _covered(side: str, prompt: str, heads: tuple[str, ...]) -> bool:
    """Whether `side` is made only of the prompt's words (two characters or more), joining words and
    `heads` (the kind or route words allowed on this side)."""
    reach = [True] + [False] * len(side)
    for i in range(len(side)):
        if not reach[i]:
            continue
        if side[i] in _JOINERS:
            reach[i + 1] = True
        for head in heads:
            if side.startswith(head, i):
                reach[i + len(head)] = True
        for j in range(i + _MIN_PROMPT_WORD, len(side) + 1):
            if side[i:j] not in prompt:
                break
            reach[j] = True
    return reach[len(side)]


def _whole_word(form: str, head: str) -> bool:
    """`指南`+`针` is a word of its own (指南针), not a kind of 指南: a one-character head is taken only where
    the segmenter's dictionary does not hold the whole as a word."""
    if len(head) > 1:
        return False
    import rjieba  # loaded at the first near miss (its dictionary is large)

    return bool(rjieba.has_word(form + head))


def _inside_word(left: str, key: str, right: str) -> bool:
    """`len` in `lenth`: a Latin key runs on into letters, so the reply is another word."""
    return bool(
        (left and left[-1].isascii() and left[-1].isalnum() and key[0].isascii() and key[0].isalnum())
        or (right and right[0].isascii() and right[0].isalnum() and key[-1].isascii() and key[-1].isalnum())
    )


_SIBLING = 0.5


def _sibling(extra: str, key: str, heads: tuple[str, ...]) -> bool:
    """A piece of the added words that is as near the key as a sibling term (`乙型` beside 甲型, from a
    prompt that names both): a second answer, not a restatement."""
    for head in heads:
        extra = extra.replace(head, "|", 1)
    pieces = re.split(f"[|{''.join(_JOINERS)}]", extra)
    return any(p and Levenshtein.normalized_similarity(p, key) >= _SIBLING for p in pieces)


# What a prompt says its answer is known for (`以火山口和白色房屋闻名`, `famous for its glass`): other things.
_FAMED = re.compile(
    r"以(?P<zh>[^，。,;；]{1,24}?)(?:闻名|著称|出名|知名|驰名)"
    r"|(?:famous|known|noted|renowned) for (?P<en>[^,.;]{1,40})",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _unfamed(prompt_words: str, prompt: str) -> str:
    """The prompt's words without what it says its answer is known for."""
    for match in _FAMED.finditer(prompt):
        famed = normalize(match["zh"] or match["en"] or "")
        if famed:
            prompt_words = prompt_words.replace(famed, "|")
    return prompt_words


def restated(reply: str, forms: Sequence[Accepted], prompt: str) -> Accepted | None:
    """The accepted answer the reply holds whole, with only restating, kind or route words around it."""
    norm = normalize(reply)
    if len(norm) > _MAX_REPLY or any(ch in _NEGATORS for ch in norm):
        return None
    said = _prompt_text(prompt)
    prompt_words = "" if _CHOICE.search(prompt) else said
    treats = _TREATS.search(prompt) is not None
    for form in sorted(forms, key=lambda f: -len(f.norm)):
        key = form.norm
        if len(key) < 2 or key == norm or key not in norm:
            continue
        start = norm.find(key)
        left, right = norm[:start], norm[start + len(key) :]
        if (not left and not right) or _inside_word(left, key, right):
            continue
        heads = tuple(h for h in KIND_HEADS if right.startswith(h) and not _whole_word(key, h))
        heads += tuple(h for h in blank_heads(prompt) if right.startswith(h))
        routes = ROUTES if treats else ()
        if _sibling(left + "|" + right, key, heads):
            continue
        # Glued after the key, what the prompt says the thing is known for names that other thing
        # (`圣托里尼火山` where the island is known for its volcano); through a joining word it restates.
        right_words = prompt_words if right[:1] in _JOINERS else _unfamed(prompt_words, prompt)
        if _covered(left, prompt_words, routes) and _covered(right, right_words, heads):
            return form
    return None
