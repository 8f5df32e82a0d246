"""Updates of different chats handled at the same time, those of one chat strictly in arrival order.

python-telegram-bot handles one update at a time by default: a learner's answer waits while another
learner's answer is written to the database and its verdict sent. With `concurrent_updates(True)` the
order inside a chat would be lost (a press of "next" could overtake the answer before it). This
processor keeps one FIFO lock per chat (per user for updates without a chat, e.g. poll answers).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

__all__ = ["PerChatUpdateProcessor", "update_key"]


def update_key(update: object) -> int | None:
    """What serialises an update: its chat, else its user; None runs it without waiting."""
    if not isinstance(update, Update):
        return None
    if update.effective_chat is not None:
        return update.effective_chat.id
    if update.effective_user is not None:
        return update.effective_user.id
    return None


class PerChatUpdateProcessor(BaseUpdateProcessor):
    def __init__(self, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}  # updates holding or waiting for each lock

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        key = update_key(update)
        if key is None:
            await coroutine
            return
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:  # asyncio.Lock wakes waiters first come, first served
                await coroutine
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:  # nobody else in this chat: forget the lock (memory stays bounded)
                del self._waiting[key]
                del self._locks[key]

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
