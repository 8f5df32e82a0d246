"""Word files (.docx) as Word shows them: list numbers restored, keys marked by formatting kept, tables read.

Every paragraph becomes one text line for the text reader, in document order (paragraphs inside table
cells included), so line N of a report is the document's N-th paragraph; a row of a table read as
questions or as keys counts as one line. On each line:
- Word's automatic list number comes first (`1.`, `一、`, `A.`, `（1）`, from numbering.xml), and a
  heading's outline level as Markdown `#`;
- runs in red, highlighted, bold or underlined are written in the small markup the text reader
  understands (`<font color="red">`, `<mark>`, `<b>`, `<u>`), so that an option marked that way is
  the key where no key line exists; literal `<`, `>` and `&` are escaped;
- a line break inside a paragraph is `<br>` (the parts keep the paragraph's line number);
- deleted (tracked) and hidden text, field codes and text boxes are left out;
- a paragraph holding only a picture is the placeholder line `[图片]`, a figure the text does not carry.

Tables: a table whose header names its columns (题目, 选项, 答案 …) is a question table, read row by row
like a spreadsheet; a table of keys whose header names only its number, answer and explanation columns
becomes the key block it stands for (`答案：`, then `21. A 解析：…`), and so does one labelled in the
document's own words (`Questão | 01 | 02` over `Resposta | B | C`, `bot.banks.formats.key_tables`); any
other table of keys by number Markdown table rows; a question laid
out in a table (label cells such as 题目 / A / 答案 beside their content) becomes the lines it stands for;
any other table is read cell by cell.

Notes of short-answer questions (no numbers, no options; each question a short paragraph set wholly in red
or highlighted, its answer the plain paragraphs after it) are written as the numbered, tagged questions and
labelled answers they stand for, each answer on its first paragraph's line.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from bot.banks.conventions.shapes import answer_heading
from bot.banks.formats.boxes import BOXES, Chars, ticked_items
from bot.banks.formats.docx_numbering import Numbering, to_int, w
from bot.banks.formats.docx_symbols import CHECKBOX, checkbox_runs, form_checkbox, sym_text, symbol_font, symbol_text
from bot.banks.formats.extracted import Extracted
from bot.banks.formats.key_tables import bare_key, key_block
from bot.banks.issues import DocumentError
from bot.banks.questions.draft import Convention
from bot.banks.sheets.content import plan_columns
from bot.banks.sheets.table import Row, Table, column_role, find_header

__all__ = ["read_docx"]

M = "http://schemas.openxmlformats.org/officeDocument/2006/math"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_SKIPPED = {w("del"), w("moveFrom"), w("txbxContent"), f"{{{MC}}}Fallback"}
_MARKUP = (
    ("red", '<font color="red">', "</font>"),
    ("high", "<mark>", "</mark>"),
    ("bold", "<b>", "</b>"),
    ("under", "<u>", "</u>"),
)
# Tags looked up for every run, made once.
_P, _R, _RPR, _RSTYLE, _SYM, _T = w("p"), w("r"), w("rPr"), w("rStyle"), w("sym"), w("t")
_FLD_CHAR = w("fldChar")
_MATH_TEXT = f"{{{M}}}t"
_VAL = w("val")
_TEXT_OF = {w("t"): None, w("tab"): "\t", w("br"): "\n", w("cr"): "\n", w("noBreakHyphen"): "-"}
_NONE: frozenset[str] = frozenset()


# -- styles: what a run inherits ------------------------------------------------------------------------------
def _on(element: etree._Element | None) -> bool | None:
    if element is None:
        return None
    return element.get(w("val"), "true").lower() not in ("0", "false", "off", "none")


_PROP = {
    w("color"): "color",
    w("highlight"): "highlight",
    w("shd"): "shade",
    w("b"): "b",
    w("u"): "u",
    w("vanish"): "vanish",
}


def _props(rpr: etree._Element | None) -> dict[str, object]:
    """The formatting an rPr sets (only what it sets, so layers can be merged)."""
    out: dict[str, object] = {}
    if rpr is None:
        return out
    for child in rpr:
        name = _PROP.get(child.tag)
        if name == "color":
            out["color"] = child.get(w("val"), "auto")
        elif name == "highlight":
            out["highlight"] = child.get(w("val"), "none") != "none"
        elif name == "shade":
            out["shade"] = (child.get(w("fill")) or "auto").upper() not in ("AUTO", "FFFFFF", "")
        elif name is not None:
            out[name] = _on(child)
    return out


def _red(color: object) -> bool:
    if not isinstance(color, str) or not re.fullmatch(r"[0-9A-Fa-f]{6}", color):
        return False
    r, g, b = (int(color[i : i + 2], 16) for i in (0, 2, 4))
    return r >= 0x99 and g <= 0x50 and b <= 0x60


class _Styles:
    def __init__(self, styles: etree._Element | None) -> None:
        self.by_id: dict[str, etree._Element] = {}
        self.default_paragraph: str | None = None
        self.defaults: dict[str, object] = {}
        self.cache: dict[tuple[str | None, str | None], dict[str, object]] = {}
        if styles is None:
            return
        for style in styles.iterfind(w("style")):
            sid = style.get(w("styleId")) or ""
            self.by_id[sid] = style
            if style.get(w("type")) == "paragraph" and style.get(w("default")) in ("1", "true", "on"):
                self.default_paragraph = sid
        self.defaults = _props(styles.find(f"{w('docDefaults')}/{w('rPrDefault')}/{w('rPr')}"))

    def chain(self, sid: str | None) -> list[etree._Element]:
        """The style and those it is based on, the base first."""
        out: list[etree._Element] = []
        while sid and sid in self.by_id and len(out) < 20:
            style = self.by_id[sid]
            if style in out:
                break
            out.append(style)
            based = style.find(w("basedOn"))
            sid = based.get(w("val")) if based is not None else None
        return out[::-1]

    def run(self, pstyle: str | None, rstyle: str | None) -> dict[str, object]:
        key = (pstyle, rstyle)
        if key not in self.cache:
            props = dict(self.defaults)
            for style in self.chain(pstyle or self.default_paragraph) + self.chain(rstyle):
                props.update(_props(style.find(w("rPr"))))
            self.cache[key] = props
        return self.cache[key]

    def numbering(self) -> dict[str, tuple[str, int | None]]:
        """Paragraph style -> (numId, ilvl) for styles that number their paragraphs (List Number, 标题 1…)."""
        out: dict[str, tuple[str, int | None]] = {}
        for sid in self.by_id:
            num_id, ilvl = None, None
            for style in self.chain(sid):
                numpr = style.find(f"{w('pPr')}/{w('numPr')}")
                if numpr is None:
                    continue
                if (n := numpr.find(w("numId"))) is not None:
                    num_id = n.get(w("val"))
                if (lv := numpr.find(w("ilvl"))) is not None:
                    ilvl = to_int(lv.get(w("val")), 0)
            if num_id is not None:
                out[sid] = (num_id, ilvl)
        return out

    def outline(self, sid: str | None) -> int | None:
        level = None
        for style in self.chain(sid):
            if (o := style.find(f"{w('pPr')}/{w('outlineLvl')}")) is not None:
                level = to_int(o.get(w("val")), 9)
        return level if level is not None and level < 9 else None


# -- paragraphs --------------------------------------------------------------------------------------------
@dataclass
class _Line:
    markup: str  # for the text reader
    plain: str  # the text alone (for table cells read as a sheet)


def _marks(props: dict[str, object]) -> frozenset[str]:
    out = set()
    if _red(props.get("color")):
        out.add("red")
    if props.get("highlight") or props.get("shade"):
        out.add("high")
    if props.get("b"):
        out.add("bold")
    if props.get("u"):
        out.add("under")
    return frozenset(out)


# A picture in a paragraph: a DrawingML picture's image (a:blip), a VML image, an embedded object (an
# equation or chart drawn as one). A text box's drawing holds no image and is no picture.
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_V = "urn:schemas-microsoft-com:vml"
_PICTURES = (f"{{{_A}}}blip", f"{{{_V}}}imagedata", w("object"))
PICTURE_LINE = "[图片]"  # the placeholder the text reader takes for a figure the text does not carry


def _holds_picture(paragraph: etree._Element) -> bool:
    return any(not _skipped(e, paragraph) for e in paragraph.iter(*_PICTURES))


def _skipped(element: etree._Element, paragraph: etree._Element) -> bool:
    """Deleted or moved-away text, a text box, the fallback copy of a drawing, another paragraph's run."""
    parent = element.getparent()
    while parent is not None and parent is not paragraph:
        if parent.tag in _SKIPPED or parent.tag == _P:
            return True
        parent = parent.getparent()
    return False


