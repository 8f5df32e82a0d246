"""End-to-end throughput: answers graded per second through the fake Bot API server, against an echo bot.

Both bots run by long polling against the loopback fake server (tests/fakebot) with the same load:
USERS simulated learners each send ANSWERS plain-text messages, all queued at once. The fake runs in
a process of its own (tests/fakebot/remote.py, a fresh one for each bot and round), so each bot's
process does only that bot's work and the server's work is charged to neither. The echo bot is plain
python-telegram-bot (ApplicationBuilder defaults, no rate limiter) replying with the same text.
studybot is built exactly as `studybot run` builds it (STUDYBOT_SEND_RATE=0, STUDYBOT_CHAT_RATE=0 and
STUDYBOT_FLOOD_QUEUE=0: each learner's answers arrive at once, a flood by the bot's rules); every one of its
answers is a typed letter to an open choice question sent beforehand, so each is graded, recorded
(attempt, FSRS card, streak) and answered with a verdict, and the question's buttons are taken off.
The fake's flood rules are off for both. Besides the rates it prints the CPU seconds each process
spent in the timed part (bot process, fake process).

    python bench/updates.py                       # 200 learners x 5 answers, 3 rounds
    python bench/updates.py --users 50 --answers 4 --rounds 1
    python bench/updates.py --profile studybot.prof   # cProfile of studybot's process (timed part)
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "telegram"))

from fakebot.remote import RemoteFake  # noqa: E402
from telegram import Update  # noqa: E402
from telegram.ext import Application, ApplicationBuilder, MessageHandler, filters  # noqa: E402
from tg_harness import running  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.telegram.quiz import send_question  # noqa: E402

# A verdict (as sent, HTML) starts with its mark, or with its question's label when several questions are
# open (<b>第 5 题 · 单选题</b>).
MARKS = ("✅", "🟡", "❌", "<b>第 ")


def echo_application(fake: RemoteFake) -> Application:  # type: ignore[type-arg]
    async def echo(update: Update, context: object) -> None:
        assert update.message is not None and update.message.text is not None
        await update.message.reply_text(update.message.text)

    app = ApplicationBuilder().token(fake.token).base_url(fake.api_url).build()
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    return app


@dataclass
class Run:
    rate: float  # replies per second
    bot_cpu: float  # CPU seconds of the bot's process in the timed part
    fake_cpu: float  # CPU seconds of the fake's process in the timed part
    seconds: float


async def timed(
    fake: RemoteFake, texts: list[tuple[int, str]], prefixes: tuple[str, ...], profile: cProfile.Profile | None = None
) -> Run:
    """Queue the load, wait until the fake has seen as many accepted replies; the rate and CPU times."""
    before = await fake.wait_sent(0)
    if profile is not None:
        profile.enable()
    start, cpu = time.perf_counter(), time.process_time()
    await fake.send_texts(texts)
    after = await fake.wait_sent(len(texts), prefixes)
    seconds, bot_cpu = time.perf_counter() - start, time.process_time() - cpu
    if profile is not None:
        profile.disable()
    if after["rejected"] or after["crashes"]:
        raise AssertionError(f"the fake rejected {after['rejected']} requests, crashed {after['crashes']} times")
    return Run(len(texts) / seconds, bot_cpu, after["cpu_seconds"] - before["cpu_seconds"], seconds)


def load(users: list[tuple[int, str]], answers: int, answer: Callable[[int, int], str]) -> list[tuple[int, str]]:
    """Every user's ``answers`` texts, round-robin over users (as many learners answer at once)."""
    return [(uid, answer(uid, i)) for i in range(answers) for uid, _ in users]


async def run_echo(users: list[tuple[int, str]], answers: int) -> Run:
    async with RemoteFake() as fake:
        await fake.add_users(users)
        async with running(echo_application(fake)):
            return await timed(fake, load(users, answers, lambda uid, i: "B"), ())


