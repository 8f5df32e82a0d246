"""Spreadsheets: .xlsx workbooks (openpyxl, read-only) and .csv files (UTF-8 with or without BOM, GB18030).

Each worksheet is a question table (`bot.banks.sheets.table`); its rows keep their numbers, so a report's
line 12 is the sheet's row 12. A CSV's rows are its records (a cell holding line breaks is one row).
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import re
import zipfile
from collections import Counter
from pathlib import Path

from bot.banks.formats.decode import decode_bytes
from bot.banks.formats.extracted import Extracted
from bot.banks.issues import DocumentError
from bot.banks.limits import TextBudget
from bot.banks.questions.draft import Convention, SheetNote
from bot.banks.sheets.content import content_key_table
from bot.banks.sheets.layouts import readable
from bot.banks.sheets.option_sheet import join_option_sheet
from bot.banks.sheets.table import Row, Table, key_table, legend_codes

__all__ = ["cell_text", "read_csv", "read_xlsx"]

_DELIMITERS = (",", "\t", ";", "|")
_SEP_LINE = re.compile(r"^sep=([,\t;|])[ \t]*(?=\r?\n)")


def cell_text(value: object) -> str:
    """A cell's value as the sheet shows it: 1.0 -> '1', TRUE -> '对'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "对" if value else "错"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time(0):
        return value.date().isoformat()
    return str(value).replace("\r\n", "\n").replace("\r", "\n").replace("_x000D_", "")


def read_xlsx(path: Path, budget: TextBudget | None = None) -> Extracted:
    """Every worksheet: the question tables to read, and a note for each sheet saying what it is (a legend
    of kind codes, an answer sheet, hidden, empty); the question tables' notes are written as they are read
    (`bot.banks.combine`). `budget` counts the cells' text as it is read (many cells can point at one huge
    shared string)."""
    import openpyxl  # imported here so text imports don't pay for it
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise DocumentError(path.name, 0, f"不是有效的 .xlsx 文件：{exc}", f"not a valid .xlsx file: {exc}") from exc
    tables: list[Table] = []
    notes: dict[str, SheetNote] = {}
    try:
        for sheet in workbook.worksheets:
            if getattr(sheet, "sheet_state", "visible") != "visible":
                # hidden sheets hold a template's lists of choices, not questions
                notes[sheet.title] = SheetNote(
                    sheet.title, False, "隐藏，未读取", "hidden; not read", shown=False, hidden=True
                )
                continue
            sheet.reset_dimensions()  # the stored size is often wrong; read until the last row
            rows = [
                Row(number, [_counted(c.value, budget) for c in cells], _marked(cells))
                for number, cells in enumerate(sheet.iter_rows(min_row=1), start=1)
            ]
            notes[sheet.title] = SheetNote(sheet.title, False)
            tables.append(Table(rows, name=sheet.title))
    finally:
        workbook.close()
    filled = [t for t in tables if any(c.strip() for r in t.rows for c in r.cells)]
    for t in tables:
        if not any(c.strip() for r in t.rows for c in r.cells):
            notes[t.name or ""] = SheetNote(t.name or "", False, "空白", "empty", shown=False)
    extracted = Extracted()
    extracted.tables = _joined(filled, extracted, notes)
    extracted.sheets = list(notes.values())
    extracted.sections_from_names = sum(readable(t) for t in extracted.tables) > 1
    return extracted


def _counted(value: object, budget: TextBudget | None) -> str:
    if budget is not None and isinstance(value, str):
        budget.add(len(value))  # before the cell's text is copied
    return cell_text(value)


def _joined(tables: list[Table], extracted: Extracted, notes: dict[str, SheetNote]) -> list[Table]:
    """The sheets to read as questions, a legend of kind codes and an answer sheet joined to them: a sheet
    that explains the codes of the others' kind column (`1 | 单选题`), a sheet of keys by the question
    numbers of the one question sheet (also one whose only lack is its keys), a sheet of the options of
    another's questions by their ids."""
    tables = _options_joined(tables, extracted, notes)
    questions = [t for t in tables if readable(t)]
    others = [t for t in tables if not any(t is q for q in questions)]
    legends = [(t, codes) for t in others if (codes := legend_codes(t))]
    answers = [(t, keys) for t in others if (keys := key_table(t) or content_key_table(t))]
    if legends:  # kind codes (1, 2, 3) that a legend sheet of the workbook explains
        legend, codes = legends[0]
        for table in [*questions, *others]:
            table.kind_codes = codes
        others = [t for t in others if t is not legend]
        names = "、".join(f"“{t.name}”" for t in questions) or "其他工作表"
        names_en = ", ".join(f"'{t.name}'" for t in questions) or "the other sheets"
        notes[legend.name or ""] = SheetNote(
            legend.name or "", False, f"题型代码表，用于{names}", f"a legend of kind codes, used for {names_en}"
        )
        extracted.conventions.append(_used(legend, answers=False))
    if len(answers) == 1:  # an answer sheet: its keys by the questions' numbers
        sheet, keys = answers[0]
        keyless = [t for t in others if t is not sheet and _readable_with(t, keys)]
        if len(questions) + len(keyless) == 1:
            target = (questions or keyless)[0]
            target.sheet_keys = keys
            others = [t for t in others if t is not sheet]
            notes[sheet.name or ""] = SheetNote(
                sheet.name or "",
                False,
                f"答案表，按题号并入“{target.name}”",
                f"keys by question number, joined to sheet '{target.name}'",
            )
            extracted.conventions.append(_used(sheet, answers=True))
    kept = {id(t) for t in [*questions, *others]}
    return [t for t in tables if id(t) in kept]


