"""Columns by what they hold: a question sheet whose header names no column the importer knows.

A header in another language (`Pytanie | Odpowiedź A | …`), a misspelt one (`Qestion`) or none at all still
leaves the sheet's shape: one column holds the longest texts, different on every row (the stems); two to
eight columns beside it hold short texts (the options), or one column holds them joined (`甲;乙;丙`,
`x | y`, `A. … B. …`); one column holds what fits each row's options (a letter among them, in any alphabet:
`B`, `ウ`, `В`, `②`; an option's number, from 1 or from 0; an option's own text) or, where a row has no
options, a judgement (`对`, `Faux`, `TRUE`) or a short answer to a stem with a blank. That column is the key:
the one whose values fit their rows best. Around them: a column of question numbers counting up, a column of
kind words, a column of longer texts after the key (the explanation).

The plan is checked on the sheet's own rows and the sheet is read only when most rows fit it; a sheet of
other data (names, scores) fits no plan and is never read as questions. The rows above the first fitting
row are the title, instructions and the header (its cells name the columns in the report); rows below the
last question that fill one cell or leave the stem empty (totals, notes) are no questions.

Plans are chosen by how well they explain the rows, the header's known words only evidence: between plans
that fit alike, the one agreeing with those words wins (a column named `type` holds no key), and a key
column that varies beats one of a single value on every row. A header the table knows gives way to a plan
that keeps its question, key and option columns and explains more of its rows (`over_header`).

The mapped sheet is read by `bot.banks.sheets.table.read_table` like any sheet with a known header, its
keys rewritten into the letters A–H where they name options by position.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from statistics import median

from bot.banks.conventions.keys import count_blanks
from bot.banks.questions.draft import Convention
from bot.banks.sheets.table import (
    LETTERS,
    Header,
    Row,
    Table,
    column_role,
    find_header,
    kind_of_type,
    lettered_options,
)
from bot.banks.sheets.values import (
    ALPHABETS,
    alphabet_of,
    is_judgement,
    joined_options,
    key_positions,
    number_positions,
    question_number,
)
from bot.banks.text import narrow

__all__ = [
    "ContentPlan",
    "column_name",
    "completed",
    "content_key_table",
    "convention",
    "mapped_table",
    "over_header",
    "plan_columns",
    "why_unread",
]

_SAMPLE = 200  # rows looked at to choose the plan (a long sheet is read whole by it)
_LEAD = re.compile(r"^[(（]?([A-Ha-hА-Га-гア-エ])\s*[.．、:：)）]\s*\S")  # a key written with its option's letter first
_ASKS = re.compile(r"[?？:：]\s*$|[（(]\s*[)）]|_{2,}|…\s*$|\.{3}\s*$")


def column_name(index: int) -> str:
    """A column as the spreadsheet names it: 0 -> A, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", narrow(text)).strip().strip("。.;；").strip().casefold()


@dataclass
class _Key:
    """A cell read as a key: the options it names by position in each alphabet, by number, and its text."""

    letters: dict[str, list[int]]
    numbers: list[int] | None
    judgement: bool
    norm: str
    parts: list[str]

    @classmethod
    def of(cls, text: str) -> _Key:
        letters = {name: p for name in alphabet_of(text) if (p := key_positions(text, name))}
        if not letters and (m := _LEAD.match(narrow(text).strip())):  # `B) Warszawa`: the letter, then its text
            letters = {name: p for name in alphabet_of(m.group(1)) if (p := key_positions(m.group(1), name))}
        parts = [_norm(p) for p in re.split(r"[┋|｜\n;；,，、]", text) if _norm(p)]
        return cls(letters, number_positions(text), is_judgement(text), _norm(text), parts)

    def keyish(self) -> bool:
        return bool(self.letters) or self.numbers is not None or self.judgement

    def names_text(self, norms: set[str]) -> bool:
        """The key is one option's text, or several options' texts joined."""
        return self.norm in norms or (len(self.parts) > 1 and all(p in norms for p in self.parts))


@dataclass
class _Cells:
    """One row's cells as the plan reads them."""

    texts: list[str]
    keys: dict[int, _Key] = field(default_factory=dict)
    _norms: list[str] | None = None

    @classmethod
    def of(cls, row: Row, width: int) -> _Cells:
        return cls([c.strip() for c in row.cells] + [""] * (width - len(row.cells)))

    @property
    def norms(self) -> list[str]:
        """The cells as compared (spaces, width, case and a closing full stop aside), made when first asked."""
        if self._norms is None:
            self._norms = [_norm(t) for t in self.texts]
        return self._norms

    def key(self, column: int) -> _Key:
        if column not in self.keys:
            self.keys[column] = _Key.of(self.texts[column])
        return self.keys[column]


@dataclass
class _Profile:
    fill: float
    mean: float
    distinct: float
    numeric: float
    asks: float


