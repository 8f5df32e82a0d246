"""One document, one result: the text reader's drafts and the question tables' drafts put together.

A Word file may hold paragraphs and question tables; a workbook several sheets. Their drafts are merged
in document order, each table's rows under the section they stand in: a question table right under
`二、多选题` belongs to that section (and takes its kind where a row names none); a table with its own
section column, a worksheet named for a kind or one of several sheets makes sections of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.banks.conventions.headings import match_heading
from bot.banks.formats.extracted import Extracted
from bot.banks.issues import DocumentError, Issue
from bot.banks.layouts.sheet_text import read_sheet_text
from bot.banks.questions.draft import Convention, Draft, ImportResult, LeftOut, Reading, SectionReport, SheetNote
from bot.banks.sheets.content import why_unread
from bot.banks.sheets.layouts import read_sheet
from bot.banks.sheets.table import Table, TableReading, fitting, instructions

__all__ = ["Combined", "combine", "counted", "explained", "with_rejected"]


@dataclass
class Combined:
    drafts: list[Draft] = field(default_factory=list)
    sections: list[SectionReport] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    rejected: list[LeftOut] = field(default_factory=list)
    conventions: list[Convention] = field(default_factory=list)
    title: str | None = None
    unread: list[Issue] = field(default_factory=list)  # tables without a header: why nothing was read
    sheets: list[SheetNote] = field(default_factory=list)  # a workbook's sheets: read, or why not
    unread_sheets: list[Issue] = field(default_factory=list)  # … and what those not read need, if none is read


def _section_of(name: str | None, several: bool) -> str | None:
    if name is None:
        return None
    heading = match_heading(name, markdown=False)
    return name if several or (heading is not None and heading.names_kind) else None


def combine(doc: Extracted, reading: Reading | None, *, simplified: bool = False) -> Combined:
    out = Combined()
    if reading is not None:
        out.drafts = list(reading.drafts)
        out.sections = list(reading.sections)
        out.title = reading.title
        out.conventions = list(reading.conventions)
    text_sections = list(out.sections)
    out.sheets = [replace(n) for n in doc.sheets]
    notes = {n.name: n for n in out.sheets}
    several = sum(n.shown for n in out.sheets) > 1  # rows are named with their sheet where two have rows
    for table in doc.tables:
        tr: TableReading | None = read_sheet(
            table, section=_section_of(table.name, doc.sections_from_names), simplified=simplified
        )
        note = notes.get(table.name or "") if table.name is not None else None
        as_text = 0
        if tr is None:  # no layout of a sheet: perhaps a document pasted into it, a line per row
            tr, as_text = read_sheet_text(table, simplified=simplified)
        if tr is None:
            if note is not None:
                note.zh, note.en = _not_read(table, as_text)
                if not instructions(table.name or ""):
                    out.unread_sheets.append(_no_header(table))
            elif table.rows:
                out.unread.append(_no_header(table))
            continue
        if note is not None:
            note.read = True
        if several:
            _in_sheet(tr, table.name)
        first = table.rows[0].line if table.rows else 0
        owner = _owner(text_sections, first, tr)
        if owner is not None:
            index = out.sections.index(owner)
            for d in tr.drafts:
                d.part, d.section = index, owner.title
                d.kind = d.kind or fitting(owner.kind, d.options)
            owner.left_out += len(tr.rejected)
        else:
            offset = len(out.sections)
            out.sections.extend(tr.sections)
            for d in tr.drafts:
                d.part = None if d.part is None else d.part + offset
        out.drafts.extend(tr.drafts)
        out.rejected.extend(tr.rejected)
        out.issues.extend(tr.issues)
        out.conventions.extend(tr.conventions)
        out.title = out.title or tr.title
    if reading is not None and reading.drafts and doc.tables:
        _in_document_order(out)  # paragraphs and tables of one Word file: their lines are one numbering
    return out


def _no_header(table: Table) -> Issue:
    """Why a sheet was not read and what it needs, naming the sheet (a CSV has no name)."""
    zh_where, en_where = (f"工作表“{table.name}”", f"sheet '{table.name}'") if table.name else ("表格", "the sheet")
    zh, en = why_unread(table)
    return Issue(
        "warning",
        0,
        f"{zh_where}中没有找到表头行，按内容也认不出题目（{zh}），未读取：需要一行列名，含题目列（题干、题目）以及答案、"
        "选项或题型列（答案、正确答案、选项A…、题型）；或者没有表头、每行一题：较长的题干、几列选项、一列答案"
        "（字母、序号或对错）；或者每题一块、一列字段名（题干、A、B…、答案）；或者题目一行、其后每个选项一行并标明对错（1/0）",
        f"no header row found in {en_where}, nor questions by what its columns hold ({en}); not read: a row of "
        "column names is needed, with a question column (Question, 题干, 题目) and an answer, options or type "
        "column (Answer, Correct Answer, Option A…, Type); or, without a header, one question a row: a longer "
        "question, option columns and a key column (letters, numbers or judgements); or a block of rows per "
        "question with field names down a column (题干, A, B…, 答案); or a question row followed by one row per "
        "option flagged right or wrong (1/0)",
    )


def _not_read(table: Table, as_text: int) -> tuple[str, str]:
    """Why a sheet of a workbook was not read: its name says it explains the others, its rows read as text
    hold questions without keys, or what it lacks."""
    if instructions(table.name or ""):
        return "说明页，没有题目", "instructions; holds no questions"
    rows = sum(1 for r in table.rows if any(c.strip() for c in r.cells))
    if as_text:
        return (
            f"未读取：{rows} 行，按文字读出 {as_text} 道题，但大多没有答案",
            f"not read: {rows} rows; read as text they hold {as_text} questions, most without a key",
        )
    zh, en = why_unread(table)
    return f"未读取：{zh}", f"not read: {en}"


def _in_sheet(tr: TableReading, name: str | None) -> None:
    """A sheet's drafts, rows left out and issues named with the sheet: its row 12 is not another's."""
    for d in tr.drafts:
        d.sheet = name
    tr.rejected = [replace(lo, sheet=name) for lo in tr.rejected]
    tr.issues = [replace(i, sheet=name) for i in tr.issues]


def counted(result: ImportResult, parts: Combined) -> ImportResult:
    """The result with each read sheet's count of questions imported and left out."""
    for note in parts.sheets:
        drafts = sum(1 for d in parts.drafts if d.sheet == note.name)
        left = sum(1 for lo in result.left_out if lo.sheet == note.name)
        rejected = sum(1 for lo in parts.rejected if lo.sheet == note.name)
        if note.read and sum(n.shown for n in parts.sheets) > 1:
            note.imported, note.left_out = drafts - left, left + rejected
        elif note.read:
            note.imported, note.left_out = len(result.bank.questions), len(result.left_out) + len(parts.rejected)
    result.sheets = parts.sheets
    return result


