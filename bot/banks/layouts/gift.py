"""Moodle's GIFT format: `::Q1:: The stem {=right ~wrong ~wrong}` and its kin, read into drafts.

GIFT is a format with a grammar, exported by Moodle and other learning platforms, so it is read by that
grammar rather than by the layout reader. No maintained Python parser of it is published on the package
registry, so this module reads the parts teachers' banks use:

    {=right ~wrong}          single choice (options lettered in order)
    {~%50%a ~%50%b ~%-50%c}  multiple choice: the options with a positive weight are right
    {T} {F} {TRUE} {FALSE}   true/false
    {=word =other}           a short answer (a fill-in; where the braces stand inside the sentence, there is
                             the blank), its accepted answers
    {#46} {#46:2} {#1..3}    a number (the first figure is the answer)
    {=a -> x =b -> y}        matching: left out, the chat cannot take a pairing
    {}                       an essay: no reference answer, left out

Comments (`//`), `$CATEGORY:` lines (a category becomes a section), feedback after `#` and the
escapes `\\:` `\\=` `\\~` `\\#` `\\{` `\\}` are understood.
"""

from __future__ import annotations

import re

from bot.banks.issues import Issue
from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft, Reading, SectionReport

__all__ = ["is_gift", "read_gift"]

_TITLE = re.compile(r"^\s*::(.*?)::\s*")
_BLOCK = re.compile(r"(?<!\\)\{(.*?)(?<!\\)\}", re.S)
_ITEM = re.compile(r"(?<!\\)([=~])")
_WEIGHT = re.compile(r"^%(-?\d+(?:\.\d+)?)%")
_FEEDBACK = re.compile(r"(?<!\\)#.*$", re.S)
_ESCAPED = re.compile(r"\\([:=~#{}])")
_LETTERS = "ABCDEFGH"


def is_gift(text: str) -> bool:
    """Two or more questions written the GIFT way (`::title::` or an answer block `{=…}`, `{T}`)."""
    marks = len(re.findall(r"^\s*::[^:\n]*::", text, re.M)) + len(
        re.findall(r"(?<!\\)\{\s*(?:[=~]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\}|#\s*-?\d)", text)
    )
    return marks >= 4 and "{" in text and "}" in text


def _clean(text: str) -> str:
    return _ESCAPED.sub(r"\1", text).strip()


def _blocks(text: str) -> list[tuple[int, str]]:
    """The questions (a blank line or a title apart), with their first line; comments and categories out."""
    out: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        if not stripped or (stripped.startswith("$CATEGORY:") and not current):
            if current:
                out.append((start, "\n".join(current)))
                current = []
            if stripped:
                out.append((number, stripped))
            continue
        if not current:
            start = number
        current.append(line)
    if current:
        out.append((start, "\n".join(current)))
    return out


def read_gift(text: str) -> Reading:
    drafts: list[Draft] = []
    sections = [SectionReport(None, None, 1)]
    issues: list[Issue] = []
    section: str | None = None
    count = 0
    for line, block in _blocks(text):
        if block.startswith("$CATEGORY:"):
            section = block.split(":", 1)[1].strip().split("/")[-1] or None
            sections.append(SectionReport(section, None, line))
            continue
        count += 1
        m = _TITLE.match(block)
        title = m.group(1).strip() if m else ""
        body = block[m.end() :] if m else block
        number = int(n.group(0)) if (n := re.search(r"\d+", title)) else count
        found = _BLOCK.search(body)
        if found is None:
            zh, en = "这段文字没有花括号中的答案，已忽略", "this text has no answer in braces; ignored"
            issues.append(Issue("warning", line, zh, en))
            continue
        before, answer, after = body[: found.start()], found.group(1), body[found.end() :]
        draft = Draft(number=number, line=line, section=section, part=len(sections) - 1, end_line=line)
        _fill_in(draft, _clean(before), answer.strip(), _clean(after))
        drafts.append(draft)
    sections = [s for s in sections if s.title is not None or s is sections[0]]
    # the parts must point at the kept sections
    titles = [s.title for s in sections]
    for d in drafts:
        d.part = titles.index(d.section) if d.section in titles else 0
    return Reading(None, drafts, sections, issues, [Convention("格式：GIFT（Moodle）", "format: GIFT (Moodle)")])


def _fill_in(draft: Draft, before: str, answer: str, after: str) -> None:
    """Set the draft's kind, stem, options and key from the answer block."""
    stem = f"{before} ____ {after}".strip() if after else before
    draft.stem = stem
    if answer.startswith("#"):
        figure = re.match(r"#\s*(-?\d+(?:\.\d+)?)", answer)
        draft.kind, draft.tagged = Kind.fill, True
        draft.stem = stem if "____" in stem else f"{stem} ____"
        draft.key = figure.group(1) if figure else None
        return
    upper = _FEEDBACK.sub("", answer).strip().upper()
    if upper in ("T", "TRUE", "F", "FALSE"):
        draft.kind, draft.tagged, draft.key = Kind.true_false, True, "对" if upper.startswith("T") else "错"
        return
    if not upper:
        draft.kind, draft.tagged = Kind.case, True  # an essay: no reference answer, left out as such
        return
    items = [(mark, _clean(_FEEDBACK.sub("", part))) for mark, part in _split_items(answer)]
    if any("->" in text for _, text in items):
        draft.kind, draft.tagged = Kind.case, True  # matching: no answer the chat can take; left out
        return
    if all(mark == "=" for mark, _ in items):
        draft.kind, draft.tagged = Kind.fill, True
        draft.stem = stem if "____" in stem else f"{stem} ____"
        draft.key = " 或 ".join(text for _, text in items if text)
        return
    right = []
    for i, (mark, text) in enumerate(items[: len(_LETTERS)]):
        weight = _WEIGHT.match(text)
        if weight:
            text = text[weight.end() :].strip()
        draft.options[_LETTERS[i]] = text
        if mark == "=" or (weight and float(weight.group(1)) > 0):
            right.append(_LETTERS[i])
    draft.key = "".join(right) or None
    draft.kind = Kind.multiple if len(right) > 1 else Kind.single


def _split_items(answer: str) -> list[tuple[str, str]]:
    marks = list(_ITEM.finditer(answer))
    return [
        (m.group(1), answer[m.end() : nxt.start() if nxt else len(answer)])
        for m, nxt in zip(marks, [*marks[1:], None], strict=True)
    ]