@dataclass
class ContentPlan:
    """Which column holds what, and how the key names the options."""

    stem: int
    key: int | None
    options: list[int] = field(default_factory=list)  # one column per option, in order
    options_cell: int | None = None  # or one column holding them all
    number: int | None = None
    kind: int | None = None
    explanation: int | None = None
    alphabet: str = "latin"  # the letters the keys are written in
    by_number: bool = False  # keys name options by number
    zero_based: bool = False  # … counting from 0
    header: int | None = None  # the row (index in the table) whose cells name the columns
    first: int = 0  # the first and last rows (indexes) of questions
    last: int = 0
    fit: float = 0.0  # the share of rows that fit
    below: int | None = None  # each question's options stand on the row under it: its cells from this column
    over_header: bool = False  # the header's words are known, but name columns that do not explain the rows

    def columns(self) -> dict[int, str]:
        roles = {self.stem: "stem"}
        if self.key is not None:
            roles[self.key] = "key"
        roles.update({c: "option:" + LETTERS[i] for i, c in enumerate(self.options)})
        for column, role in ((self.options_cell, "options"), (self.number, "number"), (self.kind, "type")):
            if column is not None:
                roles[column] = role
        if self.explanation is not None:
            roles[self.explanation] = "explanation"
        return roles


def _profile(rows: list[_Cells], column: int) -> _Profile:
    cells = [r.texts[column] for r in rows if r.texts[column]]
    if not cells:
        return _Profile(0.0, 0.0, 0.0, 0.0, 0.0)
    return _Profile(
        fill=len(cells) / len(rows),
        mean=sum(len(c) for c in cells) / len(cells),
        distinct=len({_norm(c) for c in cells}) / len(cells),
        numeric=sum(bool(re.fullmatch(r"[-+]?\d+(?:[.,]\d+)?%?", c)) for c in cells) / len(cells),
        asks=sum(bool(_ASKS.search(c) or count_blanks(c)) for c in cells) / len(cells),
    )


def _numbers_column(rows: list[_Cells], column: int) -> bool:
    """Question numbers counting up (`1, 2, 3`, `Q1`, `第1题`), nearly every row."""
    values = [question_number(r.texts[column]) for r in rows]
    numbers = [v for v in values if v is not None]
    filled = sum(1 for r in rows if r.texts[column])
    if len(numbers) < 2 or len(numbers) < 0.9 * filled or filled < 0.8 * len(rows):
        return False
    rising = sum(1 for a, b in pairwise(numbers) if b > a)
    return rising >= 0.8 * (len(numbers) - 1)


def _kind_column(rows: list[_Cells], column: int, codes: dict[str, object]) -> bool:
    """Kind words (`单选题`, `Multiple Choice`, `QCM`) or codes a legend explains, on most filled cells."""
    cells = [r.texts[column] for r in rows if r.texts[column]]
    values = set(cells)
    if len(cells) < 2 or len(values) > 24 or any(len(v) > 30 for v in values):
        return False  # a kind column names a few kinds, briefly
    kinds = {v for v in values if v in codes or (d := kind_of_type(v)).known or d.unsupported}
    return sum(1 for c in cells if c in kinds) >= 0.7 * len(cells)


# -- how a key cell fits its row --------------------------------------------------------------------------
@dataclass
class _Fit:
    """How the rows of a plan fit it: a score per row, and the evidence for how keys name options."""

    score: float = 0.0
    strong: int = 0  # rows whose key names their options, or judges a statement
    rows: int = 0  # rows with a stem
    with_options: int = 0
    alphabets: dict[str, int] = field(default_factory=dict)
    one_based: int = 0  # rows keyed by an option's number that only counting from 1 reads
    zero_based: int = 0  # … only counting from 0
    numbers: int = 0  # rows keyed by option numbers either way
    texts: int = 0  # rows keyed by an option's text

    @property
    def explained(self) -> int:
        """Rows whose key fits under one reading of the whole sheet: option numbers count from 1 or from 0,
        not each row as suits it."""
        return self.strong - min(self.one_based, self.zero_based)


def _options_of(cells: _Cells, options: list[int], options_cell: int | None) -> list[str]:
    if options_cell is not None:
        return joined_options(cells.texts[options_cell]) or []
    texts = [cells.texts[c] for c in options]
    while texts and not texts[-1]:
        texts.pop()
    return texts


def _text_key(key: str, options: list[str]) -> bool:
    """The key is one option's text, or several options' texts joined."""
    return _Key.of(key).names_text({_norm(o) for o in options if o})


def _row_fit(cells: _Cells, stem: int, key: int | None, opts: list[str], fit: _Fit) -> float:
    """How well one row fits: 1 for a key that names its options (or judges a statement), less for a
    short answer, 0 for a key that fits nothing."""
    value = cells.texts[key] if key is not None else ""
    filled = {i for i, o in enumerate(opts) if o}
    if len(filled) >= 2:
        fit.with_options += 1
        if not value:
            return 0.0
        info = cells.key(key)  # type: ignore[arg-type]
        found = False
        for name, positions in info.letters.items():
            if all(p in filled for p in positions):
                fit.alphabets[name] = fit.alphabets.get(name, 0) + 1
                found = True
        texts = info.names_text({_norm(o) for o in opts if o})
        if info.numbers is not None and not texts:
            one = all(n - 1 in filled for n in info.numbers)
            zero = all(n in filled for n in info.numbers)
            fit.numbers += one or zero
            fit.one_based += one and not zero
            fit.zero_based += zero and not one
            found = found or one or zero
        if texts:
            fit.texts += 1
            found = True
        if not found and info.judgement and all(is_judgement(o) for o in opts if o):
            found = True
        return 1.0 if found else 0.0
    if not value:
        return 0.0
    if cells.key(key).judgement:  # type: ignore[arg-type]
        return 1.0
    stem_text = cells.texts[stem]
    if count_blanks(stem_text):
        return 0.8
    return 0.5 if _ASKS.search(stem_text) else 0.25


