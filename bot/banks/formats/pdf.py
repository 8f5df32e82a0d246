"""PDF files with a text layer (pypdf): each page's lines, page headers and footers dropped, pages joined.

The text reader then reads the lines as it reads any text copied out of a PDF: it glues a line broken
at the page's edge back onto its field and drops furniture such as `第 3 页 共 12 页`. What is dropped
here is what only the layout of the pages shows: lines repeated at the same place at the top or bottom
of most pages (a school's name, the paper's title, a date) and bare page numbers that count with the
pages. A PDF without any text (a scan) is refused with a sentence saying so: the bot does no OCR.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bot.banks.conventions.shapes import answer_heading
from bot.banks.formats.extracted import Extracted
from bot.banks.issues import DocumentError, Issue
from bot.banks.limits import TextBudget

__all__ = ["read_pdf"]

_EDGE = 3  # lines at the top and at the bottom of a page that may be a header or footer
# Lines that are a question's own (an option, a numbered stem, a key) are never a header or footer: a key
# repeated at the same place on every page (one question a page, "Answer: B" at its foot) is still a key.
_CONTENT = re.compile(
    r"^\s*(?:[(（]?[A-H]\s*[.．、:：)）]|[(（]?\d{1,4}\s*[.、．)）]|答案|正确答案|参考答案|解析|【|第\s*\d+\s*题"
    r"|(?:\*\*)?(?:(?:correct\s+)?answers?|ans|key|solutions?|explanation|l[öo]sung|erkl[äa]rung|r[ée]ponses?"
    r"|corrig[ée]|respuestas?|soluci[óo]n|resposta|gabarito|risposta|antwoord|odpowied[źz])(?:\*\*)?\s*[:：])",
    re.I,
)
_BARE_NUMBER = re.compile(r"^\s*[-—–]?\s*(\d{1,4})\s*[-—–]?\s*$")
_CJK = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"  # with Chinese punctuation, full-width forms
_SPACED = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")
_CJK_PAIR = re.compile(rf"[{_CJK}] ?(?=[{_CJK}])")


@dataclass(slots=True)
class _Line:
    text: str
    y: float | None  # height on the page of its first text, in points; None when unknown
    full: bool = False  # its Chinese text runs to the right margin: the paragraph goes on below


def _no_text_layer(name: str) -> DocumentError:
    return DocumentError(
        name,
        0,
        "这个 PDF 没有文字层（像是扫描件或图片），无法读取题目；本程序不做文字识别（OCR）。"
        "请发送带文字的 PDF，或 Word、文本、表格文件。",
        "this PDF has no text layer (it looks like a scan or pictures), so no question can be read; "
        "the bot does no OCR. Send a PDF with text, or a Word, text or spreadsheet file.",
    )


def _page_lines(page: object) -> list[_Line]:
    """The page's lines in pypdf's reading order, each with the height of its first text and whether its
    Chinese text runs to the right margin."""
    chunks: list[tuple[str, float, float, float]] = []  # text, height, left, font size as drawn

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: object) -> None:
        text = text.replace("\x00", "")  # two-byte codes some fonts' text decodes into: a NUL before each
        if text:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            drawn = float(size) * math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1]) if size else 0.0
            chunks.append((text, tm[4] * cm[1] + tm[5] * cm[3] + cm[5], x, drawn))

    page.extract_text(visitor_text=visit)  # type: ignore[attr-defined]
    pieces: list[list[_Piece]] = [[]]  # per line as pypdf breaks them: its texts as drawn
    for text, height, x, drawn in chunks:
        for i, part in enumerate(text.split("\n")):
            if i:
                pieces.append([])
            pieces[-1].append(_Piece(part, height, x, x + _width(part) * drawn, drawn))
    pieces = _columns_apart(pieces, page)
    lines: list[_Line] = []
    ends: list[tuple[float | None, float | None, float]] = []  # per line: left, right (estimated), size
    for line in pieces:
        drawn_parts = [p for p in line if p.text.strip()]
        first, last = (drawn_parts[0], drawn_parts[-1]) if drawn_parts else (None, None)
        lines.append(_Line("".join(p.text for p in line), first.y if first else None))
        ends.append((first.x if first else None, last.right if last else None, last.em if last else 0.0))
    _mark_full(lines, ends, page)
    return [_Line(line.text.strip(), line.y, line.full) for line in lines if line.text.strip()]


@dataclass(frozen=True, slots=True)
class _Piece:
    """A text as the page draws it: its height, where it starts and (estimated) ends, its size."""

    text: str
    y: float
    x: float
    right: float
    em: float


_NUMBERED = re.compile(r"^\s*(?:\d{1,3}\s*[.．、)）]|(?:Question|Questão|Pregunta|Frage|Вопрос)\s*\d)", re.I)


def _gutter(pieces: list[list[_Piece]], width: float) -> float | None:
    """Where a second column starts on a page set in two: the place (past a third of the page) where three
    lines or more, and a third of those with text, have a text start after a gap in the line, each at the
    same place within two points; None on a page of one column."""
    starts: Counter[int] = Counter()
    for line in pieces:
        drawn = [p for p in line if p.text.strip()]
        for before, piece in itertools.pairwise(drawn):
            if piece.x > before.right + 2 * max(piece.em, 1.0) and piece.x > width / 3:
                starts[round(piece.x / 2)] += 1
    if not starts:
        return None
    place, count = starts.most_common(1)[0]
    texts = sum(1 for line in pieces if any(p.text.strip() for p in line))
    gutter = place * 2 - 2.0
    # a column of questions: numbered items start there (options set two to a line, `A. …  B. …`, are no
    # second column)
    numbered = sum(1 for line in pieces for p in line if p.x >= gutter and _NUMBERED.match(p.text))
    return gutter if count >= 3 and 3 * count >= texts and numbered >= 2 else None


def _columns_apart(pieces: list[list[_Piece]], page: object) -> list[list[_Piece]]:
    """A page set in two columns, drawn line by line across both (pypdf then reads `1. … 3. …` as one line),
    read column by column: within each run of lines that stand in the columns, the left column's lines and
    then the right's; a line across the page (a title, a key grid below) stays where it is."""
    try:
        width = float(page.mediabox.right)  # type: ignore[attr-defined]
    except Exception:  # no usable page box: read as pypdf gives it
        return pieces
    gutter = _gutter(pieces, width)
    if gutter is None:
        return pieces
    heights = [next(p.y for p in line if p.text.strip()) for line in pieces if any(p.text.strip() for p in line)]
    steps = sorted(abs(a - b) for a, b in itertools.pairwise(heights) if abs(a - b) > 0.5)
    step = steps[len(steps) // 2] if steps else 0.0
    # the foot of the right column (heights count up the page)
    foot = min((p.y for line in pieces for p in line if p.text.strip() and p.x >= gutter), default=0.0)
    out: list[list[_Piece]] = []
    left: list[list[_Piece]] = []
    right: list[list[_Piece]] = []
    above: float | None = None  # the height of the line before
    for line in pieces:
        drawn = [p for p in line if p.text.strip()]
        across = bool(drawn) and drawn[0].x < gutter and not any(p.x >= gutter for p in drawn)
        wide = across and max(p.right for p in drawn) > gutter + 2 * max(drawn[-1].em, 1.0)
        # a line across the page, or one below the right column's foot and far below the line before it
        # (a key grid under the columns), ends the run of column lines
        below = across and drawn[0].y < foot - step / 2
        apart = below and step and above is not None and abs(drawn[0].y - above) > 2 * step
        if drawn:
            above = drawn[0].y
        if wide or apart:
            out += left + right + [line]
            left, right = [], []
            continue
        left_part = [p for p in line if p.x < gutter]
        right_part = [p for p in line if p.x >= gutter]
        if any(p.text.strip() for p in left_part):
            left.append(left_part)
        if any(p.text.strip() for p in right_part):
            right.append(right_part)
    return out + left + right


def _width(text: str) -> float:
    """A text's width in ems, where only Chinese (full-width) characters have a sure width: one em each."""
    return sum(1.0 if _wide(c) else 0.5 for c in text if not c.isspace())


def _wide(char: str) -> bool:
    """A full-width character: Chinese, kana, hangul, full-width punctuation."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _mark_full(lines: list[_Line], ends: list[tuple[float | None, float | None, float]], page: object) -> None:
    """Mark the lines whose Chinese text reaches the right margin, taken as wide as the left one (the page's
    width less the leftmost line's start), within half a character."""
    try:
        width = float(page.mediabox.right)  # type: ignore[attr-defined]
    except Exception:  # no usable page box: nothing is known to be full
        return
    starts = [left for left, _, _ in ends if left is not None]
    if not starts:
        return
    margin = width - min(starts)
    for line, (_, right, em) in zip(lines, ends, strict=True):
        text = line.text.rstrip()
        if right is not None and em and text and _wide(text[-1]):
            line.full = right >= margin - em / 2


# a line of verdicts or letters apart by spaces is a row of keys, never letter-spaced text: "对 错 对"
_KEYS_ROW = re.compile(r"^(?:(?:对|错|√|×|[A-H])(?: |$))+$")


def _letter_spaced(text: str) -> bool:
    """A whole line set with a space after every character (`答 案 ： B`, `1 9 世 纪`, `确 定`), as a page
    letter-spaced by its style prints: every gap one space, the pieces short, Chinese among them."""
    pieces = text.split(" ")
    if len(pieces) < 2 or "" in pieces or not re.search(rf"[{_CJK}]", text) or _KEYS_ROW.match(text):
        return False
    chars = sum(len(re.sub(r"\d+", "#", p)) for p in pieces)  # a number, spaced or not, counts as one
    single_cjk = sum(len(p) == 1 and re.match(rf"[{_CJK}]", p) is not None for p in pieces)
    # the gaps are (nearly) one for each pair of neighbouring characters: `第 1 题 (单 选 ):` too
    enough = single_cjk >= 2 or (single_cjk and len(pieces) >= 3)
    return enough and (len(pieces) - 1) * 10 >= (chars - 1) * 7 and all(len(p) <= 3 for p in pieces)


# the digits of one number spread out between Chinese (`第 2 0 题`): one number, on a letter-spaced line
_SPREAD_DIGITS = re.compile(rf"(?<=[{_CJK}] )\d(?: \d)+(?= [{_CJK}])")


# an option's letter or an item's number before its text, apart from it by a space as written: kept so
_LEAD = re.compile(r"^(?:[(（]?[A-Ha-h]\s*[.．、)）]|\d{1,4}\s*[.．、])\s")


def _unspace(text: str) -> str:
    """A line spread out character by character (`数 据 并 行`, justified text) read back together."""
    lead = m.group() if (m := _LEAD.match(text)) else ""
    if _letter_spaced(text[len(lead) :]):
        return lead + text[len(lead) :].replace(" ", "")
    if _SPACED.search(text):
        text = _SPREAD_DIGITS.sub(lambda m: m.group().replace(" ", ""), text)
    spaced = len(_SPACED.findall(text))
    if spaced >= 4 and spaced * 2 > len(_CJK_PAIR.findall(text)):
        return _SPACED.sub("", text)
    return text


# A paragraph's line that runs on below, as pypdf gives it: a justified line (its word gaps stretched to two
# spaces or more, every one of them: "Question  n°2  :  Qui  a  écrit", the gaps of the paragraph's last line
# are plain), or a line ending in an option's label whose text is on the next line ("… b) Antoine c)").
_WIDE_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
_PLAIN_GAP = re.compile(r"(?<=\S) (?=\S)")
_OPEN_LABEL = re.compile(r"\s([B-Hb-h])([)）])$")
_STARTS_ITEM = re.compile(r"^\s*(?:[(（]?[A-Ha-h]\s*[.．、)）]|\d{1,4}\s*[.．、)）]|[(（]\d{1,4}[)）])")


def _justified(text: str) -> bool:
    """A line of words set to the full measure, its gaps all stretched (never a row of numbers or keys)."""
    words = _WIDE_GAP.split(text)
    return (
        len(words) >= 6
        and not _PLAIN_GAP.search(text)
        and sum(sum(c.islower() for c in w) >= 2 for w in words) * 2 >= len(words)  # words, not keys (ABC)
    )


_GAP = re.compile(r"(?<=\S) +(?=\S)")


def _narrowed(text: str) -> str:
    """A line whose every gap is stretched (justified: `a)  La  Seine   b)  La  Loire`) with its gaps narrowed
    by the narrowest one, so that a word gap is one space again and a wider gap (between options set on one
    line) stays wider than a word gap: `a) La Seine  b) La Loire`."""
    widths = {len(g) for g in _GAP.findall(text)}
    narrowest = min(widths, default=1)
    # gaps all alike say nothing (a row of keys set two spaces apart, `1-5  BBABC  6-8  B`: kept)
    if narrowest < 2 or len(widths) < 2 or not re.search(r"[^\W\d_]{2}", text):
        return text
    return _GAP.sub(lambda m: " " * (len(m.group()) - narrowest + 1), text)


def _open_label(text: str) -> bool:
    """A line of options ending in the next one's label (`… b) Antoine c)`): the label before it is there."""
    m = _OPEN_LABEL.search(text)
    return m is not None and f" {chr(ord(m.group(1)) - 1)}{m.group(2)} " in text[: m.start() + 1]


def _rejoined(lines: list[_Line]) -> list[str]:
    """The lines' texts, a paragraph's line that runs on joined to the next unless that starts an item of its
    own: Chinese text up to the right margin runs on with nothing between."""
    out: list[str] = []
    full = False
    for line in lines:
        text, prev = line.text, out[-1] if out else ""
        starts_item = _CONTENT.match(text) or _STARTS_ITEM.match(text)
        if full and not starts_item and (_wide(text[0]) or text[0] in "“‘"):
            out[-1] = prev + text
        elif prev and (_justified(prev) or _open_label(prev)) and not starts_item and not answer_heading(text):
            out[-1] = _WIDE_GAP.sub(" ", prev) + " " + text
        else:
            out.append(text)
        if not _justified(out[-1]):  # (a justified line is told by its stretched gaps when the next comes)
            out[-1] = _narrowed(out[-1])
        full = line.full
    return out


def _shape(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", text)).strip()


def _furniture(pages: list[list[_Line]], heights: list[float]) -> list[set[int]]:
    """Per page, the indices of its header and footer lines."""
    dropped: list[set[int]] = [set() for _ in pages]
    edges = [
        sorted(set(range(min(_EDGE, len(lines)))) | set(range(max(0, len(lines) - _EDGE), len(lines))))
        for lines in pages
    ]
    with_text = sum(1 for lines in pages if lines)
    need = max(2, math.ceil(with_text / 2))
    # A line repeated at the same place on most pages.
    places: Counter[tuple[str, int | None]] = Counter()
    for lines, edge in zip(pages, edges, strict=True):
        seen = {(_shape(lines[i].text), _place(lines[i].y)) for i in edge if not _CONTENT.match(lines[i].text)}
        places.update(seen)
    repeated = {key for key, count in places.items() if count >= need}
    # Bare page numbers: they count with the pages.
    offsets: Counter[int] = Counter()
    for index, (lines, edge) in enumerate(zip(pages, edges, strict=True)):
        for i in edge:
            if m := _BARE_NUMBER.match(lines[i].text):
                offsets[int(m.group(1)) - index] += 1
    offset, count = offsets.most_common(1)[0] if offsets else (None, 0)
    for index, (lines, edge) in enumerate(zip(pages, edges, strict=True)):
        for i in edge:
            line = lines[i]
            if (_shape(line.text), _place(line.y)) in repeated and not _CONTENT.match(line.text):
                dropped[index].add(i)
                continue
            m = _BARE_NUMBER.match(line.text)
            if m and (
                (count >= need and int(m.group(1)) - index == offset)
                or (len(pages) == 1 and _at_edge(line, heights[index]))
            ):
                dropped[index].add(i)
    return dropped


def _place(y: float | None) -> int | None:
    return None if y is None else round(y / 4)  # the same place give or take a few points


def _at_edge(line: _Line, height: float) -> bool:
    """A line in the page's top or bottom margin, where a one-page PDF has its page number."""
    return line.y is not None and height > 0 and (line.y < height * 0.06 or line.y > height * 0.94)


def read_pdf(path: Path, budget: TextBudget | None = None) -> Extracted:
    """The PDF's text lines, pages joined; DocumentError when it has no text layer or cannot be opened.
    `budget` counts each page's text as it is read (a form drawn on every page repeats its text)."""
    from pypdf import PdfReader  # imported here so text imports don't pay for it
    from pypdf.errors import LimitReachedError, PdfReadError, PyPdfError

    try:
        reader = PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentError(
                path.name,
                0,
                "这个 PDF 有打开密码，无法读取；请发送没有密码的文件。",
                "this PDF is protected by a password and cannot be read; send it without the password.",
            )
        pages_in = list(reader.pages)
    except DocumentError:
        raise
    except (LimitReachedError, RecursionError) as exc:  # a page tree 3,000 deep, say: pypdf stops at its limit
        limit = str(exc).rstrip(".")
        raise DocumentError(
            path.name,
            0,
            f"这个 PDF 的结构超过了读取上限（{limit}），无法读取；请另存为普通 PDF 后再试",
            f"this PDF's structure goes past a reading limit ({limit}); save it again as a plain PDF and try again",
        ) from exc
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError, OSError, NotImplementedError) as exc:
        raise DocumentError(path.name, 0, f"不是有效的 PDF 文件：{exc}", f"not a valid PDF file: {exc}") from exc
    pages: list[list[_Line]] = []
    heights: list[float] = []
    for page in pages_in:
        try:
            pages.append(_page_lines(page))
        except Exception:  # one unreadable page (a broken font) costs only that page
            pages.append([])
        if budget is not None:
            budget.add(sum(len(line.text) for line in pages[-1]))
        try:
            heights.append(float(page.mediabox.top))
        except Exception:  # no usable page box: only bare page numbers at its edges are not told apart
            heights.append(0.0)
    if not any(pages):
        raise _no_text_layer(path.name)
    pages = [[_Line(_unspace(line.text), line.y, line.full) for line in page] for page in pages]
    dropped = _furniture(pages, heights)
    lines: list[_Line] = []
    issues: list[Issue] = []
    for number, (page_lines, drop) in enumerate(zip(pages, dropped, strict=True), start=1):
        if not page_lines:
            issues.append(
                Issue(
                    "warning",
                    0,
                    f"第 {number} 页没有文字层（像是扫描页），未读取",
                    f"page {number} has no text layer (it looks scanned); not read",
                )
            )
        lines.extend(line for i, line in enumerate(page_lines) if i not in drop)
    return Extracted(text="\n".join(_rejoined(lines)), issues=issues)
