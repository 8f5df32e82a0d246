"""The passage of each question an import left out: its lines in the document, up to where the next
question or heading starts (pure). A model may read these again (docs/ai.md); nothing else of the
document is sent. The importer keeps them with its result (`ImportResult.passages`), so a caller that no
longer has the document's text (an upload imported in a child process) still has them.
"""

from __future__ import annotations

from bot.banks.questions.draft import ImportResult, LeftOut

__all__ = ["MAX_CHARS", "MAX_LINES", "document_lines", "left_out_passages"]

# A passage is one question: past this many lines, or characters, it is not kept.
MAX_LINES = 80
MAX_CHARS = 8000


def document_lines(text: str) -> list[str]:
    # The importer's own numbering (bot.banks.formats.lines.prepare_lines): line 1 is the first line.
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def left_out_passages(text: str, result: ImportResult) -> dict[LeftOut, str]:
    """Each left-out question's passage (those with no line, or too long, are not in it)."""
    if not result.left_out:
        return {}
    lines = document_lines(text)
    starts = sorted(
        {q.line for q in result.bank.questions if q.line}
        | {lo.first_line for lo in result.left_out if lo.first_line}
        | {s.line for s in result.sections if s.title is not None}
    )
    out: dict[LeftOut, str] = {}
    for lo in result.left_out:
        if not lo.first_line:
            continue
        following = next((s for s in starts if s > lo.first_line), len(lines) + 1)
        last = min(max(lo.last_line, following - 1), lo.first_line + MAX_LINES - 1, len(lines))
        passage = "\n".join(lines[lo.first_line - 1 : last]).strip()
        if passage and len(passage) <= MAX_CHARS:
            out[lo] = passage
    return out
