"""Latin-script names with a one-letter slip: `Keplar` or `Kelper` for Kepler, `Myer` for Mayer.

A name (`Kepler`, `van der Waals`: Latin words, each capitalised but for its particles) may be typed with
two neighbouring letters swapped; that is one slip, though Levenshtein counts two edits (`swapped`). A slip is
forgiven only where it points at the key alone: a name the question itself writes (`Meyer` in a prompt
about Mayer) as near to the reply as the key is, is what the reply may mean (`nearer_name`); the fill grader
asks the same of the banks' concepts and of the English word list.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from functools import lru_cache

from rapidfuzz.distance import OSA, Levenshtein

from bot.lexicon.normalize import normalize

__all__ = ["is_name", "names_in", "nearer_name", "swapped"]

_NAME_WORD = re.compile(r"[A-Z][a-z]+(?:[-'’][A-Za-z][a-z]*)*")
# Particles a name keeps in lower case (`van der Waals`, `de Broglie`).
_PARTICLES = frozenset(["van", "von", "der", "den", "de", "da", "di", "du", "des", "del", "della", "la", "le"])
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
_SHORTEST = 4  # letters: one of three changed is another word as often as not (`Ohm`, `Oh`)


@lru_cache(maxsize=4096)
def is_name(text: str) -> bool:
    """The key is written as a name: Latin words, each capitalised (`Kepler`, `Marie Curie`, `van der Waals`)."""
    words = text.split()
    return (
        any(_NAME_WORD.fullmatch(w) for w in words)
        and all(_NAME_WORD.fullmatch(w) or w in _PARTICLES for w in words)
        and len(normalize(text)) >= _SHORTEST
    )


def swapped(reply_norm: str, key_norm: str) -> bool:
    """The reply is the key with two neighbouring letters swapped (`kelper`, `kepler`): one slip."""
    return (
        len(key_norm) >= _SHORTEST
        and key_norm.isascii()
        and OSA.distance(reply_norm, key_norm) == 1
        and Levenshtein.distance(reply_norm, key_norm) == 2
    )


@lru_cache(maxsize=1024)
def names_in(text: str) -> dict[str, str]:
    """The Latin words of a question's texts, alone and with the next (`Lothar Meyer`: meyer, lotharmeyer),
    normalised, to their display: the names a slip of the reply may point at instead of the key. (Shared:
    read it, never change it.)"""
    words = _LATIN_WORD.findall(text)
    spans = [*words, *(f"{a} {b}" for a, b in itertools.pairwise(words))]
    return {normalize(span): span for span in reversed(spans)}


def nearer_name(reply_norm: str, key_norm: str, names: dict[str, str], keys: Iterable[str] = ()) -> str | None:
    """A name other than the key (and the `keys` accepted with it) as near to the reply as the key is, as the
    question writes it; None when the key is nearest."""
    distance = OSA.distance(reply_norm, key_norm)
    excluded = {key_norm, *keys}
    near = sorted(n for n in names if n not in excluded and OSA.distance(reply_norm, n) <= distance)
    return names[near[0]] if near else None
