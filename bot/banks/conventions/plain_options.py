"""Options the document never letters: two to eight plain short lines between a question's stem and its key.

    3.（单选）下列城市中，哪一个是江苏省的省会？（ ）        Question 4 Which planet is the red one?
    苏州                                                   Venus
    南京                                                   Mars
    无锡                                                   Jupiter
    答案：B                                                Answer: 2

The lines are lettered A, B, C … in order; the key is read as letters, as the options' numbers (`2`, `1, 3`)
or as one option's text written out. A key of letters or numbers proves nothing about one question (a
statement wrapped over lines, a task over its code), so it is read only where the document writes its
questions this way consistently (`consistent`), and only where it fits the count; an option number that is
also another option's text (`2` among `2`, `4`, `6`) is ambiguous and reads nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["PlainOptions", "consistent", "plain_options"]

_LETTERS = "ABCDEFGH"
_MOST_LINES = 8
_LONGEST = 80  # an option is a word or a phrase; a longer line is a stem's or an explanation's
# where a stem ends: it asks (?), leaves its blank (（ ）, ___), or closes its sentence or its colon
_STEM_END = re.compile(r"(?:[?？:：。．.]|[（(]\s*[)）]|_{2,})\s*$")
# "B", "AC", "A, C", "b", "a, c": letters (lower case only one or apart, so that a word, "bad", is none)
_LETTER_KEY = re.compile(r"\s*([A-H](?:\s*[,，、/]?\s*[A-H]){0,7}|[a-h](?:\s*[,，、/]\s*[a-h]){0,7})\s*[.。]?\s*")
_NUMBER_KEY = re.compile(r"\s*([1-8](?:\s*[,，、/]\s*[1-8]|\s+[1-8]){0,7})\s*[.。]?\s*")
_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")


@dataclass(frozen=True)
class PlainOptions:
    stem: list[str]  # the stem's lines
    options: dict[str, str]  # the plain lines, lettered
    key: str | None  # the letters the key names; None where it names none or is ambiguous
    by_text: bool  # the key wrote an option's text out (proof enough on its own)
    fits: bool  # the key names options there are (by text, letter or number), if maybe ambiguously


def plain_options(lines: list[str], key: str) -> PlainOptions | None:
    """The stem, its plain options and the key's letters, when `lines` (a question's lines without their key
    line) are a stem over 2-8 short plain lines; None when they are no such question."""
    lines = [line.strip() for line in lines if line.strip()]
    at = next((i for i in range(min(len(lines), 3)) if _STEM_END.search(lines[i])), None)
    if at is None and len(lines) > 2 and all(len(line) < len(lines[0]) for line in lines[1:]):
        at = 0  # "Question 4 Pick the capital of Australia" over shorter lines: a stem left unpunctuated
    if at is None:
        return None
    stem, rest = lines[: at + 1], lines[at + 1 :]
    if not 2 <= len(rest) <= _MOST_LINES or len(set(rest)) != len(rest):
        return None
    if any(len(line) > _LONGEST or re.search(r"[?？]|_{2,}", line) for line in rest):
        return None
    options = {_LETTERS[i]: line for i, line in enumerate(rest)}
    named = [letter for letter, text in options.items() if _plain(text) == _plain(key)]
    by_label = _letters(key, options)
    if _NUMBER_KEY.fullmatch(key) and any(_NUMBER.fullmatch(text) for text in options.values()):
        # "2" among options "2", "4", "6": the option's number or its text, no telling unless both agree
        return PlainOptions(stem, options, by_label if named == [by_label] else None, False, by_label is not None)
    if len(named) == 1 and _plain(key):
        return PlainOptions(stem, options, named[0], True, True)
    return PlainOptions(stem, options, by_label, False, by_label is not None)


def _letters(key: str, options: dict[str, str]) -> str | None:
    """The letters a key names by letter or by option number, where each is among the options."""
    if m := _LETTER_KEY.fullmatch(key):
        letters = {ch for ch in m.group(1).upper() if ch in _LETTERS}
    elif m := _NUMBER_KEY.fullmatch(key):
        numbers = {int(ch) for ch in re.findall(r"\d", m.group(1))}
        letters = {_LETTERS[n - 1] for n in numbers}
    else:
        return None
    if not letters or not letters <= options.keys():
        return None
    return "".join(sorted(letters))


_MOST = 0.6  # of a document's questions that stand over plain lines, those that must fit the shape


def consistent(readings: list[PlainOptions | None]) -> bool:
    """Whether a document writes its questions as stems over plain options: of its questions without
    lettered options that stand over two lines or more (`readings`, None where the lines are no such shape),
    at least two and most of them fit it, their keys naming options there are. There, a question whose key
    fits no option, or names one ambiguously, is left out rather than read as a fill-in keyed `2`."""
    fitting = sum(r is not None and r.fits for r in readings)
    return fitting >= 2 and fitting >= _MOST * len(readings)


def _plain(text: str) -> str:
    """Text as compared with another: no spaces, punctuation or case."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text)).casefold()