def _run_text(run: etree._Element, font: str | None) -> list[str]:
    """The run's text pieces; a line break is its own piece, '\n'. `font`: the symbol font it is set in."""
    out: list[str] = []
    for child in run:
        tag = child.tag
        if tag in _TEXT_OF:
            text = _TEXT_OF[tag] or child.text or ""
            out.append(symbol_text(font, text) if font and tag == _T else text)
        elif tag == _SYM:
            out.append(sym_text(child))
        elif tag == _FLD_CHAR:
            out.append(form_checkbox(child))
    return out


class _Document:
    def __init__(self, styles: _Styles, numbering: Numbering) -> None:
        self.styles, self.numbering = styles, numbering
        self.numbered = 0  # paragraphs given a list number
        self.checkboxes = False  # the document has checkbox content controls

    def paragraph(self, p: etree._Element) -> _Line:
        ppr = p.find(w("pPr"))
        pstyle = None
        num_id: str | None = None
        ilvl: int | None = None
        outline: int | None = None
        if ppr is not None:
            if (s := ppr.find(w("pStyle"))) is not None:
                pstyle = s.get(w("val"))
            if (numpr := ppr.find(w("numPr"))) is not None:
                if (n := numpr.find(w("numId"))) is not None:
                    num_id = n.get(w("val"))
                if (lv := numpr.find(w("ilvl"))) is not None:
                    ilvl = to_int(lv.get(w("val")), 0)
            if (o := ppr.find(w("outlineLvl"))) is not None:
                outline = to_int(o.get(w("val")), 9)
        if outline is None:
            outline = self.styles.outline(pstyle)
        pieces: list[tuple[str, frozenset[str]]] = []
        boxes = checkbox_runs(p) if self.checkboxes else {}
        empty = 0  # runs in a row that hold nothing (no text, only properties)
        for element in p.iter(_R, _MATH_TEXT):
            if element.getparent() is not p and _skipped(element, p):
                continue
            if element.tag == _R and all(child.tag == _RPR for child in element):
                empty += 1
                continue
            if empty >= _EMPTY_BLANK and pieces:  # a blank some programs write as empty runs, one per "_"
                pieces.append(("____", _NONE))
            empty = 0
            if element.tag == _MATH_TEXT:  # an equation's text, as it reads
                pieces.append((element.text or "", _NONE))
                continue
            if element in boxes:  # a checkbox content control: its state, not its stored glyph
                pieces.append((boxes[element], _NONE))
                continue
            rpr = element.find(_RPR)
            rstyle_element = rpr.find(_RSTYLE) if rpr is not None else None
            rstyle = rstyle_element.get(_VAL) if rstyle_element is not None else None
            props = {**self.styles.run(pstyle, rstyle), **_props(rpr)}
            if props.get("vanish"):
                continue
            marks = _marks(props)
            pieces.extend((text, marks if text != "\n" else _NONE) for text in _run_text(element, symbol_font(rpr)))
        if empty >= _EMPTY_BLANK and pieces:
            pieces.append(("____", _NONE))
        if not "".join(text for text, _ in pieces).strip() and _holds_picture(p):
            pieces = [(PICTURE_LINE, _NONE)]  # a figure alone on its line: said, so a question needing it is known
        label, suffix = self.numbering.label(num_id, ilvl, pstyle)
        self.numbered += bool(label)
        prefix = (label + suffix) if label else ""
        if outline is not None and outline < 6:
            prefix = "#" * (outline + 1) + " " + prefix
        return _compose(prefix, pieces)


