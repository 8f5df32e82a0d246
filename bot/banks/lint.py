"""Lint: checks within a question, within a bank and across banks.

Errors are what would grade a learner wrongly (the same question keyed two ways, a key naming a
missing option); warnings are what a teacher should look at (duplicates, missing explanations,
a section that declares more questions than it holds).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.banks.conventions.keys import count_blanks
from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question
from bot.banks.name_pairs import bank_pairs
from bot.banks.provenance import explained_by_model, read_by_model
from bot.banks.text import to_simplified

__all__ = ["LintFinding", "lint_banks", "normalize", "option_form"]


@dataclass(frozen=True, slots=True)
class LintFinding:
    level: Literal["error", "warning"]
    bank_id: str
    question_id: str | None
    message: str  # English
    message_zh: str
    related: tuple[str, ...] = ()  # other "bank/question" places the finding concerns

    def __str__(self) -> str:
        where = f"{self.bank_id}/{self.question_id}" if self.question_id else self.bank_id
        return f"{where}: {self.level}: {self.message} / {self.message_zh}"


def normalize(text: str) -> str:
    """For comparing: simplified script, NFKC, case folded, without spaces, punctuation or blanks."""
    text = unicodedata.normalize("NFKC", to_simplified(text)).casefold()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] not in "PZS")


# Marks that end an option like a sentence ("北京。", "Paris.") and say nothing about it.
_TRAILING_MARKS = "。.,，;；、:："


def option_form(text: str) -> str:
    """For comparing options: like `normalize`, but symbols and punctuation inside stay. Options that
    differ only in them are different answers (`2^i` and `2i`, `O(n^2)` and `O(n2)`, `x_1` and `x1`,
    `C++` and `C`); only spaces and a closing full stop or comma are ignored."""
    text = unicodedata.normalize("NFKC", to_simplified(text)).casefold()
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "Z" and not ch.isspace())
    return text.rstrip(_TRAILING_MARKS) or text


def _describe(q: Question) -> str:
    if q.kind is Kind.true_false:
        return "正确 (true)" if q.answer is True else "错误 (false)"
    if q.kind in CHOICE_KINDS:
        return f"{q.letters} ({'、'.join(q.options.get(letter, '?') for letter in q.letters)})"
    if q.kind is Kind.fill:
        return " | ".join("/".join(b) for b in q.blanks())
    return "…"


def _key_signature(q: Question) -> object:
    """What the key means, independent of option order and script."""
    if q.kind in CHOICE_KINDS:
        return frozenset(option_form(q.options.get(letter, letter)) for letter in q.letters)
    if q.kind is Kind.true_false:
        return q.answer
    if q.kind is Kind.fill:
        return tuple(frozenset(normalize(a) for a in blank) for blank in q.blanks())
    return None


def _keys_conflict(a: Question, b: Question) -> bool:
    sa, sb = _key_signature(a), _key_signature(b)
    if a.kind is Kind.fill and isinstance(sa, tuple) and isinstance(sb, tuple):
        # Fill keys agree when every blank shares at least one accepted answer.
        return len(sa) != len(sb) or any(not (x & y) for x, y in zip(sa, sb, strict=True))
    return a.kind is not Kind.case and sa != sb


def _fingerprint(q: Question) -> tuple[object, ...]:
    options = frozenset(option_form(t) for t in q.options.values()) if q.kind in CHOICE_KINDS else frozenset()
    return (q.kind, normalize(q.prompt), options)


def _question_findings(bank: Bank, q: Question) -> Iterable[LintFinding]:
    def finding(level: Literal["error", "warning"], en: str, zh: str) -> LintFinding:
        return LintFinding(level, bank.id, q.id, en, zh)

    if q.kind in CHOICE_KINDS:
        groups: dict[str, list[str]] = defaultdict(list)
        for letter, text in q.options.items():
            groups[option_form(text)].append(letter)
        for letters in groups.values():
            if len(letters) > 1:
                keyed = [x for x in letters if x in q.letters]
                # Keyed all or none, grading still works; keyed in part, a right answer can be marked wrong.
                level = "error" if 0 < len(keyed) < len(letters) else "warning"
                text, names = q.options[letters[0]], "、".join(letters)
                yield finding(level, f"duplicated option: {names} all read '{text}'", f"选项重复：{names} 都是“{text}”")
        for letter in q.letters:
            if letter not in q.options:
                yield finding(
                    "error",
                    f"the key names option {letter}, which does not exist",
                    f"答案含选项 {letter}，但没有这个选项",
                )
        if q.kind is Kind.single and len(q.letters) > 1:
            yield finding(
                "warning",
                f"single-choice question keyed with several letters: {q.letters}",
                f"单选题的答案有多个字母：{q.letters}",
            )
    if q.kind is Kind.fill:
        blanks, keyed = count_blanks(q.prompt), len(q.blanks())
        if blanks > 1 and keyed != blanks:
            yield finding(
                "warning", f"{blanks} blanks but answers for {keyed}", f"有 {blanks} 个空，但只给了 {keyed} 个空的答案"
            )
    if q.kind is Kind.case and not str(q.answer).strip():
        yield finding("error", "the case has no reference answer", "案例题没有参考答案")
    if q.kind is not Kind.case and not (q.explanation or "").strip():
        yield finding("warning", "missing explanation", "缺少解析")
    # Drafts of a model (`studybot explain`, `studybot import --ai`) until a teacher has checked them.
    if read_by_model(q):
        yield finding(
            "warning",
            "read by a model, not reviewed: check it against the document, then set meta.question_reviewed to true",
            "由模型读出，尚未审核：请对照原文核对，然后把 meta.question_reviewed 设为 true",
        )
    if explained_by_model(q) and (q.explanation or "").strip():
        yield finding(
            "warning",
            "explanation written by a model, not reviewed: check it, then set meta.explanation_reviewed to true",
            "解析由模型生成，尚未审核：请核对，然后把 meta.explanation_reviewed 设为 true",
        )


def _english_name_findings(bank: Bank) -> Iterable[LintFinding]:
    """Fill keys with no English name among their accepted answers, where the bank writes one in a bracket
    (`知识蒸馏（Knowledge Distillation）`). The grader accepts it anyway; the author may want it in `alternates`."""
    known = [a for q in bank.questions for blank in q.blanks() for a in blank]
    english: dict[str, list[str]] = defaultdict(list)
    for zh, en in bank_pairs(bank, known):
        english[normalize(zh)].append(en)
    for q in bank.questions:
        for blank in q.blanks():
            if not blank or any(ch.isascii() and ch.isalpha() for answer in blank for ch in answer):
                continue
            names = english.get(normalize(blank[0]))
            if names:
                shown = "、".join(dict.fromkeys(names))
                yield LintFinding(
                    "warning",
                    bank.id,
                    q.id,
                    f"fill key '{blank[0]}' has no English name, though the bank writes {shown} for it "
                    "(accepted anyway; add it to alternates to keep it with the question)",
                    f"填空答案“{blank[0]}”没有英文名，但题库中写作 {shown}（评分时已接受；可加入 alternates）",
                )


def _bank_findings(bank: Bank) -> Iterable[LintFinding]:
    for section in bank.sections:
        if section.declared is not None and section.declared != section.found:
            yield LintFinding(
                "warning",
                bank.id,
                None,
                f"section '{section.title}' declares {section.declared} questions but holds {section.found}",
                f"“{section.title}”声明 {section.declared} 题，实际有 {section.found} 题",
            )
    for q in bank.questions:
        yield from _question_findings(bank, q)
    yield from _english_name_findings(bank)


def _duplicate_findings(banks: list[Bank]) -> Iterable[LintFinding]:
    groups: dict[tuple[object, ...], list[tuple[Bank, Question]]] = defaultdict(list)
    for bank in banks:
        for q in bank.questions:
            groups[_fingerprint(q)].append((bank, q))
    for members in groups.values():
        if len(members) < 2:
            continue
        (bank, first), others = members[0], members[1:]
        related = tuple(f"{b.id}/{q.id}" for b, q in others)
        places = ", ".join((f"{bank.id}/{first.id}", *related))
        if any(_keys_conflict(first, q) for _, q in others):
            keys = "; ".join(f"{b.id}/{q.id}: {_describe(q)}" for b, q in members)
            yield LintFinding(
                "error",
                bank.id,
                first.id,
                f"the same question has different keys: {keys}",
                f"同一道题的答案不一致：{keys}",
                related,
            )
        else:
            yield LintFinding(
                "warning", bank.id, first.id, f"duplicated question: {places}", f"重复的题目：{places}", related
            )


def lint_banks(banks: Iterable[Bank]) -> list[LintFinding]:
    """Every finding, errors first, then in bank and question order (deterministic)."""
    banks = sorted(banks, key=lambda b: b.id)
    findings = [f for bank in banks for f in _bank_findings(bank)]
    findings.extend(_duplicate_findings(banks))
    order = {(b.id, q.id): i for b in banks for i, q in enumerate(b.questions)}
    return sorted(
        findings,
        key=lambda f: (f.level != "error", f.bank_id, order.get((f.bank_id, f.question_id or ""), -1), f.message),
    )