def _measure(rows: list[_Cells], stem: int, key: int | None, options: list[int], options_cell: int | None) -> _Fit:
    fit = _Fit()
    for cells in rows:
        if not cells.texts[stem]:
            continue
        fit.rows += 1
        score = _row_fit(cells, stem, key, _options_of(cells, options, options_cell), fit)
        fit.score += score
        fit.strong += score == 1.0
    return fit


# -- choosing the plan ---------------------------------------------------------------------------------------
def _option_windows(free: list[int], width: int) -> list[list[int]]:
    """Runs of 2 to 8 neighbouring columns among `free`."""
    blocks: list[list[int]] = []
    for c in free:
        if blocks and blocks[-1][-1] == c - 1:
            blocks[-1].append(c)
        else:
            blocks.append([c])
    windows = []
    for block in blocks:
        for start in range(len(block)):
            for end in range(start + 2, min(len(block), start + 8) + 1):
                windows.append(block[start:end])
    return windows


def _key_candidates(rows: list[_Cells], columns: list[int]) -> list[int]:
    """Columns that could hold keys: letters, numbers or judgements on a third of their cells, or the text of
    another cell in the same row."""
    out = []
    for c in columns:
        cells = [r for r in rows if r.texts[c]]
        if not cells:
            continue
        keyish = sum(1 for r in cells if r.key(c).keyish())
        echoes = sum(1 for r in cells if sum(1 for n in r.norms if n == r.norms[c]) >= 2)
        if keyish >= len(cells) / 3 or echoes >= len(cells) / 3:
            out.append(c)
    return out


# -- the header's words, as evidence -------------------------------------------------------------------------
_NOT_ANSWERS = {"number", "type", "score", "difficulty", "section", "tags", "ignore", "picture", "explanation", "stem"}


def header_words(rows: list[_Cells]) -> tuple[int | None, dict[int, str]]:
    """The row among the first that names the most columns by words the importer knows, and the roles it
    gives them (`answer` -> key, `type` -> type); (None, {}) when no row names two. Evidence for a plan,
    not the plan: a header partly known (`id | type | title | questionSelect | answer`) still says which
    column is no key."""
    best: tuple[int | None, dict[int, str]] = (None, {})
    for i, cells in enumerate(rows[:20]):
        named = {c: role for c, text in enumerate(cells.texts) if text and (role := column_role(text)) is not None}
        if len(named) > len(best[1]):
            best = (i, named)
    return best if len(best[1]) >= 2 else (None, {})


def _agreement(named: dict[int, str], stem: int, key: int, options: list[int], options_cell: int | None) -> int:
    """How far a plan agrees with the header's words: +1 for each column the header names as the plan
    reads it, -1 for each it names as something else (the key in a `type` column, an option in `answer`)."""
    score = 0
    for column, wanted in ((stem, {"stem"}), (key, {"key"})):
        role = named.get(column)
        score += (role in wanted) - (role in _NOT_ANSWERS - wanted or (column == stem and role == "key"))
    for column in [*options, *([options_cell] if options_cell is not None else [])]:
        role = named.get(column) or ""
        score += role.startswith(("option", "wrong:")) - (role in _NOT_ANSWERS or role == "key")
    return score


def _varied(rows: list[_Cells], key: int) -> bool:
    """The key column's values differ between rows: a column of one value on every row (a kind code `1`, an
    options count `4`) is no key where another column explains the rows as well."""
    values = Counter(r.texts[key] for r in rows if r.texts[key])
    filled = sum(values.values())
    return filled < 4 or values.most_common(1)[0][1] < filled - 1  # the header's own cell aside


def _choose(
    rows: list[_Cells], width: int, number: int | None, kind: int | None, named: dict[int, str]
) -> ContentPlan | None:
    profiles = [_profile(rows, c) for c in range(width)]
    taken = {c for c in (number, kind) if c is not None}
    stems = [
        c
        for c in range(width)
        if c not in taken
        and profiles[c].fill >= 0.5
        and profiles[c].distinct >= 0.6
        and profiles[c].numeric < 0.5
        and profiles[c].mean >= 4
    ]
    stems.sort(key=lambda c: -profiles[c].mean * profiles[c].fill * (1 + profiles[c].asks))
    best: tuple[tuple[float, ...], ContentPlan, _Fit] | None = None
    for stem in stems[:3]:
        others = [c for c in range(width) if c != stem and c not in taken]
        for key in _key_candidates(rows, others):
            free = [c for c in others if c != key]
            layouts: list[tuple[list[int], int | None]] = [([], None)]
            joined = [c for c in free if _joins(rows, c)]
            layouts += [(w, None) for w in _option_windows(free, width) if _alike(rows, w, profiles, joined)]
            layouts += [([], c) for c in joined]
            for options, options_cell in layouts:
                fit = _measure(rows, stem, key, options, options_cell)
                if not fit.rows:
                    continue
                # over all rows: a plan whose stem column leaves rows empty reads less of the sheet
                order = (stem < key) + (bool(options) and stem < options[0] and (options[-1] < key or key < stem))
                # options differ from row to row; a column of a few values repeated (a difficulty) is none
                quality = min((profiles[c].distinct for c in options), default=1.0) >= 0.5
                rank = (
                    round(fit.score / len(rows), 2),
                    _agreement(named, stem, key, options, options_cell),
                    _varied(rows, key),
                    fit.strong,
                    order,
                    -_strays(rows, options),
                    quality,
                    len(options),
                    profiles[stem].mean,
                )
                if best is None or rank > best[0]:
                    plan = ContentPlan(stem, key, options, options_cell, number, kind, fit=fit.score / len(rows))
                    best = (rank, plan, fit)
    if best is None:
        return None
    _, plan, fit = best
    if not _convincing(plan, fit, profiles):
        return None
    _read_keys(plan, fit)
    plan.explanation = _explanation(rows, plan, profiles, width)
    return plan


