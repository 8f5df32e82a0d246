"""The outgoing budget: sliding windows, reply-before-push priority, and the 429 pause.

The async tests run on looptime's event loop time: sleeps fast-forward when the loop is idle and the budget
reads the loop's clock, so the timings asserted are exact whatever the machine is doing meanwhile.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.telegram.pacing import (
    PUSH,
    NotClaimed,
    OutgoingBudget,
    SlidingWindow,
    TokenBucket,
    is_group_chat,
    push_args,
)

pytestmark = pytest.mark.looptime


def _now() -> float:
    """The event loop's (fake) time: what the budgets under test read and what the records note."""
    return asyncio.get_running_loop().time()


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
        self.calls.append((_now(), endpoint, data))
        return {"ok": True}


async def _send(
    budget: OutgoingBudget, rec: Recorder, endpoint: str, data: dict[str, Any], push: bool = False
) -> float:
    await budget.process_request(rec.send, (endpoint, data), {}, endpoint, data, PUSH if push else None)
    return _now()


def _max_in_window(times: list[float], period: float) -> int:
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - period:
            start += 1
        best = max(best, end - start + 1)
    return best


async def test_global_rate_never_exceeded() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=20, broadcast_rate=20), Recorder()
    await asyncio.gather(*(_send(budget, rec, "sendMessage", {"chat_id": i, "text": "x"}) for i in range(45)))
    times = [t for t, _, _ in rec.calls]
    assert len(times) == 45
    assert _max_in_window(times, 1.0) <= 20
    assert max(times) - min(times) >= 2.0  # 45 messages at 20/s need two full windows


async def test_methods_that_send_nothing_are_not_counted() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=2, broadcast_rate=2), Recorder()
    start = _now()
    await asyncio.gather(*(_send(budget, rec, "answerCallbackQuery", {"callback_query_id": str(i)}) for i in range(30)))
    assert _now() - start < 0.5 and len(rec.calls) == 30


async def test_group_limit_per_minute() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=0, broadcast_rate=0, group_per_minute=5), Recorder()
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
    budget, rec = OutgoingBudget(clock=_now, send_rate=10, broadcast_rate=10), Recorder()
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


async def test_pushes_leave_room_for_the_replies_to_come() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=10, broadcast_rate=10, chat_rate=0), Recorder()
    pushes = [
        asyncio.create_task(_send(budget, rec, "sendMessage", {"chat_id": 1000 + i, "text": "p"}, push=True))
        for i in range(60)
    ]
    waits: list[float] = []
    for i in range(12):  # a verdict every 0.45 s while the broadcast goes: none waits for the pushes
        await asyncio.sleep(0.45)
        start = _now()
        await _send(budget, rec, "sendMessage", {"chat_id": i, "text": "verdict"})
        waits.append(_now() - start)
    await asyncio.gather(*pushes)
    # From the second verdict on the pushes keep a slot for each recent one, and one more: none waits (when
    # the pushes filled every slot, a verdict waited up to a tenth of a second for one to free).
    assert max(waits[2:]) < 0.005, waits
    times = [t for t, _, _ in rec.calls]
    assert _max_in_window(times, 1.0) <= 10 and len(times) == 72  # the pushes took all the rest, within the limit