def _options_joined(tables: list[Table], extracted: Extracted, notes: dict[str, SheetNote]) -> list[Table]:
    """Each sheet of options by question id (`Question ID | Option | Correct`) joined to the question sheet
    whose ids it names; the options sheet itself is then said to be joined, with its rows that name no
    question."""
    out = list(tables)
    for options in tables:
        for i, questions in enumerate(out):
            if questions is options or not any(t is options for t in out):
                continue
            found = join_option_sheet(options, questions)
            if found is None:
                continue
            out[i] = found.joined
            out = [t for t in out if t is not options]
            orphans = found.orphans
            zh = f"选项表，按题目编号并入“{questions.name}”（{found.questions} 题）"
            en = f"options by question id, joined to sheet '{questions.name}' ({found.questions} questions)"
            if orphans:
                zh += f"；第 {'、'.join(map(str, orphans[:5]))} 行的题目编号在该表中没有，未读取"
                en += f"; rows {', '.join(map(str, orphans[:5]))} name no question there and were not read"
            if not found.flagged:
                zh += "；选项表不标对错，答案以题目表的答案列为准"
                en += "; it marks no option right, so the question sheet's key column gives the keys"
            notes[options.name or ""] = SheetNote(options.name or "", False, zh, en)
            extracted.conventions.append(
                Convention(
                    f"选项见工作表“{options.name}”（按题目编号）",
                    f"options from sheet '{options.name}', by question id",
                )
            )
            break
    return out


def _readable_with(table: Table, keys: dict[int, tuple[str, str]]) -> bool:
    """A sheet that reads as questions once an answer sheet gives it keys by number."""
    table.sheet_keys = keys
    found = readable(table)
    table.sheet_keys = {}
    return found


def _used(table: Table, answers: bool) -> Convention:
    if answers:
        return Convention(
            f"答案见工作表“{table.name}”（按题号）", f"keys from sheet '{table.name}', by question number"
        )
    return Convention(f"题型代码见工作表“{table.name}”", f"kind codes explained on sheet '{table.name}'")


def _marked(cells: tuple) -> frozenset[int]:  # type: ignore[type-arg]
    """The columns of a row whose cell is set in red, in bold or on a coloured fill: how teachers mark the
    right option where a sheet has no key column."""
    return frozenset(
        i for i, c in enumerate(cells) if c.value is not None and getattr(c, "has_style", False) and _styled(c)
    )


def _styled(cell: object) -> bool:
    font, fill = cell.font, cell.fill  # type: ignore[attr-defined]
    if font is not None and (font.b or _red(font.color)):
        return True
    return fill is not None and fill.fill_type == "solid" and not _white(fill.fgColor)


def _rgb(color: object) -> tuple[int, int, int] | None:
    """An RGB colour, or the legacy palette's red (indexes 2 and 10); None for theme colours."""
    kind = getattr(color, "type", None)
    if kind == "indexed" and getattr(color, "indexed", None) in (2, 10):
        return (255, 0, 0)
    value = getattr(color, "rgb", None) if kind == "rgb" else None
    if not isinstance(value, str) or not re.fullmatch(r"[0-9A-Fa-f]{6,8}", value):
        return None
    return int(value[-6:-4], 16), int(value[-4:-2], 16), int(value[-2:], 16)


def _red(color: object) -> bool:
    rgb = _rgb(color) if color is not None else None
    return rgb is not None and rgb[0] >= 0xC0 and rgb[1] <= 0x60 and rgb[2] <= 0x60


def _white(color: object) -> bool:
    rgb = _rgb(color) if color is not None else None
    return rgb is None or min(rgb) >= 0xF0


