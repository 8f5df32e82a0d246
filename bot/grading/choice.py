"""Single and multiple choice: letters typed any way, or the text of the options."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.banks.model import Kind, Question
from bot.grading.concepts import ConceptIndex
from bot.grading.fill import match_blank
from bot.grading.normalize import normalize
from bot.grading.verdict import Outcome, Verdict
from bot.grading.wording import strip_hedges

__all__ = ["grade_choice", "read_letters"]

_PREFIX = re.compile(
    r"^(?:我的答案|我选择|我选|选择|选项|选|答案|答|the\s+answer\s+is|answer\s+is|answer|i\s+choose|i\s+pick|"
    r"options?)\s*(?:是|为|is)?\s*[:：]?\s*",
    re.IGNORECASE,
)
# Letters, alone or bracketed, with any separators between them; then optionally the option text.
_LETTERS = re.compile(
    r"^[(\[【]?\s*(?P<letters>[A-Za-z](?:[\s,，、/;；&+和与及]*[A-Za-z])*)\s*[)\]】]?"
    r"(?![A-Za-z0-9])\s*(?:选项|项)?\s*[.。、:：)]?\s*(?P<rest>.*)$",
    re.DOTALL,
)
_NEAR_LETTERS = frozenset("ABCDEFGHIJ")  # mistyped option letters, not words
_TEXT_SEPARATORS = re.compile(r"\s*(?:[,，、;；/]|和|与|及|以及|还有|\band\b|&)\s*", re.IGNORECASE)
# Every option at once: `全选`, `都对`, `all of the above`.
ALL_WORDS = frozenset(
    normalize(w)
    for w in (
        "全选",
        "全都选",
        "都选",
        "全部",
        "全部选",
        "全部都选",
        "全对",
        "都对",
        "全都对",
        "全部都对",
        "全部正确",
        "都正确",
        "都是",
        "全是",
        "以上都对",
        "以上都是",
        "以上全对",
        "以上全是",
        "以上皆是",
        "以上全部",
        "所有选项",
        "全部选项",
        "每个都选",
        "all",
        "all of them",
        "all of the above",
        "all options",
        "all correct",
        "all are correct",
        "select all",
        "everything",
    )
)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a choice reply says: the letters chosen, or why it could not be read."""

    letters: frozenset[str] = frozenset()
    outside: str = ""  # letters that are not options
    conflict: str = ""  # the option the text names when it is not the letter's


def _options_named(text: str, question: Question, concepts: ConceptIndex | None = None) -> set[str]:
    """Letters of the options whose text this is: exactly, by a tolerated slip, without (or with) a
    leading verb or particle, or by another name; a near match counts only when it fits one option."""
    norm = normalize(text)
    if not norm:
        return set()
    exact = {k.upper() for k, v in question.options.items() if normalize(v) == norm}
    if exact:
        return exact
    near = {k.upper() for k, v in question.options.items() if match_blank(text, [v], concepts).ok}
    return near if len(near) == 1 else set()


