"""Reading the desk's forms: a question's fields, a revision, an upload's file."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from bot.banks.edit import QuestionForm

__all__ = ["field", "question_form", "revision_of"]


def field(form: MultiDictProxy[Any], name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def question_form(form: MultiDictProxy[Any]) -> QuestionForm:
    return QuestionForm(
        kind=field(form, "kind"),
        stem=field(form, "stem"),
        options=field(form, "options"),
        key=field(form, "key"),
        alternates=field(form, "alternates"),
        explanation=field(form, "explanation"),
    )


def revision_of(form: MultiDictProxy[Any]) -> int:
    text = field(form, "revision")
    if not text.isdecimal():
        raise web.HTTPBadRequest(text="revision missing")
    return int(text)
