"""Keys written apart from their questions: where they are, and reading them.

A key block after a section (`答案：` then `1.A 2.B`, `解析：` then numbered explanations), or an answer
part at the end of the document (`参考答案` / `答案与解析`, with repeated section headings, ranges
`1-5 ACBDA`, tables, lists). Finding them comes before choosing question starts: their numbered lines
are keys, not questions. Matching the keys to questions is `bot.banks.layouts.answer_part`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.banks.conventions.chars import probe
from bot.banks.conventions.headings import kind_in_header
from bot.banks.conventions.keys import count_blanks
from bot.banks.layouts.answer_part import (
    KEY_WORDS,
    AnswerEntry,
    AnswerGroup,
    Piece,
    bare_keys,
    blank_entries,
    entries_of_line,
    grid_entries,
    labelled_answers,
    numbered_entry,
    separated_entries,
    spaced_entries,
)
from bot.banks.layouts.classify import Info
from bot.banks.layouts.stem_keys import has_key_in_stem
from bot.banks.model import Kind

__all__ = ["Apart", "read_answer_groups", "read_key_block"]

Warn = Callable[[int, str, str], None]
_LONE_NUMERAL = re.compile(
    r"^\s*(?:[一二三四五六七八九十]{1,3}\s*[、.．]|[（(]\s*[一二三四五六七八九十]{1,3}\s*[)）])\s*$"
)
_LONE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")
_ANSWERED = re.compile(r"^(?:答|参考答案|答案)\s*[:：]")  # "【问题1】答：…": a sub-question's answer, no question
_GRID_HEAD = re.compile(r"^(?:题\s*号|序\s*号)\s*[|｜]?\s*\d")
_KEY_START = re.compile(
    r"^\s*(?:`?[A-Ha-h]{1,8}`?|[√×✓✗✔✘]|对|错|正确|错误)(?:\s*[,，、]\s*`?[A-Ha-h]`?)*\s*(?:[。.；;，,:：]|\s|$)"
)


class Apart:
    """Where a document keeps keys apart from its questions."""

    def __init__(self, infos: list[Info]) -> None:
        self.infos = infos

    def key_lines(self, stop: int, taken: set[int]) -> dict[int, list[tuple[int, str]]]:
        """Lines of keys standing alone among the questions (`Answers (Part A): 1-(b), 2-(c), 3-(a)`)."""
        out: dict[int, list[tuple[int, str]]] = {}
        for i in range(min(stop, len(self.infos))):
            if i in taken:
                continue
            entries = entries_of_line(t := self.infos[i].text)
            if entries and len(entries) >= 3:
                out[i] = entries
            elif ("：" in t or ":" in t or "】" in t) and KEY_WORDS.search(t) and (worded := labelled_answers(t)):
                out[i] = worded  # "【本部分答案】1．维修　2．History": a fill-in part's answers
        return out

    def grids(self, stop: int) -> dict[int, list[tuple[int, str]]]:
        """Grids of keys (a row of numbers above a row of keys), by the index of their first row."""
        out: dict[int, list[tuple[int, str]]] = {}
        for i in range(min(stop, len(self.infos)) - 1):
            entries = grid_entries(self.infos[i].text, self.infos[i + 1].text)
            if entries:
                out[i] = entries
        return out

    def answer_part_start(self) -> int | None:
        """The line that opens an answer part at the end, if any: a heading of keys (`参考答案`, `答案与解析`,
        an empty `答案：`) after which no question follows, and keys do — a strong heading always; a plain
        one when a kind heading or lists of keys follow, or when an earlier section has no key of its own
        (a case's own `参考答案：` is not one)."""
        infos = self.infos
        # questions after it: a set of options, a key written under its question, a ticked slot, 问题：
        question_after = [0] * (len(infos) + 1)
        for i in range(len(infos) - 1, -1, -1):
            info = infos[i]
            role = info.marker[0].role if info.marker else None
            own = (
                (info.option is not None and info.option[1] == "B" and separated_entries(info.text) is None)
                or (
                    role == "key"
                    and bool(info.marker and info.marker[1])
                    and not entries_of_line(info.text)
                    and not (i and _LONE_NUMBER.match(infos[i - 1].text))  # "7" above "[答案]:AD": a key entry
                )
                or (role == "meta" and "正确答案" in info.text)  # "我的答案: 对正确答案: 错": a question's own key
                or (role == "ask" and not _ANSWERED.match(info.marker[1] if info.marker else ""))
                or info.tf_slots is not None
            )
            question_after[i] = question_after[i + 1] + own
        numbered_before = 0
        titles: set[str] = set()  # the headings above, to know a part's heading repeated in an answer part
        for i, info in enumerate(infos):
            opens = info.answer_header
            if opens is None and info.marker is not None and info.marker[0].role == "key" and not info.marker[1]:
                opens = (True, False)
            if (
                opens is not None
                and numbered_before
                and (not question_after[i + 1] or (opens[1] and not self._questions_outside_parts(i, titles)))
                and self._answers_follow(i, opens[1])
            ):
                return i
            numbered_before += bool(info.nums)
            if info.heading is not None:
                titles.add(probe(info.text))
        return None

    def _questions_outside_parts(self, i: int, titles: set[str]) -> bool:
        """Whether a question seems to follow a strong answer heading outside the groups headed as the
        paper's parts again: under `## Part B` repeated, a reference answer's bullets (`- Acidosis …`,
        `- Buffers …`, read as glued options A and B) are that group's text, and one group that reads
        badly must not cost the others their keys."""
        repeated = False
        for k in range(i + 1, len(self.infos)):
            info = self.infos[k]
            if info.heading is not None:
                repeated = probe(info.text) in titles
                continue
            if repeated:
                continue
            if info.option is not None and info.option[1] == "B" and separated_entries(info.text) is None:
                return True
            role = info.marker[0].role if info.marker else None
            if role == "ask" and not _ANSWERED.match(info.marker[1] if info.marker else ""):
                return True
            if info.tf_slots is not None:
                return True
        return False

    def _answers_follow(self, i: int, strong: bool) -> bool:
        nxt = self._next_significant(i)
        while (
            nxt is not None
            and nxt < i + 3
            and ((strong and self._is_note(self.infos[nxt])) or _LONE_NUMERAL.match(self.infos[nxt].text))
        ):
            nxt = self._next_significant(nxt)  # "一、共20分。每题2分。" or "一、" alone: then the keys
        if strong and self._kind_heading_past_note(nxt):
            return True  # "使用说明" / "以下为参考答案……" (a container's note), then the first group's kind heading
        if nxt is None:
            return False
        info = self.infos[nxt]
        if info.heading is not None and info.heading.names_kind:
            return True
        if _GRID_HEAD.match(probe(info.text)):
            return True  # a grid of keys: "题号 | 1 | 2 | 3" over "答案 | A | C | B"
        if _LONE_NUMBER.match(info.text) and nxt + 1 < len(self.infos):
            below = self.infos[nxt + 1].marker
            if below is not None and below[0].role == "key" and below[1]:
                return True  # "1" over "[答案]:B": a key per number
        if strong:
            return bool(
                info.nums
                or numbered_entry(info.text)
                or entries_of_line(info.text)
                or info.line.cells
                or bare_keys(info.text)
                or spaced_entries(info.text)
            )
        if (
            entries_of_line(info.text)
            or bare_keys(info.text)
            or self._key_table_follows(nxt)
            or spaced_entries(info.text)
        ):
            return True if not self._in_case_section(i) else self._keyless_before(i)
        entry = numbered_entry(info.text)
        return entry is not None and self._keyless_before(i)

    def _kind_heading_past_note(self, k: int | None) -> bool:
        """Whether a kind heading follows line k past a short note of plain words (at most three lines with no
        number, key, option, cells or heading, none reading as keys)."""
        for _ in range(3):
            if k is None:
                return False
            info = self.infos[k]
            lettered = info.option is not None and info.option[0] != "bare"  # "How to use" is no option H
            if info.nums or info.marker or lettered or info.line.cells or info.heading is not None:
                return False
            if entries_of_line(info.text) or bare_keys(info.text) or spaced_entries(info.text):
                return False
            k = self._next_significant(k)
            if k is not None and (heading := self.infos[k].heading) is not None:
                return heading.names_kind
        return False

    def _is_note(self, info: Info) -> bool:
        return info.heading is not None and not info.heading.names_kind

    def _in_case_section(self, i: int) -> bool:
        for info in reversed(self.infos[:i]):
            if info.heading is not None and info.heading.names_kind:
                return info.heading.kind is Kind.case
        return False

    def _key_table_follows(self, i: int) -> bool:
        return self.infos[i].line.cells is not None

    def _keyless_before(self, end: int) -> bool:
        """An earlier section (not the one the line stands in) has numbered lines and no key of its own:
        its keys can only come later."""
        numbered = keyed = 0
        for info in self.infos[:end]:
            if info.heading is not None:
                if numbered and not keyed:
                    return True
                numbered = keyed = 0
                continue  # a heading set in bold marks no key
            numbered += bool(info.nums)
            keyed += self._keyish(info)
        return False  # the section the line stands in: its keys may be this line's key block

    def _keyish(self, info: Info) -> bool:
        if info.marker is not None and info.marker[0].role in ("key", "answer"):
            return True
        if info.tf_slots is not None and info.tf_slots[0] is not None:
            return True
        if info.line.spans or info.line.checked:
            return True
        return has_key_in_stem(info.text)

    def _next_significant(self, i: int) -> int | None:
        return i + 1 if i + 1 < len(self.infos) else None

    def key_blocks(self, stop: int) -> dict[int, int]:
        """Key blocks after a section (`答案：` then `1.A` lines, `解析：` then numbered explanations):
        start index -> end index (exclusive). Not in a section of cases (`参考答案：` there is a case's own),
        nor where the section's questions carry keys of their own."""
        blocks: dict[int, int] = {}
        segment = 0  # where the current section began
        i = 0
        while i < stop:
            info = self.infos[i]
            if info.heading is not None:
                segment = i
            empty_key = (info.marker is not None and info.marker[0].role == "key" and not info.marker[1]) or (
                info.answer_header is not None
            )
            if empty_key and i + 1 < stop and self._opens_key_block(segment, i):
                end = self._block_end(i + 1, stop)
                blocks[i] = end
                i = end
                continue
            i += 1
        return blocks

    def _opens_key_block(self, segment: int, i: int) -> bool:
        nxt = self.infos[i + 1]
        if self._in_case_section(i) or not self._entry_like(nxt):
            return False
        before = self.infos[segment:i]
        if any(self._keyish(b) for b in before) or not any(b.nums for b in before):
            return False
        if any(b.marker is not None and b.marker[0].role == "meta" for b in self.infos[max(segment, i - 4) : i]):
            return False  # "我的答案：" / "(1) …" / "正确答案：": a question's own keys, blank by blank
        one = numbered_entry(nxt.text)
        many = entries_of_line(nxt.text)
        first = many[0][0] if many else one[0] if one else None
        if first is not None and not any(n == first for b in before for _, n, _ in b.nums):
            return False  # "(1) return false" under question 9: the key of its blanks, not a block
        if many or nxt.line.cells is not None or (one and _KEY_START.match(probe(one[1]))):
            return True
        return any(count_blanks(b.text) for b in before)  # short text keys: a section of fill-ins

    def _entry_like(self, info: Info, *, within: bool = False) -> bool:
        """Whether the line reads as a numbered key; `within` a block already opened, a worded answer may be
        longer (a line of a poem, a phrase)."""
        if entries_of_line(info.text) or info.line.cells is not None:
            return True
        entry = numbered_entry(info.text)
        if entry is None:
            return False
        rest = entry[1]
        if _KEY_START.match(probe(rest)):
            return True  # "1. B。因为……", "3. `a`, `b`：……"
        longest = 40 if within else 12
        return (
            bool(rest) and len(rest) <= longest and not re.search(r"[？?_]|（\s*）", rest) and not rest.endswith("：")
        )

    def _block_end(self, i: int, stop: int) -> int:
        explaining = False
        while i < stop:
            info = self.infos[i]
            if info.heading is not None or info.answer_header is not None:
                return i
            if info.marker is not None and info.marker[0].role == "explanation" and not info.marker[1]:
                explaining = True
            elif explaining:
                if info.option is not None and info.option[1] == "A":
                    return i
            elif not self._entry_like(info, within=True):
                return i
            i += 1
        return i


def _entry_label(text: str) -> str:
    """How an entry of the answer part is numbered: case (案例2), di (第2题), or plain (2.)."""
    p = probe(text)
    if re.match(r"^[【\[]?\s*(?:案例|试题|题目)", p):
        return "case"
    if re.match(r"^第\s*\d", p):
        return "di"
    return "plain"


def _table_entries(cells: list[str]) -> list[tuple[int, str]] | None:
    cells = [c for c in cells if c]
    if len(cells) >= 2 and re.fullmatch(r"\d{1,4}", cells[0]):
        return [(int(cells[0]), cells[1])]
    return None


def _table_rows(cells: list[str], header: list[str] | None) -> tuple[list[str] | None, list[tuple[int, str, str]]]:
    """A key table: `| 1 | 对 | 解析 |` rows, `| 1 | B | 2 | C |` (number and key pairs across), or a
    header row of numbers above a row of keys."""
    first = cells[0].strip() if cells else ""
    if re.fullmatch(r"题号|序号|No\.?|#|题目", first, re.I) and len(cells) > 2:
        if all(re.fullmatch(r"\d{1,4}", c.strip()) for c in cells[1:] if c.strip()):
            return cells, []
        return None, []
    if header is not None and len(cells) == len(header):
        rows = [(int(h), c.strip(), "") for h, c in zip(header[1:], cells[1:], strict=True) if h.strip() and c.strip()]
        return None, rows
    pairs = [(cells[i].strip(), cells[i + 1].strip()) for i in range(0, len(cells) - 1, 2)]
    if len(pairs) > 1 and all(re.fullmatch(r"\d{1,4}", n) for n, k in pairs if n or k):
        return None, [(int(n), k, "") for n, k in pairs if n and k]
    if len(cells) >= 2 and re.fullmatch(r"\d{1,4}", first):
        return None, [(int(first), cells[1].strip(), " ".join(c for c in cells[2:] if c.strip()))]
    return header, []


def read_key_block(
    infos: list[Info], start: int, end: int, warn: Warn
) -> tuple[dict[int, tuple[int, str]], dict[int, list[Piece]]]:
    """The keys (number -> line, key) and explanations (number -> lines) of a key block."""
    keys: dict[int, tuple[int, str]] = {}
    explanations: dict[int, list[Piece]] = {}
    explaining = False
    current: list[Piece] | None = None
    for info in infos[start + 1 : end]:
        n = info.line.number
        if info.marker is not None and info.marker[0].role == "explanation" and not info.marker[1]:
            explaining, current = True, None
            continue
        if explaining:
            entry = numbered_entry(info.text)
            if entry is not None:
                if entry[0] in explanations:
                    warn(
                        n,
                        f"第 {entry[0]} 题的解析出现了两次，保留第一次",
                        f"the explanation of question {entry[0]} appears twice; the first is kept",
                    )
                    current = None
                    continue
                current = explanations.setdefault(entry[0], [])
                if entry[1]:
                    current.append(Piece(entry[1], n, info.line.gap))
            elif current is not None:
                current.append(_piece(info))
            else:
                warn(
                    n,
                    "解析块中的这一行不属于任何题，已忽略",
                    "this line of the explanation block belongs to no question; ignored",
                )
            continue
        entries = _entries(info, warn)
        if entries is None:
            warn(n, "答案块中的这一行无法识别，已忽略", "this line of the key block is not understood; ignored")
            continue
        for number, key in entries:
            if number in keys:
                warn(
                    n,
                    f"第 {number} 题的答案出现了两次，保留第一次",
                    f"the key of question {number} appears twice; the first is kept",
                )
                continue
            keys[number] = (n, key)
    return keys, explanations


def _piece(info: Info) -> Piece:
    if info.marker is not None and info.marker[0].role == "explanation" and info.marker[1]:
        return Piece(info.marker[1], info.line.number, info.line.gap)  # "[解析]:……": the words, not the label
    return Piece(info.line.text, info.line.number, info.line.gap)


def _entries(info: Info, warn: Warn) -> list[tuple[int, str]] | None:
    if info.line.cells is not None:
        return _table_entries(info.line.cells)
    many = entries_of_line(info.text, warn, info.line.number)
    if many is not None:
        return many
    one = numbered_entry(info.text)
    return [one] if one is not None else None


def read_answer_groups(infos: list[Info], start: int, warn: Warn) -> list[AnswerGroup]:
    """The answer part from `start` to the end: keys and explanations, grouped under repeated headings."""
    groups = [AnswerGroup(None, None, infos[start].line.number)]
    explaining = False
    entry: AnswerEntry | None = None
    header_row: list[str] | None = None
    grid: str | None = None
    read_below = -1  # the "[答案]:AD" under a lone number, read with it
    # the paper's part headings: one repeated in the answer part heads that part's keys, whether or not it
    # names a kind (`## Part B: Free Response` over its reference answers)
    parts = {probe(i.text) for i in infos[:start] if i.heading is not None}
    for at in range(start + 1, len(infos)):
        if at == read_below:
            continue
        info = infos[at]
        group = groups[-1]
        n = info.line.number
        if _LONE_NUMBER.match(info.text) and (key := _key_below(infos, at)) is not None:
            entry = AnswerEntry(int(info.text), n, key)  # "7" over "[答案]:AD"
            group.keys.append(entry)
            read_below = at + 1
            continue
        if info.heading is not None and info.heading.names_kind:
            groups.append(AnswerGroup(info.heading.title, info.heading.kind, n))
            explaining, entry = False, None
            for number, key in entries_of_line(info.text, warn, n) or []:  # "一、单选题 1-5 ABCDA"
                groups[-1].keys.append(AnswerEntry(number, n, key))
            continue
        if info.heading is not None and not info.nums and probe(info.text) in parts:
            groups.append(AnswerGroup(info.heading.title, info.heading.kind, n))
            explaining, entry = False, None
            continue
        if _LONE_NUMERAL.match(info.text):
            entry = None  # "一、" alone over its section's keys: the numbers say which questions
            continue
        if info.heading is not None and (info.line.gap or info.line.heading) and not info.nums:
            entry = None  # "Chapter 2: Storage" set apart over its keys: no part of the last explanation
            continue
        if info.answer_header is not None or (
            info.marker is not None and info.marker[0].role == "key" and not info.marker[1]
        ):
            explaining, entry = False, None
            if (named := kind_in_header(info.text)) is not None:  # "单选题答案": the keys of that section
                groups.append(AnswerGroup(info.text.strip(), named, n))
            continue
        if info.marker is not None and info.marker[0].role == "explanation" and not info.marker[1]:
            explaining, entry = True, None
            continue
        if info.line.cells is not None:
            header_row, rows = _table_rows(info.line.cells, header_row)
            for number, key, more in rows:
                entry = AnswerEntry(number, n, key, [Piece(more, n, False)] if more else [])
                group.keys.append(entry)
            continue
        if explaining:
            one = numbered_entry(info.text)
            if one is not None:
                entry = AnswerEntry(one[0], n, "", [Piece(one[1], n, info.line.gap)] if one[1] else [])
                group.explanations.append(entry)
            elif entry is not None:
                entry.more.append(_piece(info))
            else:
                _noise(info, warn)
            continue
        many = entries_of_line(info.text, warn, n)
        if many is not None:
            for number, key in many:
                group.keys.append(AnswerEntry(number, n, key))
            entry = None
            continue
        if (labelled := blank_entries(info.text)) is not None:
            group.blanks.extend(AnswerEntry(number, n, key) for number, key in labelled)
            entry = None
            continue
        if grid is not None and (gridded := grid_entries(grid, info.text)) is not None:
            group.keys.extend(AnswerEntry(number, n, key) for number, key in gridded)
            grid, entry = None, None
            continue
        if grid_entries(info.text, info.text + " x") is not None or _GRID_HEAD.match(probe(info.text)):
            grid = info.text  # the row of numbers; its keys are on the next line
            continue
        if group.kind is not Kind.case and (spaced := spaced_entries(info.text)) is not None:
            group.keys.extend(AnswerEntry(number, n, key) for number, key in spaced)
            entry = None
            continue
        one = numbered_entry(info.text)
        if one is not None and _opens_entry(group, entry, info.text, one[0]):
            entry = AnswerEntry(one[0], n, one[1], label=_entry_label(info.text))
            group.keys.append(entry)
            continue
        bare = bare_keys(info.text) if entry is None or not entry.more else None
        if bare is not None:
            last = group.keys[-1].number if group.keys else 0
            for offset, key in enumerate(bare, start=1):
                group.keys.append(AnswerEntry(last + offset, n, key))
            entry = None
            continue
        if entry is not None:
            entry.more.append(_piece(info))
        else:
            _noise(info, warn)
    return groups


def _key_below(infos: list[Info], at: int) -> str | None:
    """The key of a labelled key line right below line `at` (`[答案]:AD`), if that is what follows."""
    if at + 1 >= len(infos):
        return None
    marker = infos[at + 1].marker
    return marker[1] if marker is not None and marker[0].role == "key" and marker[1] else None


def _opens_entry(group: AnswerGroup, entry: AnswerEntry | None, text: str, number: int) -> bool:
    """Under a case heading, the numbered points of a reference answer belong to it: a numbered line
    opens the next case's answer only when labelled 案例N / 第N题, or numbered like the entry before
    it with the next number."""
    if group.kind is not Kind.case or entry is None:
        return True
    label = _entry_label(text)
    if label in ("case", "di"):
        return True
    return label == entry.label and number == entry.number + 1


def _noise(info: Info, warn: Warn) -> None:
    warn(
        info.line.number,
        "文末答案中的这一行无法识别，已忽略",
        "this line of the answer section is not understood; ignored",
    )