def _owner(sections: list[SectionReport], line: int, tr: TableReading) -> SectionReport | None:
    """The text section a table stands in, unless the table makes sections of its own."""
    if any(s.title is not None for s in tr.sections):
        return None
    before = [s for s in sections if s.title is not None and s.line < line]
    return before[-1] if before else None


def _in_document_order(out: Combined) -> None:
    order = sorted(range(len(out.sections)), key=lambda i: out.sections[i].line)
    new_index = {old: new for new, old in enumerate(order)}
    out.sections = [out.sections[i] for i in order]
    for d in out.drafts:
        if d.part is not None:
            d.part = new_index[d.part]
    out.drafts.sort(key=lambda d: d.line)


def with_rejected(result: ImportResult, parts: Combined) -> ImportResult:
    """The result with the rows of kinds the bot cannot ask (排序题, 连线题 …) reported as left out."""
    if parts.rejected:
        result.left_out = sorted(result.left_out + parts.rejected, key=lambda lo: lo.line)
        result.warnings = sorted(result.warnings + [lo.issue() for lo in parts.rejected], key=lambda i: i.line)
    return result


def explained(error: DocumentError, parts: Combined) -> DocumentError:
    """Nothing could be read: the error also names the rows left out here and the tables without a header."""
    hidden = [
        Issue("error", 0, f"工作表“{n.name}”：{n.zh}", f"sheet '{n.name}': {n.en}") for n in parts.sheets if n.hidden
    ]
    extra = [i.error() for i in [lo.issue() for lo in parts.rejected] + parts.unread + parts.unread_sheets + hidden]
    if not extra:
        return error
    issues = [i for i in error.issues if i.line or "no questions" not in i.en]
    return DocumentError.from_issues(error.source, sorted(issues + extra, key=lambda i: i.line))