_BOXED = re.compile(f"[{BOXES}✓✔√]")
_EMPTY_BLANK = 3
# A tab standing for a blank: after a word, right before sentence punctuation (`化学式为<TAB>，`)
_TAB_BLANK = re.compile(r"(?<=\S)[ \u3000]*\t[ \t\u3000]*(?=[。，；、？！：])")
_LABEL = re.compile(r"(?:^|(?<=\s))[(（]?([A-H])\s*[.．、:：)）]")


def _compose(prefix: str, pieces: list[tuple[str, frozenset[str]]]) -> _Line:
    if all(not marks for _, marks in pieces):  # most paragraphs: plain text, nothing to look at
        plain = "".join(text for text, _ in pieces)
        if "\t" in plain:
            plain = _TAB_BLANK.sub("____", plain)
        if not _BOXED.search(plain):
            markup = html.escape(prefix + plain, quote=False).replace("\n", "<br>")
            return _Line(markup, prefix + plain)
    chars: Chars = ticked_items([(c, marks) for text, marks in pieces for c in text])
    box = ""
    if prefix and "".join(c for c, _ in chars[:6]) in ("- [x] ", "- [ ] "):  # the list number after the box
        box, chars = "".join(c for c, _ in chars[:6]), chars[6:]
    chars = _labels_marked(_underlined_blanks(_tab_blanks(chars)))
    plain = "".join(c for c, _ in chars)
    out = _markup(chars)
    markup = box + html.escape(prefix, quote=False) + out
    return _Line(markup, box + prefix + plain)


