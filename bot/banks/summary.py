"""What an import says to the author: per section found and left out, the conventions recognised, and
every question left out with its line and reason, in the reader's language (plain text)."""

from __future__ import annotations

from collections.abc import Callable

from bot.banks.issues import Issue
from bot.banks.model import KIND_NAMES, Bank, Kind, Question
from bot.banks.questions.draft import ImportResult
from bot.locale import count

__all__ = ["issue_line", "preview", "samples", "sheet_lines", "shown_key", "summary"]


def _zh(lang: str) -> bool:
    return lang != "en"


def issue_line(issue: Issue, lang: str) -> str:
    """`第 12 行：第 7 题没有答案，未导入` / `line 12: question 7 has no key; not imported`; in a workbook of
    several sheets `工作表“题库”第 12 行：…` / `sheet '题库' row 12: …`."""
    if _zh(lang):
        where = f"工作表“{issue.sheet}”" if issue.sheet else ""
        if issue.line:
            return f"{where}第 {issue.line} 行：{issue.zh}"
        return f"{where}：{issue.zh}" if where else issue.zh
    where = f"sheet '{issue.sheet}'" if issue.sheet else ""
    if issue.line:
        return f"{where} row {issue.line}: {issue.en}" if where else f"line {issue.line}: {issue.en}"
    return f"{where}: {issue.en}" if where else issue.en


def sheet_lines(result: ImportResult, lang: str) -> list[str]:
    """A line per sheet of a workbook of several (or with a sheet not read): what came of it."""
    notes = result.sheets
    if len(notes) < 2 and all(n.read for n in notes):
        return []
    zh = _zh(lang)
    lines = []
    for n in notes:
        if n.read:
            said = (
                f"导入 {n.imported} 题，未导入 {n.left_out} 题"
                if zh
                else f"{count(n.imported, 'question')} imported, {n.left_out} left out"
            )
        else:
            said = n.zh if zh else n.en
        lines.append(f"  工作表“{n.name}”：{said}" if zh else f"  sheet '{n.name}': {said}")
    return lines


def _counts(result: ImportResult, lang: str) -> str:
    counts = result.bank.counts()
    parts = [f"{KIND_NAMES[kind][0 if _zh(lang) else 1]} {counts[kind]}" for kind in Kind if counts[kind]]
    return (" · " if _zh(lang) else ", ").join(parts)


def summary(result: ImportResult, lang: str, *, warnings: bool = True) -> list[str]:
    """The import report, one line each: totals, sections, conventions, left out, other warnings."""
    zh = _zh(lang)
    imported, left = len(result.bank.questions), len(result.left_out)
    head = (
        f"导入 {imported} 题（{_counts(result, lang)}），未导入 {left} 题"
        if zh
        else f"imported {count(imported, 'question')} ({_counts(result, lang)}), left out {left}"
    )
    lines = [head, *sheet_lines(result, lang)]
    by_sheet = {(n.name, n.imported, n.left_out) for n in result.sheets if n.read and len(result.sheets) > 1}
    for s in result.sections:
        if not (s.found or s.left_out) and s.title is None:
            continue
        if (s.title, s.found, s.left_out) in by_sheet:
            continue  # a sheet's name as its section: its line above says it
        title = s.title or ("（标题之前）" if zh else "(before any heading)")
        declared = ""
        if s.declared is not None and s.declared != s.found + s.left_out:
            declared = f"，声明 {s.declared} 题" if zh else f", {s.declared} declared"
        lines.append(
            f"  {title}：导入 {s.found}，未导入 {s.left_out}{declared}"
            if zh
            else f"  {title}: {s.found} imported, {s.left_out} left out{declared}"
        )
    if result.conventions:
        shown = " · ".join(c.zh if zh else c.en for c in result.conventions)
        lines.append(f"识别到：{shown}" if zh else f"recognised: {shown}")
    if result.left_out:
        lines.append("未导入的题：" if zh else "left out:")
        lines.extend("  " + issue_line(lo.issue(), lang) for lo in result.left_out)
    others = [w for w in result.warnings if w not in {lo.issue() for lo in result.left_out}]
    if warnings and others:
        lines.append("提示：" if zh else "warnings:")
        lines.extend("  " + issue_line(w, lang) for w in others)
    return lines


def preview(
    result: ImportResult, lang: str, render: Callable[[Question, str], str], *, per_section: int = 1
) -> list[str]:
    """The first question(s) of each section as the bot will ask them (`render`), each with its key."""
    zh = _zh(lang)
    out: list[str] = []
    shown: dict[str | None, int] = {}
    for q in result.bank.questions:
        if shown.get(q.section, 0) >= per_section:
            continue
        shown[q.section] = shown.get(q.section, 0) + 1
        out.append(f"── {q.section or ('（无标题）' if zh else '(no heading)')} ──")
        out.append(render(q, lang))
        out.append(("答案：" if zh else "Key: ") + shown_key(q, lang))
        out.append("")
    return out


def samples(bank: Bank, n: int = 3) -> list[Question]:
    """Questions that show an author what the bank holds: the first of each kind, then the next ones, at
    most `n`, in document order."""
    firsts = {q.kind: q for q in reversed(bank.questions)}
    chosen = [q for q in bank.questions if firsts.get(q.kind) is q][:n]
    chosen += [q for q in bank.questions if all(q is not c for c in chosen)][: n - len(chosen)]
    order = {id(q): i for i, q in enumerate(bank.questions)}
    return sorted(chosen, key=lambda q: order[id(q)])


def shown_key(q: Question, lang: str) -> str:
    """The key as an author checks it (a long reference answer cut at 200 characters)."""
    zh = _zh(lang)
    if q.kind is Kind.true_false:
        return ("正确" if q.answer else "错误") if zh else ("true" if q.answer else "false")
    if q.kind is Kind.fill:
        return "；".join(" / ".join(b) for b in q.blanks())
    text = str(q.answer)
    return text if len(text) <= 200 else text[:200] + "…"
