"""The update processor: each chat in order, chats in parallel, a flood coalesced within its own chat."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from telegram import Update

from bot.telegram.ordering import PerChatUpdateProcessor, coalescible

_ids = itertools.count(1)


def message(chat: int, user: int, text: str | None = "hi", **extra: Any) -> Update:
    kind = "private" if chat > 0 else "supergroup"
    data: dict[str, Any] = {
        "message_id": next(_ids),
        "date": 0,
        "chat": {"id": chat, "type": kind},
        "from": {"id": user, "is_bot": False, "first_name": "U"},
        **extra,
    }
    if text is not None:
        data["text"] = text
    return Update.de_json({"update_id": next(_ids), "message": data}, None)


def press(chat: int, user: int) -> Update:
    msg = {"message_id": 1, "date": 0, "chat": {"id": chat, "type": "private"}}
    return Update.de_json(
        {
            "update_id": next(_ids),
            "callback_query": {
                "id": str(next(_ids)),
                "from": {"id": user, "is_bot": False, "first_name": "U"},
                "chat_instance": "c",
                "data": "x",
                "message": msg,
            },
        },
        None,
    )


class Run:
    """Feeds updates to a processor and records which handlers ran, in what order."""

    def __init__(self, processor: PerChatUpdateProcessor) -> None:
        self.processor = processor
        self.ran: list[Update] = []
        self.done: list[object] = []
        self.gates: dict[int, asyncio.Event] = {}
        processor.on_done = self._done
        self.tasks: list[asyncio.Task[None]] = []

    async def _done(self, update: object) -> None:
        self.done.append(update)

    def feed(self, update: Update, gate: asyncio.Event | None = None) -> None:
        async def handle() -> None:
            if gate is not None:
                await gate.wait()
            self.ran.append(update)

        self.tasks.append(asyncio.create_task(self.processor.process_update(update, handle())))

    async def settle(self) -> None:
        """Let every update that can run now run as far as it can (turns of the loop, not time)."""
        for _ in range(50):
            await asyncio.sleep(0)


async def test_one_chat_in_order_other_chats_meanwhile() -> None:
    run = Run(PerChatUpdateProcessor(4))
    gate = asyncio.Event()
    first, second, other = message(1, 1, "a"), message(1, 1, "b"), message(2, 2, "c")
    run.feed(first, gate)
    run.feed(second)
    run.feed(other)
    await run.settle()
    assert run.ran == [other]  # chat 1 waits for its first update; chat 2 does not
    gate.set()
    await asyncio.gather(*run.tasks)
    assert run.ran == [other, first, second] and len(run.done) == 3


async def test_updates_waiting_for_their_chat_hold_no_running_slot() -> None:
    run = Run(PerChatUpdateProcessor(2, flood_queue=100))
    gate = asyncio.Event()
    run.feed(press(1, 1), gate)
    for _ in range(20):  # they wait their turn in chat 1 (presses: never coalesced)
        run.feed(press(1, 1))
    run.feed(message(2, 2))
    await run.settle()
    assert [u.effective_chat.id for u in run.ran] == [2]  # python-telegram-bot's own limit would say 16
    gate.set()
    await asyncio.gather(*run.tasks)
    assert len(run.ran) == 22 and len(run.done) == 22


async def test_a_flood_is_coalesced_to_the_latest_message_with_one_notice() -> None:
    told: list[Update] = []

    async def on_flood(update: Update, tell: bool) -> None:
        if tell:
            told.append(update)

    run = Run(PerChatUpdateProcessor(4, flood_queue=3, on_flood=on_flood))
    gate = asyncio.Event()
    run.feed(message(1, 1, "first"), gate)
    flood = [message(1, 1, f"m{i}") for i in range(30)]
    for update in flood:
        run.feed(update)
    button = press(1, 1)
    run.feed(button)
    doc = message(1, 1, None, document={"file_id": "f", "file_unique_id": "u"})
    run.feed(doc)
    run.feed(message(1, 1, "last"))
    await run.settle()
    assert len(told) == 1  # one notice for the whole flood
    gate.set()
    await asyncio.gather(*run.tasks)
    texts = [u.effective_message.text for u in run.ran]
    # The first ran; of the messages that waited, the latest counts; the press and the document were
    # never dropped.
    assert texts == ["first", None, None, "last"]
    assert run.ran[1] is button and run.ran[2] is doc
    assert run.processor.superseded == 30
    assert len(run.done) == 34  # every update is done: handled or superseded


async def test_in_a_group_nothing_is_coalesced_and_nobody_is_told() -> None:
    told: list[Update] = []

    async def on_flood(update: Update, tell: bool) -> None:
        told.append(update)

    run = Run(PerChatUpdateProcessor(4, flood_queue=2, on_flood=on_flood))
    gate = asyncio.Event()
    run.feed(message(-100, 1, "head"), gate)
    for i in range(6):
        run.feed(message(-100, 1, f"a{i}"))
    await run.settle()
    gate.set()
    await asyncio.gather(*run.tasks)
    assert [u.effective_message.text for u in run.ran] == ["head", *(f"a{i}" for i in range(6))]
    assert told == [] and run.processor.superseded == 0


def test_what_may_be_coalesced() -> None:
    assert coalescible(message(1, 1, "/quiz"))
    assert not coalescible(press(1, 1))
    assert not coalescible(message(1, 1, None, document={"file_id": "f", "file_unique_id": "u"}))
    assert not coalescible(message(-1, 1, None, new_chat_members=[{"id": 5, "is_bot": False, "first_name": "N"}]))


async def test_a_groups_updates_run_in_arrival_order_whoever_sends_them() -> None:
    run = Run(PerChatUpdateProcessor(8))
    gate = asyncio.Event()
    first = message(-100, 1, "/quiz")
    run.feed(first, gate)
    later = [message(-100, user, f"answer {user}") for user in (2, 3, 4)]
    for update in later:
        run.feed(update)
    await run.settle()
    assert run.ran == []  # members 2-4 wait for member 1's update: one group, one queue
    gate.set()
    await asyncio.gather(*run.tasks)
    assert run.ran == [first, *later]
