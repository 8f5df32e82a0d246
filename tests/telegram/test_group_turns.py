"""Turns to send in a group (bot/telegram/group_turns.py): who goes first when the group's minute is full,
what a turn counts, and what it gives back.

On looptime's event loop time: the turns' waits are sleeps that fast-forward when the loop is idle, and the
plan reads the loop's clock, so the timings asserted are exact whatever the machine is doing meanwhile.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.telegram.group_budget import GroupBudget, GroupTuning, Kind
from bot.telegram.group_turns import GroupTurns, detached

pytestmark = pytest.mark.looptime

G = -100


def _now() -> float:
    return asyncio.get_running_loop().time()


def _turns(**tuning: int) -> GroupTurns:
    turns = GroupTurns(GroupBudget(GroupTuning(**tuning), clock=_now), sleep=asyncio.sleep)
    turns.observe("sendMessage", None)  # the rate limiter reports requests (as the app wires it)
    return turns


def _fill(turns: GroupTurns, n: int) -> None:
    for _ in range(n):
        turns.budget.note(G)


async def _send(turns: GroupTurns, kind: Kind, log: list[tuple[str, float]], name: str, **kw: object) -> None:
    async with turns.turn(G, kind, **kw) as ticket:  # type: ignore[arg-type]
        assert ticket is not None
        turns.observe("sendMessage", str(G))
        log.append((name, round(_now(), 3)))


async def test_when_the_minute_is_full_results_go_first_and_the_live_count_last() -> None:
    turns, log = _turns(), []
    _fill(turns, 20)  # the minute is full: the first request leaves it at t=61
    jobs = [
        asyncio.ensure_future(_send(turns, kind, log, kind))
        for kind in ("edit", "command", "retire", "question", "notice", "result")
    ]
    await asyncio.sleep(0)
    assert turns.waiting(G) == 6
    await asyncio.gather(*jobs)
    order = [name for name, _ in log]
    assert order == ["result", "notice", "question", "command", "retire", "edit"]
    assert log[0][1] == pytest.approx(61, abs=0.1)  # the result took the first place that came free
    assert turns.budget.level(G) <= 20


async def test_one_members_many_commands_do_not_hold_back_anothers_one() -> None:
    turns, log = _turns(), []
    _fill(turns, 18)  # commands fit under 18: they wait
    jobs = [asyncio.ensure_future(_send(turns, "command", log, f"amy{i}", member=1)) for i in range(3)]
    await asyncio.sleep(0)
    jobs.append(asyncio.ensure_future(_send(turns, "command", log, "bob", member=2)))
    await asyncio.gather(*jobs)
    assert [name for name, _ in log] == ["amy0", "bob", "amy1", "amy2"]


async def test_a_turn_counts_one_request_gives_it_back_unused_and_counts_more() -> None:
    turns = _turns()
    async with turns.turn(G, "command") as ticket:
        assert ticket is not None and turns.budget.level(G) == 1  # counted when granted
        async with turns.turn(G, "result") as inner:  # a turn inside a turn of the group is that turn
            assert inner is ticket
        turns.observe("sendMessage", str(G))  # its message: the counted one
        turns.observe("sendMessage", str(G))  # a second part: counted beside it
        assert turns.budget.level(G) == 2
    assert turns.budget.level(G) == 2
    async with turns.turn(G, "command"):
        assert turns.budget.level(G) == 3
    assert turns.budget.level(G) == 2  # sent nothing: its count came back
    turns.observe("editMessageText", str(G))  # a request outside any turn is counted too
    turns.observe("sendMessage", "12345")  # a private chat is none of the plan's business
    assert turns.budget.level(G) == 3


async def test_now_or_never_and_a_waiter_that_gives_up() -> None:
    turns, log = _turns(), []
    _fill(turns, 18)
    async with turns.turn(G, "command", wait=False) as ticket:
        assert ticket is None  # no room now
    async with turns.turn(G, "notice", wait=False) as ticket:
        assert ticket is not None  # results and notices have the reserve
    waited: list[bool] = []

    async def on_wait() -> None:
        waited.append(True)

    quitter = asyncio.ensure_future(_send(turns, "command", log, "quitter", on_wait=on_wait))
    await asyncio.sleep(1)
    assert waited == [True] and turns.waiting(G) == 1
    quitter.cancel()
    await asyncio.gather(quitter, return_exceptions=True)
    assert turns.waiting(G) == 0
    await _send(turns, "command", log, "later")
    assert [name for name, _ in log] == ["later"]
    await turns.close()


async def test_a_task_started_inside_a_turn_holds_none() -> None:
    turns = _turns()
    _fill(turns, 17)
    seen: list[object] = []

    async def job() -> None:
        seen.append(turns.current(G))

    async with turns.turn(G, "command"):
        await detached(job())
        inherited = asyncio.ensure_future(job())  # a plain task copies the context, the turn with it
        await inherited
    assert seen[0] is None and seen[1] is not None


async def test_the_live_count_waits_its_few_seconds_with_the_others() -> None:
    """``not_before``: the few seconds between two edits of a count, waited by the group's dispatcher."""
    turns, log = _turns(), []
    start = _now()
    edit = asyncio.ensure_future(_send(turns, "edit", log, "edit", not_before=start + 5))
    await _send(turns, "command", log, "command")  # meanwhile anything else goes at once
    await edit
    assert log == [("command", round(start, 3)), ("edit", round(start + 5, 3))]
