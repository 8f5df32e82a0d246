"""Spreadsheets made to yield far more than their size: rows whose cells point at one huge shared string
(an .xlsx keeps each distinct text once, in xl/sharedStrings.xml, and cells refer to it by number)."""

from __future__ import annotations

import io
import zipfile

_NS = "http://schemas.openxmlformats.org"
_TYPES = (
    f'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{_NS}/package/2006/content-types">'
    f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/sharedStrings.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
)
_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_NS}/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_NS}/officeDocument/2006/relationships/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{_NS}/spreadsheetml/2006/main" '
    f'xmlns:r="{_NS}/officeDocument/2006/relationships"><sheets>'
    '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{_NS}/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{_NS}/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{_NS}/officeDocument/2006/relationships/sharedStrings" '
    'Target="sharedStrings.xml"/></Relationships>'
)


def _inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def shared_string_bomb(chars: int, rows: int = 10, *, good_rows: int = 0) -> bytes:
    """A question sheet (题干 | A | B | 答案) whose first `rows` prompts are all one shared string of `chars`
    characters, then `good_rows` ordinary questions."""
    header = "".join(_inline(f"{c}1", t) for c, t in zip("ABCD", ["题干", "A", "B", "答案"], strict=True))
    body = [f'<row r="1">{header}</row>']
    for i in range(2, rows + 2):
        cells = (
            f'<c r="A{i}" t="s"><v>0</v></c>' + _inline(f"B{i}", "甲") + _inline(f"C{i}", "乙") + _inline(f"D{i}", "A")
        )
        body.append(f'<row r="{i}">{cells}</row>')
    for i in range(rows + 2, rows + 2 + good_rows):
        cells = "".join(
            _inline(f"{c}{i}", t) for c, t in zip("ABCD", [f"第{i}题是哪个？", "甲", "乙", "B"], strict=True)
        )
        body.append(f'<row r="{i}">{cells}</row>')
    sheet = (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_NS}/spreadsheetml/2006/main"><sheetData>'
        + "".join(body)
        + "</sheetData></worksheet>"
    )
    strings = (
        f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{_NS}/spreadsheetml/2006/main" count="{rows}" '
        f'uniqueCount="1"><si><t>{"题" * chars}</t></si></sst>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", _TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("xl/workbook.xml", _WORKBOOK)
        z.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
        z.writestr("xl/sharedStrings.xml", strings)
    return out.getvalue()
