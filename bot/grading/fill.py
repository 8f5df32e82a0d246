"""Fill-in-the-blank answers: tolerant of how a right answer is typed, strict about what it means."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz.distance import Levenshtein

from bot.banks.model import Question
from bot.grading.answers import Accepted, accepted_forms, loose
from bot.grading.concepts import ConceptIndex
from bot.grading.meaning import flips_meaning
from bot.grading.normalize import allowed_typos, is_han, normalize, readings, strip_answer_prefix
from bot.grading.verdict import Outcome, Verdict

__all__ = ["BlankResult", "Match", "grade_fill", "match_blank", "split_blanks"]


class Match(StrEnum):
    exact = "exact"
    same_concept = "same_concept"  # 结构化剪枝 for 结构剪枝
    homophone = "homophone"  # 水平画分 for 水平划分
    typo = "typo"
    opposite = "opposite"
    lookalike = "lookalike"  # another concept of the same family
    close = "close"
    wrong = "wrong"
    empty = "empty"


ACCEPTED = frozenset({Match.exact, Match.same_concept, Match.homophone, Match.typo})


@dataclass(frozen=True, slots=True)
class BlankResult:
    match: Match
    reply: str  # the normalised reply
    answer: Accepted | None  # the accepted answer it was judged against
    other: str | None = None  # the look-alike concept, in display form

    @property
    def ok(self) -> bool:
        return self.match in ACCEPTED


def _sounds_alike(reply: str, answer: str) -> bool:
    """Same length and every differing character shares a toneless reading (a pinyin IME slip)."""
    if len(reply) != len(answer) or reply == answer:
        return False
    for r, a in zip(reply, answer, strict=True):
        if r == a:
            continue
        if not (is_han(r) and is_han(a) and readings(r) & readings(a)):
            return False
    return True


def _is_close(reply: str, answer: str) -> bool:
    if len(reply) >= 2 and (answer in reply or reply in answer):
        return True
    return Levenshtein.normalized_similarity(reply, answer) >= 0.5


def match_blank(reply: str, answers: Sequence[str], concepts: ConceptIndex | None = None) -> BlankResult:
    """Judge one blank's reply against its accepted answers (key first, then alternates)."""
    forms = accepted_forms(tuple(answers))
    norm = normalize(strip_answer_prefix(reply))
    if not norm or not forms:
        return BlankResult(Match.empty, norm, forms[0] if forms else None)
    for form in forms:
        if norm == form.norm:
            return BlankResult(Match.exact, norm, form)
    norms = [f.norm for f in forms]
    loose_norm = loose(norm)
    for form in forms:
        if len(loose_norm) >= 2 and loose_norm == loose(form.norm):
            return BlankResult(Match.same_concept, norm, form)

    # Meaning first: a flipped negation or an opposite is never a typo.
    for form in forms:
        if _is_close(norm, form.norm) and flips_meaning(norm, form.norm):
            return BlankResult(Match.opposite, norm, form)
    if concepts is not None and (other := concepts.other(norm, norms)) is not None:
        return BlankResult(Match.lookalike, norm, forms[0], concepts.display(other))

    candidate: tuple[Match, Accepted, int] | None = None
    for form in forms:
        if _sounds_alike(norm, form.norm):
            candidate = (Match.homophone, form, Levenshtein.distance(norm, form.norm))
            break
    if candidate is None:
        best = min(forms, key=lambda f: Levenshtein.distance(norm, f.norm))
        distance = Levenshtein.distance(norm, best.norm)
        if distance <= allowed_typos(len(best.norm)):
            candidate = (Match.typo, best, distance)
    if candidate is not None:
        match, form, distance = candidate
        # As near (or nearer) to another known concept than to the key: that concept is meant.
        if concepts is not None and (other := concepts.nearest(norm, norms, distance)) is not None:
            return BlankResult(Match.lookalike, norm, form, concepts.display(other))
        return BlankResult(match, norm, form)

    nearest = max(forms, key=lambda f: Levenshtein.normalized_similarity(norm, f.norm))
    if _is_close(norm, nearest.norm):
        return BlankResult(Match.close, norm, nearest)
    return BlankResult(Match.wrong, norm, forms[0])


# Separators between the answers of several blanks.
_SEPARATORS = re.compile(r"[\s,，、;；]+")
_ENUMERATOR = re.compile(r"^(?:[(（]?\d{1,2}[)）.．、:：]|[①-⑳])\s*")
_MAX_GROUPINGS = 256


def split_blanks(reply: str) -> list[str]:
    """The parts of a several-blank reply, without enumerators like `1.` or `(2)`."""
    reply = strip_answer_prefix(reply)
    parts = [_ENUMERATOR.sub("", p) for p in _SEPARATORS.split(reply.strip())]
    return [p for p in parts if p]