_TAGS = {name: (opening, closing) for name, opening, closing in _MARKUP}


def _markup(chars: Chars) -> str:
    """The text with its marks as tags. A mark is one span as long as it lasts, even where another mark
    starts or ends inside it (`<u>新疆<b>维吾尔</b>自治区</u>`): the reader sees one underlined answer,
    one red option. Spaces alone open no mark; a line break closes them all."""
    segments: list[tuple[str, frozenset[str]]] = []
    for c, marks in chars:
        if segments and c != "\n" and segments[-1][0] != "\n" and segments[-1][1] == marks:
            segments[-1] = (segments[-1][0] + c, marks)
        else:
            segments.append((c, marks))
    out: list[str] = []
    stack: list[str] = []  # open marks, the outermost first
    for i, (text, marks) in enumerate(segments):
        if text == "\n" or not text.strip():
            after = next((m for t, m in segments[i + 1 :] if t == "\n" or t.strip()), _NONE)
            marks = marks & after if text != "\n" else _NONE  # spaces keep only marks that go on after them
            marks = frozenset(m for m in marks if m in stack)
        keep = next((k for k, name in enumerate(stack) if name not in marks), len(stack))
        out.extend(_TAGS[name][1] for name in reversed(stack[keep:]))
        del stack[keep:]
        new = [name for name, _, _ in _MARKUP if name in marks and name not in stack]
        new.sort(key=lambda name: -_lasting(segments, i, name))  # the longest-lasting outermost
        out.extend(_TAGS[name][0] for name in new)
        stack += new
        out.append("<br>" if text == "\n" else html.escape(text, quote=False))
    out.extend(_TAGS[name][1] for name in reversed(stack))
    return "".join(out)


