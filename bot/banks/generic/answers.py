"""Keys written apart from their questions, in any form: whatever pairs numbers with keys.

    1 (b); 2 (c); 4 (a, c and d)          pairs, the key in brackets
    1.- a      2.- b      3.- b            pairs after a number's punctuation
    1.AB     2.B   3.ABC                   several to a line
    1-10）   ABDAAAADDD   11～20 ×√√×       ranges with their keys run together
    1 2 3 4 5 / C E E C E                 a row of numbers over a row of keys (also in a table's cells)
    第1題 … 第10題 / 答案 / B … A           the same grid with its cells one per line
    1.【答案】B  【解析】…                  a number, a key label and the key, an explanation below

Each line is read as entries only when entries make up nearly all of it, so that a sentence that happens
to hold a number and a letter stays text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.banks.conventions.annulled import annulled
from bot.banks.conventions.shapes import explanation_marker, key_marker, number_head

__all__ = ["Entry", "Group", "grid_at", "labelled_entries", "labelled_entry", "line_entries", "worded_entries"]

# one key: letters or judgement marks run together, or words in brackets
_KEY_CHARS = r"A-Ha-hА-Га-гアイウエオカ①-⑧√×✓✗✔✘○〇◯●⭕❌✅对錯错對TFYNVRCEXrv"  # r/f (richtig), v/f (vrai)
_TOKEN = rf"[{_KEY_CHARS}]{{1,8}}(?![A-Za-z\u0400-\u04ff])"
_BRACKETED = r"[（(\[【]\s*(?P<bk>[^()（）\[\]【】]{1,40}?)\s*[)）\]】]"
_PAIR = re.compile(
    rf"(?:(?<![A-Za-z])(?P<prefix>Q|No\.?|#|問|第)\s*|(?P<open>[（(])(?=\d{{1,4}}[)）]))?(?P<n>\d{{1,4}})\s*[問题題]?\s*"
    rf"(?P<sep>\.-|[.．、:：)）=/]|[-–—](?!\d)|[-–—](?=[1-8](?!\d))|\s|(?=[{_KEY_CHARS}]))\s*"
    rf"(?:{_BRACKETED}|(?P<k>{_TOKEN}|[1-8](?!\d)))(?=$|[\s;；,，|/])"
)
_RANGE = re.compile(
    rf"(?P<a>\d{{1,4}})\s*[-–—～~至]\s*(?P<b>\d{{1,4}})\s*[)）:：.、]?\s*(?P<keys>(?:[{_KEY_CHARS}]\s?){{2,40}})(?=$|[\s;；,，|])"
)
# a question's number and a word saying it was annulled, among a row of keys
_ANNULLED_PAIR = re.compile(r"(?<!\d)(?P<n>\d{1,4})\s*[-–—.):：]\s*(?P<word>[^\W\d_]{3,20})(?=$|[\s;；,，|/])")
_DIGIT_KEY_SEPARATORS = (":", "：", "=", ")", "）", "-", "–", "—")  # "1: 3", "1) 3": an option's number
_SEPARATORS = re.compile(r"[\s;；,，|/·]+")
_NUMBER_ALONE = re.compile(r"^(?:第\s*)?(\d{1,4})\s*(?:[题題问問号號]|번)?\s*$")
_KEY_ALONE = re.compile(rf"^\s*(?:{_TOKEN}|[（(]\s*{_TOKEN}\s*[)）])\s*$")
# a grid's cell for a question given no key ("#", "*", "—": 一律給分, annulled)
_VOID = re.compile(r"[#*＊—–\-/]{1,2}")
_KEY_CELL = re.compile(rf"{_KEY_ALONE.pattern}|^\s*{_VOID.pattern}\s*$")
# a grid's row labels, in the languages the importer reads: "Câu | 1 | 2 …" over "Đáp án | B | D …"
_GRID_WORDS = (
    r"题号|題號|题目|序号|No\.?|N[°º]|№.*|Question|Item|Номер|問題?|번호|Nº|문항|Câu|Câu hỏi|Soru|Pytanie|Zadanie"
    r"|Frage|Aufgabe|Nr\.?|Pregunta|Questão|Domanda|Вопрос|Задание|Soal|Nomor|رقم السؤال|السؤال"
)
_KEY_WORDS = (
    r"答案|正确答案|答\s*案|Key|Answer|Ответ|Respuesta|Resposta|Réponse|正解|정답|Lösung|Đáp án|Cevap|Yanıt"
    r"|Odpowiedź|Jawaban|Kunci|Antwort|Risposta|Gabarito|Clave|Ответы|解答|الإجابة"
)
_GRID_LABEL = re.compile(rf"^(?:{_GRID_WORDS})\s*$", re.I)
_KEY_LABEL = re.compile(rf"^(?:{_KEY_WORDS})\s*$", re.I)
# the same labels opening a row written as text, a label of two words too ("Đáp án  B  D  C")
_GRID_LABEL_OPENING = re.compile(rf"^\s*(?:{_GRID_WORDS})\s+(?=\d)", re.I)
_KEY_LABEL_OPENING = re.compile(rf"^\s*(?:{_KEY_WORDS})\s*[:：]?\s+", re.I)


@dataclass
class Entry:
    number: int
    key: str
    line: int
    explanation: list[str] = field(default_factory=list)


@dataclass
class Group:
    """The entries under one heading of an answer part (or all of them, when it has none)."""

    title: str | None
    line: int
    entries: list[Entry] = field(default_factory=list)


def line_entries(text: str, line: int) -> list[Entry] | None:
    """The entries a line holds, when they make up nearly all of it; None when it is something else."""
    entries: list[Entry] = []
    covered = 0
    pos = 0
    spans: list[tuple[int, int]] = []
    for m in _RANGE.finditer(text):
        a, b = int(m.group("a")), int(m.group("b"))
        keys = [k for k in re.findall(rf"[{_KEY_CHARS}]", m.group("keys"))]
        if b - a + 1 == len(keys) and b > a:
            entries += [Entry(a + i, key, line) for i, key in enumerate(keys)]
            spans.append(m.span())
    for m in _PAIR.finditer(text):
        if any(s <= m.start() < e for s, e in spans):
            continue
        key = m.group("bk") or m.group("k")
        if key.isdecimal() and (
            m.group("open")
            or (not m.group("prefix") and not m.group("bk") and m.group("sep").strip() not in _DIGIT_KEY_SEPARATORS)
        ):
            # "1 2 3 4" are numbers and "(1) 4" a blank's answer, not a question and its option's number
            # ("問1 3", "1: 3", "1) 3", "1. (3)" are)
            continue
        entries.append(Entry(int(m.group("n")), key.strip(), line))
        spans.append(m.span())
    for m in _ANNULLED_PAIR.finditer(text):
        if annulled(m.group("word")) and not any(s <= m.start() < e for s, e in spans):
            spans.append(m.span())  # "7-ANULADA", "12. Bonus": the question's place in the row, no key for it
    if not entries:
        return None
    for s, e in sorted(spans):
        if s >= pos:
            covered += len(re.sub(r"\s", "", text[s:e]))
            pos = e
    rest = len(re.sub(r"[\s;；,，|/·。.–—]", "", text))  # "1a – 2c – 3b": dashes between entries too
    if covered < 0.85 * rest:
        return None
    entries.sort(key=lambda e: e.number)
    return entries


def labelled_entry(text: str, line: int) -> Entry | None:
    """`1.【答案】B`, `3. Answer: C`, `12、答案：对`: one question's key after its number and a key label."""
    head = number_head(text)
    if head is None or head[2] is not None:
        return None
    found = key_marker(head[1])
    if found is None or found[0] or not found[1]:
        return None
    return Entry(head[0], found[1], line)


