"""Broadcast benchmark: N subscribers due at the same minute, against the loopback fake Bot API server.

    python bench/broadcast.py                     # all parts with the defaults below
    python bench/broadcast.py --part paced --seconds 25
    python bench/broadcast.py --part unpaced --n 10000
    python bench/broadcast.py --part memory --sizes 10000,100000

(a) paced: the scheduler with the app's rate limiter at 30/s (send and broadcast rate 30) for `--seconds`
    seconds of a 10,000-subscriber broadcast; the fake enforces Telegram's limits in the same process,
    so its violations are counted. Prints the sustained rate over the measured window.
(b) unpaced: the fake in a process of its own (limits off), the bot's ceiling (scheduler, database
    claims and records, rate limiter with no limit) with plain text pushes and with the real question
    pushes (engine pick, asked row, buttons), against a plain python-telegram-bot loop sending the same
    text with the same concurrency. `--profile` writes a cProfile of the bot run.
(c) memory: peak Python heap (tracemalloc) and peak RSS of a whole tick at each size, in a fresh process,
    with an instant sender (no network) so only the scheduler's own memory is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import multiprocessing
import os
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fakebot import FakeBotServer, RateRules  # noqa: E402
from telegram import Bot  # noqa: E402
from telegram.ext import ExtBot  # noqa: E402
from telegram.request import HTTPXRequest  # noqa: E402

from bot.delivery.outcomes import NotClaimed  # noqa: E402
from bot.delivery.service import DeliveryService, Push  # noqa: E402
from bot.delivery.spacing import Spacer  # noqa: E402
from bot.store import Store, open_sync  # noqa: E402
from bot.telegram.pacing import OutgoingBudget, push_args  # noqa: E402

NOW = datetime(2026, 3, 7, 9, 0, 30, tzinfo=UTC)
CONCURRENCY = 48
FIRST_CHAT = 1_000_000


def seed(db: Path, n: int) -> None:
    """n learners subscribed at 09:00 UTC, all due at the same minute."""
    conn = open_sync(db)
    due, now = int(NOW.timestamp()) - 30, int(NOW.timestamp()) - 3600
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO learners (id, name, language, created_at) VALUES (?, 'x', 'en', ?)",
        ((FIRST_CHAT + i, now) for i in range(n)),
    )
    conn.executemany(
        "INSERT INTO chats (id, kind, created_at) VALUES (?, 'private', ?)", ((FIRST_CHAT + i, now) for i in range(n))
    )
    conn.executemany(
        "INSERT INTO subscriptions (chat_id, learner_id, kind, minute, tz, count, kinds, active, next_due,"
        " updated_at) VALUES (?, ?, 'daily', 540, 'UTC', 1, '[\"single\"]', 1, ?, ?)",
        ((FIRST_CHAT + i, FIRST_CHAT + i, due, now) for i in range(n)),
    )
    conn.execute("COMMIT")
    conn.close()


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "?",
    )
    return f"{os.cpu_count()} cores, {cpu}, Python {sys.version.split()[0]}, {datetime.now():%Y-%m-%d}"


def text_sender(bot: Any, paced: bool = True) -> Any:
    async def send(push: Push) -> int:
        msg = await bot.send_message(
            push.chat_id, f"Daily question for {push.chat_id}", rate_limit_args=push_args(push.claim)
        )
        return int(msg.message_id)

    return send


def make_bot(api_url: str, token: str, send_rate: float, broadcast_rate: float) -> ExtBot[Any]:
    return ExtBot(
        token,
        base_url=api_url,
        rate_limiter=OutgoingBudget(send_rate, broadcast_rate),
        request=HTTPXRequest(connection_pool_size=CONCURRENCY * 2),
    )


# ----- (a) paced -------------------------------------------------------------------------------------------


async def paced(n: int, seconds: float, rate: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n)
        async with FakeBotServer(strict_chats=False) as fake:
            store = await Store.open(db)
            bot = make_bot(fake.api_url, fake.token, rate, rate)
            await bot.initialize()
            budget = bot.rate_limiter
            service = DeliveryService(
                store,
                text_sender(bot),
                clock=lambda: NOW,
                concurrency=CONCURRENCY,
                spacer=Spacer(rate, paused_until=lambda: budget.paused_until),
            )
            task = asyncio.create_task(service.tick())
            await asyncio.sleep(2.0)  # warm-up: the first second's window, connections opening
            start_count, start = len(fake.sends), time.monotonic()
            await asyncio.sleep(seconds)
            count, elapsed = len(fake.sends) - start_count, time.monotonic() - start
            service._stopping = True  # end the broadcast early: claim nothing more
            await task
            await bot.shutdown()
            await store.close()
            return {
                "rate_limit": rate,
                "seconds": round(elapsed, 1),
                "sent": count,
                "sustained_per_s": round(count / elapsed, 2),
                "ratio": round(count / elapsed / rate, 3),
                "violations": len(fake.violations),
                "retry_after_429s": budget.retry_after_count,
            }


# ----- (b) unpaced ---------------------------------------------------------------------------------------


def _serve_fake(queue: Any) -> None:
    async def main() -> None:
        async with FakeBotServer(strict_chats=False, rules=RateRules(enabled=False)) as fake:
            queue.put((fake.api_url, fake.token))
            await asyncio.Event().wait()

    asyncio.run(main())


def _serve_sink(queue: Any) -> None:
    """A bare loopback Bot API that answers every send at once (no validation, nothing stored): the
    fake's own per-request work caps both loops near 300/s on this machine, hiding the bot's ceiling."""
    from aiohttp import web

    async def handle(request: web.Request) -> web.Response:
        body: dict[str, Any] = dict(await request.post())  # python-telegram-bot posts form fields
        chat = int(body.get("chat_id", 1))
        if request.match_info["method"].lower() == "getme":
            return web.json_response(
                {"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "b", "username": "b_bot"}}
            )
        return web.json_response(
            {
                "ok": True,
                "result": {
                    "message_id": 1,
                    "date": 0,
                    "text": body.get("text", "x"),
                    "chat": {"id": chat, "type": "private"},
                },
            }
        )

    async def main() -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        queue.put((f"http://127.0.0.1:{port}/bot", "123:SINK"))
        await asyncio.Event().wait()

    asyncio.run(main())


async def plain_loop(api_url: str, token: str, n: int) -> float:
    """What a bare python-telegram-bot broadcast does: a semaphore and send_message, nothing recorded."""
    bot = Bot(token, base_url=api_url, request=HTTPXRequest(connection_pool_size=CONCURRENCY * 2))
    await bot.initialize()
    slots = asyncio.Semaphore(CONCURRENCY)

    async def one(chat: int) -> None:
        async with slots:
            await bot.send_message(chat, f"Daily question for {chat}")

    start = time.monotonic()
    await asyncio.gather(*(one(FIRST_CHAT + i) for i in range(n)))
    elapsed = time.monotonic() - start
    await bot.shutdown()
    return n / elapsed


async def bot_run(api_url: str, token: str, n: int, questions: bool, profile: Path | None) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n)
        store = await Store.open(db)
        bot = make_bot(api_url, token, 0, 0)
        await bot.initialize()
        if questions:
            from bot.banks.model import load_banks
            from bot.study.engine import StudyEngine
            from bot.telegram.callbacks import CallbackCodec
            from bot.telegram.context import BotData
            from bot.telegram.subscriptions import PushSender

            engine = await StudyEngine.create(
                store, load_banks(ROOT / "data" / "banks"), clock=lambda: NOW, rng=random.Random(1)
            )
            data = BotData()
            data.engine, data.codec = engine, CallbackCodec.from_token(token)
            app = types.SimpleNamespace(bot=bot, bot_data=data)
            sender: Any = PushSender(app, paid=False, group_open_seconds=60)  # type: ignore[arg-type]
        else:
            sender = text_sender(bot)
        service = DeliveryService(store, sender, clock=lambda: NOW, concurrency=CONCURRENCY)
        prof = cProfile.Profile() if profile else None
        if prof:
            prof.enable()
        start = time.monotonic()
        [progress] = await service.tick()
        elapsed = time.monotonic() - start
        if prof and profile:
            prof.disable()
            prof.dump_stats(profile)
        assert progress.sent == n, progress.summary()
        await bot.shutdown()
        await store.close()
        return n / elapsed


async def _against(target: Any, n: int, profile: Path | None) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    server = ctx.Process(target=target, args=(queue,), daemon=True)
    server.start()
    try:
        api_url, token = queue.get(timeout=30)
        plain = await plain_loop(api_url, token, n)
        text = await bot_run(api_url, token, n, False, None)
        quiz = await bot_run(api_url, token, n, True, None)
        if profile:
            await bot_run(api_url, token, min(n, 3000), True, profile)
    finally:
        server.terminate()
        server.join()
    return {
        "n": n,
        "concurrency": CONCURRENCY,
        "plain_ptb_per_s": round(plain),
        "bot_text_per_s": round(text),
        "bot_questions_per_s": round(quiz),
        "bot_text_vs_plain": round(text / plain, 2),
    }


async def unpaced(n: int, profile: Path | None) -> dict[str, Any]:
    return {
        "fake_server": await _against(_serve_fake, n, None),
        "bare_sink_server": await _against(_serve_sink, n, profile),
    }


# ----- (c) memory -------------------------------------------------------------------------------------------


async def memory_one(n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n)
        store = await Store.open(db)
        ids = iter(range(1, 10**9))

        async def instant(push: Push) -> int:
            if push.claim is not None and not await push.claim():  # what the rate limiter does before a send
                raise NotClaimed
            await asyncio.sleep(0)
            return next(ids)

        service = DeliveryService(store, instant, clock=lambda: NOW, concurrency=CONCURRENCY)
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tracemalloc.start()
        start = time.monotonic()
        [progress] = await service.tick()
        elapsed = time.monotonic() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        await store.close()
        assert progress.sent == n
        return {
            "n": n,
            "peak_heap_kib": peak // 1024,
            "peak_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            "rss_before_tick_kib": rss_before,
            "seconds": round(elapsed, 1),
        }


def memory(sizes: list[int]) -> list[dict[str, Any]]:
    out = []
    for n in sizes:  # a fresh process each, so one size's peak cannot hide in another's
        res = subprocess.run(
            [sys.executable, __file__, "--part", "memory-one", "--n", str(n)],
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(res.stdout.strip().splitlines()[-1]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["all", "paced", "unpaced", "memory", "memory-one"], default="all")
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=25.0)
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the unpaced bot run here")
    args = parser.parse_args()
    if args.part == "memory-one":
        print(json.dumps(asyncio.run(memory_one(args.n))))
        return
    print(f"machine: {machine()}")
    if args.part in ("all", "paced"):
        print("paced:", json.dumps(asyncio.run(paced(args.n, args.seconds, args.rate))))
    if args.part in ("all", "unpaced"):
        print("unpaced:", json.dumps(asyncio.run(unpaced(args.n, args.profile))))
        if args.profile:
            pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(25)
    if args.part in ("all", "memory"):
        for row in memory([int(s) for s in args.sizes.split(",")]):
            print("memory:", json.dumps(row))


if __name__ == "__main__":
    main()
