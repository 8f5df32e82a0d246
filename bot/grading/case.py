"""Case analysis: score a free answer by the key points of the reference answer it covers.

The key points are the numbered headings of the reference (`1.分布式训练框架设计：`), or its numbered
points, bullets or sentences when it has none. A point is covered when the reply names one of its
terms: the heading's own words (`分布式训练框架`, `LoRA`) or a technique named under it (`数据并行`,
`RingAll-reduce`), with the same normalisation and typo/homophone tolerance as fill answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from bot.banks.model import Question
from bot.grading.concepts import ConceptIndex
from bot.grading.normalize import allowed_typos, is_han, normalize, readings
from bot.grading.verdict import Outcome, Verdict

__all__ = ["KeyPoint", "covers", "grade_case", "key_points"]

_NUMBER = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})[.．、)）]"
_NUMBERED_HEADING = re.compile(rf"^{_NUMBER}\s*(?P<text>.+?)\s*[:：]\s*$")
_HEADING_WITH_TEXT = re.compile(rf"^(?P<heading>{_NUMBER}\s*[^：:。，,]{{1,24}}[：:])\s*(?P<rest>\S.*)$")
_LABEL = re.compile(r"^(?P<text>[^-•*·\d].{0,24}?)\s*[:：]\s*$")  # 问题定位： / 决策建议：
_NUMBERED = re.compile(rf"^{_NUMBER}\s*(?P<text>.+)$")
_BULLET = re.compile(r"^[-•*·]\s*(?P<text>.+)$")
# Points written on one line: break before `2.` or `-` that follows the end of a sentence or a heading.
_INLINE_BREAK = re.compile(r"(?<=[。；;：:])\s*(?=(?:\d{1,2}[.．、]|[-•])\s*\S)")
_SENTENCE = re.compile(r"[。；;！!？?\n]+")
_BRACKET = re.compile(r"^(?P<head>[^()（）]*)[(（](?P<inner>[^()（）]+)[)）](?P<tail>.*)$")
_JOINERS = re.compile(r"[和与及、,，/]")
_GENERIC_SUFFIX = re.compile(r"(?:技术应用|自动化|设计|策略|技术|应用|方案|方法|实现|优化|避免|问题|性)$")
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9+\-]*[A-Za-z0-9+]")
# Latin words too common in these answers to tell one point from another.
_COMMON_LATIN = frozenset({"gpu", "cpu", "api", "ai", "ok"})
_FALLBACK_SHARE = 0.5  # share of a term-less point's character pairs a reply must contain


@dataclass(frozen=True, slots=True)
class KeyPoint:
    label: str  # as the reference writes it, for feedback
    terms: tuple[str, ...]  # normalised; naming any one covers the point
    pairs: frozenset[str] = frozenset()  # character pairs, for points without terms


def _heading_terms(heading: str) -> list[str]:
    parts: list[str] = []
    bracket = _BRACKET.match(heading)
    if bracket:
        heading = bracket["head"] + bracket["tail"]
        parts.extend(bracket["inner"].split("/"))
    # `推荐系统的公平性和偏见避免`: what follows the last 的 is the point; before it, its subject.
    head = heading.rsplit("的", 1)[-1]
    parts.extend(_JOINERS.split(head))
    out: list[str] = []
    for part in parts:
        term = normalize(part)
        for _ in range(2):  # 公平性 -> 公平, 技术应用 -> ''
            shorter = _GENERIC_SUFFIX.sub("", term)
            if len(shorter) >= 2:
                term = shorter
        if len(term) >= 2 and term not in out:
            out.append(term)
    return out


def _named_terms(section: str, concepts: ConceptIndex | None) -> set[str]:
    norm = normalize(section)
    found = set(concepts.find_in(norm)) if concepts is not None else set()
    for word in _LATIN.findall(section):
        term = normalize(word)
        if len(term) >= 3 and term not in _COMMON_LATIN:
            found.add(term)
    return found


def _pairs(text: str) -> frozenset[str]:
    norm = normalize(text)
    return frozenset(norm[i : i + 2] for i in range(len(norm) - 1))


def _lines(reference: str) -> list[str]:
    text = reference if "\n" in reference.strip() else _INLINE_BREAK.sub("\n", reference)
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        # `1.模型量化：使用INT8量化。` holds a heading and the first line under it.
        inline = _HEADING_WITH_TEXT.match(line)
        out.extend([inline["heading"], inline["rest"]] if inline else [line] if line else [])
    return out


def _label(text: str) -> str:
    text = text.strip().rstrip("：:。")
    return text if len(text) <= 30 else text[:29] + "…"


def _extract(reference: str, concepts: ConceptIndex | None) -> tuple[KeyPoint, ...]:
    lines = _lines(reference)
    headings = [i for i, line in enumerate(lines) if _NUMBERED_HEADING.match(line)]
    if headings:
        sections: list[tuple[str, str]] = []
        for i in headings:
            heading = _NUMBERED_HEADING.match(lines[i])["text"]  # type: ignore[index]
            body: list[str] = []
            for line in lines[i + 1 :]:
                if _NUMBERED_HEADING.match(line) or (_LABEL.match(line) and not _BULLET.match(line)):
                    break
                body.append(line)
            sections.append((heading, "\n".join(body)))
        named = [_named_terms(h + "\n" + body, concepts) for h, body in sections]
        points = []
        for index, (heading, _body) in enumerate(sections):
            own = _heading_terms(heading)
            # A technique named under several points does not tell which one the reply covers.
            shared = set().union(*(n for j, n in enumerate(named) if j != index))
            extra = sorted(t for t in named[index] - shared if t not in own)
            terms = tuple(own + extra)
            points.append(KeyPoint(_label(heading), terms, frozenset() if terms else _pairs(heading)))
        return tuple(points)

    items = [m["text"] for line in lines if (m := _NUMBERED.match(line))]
    if not items:
        items = [m["text"] for line in lines if (m := _BULLET.match(line))]
    if not items:
        items = [s for s in _SENTENCE.split(reference) if len(normalize(s)) >= 4]
    points = []
    for item in items:
        terms = tuple(sorted(_named_terms(item, concepts)))
        pairs = _pairs(item)
        if terms or pairs:
            points.append(KeyPoint(_label(item), terms, frozenset() if terms else pairs))
    return tuple(points)


@lru_cache(maxsize=1024)
def _extract_plain(reference: str) -> tuple[KeyPoint, ...]:
    return _extract(reference, None)


def key_points(reference: str, concepts: ConceptIndex | None = None) -> tuple[KeyPoint, ...]:
    """The key points of a reference answer (computed once per reference and index)."""
    if concepts is None:
        return _extract_plain(reference)
    memo_key = ("case", reference)
    found = concepts.memo.get(memo_key)
    if found is None:
        found = concepts.memo[memo_key] = _extract(reference, concepts)
    return found  # type: ignore[no-any-return]


def _homophones(a: str, b: str) -> bool:
    return is_han(a) and is_han(b) and bool(readings(a) & readings(b))


def _sounds_in(term: str, text: str) -> bool:
    """The term appears in the text with some characters replaced by homophones (IME slips)."""
    size = len(term)
    starts: set[int] = set()
    for offset, ch in enumerate(term):
        found = text.find(ch)
        while found != -1:
            if 0 <= found - offset <= len(text) - size:
                starts.add(found - offset)
            found = text.find(ch, found + 1)
    for start in starts:
        window = text[start : start + size]
        if all(a == b or _homophones(a, b) for a, b in zip(window, term, strict=True)):
            return True
    return False


def covers(reply_norm: str, term: str) -> bool:
    """Whether a normalised reply names the term (exactly, with a small typo, or by sound)."""
    if term in reply_norm:
        return True
    allowed = allowed_typos(len(term))
    if allowed and len(reply_norm) >= len(term) - allowed:
        cutoff = 100.0 * (1.0 - allowed / len(term)) - 1e-6
        if fuzz.partial_ratio(term, reply_norm, score_cutoff=cutoff):
            return True
    return len(term) >= 2 and _sounds_in(term, reply_norm)


def _covered(point: KeyPoint, reply_norm: str, reply_pairs: frozenset[str] | None) -> bool:
    if point.terms:
        return any(covers(reply_norm, term) for term in point.terms)
    if not point.pairs or reply_pairs is None:
        return False
    return len(point.pairs & reply_pairs) >= _FALLBACK_SHARE * len(point.pairs)


def grade_case(question: Question, reply: str, concepts: ConceptIndex | None) -> Verdict:
    reference = question.answer if isinstance(question.answer, str) else ""
    points = key_points(reference, concepts)
    norm = normalize(reply)
    if not norm:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=reference,
            feedback_zh="请写下你的分析和方案。",
            feedback_en="Please write your analysis and solution.",
        )
    reply_pairs = frozenset(norm[i : i + 2] for i in range(len(norm) - 1)) if any(not p.terms for p in points) else None
    hits = [_covered(p, norm, reply_pairs) for p in points]
    covered = [p.label for p, hit in zip(points, hits, strict=True) if hit]
    missed = [p.label for p, hit in zip(points, hits, strict=True) if not hit]
    total = len(points)
    score = len(covered) / total if total else 0.0
    outcome = Outcome.correct if total and not missed else Outcome.partial if covered else Outcome.wrong
    zh_parts = [f"要点覆盖 {len(covered)}/{total}。"]
    en_parts = [f"Key points covered: {len(covered)} of {total}."]
    if covered:
        zh_parts.append("已覆盖：" + "；".join(covered) + "。")
        en_parts.append("Covered: " + "; ".join(covered) + ".")
    if missed:
        zh_parts.append("未覆盖：" + "；".join(missed) + "。")
        en_parts.append("Missed: " + "; ".join(missed) + ".")
    zh_parts.append("请对照参考答案。")
    en_parts.append("Compare with the reference answer.")
    return Verdict(
        outcome=outcome,
        score=score,
        understood=norm if len(norm) <= 200 else norm[:199] + "…",
        expected=reference,
        feedback_zh="".join(zh_parts),
        feedback_en=" ".join(en_parts),
        covered=covered,
        missed=missed,
    )
