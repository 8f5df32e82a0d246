"""Text clean-up shared by the importer: pinyin annotations, script conversion, widths, joining lines."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = [
    "ends_sentence",
    "is_cjk",
    "join_lines",
    "narrow",
    "starts_list_item",
    "strip_pinyin",
    "to_simplified",
]

# Tone-marked vowels (and ü) as they appear in pinyin annotations.
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü"
_PINYIN_ANNOTATION = re.compile(rf"(?<=[^\s(（])[(（]([a-z{_TONED}]{{1,6}})[)）]")


def is_cjk(ch: str) -> bool:
    """A Chinese character or CJK punctuation: no space belongs between two of these."""
    o = ord(ch)
    return (
        0x3400 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0x3000 <= o <= 0x303F  # CJK punctuation
        or 0xFF01 <= o <= 0xFF60  # full-width forms
        or 0x2018 <= o <= 0x201F  # curly quotes used in Chinese text
        or o == 0x2026
    )


@lru_cache(maxsize=4096)
def _readings(ch: str) -> frozenset[str]:
    from pypinyin import Style, pinyin  # heavy import, only needed when annotations appear

    return frozenset(pinyin(ch, heteronym=True, style=Style.TONE)[0])


def _is_annotation(ch: str, syllable: str) -> bool:
    # A reading of the character it follows, or a single tone-marked syllable (web pages
    # sometimes annotate readings pypinyin lacks, or damage the character before the
    # annotation). Real brackets hold words like (LoRA), (INT8).
    if is_cjk(ch) and syllable in _readings(ch):
        return True
    return sum(c in _TONED[:-1] for c in syllable) == 1


def strip_pinyin(line: str) -> str:
    """Remove pinyin annotations such as 訓(xùn)練 -> 訓練, leaving real brackets untouched."""

    def repl(m: re.Match[str]) -> str:
        return "" if _is_annotation(line[m.start() - 1], m.group(1)) else m.group(0)

    return _PINYIN_ANNOTATION.sub(repl, line)


@lru_cache(maxsize=1)
def _t2s():  # type: ignore[no-untyped-def]
    import opencc

    return opencc.OpenCC("tw2s")  # t2s leaves 隨著 as 随著; tw2s reads 着 as mainland text does


def to_simplified(line: str) -> str:
    return _t2s().convert(line)


_NARROW = str.maketrans(
    {
        "\u3000": " ",
        # crosses drawn with lookalikes (a box-drawing diagonal, a multiplication sign of another block): the
        # judgement's ×, which every reader knows
        **dict.fromkeys("╳✕⨯⨉", "×"),
        **{chr(c): chr(c - 0xFEE0) for c in range(ord("０"), ord("９") + 1)},
        **{chr(c): chr(c - 0xFEE0) for c in range(ord("Ａ"), ord("Ｚ") + 1)},
        **{chr(c): chr(c - 0xFEE0) for c in range(ord("ａ"), ord("ｚ") + 1)},
        # bold, italic … letters and digits that posts copied from social apps are styled with (𝟏. 𝐀.)
        **{
            chr(c): plain
            for c in range(0x1D400, 0x1D800)
            if (plain := unicodedata.normalize("NFKC", chr(c))).isascii() and plain.isalnum()
        },
    }
)


_WIDE = re.compile("[\u3000０-９Ａ-Ｚａ-ｚ\U0001d400-\U0001d7ff╳✕⨯⨉]")


def narrow(line: str) -> str:
    """Full-width letters, digits and spaces become ASCII (Ｂ -> B), and so do styled ones (𝐁, 𝟏), and crosses
    drawn with lookalikes the judgement's × (`╳`, `✕`); CJK punctuation stays as written."""
    # translate looks up every character; most lines have nothing to narrow, and a search says so faster
    return line.translate(_NARROW) if _WIDE.search(line) else line


_SENTENCE_END = re.compile(r"[。！？；：.!?;:…][\"”’」』）)]*$")
_LIST_ITEM = re.compile(
    r"^(?:[-*•·]\s*\S|\d+\s*[.．、)）](?!\d)|[（(]\d+[)）]|[①-⑳]|[一二三四五六七八九十]+[、．]"
    r"|(?:【\s*)?问题\s*\d*\s*[:：】])"
)


def ends_sentence(text: str) -> bool:
    return bool(_SENTENCE_END.search(text.rstrip()))


def starts_list_item(text: str) -> bool:
    return bool(_LIST_ITEM.match(text.lstrip()))


def _glue(left: str, right: str) -> str:
    # PDF extraction breaks lines anywhere: between Chinese characters nothing belongs,
    # between two Latin words a space does.
    if not left:
        return right
    if not right:
        return left
    a, b = left[-1], right[0]
    if is_cjk(a) or is_cjk(b) or a in "-/" or a.isspace() or b.isspace():
        return left + right
    return left + " " + right


def join_lines(pieces: list[tuple[str, bool]], *, paragraphs: bool) -> str:
    """Join the lines of one field. Each piece is (text, blank line before it).

    A line break is kept before a list item, and after a finished sentence when a blank line
    follows it or (with `paragraphs`, for case texts and answers) always; otherwise lines are
    glued back together, as a line broken by PDF extraction must be.
    """
    out = ""
    for text, gap in pieces:
        text = text.strip()
        if not text:
            continue
        if not out:
            out = text
        elif starts_list_item(text) or (ends_sentence(out) and (gap or paragraphs)):
            out = out + "\n" + text
        else:
            out = _glue(out, text)
    return out
