"""The importer: an exam document -> a bank, with what was left out and why, line by line.

    format reader (bot.banks.formats) -> text and question tables
    text: lines (markup, pinyin, script, widths) -> recognise conventions -> read drafts
    tables: header row -> one draft per row
    all drafts, in document order -> check drafts

`import_text` is pure: the same text and options always give the same bank and report. One question
that cannot be read costs only itself: it is left out and reported with its line and the reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.banks.combine import combine, counted, explained, with_rejected
from bot.banks.conventions.keys import count_blanks
from bot.banks.formats import Extracted, extract
from bot.banks.generic.reader import generic_reading, visible_choices, visible_verdicts
from bot.banks.issues import DocumentError, Issue
from bot.banks.layouts.gift import is_gift, read_gift
from bot.banks.layouts.reader import read_text
from bot.banks.limits import LOCAL_LIMITS, DocumentLimits
from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.banks.questions.build import finish, question_id
from bot.banks.questions.draft import ImportResult, Reading
from bot.banks.questions.passages import left_out_passages
from bot.banks.yields import bounded

__all__ = ["ImportResult", "import_document", "import_file", "import_text", "question_id"]

_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
_DAMAGE = re.compile(rf"[\u4e00-\u9fff]\?|\?[a-z{_TONED}]+\)")


def _damage(text: str) -> list[Issue]:
    """A '?' among Chinese characters: text damaged on the web page it was copied from."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [
        Issue(
            "warning",
            number,
            "“?”夹在汉字中间，像是网页复制时损坏的文字，请对照原文",
            "a '?' among Chinese characters looks like text damaged on the web page; check the original",
        )
        for number, line in enumerate(lines, start=1)
        if _DAMAGE.search(line)
    ]


def import_text(
    text: str, *, source: str, bank_id: str, title: str | None = None, simplified: bool = False
) -> ImportResult:
    """Import one exam document. Raises DocumentError (file and line) only when nothing could be read."""
    return import_document(Extracted(text=text), source=source, bank_id=bank_id, title=title, simplified=simplified)


def import_document(
    doc: Extracted, *, source: str, bank_id: str, title: str | None = None, simplified: bool = False
) -> ImportResult:
    """Import a document as its format reader gave it: its text and its question tables, one result.

    The layouts read the text first; where they read less than the document visibly holds (the document
    refused, or questions left out), the generic reader reads it too, and the reading that imports more
    questions is the one kept (`bot.banks.generic`)."""
    if doc.text.strip() and is_gift(doc.text):
        reading: Reading | None = read_gift(doc.text)  # Moodle's GIFT: read by its grammar
        return _imported(doc, reading, source=source, bank_id=bank_id, title=title, simplified=simplified)
    reading = read_text(doc.text, simplified=simplified) if doc.text.strip() or not doc.tables else None
    try:
        result = _imported(doc, reading, source=source, bank_id=bank_id, title=title, simplified=simplified)
    except DocumentError as exc:
        if not doc.text.strip():
            raise
        refused: DocumentError | None = exc
        result = None
    else:
        refused = None
        if not _reads_less(result, doc.text):
            return result
    floor = generic_reading(doc.text, simplified=simplified)
    try:
        other = _imported(doc, floor, source=source, bank_id=bank_id, title=title, simplified=simplified)
    except DocumentError:
        if refused is not None:
            raise refused from None
        return result  # type: ignore[return-value]
    return other if result is None or _score(other) > _score(result) else result


def _score(result: ImportResult) -> tuple[int, int]:
    """The better reading imports more questions that make sense; of two that import as many, the one that
    leaves fewer out."""
    return len(result.bank.questions) - _letter_fills(result), -len(result.left_out)


_LETTER = re.compile(r"[A-H]{1,4}|[a-h]|[√×✓✗]")  # "def" is a word, "BD" letters


def _letter_fills(result: ImportResult) -> int:
    """Fill-ins that are misreadings, no question a learner could answer: every answer an option letter or a
    judgement's mark (`C`, `E`, `BD`: a letter keyed a choice or a judgement), or the answer printed in a
    stem without a blank (`What is the capital? Mombasa Nairobi Kisumu` keyed `Nairobi`: options without
    letters)."""
    return sum(q.kind is Kind.fill and (_letter_keyed(q) or _shown_answer(q)) for q in result.bank.questions)


def _letter_keyed(q: Question) -> bool:
    return all(_LETTER.fullmatch(a.strip()) for blank in q.blanks() for a in blank[:1])


def _shown_answer(q: Question) -> bool:
    blanks = q.blanks()
    if len(blanks) != 1 or not blanks[0] or count_blanks(q.prompt):
        return False
    answer = blanks[0][0].strip()
    asked = re.split(r"[?？:：]", q.prompt, maxsplit=1)
    shown = re.compile(rf"(?<!\w){re.escape(answer)}(?!\w)")
    return len(asked) == 2 and len(answer) >= 2 and shown.search(asked[1]) is not None


def _reads_less(result: ImportResult, text: str) -> bool:
    """The layouts' reading may hold less than the document shows: some questions were left out, some
    fill-ins are keyed by letters, some questions are cases (where a layout it missed may have run several
    questions into one), or fewer choice (or true/false) questions were read than the runs of options (or
    the verdicts alone on their lines) the text shows."""
    if result.left_out or _letter_fills(result) or any(q.kind is Kind.case for q in result.bank.questions):
        return True
    choices = sum(q.kind in CHOICE_KINDS for q in result.bank.questions)
    verdicts = sum(q.kind is Kind.true_false for q in result.bank.questions)
    return choices < visible_choices(text) or verdicts < visible_verdicts(text)


def _imported(
    doc: Extracted, reading: Reading | None, *, source: str, bank_id: str, title: str | None, simplified: bool
) -> ImportResult:
    parts = combine(doc, reading, simplified=simplified)
    warnings = (reading.issues if reading else []) + _damage(doc.text) + doc.issues + parts.issues + parts.unread
    try:
        result = finish(
            parts.drafts,
            parts.sections,
            source=source,
            bank_id=bank_id,
            title=title or parts.title or Path(source).stem,
            warnings=warnings,
            conventions=parts.conventions + doc.conventions,
            keys_at_end=reading is not None and reading.keys_at_end,
        )
    except DocumentError as exc:
        raise explained(exc, parts) from None
    result = with_rejected(counted(result, parts), parts)
    result.passages = {lo.first_line: text for lo, text in left_out_passages(doc.text, result).items()}
    return result


def import_file(
    path: str | Path,
    *,
    bank_id: str,
    title: str | None = None,
    simplified: bool = False,
    limits: DocumentLimits = LOCAL_LIMITS,
) -> ImportResult:
    """Import a document file of any format the importer reads (`bot.banks.formats.FORMATS`), within
    `limits` (bot/banks/limits.py), what it yields bounded (bot/banks/yields.py)."""
    path = Path(path)
    result = import_document(
        extract(path, limits), source=path.name, bank_id=bank_id, title=title, simplified=simplified
    )
    return bounded(result, limits, path.name)
