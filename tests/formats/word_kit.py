"""Building Word files for the tests with python-docx: real numbering definitions in numbering.xml
(python-docx has no API for them, so their XML is written here as Word writes it) and formatted runs."""

from __future__ import annotations

import io
from dataclasses import dataclass

import docx
from docx.enum.text import WD_COLOR_INDEX
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import RGBColor
from docx.text.paragraph import Paragraph

__all__ = ["Level", "Word"]


@dataclass(frozen=True)
class Level:
    fmt: str  # numFmt: decimal, chineseCounting, upperLetter, decimalEnclosedCircle …
    text: str  # lvlText: "%1.", "%1、", "（%1）"
    start: int = 1
    restart: int | None = None  # lvlRestart


class Word:
    """A document under construction."""

    def __init__(self) -> None:
        self.document = docx.Document()
        self.numbering = self.document.part.numbering_part.element
        self.next_abstract = 100
        self.next_num = 100

    def define(self, *levels: Level) -> int:
        """A list definition (w:abstractNum) with these levels; returns a list (w:num) that uses it."""
        abstract = self.next_abstract
        self.next_abstract += 1
        xml = [f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract}">', '<w:multiLevelType w:val="multilevel"/>']
        for ilvl, level in enumerate(levels):
            restart = f'<w:lvlRestart w:val="{level.restart}"/>' if level.restart is not None else ""
            xml.append(
                f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{level.start}"/>'
                f'<w:numFmt w:val="{level.fmt}"/>{restart}<w:lvlText w:val="{level.text}"/>'
                '<w:lvlJc w:val="left"/></w:lvl>'
            )
        xml.append("</w:abstractNum>")
        first_num = self.numbering.find(qn("w:num"))
        element = parse_xml("".join(xml))
        if first_num is not None:
            first_num.addprevious(element)  # the schema wants every abstractNum before the nums
        else:
            self.numbering.append(element)
        return self.instance(abstract)

    def instance(self, abstract: int, restart_at: int | None = None) -> int:
        """A new list (w:num) of definition `abstract`; `restart_at` restarts its first level there."""
        num = self.next_num
        self.next_num += 1
        override = (
            f'<w:lvlOverride w:ilvl="0"><w:startOverride w:val="{restart_at}"/></w:lvlOverride>'
            if restart_at is not None
            else ""
        )
        self.numbering.append(
            parse_xml(f'<w:num {nsdecls("w")} w:numId="{num}"><w:abstractNumId w:val="{abstract}"/>{override}</w:num>')
        )
        return num

    def abstract_of(self, num: int) -> int:
        for element in self.numbering.iterfind(qn("w:num")):
            if element.get(qn("w:numId")) == str(num):
                return int(element.find(qn("w:abstractNumId")).get(qn("w:val")))
        raise KeyError(num)

    def para(self, text: str = "", *, num: int | None = None, level: int = 0, style: str | None = None) -> Paragraph:
        paragraph = self.document.add_paragraph(style=style)
        if text:
            paragraph.add_run(text)
        if num is not None:
            numbered(paragraph, num, level)
        return paragraph

    def table(self, rows: list[list[str]]) -> None:
        table = self.document.add_table(rows=len(rows), cols=max(len(r) for r in rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                cell = table.cell(r, c)
                lines = text.split("\n")
                cell.paragraphs[0].add_run(lines[0])
                for line in lines[1:]:
                    cell.add_paragraph(line)

    def bytes(self) -> bytes:
        buffer = io.BytesIO()
        self.document.save(buffer)
        return buffer.getvalue()


def numbered(paragraph: Paragraph, num: int, level: int = 0) -> None:
    ppr = paragraph._p.get_or_add_pPr()
    ppr.append(parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr>'))


def run(
    paragraph: Paragraph,
    text: str,
    *,
    red: bool = False,
    dark_red: bool = False,
    high: bool = False,
    bold: bool = False,
    under: bool = False,
) -> None:
    r = paragraph.add_run(text)
    if red or dark_red:
        r.font.color.rgb = RGBColor(0xC0, 0, 0) if dark_red else RGBColor(0xFF, 0, 0)
    if high:
        r.font.highlight_color = WD_COLOR_INDEX.YELLOW
    if bold:
        r.bold = True
    if under:
        r.underline = True


def checkbox(paragraph: Paragraph, checked: bool, glyph: str | None = None) -> None:
    """A checkbox content control as Word writes it (w14:checkbox); `glyph` is the character the file
    stores in it, which a tool may have left stale (Word itself writes ☒ or ☐)."""
    shown = glyph or ("☒" if checked else "☐")
    w14 = 'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"'
    paragraph._p.append(
        parse_xml(
            f"<w:sdt {nsdecls('w')} {w14}><w:sdtPr><w14:checkbox>"
            f'<w14:checked w14:val="{int(checked)}"/>'
            '<w14:checkedState w14:val="2612" w14:font="MS Gothic"/>'
            '<w14:uncheckedState w14:val="2610" w14:font="MS Gothic"/>'
            "</w14:checkbox></w:sdtPr><w:sdtContent>"
            f'<w:r><w:rPr><w:rFonts w:ascii="MS Gothic" w:eastAsia="MS Gothic" w:hAnsi="MS Gothic"/></w:rPr>'
            f"<w:t>{shown}</w:t></w:r></w:sdtContent></w:sdt>"
        )
    )


def form_checkbox(paragraph: Paragraph, checked: bool) -> None:
    """A legacy form field checkbox (FORMCHECKBOX): no character at all, its state in w:ffData."""
    state = "<w:checked/>" if checked else ""
    for xml in (
        '<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Check1"/><w:enabled/>'
        f'<w:calcOnExit w:val="0"/><w:checkBox><w:sizeAuto/><w:default w:val="0"/>{state}</w:checkBox>'
        "</w:ffData></w:fldChar></w:r>",
        '<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r>',
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
    ):
        paragraph._p.append(parse_xml(xml.replace("<w:r>", f"<w:r {nsdecls('w')}>", 1)))


def symbol_run(paragraph: Paragraph, text: str, font: str = "Wingdings") -> None:
    """Text typed in a symbol font (`þ` in Wingdings shows a ticked box)."""
    r = paragraph.add_run(text)
    r.font.name = font


__all__ += ["checkbox", "form_checkbox", "numbered", "run", "symbol_run"]
