"""A paper run on in one paragraph, as document sites and PDF previews give it: the questions, their options
and their keys glued together and wrapped at any character.

    …()。A.落实安全责任B.人人讲安全C.消除事故隐患D.生命至上【答案】B2.依据《安全生产法》…

is put back on lines: each question where its number follows the last in order (`2.` after `1.`), each option
where its letter follows the last (`B.` after `A.`), each key label (`【答案】`, `参考答案:`) on a line of its own.
Only a paragraph that shows the glue (a key or a closing bracket right before the next question's number, at
least three times) is touched; the wrapped lines of such a paragraph are joined first, since a wrap falls
anywhere in it. The generic reader then reads the lines as any others (`bot.banks.generic.reader`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.banks.formats.lines import Line

__all__ = ["glued_options", "rewrapped", "unglued"]

# a key (letters, a judgement) or a closing bracket, then the next number: "【答案】B2.", "(A)3•", ":C2."
# (never a key before its number at a line's start: "( B )1." is a teacher's copy, not glue)
_GLUE = re.compile(r"(?<=[^\s(（【\[])(?:[A-H]|[)）】])\d{1,3}[.．、•・](?!\d)")
# a number and its mark; glued to the key before it ("B2."), and to a stem that opens with digits ("1.2025年")
_NUMBER = re.compile(r"(?<![\d.．])(\d{1,3})\s*[.．、•・]")
_KEY_LABEL = re.compile(r"(?:【\s*(?:参考)?答案\s*】|(?:参考|正确|标准)?答案\s*[:：]|【\s*解析\s*】|解析\s*[:：])")
# an option's label, glued to the option before it as well ("A.DELETEB.DROP": the letters' order decides)
_LABEL = re.compile(r"([A-H])\s*[.．、•・\-](?!\d\s*[.．])")
_FLAGGED = re.compile(r"[(（]\s*(?:正确答案|正确|正確答案|correct)\s*[)）]", re.I)
_HEADING = re.compile(r"[一二三四五六七八九十]{1,3}\s*[、.．]\s*\S{2,12}?题")


def unglued(text: str) -> str:
    """The text with each run-on paragraph put back on lines; other paragraphs as they were."""
    if _FLAGGED.search(text):
        # a questionnaire's export: options glued on the stem's line, the right ones flagged after their text
        text = "\n".join(_options(line) if _FLAGGED.search(line) else line for line in text.split("\n"))
    if len(_GLUE.findall(text)) < 3:
        return text
    paragraphs = re.split(r"\n\s*\n", text)
    glued = [p for p in paragraphs if _GLUE.search(p)]
    if len(glued) >= 3 and sum(map(len, glued)) * 2 >= len(text):
        # a page whose every paragraph is glued (blank lines fall between a stem and its options): one paragraph
        return _paragraph(text)
    return "\n\n".join(_paragraph(p) if len(_GLUE.findall(p)) >= 3 else p for p in paragraphs)


def _paragraph(paragraph: str) -> str:
    joined = "".join(line.strip() for line in paragraph.split("\n") if line.strip())
    cuts = _question_cuts(joined)
    pieces = [joined[a:b] for a, b in zip([0, *cuts], [*cuts, len(joined)], strict=True)]
    return "\n".join(_question(piece) for piece in pieces if piece.strip())


def _question_cuts(text: str) -> list[int]:
    """Where questions start: numbers that follow one another in order (1, 2, 3 … or restarting at 1
    after a heading), each at its first place after the last."""
    cuts: list[int] = []
    want, pos = None, 0
    found = list(_NUMBER.finditer(text))
    for m in found:
        if m.start() < pos:
            continue
        number = int(m.group(1))
        heading = _HEADING.search(text, pos, m.start())
        if want is None or number == want or (number == 1 and heading is not None):
            if heading and heading.start() > pos:
                cuts.append(heading.start())
            cuts.append(m.start())
            want, pos = number + 1, m.end()
    return [c for c in cuts if c > 0]


def _question(piece: str) -> str:
    """One question's piece: its options (A, B, C … in order) and its key label each on a line."""
    out = _KEY_LABEL.sub(lambda m: "\n" + m.group(0), piece)
    lines = []
    for line in out.split("\n"):
        lines.append(_options(line))
    return "\n".join(lines)


