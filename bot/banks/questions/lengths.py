"""How long a question's fields may be: over MAX_FIELD_CHARS an import leaves the question out, with its
line and why (a 600,000-character explanation made a verdict of 148 messages); past LONG, lint warns."""

from __future__ import annotations

from bot.banks.limits import MAX_FIELD_CHARS
from bot.banks.model import Question
from bot.banks.questions.draft import Draft

__all__ = ["LONG", "long_fields", "overlong_field"]


def _fields(d: Draft) -> list[tuple[str, str, str | None]]:
    fields: list[tuple[str, str, str | None]] = [
        ("题干", "prompt", d.stem),
        *((f"选项 {letter}", f"option {letter}", text) for letter, text in d.options.items()),
        ("解析", "explanation", d.explanation),
        ("参考答案", "reference answer", d.answer),
        ("答案", "key", d.key),
        ("所在部分的标题", "section heading", d.section),
    ]
    return fields + [("备选答案", "alternative answer", a) for a in d.alternates]


def overlong_field(d: Draft) -> tuple[str, str] | None:
    """Why the draft cannot be a question because one of its fields is too long (zh, en); None if none is."""
    for zh, en, text in _fields(d):
        if text is not None and len(text) > MAX_FIELD_CHARS:
            return (
                f"第 {d.number} 题的{zh}有 {len(text):,} 个字符，超过上限 {MAX_FIELD_CHARS:,}",
                f"the {en} of question {d.number} is {len(text):,} characters long, over the limit of "
                f"{MAX_FIELD_CHARS:,}",
            )
    return None


# Past these lengths a field is hard to read on a phone (lint warns); past MAX_FIELD_CHARS an import
# leaves the question out.
LONG = {"prompt": 1_000, "option": 300, "explanation": 1_500, "reference answer": 2_000}


def long_fields(q: Question) -> list[tuple[str, str]]:
    """Lint of a question's lengths (zh, en): each field longer than LONG says so."""
    fields = [("题干", "prompt", "prompt", q.prompt), ("解析", "explanation", "explanation", q.explanation or "")]
    fields += [(f"选项 {k}", f"option {k}", "option", v) for k, v in q.options.items()]
    if isinstance(q.answer, str):
        fields.append(("参考答案", "reference answer", "reference answer", q.answer))
    out = []
    for zh, en, kind, text in fields:
        if len(text) > LONG[kind]:
            over = "，超过导入上限" if len(text) > MAX_FIELD_CHARS else ""
            over_en = f", over the import limit of {MAX_FIELD_CHARS:,}" if len(text) > MAX_FIELD_CHARS else ""
            out.append(
                (
                    f"{zh}很长（{len(text):,} 个字符{over}），手机上难以阅读，可能分成多条消息发送",
                    f"long {en} ({len(text):,} characters{over_en}): hard to read on a phone, maybe sent as "
                    "several messages",
                )
            )
    return out
