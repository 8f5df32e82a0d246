"""One document, one result: the text reader's drafts and the question tables' drafts put together.

A Word file may hold paragraphs and question tables; a workbook several sheets. Their drafts are merged
in document order, each table's rows under the section they stand in: a question table right under
`二、多选题` belongs to that section (and takes its kind where a row names none); a table with its own
section column, a worksheet named for a kind or one of several sheets makes sections of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.banks.conventions.headings import match_heading
from bot.banks.formats.extracted import Extracted
from bot.banks.issues import DocumentError, Issue
from bot.banks.questions.draft import Convention, Draft, ImportResult, LeftOut, Reading, SectionReport
from bot.banks.sheets.layouts import read_sheet
from bot.banks.sheets.table import Table, TableReading, fitting

__all__ = ["Combined", "combine", "explained", "with_rejected"]


@dataclass
class Combined:
    drafts: list[Draft] = field(default_factory=list)
    sections: list[SectionReport] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    rejected: list[LeftOut] = field(default_factory=list)
    conventions: list[Convention] = field(default_factory=list)
    title: str | None = None
    unread: list[Issue] = field(default_factory=list)  # tables without a header: why nothing was read


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
    for table in doc.tables:
        tr: TableReading | None = read_sheet(
            table, section=_section_of(table.name, doc.sections_from_names), simplified=simplified
        )
        if tr is None:
            if table.rows:
                out.unread.append(_no_header(table))
            continue
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
    """Why a sheet was not read: what its header row needs, naming the sheet (a CSV has no name)."""
    zh_where, en_where = (f"工作表“{table.name}”", f"sheet '{table.name}'") if table.name else ("表格", "the sheet")
    return Issue(
        "warning",
        0,
        f"{zh_where}中没有找到表头行，未读取：需要一行列名，含题目列（题干、题目）以及答案、选项或题型列"
        "（答案、正确答案、选项A…、题型）；或者每题一块、一列字段名（题干、A、B…、答案）；"
        "或者题目一行、其后每个选项一行并标明对错（1/0）",
        f"no header row found in {en_where}; not read: a row of column names is needed, with a question column "
        "(Question, 题干, 题目) and an answer, options or type column (Answer, Correct Answer, Option A…, Type); "
        "or a block of rows per question with field names down a column (题干, A, B…, 答案); "
        "or a question row followed by one row per option flagged right or wrong (1/0)",
    )


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
    extra = [Issue("error", i.line, i.zh, i.en) for i in [lo.issue() for lo in parts.rejected] + parts.unread]
    if not extra:
        return error
    issues = [i for i in error.issues if i.line or "no questions" not in i.en]
    return DocumentError.from_issues(error.source, sorted(issues + extra, key=lambda i: i.line))
