"""A small CJK font made on the spot, so the Chinese picture is tested on every machine.

The font holds a box-shaped glyph for each character the Chinese labels use (and nothing else):
enough for matplotlib to draw the labels from it, which is what the tests check.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from matplotlib import font_manager

from bot.pictures.labels import cjk_characters

TEST_FAMILY = "Studybot Test CJK"


def _box(i: int):
    # A different box for each character, so different text draws differently.
    inset, top = 50 + (i * 37) % 300, 500 + (i * 53) % 300
    pen = TTGlyphPen(None)
    pen.moveTo((inset, 0))
    pen.lineTo((inset, top))
    pen.lineTo((1000 - inset, top))
    pen.lineTo((1000 - inset, 0))
    pen.closePath()
    return pen.glyph()


def make_cjk_font(path: Path, chars: str) -> Path:
    chars = "".join(sorted(set(chars) - {" "}))
    names = [".notdef", "space", *(f"uni{ord(c):04X}" for c in chars)]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({32: "space", **{ord(c): f"uni{ord(c):04X}" for c in chars}})
    glyphs = {name: _box(i) for i, name in enumerate(names)}
    glyphs["space"] = TTGlyphPen(None).glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (1000, 0) for name in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": TEST_FAMILY, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    fb.save(str(path))
    return path


@pytest.fixture(autouse=True)
def _restore_font_manager() -> Iterator[None]:
    """Fonts a test registers are forgotten after it, so no later test draws with them."""
    manager = font_manager.fontManager
    saved = list(manager.ttflist)
    yield
    manager.ttflist[:] = saved
    manager._findfont_cached.cache_clear()


@pytest.fixture(scope="session")
def cjk_font(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # The labels' characters, and those of the titles the tests use.
    chars = cjk_characters() + "三年级一二班"
    return make_cjk_font(tmp_path_factory.mktemp("fonts") / "studybot-test-cjk.ttf", chars)
