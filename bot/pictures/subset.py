"""Building the Chinese font the stats picture ships with: a fontTools subset of a free CJK font.

The bundled font (`BUNDLED_FONT`, with its licence `BUNDLED_LICENCE` beside it) lets a plain
`pip install` draw the Chinese picture on a machine with no CJK font. It holds only what the picture
may draw: the labels, the text table of the Telegram front end, the bundled banks (for question
titles), the 3,755 common characters of GB 2312 level 1 (for titles of banks added later), ASCII and
CJK punctuation. A title with a character outside it is drawn by its bank and number instead.

Rebuild it after adding labels or banks, from Noto Sans CJK SC (SIL Open Font License 1.1; e.g.
Debian's fonts-noto-cjk, NotoSansCJK-Regular.ttc, face 2)::

    python -m bot.pictures.subset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --face 2

The family is renamed (Noto is a trademark, and a subset is a modified version under the licence).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path

__all__ = ["BUNDLED_FAMILY", "BUNDLED_FONT", "BUNDLED_LICENCE", "build_subset", "common_hanzi", "wanted_characters"]

HERE = Path(__file__).resolve().parent
BUNDLED_FONT = HERE / "font" / "StudybotCJK-Subset.otf"
BUNDLED_LICENCE = HERE / "font" / "OFL.txt"
BUNDLED_FAMILY = "Studybot CJK Subset"
ROOT = HERE.parents[1]
PUNCTUATION = "，。、；：？！“”‘’（）《》〈〉【】「」『』…—～·％＋－＝×÷℃°←→↑↓☑☐✓✔★●○■□▲△◆◇"


def common_hanzi() -> str:
    """GB 2312 level 1: the 3,755 most common characters (rows 16-55 of the standard, by codec)."""
    out: list[str] = []
    for row in range(0xB0, 0xD8):
        for cell in range(0xA1, 0xFF):
            try:
                out.append(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:  # the unassigned end of row 55
                continue
    return "".join(out)


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def wanted_characters(banks: Path | None = None) -> str:
    """Every character the bundled font must hold, sorted."""
    from bot.pictures.labels import EN, ZH, cjk_characters

    texts: list[str] = [cjk_characters(ZH), cjk_characters(EN), common_hanzi(), PUNCTUATION]
    texts += [chr(c) for c in range(0x20, 0x7F)]
    for lang in ("zh", "en"):  # the catalogs' texts in the two languages the pictures draw (read as text)
        catalog = ROOT / "bot" / "locale" / lang / "LC_MESSAGES" / "studybot.po"
        if catalog.exists():
            texts.append(catalog.read_text(encoding="utf-8"))
    for path in sorted((banks or ROOT / "data" / "banks").glob("*.json")):
        texts += _strings(json.loads(path.read_text(encoding="utf-8")))
    return "".join(sorted({c for text in texts for c in text if c.isprintable() and ord(c) < 0x30000}))


def build_subset(source: Path, out: Path, chars: str, face: int = 0) -> Path:
    """Write the glyphs of `chars` found in `source` (a .ttf/.otf, or face `face` of a .ttc) to `out`."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), fontNumber=face, lazy=False)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "vert", "palt"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.hinting = False
    options.desubroutinize = True  # smaller here, and simpler for FreeType
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    names = font["name"]
    ps_name = BUNDLED_FAMILY.replace(" ", "") + "-Regular"
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(BUNDLED_FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{ps_name};subset", 3, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(ps_name, 6, record.platformID, record.platEncID, record.langID)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps_name]
        top = cff.topDictIndex[0]
        for attr in ("FullName", "FamilyName"):
            if hasattr(top, attr):
                setattr(top, attr, BUNDLED_FAMILY)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Rebuild the stats picture's bundled CJK font subset.")
    parser.add_argument("source", type=Path, help="a CJK font under the SIL Open Font License (.otf/.ttf/.ttc)")
    parser.add_argument("--face", type=int, default=0, help="the face of a .ttc collection (Noto CJK: 2 = SC)")
    parser.add_argument("--out", type=Path, default=BUNDLED_FONT)
    args = parser.parse_args(argv)
    chars = wanted_characters()
    build_subset(args.source, args.out, chars, args.face)
    print(f"{args.out}: {len(chars)} characters, {args.out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
