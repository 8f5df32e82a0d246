"""What an import yields, bounded in the reading process before anything leaves it.

A document's size says little about what it makes: a 40 KB spreadsheet whose cells all point at one
11.5-million-character shared string made ten questions of 11.5 million characters each, which the bot
unpickled, previewed (some 2,800 messages) and would have sent to learners. So:

- a question whose prompt, option, explanation, reference answer, key or section heading is over
  MAX_FIELD_CHARS is left out, with its line and the reason (bot/banks/questions/lengths.py);
- `bounded(result, limits, source)`: at most `max_questions` questions (else the document is refused with
  the limit it broke), and the report's lines clipped and counted, so the result sent back to the bot
  stays small whatever the document held. The reading process also refuses to send back a result over
  `max_result` bytes, and the bot reads no more than that (bot/banks/sandbox.py).
"""

from __future__ import annotations

from dataclasses import replace

from bot.banks.issues import Issue
from bot.banks.limits import DocumentLimits, DocumentTooLarge
from bot.banks.questions.draft import ImportResult

__all__ = ["MAX_ISSUES", "MAX_REPORT_CHARS", "MAX_TITLE_CHARS", "bounded"]

MAX_REPORT_CHARS = 300  # of one line of a report (an issue quoting the document, say)
MAX_ISSUES = 2_000  # warnings kept with a result (the bot shows the first few dozen)
MAX_TITLE_CHARS = 200  # of a bank's title


def _clip(text: str, most: int = MAX_REPORT_CHARS) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _clipped(issue: Issue) -> Issue:
    if len(issue.zh) <= MAX_REPORT_CHARS and len(issue.en) <= MAX_REPORT_CHARS:
        return issue
    return replace(issue, zh=_clip(issue.zh), en=_clip(issue.en))


def bounded(result: ImportResult, limits: DocumentLimits, source: str) -> ImportResult:
    """`result` within `limits`: DocumentTooLarge over `max_questions`; report lines clipped, at most
    MAX_ISSUES warnings, the title clipped."""
    questions = len(result.bank.questions)
    if questions > limits.max_questions:
        raise DocumentTooLarge.because(
            source,
            f"文件有 {questions:,} 题，超过上限 {limits.max_questions:,}；请拆分后分别导入",
            f"it holds {questions:,} questions, over the limit of {limits.max_questions:,}; split it and "
            "import the parts",
        )
    result.warnings = [_clipped(w) for w in result.warnings[:MAX_ISSUES]]
    result.left_out = [
        lo
        if len(lo.zh) <= MAX_REPORT_CHARS and len(lo.en) <= MAX_REPORT_CHARS
        else replace(lo, zh=_clip(lo.zh), en=_clip(lo.en))
        for lo in result.left_out
    ]
    for section in result.sections:
        if section.title is not None:
            section.title = _clip(section.title, MAX_TITLE_CHARS)
    if len(result.bank.title) > MAX_TITLE_CHARS:
        result.bank = result.bank.model_copy(update={"title": _clip(result.bank.title, MAX_TITLE_CHARS)})
    result.conventions = result.conventions[:50]
    return result
