"""Latency that model grading adds to a case verdict, against the fake model server (tests/fakemodel).

For each case question of the seed banks and REPLIES distinct replies, a verdict is made three ways:
- rules only: `grade(question, reply, concepts)`;
- rules + model, first time: `grade` then `ModelHelp.judge_case` with the fake answering at once (the
  HTTP round trip on loopback, the prompt, validation, the quote check, the SQLite cache and daily count);
- rules + model, repeated reply: the same, answered from the SQLite cache.
Then LEARNERS learners at once, each with a new reply, against a fake that takes DELAY seconds per
answer and a cap of CAP requests in flight: how long each learner waits (the cap queues them).

The fake runs in this process on a thread of its own (its own event loop), so its work is included in
the figures: a real server's time to think is not (add it: a local 7B model on a CPU takes seconds).

    python bench/ai.py                      # 3 rounds
    python bench/ai.py --rounds 1 --learners 40 --delay 0.2 --cap 4
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from fakemodel import FakeModel, Reply, user_data  # noqa: E402

from bot.ai.client import ModelClient  # noqa: E402
from bot.ai.service import ModelHelp  # noqa: E402
from bot.banks.model import Kind, Question, load_banks  # noqa: E402
from bot.grading import ConceptIndex, grade  # noqa: E402
from bot.store import Store  # noqa: E402

REPLIES = (
    "我会先用参数高效的方法微调，只训练少量参数，然后把优化器状态切分到多张卡上，再打开混合精度。",
    "先定位瓶颈：看显存和通信哪个先满，然后按层切分模型，用流水线减少空闲。",
    "不清楚，大概需要更多的显卡吧。",
)


def judging(body: dict[str, Any]) -> Reply:
    """Covers every other point, quoting the reply's first words: a plausible, valid judgement."""
    data = user_data(body)
    quote = data["learner_reply"][:10]
    points = [
        {
            "n": p["n"],
            "status": "covered" if p["n"] % 2 else "missed",
            "evidence": quote if p["n"] % 2 else "",
            "reason": "说到了做法和理由。" if p["n"] % 2 else "没有提到。",
        }
        for p in data["key_points"]
    ]
    return Reply.json({"points": points})


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def round_(
    cases: list[tuple[str, Question]],
    concepts: ConceptIndex,
    url: str,
    args: argparse.Namespace,
    fake: FakeModel,
    rnd: int,
) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"rules": [], "miss": [], "hit": [], "queued": []}
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "bench.sqlite3") as store:
            client = ModelClient(url, "fake-model", timeout=30.0, concurrency=args.cap)
            assist = ModelHelp(client, store, daily_cap=10_000, concepts=concepts)
            day = 739000
            for repeat in ("miss", "hit"):
                for bank_id, q in cases:
                    for n in range(args.replies):
                        text = f"{REPLIES[n % len(REPLIES)]}（第{rnd}轮，第{n}份）"
                        started = time.perf_counter()
                        rules = grade(q, text, concepts)
                        if repeat == "miss":
                            out["rules"].append(time.perf_counter() - started)
                        verdict = await assist.judge_case(
                            bank_id, q, text, rules, lang="zh", learner_id=1, local_day=day
                        )
                        out[repeat].append(time.perf_counter() - started)
                        assert verdict is not None and verdict.judged_by
            fake.answer(lambda body: Reply(judging(body).content, delay=args.delay))
            bank_id, q = cases[0]

            async def learner(n: int) -> float:
                started = time.perf_counter()
                text = f"{REPLIES[0]}（学员{n}，第{rnd}轮）"
                verdict = await assist.judge_case(
                    bank_id, q, text, grade(q, text, concepts), lang="zh", learner_id=n, local_day=day
                )
                assert verdict is not None
                return time.perf_counter() - started

            out["queued"] = list(await asyncio.gather(*(learner(n) for n in range(args.learners))))
            fake.answer(judging)
            await assist.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--replies", type=int, default=30, help="distinct replies per case question")
    parser.add_argument("--learners", type=int, default=40, help="learners answering at once (last part)")
    parser.add_argument("--delay", type=float, default=0.2, help="seconds the fake takes per answer (last part)")
    parser.add_argument("--cap", type=int, default=4, help="requests in flight at once")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    banks = load_banks(ROOT / "data" / "banks")
    concepts = ConceptIndex.from_banks(banks)
    cases = [(b.id, q) for b in banks for q in b.questions if q.kind is Kind.case]
    print(
        f"python {platform.python_version()}, {platform.machine()}, {len(cases)} case questions, "
        f"{args.replies} replies each"
    )
    fake = FakeModel(judging)
    with fake.thread():
        for rnd in range(args.rounds):
            got = asyncio.run(round_(cases, concepts, fake.url, args, fake, rnd))
            print(
                f"round {rnd + 1}: verdicts {len(got['rules'])}; median / p95 ms: "
                f"rules {ms(got['rules'], 0.5):.2f} / {ms(got['rules'], 0.95):.2f}; "
                f"rules + model {ms(got['miss'], 0.5):.2f} / {ms(got['miss'], 0.95):.2f}; "
                f"repeated reply (cache) {ms(got['hit'], 0.5):.2f} / {ms(got['hit'], 0.95):.2f}; "
                f"{args.learners} learners at once, fake {args.delay:g} s, cap {args.cap}: "
                f"wait median {ms(got['queued'], 0.5):.0f}, max {ms(got['queued'], 1.0):.0f}"
            )


if __name__ == "__main__":
    main()
