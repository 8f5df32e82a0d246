"""Pass 1 of reading a document: what each line could be.

Every line is classified by the conventions (`bot.banks.conventions`) it could follow: a heading, a
numbered line in one or more styles, an option, a key or explanation marker, a ticked true/false slot,
the heading of keys collected apart. Context decides later what each line is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from bot.banks.conventions.chars import probe
from bot.banks.conventions.headings import Heading, match_heading, part_heading
from bot.banks.conventions.markers import Marker, match_marker
from bot.banks.conventions.numbering import numbering, numberings_for
from bot.banks.conventions.options import OPTION_STYLES, option_start, split_options
from bot.banks.formats.lines import Line
from bot.banks.layouts.answer_part import entries_of_line, is_answer_header

__all__ = ["Info", "classify", "part_headings", "styles_without_runs"]

_TF_SLOTS = re.compile(
    r"^(正确|对|是|√|T)\s*[（(]\s*(\S?)\s*[)）]\s*[/／、,，]?\s*(不正确|错误|错|否|×|F)\s*[（(]\s*(\S?)\s*[)）]$"
)
# "True / False" or "对    错" under a statement, the right one set in bold (red, underlined…)
_TF_PAIR = re.compile(r"^(true|t|正确|对|是|√)\s*[/／|｜、,，]?\s*(false|f|错误|错|否|×)$", re.I)
_TICKS = "√✓✔"
_CROSSES = "×✗✘xX"
_TRAILING_DECORATION = re.compile(r"[\s\U0001f300-\U0001faff\u2b50\u2705\u274c]+$")
# What every numbering style starts with: a cheap test before trying each one.
_MAYBE_NUMBERED = re.compile(
    r"\s*(?:[【\[（(]|第|案例|病例|病案|材料|例题|习题|练习|试题|题目|[Qq]|Problem|PROBLEM|Frage|Pregunta|问题|题干|[A-Z]{1,3}[-_]?\d|\d|[①-⑳㉑-㉟㊱-㊿]|单选|多选|判断|填空|简答)"
)


@dataclass(slots=True)
class Info:
    line: Line
    heading: Heading | None = None
    marker: tuple[Marker, str] | None = None
    option: tuple[str, str] | None = None  # (style, letter) at the start of the body
    nums: list[tuple[str, int, str]] = field(default_factory=list)  # (style, number, rest)
    tf_slots: tuple[bool | None] | None = None
    answer_header: tuple[bool, bool] | None = None

    @property
    def text(self) -> str:
        return self.line.body


def _slot_mark(yes: str, no: str) -> bool | None:
    """正确（√）不正确（ ） -> True; a cross in the other slot means the same; empty slots -> None."""
    if (yes and yes in _TICKS) or (no and no in _CROSSES):
        return True
    if (no and no in _TICKS) or (yes and yes in _CROSSES):
        return False
    return None


def classify(line: Line) -> Info:
    info = Info(line)
    if line.fenced:
        return info
    text = line.body
    p = probe(text)
    info.answer_header = is_answer_header(text, p)
    for style in numberings_for(p[0]) if _MAYBE_NUMBERED.match(p) else ():
        found = style.match(p)
        if found:
            number, rest = found
            rest_text = text[len(text) - len(rest) :] if rest else ""
            info.nums.append((style.name, number, _TRAILING_DECORATION.sub("", rest_text)))
    if any(numbering(style).strong for style, _, _ in info.nums):
        info.nums = [n for n in info.nums if numbering(n[0]).strong]  # "Q1." is Q1, not an id like K07
    heading = match_heading(text, markdown=line.heading > 0, probed=p) if info.answer_header is None else None
    if heading is not None and not heading.names_kind and line.heading and match_marker(text, p) is not None:
        heading = None  # "### ✅ 正确答案：B", "### 📖 解析", "### 题目": a question's parts, set as headings
    if heading is not None and info.nums and not heading.names_kind:
        heading = None  # "### 3. 下列哪项……": a question written as a Markdown heading
    if heading is not None and not heading.names_kind and entries_of_line(text):
        heading = None  # "一、1-5 DCBAB": keys of a section, not a heading
    if heading is not None:
        info.heading = heading
        if not heading.ambiguous:
            info.nums = []
        return info
    if info.nums and info.nums[0][0] == "label":
        return info  # "【题干】……": the stem's label opens the question, no field inside one
    info.marker = match_marker(text, p)
    if info.marker is not None:
        info.nums = []
        return info
    if m := _TF_SLOTS.match(p):
        info.tf_slots = (_slot_mark(m.group(2), m.group(4)),)
        return info
    if m := _TF_PAIR.match(p):
        shift = line.lead
        yes, no = (bool(line.marked(m.start(g) + shift, m.end(g) + shift)) for g in (1, 2))
        info.tf_slots = (yes if yes != no else None,)
        return info
    info.option = option_start(text)
    if (info.option is not None and (line.gap or info.option[0] == "bare")) or (
        info.option is None and p[:1] in "TAÜPESIVX"
    ):  # "Aufgabe 1: …" reads as a glued option A too
        part = part_heading(text)
    else:
        part = None
    if part is not None:
        info.heading, info.option = part, None  # "B. ¿Verdadero (V) o falso (F)?" set apart: a part, no option
        return info
    if info.option is not None and info.option[0] == "bare" and entries_of_line(text):
        info.option = None  # "A1型题：1.B 2.A …": keys under a label, not option A
    if info.option is not None:
        info.nums = []
    return info


def part_headings(infos: list[Info]) -> None:
    """Parts of a language test headed by a letter with no blank line above (a Word document's paragraphs):
    `B. ¿Verdadero o falso?` under options lettered `a) b) c)` is a part, not option B — when neither the line
    above nor the line below carries an option in its style (in place)."""
    for i, info in enumerate(infos):
        if info.option is None or info.option[0] not in ("dot", "close", "colon"):
            continue
        style = info.option[0]
        prev, nxt = infos[i - 1] if i else None, infos[i + 1] if i + 1 < len(infos) else None
        if (prev is not None and prev.option is not None and prev.option[0] == style) or (
            nxt is not None and nxt.option is not None and nxt.option[0] == style
        ):
            continue
        if (part := part_heading(info.text)) is not None:
            info.heading, info.option = part, None


def styles_without_runs(infos: list[Info]) -> frozenset[str]:
    """Option styles that are read only where the document writes runs of them (`A 苹果` / `B 白菜`, `a.`, `A苹果`)
    and that this document does not: a line starting "A 股票…" is then text."""
    runs: Counter[str] = Counter()
    for i, a in enumerate(infos):
        # the next option within three lines (a letter alone on its line has its text between)
        if (
            a.option is not None
            and a.option[1] == "A"
            and any(b.option == (a.option[0], "B") for b in infos[i + 1 : i + 4])
        ):
            runs[a.option[0]] += 1
    for info in infos:  # "a) go  b) goes  c) went": a run on one line
        first_of_run = info.option is not None and info.option[1] == "A" and info.option[0] != "bare"
        if first_of_run and len(split_options(info.text, info.option[0], "A")) >= 3:  # type: ignore[index]
            runs[info.option[0]] += 1  # type: ignore[index]
    return frozenset(s.name for s in OPTION_STYLES if s.needs_run and runs[s.name] == 0)
