"""The circuit breaker on its own: what opens it, who waits while it is open, what closes it.

On looptime's event loop time (as tests/test_pacing.py): sleeps take no real time.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.telegram.breaker import Breaker, Unreachable

pytestmark = pytest.mark.looptime


def _now() -> float:
    return asyncio.get_running_loop().time()


class Api:
    def __init__(self) -> None:
        self.up = False
        self.probes = 0

    async def probe(self) -> None:
        self.probes += 1
        if not self.up:
            raise ConnectionError("down")


def _breaker(api: Api) -> tuple[Breaker, list[float]]:
    breaker = Breaker(clock=_now)
    breaker.probe = api.probe
    recovered: list[float] = []
    breaker.on_recovery.append(lambda: recovered.append(_now()))
    return breaker, recovered


async def test_a_request_unanswered_far_longer_than_usual_opens_it_and_a_probe_closes_it() -> None:
    api = Api()
    breaker, recovered = _breaker(api)
    for _ in range(5):  # answers take 10 ms
        ticket = breaker.begin()
        await asyncio.sleep(0.01)
        breaker.end(ticket, answered=True)
    assert breaker.stall_after == pytest.approx(0.25)  # ten round trips, at least the floor
    breaker.begin()  # this one is never answered
    await asyncio.sleep(0.2)
    assert not breaker.is_open
    await asyncio.sleep(0.1)
    assert breaker.is_open and breaker.opened == 1
    start = _now()
    with pytest.raises(Unreachable):
        await breaker.wait(push=False)  # a reply waits a moment, then is "not sent"
    assert _now() - start == pytest.approx(breaker.reply_wait)
    push = asyncio.create_task(breaker.wait(push=True))  # a push waits for the API
    await asyncio.sleep(3)
    assert not push.done() and api.probes >= 2
    api.up = True
    await asyncio.wait_for(push, 30)
    assert not breaker.is_open and len(recovered) == 1
    assert breaker.opened == 1  # the old unanswered request does not open it again


async def test_a_failure_opens_it_at_once_and_a_stop_releases_the_waiters() -> None:
    api = Api()
    breaker, recovered = _breaker(api)
    breaker.fail("a request timed out")
    assert breaker.is_open
    push = asyncio.create_task(breaker.wait(push=True))
    await asyncio.sleep(1)
    breaker.release()
    with pytest.raises(Unreachable):
        await push
    breaker.fail("again")  # stopping: it stays closed
    assert not breaker.is_open and recovered == []


async def test_without_a_probe_it_never_opens() -> None:
    breaker = Breaker(clock=_now)
    breaker.fail("a request timed out")
    breaker.begin()
    await asyncio.sleep(10)
    assert not breaker.is_open
    await breaker.wait(push=False)
