"""Limits on what a case's numbered sub-answer earns beyond its words: what the explanation's marking note
says a bare phrase earns, and a sub-answer that states what the reference denies (`meaning.asserts_denied`).

- A marking note quotes what earns nothing or half (`只列出“前兆”“措施”等标题而无内容不得分`,
  `只写“用帕斯卡原理”而未答是否省功给该点一半`): a sub-answer that says that phrase and hardly more (two characters
  at most beyond it, `喷发前兆` for “前兆”) earns what the note says, whatever its words match.
- The reference denies something (`省力但不省功`, `油不溶于水`): a sub-answer that asserts it (`既省力也省功`)
  states a falsehood about the point, so it earns half of it at most, whatever else it gets right.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.lexicon.normalize import normalize

__all__ = ["noted_credit"]

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