def _lasting(segments: list[tuple[str, frozenset[str]]], start: int, name: str) -> int:
    """How many characters from segment `start` on carry the mark `name` without a break."""
    total = 0
    for text, marks in segments[start:]:
        if text == "\n" or (name not in marks and text.strip()):
            break
        total += len(text)
    return total


def _tab_blanks(chars: Chars) -> Chars:
    """Tabs standing for a blank (`_TAB_BLANK`) -> `____`."""
    text = "".join(c for c, _ in chars)
    if "\t" not in text:
        return chars
    out: Chars = []
    last = 0
    for m in _TAB_BLANK.finditer(text):
        out += chars[last : m.start()] + [("_", _NONE)] * 4
        last = m.end()
    return out + chars[last:]


def _underlined_blanks(chars: Chars) -> Chars:
    """Underlined spaces or tabs are the blank of a fill-in as Word users draw it: `____` for the reader."""
    out: Chars = []
    i = 0
    while i < len(chars):
        j = i
        while j < len(chars) and chars[j][0] in " \t\u3000\xa0" and "under" in chars[j][1]:
            j += 1
        if j - i >= 2 or (j > i and chars[i][0] in "\u3000\t"):
            out.extend(("_", chars[i][1] - {"under"}) for _ in range(4))
            i = j
        else:
            out.append(chars[i])
            i += 1
    return out


def _labels_marked(chars: Chars) -> Chars:
    """An option whose letter alone is marked (`<red>B</red>. 刑法`): the mark covers the option."""
    text = "".join(c for c, _ in chars)
    labels = list(_LABEL.finditer(text))
    if not labels:
        return chars
    out = list(chars)
    for label, nxt in zip(labels, [*labels[1:], None], strict=True):
        end = nxt.start() if nxt else len(text)
        if "\n" in text[label.end() : end]:
            end = text.index("\n", label.end())
        letter = chars[label.start(1)][1]
        body = [m for c, m in chars[label.end() : end] if not c.isspace()]
        extra = frozenset(m for m in letter if body and not any(m in b for b in body))
        if extra:
            for k in range(label.start(), end):
                out[k] = (out[k][0], out[k][1] | extra)
    return out


# -- tables ------------------------------------------------------------------------------------------------
_LABELS = {
    "stem": re.compile(r"^(?:题目|题干|试题|问题|题目内容|试题内容|question)$", re.I),
    "options": re.compile(r"^(?:选项|备选项|options|choices)$", re.I),
    "key": re.compile(r"^(?:答案|正确答案|参考答案|标准答案|answer|key)$", re.I),
    "explanation": re.compile(r"^(?:解析|答案解析|分析|explanation)$", re.I),
    "type": re.compile(r"^(?:题型|类型|type)$", re.I),
    "number": re.compile(r"^(?:题号|序号|编号|no\.?)$", re.I),
}
_OPTION_LABEL = re.compile(r"^(?:选项)?\s*([A-H])\s*[.．、:：)）]?$")
_NUMBERED = re.compile(r"^\s*\d{1,4}\s*[.、．]")


def _label(text: str) -> str | None:
    t = re.sub(r"[\s:：]+", "", text)
    for role, pattern in _LABELS.items():
        if pattern.match(t):
            return role
    if m := _OPTION_LABEL.match(t):
        return "option:" + m.group(1)
    return None


@dataclass
class _Cell:
    lines: list[_Line]

    @property
    def plain(self) -> str:
        return "\n".join(line.plain for line in self.lines).strip()