def _alike(rows: list[_Cells], window: list[int], profiles: list[_Profile], joined: list[int]) -> bool:
    """Columns that can be one question's options side by side: none holds several options itself (a
    JSON list, `A、…B、…`), and on a sheet of four rows or more their lengths are of a kind (an explanation
    beside a column of kind codes `1`, `2` is no pair of options)."""
    if any(c in joined and _lists(rows, c) for c in window):
        return False
    means = [profiles[c].mean for c in window if profiles[c].fill]
    return len(rows) < 4 or not means or max(means) <= 6 * max(min(means), 1.0)


def _lists(rows: list[_Cells], column: int) -> bool:
    """Most filled cells of the column hold a list of options joined otherwise than by a slash alone (a
    slash is also a fraction's, `3/4`, or a date's)."""
    cells = [r.texts[column] for r in rows if r.texts[column]]
    return sum(joined_options(c.replace("/", "").replace("／", "")) is not None for c in cells) >= 0.6 * len(cells)


def _strays(rows: list[_Cells], options: list[int]) -> int:
    """Rows that fill a column of the window but not its first: that column holds something else (a
    difficulty, a score) than the options, which fill from the first on."""
    if not options:
        return 0
    return sum(1 for r in rows if not r.texts[options[0]] and any(r.texts[c] for c in options[1:]))


def _joins(rows: list[_Cells], column: int) -> bool:
    """Most filled cells of the column hold several options (`甲;乙;丙`, `A. … B. …`)."""
    cells = [r.texts[column] for r in rows if r.texts[column]]
    return len(cells) >= 1 and sum(joined_options(c) is not None for c in cells) >= 0.6 * len(cells)


def _convincing(plan: ContentPlan, fit: _Fit, profiles: list[_Profile]) -> bool:
    """Most rows fit, with evidence a guess would lack: keys that name their rows' options or judge
    statements, or stems that ask (a question mark, a blank)."""
    if plan.fit < 0.6 or fit.rows < 2:
        return False
    if fit.with_options or fit.strong >= fit.rows / 2:
        return fit.strong >= max(2, fit.rows / 2)
    return profiles[plan.stem].asks >= 0.5  # open questions: the stems must ask


def _read_keys(plan: ContentPlan, fit: _Fit) -> None:
    """How the key column names options: by the letters most rows use, or by number from 1 or from 0."""
    if fit.alphabets:  # ties in the order of ALPHABETS: `イ` is the second of アイウエ before the first of イロハ
        order = list(ALPHABETS)
        plan.alphabet = max(fit.alphabets, key=lambda a: (fit.alphabets[a], -order.index(a)))
    plan.by_number = fit.numbers > sum(fit.alphabets.values())
    plan.zero_based = plan.by_number and fit.zero_based > 0 and fit.one_based == 0


def _explanation(rows: list[_Cells], plan: ContentPlan, profiles: list[_Profile], width: int) -> int | None:
    """A column of longer texts beside the plan's columns, on some rows at least, nearest right of the key."""
    used = set(plan.columns())
    candidates = [
        c
        for c in range(width)
        if c not in used
        and profiles[c].fill >= 0.2
        and profiles[c].mean >= 6
        and profiles[c].distinct >= 0.5
        and profiles[c].numeric < 0.3
    ]
    after = plan.key if plan.key is not None else plan.stem
    candidates.sort(key=lambda c: (c < after, abs(c - after)))
    return candidates[0] if candidates else None


# -- the rows of questions --------------------------------------------------------------------------------
def _filled(row: Row) -> int:
    return sum(1 for c in row.cells if c.strip())


def _label_row(cells: _Cells, plan: ContentPlan, stems: float, verdicts: bool) -> bool:
    """A header: short names only; the stem's cell shorter than the stems below or not asking, and no key
    (a judgement word counts as a key only where the keys below are mostly judgements: `Correct`, `Juist`
    name a column of letters)."""
    texts = [t for t in cells.texts if t]
    if len(texts) < 2 or any(len(t) > 40 for t in texts):
        return False
    stem = cells.texts[plan.stem]
    if plan.key is not None and cells.texts[plan.key]:
        key = cells.key(plan.key)
        if key.letters or key.numbers is not None or (key.judgement and verdicts):
            return False
    return len(stem) < max(4.0, stems / 2) or not (_ASKS.search(stem) or count_blanks(stem))


def _named_alphabet(header: _Cells, plan: ContentPlan) -> str | None:
    """The alphabet the header letters the option columns in (`ア | イ | ウ | エ`, `А | Б | В`), if it does."""
    names = [header.texts[c].strip("（()）.．、 ").upper() for c in plan.options]
    if len(names) < 2:
        return None
    return next((a for a, letters in ALPHABETS.items() if "".join(names) == letters[: len(names)]), None)


