"""The form replies and answers are compared in, and the sound of Chinese characters.

Learners type on phones: full-width letters, traditional script, stray spaces and
punctuation. `normalize` removes all of that so that only what carries meaning is compared.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from opencc import OpenCC

__all__ = [
    "allowed_typos",
    "clean",
    "clear_caches",
    "drop_emoji",
    "is_han",
    "normalize",
    "readings",
    "strip_answer_prefix",
]

# Built once: constructing a converter loads its dictionaries (slow).
_T2S = OpenCC("t2s")

# Unicode general categories dropped: punctuation (P*), separators (Z*) and
# control/format/unassigned/surrogates (C*). Symbols such as + or √ stay: `C++` is not `C`.
_DROPPED = ("P", "Z", "C")
# Emoji and pictographs (`知识蒸馏👍`, `B 😊`) decorate a reply; with their variation selectors they go.
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0e\ufe0f]")

_ANSWER_PREFIX = re.compile(
    r"^\s*(?:我的答案|答案|答|回答|answer)\s*(?:是|为|:|：|is\b)\s*",
    re.IGNORECASE,
)


def clean(text: str) -> str:
    """Width, case and script folded, but spaces and punctuation kept (for splitting replies)."""
    if len(text) > 512:  # long case answers: not worth a cache slot
        return _clean(text)
    return _clean_cached(text)  # each kind's readings clean one reply many times over


def clear_caches() -> None:
    """Forget every folded text (a benchmark times replies as if the process had never seen them)."""
    _clean_cached.cache_clear()
    _normalize_cached.cache_clear()


def _clean(text: str) -> str:
    # Lone surrogates cannot be encoded and would make the converter raise: dropped (in C, fast).
    text = text.encode("utf-8", "ignore").decode("utf-8")
    text = unicodedata.normalize("NFKC", text)
    text = unicodedata.normalize("NFKC", text.casefold())
    return _T2S.convert(text)


_clean_cached = lru_cache(maxsize=8192)(_clean)


def _once(text: str) -> str:
    text = _EMOJI.sub("", unicodedata.normalize("NFKC", text))
    text = unicodedata.normalize("NFKC", text.casefold())
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] not in _DROPPED)
    return _T2S.convert(text)


@lru_cache(maxsize=8192)
def _normalize_cached(text: str) -> str:
    out = _once(text)
    # Case folding and script conversion can each expose input for the other
    # (e.g. a character that folds to one with a simplified form); run to a fixed point.
    for _ in range(4):
        again = _once(out)
        if again == out:
            break
        out = again
    return out


def normalize(text: str) -> str:
    """NFKC, case-folded, simplified script, without spaces or punctuation. Idempotent."""
    if len(text) > 512:  # long case answers: not worth a cache slot
        return _normalize_cached.__wrapped__(text)
    return _normalize_cached(text)


def drop_emoji(text: str) -> str:
    return _EMOJI.sub("", text)


def strip_answer_prefix(text: str) -> str:
    """`答案是 水平划分` -> `水平划分`: the words people put before an answer."""
    return _ANSWER_PREFIX.sub("", text, count=1)


def is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf"


@lru_cache(maxsize=16384)
def readings(ch: str) -> frozenset[str]:
    """Toneless pinyin readings of one character (every reading of a polyphone); empty if not Han."""
    if not is_han(ch):
        return frozenset()
    # Imported at the first reading, not at start-up: its phrase tables take a third of a second to load.
    from pypinyin import Style, pinyin

    found = pinyin(ch, style=Style.NORMAL, heteronym=True, errors="ignore")
    return frozenset(found[0]) if found else frozenset()


@lru_cache(maxsize=4096)  # asked of the same keys for every learner, as `readings` is of their characters
def word_readings(word: str) -> tuple[str, ...]:
    """The toneless reading of each character of ``word`` as the word is read (接穗 -> jie, sui), not every
    reading a character has somewhere (接 also has the rare cha): a learner typing a word by sound types
    its usual reading. '' for a character that is not Han, and for every character when the readings do
    not line up with the characters."""
    from pypinyin import Style, pinyin

    found = pinyin(word, style=Style.NORMAL, errors=lambda chars: [""] * len(chars))
    if len(found) != len(word):
        return ("",) * len(word)
    return tuple(r[0] if r else "" for r in found)


def allowed_typos(length: int) -> int:
    """Edits tolerated as a typo for an answer of this many characters.

    None up to three characters (one wrong character there is usually another word),
    then one more for every four characters.
    """
    if length <= 3:
        return 0
    return 1 + (length - 4) // 4
