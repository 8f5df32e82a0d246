"""Flash cards: a prompt and its answer per line or row, with no header and nothing else.

Flash-card sites export a set as text, one card per line, the prompt and the answer separated by a tab;
a headerless two-column sheet or CSV is the same set. A prompt with a gap (`The SI unit of force is the
____.`) or an answer of a word or a few makes a fill-in; an answer that is a sentence or more makes a case
with that reference answer; `true`/`对` makes a true/false question.

A deck's prompts differ from each other and are not field names: a column repeating 题号, 题干, 答案 … is
a form (`bot.banks.sheets.vertical`), never read as cards. A text file is read this way only when
(nearly) every nonblank line holds exactly one tab between two texts and none starts with a question
number or an option letter: a document whose options happen to be separated by tabs (`A.苹果<TAB>B.梨`)
stays text.
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import count_blanks, read_true_false
from bot.banks.issues import Issue
from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft
from bot.banks.sheets.table import Row, Table, TableReading, column_role, fill_key, open_kind, section_report
from bot.banks.text import narrow, to_simplified

__all__ = ["read_cards", "tab_cards"]

# A question's number or an option's letter at the start of a cell: `1.`, `2、`, `(3)`, `Q4`, `A.`, `b)`
_NUMBERED = re.compile(
    r"^\s*(?:[(（]?\d{1,3}\s*[.．、)）](?!\d)|[(（]\d{1,3}[)）]|[Qq]\d|第\s*\d+\s*题|[(（]?[A-Ha-h]\s*[.．、:：)）])"
)
_HAS_WORD = re.compile(r"[^\W\d_]")
_HEADER = {"term", "definition", "front", "back", "word", "meaning", "词语", "释义", "正面", "背面", "术语", "定义"}


def _cards(rows: list[list[str]]) -> bool:
    """Rows that all fill the same two columns, the first holding words, none numbered or lettered; prompts
    that are mostly different and not field names (a column of 题号, 题干, 答案 … is a form, not a deck)."""
    shapes = {tuple(i for i, c in enumerate(cells) if c.strip()) for cells in rows}
    if len(rows) < 2 or len(shapes) != 1 or len(next(iter(shapes))) != 2:
        return False
    first = next(iter(shapes))[0]
    prompts = [narrow(cells[first]).strip() for cells in rows]
    if 4 * len(set(prompts)) < 3 * len(prompts) or 5 * sum(column_role(p) is not None for p in prompts) > len(prompts):
        return False
    if _records(prompts, [narrow(cells[next(iter(shapes))[1]]).strip() for cells in rows]):
        return False
    return all(_HAS_WORD.search(p) for p in prompts) and not any(
        _NUMBERED.match(narrow(c)) for cells in rows for c in cells
    )


def _records(prompts: list[str], answers: list[str]) -> bool:
    """A list of names and numbers (`Anna | 18`, a class's scores), not a deck: single words beside numbers
    on most rows."""
    numbers = sum(1 for a in answers if re.fullmatch(r"[-+]?\d+(?:[.,]\d+)?%?", a))
    words = sum(1 for p in prompts if len(p.split()) == 1 and len(p) <= 12)
    return 5 * numbers >= 3 * len(answers) and 5 * words >= 4 * len(prompts)


def _names(rows: list[Row]) -> bool:
    """The first row names the columns of judged statements (`Zdanie | Ocena` over `… | Prawda`): the answers
    below are verdicts and its own is not, and its prompt is a word where the prompts below are sentences."""
    first, below = [c.strip() for c in rows[0].cells if c.strip()], rows[1:]
    answers = [[c.strip() for c in r.cells if c.strip()][-1] for r in below if any(c.strip() for c in r.cells)]
    if len(first) != 2 or not answers or read_true_false(first[1]) is not None:
        return False
    verdicts = sum(read_true_false(a) is not None for a in answers)
    return 2 * verdicts > len(answers) and len(first[0].split()) == 1 and len(first[0]) <= 20


def tab_cards(text: str) -> Table | None:
    """A text of flash cards (`prompt<TAB>answer` per line) as a two-column table; None for any other text."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    numbered = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    while numbered and numbered[0][1].startswith("#") and ":" in numbered[0][1]:
        numbered.pop(0)  # a flash-card program's settings above the cards: `#separator:tab`, `#html:true`
    rows = [Row(number, line.split("\t")) for number, line in numbered]
    body = rows[1:] if rows and len(rows[0].cells) == 1 else rows  # a title line above the cards
    pairs = [r for r in body if len(r.cells) == 2 and all(c.strip() for c in r.cells)]
    if len(pairs) < 2 or len(body) - len(pairs) > len(body) // 10 or not _cards([r.cells for r in pairs]):
        return None
    return Table(rows)


def read_cards(table: Table, *, section: str | None = None, simplified: bool = False) -> TableReading | None:
    """The table read as flash cards, a prompt and its answer per row; None when it is not such a table."""
    rows = [r for r in table.rows if any(c.strip() for c in r.cells)]
    title = None
    if rows and len(filled := [c.strip() for c in rows[0].cells if c.strip()]) == 1:
        title, rows = filled[0], rows[1:]  # the set's name above its cards
    if rows and ({narrow(c).strip().lower() for c in rows[0].cells if c.strip()} <= _HEADER or _names(rows)):
        rows = rows[1:]  # Term / Definition, or names in another language above verdicts
    pairs = [r for r in rows if sum(1 for c in r.cells if c.strip()) == 2]
    if len(rows) - len(pairs) > len(rows) // 10 or not _cards([r.cells for r in pairs]):
        return None
    reading = TableReading(sections=[section_report(section, pairs[0].line)], title=title)
    for row in rows:
        if row not in pairs:
            reading.issues.append(
                Issue(
                    "warning",
                    row.line,
                    "这一行不是卡片（题目和答案），未读取",
                    "this row is not a card (a prompt and its answer); not read",
                )
            )
            continue
        prompt, answer = (to_simplified(c.strip()) if simplified else c.strip() for c in row.cells if c.strip())
        reading.drafts.append(_card(row, len(reading.drafts) + 1, prompt, answer, section))
    reading.conventions.append(
        Convention("卡片：每行一题，题目与答案分两列（无表头）", "flash cards: a prompt and its answer per line")
    )
    return reading


def _card(row: Row, number: int, prompt: str, answer: str, section: str | None) -> Draft:
    draft = Draft(number=number, line=row.line, section=section, part=0, stem=prompt, key_line=row.line)
    draft.end_line = row.line
    if read_true_false(answer) is not None and not count_blanks(prompt):
        draft.kind, draft.key = Kind.true_false, answer
    elif open_kind(prompt, answer) is Kind.fill:
        draft.kind, draft.key = Kind.fill, fill_key(answer)
    else:
        draft.kind, draft.answer = Kind.case, answer
    return draft
