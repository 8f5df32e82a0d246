"""Engine benchmark: next question and record answer at scale, and database bytes per attempt.

Builds a store with LEARNERS learners and ATTEMPTS attempts (bulk insert, with the same schema and
indexes the bot uses), then times `StudyEngine.next_question` and `StudyEngine.answer` for random
learners through the real aiosqlite connection, and measures how much the file grows per answer.

    python bench/engine.py                      # 100,000 learners, 1,000,000 attempts
    python bench/engine.py --learners 1000 --attempts 10000 --samples 500   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from bot.banks.model import Bank, Kind, Question
from bot.store import Store, open_sync
from bot.study.engine import StudyEngine

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
KINDS = (Kind.single, Kind.single, Kind.multiple, Kind.true_false)


def make_banks(count: int = 4, size: int = 500) -> list[Bank]:
    banks = []
    for b in range(count):
        questions = []
        for i in range(size):
            kind = KINDS[i % len(KINDS)]
            if kind is Kind.true_false:
                q = Question(id=f"q{i}", kind=kind, number=i + 1, prompt=f"Statement {b}.{i}.", answer=i % 3 == 0)
            else:
                q = Question(
                    id=f"q{i}",
                    kind=kind,
                    number=i + 1,
                    prompt=f"Question {b}.{i}?",
                    options={"A": "alpha", "B": "beta", "C": "gamma", "D": "delta"},
                    answer="B" if kind is Kind.single else "BD",
                    explanation="Because.",
                )
            questions.append(q)
        banks.append(Bank(id=f"bank{b}", title=f"Bank {b}", source="bench", questions=questions))
    return banks


def build(path: Path, banks: list[Bank], learners: int, attempts: int, rng: random.Random) -> float:
    """Bulk-load the store; returns seconds taken."""
    start = time.perf_counter()
    conn = open_sync(path)
    conn.execute("PRAGMA synchronous = OFF")  # a bulk load that can simply be redone
    qkeys = []
    conn.execute("BEGIN")
    for bank in banks:
        for q in bank.questions:
            cur = conn.execute("INSERT INTO questions (bank, qid, kind) VALUES (?, ?, ?)", (bank.id, q.id, q.kind))
            qkeys.append(cur.lastrowid)
    now = int(NOW.timestamp())
    today = NOW.date().toordinal()
    per = attempts / learners
    asked_id = 0
    made = 0
    chunk = 5000
    for first in range(1, learners + 1, chunk):
        lrows, crows, arows, trows, krows, srows = [], [], [], [], [], []
        for uid in range(first, min(first + chunk, learners + 1)):
            lrows.append((uid, f"learner {uid}", "zh", "Asia/Shanghai", now - 90 * 86400))
            crows.append((uid, "private", "", now - 90 * 86400))
            want = round(per * (uid - first + 1)) - round(per * (uid - first)) if made < attempts else 0
            want = min(want, attempts - made)
            cards: dict[int, tuple] = {}
            days = set()
            for _ in range(want):
                asked_id += 1
                made += 1
                # One in five answers is a review of a question answered before.
                q = rng.choice(list(cards)) if cards and rng.random() < 0.2 else rng.choice(qkeys)
                at = now - rng.randrange(60 * 86400)
                day = datetime.fromtimestamp(at + 8 * 3600, UTC).date().toordinal()
                days.add(day)
                outcome = rng.choices((0, 1, 2), (25, 10, 65))[0]
                arows.append((asked_id, uid, uid, q, at - 20, 1))
                trows.append(
                    (
                        uid,
                        asked_id,
                        q,
                        outcome,
                        (0.0, 0.5, 1.0)[outcome],
                        at,
                        day,
                        rng.randrange(2000, 60000),
                        rng.choice("ABCD") if outcome != 1 else "B",
                    )
                )
                due = at + rng.randrange(60, 30 * 86400)
                cards[q] = (
                    uid,
                    q,
                    due,
                    2,
                    None,
                    round(rng.uniform(0.5, 40), 4),
                    round(rng.uniform(1, 10), 4),
                    at,
                    int(outcome == 0),
                )
            krows.extend(cards[q] for q in sorted(cards))
            if days:
                last = max(days)
                srows.append((uid, 1 + (last == today), 3, last, 0, 0))
        conn.executemany("INSERT INTO learners (id, name, language, tz, created_at) VALUES (?, ?, ?, ?, ?)", lrows)
        conn.executemany("INSERT INTO chats (id, kind, title, created_at) VALUES (?, ?, ?, ?)", crows)
        conn.executemany(
            "INSERT INTO asked (id, chat_id, learner_id, question, asked_at, closed) VALUES (?, ?, ?, ?, ?, ?)", arows
        )
        conn.executemany(
            "INSERT INTO attempts (learner_id, asked_id, question, outcome, score, answered_at,"
            " local_day, millis, reply) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            trows,
        )
        conn.executemany(
            "INSERT INTO cards (learner_id, question, due, state, step, stability, difficulty,"
            " last_review, lapses) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            krows,
        )
        conn.executemany(
            "INSERT INTO streaks (learner_id, current, longest, last_day, freezes, frozen) VALUES (?, ?, ?, ?, ?, ?)",
            srows,
        )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return time.perf_counter() - start


def db_bytes(path: Path) -> int:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages, size, free = (
        conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "page_size", "freelist_count")
    )
    conn.close()
    return (pages - free) * size


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(name: str, ms: list[float]) -> str:
    return (
        f"{name:<16} n={len(ms):>6}  p50={pct(ms, 0.50):.3f} ms  p95={pct(ms, 0.95):.3f} ms  "
        f"p99={pct(ms, 0.99):.3f} ms  p99.9={pct(ms, 0.999):.3f} ms  max={max(ms):.3f} ms  "
        f"mean={statistics.fmean(ms):.3f} ms"
    )


async def measure(path: Path, banks: list[Bank], learners: int, samples: int, seed: int) -> dict[str, list[float]]:
    rng = random.Random(seed)
    clock_now = [NOW]
    store = await Store.open(path)
    engine = await StudyEngine.create(store, banks, clock=lambda: clock_now[0], rng=random.Random(seed))
    times: dict[str, list[float]] = {"next_question": [], "ask": [], "answer": []}
    try:
        # Warm-up: fill the page cache the way a running bot has it.
        for _ in range(min(2000, samples)):
            await engine.next_question(rng.randrange(1, learners + 1))
        for _ in range(samples):
            learner = rng.randrange(1, learners + 1)
            clock_now[0] += timedelta(seconds=rng.randrange(1, 30))
            t0 = time.perf_counter()
            pick = await engine.next_question(learner)
            t1 = time.perf_counter()
            assert not hasattr(pick, "reason") or pick.question is not None
            asked = await engine.ask(learner, learner, pick)  # type: ignore[arg-type]
            t2 = time.perf_counter()
            kind = pick.question.kind  # type: ignore[union-attr]
            reply = rng.choice(["对", "错"] if kind is Kind.true_false else ["A", "B", "C", "BD", "B"])
            result = await engine.answer(learner, asked, reply)
            t3 = time.perf_counter()
            times["next_question"].append((t1 - t0) * 1000)
            times["ask"].append((t2 - t1) * 1000)
            if result.recorded:
                times["answer"].append((t3 - t2) * 1000)
    finally:
        await store.close()
    return times


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, SQLite {sqlite3.sqlite_version},"
        f" {date.today().isoformat()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=100_000)
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--samples", type=int, default=20_000, help="timed next-question/answer rounds")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, help="keep the database here (default: a temporary folder)")
    args = parser.parse_args()

    banks = make_banks()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "bench.sqlite3"
        if path.exists():
            path.unlink()
        print(machine())
        seconds = build(path, banks, args.learners, args.attempts, random.Random(args.seed))
        built = db_bytes(path)
        print(
            f"built {args.learners:,} learners, {args.attempts:,} attempts, "
            f"{sum(len(b.questions) for b in banks):,} questions in {seconds:.1f} s; "
            f"{built / 1e6:.1f} MB = {built / args.attempts:.0f} bytes per attempt (all tables and indexes)"
        )
        times = asyncio.run(measure(path, banks, args.learners, args.samples, args.seed))
        grown = db_bytes(path) - built
        answered = len(times["answer"])
        for name, ms in times.items():
            print(report(name, ms))
        print(
            f"growth: {grown:,} bytes for {answered:,} answers through the engine = "
            f"{grown / max(answered, 1):.0f} bytes per attempt (asked row, attempt, card, indexes)"
        )


if __name__ == "__main__":
    main()