def _question_row(cells: _Cells, plan: ContentPlan) -> bool:
    """A row that shows a question: its stem and a key or options beside it."""
    if not cells.texts[plan.stem]:
        return False
    others = [c for c in (plan.key, plan.options_cell, *plan.options) if c is not None]
    return any(cells.texts[c] for c in others)


def plan_columns(table: Table) -> tuple[ContentPlan, Table] | None:
    """The columns of a sheet read by what they hold, and the sheet they read it in: its rows as written;
    with each row's last cell moved under the others' when rows end where their options end (`stem | key`
    beside `stem | A | B | C | D | key`); with an answer sheet's keys by number; with each options row
    appended to its question's row. None when no plan fits most of its rows. Made once per sheet (and the
    keys and codes the workbook gives it): deciding whether a sheet is readable already makes it."""
    asked = (id(table.sheet_keys), len(table.sheet_keys), id(table.kind_codes), len(table.kind_codes))
    if table.planned is not None and table.planned[0] == asked:
        return table.planned[1]  # type: ignore[return-value]
    width = max((len(r.cells) for r in table.rows), default=0)
    plans: list[tuple[ContentPlan, Table]] = []
    for shape, below in _shapes(table):
        if shape is not None and (plan := _plan(shape)) is not None:
            plan.below = width if below else None
            plans.append((plan, shape))
            if plan.fit >= 0.95:
                break  # a shape that nearly every row fits: the others are not tried
    best = max(plans, key=lambda p: p[0].fit, default=None)
    table.planned = (asked, best)
    return best


def _shapes(table: Table) -> Iterator[tuple[Table | None, bool]]:
    """The shapes a sheet may be read in, each made only when asked for; True for the rows over rows."""
    yield table, False
    yield _right_aligned(table), False
    yield _keyed_by_number(table), False
    folded = _folded(table)
    if folded is not None:
        yield folded, True
        yield _right_aligned(folded), True


def _right_aligned(table: Table) -> Table | None:
    """The table with the last filled cell of each row in the last column; None when rows all end alike."""
    width = max((len(r.cells) for r in table.rows), default=0)
    ends = {max(i for i, c in enumerate(r.cells) if c.strip()) for r in table.rows if _filled(r) >= 2}
    if len(ends) < 2:
        return None
    rows = []
    for r in table.rows:
        filled = [i for i, c in enumerate(r.cells) if c.strip()]
        if len(filled) < 2 or filled[-1] == width - 1:
            rows.append(r)
            continue
        cells = [*r.cells, *[""] * (width - len(r.cells))]
        cells[width - 1], cells[filled[-1]] = cells[filled[-1]], ""
        marked = frozenset(width - 1 if c == filled[-1] else c for c in r.marked)
        rows.append(Row(r.line, cells, marked))
    return Table(rows, name=table.name, kind_codes=table.kind_codes, sheet_keys=table.sheet_keys)


def _longest(row: Row) -> int:
    return max((len(c.strip()) for c in row.cells), default=0)


def _folded(table: Table) -> Table | None:
    """A sheet where each question's row is followed by a row of its options (`1 | 题干 | B` over
    ` | 鲸 | 鲨鱼 | 金枪鱼`): each options row appended to its question's row, after the widest row's cells;
    None unless most rows are such pairs."""
    rows = [r for r in table.rows if _filled(r)]
    pairs = {
        id(a): b
        for a, b in pairwise(rows)
        if b.line == a.line + 1
        and _longest(a) >= 8
        and not _options_cell_row(a)
        and (_options_cell_row(b) or (_filled(b) >= 2 and 5 * _longest(b) < 3 * _longest(a)))
    }
    if len(pairs) < 2 or 2 * len(pairs) < 0.6 * len(rows):
        return None
    width = max(len(r.cells) for r in table.rows)
    options_rows = {id(b) for b in pairs.values()}
    out = []
    for r in table.rows:
        if id(r) in options_rows:
            continue
        below = pairs.get(id(r))
        if below is None:
            out.append(r)
            continue
        cells = [*r.cells, *[""] * (width - len(r.cells)), *below.cells]
        marked = r.marked | {width + c for c in below.marked}
        out.append(Row(r.line, cells, frozenset(marked)))
    return Table(out, name=table.name, kind_codes=table.kind_codes, sheet_keys=table.sheet_keys)


def _options_cell_row(row: Row) -> bool:
    """A row of one cell that letters a question's options (`(A)无关 (B)成反比 (C)成正比`): the options row
    under its question, however long its options are beside the stem."""
    filled = [c for c in row.cells if c.strip()]
    return len(filled) == 1 and lettered_options(filled[0]) is not None


def _keyed_by_number(table: Table) -> Table | None:
    """A sheet without keys of its own that an answer sheet keys by number: its rows with the key of their
    number in a column after the last; None without such keys or a column of question numbers."""
    if not table.sheet_keys:
        return None
    width = max((len(r.cells) for r in table.rows), default=0)
    body = [_Cells.of(r, width) for r in table.rows if _filled(r) >= 2]
    number = next((c for c in range(width) if _numbers_column(body[1:], c)), None)
    if number is None:
        return None
    rows = []
    for r in table.rows:
        n = question_number(r.cells[number]) if number < len(r.cells) else None
        key = table.sheet_keys[n][0] if n in table.sheet_keys else ""
        rows.append(Row(r.line, [*r.cells, *[""] * (width - len(r.cells)), key], r.marked))
    return Table(rows, name=table.name, kind_codes=table.kind_codes, sheet_keys=table.sheet_keys)


