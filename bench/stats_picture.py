"""How long one /stats picture takes to render: the first (cold) one, then the steady state.

Run: python bench/stats_picture.py [--rounds N] [--png docs/stats-picture.png]
(--png also writes the first sample picture, in Chinese: the one README.md shows.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from pathlib import Path

from bot.pictures import MissedQuestion, StatsPicture, font_choice, render_stats_png


def sample(seed: int) -> StatsPicture:
    rng = random.Random(seed)
    today = date(2024, 5, 15)
    return StatsPicture(
        title="三年级二班 Class 2",
        today=today,
        per_day={today - timedelta(days=i): rng.choice([0, 0, 1, 3, 5, 10, 20]) for i in range(371)},
        current_streak=rng.randrange(100),
        longest_streak=100 + rng.randrange(100),
        accuracy={
            k: (rng.randrange(50) + rng.random(), 50 + rng.randrange(50))
            for k in ("single", "multiple", "true_false", "fill", "case")
        },
        due_now=rng.randrange(20),
        due_week=rng.randrange(30),
        missed=[
            MissedQuestion(
                title="数据并行中，梯度同步通常使用哪种集合通信操作？", fallback="distributed #3", misses=4, attempts=5
            ),
            MissedQuestion(
                title="LoRA 微调时，低秩矩阵的秩 r 越大越好。", fallback="finetuning #12", misses=3, attempts=4
            ),
            MissedQuestion(title="ZeRO-3 切分了哪些状态？", fallback="distributed #21", misses=2, attempts=2),
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--png", type=Path, help="also write the first sample picture (zh) here")
    args = parser.parse_args()

    t0 = time.perf_counter()
    choice = font_choice()
    search = time.perf_counter() - t0
    print(f"font search: {search * 1000:.0f} ms -> {choice.cjk_family or 'no CJK font (English labels)'}")

    t0 = time.perf_counter()
    first = render_stats_png(sample(0), "zh")
    print(f"first picture (cold): {(time.perf_counter() - t0) * 1000:.0f} ms")
    if args.png:
        args.png.write_bytes(first)

    for lang in ("zh", "en"):
        times, sizes = [], []
        for i in range(args.rounds):
            data = sample(i)
            t0 = time.perf_counter()
            png = render_stats_png(data, lang)
            times.append(time.perf_counter() - t0)
            sizes.append(len(png))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        median = statistics.median(times)
        print(
            f"{lang}: median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, {1 / median:.1f} pictures/s "
            f"on one thread, PNG {statistics.median(sizes) / 1024:.0f} KB"
        )

    data = [sample(i) for i in range(args.rounds)]
    t0 = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda d: render_stats_png(d, "zh"), data))
    rate = len(data) / (time.perf_counter() - t0)
    print(f"two threads: {rate:.1f} pictures/s (the GIL holds most of the drawing, so expect little gain)")


if __name__ == "__main__":
    main()
