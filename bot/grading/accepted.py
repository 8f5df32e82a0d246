"""Replies a teacher accepted ("my answer should count"), and what counts as the same reply; pure.

`reply_key(question, reply)` is the reply as grading reads it, so that trivially different spellings of
one reply group together (one dispute per reply in an admin's list, one line per reply in the answer
distribution, and the attempts an accepted reply regrades): width, case and script folded, spaces,
quotes, brackets and sentence punctuation dropped, and for a fill-in the hedges and `答案是` around it
taken off as the fill grader takes them off (`我觉得是光合磷酸化吧` is `光合磷酸化`), each blank apart.
Unlike `normalize`, signs, decimal points and operators stay: `3.3` is not `33`, nor `3n-2` `3n2`.

A case answer a teacher accepted is kept whole in the question's `alternates`; `accepted_wording` tells a
reply that says the same (by `reply_key`), which the case grader then credits with every point. A
fill-in's accepted reply becomes one more accepted answer of its blank (bot/study/accepting.py), which the
fill grader reads as it reads any key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

from bot.banks.model import Kind, Question
from bot.grading.concepts import ConceptIndex
from bot.grading.fill import match_blank, split_blanks
from bot.grading.wording import strip_hedges
from bot.lexicon.normalize import clean, drop_emoji, strip_answer_prefix

__all__ = ["BlankReply", "accepted_wording", "blank_replies", "fill_said", "reply_key"]

# Dropped before replies are compared: spacing, quotes, brackets and sentence punctuation. Kept: what can
# change a value or an expression (. - + / × ^ % : = and digits).
_TRIVIAL = re.compile(r"[\s，。、；;,!！?？“”‘’\"'`「」『』《》〈〉()（）\[\]【】{}<>~～…·]+")
_EDGES = re.compile(r"^[.:：]+|[.:：]+$")
_BLANK_SEPARATOR = "|"


def _folded(text: str) -> str:
    return _EDGES.sub("", _TRIVIAL.sub("", drop_emoji(clean(text))))


def fill_said(reply: str) -> str:
    """A single-blank reply without the words people put around an answer, as written (not folded)."""
    said = strip_answer_prefix(strip_hedges(strip_answer_prefix(reply.strip()))).strip(" \t:：,，")
    return said or reply.strip()


def _blank_count(question: Question) -> int:
    return len([b for b in question.blanks() if b])


def reply_key(question: Question, reply: str) -> str:
    """The reply as grading reads it (see the module docstring); '' for a reply with nothing in it."""
    if question.kind is Kind.fill:
        if _blank_count(question) > 1:
            return _BLANK_SEPARATOR.join(f for f in map(_folded, split_blanks(reply)) if f)
        return _folded(fill_said(reply)) or _folded(reply)
    return _folded(reply)


def accepted_wording(question: Question, reply: str) -> bool:
    """A case answer that says what a teacher accepted for this question (its `alternates`)."""
    if question.kind is not Kind.case or not question.alternates:
        return False
    key = reply_key(question, reply)
    return bool(key) and any(reply_key(question, a) == key for a in question.alternates)


@dataclass(frozen=True)
class BlankReply:
    text: str  # what the reply puts in this blank, as written
    ok: bool  # the grader accepts it for this blank already


def blank_replies(question: Question, reply: str, concepts: ConceptIndex | None) -> list[list[BlankReply]]:
    """What a fill-in reply puts in each blank, for each way the grader may read it (several when a
    reply has more parts than the question has blanks: an answer with a space in it); empty when the
    reply leaves a blank empty."""
    blanks = [b for b in question.blanks() if b]
    if len(blanks) == 1:
        said = fill_said(reply)
        return [[BlankReply(said, match_blank(reply, blanks[0], concepts).ok)]] if _folded(said) else []
    parts = split_blanks(reply)
    if len(parts) < len(blanks):
        return []
    readings: list[list[BlankReply]] = []
    for cuts in combinations(range(1, len(parts)), len(blanks) - 1):
        bounds = (0, *cuts, len(parts))
        groups = [" ".join(parts[bounds[i] : bounds[i + 1]]) for i in range(len(blanks))]
        readings.append([BlankReply(g, match_blank(g, b, concepts).ok) for g, b in zip(groups, blanks, strict=True)])
        if len(readings) >= 64:  # a reply of many words: the first readings are the likely ones
            break
    return readings
