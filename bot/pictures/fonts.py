"""Finding a font that draws Chinese, at run time.

Order: the file in STUDYBOT_FONT, then well-known CJK families matplotlib already knows, then font
files whose names look CJK, then any known font that holds every character the Chinese labels use,
then the subset of Noto Sans CJK SC the package ships (bot/pictures/font, built by
bot/pictures/subset.py): a plain `pip install` draws the Chinese picture on a machine with no CJK
font. Only without that file too is the picture drawn with English labels (never boxes in place of
characters), and one warning is logged.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import matplotlib
from matplotlib import font_manager
from matplotlib.ft2font import FT2Font

from bot.pictures.labels import cjk_characters
from bot.pictures.subset import BUNDLED_FONT

__all__ = ["LATIN_FAMILY", "FontChoice", "find_font_choice", "font_choice", "font_covers"]

log = logging.getLogger(__name__)

LATIN_FAMILY = "DejaVu Sans"  # ships inside matplotlib, so it is always there

# Simplified Chinese faces first: the learners read simplified script.
PREFERRED_FAMILIES = (
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Sarasa Gothic SC",
    "Microsoft YaHei",
    "PingFang SC",
    "Hiragino Sans GB",
    "SimHei",
    "Noto Sans CJK TC",
    "Noto Sans CJK JP",
    "Droid Sans Fallback",
    "AR PL UMing CN",
    "AR PL UKai CN",
)

# Parts of file names that mark a font as likely to hold Chinese.
FILE_HINTS = (
    "cjk",
    "wqy",
    "sourcehan",
    "notosanssc",
    "notoserifsc",
    "droidsansfallback",
    "simhei",
    "simsun",
    "msyh",
    "pingfang",
    "hiragino",
    "uming",
    "ukai",
    "sarasa",
    "microhei",
    "zenhei",
)


@dataclass(frozen=True, slots=True)
class FontChoice:
    """The fonts to draw with: `cjk` is None when no font draws Chinese (then labels are English)."""

    cjk: Path | None = None
    cjk_family: str | None = None
    latin: Path = field(default_factory=lambda: Path(font_manager.findfont(LATIN_FAMILY)))

    def families(self, lang: str) -> list[str]:
        """Family names in fallback order: each glyph comes from the first font that has it."""
        if self.cjk_family is None:
            return [LATIN_FAMILY]
        if lang == "zh":
            return [self.cjk_family, LATIN_FAMILY]
        return [LATIN_FAMILY, self.cjk_family]

    def drawable(self, text: str) -> str:
        """`text` without the characters no chosen font holds, so nothing falls back to a box."""
        charmaps = [_charmap(str(self.latin))]
        if self.cjk is not None:
            charmaps.append(_charmap(str(self.cjk)))
        return "".join(c for c in text if c.isspace() or any(ord(c) in cm for cm in charmaps))


@lru_cache(maxsize=64)
def _charmap(path: str) -> frozenset[int]:
    return frozenset(FT2Font(path).get_charmap())


def _placeholder(path: Path | str) -> bool:
    # matplotlib's own fonts hold no Chinese; its Last Resort font "covers" everything with boxes.
    bundled = os.path.realpath(matplotlib.get_data_path())
    return os.path.realpath(path).startswith(bundled + os.sep) or "lastresort" in Path(path).name.lower()


def font_covers(path: Path | str, text: str) -> bool:
    """Whether the font file holds a real glyph for every non-space character of `text`."""
    if _placeholder(path):
        return False
    try:
        charmap = _charmap(str(path))
    except (OSError, RuntimeError, ValueError):
        return False
    return all(ord(c) in charmap for c in text if not c.isspace())


def _candidates(font_dirs: Iterable[Path] | None = None) -> Iterable[Path]:
    if font_dirs is not None:  # only these folders (a test's empty folder: a machine without fonts)
        for fname in sorted(font_manager.findSystemFonts(fontpaths=[str(d) for d in font_dirs])):
            yield Path(fname)
        return
    known = font_manager.fontManager.ttflist
    by_family: dict[str, list[str]] = {}
    for entry in known:
        by_family.setdefault(entry.name, []).append(entry.fname)
    for family in PREFERRED_FAMILIES:
        for fname in sorted(by_family.get(family, ())):
            yield Path(fname)
    # Fonts installed after matplotlib built its cache are found by the system scan.
    files = sorted({*(e.fname for e in known), *font_manager.findSystemFonts()})
    for fname in files:
        if any(hint in Path(fname).name.lower().replace("-", "").replace("_", "") for hint in FILE_HINTS):
            yield Path(fname)
    for fname in sorted({e.fname for e in known}):
        yield Path(fname)


def _register(path: Path) -> str:
    """Make the font known to matplotlib by family name; return the family to ask for."""
    manager = font_manager.fontManager
    resolved = os.path.realpath(path)
    if not any(os.path.realpath(e.fname) == resolved for e in manager.ttflist):
        manager.addfont(str(path))
    names = sorted({e.name for e in manager.ttflist if os.path.realpath(e.fname) == resolved})
    # A collection (.ttc) holds several faces; prefer the simplified Chinese one.
    for family in PREFERRED_FAMILIES:
        if family in names:
            return family
    return names[0]


def find_font_choice(
    env: Mapping[str, str] | None = None,
    required: str | None = None,
    *,
    font_dirs: Iterable[Path] | None = None,
    bundled: Path | None = BUNDLED_FONT,
) -> FontChoice:
    """Search for a CJK font now (no caching); `required` defaults to the Chinese labels' characters.

    `font_dirs`: look for system fonts only there (default: every font matplotlib and the system know);
    `bundled`: the last resort, the font the package ships (None: none)."""
    env = os.environ if env is None else env
    required = cjk_characters() if required is None else required
    override = env.get("STUDYBOT_FONT")
    if override:
        if font_covers(override, required):
            return FontChoice(cjk=Path(override), cjk_family=_register(Path(override)))
        log.warning("STUDYBOT_FONT=%s is missing or cannot draw Chinese; looking for another font", override)
    for path in _candidates(font_dirs):
        if font_covers(path, required):
            return FontChoice(cjk=path, cjk_family=_register(path))
    if bundled is not None and font_covers(bundled, required):
        log.info("no system font draws Chinese: the stats picture uses the bundled subset %s", bundled.name)
        return FontChoice(cjk=bundled, cjk_family=_register(bundled))
    log.warning(
        "no font that draws Chinese was found, and the bundled one is missing: stats pictures use English "
        "labels. Install one (Debian/Ubuntu: fonts-wqy-microhei or fonts-noto-cjk) or set STUDYBOT_FONT."
    )
    return FontChoice()


_lock = threading.Lock()
_choice: FontChoice | None = None


def font_choice() -> FontChoice:
    """The process-wide choice, searched once (thread-safe) from the environment."""
    global _choice
    with _lock:
        if _choice is None:
            _choice = find_font_choice()
        return _choice
