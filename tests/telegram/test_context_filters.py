"""A data filter (filters.Regex) works with the typed context: CallbackContext.update() is not shadowed."""

from __future__ import annotations

from telegram.ext import Application

from bot.telegram.context import CONTEXT_TYPES, CustomContext


def test_the_typed_context_keeps_callback_context_update_for_data_filters() -> None:
    app = Application.builder().token("1:x").context_types(CONTEXT_TYPES).build()
    context = CustomContext(app)
    context.update({"matches": ["x"]})  # what a data filter's results are merged with
    assert context.matches == ["x"]
    assert context.current_update is None
