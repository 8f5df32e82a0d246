"""The push scheduler against the fake Bot API server: on time, once, paced, whatever fails."""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fakebot import Fault
from push_harness import PushEnv
from telegram.ext import ExtBot

from bot.delivery.service import DeliveryService, Push
from bot.store import deliveries
from bot.telegram.pacing import push_args
from bot.telegram.transport import AiohttpRequest


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def test_pushes_arrive_at_the_local_minute_in_several_zones_and_across_a_dst_change(push_env: PushEnv) -> None:
    env = push_env
    bot = await env.bot(send_rate=0, broadcast_rate=0)
    service = env.service(bot, rate=0)
    zones = {
        1: ("09:00", "Asia/Shanghai"),
        2: ("09:00", "America/New_York"),
        3: ("07:30", "Europe/Berlin"),
        4: ("21:15", "UTC+05:30"),
        5: ("02:30", "America/New_York"),
    }
    for chat, (at, tz) in zones.items():
        await env.subscribe(chat, at, tz)
    # Minute by minute over three days; New York moves to daylight time on Sunday 8 March 2026, 02:00.
    while env.clock() < utc(2026, 3, 10):
        await service.tick()
        env.clock.advance(minutes=1)
    got: dict[int, list[datetime]] = {}
    for chat, when, _ in env.sends:
        got.setdefault(chat, []).append(when)
    assert got == {
        1: [utc(2026, 3, 7, 1), utc(2026, 3, 8, 1), utc(2026, 3, 9, 1)],
        2: [utc(2026, 3, 7, 14), utc(2026, 3, 8, 13), utc(2026, 3, 9, 13)],  # 09:00 EST, then 09:00 EDT
        3: [utc(2026, 3, 7, 6, 30), utc(2026, 3, 8, 6, 30), utc(2026, 3, 9, 6, 30)],
        4: [utc(2026, 3, 7, 15, 45), utc(2026, 3, 8, 15, 45), utc(2026, 3, 9, 15, 45)],
        # 02:30 does not exist on 8 March in New York: the push goes at 03:30 EDT, the same instant.
        5: [utc(2026, 3, 7, 7, 30), utc(2026, 3, 8, 7, 30), utc(2026, 3, 9, 6, 30)],
    }
    rows = await env.rows("SELECT status, count(*) FROM deliveries GROUP BY status")
    assert rows == [("sent", 15)]
    env.fake.assert_clean()


async def test_missed_pushes_are_sent_within_the_catch_up_window_and_skipped_after_it(
    push_env: PushEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 12, 0)
    bot = await env.bot()
    service = env.service(bot, catchup=timedelta(hours=3))
    recent = await env.subscribe(1, "10:00", "UTC", due=utc(2026, 3, 7, 10, 0))  # 2 h late: sent
    old = await env.subscribe(2, "07:00", "UTC", due=utc(2026, 3, 7, 7, 0))  # 5 h late: skipped
    caplog.set_level(logging.INFO, "bot.delivery")
    [progress] = await service.tick()
    assert (progress.sent, progress.skipped) == (1, 1)
    assert [m.chat_id for m in env.fake.sent_to(1)] == [1] and env.fake.sent_to(2) == []
    day = utc(2026, 3, 7).date().toordinal()
    assert (await env.delivery(recent, day)).status == "sent"
    assert (await env.delivery(old, day)).status == "skipped"
    assert any(
        "past the catch-up window" in r.getMessage() and f"subscription {old}" in r.getMessage() for r in caplog.records
    )
    # The skipped one is due again tomorrow at 07:00, not now.
    assert await env.rows("SELECT next_due FROM subscriptions WHERE id = ?", old) == [
        (int(utc(2026, 3, 8, 7).timestamp()),)
    ]
    assert await service.tick() == []


