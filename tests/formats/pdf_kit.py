"""Making PDFs with a text layer for the tests: fpdf2 writes the pages with a TrueType font made here
with fontTools, holding a plain box for every character the document uses (no CJK font is needed on
the machine, and the PDF's text layer maps each glyph back to its character as real PDFs do)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fpdf import FPDF

__all__ = ["make_font", "make_pdf"]


def make_font(chars: Iterable[str], path: Path) -> Path:
    """A TrueType font with a box glyph for each character (Chinese full width, the rest half)."""
    wanted = sorted({c for c in chars if c.isprintable() and not c.isspace()} | {" "})
    names = {c: f"uni{ord(c):04X}" for c in wanted}
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", *names.values()])
    builder.setupCharacterMap({ord(c): name for c, name in names.items()})

    def box() -> object:
        pen = TTGlyphPen(None)
        pen.moveTo((80, 0))
        pen.lineTo((80, 700))
        pen.lineTo((420, 700))
        pen.lineTo((420, 0))
        pen.closePath()
        return pen.glyph()

    builder.setupGlyf({".notdef": box(), **{name: box() for name in names.values()}})
    metrics = {".notdef": (500, 80)}
    metrics.update({name: (1000 if ord(c) > 0x2E80 else 500, 80) for c, name in names.items()})
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Boxes", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))
    return path


def make_pdf(
    pages: list[list[str]],
    folder: Path,
    *,
    header: str | None = None,
    footer: Callable[[int, int], str] | None = None,
    scanned: Iterable[int] = (),
) -> bytes:
    """A PDF of these pages, one text line per list item; `header` on every page, `footer(page, pages)`
    at the bottom; pages numbered in `scanned` (1-based) hold only a picture-like box, no text."""
    chars = "".join("".join(lines) for lines in pages) + (header or "") + "0123456789"
    if footer:
        chars += "".join(footer(n, len(pages)) for n in range(1, len(pages) + 1))
    font = make_font(chars, folder / "boxes.ttf")
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_font("boxes", fname=str(font))
    skipped = set(scanned)
    for number, lines in enumerate(pages, start=1):
        pdf.add_page()
        if number in skipped:
            pdf.rect(20, 20, 170, 250, style="F")
            continue
        pdf.set_font("boxes", size=9)
        if header:
            pdf.set_xy(20, 10)
            pdf.cell(170, 6, header, align="C")
        pdf.set_font("boxes", size=11)
        pdf.set_xy(20, 25)
        for line in lines:
            pdf.set_x(20)
            pdf.cell(170, 7, line, new_x="LMARGIN", new_y="NEXT")
        if footer:
            pdf.set_font("boxes", size=9)
            pdf.set_xy(20, 282)
            pdf.cell(170, 6, footer(number, len(pages)), align="C")
    buffer = io.BytesIO()
    pdf.output(buffer)
    return buffer.getvalue()
