"""What a sheet's cell holds, read without its column's name: option letters in any alphabet, option
numbers, a judgement word, a question number, several options joined in one cell.

`bot.banks.sheets.content` maps a sheet's columns by these values when its header is unknown (another
language, a misspelling, none at all). Every function here looks at one cell and knows nothing of the sheet.
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import read_true_false
from bot.banks.sheets.table import fold_accents, split_options
from bot.banks.text import narrow

__all__ = [
    "ALPHABETS",
    "alphabet_of",
    "is_judgement",
    "joined_options",
    "key_positions",
    "number_positions",
    "question_number",
]

# The ways exams letter their options, in order; a key written in one of them names options by position.
ALPHABETS: dict[str, str] = {
    "latin": "ABCDEFGH",
    "cyrillic": "АБВГДЕЖЗ",
    "greek": "ΑΒΓΔΕΖΗΘ",
    "kana": "アイウエオカキク",
    "iroha": "イロハニホヘトチ",
    "hiragana": "あいうえおかきく",
    "hangul": "가나다라마바사아",
    "jamo": "ㄱㄴㄷㄹㅁㅂㅅㅇ",
    "circled": "①②③④⑤⑥⑦⑧",
    "parenthesized": "⑴⑵⑶⑷⑸⑹⑺⑻",
}
# between the letters of a key naming several options: `A,C`, `A、C`, `A|C`, `A C`, `A;C`, `A/C`, `А и В`
_KEY_GAPS = re.compile(r"(?:\s*[,，、;；|｜┋/／&+]\s*|\s+(?:and|und|et|y|e|и|i|og|och|和|及)\s+|\s+)")
_BRACKETS = re.compile(r"^[\s(（\[【「]+|[\s)）\]】」.．。:：]+$")


def _letters(cell: str) -> list[str]:
    """The characters of a key cell that could each be an option's letter (`A`, `AC`, `A, C`, `ウ`, `①③`)."""
    text = _BRACKETS.sub("", narrow(cell).strip())
    if not text or len(text) > 24:
        return []
    parts = [p for p in _KEY_GAPS.split(text) if p]
    if len(parts) == 1 and len(parts[0]) > 1:
        parts = list(parts[0])  # `ABD`, `①③`: letters written together
    if not parts or any(len(p) != 1 for p in parts):
        return []
    return parts


def alphabet_of(cell: str) -> set[str]:
    """The alphabets a key cell can be written in (`B` -> latin; `イ` -> kana and iroha); empty when it is
    no key of letters."""
    letters = [c.upper() for c in _letters(cell)]
    if not letters:
        return set()
    return {name for name, alphabet in ALPHABETS.items() if all(c in alphabet for c in letters)}


def key_positions(cell: str, alphabet: str) -> list[int] | None:
    """The options (0 for the first) a key of letters names in the given alphabet; None when it is no such key."""
    letters = [c.upper() for c in _letters(cell)]
    order = ALPHABETS[alphabet]
    if not letters or not all(c in order for c in letters):
        return None
    return sorted({order.index(c) for c in letters})


_NUMBERS = re.compile(r"^\d(?:(?:\s*[,，、;；|｜/\s]\s*|\s+(?:and|и|和)\s+)\d)*$")


def number_positions(cell: str) -> list[int] | None:
    """The numbers of a key naming options by number (`2`, `1,3`, `1;2;4`: one digit each, there are at most
    eight options) as written; None for anything else (`18` is a score, not an option)."""
    text = _BRACKETS.sub("", narrow(cell).strip())
    if not _NUMBERS.match(text):
        return None
    return sorted({int(d) for d in re.findall(r"\d+", text)})


def is_judgement(cell: str) -> bool:
    """A verdict on a statement (`对`, `×`, `TRUE`, `Faux`, `verdadero`…): a true/false question's key."""
    text = narrow(cell).strip()
    return bool(text) and read_true_false(fold_accents(text)) is not None and not re.fullmatch(r"[A-Ha-h]", text)


_QUESTION_NUMBER = re.compile(r"^(?:第\s*)?(?:[QqNn№#]\s*)?(\d{1,5})\s*[.．、)）题問문]?$")


def question_number(cell: str) -> int | None:
    """`12`, `12.`, `Q12`, `第12题`, `№ 12` -> 12; None for anything else."""
    m = _QUESTION_NUMBER.match(narrow(cell).strip())
    return int(m.group(1)) if m else None


def joined_options(cell: str) -> list[str] | None:
    """The options a cell holds when it holds 2 to 8 of them, lettered in order (`A. 甲 B. 乙`) or joined by
    line breaks, `|`, `;` or else `/`; None otherwise."""
    parts = list(split_options(cell).values())
    return parts if 2 <= len(parts) <= 8 and all(len(p) <= 80 for p in parts) else None