async def test_a_429_storm_pauses_every_request_until_retry_after_and_each_push_goes_once(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot(send_rate=30, broadcast_rate=25)
    service = env.service(bot, rate=25)
    for chat in range(1, 16):
        await env.subscribe(chat, "09:00", "UTC", due=env.clock())
    env.fake.fail(Fault.too_many_requests(1), method="sendMessage", times=3)
    [progress] = await service.tick()
    assert progress.sent == 15 and progress.failed == 0
    assert all(len(env.fake.sent_to(chat)) == 1 for chat in range(1, 16))
    assert bot.rate_limiter.retry_after_count == 3  # type: ignore[union-attr]
    env.fake.assert_clean()  # no request of any kind reached the fake inside a retry_after


async def test_blocked_deactivated_and_missing_chats_get_one_attempt_and_lose_their_subscriptions(
    push_env: PushEnv,
) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot()
    service = env.service(bot)
    for chat in range(1, 9):
        await env.subscribe(chat, "09:00", "UTC", due=env.clock())
    await env.subscribe(9, "09:00", "UTC", due=env.clock(), user=False)  # the fake never saw chat 9
    env.fake.blocked_by.update({2, 3})
    env.fake.deactivated.add(5)
    [progress] = await service.tick()
    assert (progress.sent, progress.failed, progress.gone) == (5, 4, 4)
    attempts = Counter(r.params.get("chat_id") for r in env.fake.calls("sendMessage"))
    assert all(attempts[str(c)] + attempts[c] == 1 for c in (2, 3, 5, 9))  # form or JSON body
    assert await env.rows("SELECT chat_id FROM subscriptions WHERE active = 0 ORDER BY chat_id") == [
        (2,),
        (3,),
        (5,),
        (9,),
    ]
    failed = await env.rows("SELECT error, tries FROM deliveries WHERE status = 'failed'")
    assert len(failed) == 4 and all(tries == 1 for _, tries in failed)
    assert any("blocked" in e for e, _ in failed) and any("chat not found" in e.lower() for e, _ in failed)
    # The next day nobody gone is tried again.
    before = len(env.fake.calls("sendMessage"))
    env.clock.advance(days=1)
    [progress] = await service.tick()
    assert progress.sent == 5 and len(env.fake.calls("sendMessage")) == before + 5


async def _ticks_until(env: PushEnv, service: DeliveryService, until: datetime, step: float) -> int:
    """Move the clock on by `step` seconds and tick, until `until`; returns the ticks."""
    ticks = 0
    while env.clock() < until:
        env.clock.advance(seconds=step)
        await service.tick()
        ticks += 1
    return ticks


async def test_5xx_is_retried_over_minutes_within_the_catch_up_window(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    start = env.clock()
    bot = await env.bot(chat_rate=0)  # the ticks come back to back here: no chat pace in the way
    # The production schedule (5, 10, 20, 40 s, then every minute), on the test's clock.
    service = env.service(bot, backoff=5, backoff_most=60, catchup=timedelta(minutes=15), rate=0)
    flaky = await env.subscribe(1, "09:00", "UTC", due=env.clock())
    down = await env.subscribe(2, "09:00", "UTC", due=env.clock())
    minute_of_500s = env.fake.fail(Fault.server_error(), chat_id=1, times=None)
    env.fake.fail(Fault.server_error(502), chat_id=2, times=None)
    [progress] = await service.tick()
    assert (progress.sent, progress.failed, progress.uncertain, progress.retries) == (0, 0, 0, 2)
    # Certainly not sent: no row says otherwise, and both are still due (a restart would send them too).
    assert await env.rows("SELECT count(*) FROM deliveries") == [(0,)]
    assert await env.rows("SELECT count(*) FROM subscriptions WHERE next_due <= ?", int(start.timestamp())) == [(2,)]

    await _ticks_until(env, service, start + timedelta(seconds=70), 5)
    minute_of_500s.remaining = 0  # the server is back after a bit more than a minute
    await _ticks_until(env, service, start + timedelta(minutes=3), 10)
    day = env.clock().date().toordinal()
    ok = await env.delivery(flaky, day)
    assert ok.status == "sent" and ok.tries >= 5 and ok.message_id == env.fake.sent_to(1)[0].message_id
    tries_to_2 = len([r for r in env.fake.calls("sendMessage") if str(r.params.get("chat_id")) == "2"])
    assert 5 <= tries_to_2 <= 8  # minutes apart, not a burst

    await _ticks_until(env, service, start + timedelta(minutes=20), 60)  # past the catch-up window
    bad = await env.delivery(down, day)
    assert bad.status == "failed" and "gave up after" in bad.error and "Bad Gateway" in bad.error
    assert await env.rows("SELECT active FROM subscriptions WHERE id = ?", down) == [(1,)]  # kept: try tomorrow
    assert len(env.fake.sent_to(1)) == 1 and env.fake.sent_to(2) == []


async def test_refused_connections_at_push_time_are_sent_when_the_network_is_back(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    unreachable: ExtBot[Any] = ExtBot(
        env.fake.token,
        base_url=f"http://127.0.0.1:{closed}/bot",
        rate_limiter=bot.rate_limiter,
        request=AiohttpRequest(8),
    )
    await unreachable.request.initialize()
    network = {"up": False}

    async def send(push: Push) -> int:
        via = bot if network["up"] else unreachable
        msg = await via.send_message(push.chat_id, "push", rate_limit_args=push_args(push.claim))
        return int(msg.message_id)

    service = env.service(bot, sender=send, backoff=5, backoff_most=60)
    for chat in range(1, 21):
        await env.subscribe(chat, "09:00", "UTC", due=env.clock())
    [progress] = await service.tick()
    assert (progress.sent, progress.uncertain, progress.retries) == (0, 0, 20)
    assert await env.rows("SELECT count(*) FROM deliveries") == [(0,)]  # nothing uncertain, nothing lost
    network["up"] = True
    env.clock.advance(seconds=5)
    [progress] = await service.tick()
    assert progress.sent == 20
    assert await env.rows("SELECT status, count(*) FROM deliveries GROUP BY status") == [("sent", 20)]
    assert {chat: len(env.fake.sent_to(chat)) for chat in range(1, 21)} == dict.fromkeys(range(1, 21), 1)
    await unreachable.request.shutdown()


async def test_a_timed_out_send_is_uncertain_and_never_resent(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot(read_timeout=0.3)
    service = env.service(bot)
    slow = await env.subscribe(1, "09:00", "UTC", due=env.clock())
    await env.subscribe(2, "09:00", "UTC", due=env.clock())
    env.fake.fail(Fault.slow(0.8), chat_id=1, times=1)  # answered after the client gave up, but delivered
    [progress] = await service.tick()
    assert (progress.sent, progress.uncertain) == (1, 1)
    # The slow request is answered (and delivered) after the client gave up; nothing sends it again.
    await env.fake.wait_for(lambda: env.fake.sent_to(1), what="the slow push delivered")
    assert len(env.fake.sent_to(1)) == 1 and len(env.fake.sent_to(2)) == 1  # no second copy
    row = await env.delivery(slow, env.clock().date().toordinal())
    assert row.status == "uncertain" and "TimedOut" in row.error


async def test_a_stop_in_the_middle_of_a_broadcast_then_a_restart_sends_each_push_once(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot(send_rate=30, broadcast_rate=30)
    for chat in range(1, 41):
        await env.subscribe(chat, "09:00", "UTC", due=env.clock())
    first = env.service(bot, rate=30, concurrency=8)
    first.start()
    await env.fake.wait_for(lambda: len(env.fake.sends) >= 12, timeout=10)
    await first.stop()
    sent_first = len(env.fake.sends)
    assert sent_first < 40
    second = env.service(bot, rate=30, concurrency=8)
    assert await second.recover() == 0  # a graceful stop leaves nothing planned
    await second.tick()
    per_chat = Counter(chat for _, chat, _ in env.fake.sends)
    assert set(per_chat) == set(range(1, 41)) and set(per_chat.values()) == {1}
    assert await env.rows("SELECT status, count(*) FROM deliveries GROUP BY status") == [("sent", 40)]
    env.fake.assert_clean()


async def test_a_crash_leaves_at_most_the_sends_in_flight_uncertain_and_none_is_resent(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot(send_rate=0, broadcast_rate=0)
    for chat in range(1, 31):
        await env.subscribe(chat, "09:00", "UTC", due=env.clock())
    env.fake.fail(Fault.slow(2), chat_id=7, times=1)  # this send hangs: in flight at the "crash"
    crashed = env.service(bot, rate=0, concurrency=4)
    tick = asyncio.create_task(crashed.tick())
    await env.fake.wait_for(lambda: len(env.fake.sends) >= 10 and env.fake.faulted, timeout=10)
    for task in [tick, *crashed._tasks]:  # what SIGKILL does to the process: nothing after this point
        task.cancel()
    await asyncio.gather(tick, return_exceptions=True)
    planned = await env.rows("SELECT count(*) FROM deliveries WHERE status = 'planned'")
    # In flight (at most the concurrency, 4) plus sent ones whose outcome was still in the write buffer.
    assert 1 <= planned[0][0] <= 4 + 64
    restarted = env.service(bot, rate=0, concurrency=4)
    assert await restarted.recover() == planned[0][0]
    await restarted.tick()
    uncertain = {
        c
        for (c,) in await env.rows(
            "SELECT s.chat_id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id"
            " WHERE d.status = 'uncertain'"
        )
    }
    assert 7 in uncertain
    per_chat = Counter(chat for _, chat, _ in env.fake.sends)
    assert max(per_chat.values()) == 1  # nothing twice
    missing = set(range(1, 31)) - set(per_chat)
    assert missing <= uncertain and len(missing) <= 4  # lost: only sends in flight, each marked uncertain


async def test_an_announcement_reaches_every_subscribed_chat_once_and_reports_back(push_env: PushEnv) -> None:
    env = push_env
    env.clock.now = utc(2026, 3, 7, 9, 0)
    bot = await env.bot()
    reports: list[tuple[int, dict[str, int]]] = []

    async def finished(ann: deliveries.Announcement, counts: dict[str, int]) -> None:
        reports.append((ann.id, counts))

    service = env.service(bot, finished=finished)
    for chat in (1, 2, 3):
        await env.subscribe(chat, "20:00", "UTC")
    await env.subscribe(3, "21:00", "UTC", kind="remind")  # two subscriptions, one chat: one copy
    await env.subscribe(4, "20:00", "UTC")
    env.fake.blocked_by.add(4)
    async with env.store.write() as db:
        await db.execute("INSERT INTO chats (id, kind, created_at) VALUES (9001, 'private', 0)")
        ann = await deliveries.create_announcement(db, "Exam moved to Friday <3", 9001, 0)
        assert await deliveries.count_recipients(db, ann.id) == 4
    progress = await service.tick()
    assert [(p.sent, p.failed) for p in progress] == [(3, 1)]
    for chat in (1, 2, 3):
        [msg] = env.fake.sent_to(chat)
        assert "Exam moved to Friday <3" in msg.text
    assert reports == [(ann.id, {"sent": 3, "failed": 1})]
    assert await service.tick() == []  # finished: never again


@pytest.mark.parametrize(
    ("now", "at", "zone", "local"),
    [
        (utc(2026, 3, 6, 23, 30), "07:30", "Asia/Shanghai", (2026, 3, 7)),  # a day ahead of UTC
        (utc(2026, 3, 7, 1, 0), "20:00", "America/New_York", (2026, 3, 6)),  # a day behind
    ],
)
async def test_a_push_belongs_to_the_local_day_of_its_zone(
    push_env: PushEnv, now: datetime, at: str, zone: str, local: tuple[int, int, int]
) -> None:
    env = push_env
    env.clock.now = now
    bot = await env.bot()
    sub = await env.subscribe(1, at, zone, due=now)
    [progress] = await env.service(bot).tick()
    assert progress.sent == 1
    assert await env.rows("SELECT local_day, status FROM deliveries WHERE subscription_id = ?", sub) == [
        (datetime(*local).toordinal(), "sent")
    ]
    env.clock.advance(hours=1)  # later that day nothing more: the day's push went
    assert await env.service(bot).tick() == []
