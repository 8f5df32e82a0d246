"""True/false keys written as one sign or letter on a line of their own under each statement, with no label:

    問1　水は百度で沸騰する。        1. Le soleil est une étoile.        1. 서울은 한국의 수도이다.
    正                               V                                  O
    問2　太陽は西から昇る。          2. La lune est une planète.        2. 부산은 내륙 도시이다.
    誤                               F                                  X

A letter or sign alone under one question may as well be a fill-in's answer or an option's letter, so the
signs are read per document (`document_signs`): where most of its statements are followed so, by the two
signs of one pair (both seen), never one line at a time. Words (`Vrai`, `Richtig`, `Да`) are read line by line
by the reader already; these are the signs too short to be read so.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable

from bot.banks.conventions.keys import read_true_false
from bot.banks.conventions.shapes import key_marker, number_head, option_run

__all__ = ["SIGN_PAIRS", "document_signs"]

# (true, false): the signs one document judges with
SIGN_PAIRS: tuple[tuple[str, str], ...] = (
    ("正", "誤"),
    ("正", "误"),
    ("对", "错"),
    ("對", "錯"),
    ("是", "否"),
    ("○", "×"),
    ("〇", "×"),
    ("◯", "×"),
    ("O", "X"),
    ("T", "F"),
    ("V", "F"),
    ("Y", "N"),
    ("R", "W"),
    ("W", "F"),
    ("√", "×"),
    ("✓", "✗"),
    ("✔", "✘"),
)
_SIGNS = {sign for pair in SIGN_PAIRS for sign in pair}
_WORD_TRUE, _WORD_FALSE = "\0true", "\0false"  # a verdict in words, one pair whichever the words
_WORDS = (_WORD_TRUE, _WORD_FALSE)
_PAIRS = (*SIGN_PAIRS, _WORDS)
_STATEMENT = re.compile(r"\w{2,}")  # the line above a sign holds words: a statement, not another sign
_BLANK = re.compile(r"_{2,}")
_MOST = 0.6  # of the document's numbered questions, those a sign must follow


def _statement(text: str) -> bool:
    """The line above a sign is a statement: it holds words, and no blank (`The symbol of fluorine is ___`
    over `F` is a fill-in and its answer)."""
    return bool(_STATEMENT.search(text)) and not _BLANK.search(text)


def _statements(texts: list[str]) -> int:
    """The numbered questions keyed no other way: no option on the next line (choice questions are judged by no
    sign) and no key label of their own before the next number (`Answer: Paris` keys its fill-in)."""
    count, open_ = 0, False
    for k, text in enumerate(texts):
        if number_head(text) is not None:
            count += open_
            below = next((t for t in texts[k + 1 : k + 3] if t.strip()), "")
            open_ = (run := option_run(below)) is None or bool(run.before)
        elif open_ and (found := key_marker(text)) is not None and found[1] and not found[0]:
            open_ = False
    return count + open_


def _sign(text: str) -> str | None:
    """The sign a line holds alone (a closing stop allowed, letters in either case and width)."""
    word = unicodedata.normalize("NFKC", text).strip().rstrip(".。．").strip()
    word = word.upper() if word.isascii() else word
    return word if word in _SIGNS else None


def document_signs(texts: list[str], word: Callable[[str], str | None] | None = None) -> dict[str, bool]:
    """The signs this document judges its statements with, as its lines hold them (`正` -> True), where most of
    its numbered questions are followed by one of a pair's two signs on a line of its own; {} otherwise.
    `word`: what reads a line as a verdict in words (`Vrai`, `False (a note)`), counted as one more pair."""
    found: Counter[tuple[str, str]] = Counter()  # (a line's text, its sign), each line under a statement
    before = ""
    for text in texts:
        if not text.strip():
            continue
        if _statement(before) and _sign(before) is None and (word is None or word(before) is None):
            if (sign := _sign(text)) is not None:
                found[text.strip(), sign] += 1
            elif word is not None and (said := word(text)) is not None:
                found[text.strip(), _WORD_TRUE if read_true_false(said) else _WORD_FALSE] += 1
        before = text
    if not found:
        return {}
    pair = max(_PAIRS, key=lambda p: sum(n for (_, sign), n in found.items() if sign in p))
    followed = sum(n for (_, sign), n in found.items() if sign in pair)
    if pair != _WORDS and (followed < 2 or not set(pair) <= {sign for _, sign in found}):
        return {}  # one sign, or one sign only: no pair the document judges with (a word says itself)
    if followed < _MOST * _statements(texts):
        return {}
    return {text: sign == pair[0] for text, sign in found if sign in pair}