def _options(line: str) -> str:
    labels = []
    want = 0
    for m in _LABEL.finditer(line):
        if "ABCDEFGH".index(m.group(1)) == want:
            labels.append(m)
            want += 1
    if len(labels) < 2:
        return line
    out, last = [], 0
    for m in labels:
        out.append(line[last : m.start()])
        out.append(f"\n{m.group(1)}. ")
        last = m.end()
    out.append(line[last:])
    return "".join(out)


# the next option's label glued to the text before it ("普通法B.一般法", "1949B.1950"), not inside an
# abbreviation ("U.S.A."), a name's initial ("J.R.R.") or a number ("B.2.")
_GLUED_LABEL = re.compile(r"(?<=[^\sA-Z.．、])([B-H])[.．、](?=[^\s.．])(?!\d+[.．](?:\d|\s|$))")


def glued_options(index: int, body: str) -> list[tuple[int, str]]:
    """An option's text holding the next options glued on (`A.根本法和普通法B.一般法和特别法`): each option
    whose letter follows the last in order, its text; the option alone when none is glued on."""
    out, start, want = [], 0, index + 1
    text_index = index
    for m in _GLUED_LABEL.finditer(body):
        if "ABCDEFGH".index(m.group(1)) != want:
            continue
        out.append((text_index, body[start : m.start()].strip()))
        text_index, start, want = want, m.end(), want + 1
    out.append((text_index, body[start:].strip()))
    return out if all(text for _, text in out) else [(index, body)]


# an option's label inside a line, after a space or opening it: "a) Berlin", "B. Londres", "c)" at the end
_INLINE_LABEL = re.compile(r"(?:^|(?<=\s))([a-hA-H])\s*([).．])(?=\s|$)")


def _labels(text: str) -> list[re.Match[str]]:
    """The labels of a run in order from its first (a, b, c … in one case and one mark), as many as follow."""
    out: list[re.Match[str]] = []
    for m in _INLINE_LABEL.finditer(text):
        if not out:
            starts = m.group(1) in "aA"
        else:  # the next letter, marked as the first was
            starts = m.group(2) == out[0].group(2) and ord(m.group(1)) == ord(out[-1].group(1)) + 1
        if starts:
            out.append(m)
    return out


def _goes_on(line: Line, nxt: Line) -> bool:
    """Line `nxt` goes on with the run of options `line` holds inside it, wrapped at the page's width: the run
    ends in a label with no text yet (`… c)`), or the next line holds the next label after some text."""
    if line.cells is not None or nxt.cells is not None or nxt.gap or line.fenced or nxt.fenced:
        return False
    labels = _labels(line.body)
    if len(labels) < 2 or labels[0].start() == 0:
        return False  # a stem with its options on its line ("Quelle …? a) … b) …"), no line of options alone
    nxt_text = nxt.body.strip()
    if _INLINE_LABEL.match(nxt_text) or re.match(r"\d", nxt_text):
        return False  # the next line opens with a label or a number of its own: it reads as it stands
    if not line.body[labels[-1].end() :].strip():
        return True  # "… c)" closing the line: its text is on the next
    wanted = f"{chr(ord(labels[-1].group(1)) + 1)}{labels[0].group(2)}"  # the next label, marked as the first
    return re.search(rf"(?<=\s){re.escape(wanted)}(?=\s|$)", nxt_text) is not None


def rewrapped(lines: list[Line]) -> list[Line]:
    """The lines with each run of options a page wrapped onto the next line put back on its stem's line
    (`Qui … ? a) Victor Hugo b) Antoine de` / `Saint-Exupéry c) Marcel Proust d) Albert Camus`); the first
    line's number and marks kept, the rest joined as text."""
    out: list[Line] = []
    for line in lines:
        if out and _goes_on(out[-1], line):
            out[-1] = replace(out[-1], text=f"{out[-1].text.rstrip()} {line.body.strip()}")
        else:
            out.append(line)
    return out