async def run_studybot(
    users: list[tuple[int, str]], answers: int, db: Path, rng: random.Random, profile: cProfile.Profile | None
) -> Run:
    async with RemoteFake() as fake:
        await fake.add_users(users)
        os.environ.update(
            {
                "STUDYBOT_TOKEN": fake.token,
                "STUDYBOT_API_URL": fake.api_url,
                "STUDYBOT_FILE_URL": fake.file_url,
                "STUDYBOT_DB": str(db),
                "STUDYBOT_BANKS": str(ROOT / "data" / "banks"),
                "STUDYBOT_SEND_RATE": "0",
                # Each learner's answers are queued at once: a flood by the bot's rules. Throughput is
                # measured here, so neither a chat's pace nor flood coalescing applies.
                "STUDYBOT_CHAT_RATE": "0",
                "STUDYBOT_FLOOD_QUEUE": "0",
            }
        )
        app = build_application(Settings(), clock=lambda: datetime.now(UTC), rng=rng)
        async with running(app):
            engine = app.bot_data.engine
            # Not timed: every learner gets `answers` open choice questions (typed answers take the newest).
            keys: dict[int, list[str]] = {}
            for uid, name in users:
                await engine.ensure_learner(uid, name, language="zh")
                asked: list[int] = []  # a question asked twice closes its first copy: one answer too many
                for _ in range(answers):
                    pick = await engine.next_question(uid, kinds=["single"], exclude=asked)
                    asked.append(pick.key)
                    await send_question(app.bot, engine, app.bot_data.codec, uid, uid, pick, "zh")
                    keys.setdefault(uid, []).append(pick.question.letters)

            def answer(uid: int, i: int) -> str:  # newest question first: a typed answer goes to that one
                return keys[uid][answers - 1 - i] if rng.random() < 0.7 else "A"

            run = await timed(fake, load(users, answers, answer), MARKS, profile)
            graded = 0
            for uid, _ in users:
                graded += (await engine.stats(uid)).total.total
            assert graded >= len(users) * answers, f"only {graded} answers recorded"
    return run


async def main(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.WARNING)
    rng = random.Random(7)
    profile = cProfile.Profile() if args.profile else None
    echo_runs: list[Run] = []
    bot_runs: list[Run] = []
    users = [(10_000 + i, f"U{i}") for i in range(args.users)]
    with tempfile.TemporaryDirectory() as tmp:
        for round_no in range(args.rounds):
            echo_runs.append(await run_echo(users, args.answers))
            db = Path(tmp) / f"bench{round_no}.sqlite3"
            bot_runs.append(await run_studybot(users, args.answers, db, rng, profile))
            e, b = echo_runs[-1], bot_runs[-1]
            print(
                f"round {round_no + 1}: echo {e.rate:6.0f} updates/s (cpu bot {e.bot_cpu:5.2f} s, "
                f"fake {e.fake_cpu:5.2f} s, wall {e.seconds:5.2f} s)   studybot {b.rate:6.0f} answers graded/s "
                f"(cpu bot {b.bot_cpu:5.2f} s, fake {b.fake_cpu:5.2f} s, wall {b.seconds:5.2f} s)   "
                f"ratio {b.rate / e.rate:.0%}",
                flush=True,
            )
    echo = statistics.median(r.rate for r in echo_runs)
    bot = statistics.median(r.rate for r in bot_runs)
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    print(
        f"\n{args.users} learners x {args.answers} answers, median of {args.rounds} rounds; "
        f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, {date.today()}"
    )
    print(f"echo bot:  {echo:7.0f} updates/s")
    print(f"studybot:  {bot:7.0f} answers graded/s  ({bot / echo:.0%} of the echo bot; goal >= 100%)")
    # Rounds are paired (echo, then studybot, close in time): on a shared machine the median of the
    # per-round ratios is steadier than the ratio of medians. CPU: each bot's own process per update.
    paired = statistics.median(b.rate / e.rate for e, b in zip(echo_runs, bot_runs, strict=True))
    n = args.users * args.answers
    echo_ms = statistics.median(r.bot_cpu for r in echo_runs) / n * 1000
    bot_ms = statistics.median(r.bot_cpu for r in bot_runs) / n * 1000
    print(
        f"median of per-round ratios: {paired:.0%}; bot process CPU per update: echo {echo_ms:.2f} ms, "
        f"studybot {bot_ms:.2f} ms (echo/studybot {echo_ms / bot_ms:.0%})"
    )
    if profile is not None:
        profile.dump_stats(args.profile)
        print(f"profile of studybot's process (timed parts): {args.profile}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--answers", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of studybot's timed parts")
    asyncio.run(main(parser.parse_args()))