def read_csv(path: Path) -> Extracted:
    """A CSV (or tab-separated) question sheet; the delimiter is the one under which a layout is found
    (a header row, answer rows, flash cards, columns by their content), tried from the one that splits the
    rows most evenly (ties in the order the suffix suggests)."""
    text = _csv_text(path.read_bytes(), path.name).lstrip("\ufeff")
    first = "\t" if path.suffix.lower() == ".tsv" else ","
    excel = _SEP_LINE.match(text)  # `sep=;`: Excel's note of the delimiter, no row of the sheet
    if excel:
        first, text = excel.group(1), text[excel.end(1) :]
    text, deck = _settings(text)  # `#separator:Semicolon`: a flash-card program's
    first = deck or first
    named = bool(excel or deck)
    suggested = [first, *(d for d in _DELIMITERS if d != first)]
    tables = {d: _csv_table(text, d) for d in suggested}
    order = sorted(suggested, key=lambda d: (named and d != first, -_evenness(tables[d]), suggested.index(d)))
    for delimiter in order:
        if readable(tables[delimiter]):
            return Extracted(tables=[tables[delimiter]])
    return Extracted(tables=[tables[order[0]]] if order else [])


_SETTING = re.compile(r"^#\s*([a-z ]+?)\s*:\s*(.*?)\s*$", re.I)
_SEPARATORS = {"comma": ",", "semicolon": ";", "tab": "\t", "pipe": "|", "space": " ", "colon": ":"}


def _settings(text: str) -> tuple[str, str | None]:
    """A flash-card program's settings lines above its rows (`#separator:Semicolon`, `#html:false`,
    `#columns:Front;Back`): blanked, so that the rows keep their numbers, and the delimiter they name."""
    lines = text.split("\n")
    delimiter = None
    for i, line in enumerate(lines):
        m = _SETTING.match(line.rstrip("\r"))
        if m is None:
            break
        if m.group(1).lower() == "separator":
            value = m.group(2)
            delimiter = _SEPARATORS.get(value.lower(), value if len(value) == 1 else None)
        lines[i] = ""
    return "\n".join(lines), delimiter


def _evenness(table: Table) -> float:
    """How evenly a delimiter splits the rows: the share of rows (of two cells or more) that have the most
    common count of cells, 0 when no row splits."""
    counts = Counter(len(r.cells) for r in table.rows if any(c.strip() for c in r.cells))
    if not counts:
        return 0.0
    width, rows = counts.most_common(1)[0]
    return rows / sum(counts.values()) if width > 1 else 0.0


# The encodings a CSV from a spreadsheet may be saved in where it is not UTF-8: the ANSI code page of the
# Windows it was saved on. Of those that read the bytes equally well, the first here wins (the same text in
# most of them: `Lösung` reads alike in 1250 and 1252; `où` does not).
_CODE_PAGES = ("gb18030", "cp1252", "cp1251", "cp1250", "cp1253", "cp1254", "cp1257", "shift_jis", "euc_kr", "big5")


def _csv_text(data: bytes, source: str) -> str:
    """The CSV's text: UTF-8 (with or without BOM) or UTF-16 with BOM as such; otherwise the code page
    that reads it most plausibly: the fewest symbols inside words, then charset-normalizer's judgement (the
    fewest odd characters, the most words of one language); GB18030 as before where none reads it."""
    if data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _utf8(data):
        return decode_bytes(data, source)
    from charset_normalizer import from_bytes  # imported here so other formats don't pay for it

    readings = [(m, str(m)) for m in from_bytes(data, cp_isolation=list(_CODE_PAGES))]
    if readings:
        _, best = min(
            readings,
            key=lambda r: (_odd(r[1]), round(r[0].chaos, 3), -round(r[0].coherence, 3), _rank(r[0].encoding)),
        )
        return best
    return decode_bytes(data, source)


def _odd(text: str) -> int:
    """Symbols inside words (`narz¹d`, `P³uca`: Polish read as Western European): the mark of a wrong code
    page, which a short text's word statistics may miss."""
    return sum(
        1
        for before, c, after in zip(text, text[1:], text[2:], strict=False)
        if ord(c) > 0x7F and not c.isalpha() and before.isalpha() and after.isalpha()
    )


def _rank(encoding: str) -> int:
    name = encoding.lower().replace("-", "_")
    return next((i for i, page in enumerate(_CODE_PAGES) if page == name), len(_CODE_PAGES))


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _csv_table(text: str, delimiter: str) -> Table:
    # `a, "b, c"`: a space after the delimiter before a quoted cell; without skipinitialspace the quotes
    # stay in the text and the cell splits at its inner delimiters
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, skipinitialspace=delimiter != " ")
    try:
        rows = [Row(number, [c.replace("\r\n", "\n") for c in cells]) for number, cells in enumerate(reader, start=1)]
    except csv.Error:
        rows = []
    return Table(rows)
