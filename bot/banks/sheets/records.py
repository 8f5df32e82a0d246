"""Question records: a block of rows per question that opens with a row naming its type, each following row a
field (`QuestionText`, `Option`, `Answer`, `Feedback` …), as learning platforms take a question upload
(Brightspace's CSV and its imitators):

    NewQuestion,MC
    QuestionText,Which of these animals is a mammal?
    Option,0,Shark
    Option,100,Dolphin           <- an option and its weight: right when above zero
    Feedback,Dolphins breathe air.
    NewQuestion,TF
    QuestionText,The heart has four chambers.
    TRUE,100
    FALSE,0

Types: `MC` (single or multiple choice by its weights), `M-S`/`MS` (multiple choice), `TF`, `SA`/`MSA` (a
fill-in, its accepted answers the `Answer` rows of a positive weight), `WR`/`E` (a case, its reference the
`AnswerKey` row), `FIB` (`Text` rows and `Blank` rows, a blank per `Blank`); `MAT`, `ORD`, `LF` are left
out with their row and why. Rows naming no field (`ID`, `Points`, `Hint` …) are passed over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft, LeftOut
from bot.banks.sheets.table import LETTERS, Row, Table, TableReading, open_kind, section_report
from bot.banks.text import narrow, to_simplified

__all__ = ["read_records"]

_START = re.compile(r"^new\s*question$", re.I)
_KINDS: dict[str, Kind | None] = {
    "mc": None,
    "m-s": Kind.multiple,
    "ms": Kind.multiple,
    "tf": Kind.true_false,
    "sa": Kind.fill,
    "msa": Kind.fill,
    "fib": Kind.fill,
    "wr": Kind.case,
    "e": Kind.case,
}
_UNASKABLE = {"mat": "matching", "ord": "ordering", "lf": "Likert", "mq": "matching", "h": "hotspot"}


def _key(cell: str) -> str:
    return re.sub(r"[\s_]+", "", narrow(cell)).lower()


def _weight(cell: str) -> bool:
    """An option's weight or flag: right when above zero (`100`, `50`, `1`) or `correct`/`true`."""
    text = narrow(cell).strip().rstrip("%").lower()
    if text in ("correct", "true", "yes", "x", "√"):
        return True
    try:
        return float(text) > 0
    except ValueError:
        return False


@dataclass
class _Record:
    row: Row
    code: str
    stem: str = ""
    title: str = ""
    options: list[tuple[str, bool]] = field(default_factory=list)
    verdict: bool | None = None
    answers: list[str] = field(default_factory=list)
    reference: str = ""
    feedback: str = ""
    parts: list[str] = field(default_factory=list)  # FIB: text and blanks in order
    blanks: list[str] = field(default_factory=list)
    end: int = 0


def _records(rows: list[Row]) -> list[_Record]:
    records: list[_Record] = []
    for row in rows:
        cells = [c.strip() for c in row.cells]
        name = _key(cells[0]) if cells else ""
        rest = [*cells[1:], "", "", ""]
        if _START.match(cells[0] if cells else ""):
            records.append(_Record(row, _key(rest[0])))
            continue
        if not records or not name:
            continue
        record = records[-1]
        record.end = row.line
        if name == "questiontext":
            record.stem = rest[0]
        elif name == "title":
            record.title = rest[0]
        elif name == "option":
            record.options.append((rest[1], _weight(rest[0])))
        elif name in ("true", "false") and _weight(rest[0]):
            record.verdict = name == "true"
        elif name == "answer" and _weight(rest[0]) and rest[1]:
            record.answers.append(rest[1])
        elif name == "answerkey":
            record.reference = rest[0]
        elif name == "feedback":
            record.feedback = rest[0]
        elif name == "text":
            record.parts.append(rest[0])
        elif name == "blank":
            record.parts.append("____")
            record.blanks.append(rest[1] if _weight(rest[0]) or not rest[0] else "")
    return records


def read_records(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read as question records; None when fewer than two rows open a record (`NewQuestion`)."""
    rows = [r for r in table.rows if any(c.strip() for c in r.cells)]
    if simplified:
        rows = [Row(r.line, [to_simplified(c) for c in r.cells], r.marked) for r in rows]
    if sum(1 for r in rows if r.cells and _START.match(r.cells[0].strip())) < 2:
        return None
    records = _records(rows)
    reading = TableReading(sections=[section_report(section, records[0].row.line)])
    reading.conventions.append(
        Convention(
            "题目记录：每题以 NewQuestion 行开始，其后每行一个字段（QuestionText、Option…）",
            "question records: each opens with a NewQuestion row, a field per row after it (QuestionText, Option …)",
        )
    )
    for number, record in enumerate(records, start=1):
        if record.code in _UNASKABLE:
            what = _UNASKABLE[record.code]
            reading.sections[0].left_out += 1
            reading.rejected.append(
                LeftOut(
                    record.row.line,
                    number,
                    section,
                    f"第 {number} 题是{what}题（{record.code.upper()}），无法在聊天中作答，未导入",
                    f"question {number} is a {what} question ({record.code.upper()}), which cannot be answered "
                    "in the chat; not imported",
                )
            )
            continue
        reading.drafts.append(_draft(record, number, section))
    return reading


def _draft(record: _Record, number: int, section: str | None) -> Draft:
    kind = _KINDS.get(record.code)
    stem = record.stem or record.title or " ".join(record.parts)
    draft = Draft(
        number=number,
        line=record.row.line,
        section=section,
        part=0,
        kind=kind,
        tagged=record.code in _KINDS,
        stem=stem,
        key_line=record.row.line,
        explanation=record.feedback or None,
        end_line=record.end or record.row.line,
    )
    if record.options:
        draft.options = dict(zip(LETTERS, (text for text, _ in record.options), strict=False))
        draft.key = "".join(LETTERS[i] for i, (_, right) in enumerate(record.options[: len(LETTERS)]) if right) or None
    elif kind is Kind.true_false or record.verdict is not None:
        draft.kind = Kind.true_false
        draft.key = None if record.verdict is None else ("对" if record.verdict else "错")
    elif record.blanks:
        draft.kind, draft.key = Kind.fill, "；".join(record.blanks)
    elif record.answers:
        draft.kind = kind or open_kind(stem, record.answers[0])
        draft.key = " 或 ".join(record.answers)
    elif record.reference:
        draft.kind, draft.answer = Kind.case, record.reference
    return draft