class _Body:
    def __init__(self, document: _Document) -> None:
        self.document = document
        self.lines: list[str] = []
        self.tables: list[Table] = []
        self.laid_out = 0  # questions laid out in label tables, numbered in order

    def block(self, element: etree._Element) -> None:
        tag = element.tag
        if tag == w("p"):
            self.lines.append(self.document.paragraph(element).markup)
        elif tag == w("tbl"):
            self.table(element)
        elif tag in (w("sdt"), w("customXml"), w("sdtContent"), w("body")):
            content = element.find(w("sdtContent")) if tag == w("sdt") else element
            for child in content if content is not None else []:
                self.block(child)

    def cells(self, tbl: etree._Element) -> list[list[_Cell]]:
        rows: list[list[_Cell]] = []
        for tr in tbl.iterfind(w("tr")):
            row: list[_Cell] = []
            for tc in tr.iterfind(w("tc")):
                merge = tc.find(f"{w('tcPr')}/{w('vMerge')}")
                lines = self.cell_lines(tc)
                if merge is not None and merge.get(w("val"), "continue") == "continue":
                    lines = []  # the lower part of a vertically merged cell: its text is above
                row.append(_Cell(lines))
            rows.append(row)
        return rows

    def cell_lines(self, tc: etree._Element) -> list[_Line]:
        out: list[_Line] = []
        for child in tc:
            if child.tag == w("p"):
                out.append(self.document.paragraph(child))
            elif child.tag == w("tbl"):
                for row in self.cells(child):
                    for cell in row:
                        out.extend(cell.lines)
            elif child.tag in (w("sdt"), w("customXml")):
                content = child.find(w("sdtContent")) if child.tag == w("sdt") else child
                for p in content.iter(w("p")) if content is not None else []:
                    out.append(self.document.paragraph(p))
        return out

    def table(self, tbl: etree._Element) -> None:
        rows = self.cells(tbl)
        plain = [[c.plain for c in row] for row in rows]
        first = len(self.lines) + 1
        table = Table([Row(first + i, cells) for i, cells in enumerate(plain)])
        if _labelled(plain):
            self.lines.extend(self.laid_out_lines(rows))
        elif find_header(table) is not None:
            self.tables.append(table)
            self.lines.extend("" for _ in rows)  # each row stands for one line of the document
        elif (keyed := _key_lines(plain)) is not None:
            self.lines.extend(keyed)
        elif (block := key_block(plain, texts=True)) is not None:  # keys by number under a header of any words
            self.untitled()
            self.lines.extend(block)
        elif _key_grid(plain):
            self.lines.extend(
                "| " + " | ".join(c.replace("\n", " ").replace("|", "｜") for c in cells) + " |" for cells in plain
            )
        elif (plan := plan_columns(table)) is not None and (plan[0].options or plan[0].options_cell is not None):
            # columns that hold choice questions (`№ | Вопрос | А | Б | Ответ`); a table of verdicts stays text
            self.tables.append(table)
            self.lines.extend("" for _ in rows)
        else:
            for row in rows:
                for cell in row:
                    self.lines.extend(line.markup for line in cell.lines)

    def untitled(self) -> None:
        """The paragraph just above a table of keys that titles it (`Clave de respuestas`, `Ответы`) left
        blank: the table's own `答案：` label opens its key block, and the title, read as a line of text, would
        close the last question's last option (`c) Cuzco Clave de respuestas`)."""
        at = next((i for i in range(len(self.lines) - 1, -1, -1) if self.lines[i].strip()), None)
        if at is not None and answer_heading(re.sub(r"<[^<>]+>", "", self.lines[at])):
            self.lines[at] = ""

    def laid_out_lines(self, rows: list[list[_Cell]]) -> list[str]:
        """A question laid out in a table: `题目 | …`, `A | …`, `答案 | …` rows -> the lines they stand for,
        one line per row (a cell's paragraphs joined by `<br>`, which keeps the row's line number)."""
        out: list[str] = []
        number = kind = ""
        for row in rows:
            filled = [c for c in row if c.plain]
            role = _label(filled[0].plain) if len(filled) >= 2 else None
            body = "<br>".join(line.markup for c in filled[1:] for line in c.lines) if role else ""
            line = ""
            if role == "number":
                number = filled[1].plain.rstrip(".、．")
            elif role == "type":
                kind = f"【{filled[1].plain}】"
            elif role == "stem":
                self.laid_out += 1
                line = body if _NUMBERED.match(filled[1].plain) else f"{number or self.laid_out}. {kind}{body}"
                number = kind = ""
            elif role == "options":
                line = body
            elif role and role.startswith("option:"):
                line = f"{role[-1]}. {body}"
            elif role == "key":
                line = "答案：" + body
            elif role == "explanation":
                line = "解析：" + body
            elif filled:
                line = "<br>".join(text.markup for c in filled for text in c.lines)
            out.append(line)
        return out


