"""The question sheet `studybot export BANK --format xlsx` writes: one question per row, the columns
learning platforms use, so that the same sheet can be edited, uploaded elsewhere or imported again.

    title row | 序号 | 题型 | 题干 | 选项A … | 正确答案 | 解析 | 章节 | 知识点 | 备选答案

Keys are written as the sheet reader reads them back: letters (`AB`), 正确/错误, fill blanks separated
by `|` with a blank's alternatives by `;`, a case's reference answer with its line breaks. Importing the
sheet gives the same bank, apart from provenance (`source`, line numbers) and `meta`.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from bot.banks.model import KIND_NAMES, Bank, Kind, Question

__all__ = ["sheet_rows", "write_csv", "write_xlsx"]


def _key(q: Question) -> str:
    if q.kind is Kind.true_false:
        return "正确" if q.answer is True else "错误"
    if q.kind is Kind.fill and isinstance(q.answer, list):
        if q.answer and all(isinstance(blank, list) for blank in q.answer):
            return "|".join(";".join(blank) for blank in q.answer)  # type: ignore[arg-type]
        return ";".join(a for a in q.answer if isinstance(a, str))
    return str(q.answer)


def sheet_rows(bank: Bank) -> list[list[str]]:
    """The header row and one row per question (the title row apart)."""
    used = {letter for q in bank.questions for letter in q.options}
    letters = sorted(used | set("ABCD")) if used else []
    header = [
        "序号",
        "题型",
        "题干",
        *[f"选项{letter}" for letter in letters],
        "正确答案",
        "解析",
        "章节",
        "知识点",
        "备选答案",
    ]
    rows = [header]
    for q in bank.questions:
        rows.append(
            [
                str(q.number),
                KIND_NAMES[q.kind][0],
                q.prompt,
                *[q.options.get(letter, "") for letter in letters],
                _key(q),
                q.explanation or "",
                q.section or "",
                "，".join(q.tags),
                "；".join(q.alternates),
            ]
        )
    return rows


def write_xlsx(bank: Bank, path: Path) -> None:
    import openpyxl  # imported here so that text exports don't pay for it
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Alignment, Font

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "题库"
    rows = sheet_rows(bank)
    sheet.append([bank.title])
    sheet["A1"].font = Font(bold=True, size=14)
    for row in rows:
        sheet.append([ILLEGAL_CHARACTERS_RE.sub("", value) for value in row])
    for row in sheet.iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # text that starts with '=' is no formula
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A3"
    widths = {"序号": 6, "题型": 8, "题干": 48, "正确答案": 14, "解析": 40, "章节": 20, "知识点": 14, "备选答案": 14}
    for column, name in enumerate(rows[0], start=1):
        letter = openpyxl.utils.get_column_letter(column)
        sheet.column_dimensions[letter].width = widths.get(name, 18)
    for row in sheet.iter_rows(min_row=3):
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    workbook.save(path)


def write_csv(bank: Bank, path: Path) -> None:
    """The same sheet as CSV, UTF-8 with a BOM (Excel on Windows then shows the Chinese right)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([bank.title])
    writer.writerows(sheet_rows(bank))
    path.write_text(buffer.getvalue(), encoding="utf-8-sig", newline="")
