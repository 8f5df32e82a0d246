"""A question as a teacher edits it on a form: kind, stem, options, key, other accepted answers and the
explanation as typed, read into a checked `Question` (pure).

Options are typed one a line (`A. 宪法`; a line without a letter takes the next one); the key as
`/fixkey` takes it (letters, 对/错, fill-in blanks separated by '；' with alternatives by ' 或 ', a case's
reference text); other accepted answers one a line. Whatever does not fit is an `EditError` that names
the field and says why in zh and en, and nothing is changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import ValidationError

from bot.banks.key_fix import KeyFixError, parse_key
from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question

__all__ = ["EditError", "QuestionForm", "edited_question", "form_of", "key_text", "options_text", "with_question"]

LETTERS = "ABCDEFGH"
_OPTION = re.compile(r"^\s*([A-Ha-h])\s*[.．、:：)）]\s*(.*)$")
MAX_TEXT = 20000  # characters of one field


@dataclass
class EditError(Exception):
    """The form does not make a question: which field, and why (zh and en)."""

    field: str
    zh: str
    en: str

    def __post_init__(self) -> None:
        super().__init__(self.en)

    def message(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


@dataclass(frozen=True)
class QuestionForm:
    """The fields as typed (each a string)."""

    kind: str
    stem: str
    options: str = ""
    key: str = ""
    alternates: str = ""
    explanation: str = ""


def options_text(question: Question) -> str:
    return "\n".join(f"{letter}. {text}" for letter, text in question.options.items())


def key_text(question: Question) -> str:
    """The key typed the way `parse_key` reads it back."""
    if question.kind in CHOICE_KINDS:
        return question.letters
    if question.kind is Kind.true_false:
        return "对" if question.answer is True else "错"
    if question.kind is Kind.fill and isinstance(question.answer, list):
        if question.answer and all(isinstance(a, list) for a in question.answer):
            return "；".join(" 或 ".join(blank) for blank in question.answer)  # type: ignore[union-attr]
        return " 或 ".join(a for a in question.answer if isinstance(a, str))
    return str(question.answer)


def form_of(question: Question) -> QuestionForm:
    return QuestionForm(
        kind=str(question.kind),
        stem=question.prompt,
        options=options_text(question),
        key=key_text(question),
        alternates="\n".join(question.alternates),
        explanation=question.explanation or "",
    )


def _options(text: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _OPTION.match(line)
        letter, body = (m.group(1).upper(), m.group(2).strip()) if m else (None, line.strip())
        if letter is None or letter in options:
            free = [c for c in LETTERS if c not in options]
            if not free:
                raise EditError("options", "选项最多 8 个（A–H）", "at most 8 options (A–H)")
            letter = free[0]
        if not body:
            raise EditError("options", f"选项 {letter} 没有内容", f"option {letter} is empty")
        options[letter] = body
    return dict(sorted(options.items()))


def _field(text: str, name: str) -> str:
    if len(text) > MAX_TEXT:
        raise EditError(name, f"内容太长（最多 {MAX_TEXT} 字）", f"too long (at most {MAX_TEXT} characters)")
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def edited_question(form: QuestionForm, *, qid: str, number: int, base: Question | None = None) -> Question:
    """The question the form describes, keeping what the form does not show (section, line, tags, meta)
    from ``base``. EditError when it does not make a question."""
    try:
        kind = Kind(form.kind)
    except ValueError:
        raise EditError("kind", f"没有题型“{form.kind}”", f"there is no kind '{form.kind}'") from None
    stem = _field(form.stem, "stem")
    if not stem:
        raise EditError("stem", "题干不能为空", "the stem is empty")
    options = _options(_field(form.options, "options")) if kind in CHOICE_KINDS else {}
    if kind in CHOICE_KINDS and len(options) < 2:
        raise EditError("options", "选择题至少要有两个选项", "a choice question needs at least two options")
    explanation = _field(form.explanation, "explanation") or None
    alternates = [a.strip() for a in _field(form.alternates, "alternates").splitlines() if a.strip()]
    # A question of the new kind and text with a placeholder key, to read the typed key against.
    draft = Question.model_construct(id=qid, kind=kind, number=number, prompt=stem, options=options, answer="")
    try:
        answer = parse_key(draft, _field(form.key, "key"))
    except KeyFixError as exc:
        raise EditError("key", exc.zh, exc.en) from None
    kept = base.model_dump(include={"section", "line", "tags", "meta"}) if base is not None else {}
    try:
        return Question.model_validate(
            {
                **kept,
                "id": qid,
                "kind": kind,
                "number": number,
                "prompt": stem,
                "options": options,
                "answer": answer,
                "alternates": alternates,
                "explanation": explanation,
            }
        )
    except ValidationError as exc:
        why = exc.errors()[0]["msg"]
        raise EditError("key", f"答案无效：{why}", f"the key is invalid: {why}") from None


def with_question(bank: Bank, question: Question, *, after: int | None = None) -> Bank:
    """The bank with ``question`` in place of the one of its id, or added: in document order by its line
    (``after``: the line it stands on, for a question made of a left-out passage)."""
    questions = list(bank.questions)
    for i, q in enumerate(questions):
        if q.id == question.id:
            questions[i] = question
            return bank.model_copy(update={"questions": questions})
    line = after if after is not None else question.line or 0
    at = next((i for i, q in enumerate(questions) if (q.line or 0) > line), len(questions))
    questions.insert(at, question)
    return bank.model_copy(update={"questions": questions})
