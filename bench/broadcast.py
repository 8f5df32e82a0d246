"""Broadcast benchmark: N subscribers due at the same minute, against loopback Bot API servers.

    python bench/broadcast.py                     # all parts with the defaults below
    python bench/broadcast.py --part paced --seconds 25
    python bench/broadcast.py --part unpaced --n 10000 --rounds 3
    python bench/broadcast.py --part memory --sizes 10000,100000

The bot is built as `studybot run` builds it (bot/telegram/app.py: its rate limiter, its aiohttp transport,
its push sender) over a fresh database, with the push scheduler of bot/delivery/service.py.

(a) paced: question pushes at the default rates (send and broadcast rate as in bot/config.py) for
    `--seconds` seconds of an N-subscriber broadcast; the fake enforces Telegram's limits in the same
    process, so its 429s and violations are counted. Prints the sustained rate over the measured window.
(b) unpaced: limits off, the server in a process of its own: the validating fake (tests/fakebot), then a
    bare sink that answers every call at once. Against each, in one run and in turn: a plain
    python-telegram-bot loop (its defaults: httpx; a semaphore of the same concurrency, `send_message`),
    the bot's text pushes (an announcement to every subscriber) and its question pushes (the daily push:
    a practice session, the question picked and recorded, its buttons); rates and ratios to the plain
    loop, with the load average before and after. `--profile FILE` writes a cProfile of a question run.
(c) memory: peak Python heap (tracemalloc) and peak RSS of a whole tick of question pushes at each size, in
    a fresh process, against a Bot API that answers at once without a network (only the bot's memory).
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
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fakebot import FakeBotServer, RateRules  # noqa: E402
from telegram import Bot  # noqa: E402
from telegram.request import BaseRequest, HTTPXRequest  # noqa: E402

from bot.banks.model import load_banks  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.delivery.service import DeliveryService  # noqa: E402
from bot.delivery.spacing import Spacer  # noqa: E402
from bot.store import Store, deliveries, open_sync  # noqa: E402
from bot.study.engine import StudyEngine  # noqa: E402
from bot.telegram.app import telegram_application  # noqa: E402
from bot.telegram.context import BotApplication  # noqa: E402
from bot.telegram.failures import classify  # noqa: E402
from bot.telegram.pacing import OutgoingBudget  # noqa: E402
from bot.telegram.pushes import PushSender  # noqa: E402

NOW = datetime(2026, 3, 7, 9, 0, 30, tzinfo=UTC)
CONCURRENCY = Settings.model_fields["push_concurrency"].default
FIRST_CHAT = 1_000_000


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def seed(db: Path, n: int, *, due: bool = True) -> None:
    """n learners subscribed at 09:00 UTC, all due at the same minute (or tomorrow: an announcement's)."""
    conn = open_sync(db)
    now = int(NOW.timestamp()) - 3600
    due_at = int(NOW.timestamp()) - 30 + (0 if due else 86400)
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
        ((FIRST_CHAT + i, FIRST_CHAT + i, due_at, now) for i in range(n)),
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


class Bench:
    """The bot's parts over one database: the application as `studybot run` builds it, the engine, the
    push sender and the scheduler."""

    def __init__(self, app: BotApplication, store: Store, service: DeliveryService) -> None:
        self.app, self.store, self.service = app, store, service

    @classmethod
    async def open(
        cls, db: Path, api_url: str, token: str, *, rate: float | None = None, request: BaseRequest | None = None
    ) -> Bench:
        limits: dict[str, Any] = {} if rate is None else {"send_rate": rate, "broadcast_rate": rate}
        if rate == 0:
            limits["chat_rate"] = 0
        settings = Settings(token=token, api_url=api_url, db=db, banks=ROOT / "data" / "banks", **limits)
        app = telegram_application(
            settings, clock=lambda: NOW, rng=random.Random(1), monotonic=time.monotonic, request=request
        )
        await app.bot.initialize()
        store = await Store.open(db)
        data = app.bot_data
        data.engine = await StudyEngine.create(
            store, load_banks(settings.banks), clock=lambda: NOW, rng=random.Random(1)
        )
        sender = PushSender(app, paid=False)
        budget = app.bot.rate_limiter
        assert isinstance(budget, OutgoingBudget)
        service = DeliveryService(
            store,
            sender,
            clock=lambda: NOW,
            classify=classify,
            concurrency=CONCURRENCY,
            spacer=Spacer(settings.broadcast_rate, paused_until=lambda: budget.paused_until),
            prepare=sender.prepare,
        )
        return cls(app, store, service)

    async def announce(self, text: str) -> None:
        async with self.store.write() as db:
            await deliveries.create_announcement(db, text, FIRST_CHAT, int(NOW.timestamp()))

    async def close(self) -> None:
        await self.app.bot.shutdown()
        await self.store.close()


# ----- (a) paced -------------------------------------------------------------------------------------------


async def paced(n: int, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n)
        async with FakeBotServer(strict_chats=False) as fake:
            bench = await Bench.open(db, fake.api_url, fake.token)
            budget = bench.app.bot.rate_limiter
            assert isinstance(budget, OutgoingBudget)
            task = asyncio.create_task(bench.service.tick())
            await asyncio.sleep(min(2.0, seconds))  # warm-up: the first second's window, connections opening
            start_count, start = len(fake.sends), time.monotonic()
            await asyncio.sleep(seconds)
            count, elapsed = len(fake.sends) - start_count, time.monotonic() - start
            await bench.service.stop()  # claim nothing more: the broadcast ends early
            await task
            await bench.close()
            rate = Settings.model_fields["broadcast_rate"].default
            return {
                "broadcast_rate": rate,
                "seconds": round(elapsed, 1),
                "sent": count,
                "sustained_per_s": round(count / elapsed, 2),
                "ratio": round(count / elapsed / rate, 3),
                "answers_429": sum(1 for r in fake.errors if r.status == 429),
                "violations": len(fake.violations),
                "load": load(),
            }


# ----- (b) unpaced ---------------------------------------------------------------------------------------


def _serve_fake(queue: Any) -> None:
    async def main() -> None:
        async with FakeBotServer(strict_chats=False, rules=RateRules(enabled=False)) as fake:
            queue.put((fake.api_url, fake.token))
            await asyncio.Event().wait()

    asyncio.run(main())


def _serve_sink(queue: Any) -> None:
    """A bare loopback Bot API that answers every call at once (no validation, nothing stored): the fake's
    own per-request work would cap every loop below what the bot's side can do."""
    from aiohttp import web

    me = {"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "b", "username": "b_bot"}}
    ids = iter(range(1, 1 << 62))

    async def handle(request: web.Request) -> web.Response:
        if request.match_info["method"].lower() == "getme":
            return web.json_response(me)
        if request.content_type == "application/json":
            body: dict[str, Any] = json.loads(await request.read())
        else:  # python-telegram-bot's own transport posts form fields
            body = dict(await request.post())
        message = {"message_id": next(ids), "date": 0, "chat": {"id": int(body.get("chat_id", 1)), "type": "private"}}
        if request.match_info["method"].lower() == "sendpoll":
            message["poll"] = {"id": str(message["message_id"])}
        else:
            message["text"] = str(body.get("text", "x"))
        return web.json_response({"ok": True, "result": message})

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


async def bot_run(api_url: str, token: str, n: int, questions: bool, profile: Path | None = None) -> float:
    """The bot's question pushes (a daily push to each of n learners) or text pushes (an announcement)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n, due=questions)
        bench = await Bench.open(db, api_url, token, rate=0)
        if not questions:
            await bench.announce("The library is open until 22:00 this week. <Good luck> & see you there!")
        prof = cProfile.Profile() if profile else None
        if prof:
            prof.enable()
        start = time.monotonic()
        [progress] = await bench.service.tick()
        elapsed = time.monotonic() - start
        if prof and profile:
            prof.disable()
            prof.dump_stats(profile)
        assert progress.sent == n, progress.summary()
        await bench.close()
        return n / elapsed


async def _against(target: Any, n: int, rounds: int, profile: Path | None) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    server = ctx.Process(target=target, args=(queue,), daemon=True)
    server.start()
    plain: list[float] = []
    text: list[float] = []
    quiz: list[float] = []
    try:
        api_url, token = queue.get(timeout=30)
        before = load()
        for _ in range(rounds):  # in turn, so each meets the same load
            plain.append(await plain_loop(api_url, token, n))
            text.append(await bot_run(api_url, token, n, False))
            quiz.append(await bot_run(api_url, token, n, True))
        after = load()
        if profile:
            await bot_run(api_url, token, n, True, profile)
    finally:
        server.terminate()
        server.join()
    p, tx, q = (statistics.median(x) for x in (plain, text, quiz))
    return {
        "n": n,
        "concurrency": CONCURRENCY,
        "rounds": rounds,
        "plain_ptb_per_s": round(p),
        "bot_text_per_s": round(tx),
        "bot_questions_per_s": round(q),
        "text_vs_plain": round(tx / p, 2),
        "questions_vs_plain": round(q / p, 2),
        "load_before": before,
        "load_after": after,
    }


async def unpaced(n: int, rounds: int, profile: Path | None) -> dict[str, Any]:
    return {
        "fake_server": await _against(_serve_fake, n, rounds, None),
        "bare_sink_server": await _against(_serve_sink, n, rounds, profile),
    }


# ----- (c) memory -------------------------------------------------------------------------------------------


class Instant(BaseRequest):
    """A Bot API that answers every call at once, without a network: only the bot's own memory counts."""

    def __init__(self) -> None:
        self._ids = iter(range(1, 1 << 62))

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def do_request(self, url: str, method: str, request_data: Any = None, **_: Any) -> tuple[int, bytes]:
        if url.endswith("/getMe"):
            return 200, b'{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"b","username":"b_bot"}}'
        await asyncio.sleep(0)
        return 200, b'{"ok":true,"result":{"message_id":%d,"date":0,"chat":{"id":1,"type":"private"}}}' % next(
            self._ids
        )


async def memory_one(n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "db.sqlite3"
        seed(db, n)
        bench = await Bench.open(db, "http://127.0.0.1:9/bot", "123:MEMORY", rate=0, request=Instant())
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tracemalloc.start()
        start = time.monotonic()
        [progress] = await bench.service.tick()
        elapsed = time.monotonic() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        await bench.close()
        assert progress.sent == n, progress.summary()
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
    parser.add_argument("--rounds", type=int, default=1, help="unpaced: rounds of each loop, in turn")
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the unpaced bot run here")
    args = parser.parse_args()
    if args.part == "memory-one":
        print(json.dumps(asyncio.run(memory_one(args.n))))
        return
    print(f"machine: {machine()}")
    if args.part in ("all", "paced"):
        print("paced:", json.dumps(asyncio.run(paced(args.n, args.seconds))))
    if args.part in ("all", "unpaced"):
        print("unpaced:", json.dumps(asyncio.run(unpaced(args.n, args.rounds, args.profile))))
        if args.profile:
            pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(25)
    if args.part in ("all", "memory"):
        for row in memory([int(s) for s in args.sizes.split(",")]):
            print("memory:", json.dumps(row))


if __name__ == "__main__":
    main()
