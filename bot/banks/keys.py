"""Reading keys: fill answers (blanks, alternatives) and keys written in brackets after a stem."""

from __future__ import annotations

import re

__all__ = ["count_blanks", "split_fill_key", "take_bracket_key"]

_BLANK = re.compile(r"_{2,}|[（(]\s*[)）]")
_ALTERNATIVE = re.compile(r"\s*[;；]\s*|\s+或\s+")  # 'A；B', 'A 或 B' ("或" inside a word stays)
_BLANK_SEP = re.compile(r"\s*[;；]\s*")
_ENUMERATED = re.compile(r"[（(]\s*\d+\s*[)）]\s*")
_CHOICE_BRACKET = re.compile(r"[（(]\s*([A-Ha-h]{1,8})\s*[)）]\s*([。.]?)\s*$")
_TF_BRACKET = re.compile(r"[（(]\s*(√|×|✓|✗|✔|✘|对|错|對|錯|正确|错误|T|F)\s*[)）]\s*([。.]?)\s*$")


def count_blanks(stem: str) -> int:
    return len(_BLANK.findall(stem))


def _clean(answer: str) -> str:
    return answer.strip().rstrip("。.").strip()


def _alternatives(text: str) -> list[str]:
    return [a for a in (_clean(p) for p in re.split(r"\s+或\s+", text)) if a]


def split_fill_key(key: str, blanks: int) -> tuple[list[str] | list[list[str]], bool]:
    """The answer of a fill question and whether its parts matched the number of blanks.

    One blank: a flat list of accepted answers ('A；B', 'A 或 B'). Several blanks: one list per
    blank, blanks separated by '；' (or '，'/'、', or enumerated '（1）A（2）B'), alternatives by ' 或 '.
    """
    if blanks <= 1:
        accepted = [a for a in (_clean(p) for p in _ALTERNATIVE.split(key)) if a]
        return accepted, True
    for splitter in (_ENUMERATED, _BLANK_SEP, re.compile(r"\s*[,，、]\s*")):
        parts = [p for p in splitter.split(key) if _clean(p)]
        if len(parts) == blanks:
            return [_alternatives(p) for p in parts], True
    return [a for a in (_clean(p) for p in _ALTERNATIVE.split(key)) if a], False


def take_bracket_key(stem: str, *, true_false: bool) -> tuple[str, str | None]:
    """'……（ B ）。' -> ('……（ ）。', 'B'): a key written in brackets at the end of the stem."""
    m = (_TF_BRACKET if true_false else _CHOICE_BRACKET).search(stem)
    if not m:
        return stem, None
    return stem[: m.start()] + "（ ）" + m.group(2), m.group(1)
