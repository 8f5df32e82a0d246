"""A case study asked in parts: `【说明】…` then `【问题1】…【问题2】…`, answered part by part (`【问题1】答：…`).

Exam papers of this kind (软考's 案例分析, many 材料分析题) grade each part on its own, and a learner in a
chat answers one part at a time. So a case whose stem and reference answer name the same parts becomes
one question per part, each with the shared material above its own question; a part that asks for
judgements on listed statements (`判断下列说法的正误：（1）……（ ）`) answered `（1）×（2）√` becomes one
true/false question per statement.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.banks.model import Kind
from bot.banks.questions.draft import Draft

__all__ = ["split_case"]

_PART = re.compile(r"^[ \t]*(?:【\s*问题\s*(\d{1,2})\s*】|问题\s*(\d{1,2})\s*[:：])\s*", re.M)
_SCORE = re.compile(r"^\s*[（(]\s*(?:共|满分)?\s*\d+(?:\.\d+)?\s*分\s*[)）]\s*")
# the paper's instruction for the whole case: no part of any one question
_INSTRUCTION = re.compile(r"^\s*阅读(?:下列|以下|下面的?)(?:说明|材料|案例|资料)[^。\n]*[。\n]\s*")
_MATERIAL_LABEL = re.compile(r"^\s*(?:【\s*(?:说明|材料|案例|背景)\s*】|(?:材料|案例|背景)\s*[:：])\s*")
_ANSWER_LEAD = re.compile(r"^\s*(?:答|参考答案|答案)\s*[:：]\s*")
_ITEM = re.compile(r"[（(]\s*(\d{1,2})\s*[)）]")
_JUDGE = re.compile(r"正误|对错|正确的(?:填写|打)|[√×]|是否正确|判断")
_EMPTY_BRACKET = re.compile(r"\s*[（(]\s*[)）]\s*$")
_TICK = {"√": "对", "✓": "对", "✔": "对", "对": "对", "T": "对", "×": "错", "✗": "错", "✘": "错", "错": "错", "F": "错"}


def _parts(text: str) -> dict[int, str]:
    found = list(_PART.finditer(text))
    out: dict[int, str] = {}
    if not found:
        return out
    for m, nxt in zip(found, [*found[1:], None], strict=True):
        number = int(m.group(1) or m.group(2))
        out.setdefault(number, text[m.end() : nxt.start() if nxt else len(text)].strip())
    return out


# "问题：" then "（1）……（2）……" on lines of their own, answered "（1）……（2）……"
_ASK = re.compile(r"^[ \t]*(?:问题|要求|请回答|回答问题)\s*[:：]?[ \t]*$|^[ \t]*(?:问题|要求)\s*[:：]", re.M)
_ITEM_LINE = re.compile(r"^[ \t]*[（(]\s*(\d{1,2})\s*[)）]\s*", re.M)


def _items(text: str) -> dict[int, str]:
    found = list(_ITEM_LINE.finditer(text))
    out: dict[int, str] = {}
    if not found:
        return out
    for m, nxt in zip(found, [*found[1:], None], strict=True):
        out.setdefault(int(m.group(1)), text[m.end() : nxt.start() if nxt else len(text)].strip())
    return out


def _asked_in_items(draft: Draft) -> tuple[str, dict[int, str], dict[int, str]] | None:
    """A case whose questions are numbered （1）（2） under its 问题：, answered （1）（2）: the material
    and the parts asked and answered; None otherwise (a list inside the material stays in it)."""
    asks = list(_ASK.finditer(draft.stem))
    if not asks or draft.answer is None:
        return None
    last = asks[-1]
    asked, answered = _items(draft.stem[last.start() :]), _items(draft.answer)
    if len(asked) < 2 or set(asked) != set(answered) or sorted(asked) != list(range(1, len(asked) + 1)):
        return None
    return draft.stem[: last.start()].strip(), asked, answered


def split_case(draft: Draft) -> list[Draft] | None:
    """The parts of a case asked in parts, or None when it is one question (parts not named alike in
    the stem and the reference answer, or fewer than two)."""
    if draft.answer is None:
        return None
    if len(_PART.findall(draft.stem)) < 2:
        items = _asked_in_items(draft)
        if items is None:
            return None
        material, asked_items, answered_items = items
        material = _MATERIAL_LABEL.sub("", _INSTRUCTION.sub("", _SCORE.sub("", material)))
        return [
            replace(draft, kind=Kind.case, stem=f"{material}\n\n（{n}）{asked_items[n]}", answer=answered_items[n])
            for n in sorted(asked_items)
        ]
    asked, answered = _parts(draft.stem), _parts(draft.answer)
    if len(asked) < 2 or set(asked) != set(answered):
        return None
    material = draft.stem[: _PART.search(draft.stem).start()].strip()  # type: ignore[union-attr]
    material = _MATERIAL_LABEL.sub("", _INSTRUCTION.sub("", _SCORE.sub("", material)))
    out: list[Draft] = []
    for number in sorted(asked):
        question = _SCORE.sub("", asked[number])
        answer = _ANSWER_LEAD.sub("", answered[number]).strip()
        judged = _judgements(question, answer)
        if judged is not None:
            out.extend(
                replace(
                    draft,
                    kind=Kind.true_false,
                    tagged=True,
                    stem=f"{material}\n\n{statement}",
                    answer=None,
                    key=key,
                    options={},
                )
                for statement, key in judged
            )
            continue
        out.append(replace(draft, kind=Kind.case, stem=f"{material}\n\n问题{number}：{question}", answer=answer))
    return out


def _judgements(question: str, answer: str) -> list[tuple[str, str]] | None:
    """`判断下列说法的正误：（1）……（ ）（2）……（ ）` answered `（1）×（2）√`: each statement and its key."""
    items = list(_ITEM.finditer(question))
    keys = re.findall(r"[（(]\s*(\d{1,2})\s*[)）]\s*([√×✓✗✔✘对错TF])", answer)
    if len(items) < 2 or not _JUDGE.search(question[: items[0].start()]) or len(keys) != len(items):
        return None
    by_number = {int(n): _TICK[k] for n, k in keys}
    out = []
    for m, nxt in zip(items, [*items[1:], None], strict=True):
        number = int(m.group(1))
        if number not in by_number:
            return None
        statement = _EMPTY_BRACKET.sub("", question[m.end() : nxt.start() if nxt else len(question)].strip())
        out.append((statement + "（ ）", by_number[number]))
    return out
