"""The field of a "next question" button: the asked id it follows and, when it fits, the /quiz filter.

The filter of a learner's (or a group's) last ``/quiz`` lives in memory, lost on a restart. Carried in
the button itself, a press after a restart still asks for the same kinds and banks. The codec's word
field holds at most 40 characters of ``[A-Za-z0-9_-]``:

    q1234            no filter carried (older buttons, or a filter too long): the caller's memory decides
    q1234-_          carried: no filter at all
    q1234-smp-k3d9a  carried: single or multiple choice, as quiz polls, from the bank whose token is k3d9a

``q`` a private /quiz, ``r`` a private /review, ``g`` a group. A bank is a 5-character digest of its id,
so the token does not change when banks are added or removed; a bank gone since is left out.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["KIND_CODES", "NextWord", "bank_token", "decode_next", "encode_next"]

WORD_MAX = 40  # the codec's "word" field
KIND_CODES = {"single": "s", "multiple": "m", "true_false": "t", "fill": "f", "case": "c"}
_KIND_NAMES = {code: name for name, code in KIND_CODES.items()}
_POLL = "p"
_NONE = "_"
MODES = frozenset({"q", "r", "g"})


@dataclass(frozen=True)
class NextWord:
    mode: str  # q, r or g
    after: int  # the asked id the button follows
    carried: bool  # False: the button holds no filter; use the remembered one
    kinds: tuple[str, ...] = ()
    banks: tuple[str, ...] = ()
    poll: bool = False


def bank_token(bank_id: str) -> str:
    """Five characters of [a-z2-7] standing for a bank id (a digest: 25 bits, stable across restarts)."""
    digest = hashlib.sha256(bank_id.encode()).digest()
    return base64.b32encode(digest).decode()[:5].lower()


def encode_next(
    mode: str, after: int, kinds: Sequence[str] | None = None, banks: Sequence[str] = (), poll: bool = False
) -> str:
    """The word for the codec's "next" action; the filter is left out when ``kinds`` is None or it does not fit."""
    plain = f"{mode}{after}"
    if kinds is None or any(k not in KIND_CODES for k in kinds):
        return plain
    flags = "".join(KIND_CODES[k] for k in kinds) + (_POLL if poll else "")
    word = f"{plain}-{flags or _NONE}" + "".join(f"-{bank_token(b)}" for b in banks)
    return word if len(word) <= WORD_MAX else plain


def decode_next(word: str, bank_ids: Iterable[str]) -> NextWord | None:
    """Read a "next" word; None when it is not one (the caller refuses the press)."""
    head, *rest = word.split("-")
    mode, after = head[:1], head[1:]
    if mode not in MODES or not after.isdecimal():
        return None
    if not rest:
        return NextWord(mode, int(after), carried=False)
    flags, tokens = rest[0], rest[1:]
    if not flags:
        return None
    if flags == _NONE:
        flags = ""
    poll = flags.endswith(_POLL)
    codes = flags[:-1] if poll else flags
    if any(c not in _KIND_NAMES for c in codes) or any(not token for token in tokens):
        return None
    by_token: dict[str, list[str]] = {}
    for bank_id in sorted(bank_ids):
        by_token.setdefault(bank_token(bank_id), []).append(bank_id)
    banks = [b for token in tokens for b in by_token.get(token, [])]
    return NextWord(mode, int(after), True, tuple(_KIND_NAMES[c] for c in codes), tuple(dict.fromkeys(banks)), poll)
