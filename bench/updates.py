"""End-to-end throughput: answers graded per second through the fake Bot API server, against an echo bot.

Both bots run by long polling against the same loopback fake server (tests/fakebot), in this one
process, one after the other, with the same load: USERS simulated learners each send ANSWERS
plain-text messages, all queued at once. The echo bot is plain python-telegram-bot (ApplicationBuilder
defaults, no rate limiter) replying with the same text. studybot is built exactly as `studybot run`
builds it (STUDYBOT_SEND_RATE=0); every one of its answers is a typed letter to an open choice
question sent beforehand, so each is graded, recorded (attempt, FSRS card, streak) and answered with
a verdict, and the question's buttons are taken off. The fake's flood rules are off for both.

    python bench/updates.py                       # 200 learners x 5 answers, 3 rounds
    python bench/updates.py --users 50 --answers 4 --rounds 1
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fakebot import FakeBotServer, RateRules  # noqa: E402
from telegram import Update  # noqa: E402
from telegram.ext import Application, ApplicationBuilder, MessageHandler, filters  # noqa: E402

from bot.config import Settings  # noqa: E402
from bot.telegram.app import build_application  # noqa: E402
from bot.telegram.quiz import send_question  # noqa: E402

MARKS = ("✅", "🟡", "❌")


@asynccontextmanager
async def polling(app: Application) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """What run_polling does, inside this event loop (as the tests run the bot)."""
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    assert app.updater is not None
    await app.updater.start_polling(poll_interval=0, timeout=1)
    await app.start()
    try:
        yield app
    finally:
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)


def echo_application(fake: FakeBotServer) -> Application:  # type: ignore[type-arg]
    async def echo(update: Update, context: object) -> None:
        assert update.message is not None and update.message.text is not None
        await update.message.reply_text(update.message.text)

    app = ApplicationBuilder().token(fake.token).base_url(fake.api_url).build()
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    return app


class Replies:
    """Counts the bot's sendMessage calls that succeeded and whose text passes ``accept`` (incrementally:
    the count must not cost the bot under test any time)."""

    def __init__(self, fake: FakeBotServer, accept: Callable[[str], bool]) -> None:
        self.fake, self.accept = fake, accept
        self.seen = len(fake.requests)
        self.count = 0

    def __call__(self) -> int:
        requests = self.fake.requests
        for r in requests[self.seen:]:
            if r.status == 0 and r.method != "getUpdates":
                break  # still being served: look again next time (a long poll may stay open: skip it)
            self.seen += 1
            if r.status == 200 and r.method.lower() == "sendmessage" and self.accept(str(r.params.get("text", ""))):
                self.count += 1
        return self.count


async def timed(send_all: Callable[[], int], done: Callable[[], int]) -> float:
    """Queue the load, then wait until ``done()`` reaches the number of updates queued; seconds taken."""
    start = time.perf_counter()
    expected = send_all()
    while done() < expected:
        await asyncio.sleep(0.005)
        if time.perf_counter() - start > 600:
            raise TimeoutError(f"only {done()} of {expected} replies after 600 s")
    return time.perf_counter() - start


async def run_echo(fake: FakeBotServer, users: list, answers: int) -> float:  # type: ignore[type-arg]

    def send_all() -> int:
        for _ in range(answers):
            for u in users:
                u.send_text("B")
        return len(users) * answers

    async with polling(echo_application(fake)):
        seconds = await timed(send_all, Replies(fake, lambda text: True))
    return len(users) * answers / seconds


async def run_studybot(fake: FakeBotServer, settings: Settings, users: list, answers: int,
                       rng: random.Random) -> float:  # type: ignore[type-arg]
    app = build_application(settings, clock=lambda: datetime.now(UTC), rng=rng)
    async with polling(app):
        engine = app.bot_data["engine"]
        # Not timed: every learner gets `answers` open choice questions (typed answers take the newest).
        keys: dict[int, list[str]] = {}
        for u in users:
            await engine.ensure_learner(u.id, u.first_name, language="zh")
            for _ in range(answers):
                pick = await engine.next_question(u.id, kinds=["single"])
                await send_question(app.bot, engine, u.id, u.id, pick, "zh")
                keys.setdefault(u.id, []).append(pick.question.letters)

        def send_all() -> int:
            # newest question first: that is the one a typed answer goes to
            for i in range(answers):
                for u in users:
                    letters = keys[u.id][answers - 1 - i]
                    u.send_text(letters if rng.random() < 0.7 else "A")
            return len(users) * answers

        seconds = await timed(send_all, Replies(fake, lambda text: text.startswith(MARKS)))
        graded = 0
        for u in users:
            graded += (await engine.stats(u.id)).total.total
        assert graded >= len(users) * answers, f"only {graded} answers recorded"
    return len(users) * answers / seconds


async def main(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.WARNING)
    rng = random.Random(7)
    echo_rates: list[float] = []
    bot_rates: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for round_no in range(args.rounds):
            async with FakeBotServer(rules=RateRules(enabled=False)) as fake:
                users = [fake.user(10_000 + i, f"U{i}") for i in range(args.users)]
                echo_rates.append(await run_echo(fake, users, args.answers))
            async with FakeBotServer(rules=RateRules(enabled=False)) as fake:
                users = [fake.user(10_000 + i, f"U{i}") for i in range(args.users)]
                os.environ.update({
                    "STUDYBOT_TOKEN": fake.token, "STUDYBOT_API_URL": fake.api_url,
                    "STUDYBOT_FILE_URL": fake.file_url, "STUDYBOT_DB": str(Path(tmp) / f"bench{round_no}.sqlite3"),
                    "STUDYBOT_BANKS": str(ROOT / "data" / "banks"), "STUDYBOT_SEND_RATE": "0",
                })
                bot_rates.append(await run_studybot(fake, Settings(), users, args.answers, rng))
            print(f"round {round_no + 1}: echo {echo_rates[-1]:7.0f} updates/s   "
                  f"studybot {bot_rates[-1]:7.0f} answers graded/s   ratio {bot_rates[-1] / echo_rates[-1]:.0%}")
    echo, bot = statistics.median(echo_rates), statistics.median(bot_rates)
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    print(f"\n{args.users} learners x {args.answers} answers, median of {args.rounds} rounds; "
          f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, {date.today()}")
    print(f"echo bot:  {echo:7.0f} updates/s")
    print(f"studybot:  {bot:7.0f} answers graded/s  ({bot / echo:.0%} of the echo bot; target >= 70%)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--answers", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
