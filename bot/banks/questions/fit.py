"""Keys that do not fit: every draft's key checked against its question before anything goes live.

A key that does not fit its question is evidence that the reading is misaligned somewhere: the keys of an
answer part given to the wrong questions, a sheet's columns mapped to the wrong fields, the sub-questions
of a question read as its options. A learner graded against such a key is worse off than one who never
sees the question, so a draft whose key does not fit is left out with its line and the reason; never
guessed. The pass runs on every reader's drafts (text, tables, the generic floor), before they are built.

What fits (`misfit`):

- the options read are options: none is the explanation (`【解析】…`), a lone option letter among texts (a
  key column read as an option), or a text holding the next options' labels (`甲B、乙C、丙`: options glued);
- a key that answers numbered parts (`（1）正确 （2）错误`) keys no single choice: the parts were read as
  options, the first part's label as option 1;
- a choice key names options there are, one letter under a single-choice heading when it was written
  apart, no judgement word (`对`) where the options are not judgements;
- a fill-in under a fill-in heading is keyed by neither a judgement word nor, written apart in a document
  of choice questions, option letters.

An answer part (`misaligned_parts`): the keys written apart between two questions (an answer part, a key
block) are given by order or number. When one of them does not fit and a neighbouring question's would (keys
shifted by one), or two or more do not fit, none of that part's keys is trusted: every question it keys is
left out, each with the reason naming the misfit that showed it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from bot.banks.conventions.keys import read_choice_key, read_true_false, true_false_options
from bot.banks.model import Kind
from bot.banks.questions.draft import Draft

__all__ = ["Misfit", "misaligned_parts", "misfit"]

Reason = tuple[str, str]  # zh, en


@dataclass(frozen=True, slots=True)
class Misfit:
    """A draft left out by this pass: the line to name and the reason (zh, en)."""

    line: int
    zh: str
    en: str


# An option whose text is the question's explanation or key: a column read as an option
_NOT_AN_OPTION = re.compile(
    r"^\s*(?:【\s*(?:解析|答案|详解)\s*】|(?:解析|答案|详解)\s*[:：]|(?:Explanation|Answer)\s*:)", re.I
)
_LONE_LETTER = re.compile(r"\s*[B-H]\s*")  # "a", "A": an article, an option in its own right
_JUDGEMENT = re.compile(r"\s*(?:对|错|正确|错误|√|×|✓|✗|✔|✘|true|false)\s*[。.]?\s*", re.I)
# A key that opens with a part's label and goes on in words: `（1）名称：……` (not `(2) Rapidement`, option 2's text)
_PART = re.compile(r"[（(]\s*\d{1,2}\s*[)）]\s*\S")  # a part's label and its answer (`①②④` are options)
_PART_LABEL = re.compile(r"^\s*[（(]\s*(\d{1,2})\s*[)）]\s*(\S.*)$", re.S)


# An option's label inside another option's text: `B、` `B.` `B)` followed by text, not another letter
_LABEL_INSIDE = {
    letter: re.compile(rf"(?<![A-Za-z]){letter}\s*[、.．:：)）](?=\s*[^\sA-H、.．])") for letter in "ABCDEFGH"
}


# an expression in one-letter names: `A·B`, `A + B`, `(A+B)'`, `x∧y`, `B ∪ C` (Boolean algebra, sets, variables)
_LETTER_EXPRESSION = re.compile(r"[\s()]*[A-Za-z]'?(?:[\s()]*[+·∙•*×/∧∨⊕∪∩=−-][\s()]*[A-Za-z]'?)+[\s()']*")


def _in_expressions(letter: str, texts: list[str]) -> bool:
    """Whether a lone letter is a name the other options compute with (`B` beside `A·B` and `A + B`): an
    option in its own right, not a label read as one."""
    return any(_LETTER_EXPRESSION.fullmatch(t) and letter in t for t in texts if t.strip() != letter)


def _holds_label(text: str, letter: str) -> bool:
    return letter in text and (found := _LABEL_INSIDE.get(letter)) is not None and found.search(text) is not None


def _options_misread(options: dict[str, str]) -> Reason | None:
    """Why the options read are not the question's options, or None when they look like options."""
    texts = list(options.values())
    letters = list(options)
    for letter, text in options.items():
        if _NOT_AN_OPTION.match(text):
            return (
                f"选项 {letter} 是解析或答案（{text[:20]}）",
                f"option {letter} is an explanation or a key ({text[:20]})",
            )
    wordy = sum(len(t.strip()) > 1 and not _LONE_LETTER.fullmatch(t) for t in texts)
    for letter, text in options.items():
        if _LONE_LETTER.fullmatch(text) and wordy >= 2 and not _in_expressions(text.strip(), texts):
            return f"选项 {letter} 只是一个字母（{text.strip()}）", f"option {letter} is only a letter ({text.strip()})"
    for i, (letter, text) in enumerate(options.items()):
        later = letters[i + 1 :]
        if len(later) >= 2 and all(_holds_label(text, nxt) for nxt in later[:2]):
            return (
                f"选项 {letter} 含有其后选项的标号（{'、'.join(later[:2])}），选项粘连未分开",
                f"option {letter} holds the labels of the options after it ({', '.join(later[:2])}): "
                "options run together",
            )
    return None


