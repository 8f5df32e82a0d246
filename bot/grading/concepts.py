"""Look-alike concepts: what a learner may confuse the answer with; and the other names of a concept.

The answers of fill questions and the option texts of choice questions across the loaded banks
name the concepts of the subject. A reply that is one of them (or nearer to one of them than to the
key) names another concept, however close it is to the key: `模型并行` is not `数据并行`.
The English and Chinese names the banks write in brackets, and the standard synonyms, are other
names of one concept (`aliases`): `knowledge distillation` is `知识蒸馏`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.banks.model import CHOICE_KINDS, Bank, Kind
from bot.banks.name_pairs import bank_pairs
from bot.grading.answers import expand, loose
from bot.grading.wording import core
from bot.lexicon.names import STANDARD, Aliases
from bot.lexicon.normalize import normalize

__all__ = ["ConceptIndex"]

# Option texts longer than this are sentences, not names of concepts.
_MAX_CONCEPT = 16
_MAX_LATIN_CONCEPT = 40  # `homomorphic encryption`


class ConceptIndex:
    """Normalised concept names, built once at start-up and shared (read-only) by every grading."""

    def __init__(self, names: Iterable[str] = (), pairs: Iterable[tuple[str, str]] = ()) -> None:
        pairs = list(pairs)
        self.aliases = Aliases()
        self.aliases.merge(STANDARD)
        for zh, en in pairs:
            self.aliases.link(zh, en)
        # Every name of the table and of the banks' pairs is a concept a reply may name.
        names = [*names, *(name for pair in pairs for name in pair), *self.aliases.display.values()]
        self._display: dict[str, str] = {}
        characters: set[str] = set()
        for name in names:
            for text in expand(name):
                norm = normalize(text)
                if 2 <= len(norm) <= (_MAX_LATIN_CONCEPT if norm.isascii() else _MAX_CONCEPT):
                    self._display.setdefault(norm, text)
                elif len(norm) == 1:
                    characters.add(norm)
        # Keys and options of one character (炭, 碳): no slip of another one-character key may make one.
        self.characters = frozenset(characters)
        self._norms: list[str] = sorted(self._display)
        # Derived data that depends on a question's text only (e.g. a case's key points).
        self.memo: dict[Any, Any] = {}

    @classmethod
    def from_banks(cls, banks: Iterable[Bank]) -> ConceptIndex:
        banks = list(banks)
        names: list[str] = []
        for bank in banks:
            for question in bank.questions:
                if question.kind is Kind.fill:
                    names.extend(a for blank in question.blanks() for a in blank)
                elif question.kind in CHOICE_KINDS:
                    names.extend(question.options.values())
        pairs = [pair for bank in banks for pair in bank_pairs(bank, names)]
        return cls(names, pairs)

    def __len__(self) -> int:
        return len(self._norms)

    def __contains__(self, norm: object) -> bool:
        return norm in self._display

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._norms)

    def display(self, norm: str) -> str:
        return self._display.get(norm, norm)

    def other(self, norm: str, accepted: Iterable[str]) -> str | None:
        """The concept `norm` names when it is a known concept other than the accepted answers
        (`模型并行策略` names 模型并行: a neutral word around a concept is still that concept)."""
        name = norm if norm in self._display else core(norm)
        if name not in self._display:
            return None
        loose_name = loose(name)
        if any(name == a or loose_name == loose(a) or core(a) == name for a in accepted):
            return None
        return name

    def nearest(
        self, norm: str, accepted: Iterable[str], max_distance: int, scorer: Callable[..., int] = Levenshtein.distance
    ) -> str | None:
        """A concept other than the accepted answers within `max_distance` edits of `norm` (by `scorer`), if any."""
        # The accepted answers without their neutral affixes are no other concept (梯度累积 of 使用梯度累积).
        excluded = {name for a in accepted for name in (a, core(a))}
        excluded_loose = {loose(a) for a in excluded}
        hits = process.extract(norm, self._norms, scorer=scorer, score_cutoff=max_distance, limit=len(excluded) + 3)
        for concept, _distance, _index in hits:
            if concept not in excluded and loose(concept) not in excluded_loose:
                return concept
        return None

    def find_in(self, text_norm: str) -> list[str]:
        """The concepts named in a normalised text, longest first, none inside another found one."""
        found = sorted((c for c in self._norms if c in text_norm), key=len, reverse=True)
        out: list[str] = []
        for concept in found:
            if not any(concept in longer for longer in out):
                out.append(concept)
        return out
