"""Answer rows: a question on a row of its own, then one row per option with a flag saying if it is right.

Classroom quiz tools and some LMS exports lay a sheet out this way, usually without a header:

    Which organ pumps blood?,20000        <- the question (and a timer, points… in other cells)
    ,Lungs,0                              <- an option, flagged wrong
    ,Heart,1                              <- an option, flagged right

or with a marker column (`Q,…` / `A,Heart,1`), or the question written again on each of its option rows
(`Which organ pumps blood?,Heart,1`), flags written `correct`/`incorrect`, `true`/`false`,
`√`/`×`, or grades in percent (`100`, `50`, `-25`: right above zero), a comment on the option after its
flag. The flag column is the one that holds a flag right after some text on most rows; those rows are
options, and a row shaped like them with its flag left empty is a wrong option (`x` marks the right
ones). Every other row is a question. One right option makes a single choice,
several a multiple choice; a question followed by one right "option" only is answered by that text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft
from bot.banks.sheets.table import Row, Table, TableReading, kind_of_type, open_kind, section_report
from bot.banks.text import narrow, to_simplified

__all__ = ["option_flag", "read_answer_rows", "repeated_column"]

LETTERS = "ABCDEFGH"
_RIGHT = {"1", "true", "t", "yes", "y", "correct", "right", "x", "*", "√", "✓", "✔", "对", "是", "正确", "100", "100%"}
_WRONG = {"0", "false", "f", "no", "n", "incorrect", "wrong", "×", "✗", "✘", "错", "否", "错误", "0%"}
_RIGHT |= {"○", "◯", "〇"}  # Japanese marks a right answer with a circle, a wrong one with ×
_WRONG |= {"✕", "╳"}
# "is this option right?" answered yes or no in the languages of the sheets teachers send
_RIGHT |= {
    "ja",
    "oui",
    "sí",
    "si",
    "sim",
    "tak",
    "да",
    "верно",
    "evet",
    "có",
    "ya",
    "はい",
    "正解",
    "예",
    "richtig",
    "vrai",
}
_WRONG |= {
    "nein",
    "non",
    "não",
    "nao",
    "nie",
    "нет",
    "неверно",
    "hayır",
    "không",
    "tidak",
    "いいえ",
    "不正解",
    "아니오",
}
_WRONG |= {"falsch", "faux"}
_MARKERS = {"q", "question", "问题", "题目", "题干", "a", "answer", "option", "choice", "选项", "答案", "o"}
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")


def _flag(cell: str) -> bool | None:
    value = narrow(cell).strip().lower()
    return True if value in _RIGHT else False if value in _WRONG else None


def option_flag(cell: str, *, grades: bool = False) -> bool | None:
    """Whether a cell flags its option right (`1`, `Y`, `TRUE`, `✓`, `да`; with `grades` also a grade in
    percent above zero, `100`, `50`), wrong, or is no flag (None)."""
    return _weight(cell) if grades else _flag(cell)


def _weight(cell: str) -> bool | None:
    """A flag, or a grade in percent (`50`, `-25`, `33.3%`): right when above zero."""
    if (flag := _flag(cell)) is not None:
        return flag
    m = re.fullmatch(r"(-?\d{1,3}(?:\.\d+)?)\s*%?", narrow(cell).strip())
    return float(m.group(1)) > 0 if m and -100 <= float(m.group(1)) <= 100 else None


def _filled(cells: list[str]) -> list[int]:
    return [i for i, c in enumerate(cells) if c]


@dataclass
class _Question:
    row: Row
    cells: list[str]
    options: list[tuple[str, bool]] = field(default_factory=list)  # text, right
    end: int = 0


@dataclass(frozen=True)
class _Shape:
    flag: int  # the flag column
    text: int  # the option text column
    before: frozenset[str]  # what an option row holds left of its text: nothing, or a marker (`A`)

    def option(self, cells: list[str]) -> tuple[str, bool] | None:
        """The row as an option (its text, right or not), or None when it is no option row."""
        if self.text >= len(cells) or not cells[self.text]:
            return None
        flag = _weight(cells[self.flag]) if self.flag < len(cells) else None
        lead = "".join(cells[: self.text]).strip().lower()
        between = any(cells[self.text + 1 : self.flag])
        if flag is not None and not between:
            return cells[self.text], flag
        empty = self.flag >= len(cells) or not cells[self.flag]
        if empty and not between and self.text > 0 and lead in self.before:
            return cells[self.text], False  # the flag left empty: the right ones are marked (x, √)
        return None


def _shape(rows: list[list[str]]) -> _Shape | None:
    """The flag column and the option text column, from the rows with a flag after some text (a comment
    on the option may follow the flag)."""
    flagged: Counter[tuple[int, int]] = Counter()
    for cells in rows:
        filled = _filled(cells)
        at = next((k for k in range(1, len(filled)) if _weight(cells[filled[k]]) is not None), None)
        if at is not None:
            flagged[(filled[at], filled[at - 1])] += 1
    if not flagged:
        return None
    (flag, text), count = flagged.most_common(1)[0]
    if count < 4:
        return None
    leads = Counter(
        "".join(cells[:text]).strip().lower()
        for cells in rows
        if len(cells) > flag and _weight(cells[flag]) is not None and cells[text]
    )
    before = frozenset(lead for lead, n in leads.items() if lead == "" or (lead in _MARKERS and n >= 2))
    return _Shape(flag, text, before or frozenset({""}))


def _stem_and_kind(cells: list[str]) -> tuple[str, Kind | None, bool, int | None]:
    """A question row's text (its longest cell that is no number, marker or kind name), the kind it
    names, and its number when a cell before the text holds one (a later number is a timer or points)."""
    kind, tagged = None, False
    numbers: list[tuple[int, int]] = []  # column, value
    texts: list[tuple[int, int, str]] = []  # length, -column, text
    for column, cell in enumerate(cells):
        if not cell or cell.lower() in _MARKERS:
            continue
        if _NUMBER.match(narrow(cell)):
            numbers.append((column, int(float(narrow(cell)))))
            continue
        declared = kind_of_type(cell) if len(cell) <= 24 else None
        if declared is not None and declared.known and not tagged:
            kind, tagged = declared.kind, True
            continue
        texts.append((len(cell), -column, cell))
    if not texts:
        return "", kind, tagged, None
    _, minus_column, stem = max(texts)
    number = next((value for column, value in numbers if column < -minus_column and value < 10000), None)
    return stem, kind, tagged, number


def _texts(cells: list[str]) -> int:
    """How many cells of a row hold text (not a number or a marker)."""
    return sum(1 for c in cells if c and c.lower() not in _MARKERS and not _NUMBER.match(narrow(c)))


def _groups(rows: list[Row], cells: list[list[str]], shape: _Shape) -> list[_Question]:
    questions: list[_Question] = []
    for row, row_cells in zip(rows, cells, strict=True):
        option = shape.option(row_cells)
        if option is not None:
            if questions:  # options before the first question: a header row's leftovers
                questions[-1].options.append(option)
                questions[-1].end = row.line
        elif any(row_cells):
            questions.append(_Question(row, row_cells, end=row.line))
    while questions and not questions[0].options:  # a title or a header row above the first question
        questions.pop(0)
    return questions


def repeated_column(rows: list[Row], among: list[int] | None = None) -> int | None:
    """The column (of `among`, the header's question column) that writes each question again on every row
    of its options (`Which is a mammal? | Frog | 0`, `Which is a mammal? | Dolphin | 1`): the same text in
    runs of rows, most rows in such runs."""
    width = max((len(r.cells) for r in rows), default=0)
    for column in among if among is not None else range(width):
        values = [r.cells[column].strip() if column < len(r.cells) else "" for r in rows]
        runs = [len(list(group)) for value, group in itertools.groupby(values) if value]
        long = [n for n in runs if n >= 2]
        texts = [v for v in values if v]
        if len(long) >= 2 and sum(long) >= 0.6 * len(rows) and sum(map(len, texts)) >= 8 * len(texts):
            return column
    return None


def _split_repeated(rows: list[Row], column: int) -> list[Row]:
    """Each run of rows repeating a question: a row of the question, then its rows as options without it."""
    out: list[Row] = []
    previous = None
    for r in rows:
        value = r.cells[column].strip() if column < len(r.cells) else ""
        if value and value != previous:
            out.append(Row(r.line, [value if c == column else "" for c in range(len(r.cells))]))
        out.append(Row(r.line, ["" if c == column else v for c, v in enumerate(r.cells)], r.marked))
        previous = value or previous
    return out


def read_answer_rows(
    table: Table, *, start: int = 0, section: str | None = None, simplified: bool = False, stem: int | None = None
) -> TableReading | None:
    """The table's rows from `start` read as answer rows (`stem`: the header's question column); None when
    they are not laid out that way."""
    rows = [r for r in table.rows[start:] if any(c.strip() for c in r.cells)]
    if (repeated := repeated_column(rows, None if stem is None else [stem])) is not None:
        rows = _split_repeated(rows, repeated)
    cells = [[to_simplified(c.strip()) if simplified else c.strip() for c in r.cells] for r in rows]
    shape = _shape(cells)
    if shape is None:
        return None
    questions = _groups(rows, cells, shape)
    if any(_texts(q.cells) > 3 for q in questions):
        return None  # a question row with its options beside it: one question per row, not this layout
    chosen = [q for q in questions if len(q.options) >= 2]
    if len(chosen) < 2 or 2 * len(chosen) < len(questions):
        return None
    reading = TableReading(sections=[section_report(section, questions[0].row.line)])
    for count, question in enumerate(questions, start=1):
        reading.drafts.append(_draft(question, count, section))
    reading.conventions.append(
        Convention(
            "答案行：题目一行，其后每个选项一行，并标明对错（1/0）",
            "answer rows: a question row, then one row per option flagged right or wrong (1/0)",
        )
    )
    return reading


def _draft(question: _Question, count: int, section: str | None) -> Draft:
    stem, kind, tagged, number = _stem_and_kind(question.cells)
    draft = Draft(
        number=number if number is not None else count,
        line=question.row.line,
        section=section,
        part=0,
        kind=kind,
        tagged=tagged,
        stem=stem,
        key_line=question.row.line,
        end_line=question.end,
    )
    right = [text for text, flag in question.options if flag]
    if len(question.options) == 1 and right:  # the one accepted answer of an open question
        draft.kind = kind if kind in (Kind.fill, Kind.case) else open_kind(stem, right[0])
        if draft.kind is Kind.case:
            draft.answer = right[0]
        else:
            draft.key = right[0]
        return draft
    draft.options = dict(zip(LETTERS, (text for text, _ in question.options), strict=False))
    letters = "".join(LETTERS[i] for i, (_, flag) in enumerate(question.options[: len(LETTERS)]) if flag)
    draft.key = letters or None
    return draft