def _plan(table: Table) -> ContentPlan | None:
    rows = table.rows
    width = max((len(r.cells) for r in rows), default=0)
    body = [i for i, r in enumerate(rows) if _filled(r) >= 2]
    if len(body) < 2 or width < 2:
        return None
    cells = {i: _Cells.of(rows[i], width) for i in body[:_SAMPLE]}
    sample = list(cells.values())
    number = next((c for c in range(width) if _numbers_column(sample[1:], c)), None)
    kind = next((c for c in range(width) if c != number and _kind_column(sample, c, table.kind_codes)), None)
    head, named = header_words(sample)
    scored = [c for i, c in enumerate(sample) if i != head]  # the header's words are no row to explain
    plan = _choose(scored, width, number, kind, named)
    if plan is None:
        return None
    stems = median(len(c.texts[plan.stem]) for c in sample if c.texts[plan.stem])
    scratch = _Fit()

    def at(i: int) -> _Cells:
        if i not in cells:
            cells[i] = _Cells.of(rows[i], width)
        return cells[i]

    def fits(i: int) -> bool:
        c = at(i)
        options = _options_of(c, plan.options, plan.options_cell)
        return _question_row(c, plan) and _row_fit(c, plan.stem, plan.key, options, scratch) >= 0.5

    fitting = [i for i in body[:_SAMPLE] if fits(i)] or [next((i for i in body[_SAMPLE:] if fits(i)), -1)]
    if fitting[0] < 0:
        return None
    keyed = [at(i).key(plan.key) for i in fitting] if plan.key is not None else []
    verdicts = 2 * sum(k.judgement for k in keyed) > len(keyed)
    # the header: the last row of names down to the first row that fits (a header `Vraag | Keuzes | Juist`
    # fits as a statement judged `Juist` where the keys below are letters)
    top = [i for i in body if i <= fitting[0] and i < 20]
    labels = [i for i in top if _label_row(at(i), plan, stems, verdicts)]
    if labels:
        plan.header = labels[-1]
        plan.first = plan.header + 1
        plan.alphabet = _named_alphabet(at(plan.header), plan) or plan.alphabet
    else:
        plan.first = next(i for i in body if _question_row(at(i), plan))
    plan.last = next(i for i in reversed(body) if i < plan.first or _question_row(at(i), plan))
    return plan


# -- the sheet as a table with a header the reader knows --------------------------------------------------
_SYNTHETIC = {"stem": "题干", "key": "答案", "options": "选项", "number": "题号", "type": "题型", "explanation": "解析"}


def _role_name(role: str, numbered: bool) -> str:
    """The reader's name of a role; option columns numbered (`选项1`) where keys name them by number, so that
    a number past the last option is said to be one."""
    if role.startswith("option:"):
        letter = role.split(":")[1]
        return f"选项{LETTERS.index(letter) + 1}" if numbered else "选项" + letter
    return _SYNTHETIC[role]


def mapped_table(table: Table, plan: ContentPlan) -> tuple[Table, Header]:
    """The sheet with a header row the table reader knows in place of its own (or above its first
    question), its keys written as letters where they name options by position."""
    roles = plan.columns()
    width = max(len(r.cells) for r in table.rows)
    names = [""] * width
    for column, role in roles.items():
        names[column] = _role_name(role, plan.by_number and not plan.zero_based)
    if plan.kind is not None and plan.header is not None:
        own = table.rows[plan.header].cells[plan.kind] if plan.kind < len(table.rows[plan.header].cells) else ""
        names[plan.kind] = f"题型({own})" if re.search(r"\d", own) else names[plan.kind]
    start = plan.header if plan.header is not None else plan.first
    line = table.rows[start].line
    head = Row(line, names)
    body = [_rekeyed(r, plan) for r in table.rows[plan.first : plan.last + 1]]
    mapped = Table(
        [*table.rows[:start], head, *body],
        name=table.name,
        kind_codes=table.kind_codes,
        sheet_keys=table.sheet_keys,
        keys_by_number=plan.by_number,
    )
    header = find_header(Table([head]))
    assert header is not None  # the names above are the reader's own
    header.index, header.line = start, line
    return mapped, header


def _rekeyed(row: Row, plan: ContentPlan) -> Row:
    """The row with its key in the letters A–H where it names its options by position (`ウ`, `В`, `3`, `0`);
    a number past the options stays as written, for the reader to say so."""
    if plan.key is None or plan.key >= len(row.cells) or not row.cells[plan.key].strip():
        return row
    width = max(len(row.cells), max(plan.columns()) + 1)
    cells = _Cells.of(row, width)
    options = _options_of(cells, plan.options, plan.options_cell)
    filled = [i for i, o in enumerate(options) if o]
    value = cells.texts[plan.key]
    if len(filled) < 2:
        return row
    positions = None
    if plan.by_number and (numbers := number_positions(value)) is not None:
        positions = [n - (0 if plan.zero_based else 1) for n in numbers]  # the sheet's numbers, even `2` of 1 2 3 4
    elif not _text_key(value, options):
        positions = key_positions(value, plan.alphabet)
        lead = _LEAD.match(narrow(value).strip()) if positions is None else None
        if lead is not None:  # `В) Москва`: the letter, then its option's text
            positions = key_positions(lead.group(1), plan.alphabet)
        if plan.alphabet == "latin" or (
            lead and _says_another(narrow(value).strip()[lead.end() - 1 :], positions, options)
        ):
            positions = None  # letters the reader takes as written, and checks against the text after them
    if positions is None or not all(p in filled for p in positions):
        return row
    new = list(row.cells)
    new[plan.key] = "".join(LETTERS[p] for p in positions)
    return Row(row.line, new, row.marked)


