"""Typed rows: one question per row, its type code in the first cell, no header, as course platforms take a
question upload (tab-separated `.txt`, also saved from Excel):

    MC   question  option  correct|incorrect  option  correct|incorrect …   (one right option)
    MA   question  option  correct|incorrect  …                             (several)
    TF   question  true|false
    FIB  question  answer  another accepted answer …
    FIB_PLUS  question with [x] and [y]  x  answer  answer  <empty>  y  answer …
    NUM  question  answer  [tolerance]
    ESS  question  [a reference answer]       (SR, short response, the same)
    ORD, MAT, JUMBLED_SENTENCE, QUIZ_BOWL, OP, FIL, HS … : kinds the chat cannot ask, left out with the row

A row that breaks its type's shape (an option without its flag, no right option, more than eight options)
is left out with the reason; nothing is guessed.
"""

from __future__ import annotations

import re

from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft, LeftOut
from bot.banks.sheets.table import LETTERS, Row, Table, TableReading, section_report
from bot.banks.text import to_simplified

__all__ = ["read_typed_rows", "typed_table"]

_READ = {"MC", "MA", "TF", "FIB", "FIB_PLUS", "NUM", "ESS", "SR"}
_NOT_ASKED = {"ORD", "MAT", "JUMBLED_SENTENCE", "QUIZ_BOWL", "OP", "FIL", "HS", "CALC", "JS", "QB"}
_FLAGS = {"correct": True, "incorrect": False}
_TRUTH = {"true": "true", "false": "false"}


def _code(row: Row) -> str:
    return row.cells[0].strip().upper() if row.cells else ""


def typed_table(text: str) -> Table | None:
    """A tab-separated text of typed rows as a table (a row per line, numbered by its line); None for any
    other text."""
    if "\t" not in text:
        return None
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    table = Table([Row(number, line.split("\t")) for number, line in enumerate(lines, start=1)])
    return table if _typed(table) else None


def _typed(table: Table) -> bool:
    rows = [r for r in table.rows if any(c.strip() for c in r.cells)]
    typed = [r for r in rows if _code(r) in _READ | _NOT_ASKED and len(r.cells) >= 2 and r.cells[1].strip()]
    return (
        len(typed) >= 2 and 10 * len(typed) >= 9 * len(rows) and 2 * sum(_code(r) in _READ for r in typed) >= len(typed)
    )


def read_typed_rows(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read as typed rows; None unless (nearly) every nonblank row starts with a type code, two
    rows at least, most of them codes of kinds the chat asks."""
    if not _typed(table):
        return None
    rows = [r for r in table.rows if any(c.strip() for c in r.cells)]
    reading = TableReading(sections=[section_report(section, rows[0].line)])
    for number, row in enumerate(rows, start=1):
        cells = [to_simplified(c.strip()) if simplified else c.strip() for c in row.cells]
        code = _code(row)
        why = _read_row(reading, row, number, code, cells, section) if code in _READ else None
        if code not in _READ:
            what = f"“{code}”" if code else "（空）"
            why = (f"类型 {what} 无法在聊天中作答", f"its type '{code}' cannot be answered in the chat")
            if code not in _NOT_ASKED:
                why = (f"第一格的类型 {what} 不认识", f"its type '{code}' in the first cell is unknown")
        if why is not None:
            reading.sections[0].left_out += 1
            reading.rejected.append(
                LeftOut(
                    row.line,
                    number,
                    section,
                    f"第 {number} 题{why[0]}，未导入",
                    f"question {number}: {why[1]}; not imported",
                )
            )
    reading.conventions.append(
        Convention(
            "类型行：每行一题，第一格为题型代码（MC、MA、TF、FIB、ESS…），无表头",
            "typed rows: a question per row, its type code first (MC, MA, TF, FIB, ESS …), no header",
        )
    )
    return reading


def _read_row(
    reading: TableReading, row: Row, number: int, code: str, cells: list[str], section: str | None
) -> tuple[str, str] | None:
    """Append the row's draft; or the reason (zh, en) it cannot be read."""
    stem, rest = cells[1], cells[2:]
    while rest and not rest[-1]:
        rest.pop()
    draft = Draft(number=number, line=row.line, section=section, part=0, stem=stem, key_line=row.line, tagged=True)
    draft.end_line = row.line
    if code in ("MC", "MA"):
        pairs = [(rest[i], rest[i + 1].lower() if i + 1 < len(rest) else "") for i in range(0, len(rest), 2)]
        if any(flag not in _FLAGS for _, flag in pairs):
            return "的选项后没有标明 correct 或 incorrect", "an option is not followed by correct or incorrect"
        if len(pairs) > len(LETTERS):
            return f"有 {len(pairs)} 个选项，最多读 8 个", f"it has {len(pairs)} options; at most 8 are read"
        draft.options = {letter: text for letter, (text, _) in zip(LETTERS, pairs, strict=False)}
        draft.key = "".join(letter for letter, (_, flag) in zip(LETTERS, pairs, strict=False) if _FLAGS[flag])
        if not draft.key:
            return "没有标为 correct 的选项", "no option is marked correct"
        draft.kind = Kind.multiple if code == "MA" or len(draft.key) > 1 else Kind.single
    elif code == "TF":
        if not rest or rest[0].lower() not in _TRUTH:
            return "的答案不是 true 或 false", "its answer is not true or false"
        draft.kind, draft.key = Kind.true_false, rest[0]
    elif code in ("FIB", "NUM"):
        answers = [a for a in (rest if code == "FIB" else rest[:1]) if a]
        if not answers:
            return "没有答案", "it has no answer"
        draft.kind, draft.key, draft.alternates = Kind.fill, answers[0], answers[1:]
    elif code == "FIB_PLUS":
        blanks = _named_blanks(stem, rest)
        if blanks is None:
            return "的空与答案对不上", "its blanks and their answers do not match"
        draft.stem, draft.key, draft.kind = blanks[0], blanks[1], Kind.fill
    else:  # ESS, SR: a reference answer when the row gives one
        draft.kind, draft.answer = Kind.case, (rest[0] if rest else None)
    reading.drafts.append(draft)
    return None


def _named_blanks(stem: str, rest: list[str]) -> tuple[str, str] | None:
    """`… [x] … [y] …` with `x, answers…, <empty>, y, answers…` -> the stem with `____` for each blank and
    the key `x's answers；y's answers` (a blank's answers joined by 或)."""
    groups: list[list[str]] = [[]]
    for cell in rest:
        if cell:
            groups[-1].append(cell)
        elif groups[-1]:
            groups.append([])
    answers = {g[0]: [a for a in g[1:]] for g in groups if len(g) >= 2}
    order = re.findall(r"\[([^\[\]]+)\]", stem)
    if not order or any(name not in answers for name in order):
        return None
    return re.sub(r"\[([^\[\]]+)\]", "____", stem), "；".join(" 或 ".join(answers[name]) for name in order)
