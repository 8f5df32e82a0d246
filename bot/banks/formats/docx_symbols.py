"""What a Word run shows where its XML holds no plain character: symbol fonts and checkboxes.

- A symbol font (Wingdings, Wingdings 2, Symbol) draws a tick, a cross or a box for a letter or a
  private-use character: `w:sym w:font="Wingdings" w:char="F0FE"`, or a run in that font whose text is
  `þ` (0xFE). Each becomes the character it shows (☑).
- A checkbox content control (`w14:checkbox` in an `sdt`) and a legacy form checkbox (`FORMCHECKBOX`, its
  state in the field's `w:ffData`) become ☒ or ☐ by their state, whatever glyph the file last stored.
"""

from __future__ import annotations

from lxml import etree

from bot.banks.formats.docx_numbering import w

__all__ = ["CHECKBOX", "checkbox_runs", "form_checkbox", "sym_text", "symbol_font", "symbol_text"]

W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
CHECKBOX = f"{{{W14}}}checkbox"
# Symbol fonts' characters (as private-use code points) that mean a tick, a cross or a box.
_SYMBOLS = {
    "wingdings": {"F0FC": "✓", "F0FB": "✗", "F0FE": "☑", "F0FD": "☒", "F0A8": "☐", "F06F": "□", "F078": "☒"},
    "wingdings 2": {"F050": "✓", "F04F": "✗", "F052": "☑", "F054": "☒", "F0A3": "☐", "F0A2": "☐"},
    "symbol": {"F0D6": "√", "F0B4": "×"},
}
_ON = ("1", "true", "on")
_FONT_ATTRS = (w("ascii"), w("hAnsi"), w("eastAsia"), w("cs"))


def sym_text(sym: etree._Element) -> str:
    """A `w:sym` element as the character it shows; nothing for a private-use glyph of unknown meaning."""
    font = (sym.get(w("font")) or "").lower()
    code = (sym.get(w("char")) or "").upper()
    if code in _SYMBOLS.get(font, {}):
        return _SYMBOLS[font][code]
    try:
        value = int(code, 16)
    except ValueError:
        return ""
    return "" if 0xE000 <= value <= 0xF8FF else chr(value)


def symbol_font(rpr: etree._Element | None) -> str | None:
    """The symbol font a run's own properties set (`wingdings`), if any."""
    fonts = rpr.find(w("rFonts")) if rpr is not None else None
    if fonts is None:
        return None
    for attr in _FONT_ATTRS:
        if (name := (fonts.get(attr) or "").lower()) in _SYMBOLS:
            return name
    return None


def symbol_text(font: str, text: str) -> str:
    """Text typed in a symbol font: the ticks, crosses and boxes it draws; other characters as they are."""
    table = _SYMBOLS[font]
    out = []
    for c in text:
        code = ord(c)
        out.append(table.get(f"{(code & 0xFF) | 0xF000:04X}", c) if code < 0x100 or 0xF000 <= code <= 0xF0FF else c)
    return "".join(out)


def checkbox_runs(paragraph: etree._Element) -> dict[etree._Element, str]:
    """The runs of the paragraph's checkbox content controls -> ☒ or ☐ by the control's state (the first
    run of each control; its other runs -> nothing)."""
    out: dict[etree._Element, str] = {}
    for box in paragraph.iter(CHECKBOX):
        sdt = box.getparent().getparent() if box.getparent() is not None else None
        content = sdt.find(w("sdtContent")) if sdt is not None else None
        if content is None:
            continue
        state = box.find(f"{{{W14}}}checked")
        checked = state is not None and (state.get(f"{{{W14}}}val") or "1").lower() in _ON
        for i, run in enumerate(content.iter(w("r"))):
            out[run] = ("☒" if checked else "☐") if i == 0 else ""
    return out


def form_checkbox(field_char: etree._Element) -> str:
    """A legacy form checkbox (the `begin` fldChar of FORMCHECKBOX) as ☒ or ☐; other fields -> nothing."""
    box = field_char.find(f"{w('ffData')}/{w('checkBox')}")
    if box is None:
        return ""
    state = box.find(w("checked"))
    if state is None:
        state = box.find(w("default"))
        checked = state is not None and (state.get(w("val")) or "0").lower() in _ON
    else:
        checked = (state.get(w("val")) or "1").lower() in _ON
    return "☒" if checked else "☐"