def _says_another(text: str, positions: list[int] | None, options: list[str]) -> bool:
    """The text after a key's letter is another option's than the letter's (`В) Москва` where В is Омск)."""
    named = [i for i, o in enumerate(options) if o and _norm(o) == _norm(text)]
    return bool(named) and positions is not None and not set(positions) & set(named)


_SAID = {  # how the report names each role
    "number": ("题号", "number"),
    "type": ("题型", "type"),
    "stem": ("题干", "question"),
    "options": ("选项", "options"),
    "key": ("答案", "key"),
    "explanation": ("解析", "explanation"),
}


def convention(table: Table, plan: ContentPlan) -> Convention:
    """The report's line: which column holds what, and the header it could not read."""
    roles = {role: column for column, role in plan.columns().items()}

    def at(*columns: int) -> tuple[str, str]:
        """`B 列` / `column B`, `C–F 列` / `columns C–F`, or the same of the row below."""
        below = plan.below is not None and columns[0] >= plan.below
        names = [column_name(c - plan.below) if below and plan.below is not None else column_name(c) for c in columns]
        span = "–".join(names)
        if below:
            return f"下一行 {span} 列", f"column{'s' if len(names) > 1 else ''} {span} of the row below"
        return f"{span} 列", f"column{'s' if len(names) > 1 else ''} {span}"

    zh, en = [], []
    for role, (zh_name, en_name) in _SAID.items():
        if role in roles:
            where_zh, where_en = at(roles[role])
            zh.append(f"{zh_name} {where_zh}")
            en.append(f"{en_name} {where_en}")
        if role == "stem" and plan.options:
            where_zh, where_en = at(plan.options[0], plan.options[-1])
            zh.append(f"选项 {where_zh}")
            en.append(f"options {where_en}")
    if plan.key is not None and plan.by_number:
        zh.append("答案为选项序号（从 0 数）" if plan.zero_based else "答案为选项序号")
        en.append("keys by option number (from 0)" if plan.zero_based else "keys by option number")
    elif plan.alphabet != "latin":
        zh.append(f"答案字母 {plan.alphabet}")
        en.append(f"key letters {plan.alphabet}")
    if plan.header is not None and plan.over_header:
        line = table.rows[plan.header].line
        head_zh = f"，第 {line} 行表头所称的列与各行内容不符"
        head_en = f"; the columns the header in row {line} names do not fit the rows"
    elif plan.header is not None:
        line = table.rows[plan.header].line
        head_zh, head_en = f"，第 {line} 行的表头未识别", f"; the header in row {line} was not recognised"
    else:
        head_zh, head_en = "，没有表头", "; no header row"
    where_zh = f"“{table.name}”" if table.name else ""
    where_en = f"{table.name} " if table.name else ""
    return Convention(
        f"表格{where_zh}：按内容识别各列（{'，'.join(zh)}）{head_zh}",
        f"table {where_en}with its columns read by what they hold ({', '.join(en)}){head_en}",
    )


# -- an answer sheet whose header is unknown -------------------------------------------------------------
def content_key_table(table: Table) -> dict[int, tuple[str, str]]:
    """A sheet of keys by question number without a header the importer knows: a column of question numbers
    and beside it a column of keys (letters or judgements) on nearly every row; {} for any other sheet."""
    rows = [r for r in table.rows if _filled(r) >= 2]
    if len(rows) < 2:
        return {}
    width = max(len(r.cells) for r in rows)
    sample = [_Cells.of(r, width) for r in rows]
    for number in range(width - 1):
        key = number + 1
        pairs = [
            (n, c.texts[key])
            for c in sample
            if (n := question_number(c.texts[number])) is not None
            and (alphabet_of(c.texts[key]) or is_judgement(c.texts[key]))
        ]
        if len(pairs) >= 2 and len(pairs) >= 0.8 * (len(sample) - 1):
            note = key + 1 if key + 1 < width else None
            out: dict[int, tuple[str, str]] = {}
            for c in sample:
                n = question_number(c.texts[number])
                if n is not None and c.texts[key]:
                    out.setdefault(n, (c.texts[key], c.texts[note] if note is not None else ""))
            return out
    return {}


# -- why a sheet was not read -------------------------------------------------------------------------------
def why_unread(table: Table) -> tuple[str, str]:
    """What a sheet that no layout reads lacks, in the words a teacher checks it by (zh, en): `50 rows, no
    column holds option-like or key-like values (option letters, numbers, judgements)`."""
    rows = [r for r in table.rows if _filled(r)]
    n = len(rows)
    body = [r for r in rows if _filled(r) >= 2]
    if not body:
        return (
            f"{n} 行，每行只有一格，不是每行一题的表格",
            f"{n} rows, each of one cell: no table of one question a row",
        )
    width = max(len(r.cells) for r in body)
    sample = [_Cells.of(r, width) for r in body[:_SAMPLE]]
    profiles = [_profile(sample, c) for c in range(width)]
    stems = [
        c for c in range(width) if profiles[c].fill >= 0.5 and profiles[c].distinct >= 0.6 and profiles[c].mean >= 4
    ]
    if not stems:
        return (
            f"{n} 行，没有一列像题干（较长、每行不同的文字）",
            f"{n} rows, no column holds question-like text (longer, different on every row)",
        )
    if not _key_candidates(sample, [c for c in range(width) if c not in stems[:1]]):
        return (
            f"{n} 行，没有一列像选项或答案（选项字母、序号、对错）",
            f"{n} rows, no column holds option-like or key-like values (option letters, numbers, judgements)",
        )
    return (
        f"{n} 行，答案列的内容与大多数行的选项对不上",
        f"{n} rows, the keys do not fit the options on most rows",
    )


