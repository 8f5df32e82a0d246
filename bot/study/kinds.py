"""Reading kinds and filters from what a learner types (pure; front ends share it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.banks.model import Kind

__all__ = ["GROUP_KINDS", "KIND_NAMES", "QuizFilter", "parse_filter", "parse_kind", "parse_kinds"]

# What a group can answer with buttons or a poll (typed kinds are answered by replying: asked on request only).
GROUP_KINDS: tuple[Kind, ...] = (Kind.single, Kind.multiple, Kind.true_false)

KIND_NAMES: dict[str, Kind] = {
    "single": Kind.single,
    "单选": Kind.single,
    "单选题": Kind.single,
    "multiple": Kind.multiple,
    "multi": Kind.multiple,
    "多选": Kind.multiple,
    "多选题": Kind.multiple,
    "truefalse": Kind.true_false,
    "true_false": Kind.true_false,
    "true-false": Kind.true_false,
    "tf": Kind.true_false,
    "判断": Kind.true_false,
    "判断题": Kind.true_false,
    "fill": Kind.fill,
    "填空": Kind.fill,
    "填空题": Kind.fill,
    "case": Kind.case,
    "案例": Kind.case,
    "案例题": Kind.case,
    "案例分析": Kind.case,
    "案例分析题": Kind.case,
}


def parse_kind(text: str) -> Kind | None:
    return KIND_NAMES.get(text.strip().casefold())


def parse_kinds(words: Iterable[str]) -> tuple[list[Kind], list[str]]:
    """Kinds named in `words` (comma or space separated), and the words that were not kinds."""
    kinds: list[Kind] = []
    unknown: list[str] = []
    for word in words:
        for part in word.replace("，", ",").split(","):
            if not part.strip():
                continue
            kind = parse_kind(part)
            if kind is None:
                unknown.append(part.strip())
            elif kind not in kinds:
                kinds.append(kind)
    return kinds, unknown


@dataclass
class QuizFilter:
    kinds: list[Kind] = field(default_factory=list)
    banks: list[str] = field(default_factory=list)
    poll: bool = False
    unknown: list[str] = field(default_factory=list)


def parse_filter(words: Sequence[str], bank_ids: Iterable[str]) -> QuizFilter:
    """Arguments such as `/quiz 多选 law poll`: kinds, bank ids (case-insensitive), 'poll', and the rest."""
    banks = {b.casefold(): b for b in bank_ids}
    out = QuizFilter()
    for word in words:
        word = word.strip()
        if not word:
            continue
        kind = parse_kind(word)
        if kind is not None:
            if kind not in out.kinds:
                out.kinds.append(kind)
        elif word.casefold() in banks:
            bank = banks[word.casefold()]
            if bank not in out.banks:
                out.banks.append(bank)
        elif word.casefold() in ("poll", "投票"):
            out.poll = True
        else:
            out.unknown.append(word)
    return out
