"""The outgoing budget: sliding windows, reply-before-push priority, and the 429 pause."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.telegram.pacing import PUSH, OutgoingBudget, SlidingWindow, is_group_chat


def test_sliding_window_counts_exactly() -> None:
    w = SlidingWindow(3, 60.0)
    for t in (0.0, 1.0, 2.0):
        assert w.delay(t) == 0
        w.take(t)
    assert w.delay(30.0) == pytest.approx(30.0)  # the first event leaves the window at t=60
    assert w.delay(60.0) == 0
    w.take(60.0)
    assert w.delay(60.5) == pytest.approx(0.5)


@pytest.mark.parametrize(("chat", "group"), [(-100123, True), ("-42", True), (42, False), ("@name", False)])
def test_is_group_chat(chat: object, group: bool) -> None:
    assert is_group_chat(chat) is group


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[float, str, dict[str, Any]]] = []

    async def send(self, endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        self.calls.append((time.monotonic(), endpoint, data))
        return {"ok": True}


async def _send(
    budget: OutgoingBudget, rec: Recorder, endpoint: str, data: dict[str, Any], push: bool = False
) -> float:
    await budget.process_request(rec.send, (endpoint, data), {}, endpoint, data, PUSH if push else None)
    return time.monotonic()


def _max_in_window(times: list[float], period: float) -> int:
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - period:
            start += 1
        best = max(best, end - start + 1)
    return best


async def test_global_rate_never_exceeded() -> None:
    budget, rec = OutgoingBudget(send_rate=20, broadcast_rate=20), Recorder()
    await asyncio.gather(*(_send(budget, rec, "sendMessage", {"chat_id": i, "text": "x"}) for i in range(45)))
    times = [t for t, _, _ in rec.calls]
    assert len(times) == 45
    assert _max_in_window(times, 1.0) <= 20
    assert max(times) - min(times) >= 2.0  # 45 messages at 20/s need two full windows


async def test_methods_that_send_nothing_are_not_counted() -> None:
    budget, rec = OutgoingBudget(send_rate=2, broadcast_rate=2), Recorder()
    start = time.monotonic()
    await asyncio.gather(*(_send(budget, rec, "answerCallbackQuery", {"callback_query_id": str(i)}) for i in range(30)))
    assert time.monotonic() - start < 0.5 and len(rec.calls) == 30


async def test_group_limit_per_minute() -> None:
    budget, rec = OutgoingBudget(send_rate=0, broadcast_rate=0, group_per_minute=5), Recorder()
    sends = [asyncio.create_task(_send(budget, rec, "sendMessage", {"chat_id": -100, "text": "x"})) for _ in range(8)]
    private = await _send(budget, rec, "sendMessage", {"chat_id": 7, "text": "x"})
    await asyncio.sleep(0.3)
    group_calls = [c for c in rec.calls if c[2]["chat_id"] == -100]
    assert len(group_calls) == 5  # the other three wait a minute; a private chat is not held up
    assert private - rec.calls[0][0] < 0.3
    for task in sends:
        task.cancel()
    await asyncio.gather(*sends, return_exceptions=True)


async def test_replies_overtake_a_broadcast() -> None:
    budget, rec = OutgoingBudget(send_rate=10, broadcast_rate=10), Recorder()
    pushes = [
        asyncio.create_task(_send(budget, rec, "sendMessage", {"chat_id": i, "text": "p"}, push=True))
        for i in range(1, 31)
    ]
    await asyncio.sleep(0.1)  # the first window of pushes is out; 20 wait
    reply_done = await _send(budget, rec, "sendMessage", {"chat_id": 999, "text": "verdict"})
    order = [c[2]["chat_id"] for c in rec.calls]
    # The reply took the next free slot: at most one window's worth of pushes went before it.
    assert order.index(999) <= 11
    assert reply_done - rec.calls[0][0] < 1.3
    await asyncio.gather(*pushes)
    assert len(rec.calls) == 31


async def test_429_pauses_every_request_then_retries() -> None:
    budget = OutgoingBudget(send_rate=0, broadcast_rate=0)
    calls: list[tuple[float, str]] = []
    failures = {"n": 1}

    async def flaky(endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        calls.append((time.monotonic(), endpoint))
        if endpoint == "sendMessage" and failures["n"]:
            failures["n"] -= 1
            raise RetryAfter(timedelta(seconds=1))
        return {"ok": True}

    first = asyncio.create_task(
        budget.process_request(
            flaky, ("sendMessage", {"chat_id": 1}), {}, "sendMessage", {"chat_id": 1, "text": "x"}, None
        )
    )
    await asyncio.sleep(0.05)
    paused_at = calls[0][0]
    other = await budget.process_request(flaky, ("answerCallbackQuery", {}), {}, "answerCallbackQuery", {}, None)
    await first
    assert other == {"ok": True}
    assert sorted(e for _, e in calls) == ["answerCallbackQuery", "sendMessage", "sendMessage"]
    assert all(t - paused_at >= 0.99 for t, _ in calls[1:])  # nothing at all before retry_after ended
    assert budget.retry_after_count == 1


async def test_429_gives_up_after_max_retries() -> None:
    budget = OutgoingBudget(send_rate=0, broadcast_rate=0, max_retries=1)

    async def always_429(endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        raise RetryAfter(timedelta(0))

    with pytest.raises(RetryAfter):
        await budget.process_request(always_429, ("sendMessage", {}), {}, "sendMessage", {"chat_id": 1}, None)
    assert budget.retry_after_count == 2