def grid_at(texts: list[str], cells: list[list[str] | None], i: int, line: int) -> tuple[list[Entry], int] | None:
    """A row of numbers over a row of keys (as text, or a table's cells, a label cell first), or the same grid
    with its cells one per line: its entries and how many lines it takes."""
    numbers = _numbers_row(texts[i], cells[i])
    if numbers is not None and i + 1 < len(texts):
        keys = _keys_row(texts[i + 1], cells[i + 1])
        if keys is not None and len(keys) == len(numbers):
            pairs = zip(numbers, keys, strict=True)
            return [Entry(n, k, line + 1) for n, k in pairs if not _VOID.fullmatch(k)], 2
    # one cell per line: 第1題 … 第10題, 答案, B … A (a whole column, from its first cell to its last)
    if i > 0 and _NUMBER_ALONE.match(texts[i - 1].strip()):
        return None
    column: list[int] = []
    k = i
    while k < len(texts) and (m := _NUMBER_ALONE.match(texts[k].strip())):
        column.append(int(m.group(1)))
        k += 1
    if len(column) < 3 or column != list(range(column[0], column[0] + len(column))):
        return None
    if k < len(texts) and _KEY_LABEL.match(texts[k].strip()):
        k += 1
    keys_column = []
    while k < len(texts) and len(keys_column) < len(column) and _KEY_CELL.match(texts[k]):
        keys_column.append(texts[k].strip().strip("（()）").strip())
        k += 1
    if len(keys_column) != len(column) or (k < len(texts) and _KEY_ALONE.match(texts[k])):
        return None
    entries = [Entry(n, key, line) for n, key in zip(column, keys_column, strict=True) if not _VOID.fullmatch(key)]
    return entries, k - i


