"""Reading what the rules could not: the passages of the questions an import left out, sent to a model.

Only those passages are sent (each with its section heading), never the whole document. What the model
reads back is checked exactly as the importer checks a document (`bot.banks.questions.build.finish`: a key must
name options the question has, a true/false key must be true or false…), marked in `meta` as read by a
model, and added to the bank in document order. A passage the model cannot read either stays left out,
with the reason. `studybot import --ai` and the admin's upload (with a button) call `read_passages` with the
passages the import kept (`kept_passages`); `read_left_out` cuts them out of a document's text first.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from datetime import date

from bot.ai.client import ModelClient, ModelError
from bot.ai.prompts import READ_SYSTEM, read_message, system
from bot.ai.schemas import Reading, ReadQuestion
from bot.banks.issues import DocumentError, Issue
from bot.banks.model import CHOICE_KINDS, KIND_NAMES, Bank, Kind, Question
from bot.banks.provenance import mark_read
from bot.banks.questions.build import finish, question_id
from bot.banks.questions.draft import Draft, ImportResult, LeftOut
from bot.banks.questions.passages import left_out_passages
from bot.banks.summary import shown_key

__all__ = ["ModelReading", "kept_passages", "passages", "read_left_out", "read_passages", "reading_summary"]


@dataclass
class ModelReading:
    result: ImportResult  # the import with what the model read added (left_out: what is still out)
    read: list[Question] = field(default_factory=list)  # as they stand in the bank
    unread: list[LeftOut] = field(default_factory=list)  # left out again, with the model's reason
    model: str = ""
    requests: int = 0


def passages(text: str, result: ImportResult) -> dict[LeftOut, str]:
    """Each left-out question's passage: its lines, up to where the next question or heading starts."""
    return left_out_passages(text, result)


def kept_passages(result: ImportResult) -> dict[LeftOut, str]:
    """The passages the importer kept with its result (an upload: the document's text is gone by now)."""
    return {lo: result.passages[lo.first_line] for lo in result.left_out if lo.first_line in result.passages}


def _key(read: ReadQuestion, kind: Kind) -> tuple[str | None, str | None]:
    """(the key as a document writes it, a case's reference answer)."""
    answer = read.answer
    if kind is Kind.case:
        return None, "\n".join(answer) if isinstance(answer, list) else str(answer)
    if isinstance(answer, bool):
        return ("对" if answer else "错"), None
    if isinstance(answer, list):
        return ("".join(answer) if kind in CHOICE_KINDS else "；".join(answer)), None
    return answer, None


def _draft(read: ReadQuestion, lo: LeftOut) -> Draft:
    kind = Kind(read.kind)
    key, reference = _key(read, kind)
    options = {k.strip().upper(): v.strip() for k, v in read.options.items()} if kind in CHOICE_KINDS else {}
    return Draft(
        number=read.number if read.number is not None else lo.number,
        line=lo.line,
        section=lo.section,
        kind=kind,
        tagged=True,
        stem=read.prompt.strip(),
        options=options,
        key=key,
        answer=reference,
        explanation=(read.explanation or "").strip() or None,
        end_line=lo.last_line or lo.line,
    )


@dataclass
class _Outcome:
    lo: LeftOut
    questions: list[Question] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)
    why: tuple[str, str] | None = None  # zh, en: why it stays left out
    model: str = ""


async def _read_one(client: ModelClient, lo: LeftOut, passage: str, bank: Bank, timeout: float | None) -> _Outcome:
    try:
        answer = await client.ask(
            system(READ_SYSTEM, "zh"),
            read_message(lo.section, passage),
            Reading,
            purpose="read-passage",
            timeout=timeout,
        )
    except ModelError as exc:
        return _Outcome(lo, why=(f"模型也没能读出（{exc.kind}）", f"the model could not read it either ({exc.kind})"))
    if not answer.value.questions:
        return _Outcome(lo, why=("模型也没能读出题目", "the model found no question in it either"), model=answer.model)
    drafts = [_draft(r, lo) for r in answer.value.questions]
    try:
        checked = finish(drafts, [], source=bank.source, bank_id=bank.id, title=bank.title)
    except DocumentError as exc:
        reason = exc.issues[0] if exc.issues else None
        zh = f"模型读出的题目无效：{reason.zh}" if reason else "模型读出的题目无效"
        en = f"what the model read is invalid: {reason.en}" if reason else "what the model read is invalid"
        return _Outcome(lo, why=(zh, en), model=answer.model)
    # A question the model read but the checks refused is reported; the ones that passed are kept.
    warnings = [
        Issue(
            "warning",
            lo.line,
            f"模型读出的一题未通过检查：{x.zh}",
            f"a question the model read failed the checks: {x.en}",
        )
        for x in checked.left_out
    ]
    warnings += [w for w in checked.warnings if w not in {x.issue() for x in checked.left_out}]
    return _Outcome(lo, checked.bank.questions, warnings, model=answer.model)