def _parts_key(written: str, options: dict[str, str]) -> Reason | None:
    """A key that answers numbered parts (`（1）正确 （2）错误`, `（1）名称：……`) for a question read with options:
    the parts were taken for options and the first part's label for option 1."""
    m = _PART_LABEL.match(written)
    if m is None:
        return None
    if len(_PART.findall(written)) >= 2:
        return "答案分（1）（2）等小问作答", "its key answers numbered parts ((1), (2) …)"
    number, said = int(m.group(1)), m.group(2)
    named = list(options.values())[number - 1] if 0 < number <= len(options) else None
    plain = re.sub(r"[\s。.,，;；]+", "", said).casefold()
    if named is not None and re.sub(r"[\s。.,，;；]+", "", named).casefold() == plain:
        return None  # `(2) Rapidement`: option 2 by its number and its text
    return (
        "答案以小问标号（1）开头，后接文字，不是选项",
        "its key opens with a part's label ((1)) and goes on in words, naming no option",
    )


def misfit(d: Draft, key: str | None = None) -> Reason | None:
    """Why `key` (the draft's own when None) does not fit the draft's question, said of the question (zh, en),
    or None when it fits."""
    own = key is None
    key = d.key if own else key
    if key is None or not key.strip():
        return None
    where = f"第 {d.number} 题", f"question {d.number}"
    said = key.strip()
    if d.options:
        return _choice_misfit(d, key, where, own=own)
    if d.kind is Kind.fill and _JUDGEMENT.fullmatch(key):
        return f"{where[0]}是填空题，但答案是判断（{said}）", f"fill-in {where[1]} is keyed by a judgement ({said})"
    return None


def _choice_misfit(d: Draft, key: str, where: Reason, *, own: bool) -> Reason | None:
    if (wrong := _options_misread(d.options)) is not None:
        return f"{where[0]}的{wrong[0]}，选项读错", f"{where[1]}: {wrong[1]}; its options were misread"
    written = d.key_written if own and d.key_written is not None else key
    if (parts := _parts_key(written, d.options)) is not None:
        return (
            f"{where[0]}的{parts[0]}，小问被读成了选项",
            f"{where[1]}: {parts[1]}; its parts were read as options",
        )
    letters = read_choice_key(key, d.options)
    if letters is None:
        return None  # not letters at all: the builder says so (or reads a judgement of 正确/错误 options)
    missing = "".join(letter for letter in letters if letter not in d.options)
    if missing:
        return (
            f"{where[0]}的答案含 {missing}，但没有选项 {missing}",
            f"the key of {where[1]} names option {missing}, which it does not have",
        )
    if len(letters) > 1 and d.kind is Kind.single and d.kind_given:
        # the row says single choice and its key says otherwise: one of them is wrong
        return (
            f"{where[0]}标为单选题，但答案有多个字母（{letters}），答案与题型不符",
            f"{where[1]} is marked single choice, but its key has several letters ({letters}); "
            "the key does not fit its kind",
        )
    if len(letters) > 1 and d.kind is Kind.single and d.key_apart:
        # beside its question, several letters are a teacher's key (multiple choice); written apart, a key
        # given to the wrong question
        return (
            f"{where[0]}是单选题，但文中另列的答案有多个字母（{letters}），答案可能与题目错位",
            f"{where[1]} is single choice but the key written apart for it has several letters "
            f"({letters}); the keys may be misaligned",
        )
    return None