def _row(text: str, cells: list[str] | None) -> list[str]:
    parts = [c.strip() for c in cells] if cells is not None else _SEPARATORS.split(text.strip())
    return [p for p in parts if p]


def _numbers_row(text: str, cells: list[str] | None) -> list[int] | None:
    opening = _GRID_LABEL_OPENING.match(text) if cells is None else None
    parts = _row(text[opening.end() :] if opening else text, cells)
    labelled = opening is not None or (bool(parts) and _GRID_LABEL.match(parts[0]) is not None)
    if labelled and opening is None:
        parts = parts[1:]
    numbers = []
    for p in parts:
        m = _NUMBER_ALONE.match(p)
        if m is None:
            return None
        numbers.append(int(m.group(1)))
    # two numbers make a grid only under their label (`| № | 1 | 2 |`): "1 2" alone is no grid
    if len(numbers) < (2 if labelled else 3) or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None
    return numbers


def _keys_row(text: str, cells: list[str] | None) -> list[str] | None:
    opening = _KEY_LABEL_OPENING.match(text) if cells is None else None
    parts = _row(text[opening.end() :] if opening else text, cells)
    labelled = opening is not None or (bool(parts) and _KEY_LABEL.match(parts[0]) is not None)
    if labelled and opening is None:
        parts = parts[1:]
    if len(parts) < (2 if labelled else 3) or not all(_KEY_CELL.match(p) for p in parts):
        return None
    return parts


def explanation_of(text: str) -> str | None:
    return explanation_marker(text)


# a label before a line of entries: "Part A: 1. A 2. B", "Answers: 1-A, 2-B", "一、1．C 2．B", "CHAPTER 2: 1 (b)"
_ENTRIES_LABEL = re.compile(
    r"^(?P<label>(?:Part|Section|Teil|Parte|Partie|Chapter|Kapitel|Cap[íi]tulo|Chapitre|Unit|Lesson)\s*[\w]{1,4}"
    r"|[一二三四五六七八九十]{1,3}|[IVX]{1,4}|[A-H]|[^\s:：\d]{1,16})\s*(?:[:：]|(?<=[一二三四五六七八九十])\s*[、.．])\s*"
)


def labelled_entries(text: str, line: int) -> tuple[str, list[Entry]] | None:
    """A line of entries after a label that names their group (`Part B: 1. B 2. B`): the label, the entries."""
    m = _ENTRIES_LABEL.match(text)
    if m is None:
        return None
    entries = line_entries(text[m.end() :], line)
    return (m.group("label").strip(), entries) if entries else None


_WORDED_PIECE = re.compile(r"^\s*(?P<n>\d{1,3})\s*[).:：]\s*(?P<key>\S.{0,40}?)\s*$")


def worded_entries(text: str, line: int) -> tuple[str | None, list[Entry]] | None:
    """A line of answers in words after their numbers, set apart by semicolons, maybe after a label naming
    their group (`Teil 1: 1) einen; 2) der; 3) des`): the label and the entries; two at least, in order."""
    m = _ENTRIES_LABEL.match(text)
    label, body = (m.group("label").strip(), text[m.end() :]) if m else (None, text)
    pieces = [p for p in re.split(r"[;；]", body) if p.strip()]
    found = [_WORDED_PIECE.match(p) for p in pieces]
    if len(pieces) < 2 or not all(found):
        return None
    entries = [Entry(int(f.group("n")), f.group("key"), line) for f in found if f is not None]
    numbers = [e.number for e in entries]
    return (label, entries) if numbers == sorted(set(numbers)) else None