async def test_429_pauses_that_chat_then_retries() -> None:
    budget = OutgoingBudget(clock=_now, send_rate=0, broadcast_rate=0)
    calls: list[tuple[float, str, object]] = []
    failures = {"n": 1}

    async def flaky(endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        calls.append((_now(), endpoint, data.get("chat_id")))
        if endpoint == "sendMessage" and failures["n"]:
            failures["n"] -= 1
            raise RetryAfter(timedelta(seconds=0.4))
        return {"ok": True}

    def request(endpoint: str, data: dict[str, Any]) -> Any:
        return budget.process_request(flaky, (endpoint, data), {}, endpoint, data, None)

    first = asyncio.create_task(request("sendMessage", {"chat_id": 1, "text": "x"}))
    await asyncio.sleep(0.05)
    paused_at = calls[0][0]
    same_chat = asyncio.create_task(request("editMessageText", {"chat_id": 1, "message_id": 5, "text": "y"}))
    other = await request("answerCallbackQuery", {"callback_query_id": "7"})
    await asyncio.gather(first, same_chat)
    assert other == {"ok": True}
    assert sorted(e for _, e, _ in calls) == ["answerCallbackQuery", "editMessageText", "sendMessage", "sendMessage"]
    assert all(t - paused_at >= 0.39 for t, _, chat in calls[1:] if chat == 1)  # that chat waited retry_after
    assert all(t - paused_at < 0.2 for t, e, _ in calls if e == "answerCallbackQuery")  # nothing else did
    assert budget.retry_after_count == 1 and budget.chat_pauses == 1 and budget.global_pauses == 0


async def test_429_gives_up_after_max_retries() -> None:
    budget = OutgoingBudget(clock=_now, send_rate=0, broadcast_rate=0, max_retries=1)

    async def always_429(endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        raise RetryAfter(timedelta(0))

    with pytest.raises(RetryAfter):
        await budget.process_request(always_429, ("sendMessage", {}), {}, "sendMessage", {"chat_id": 1}, None)
    assert budget.retry_after_count == 2


class Flood:
    """A Bot API stand-in: chats in ``flooded`` answer 429 (retry_after ``seconds``) the first ``times`` times."""

    def __init__(self, flooded: set[int], seconds: float = 1.0, times: int = 1) -> None:
        self.flooded, self.seconds, self.left = flooded, seconds, dict.fromkeys(flooded, times)
        self.calls: list[tuple[float, Any]] = []

    async def send(self, endpoint: str, data: dict[str, Any]) -> dict[str, Any]:
        chat = data.get("chat_id")
        self.calls.append((_now(), chat))
        if chat in self.flooded and self.left[chat] > 0:
            self.left[chat] -= 1
            raise RetryAfter(timedelta(seconds=self.seconds))
        return {"ok": True}

    def request(self, budget: OutgoingBudget, chat: int, push: bool = False) -> Any:
        data = {"chat_id": chat, "text": "x"}
        return budget.process_request(self.send, ("sendMessage", data), {}, "sendMessage", data, PUSH if push else None)


async def test_a_429_in_one_chat_never_holds_up_the_others() -> None:
    budget, api = OutgoingBudget(clock=_now, send_rate=30, broadcast_rate=25), Flood({1}, seconds=0.6)
    start = _now()
    flooded = asyncio.create_task(api.request(budget, 1))
    await asyncio.sleep(0.05)  # chat 1 has had its 429
    await asyncio.gather(
        *(api.request(budget, chat) for chat in range(2, 12)),
        *(api.request(budget, chat, push=True) for chat in range(100, 110)),
    )
    others = _now() - start
    await flooded
    assert others < 0.3  # today's rule paused everything for the whole retry_after
    assert [t - start for t, chat in api.calls if chat == 1][-1] >= 0.59
    assert budget.paused_until == 0.0 and budget.chat_paused_until(1) > 0


async def test_429s_from_several_chats_pause_everything() -> None:
    budget, api = (
        OutgoingBudget(clock=_now, send_rate=30, broadcast_rate=25, several_chats=3),
        Flood({1, 2, 3}, seconds=0.4),
    )
    start = _now()
    await asyncio.gather(*(api.request(budget, chat) for chat in (1, 2, 3)))
    assert budget.global_pauses >= 1
    later = [t - start for t, chat in api.calls if chat == 50]
    await api.request(budget, 50)
    later = [t - start for t, chat in api.calls if chat == 50]
    assert later and later[0] >= 0.35  # a chat that had no 429 waited for the global pause too


async def test_a_429_at_the_global_rate_pauses_everything() -> None:
    budget, api = OutgoingBudget(clock=_now, send_rate=5, broadcast_rate=5), Flood({1}, seconds=0.4)
    await asyncio.gather(*(api.request(budget, chat) for chat in range(10, 14)))  # 4 of 5 this second
    start = _now()
    await api.request(budget, 1)  # the fifth takes the last slot and meets a 429: the bot's own limit
    assert budget.global_pauses == 1 and budget.chat_pauses == 0
    assert _now() - start >= 0.35


async def test_a_429_near_the_global_rate_pauses_everything() -> None:
    budget, api = OutgoingBudget(clock=_now, send_rate=10, broadcast_rate=10), Flood({1}, seconds=0.4)
    await asyncio.gather(*(api.request(budget, chat) for chat in range(10, 17)))  # 7 of 10 this second
    start = _now()
    await api.request(budget, 1)  # the eighth meets a 429: near the bot's own limit, read as that
    assert budget.global_pauses == 1 and budget.chat_pauses == 0
    assert _now() - start >= 0.35
    await api.request(budget, 50)  # another chat waited for the pause too
    assert next(t - start for t, chat in api.calls if chat == 50) >= 0.35


def test_token_bucket_bursts_then_keeps_the_pace() -> None:
    bucket = TokenBucket(1.0, 3)
    for t in (0.0, 0.1, 0.2):
        assert bucket.delay(t) == 0
        bucket.take(t)
    # It drains at 1/s from the first: 2.7 left at 0.3 s, so the fourth waits until 1.0 s.
    assert bucket.delay(0.3) == pytest.approx(0.7)
    bucket.take(1.0)
    assert bucket.delay(1.0) == pytest.approx(1.0)  # from now on one per second
    assert bucket.delay(10.0) == 0 and bucket.empty_at(10.0)
    bucket.spend(10.0)  # a flooding chat: no burst, one a second from now on
    assert bucket.delay(10.0) == pytest.approx(1.0)


async def test_private_chats_are_paced_one_per_second_after_a_burst() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=30, broadcast_rate=25, chat_rate=10, chat_burst=3), Recorder()
    await asyncio.gather(
        *(_send(budget, rec, "sendMessage", {"chat_id": 7, "text": "x"}) for _ in range(8)),
        *(_send(budget, rec, "sendMessage", {"chat_id": c, "text": "x"}) for c in range(20, 25)),
    )
    mine = sorted(t for t, _, d in rec.calls if d["chat_id"] == 7)
    others = [t for t, _, d in rec.calls if d["chat_id"] != 7]
    assert mine[2] - mine[0] < 0.05  # the burst
    assert mine[-1] - mine[0] >= 0.45  # then 10 per second: 5 more need half a second
    assert max(others) - mine[0] < 0.1  # other chats never wait for chat 7's pace
    # Edits are not new messages: a private chat's pace does not hold them.
    before = _now()
    await _send(budget, rec, "editMessageReplyMarkup", {"chat_id": 7, "message_id": 1})
    assert _now() - before < 0.05


async def test_a_reply_waiting_for_its_chat_does_not_hold_back_pushes() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=30, broadcast_rate=25, chat_rate=3, chat_burst=1), Recorder()
    await _send(budget, rec, "sendMessage", {"chat_id": 7, "text": "first"})
    waiting = asyncio.create_task(_send(budget, rec, "sendMessage", {"chat_id": 7, "text": "second"}))
    await asyncio.sleep(0.05)  # the reply waits a third of a second for chat 7
    start = _now()
    await asyncio.gather(
        *(_send(budget, rec, "sendMessage", {"chat_id": c, "text": "p"}, push=True) for c in range(100, 105))
    )
    assert _now() - start < 0.3
    await waiting


async def test_a_push_is_claimed_when_its_slot_comes_and_not_sent_when_refused() -> None:
    budget, rec = OutgoingBudget(clock=_now, send_rate=2, broadcast_rate=2), Recorder()
    claimed: list[tuple[float, int]] = []

    def claim(chat: int, ok: bool) -> Any:
        async def run() -> bool:
            claimed.append((_now(), chat))
            return ok

        return run

    async def push(chat: int, ok: bool = True) -> None:
        data = {"chat_id": chat, "text": "p"}
        await budget.process_request(
            rec.send, ("sendMessage", data), {}, "sendMessage", data, push_args(claim(chat, ok))
        )

    start = _now()
    results = await asyncio.gather(push(1), push(2), push(3), push(4, ok=False), return_exceptions=True)
    assert isinstance(results[3], NotClaimed)
    assert [d["chat_id"] for _, _, d in rec.calls] == [1, 2, 3]  # the refused one was never sent
    # The third claim waited for the next second's slot: nothing is claimed long before it leaves.
    third = next(t for t, chat in claimed if chat == 3)
    assert third - start >= 0.95
    assert all(
        abs(t - next(c for c, _, d in rec.calls if d["chat_id"] == chat)) < 0.05 for t, chat in claimed if chat != 4
    )