def _key_lines(rows: list[list[str]]) -> list[str] | None:
    """A table of keys under a header naming its number and answer columns (`題號 | 答案 | 解析`), one row
    per question: the key lines it stands for, its header a `答案：` label, so that the keys after each
    section are a key block whatever the line above the table calls them; None for any other table."""
    if len(rows) < 3:
        return None
    roles = [column_role(c) for c in rows[0]]
    if "number" not in roles or "key" not in roles or any(r not in ("number", "key", "explanation") for r in roles):
        return None
    if len(set(roles)) != len(roles):
        return None
    at = {role: i for i, role in enumerate(roles) if role}
    out = ["答案："]
    for cells in rows[1:]:
        value = {role: (cells[i] if i < len(cells) else "").replace("\n", " ").strip() for role, i in at.items()}
        if not any(value.values()):
            out.append("")
            continue
        # a number and a short key on every row: a longer answer would be a question's text, not a key
        if not re.fullmatch(r"\d{1,4}", value["number"]) or not 0 < len(value["key"]) <= 12:
            return None
        note = value.get("explanation", "")
        out.append(f"{value['number']}. {bare_key(value['key'])}" + (f" 解析：{note}" if note else ""))
    return out


def _key_grid(rows: list[list[str]]) -> bool:
    """A table of keys by number: a row of numbers (`题号 | 1 | 2 | 3`), or rows starting with a number
    beside a short key (`1 | A`)."""
    for cells in rows:
        rest = [c for c in cells[1:] if c]
        if len(rest) >= 2 and all(re.fullmatch(r"\d{1,4}", c) for c in rest):
            return True
    numbered = [cells for cells in rows if len(cells) >= 2 and re.fullmatch(r"\d{1,4}", cells[0].strip())]
    return len(rows) >= 2 and len(numbered) >= 0.8 * len(rows) and all(len(c[1]) <= 12 for c in numbered)


def _labelled(rows: list[list[str]]) -> bool:
    """A question laid out down the table: most rows start with a label (题目, A, 答案 …), one of them 题目."""
    labels = [_label(cells[0]) for cells in rows if len([c for c in cells if c]) >= 2]
    answers = any(lb in ("key", "options") or (lb or "").startswith("option:") for lb in labels)
    return "stem" in labels and answers and sum(lb is not None for lb in labels) * 5 >= len(labels) * 3


def read_docx(path: Path) -> Extracted:
    """The paragraphs and tables of a .docx, as the text reader and the table reader take them."""
    import docx  # python-docx; imported here so plain-text imports don't pay for it

    try:
        document = docx.Document(str(path))
        styles_part = document.part.styles.element if _has_part(document, "styles") else None
        numbering_part = document.part.numbering_part.element if _has_part(document, "numbering") else None
    except Exception as exc:  # python-docx raises several unrelated types for a broken file
        raise DocumentError(path.name, 0, f"不是有效的 .docx 文件：{exc}", f"not a valid .docx file: {exc}") from exc
    styles = _Styles(_plain(styles_part))
    body = _Body(_Document(styles, Numbering(_plain(numbering_part), styles.numbering())))
    xml_body = _plain(document.element.body)
    body.document.checkboxes = next(xml_body.iter(CHECKBOX), None) is not None
    body.block(xml_body)
    conventions = []
    if body.document.numbered:
        conventions.append(Convention("编号：Word 自动编号", "Word's automatic list numbers"))
    lines = body.lines
    if (titled := _titled_notes(lines)) is not None:
        lines = titled
        conventions.append(
            Convention(
                "题目：整段标色的标题，其后各段为参考答案",
                "questions: titles set wholly in a colour, the paragraphs after them their reference answers",
            )
        )
    return Extracted(text="\n".join(lines), tables=body.tables, conventions=conventions)