def read_letters(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Reading | None:
    """Read a choice reply; None when it holds neither letters nor an option's text."""
    original = unicodedata.normalize("NFKC", reply).strip()
    reading = _read(question, original, concepts)
    hedged = strip_hedges(original)
    if reading is None and hedged != original:  # `我觉得是B吧`, `应该选 梯度累积`
        reading = _read(question, hedged, concepts)
    return reading


def _read(question: Question, original: str, concepts: ConceptIndex | None) -> Reading | None:
    options = {k.upper() for k in question.options}
    text = _PREFIX.sub("", original, count=1)
    if normalize(text) in ALL_WORDS or normalize(original) in ALL_WORDS:
        return Reading(frozenset(options))
    match = _LETTERS.match(text)
    if match:
        tokens = re.findall(r"[A-Za-z]+", match["letters"])
        letters = frozenset(match["letters"].upper()) & frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        outside = "".join(sorted(letters - options))
        # A word like `maybe` is not letters: a run with letters far past the options (K and on).
        words = any(len(t) > 1 and set(t.upper()) - options - _NEAR_LETTERS for t in tokens)
        if not words:
            if outside:
                return Reading(letters & options, outside=outside)
            rest = match["rest"].strip()
            if question.kind is Kind.single and len(letters) == 1 and rest:
                named = _options_named(rest, question, concepts)
                if named and not (named & letters):
                    return Reading(letters, conflict="".join(sorted(named)))
            return Reading(letters)
    # No letters: the text of one option (single) or of several (multiple).
    # The whole reply first: an option's own text may begin like a prefix (选择…, 答疑…).
    named = _options_named(original, question, concepts) or _options_named(text, question, concepts)
    if named:
        return Reading(frozenset(named))
    if question.kind is Kind.multiple:
        found: set[str] = set()
        for part in _TEXT_SEPARATORS.split(text):
            part_named = _options_named(part, question, concepts) or _named_by_words(part, question, concepts)
            if part.strip() and part_named is None:
                return None
            found |= part_named or set()
        if found:
            return Reading(frozenset(found))
    return None


def _named_by_words(part: str, question: Question, concepts: ConceptIndex | None) -> set[str] | None:
    """Options named in a part separated by spaces only (`梯度累积 batch normalization`), the longest run
    of words first; None when a word names no option."""
    words = part.split()
    found: set[str] = set()
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            named = _options_named(" ".join(words[start:end]), question, concepts)
            if named:
                found |= named
                start = end
                break
        else:
            return None
    return found


def grade_choice(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Verdict:
    key = frozenset(question.letters.upper())
    expected = "".join(sorted(key))
    options = "".join(sorted(k.upper() for k in question.options))
    span = f"{options[0]}–{options[-1]}" if options else ""
    reading = read_letters(question, reply, concepts)
    if reading is None or reading.outside or reading.conflict or not reading.letters:
        if reading is not None and reading.outside:
            zh = f"没有选项 {reading.outside}，请从 {span} 中选择。"
            en = f"There is no option {reading.outside}; choose from {span}."
        elif reading is not None and reading.conflict:
            zh = f"字母和选项内容不一致（内容是 {reading.conflict}），请只回复一个字母。"
            en = f"The letter and the option text disagree (the text is {reading.conflict}); reply with one letter."
        elif question.kind is Kind.single:
            zh, en = f"请回复一个选项字母（{span}），例如 B。", f"Please reply with one option letter ({span}), e.g. B."
        else:
            zh = f"请回复所有正确选项的字母（{span}），例如 ABD。"
            en = f"Please reply with the letters of all right options ({span}), e.g. ABD."
        return Verdict(
            outcome=Outcome.wrong, score=0.0, understood=None, expected=expected, feedback_zh=zh, feedback_en=en
        )

    chosen = reading.letters
    understood = "".join(sorted(chosen))
    if question.kind is Kind.single:
        if len(chosen) > 1:
            outcome = Outcome.wrong
            zh = f"单选题只有一个正确选项，你选了 {understood}。"
            en = f"Only one option is right in a single-choice question; you chose {understood}."
        elif chosen == key:
            outcome, zh, en = Outcome.correct, "回答正确。", "Right."
        else:
            outcome = Outcome.wrong
            zh = f"你选了 {understood}，正确答案是 {expected}。"
            en = f"You chose {understood}; the answer is {expected}."
        return Verdict(
            outcome=outcome,
            score=1.0 if outcome is Outcome.correct else 0.0,
            understood=understood,
            expected=expected,
            feedback_zh=zh,
            feedback_en=en,
        )

    wrong = "".join(sorted(chosen - key))
    missing = "".join(sorted(key - chosen))
    if chosen == key:
        outcome, score, zh, en = Outcome.correct, 1.0, "回答正确。", "Right."
    elif wrong:
        outcome, score = Outcome.wrong, 0.0
        zh = f"{wrong} 不是正确选项（多选题选错不得分）。"
        en = f"{wrong} {'is' if len(wrong) == 1 else 'are'} not right (a wrong option scores 0)."
    else:
        outcome, score = Outcome.partial, len(chosen) / len(key)
        zh = f"少选了 {missing}（少选得部分分）。"
        en = f"You missed {missing} (too few options: partial score)."
    return Verdict(
        outcome=outcome, score=score, understood=understood, expected=expected, feedback_zh=zh, feedback_en=en
    )