async def read_left_out(
    client: ModelClient, text: str, result: ImportResult, *, today: date, timeout: float | None = None
) -> ModelReading:
    """Send each left-out passage of `text` (the document `result` was imported from) to the model;
    the import with what it read added."""
    return await read_passages(client, passages(text, result), result, today=today, timeout=timeout)


async def read_passages(
    client: ModelClient, found: dict[LeftOut, str], result: ImportResult, *, today: date, timeout: float | None = None
) -> ModelReading:
    """`read_left_out` for passages already cut out of the document (`kept_passages(result)`)."""
    outcomes = await asyncio.gather(*(_read_one(client, lo, p, result.bank, timeout) for lo, p in found.items()))
    by_left_out = {o.lo: o for o in outcomes}
    taken = {q.id for q in result.bank.questions}
    read: list[Question] = []
    unread: list[LeftOut] = []
    warnings = list(result.warnings)
    recovered: dict[str | None, tuple[int, int]] = {}  # section -> (passages read, questions added)
    model = client.model
    for lo in result.left_out:
        outcome = by_left_out.get(lo)
        if outcome is None:
            unread.append(lo)
            continue
        model = outcome.model or model
        warnings.extend(outcome.warnings)
        if not outcome.questions:
            assert outcome.why is not None
            zh, en = outcome.why
            again = replace(lo, zh=f"{lo.zh}；{zh}", en=f"{lo.en}; {en}")
            unread.append(again)
            warnings = [again.issue() if w == lo.issue() else w for w in warnings]
            continue
        warnings = [w for w in warnings if w != lo.issue()]
        for q in outcome.questions:
            placed = q.model_copy(
                update={"id": question_id(q.kind, q.number, taken), "line": lo.line, "section": lo.section}
            )
            read.append(mark_read(placed, outcome.model, today))
        warnings.append(
            Issue(
                "warning",
                lo.line,
                f"第 {lo.number} 题由模型读出，请核对",
                f"question {lo.number} was read by a model; check it",
            )
        )
        passages_read, added = recovered.get(lo.section, (0, 0))
        recovered[lo.section] = (passages_read + 1, added + len(outcome.questions))
    bank = _with_questions(result.bank, read, {title: added for title, (_, added) in recovered.items()})
    sections, remaining = [], dict(recovered)
    for s in result.sections:
        passages_read, added = remaining.pop(s.title, (0, 0))
        sections.append(replace(s, found=s.found + added, left_out=s.left_out - passages_read))
    return ModelReading(
        ImportResult(
            bank,
            sorted(warnings, key=lambda i: i.line),
            unread,
            sections,
            list(result.conventions),
            {lo.first_line: result.passages[lo.first_line] for lo in unread if lo.first_line in result.passages},
        ),
        read,
        unread,
        model,
        len(found),
    )


def _with_questions(bank: Bank, read: list[Question], per_section: dict[str | None, int]) -> Bank:
    if not read:
        return bank
    questions = sorted([*bank.questions, *read], key=lambda q: q.line or 0)  # stable: document order
    sections = [s.model_copy(update={"found": s.found + per_section.get(s.title, 0)}) for s in bank.sections]
    return Bank.model_validate(
        {
            **bank.model_dump(),
            "questions": [q.model_dump() for q in questions],
            "sections": [s.model_dump() for s in sections],
        }
    )


def reading_summary(reading: ModelReading, lang: str) -> list[str]:
    """What the model read, one line per question (and how to accept it), in the reader's language."""
    zh = lang != "en"
    if not reading.requests:
        return ["没有需要模型读的段落" if zh else "no passage to send to the model"]
    lines = [
        f"模型（{reading.model}）读了 {reading.requests} 段未导入的文字，读出 {len(reading.read)} 题，"
        f"仍有 {len(reading.unread)} 题未导入；读出的题已在 meta 中标为模型读出，请对照原文核对"
        if zh
        else f"the model ({reading.model}) read {reading.requests} left-out passages: {len(reading.read)} questions "
        f"read, {len(reading.unread)} still left out; what it read is marked in meta as read by a model: "
        "check it against the document"
    ]
    for q in reading.read:
        kind = KIND_NAMES[q.kind][0 if zh else 1]
        key = shown_key(q, lang)
        lines.append(
            f"  第 {q.line} 行：{q.id}（{kind}）{q.prompt[:40]} —— 答案：{key}"
            if zh
            else f"  line {q.line}: {q.id} ({kind}) {q.prompt[:40]} — key: {key}"
        )
    return lines