# -- a known header whose columns do not explain the rows -------------------------------------------------
def header_fit(table: Table, header: Header) -> _Fit:
    """How well the header's mapping explains the rows under it: how many rows get a key that fits their
    options (or judges a statement), measured as a plan by content is."""
    stem = next(c for c, r in header.roles.items() if r == "stem")
    key = next((c for c, r in header.roles.items() if r == "key"), None)
    options = [c for c, r in sorted(header.roles.items(), key=lambda i: i[1]) if r.startswith("option:")]
    cell = next((c for c, r in header.roles.items() if r == "options"), None)
    width = max(len(r.cells) for r in table.rows)
    rows = [_Cells.of(r, width) for r in table.rows[header.index + 1 :][:_SAMPLE] if _filled(r) >= 2]
    return _measure(rows, stem, key, options, cell)


def over_header(table: Table, header: Header) -> tuple[ContentPlan, Table] | None:
    """The plan by content that explains the rows clearly better than the header's words do (`Frage |
    answer_0 … answer_3 | correctAnswerIndex`, read by the header as a fill-in's blanks; `答案 | 題目 | (1) |
    (2)`, whose option columns no word names): the header's words are evidence, the rows decide. None
    when the header explains the rows as well, or no plan keeps the header's question column."""
    if table.sheet_keys or any(r.startswith(("flag:", "wrong:")) for r in header.roles.values()):
        return None
    fit = header_fit(table, header)
    if not fit.rows or fit.explained == fit.rows:
        return None
    planned = plan_columns(table)
    if planned is None or not _extends(header, planned[0]):
        return None
    plan, shape = planned
    rows = [_Cells.of(r, max(len(r.cells) for r in shape.rows)) for r in shape.rows[plan.first : plan.last + 1]]
    better = _measure([r for r in rows if any(r.texts)][:_SAMPLE], plan.stem, plan.key, plan.options, plan.options_cell)
    if plan.fit < 0.8 or better.explained < max(2, 0.8 * better.rows) or better.explained <= fit.explained:
        return None
    plan.over_header = True
    return plan, shape


def _extends(header: Header, plan: ContentPlan) -> bool:
    """The plan keeps what the header names and reads further: the header's question and key columns as
    its own, the header's option columns among its options, and no column the header names as something
    else read otherwise (`answer_0` beside `answer_1`…`answer_3` becomes an option; `难度` never does)."""
    roles = header.roles
    stem = next(c for c, r in roles.items() if r == "stem")
    key = next((c for c, r in roles.items() if r == "key"), plan.key)
    options = {c for c, r in roles.items() if r.startswith("option:") or r == "options"}
    read = {*plan.options, *([plan.options_cell] if plan.options_cell is not None else [])}
    if plan.stem != stem or plan.key != key or plan.below is not None or not options <= read:
        return False
    return not _contradicts(header, plan)


def _contradicts(header: Header, plan: ContentPlan) -> bool:
    """The plan reads a column the header names as something else: its key in a `难度` or `分数` column, an
    option in `答案` or `解析` (the header's options, blanks and wrong answers may be options)."""
    for column, role in plan.columns().items():
        named = header.roles.get(column)
        if named is None or role in ("number", "type", "explanation"):
            continue
        if role == "key" and named != "key":
            return True
        if role.startswith("option") and not named.startswith(("option", "blank:", "wrong:")):
            return True
    return False


# -- a known header without a key column ------------------------------------------------------------------
def completed(table: Table, header: Header) -> Header:
    """A header the importer knows that names no key column (`Question | Réponse A | Réponse B | Juste`): the
    unnamed column whose values fit the rows' options as keys becomes the key column; the header as it was
    when none does."""
    roles = header.roles.values()
    if table.sheet_keys or any(r == "key" or r.startswith(("flag:", "blank:")) for r in roles):
        return header
    stem = next((c for c, r in header.roles.items() if r == "stem"), None)
    if stem is None:
        return header
    width = max(len(r.cells) for r in table.rows)
    rows = [_Cells.of(r, width) for r in table.rows[header.index + 1 :][:_SAMPLE] if _filled(r) >= 2]
    options = [c for c, r in sorted(header.roles.items(), key=lambda i: i[1]) if r.startswith("option:")]
    cell = next((c for c, r in header.roles.items() if r == "options"), None)
    best: tuple[float, int] | None = None
    for column in [c for c in range(width) if c not in header.roles]:
        fit = _measure(rows, stem, column, options, cell)
        if fit.rows and fit.score >= 0.6 * fit.rows and fit.strong >= max(2, fit.rows / 2):
            best = max(best or (fit.score, column), (fit.score, column))
    if best is None:
        return header
    column = best[1]
    names = {**header.names, "key": table.rows[header.index].cells[column].strip()}
    return Header(header.line, header.index, {**header.roles, column: "key"}, names)