def _judge_blanks(parts: list[str], blanks: list[list[str]], concepts: ConceptIndex | None) -> list[BlankResult]:
    count = len(blanks)
    if len(parts) <= count or math.comb(len(parts) - 1, count - 1) > _MAX_GROUPINGS:
        if len(parts) > count:  # too many to search: the last blank takes the rest
            parts = [*parts[: count - 1], " ".join(parts[count - 1 :])]
        padded = parts + [""] * (count - len(parts))
        return [match_blank(p, b, concepts) for p, b in zip(padded, blanks, strict=True)]
    # More parts than blanks: an answer had a space in it. Try every way of grouping the parts in order.
    best: list[BlankResult] = []
    for cuts in itertools.combinations(range(1, len(parts)), count - 1):
        bounds = (0, *cuts, len(parts))
        groups = [" ".join(parts[bounds[i] : bounds[i + 1]]) for i in range(count)]
        results = [match_blank(g, b, concepts) for g, b in zip(groups, blanks, strict=True)]
        if not best or sum(r.ok for r in results) > sum(r.ok for r in best):
            best = results
    return best


def _blank_feedback(result: BlankResult, label_zh: str, label_en: str) -> tuple[str, str]:
    expected = result.answer.text if result.answer else ""
    match result.match:
        case Match.exact | Match.same_concept:
            return "", ""
        case Match.homophone:
            return (
                f"{label_zh}同音字输入有误，正确写法是「{expected}」。",
                f"{label_en}right by sound; it is written 「{expected}」.",
            )
        case Match.typo:
            return (
                f"{label_zh}有小笔误，正确写法是「{expected}」。",
                f"{label_en}a small typo; it is written 「{expected}」.",
            )
        case Match.opposite:
            return (
                f"{label_zh}意思变了（否定词或反义词不同）：答案是「{expected}」。",
                f"{label_en}that changes the meaning (a negation or an opposite); the answer is 「{expected}」.",
            )
        case Match.lookalike:
            return (
                f"{label_zh}「{result.other}」是另一个概念，答案是「{expected}」。",
                f"{label_en}「{result.other}」 is a different concept; the answer is 「{expected}」.",
            )
        case Match.close:
            return (
                f"{label_zh}很接近，但不对：答案是「{expected}」。",
                f"{label_en}close, but not it; the answer is 「{expected}」.",
            )
        case Match.empty:
            return f"{label_zh}没有作答：答案是「{expected}」。", f"{label_en}no answer; it is 「{expected}」."
        case _:
            return f"{label_zh}答案是「{expected}」。", f"{label_en}the answer is 「{expected}」."


def expected_fill(question: Question) -> str:
    return "；".join(blank[0] for blank in question.blanks() if blank)


def grade_fill(question: Question, reply: str, concepts: ConceptIndex | None) -> Verdict:
    blanks = [b for b in question.blanks() if b]
    expected = expected_fill(question)
    if not normalize(reply):
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=expected,
            feedback_zh="请填写答案（多个空用空格或逗号隔开）。",
            feedback_en="Please type the answer (several blanks: separate them with spaces or commas).",
        )
    if len(blanks) == 1:
        results = [match_blank(reply, blanks[0], concepts)]
    else:
        results = _judge_blanks(split_blanks(reply), blanks, concepts)
    right = sum(r.ok for r in results)
    score = right / len(results)
    outcome = Outcome.correct if right == len(results) else Outcome.partial if right else Outcome.wrong
    notes_zh: list[str] = []
    notes_en: list[str] = []
    for i, result in enumerate(results, start=1):
        labels = (f"第{i}空：", f"Blank {i}: ") if len(results) > 1 else ("", "")
        zh, en = _blank_feedback(result, *labels)
        if zh:
            notes_zh.append(zh)
            notes_en.append(en[0].upper() + en[1:] if en else en)
    head_zh = {Outcome.correct: "回答正确。", Outcome.partial: f"答对 {right}/{len(results)} 空。"}
    head_en = {Outcome.correct: "Right.", Outcome.partial: f"{right} of {len(results)} blanks right."}
    feedback_zh = " ".join([head_zh[outcome], *notes_zh] if outcome in head_zh else notes_zh)
    feedback_en = " ".join([head_en[outcome], *notes_en] if outcome in head_en else notes_en)
    return Verdict(
        outcome=outcome,
        score=score,
        understood="；".join(r.reply for r in results),
        expected=expected,
        feedback_zh=feedback_zh,
        feedback_en=feedback_en,
    )