# -- notes of questions titled in a colour ---------------------------------------------------------------------
# A paragraph set wholly in one mark (`<font color="red">指针和引用的区别</font>`), nothing else marked in it
_WHOLLY_MARKED = re.compile(r"^\s*(<font color=\"red\">|<mark>)((?:(?!<).)+)(?:</font>|</mark>)\s*$")
_TITLE_END = re.compile(r"[：:。.;；，,、]\s*$")
_OPTION_LINE = re.compile(r"^\s*(?:<[^>]+>)*\s*[(（]?[A-H]\s*[.．、:：)）]")
_URL_ONLY = re.compile(r"^\s*(?:<[^>]+>)*\s*https?://\S+\s*(?:<[^>]+>)*\s*$")
_LINE_NUMBERED = re.compile(r"^\s*(?:#+\s*)?(?:\d{1,4}|[一二三四五六七八九十]+)\s*[.、．]")


def _titled_notes(lines: list[str]) -> list[str] | None:
    """Interview notes and study sheets: no numbered questions, no options, each question a short
    paragraph set wholly in a colour (or highlighted) and its reference answer the plain paragraphs after
    it. The lines as the text reader reads such a bank: each title numbered and tagged a short-answer
    question, its first answer paragraph labelled the reference answer (an answer that is only a link is
    no answer: its question is left out). None for any other document, where a coloured paragraph may be a
    key (three such titles at least, each followed by its answer)."""
    if any(_OPTION_LINE.match(line) for line in lines):
        return None  # coloured text among options marks keys
    titles = [i for i, line in enumerate(lines) if _note_title(line)]
    if len(titles) < 3 or any(_LINE_NUMBERED.match(lines[i]) for i in titles):
        return None
    out = list(lines)
    for n, (i, nxt) in enumerate(zip(titles, [*titles[1:], len(lines)], strict=True), start=1):
        body = [j for j in range(i + 1, nxt) if lines[j].strip() and lines[j].strip() != "<br>"]
        if not body:
            return None  # a title without an answer under it: not this layout
        m = _WHOLLY_MARKED.match(lines[i])
        out[i] = f"{n}．【简答题】{m.group(2).strip() if m else lines[i]}"
        if not all(_URL_ONLY.match(lines[j]) for j in body):
            out[body[0]] = "参考答案：" + " ".join(lines[j].strip() for j in body)
            for j in range(body[0] + 1, nxt):
                out[j] = ""  # joined above: a numbered point of the answer (`1、…`) is no new question
    return out


def _note_title(line: str) -> bool:
    m = _WHOLLY_MARKED.match(line)
    if m is None:
        return False
    text = html.unescape(m.group(2)).strip()
    return 2 <= len(text) <= 40 and not _TITLE_END.search(text) and not re.match(r"^https?://", text)


def _plain(element: etree._Element | None) -> etree._Element | None:
    """The XML as plain lxml elements: python-docx's element classes are slow to walk paragraph by paragraph."""
    return None if element is None else etree.fromstring(etree.tostring(element))


def _has_part(document: object, name: str) -> bool:
    rels = document.part.rels.values()  # type: ignore[attr-defined]
    return any(rel.reltype.endswith("/" + name) for rel in rels)
