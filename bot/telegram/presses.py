"""The one path of a button press, in private chats and groups alike.

A press's callback data is decoded once (bot/telegram/callbacks.py); anything stale, forged or
malformed, and a press without data, gets the same short toast. A well-formed press goes to the
feature that registered its action (``PRESSES[action]``); that feature answers the press, and decides
itself what a group changes (a verdict in a toast, the live count) against a private chat (a verdict
message).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import CallbackQuery, Update
from telegram.ext import Application, CallbackQueryHandler

from bot.telegram.callbacks import ACTIONS, Callback
from bot.telegram.context import CustomContext

__all__ = ["PRESSES", "Press", "on_press", "register"]

Press = Callable[[CustomContext, CallbackQuery, Callback], Awaitable[None]]

PRESSES: dict[str, Press] = {}  # action name (bot/telegram/callbacks.py) -> its feature's handler


async def on_press(update: Update, context: CustomContext) -> None:
    query = update.callback_query
    if query is None:
        return
    decoded = context.codec.decode(query.data)
    press = PRESSES.get(decoded.action) if isinstance(decoded, Callback) else None
    if press is None:
        await query.answer(context.texts("callback_invalid", await context.lang()))
        return
    assert isinstance(decoded, Callback)
    await press(context, query, decoded)


def register(app: Application) -> None:  # type: ignore[type-arg]
    unknown = set(PRESSES) - {name for name, _ in ACTIONS.values()}
    if unknown:  # a feature registered an action the codec cannot carry: a bug of ours, caught at start
        raise ValueError(f"button actions without a callback code: {sorted(unknown)}")
    app.add_handler(CallbackQueryHandler(on_press))
