"""Export: a bank rendered back to the exam text format (a teacher's worksheet, key inline).

Importing the export gives the same bank, apart from provenance (`source` and line numbers) and
`meta`, which has no place on a worksheet.
"""

from __future__ import annotations

from bot.banks.model import Bank, Kind, Question

__all__ = ["export_text"]


def _paragraphs(text: str) -> str:
    # A blank line marks a kept paragraph break in a question's text (see text.join_lines).
    return "\n\n".join(line for line in text.split("\n") if line.strip())


def _fill_key(answer: list[str] | list[list[str]]) -> str:
    if answer and all(isinstance(a, list) for a in answer):
        return "；".join(" 或 ".join(blank) for blank in answer)  # type: ignore[arg-type]
    return "；".join(a for a in answer if isinstance(a, str))


def _key(q: Question) -> str:
    if q.kind is Kind.true_false:
        return "正确" if q.answer is True else "错误"
    if q.kind is Kind.fill and isinstance(q.answer, list):
        return _fill_key(q.answer)
    return str(q.answer)


def render_question(q: Question) -> list[str]:
    lines: list[str] = []
    if q.kind is Kind.case:
        lines.append(f"案例{q.number}. {q.prompt}")
        lines.append("参考答案：")
        lines.extend(line for line in str(q.answer).split("\n") if line.strip())
        if q.explanation:
            lines.append("解析：" + q.explanation)
    else:
        lines.append(f"{q.number}. {_paragraphs(q.prompt)}")
        lines.extend(f"{letter}. {text}" for letter, text in q.options.items())
        lines.append("答案：" + _key(q))
        if q.explanation:
            lines.append("解析：" + _paragraphs(q.explanation))
    if q.alternates:
        lines.append("备选答案：" + "；".join(q.alternates))
    if q.tags:
        lines.append("标签：" + "，".join(q.tags))
    return lines


def export_text(bank: Bank) -> str:
    """The bank as an exam document: title, section headers, questions with inline keys."""
    blocks: list[list[str]] = [[bank.title]]
    titles = {s.title for s in bank.sections}
    loose = [q for q in bank.questions if q.section not in titles]
    blocks.extend(render_question(q) for q in loose)
    for section in bank.sections:
        blocks.append([section.title])
        blocks.extend(render_question(q) for q in bank.questions if q.section == section.title)
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