def misaligned_parts(drafts: list[Draft]) -> dict[int, Misfit]:
    """The drafts (by index) whose keys came from an answer part that does not fit its questions."""
    out: dict[int, Misfit] = {}
    for region in _regions(drafts):
        misfits = {i: why for i in region if (why := _misfit_apart(drafts[i])) is not None}
        if not misfits:
            continue
        # a key of another kind (several letters, a judgement) that the question beside would take: shifted
        shifted = [i for i, (_, of_kind) in misfits.items() if of_kind and _fits_a_neighbour(drafts, i)]
        if len(misfits) < 2 and not shifted:
            continue  # one key that fits nothing near: that question alone (the builder leaves it out)
        first = min(misfits, key=lambda i: drafts[i].key_line or 0)
        zh, en = misfits[first][0]
        for i in region:
            d = drafts[i]
            out[i] = Misfit(
                d.key_line or d.line,
                f"第 {d.number} 题的答案来自另列的一组答案，而这组答案与题目对不上（{zh}），答案可能整体错位",
                f"the key of question {d.number} comes from keys written apart that do not fit their questions "
                f"({en}); the keys may be misaligned",
            )
    return out


def _misfit_apart(d: Draft) -> tuple[Reason, bool] | None:
    """Why a key written apart does not fit its question's options, and whether it is a key of another kind
    (several letters for a single choice, a judgement for a choice). Options misread are the question's own
    trouble, no evidence against the part's keys (the question alone is left out)."""
    key = d.key or ""
    if not d.options or not key.strip() or _options_misread(d.options) is not None:
        return None
    letters = read_choice_key(key, d.options)
    if letters is None:
        if _judged(d, key):
            return None  # a judgement of options 正确/错误
        reason = (
            f"第 {d.number} 题的答案“{key}”不是选项字母",
            f"the key '{key}' of question {d.number} is not option letters",
        )
        return reason, read_true_false(key) is not None
    if (why := misfit(d)) is None:
        return None
    return why, len(letters) > 1


def _judged(d: Draft, key: str) -> bool:
    return read_true_false(key) is not None and true_false_options(d.options) is not None


def _fits_a_neighbour(drafts: list[Draft], i: int) -> bool:
    """The key given to draft i fits the question before or after it: the keys are shifted by one."""
    key = drafts[i].key or ""
    return any(
        0 <= j < len(drafts) and _takes(drafts[j], key) and misfit(drafts[j], key) is None for j in (i - 1, i + 1)
    )


def _takes(d: Draft, key: str) -> bool:
    """The key reads as a key of this question's kind: its options' letters, or a judgement for a statement."""
    if d.options:
        return read_choice_key(key, d.options) is not None
    return read_true_false(key) is not None and d.kind in (None, Kind.true_false)


def _regions(drafts: list[Draft]) -> list[list[int]]:
    """The drafts keyed apart, grouped by the answer part their keys stand in: keys whose lines no question
    starts between."""
    apart = sorted(
        (i for i, d in enumerate(drafts) if d.key_apart and d.key_line is not None and d.key is not None),
        key=lambda i: drafts[i].key_line or 0,
    )
    starts = sorted(d.line for d in drafts)
    regions: list[list[int]] = []
    last: int | None = None
    for i in apart:
        line = drafts[i].key_line or 0
        if last is not None and regions and not _between(starts, last, line):
            regions[-1].append(i)
        else:
            regions.append([i])
        last = line
    return regions


def _between(starts: list[int], low: int, high: int) -> list[int]:
    """The question starts after line `low`, up to and including line `high` (`starts` sorted)."""
    return starts[bisect_right(starts, low) : bisect_left(starts, high + 1)]
