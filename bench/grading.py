"""Cost of grading one reply, per kind of question, with the seed banks loaded.

    python bench/grading.py [BANKS_FOLDER] [--rounds N]

Every timed call grades a reply the grader has not seen (the folding caches are cleared before
it), against the concept index of all banks, as the bot does. Prints the median and p99 per kind.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from opencc import OpenCC

from bot.banks.model import CHOICE_KINDS, Kind, Question, load_banks
from bot.grading import ConceptIndex, grade
from bot.lexicon.normalize import clear_caches

_S2T = OpenCC("s2t")
_TW = OpenCC("s2twp")  # Taiwan script and wording (演算法, 資料)


def replies(question: Question, others: list[str]) -> Iterator[str]:
    """Replies a learner might send: right, right but typed oddly, near misses, wrong, not an answer."""
    if question.kind in CHOICE_KINDS:
        letters = question.letters
        yield from (letters, letters.lower(), "、".join(letters), f"答案是{letters}", "maybe")
        yield from (letters[:1], "ABCDE"[: len(question.options)], next(iter(question.options.values())))
    elif question.kind is Kind.true_false:
        yield from ("正确", "错误", "不正确", "√", "F", "yes", "0", "不知道")
    elif question.kind is Kind.fill:
        key = " ".join(blank[0] for blank in question.blanks())
        yield from (key, _S2T.convert(key), key[:-1], key + "。", f"答案是 {key}", "不知道")
        yield from (f"我猜是{key}吧", f"应该是{key}方法", _TW.convert(key), "knowledge distillation")
        yield from others[:4]
        yield from (f"我觉得是{other}吧" for other in others[4:6])
    else:
        reference = question.answer if isinstance(question.answer, str) else ""
        lines = [line for line in reference.splitlines() if line.strip()]
        yield from (reference, "\n".join(lines[: len(lines) // 2]), lines[0] if lines else "", "今天天气很好")
        yield "我会用数据并行和模型并行，再做模型量化和知识蒸馏，持续预训练。"
        yield question.prompt  # a copy of the question
        yield "不需要数据并行，也不用管LoRA，模型量化没必要。"
        yield "框架选PyTorch，通信用RingAll-reduce；量化成INT8，去掉冗余参数；蒸馏：大模型当老师教一个小模型。"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="data/banks")
    parser.add_argument("--rounds", type=int, default=30, help="times each reply is graded")
    args = parser.parse_args()

    started = time.perf_counter()
    banks = load_banks(Path(args.folder))
    if not banks:
        print(f"no banks in {args.folder}", file=sys.stderr)
        return 2
    concepts = ConceptIndex.from_banks(banks)
    built = time.perf_counter() - started
    questions = [q for bank in banks for q in bank.questions]
    fill_answers = [b[0] for q in questions if q.kind is Kind.fill for b in q.blanks()]

    samples: dict[Kind, list[float]] = {kind: [] for kind in Kind}
    for question in questions:
        others = [a for a in fill_answers if a not in question.blanks()[0]] if question.kind is Kind.fill else []
        grade(question, "warm-up", concepts)  # key points of a case are found once per index
        for reply in replies(question, others):
            for _ in range(args.rounds):
                clear_caches()
                t0 = time.perf_counter_ns()
                grade(question, reply, concepts)
                samples[question.kind].append((time.perf_counter_ns() - t0) / 1000)

    cpu = (
        next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            platform.processor() or "unknown",
        )
        if Path("/proc/cpuinfo").exists()
        else platform.processor()
    )
    print(f"date {datetime.now(UTC):%Y-%m-%d}, {os.cpu_count()} cores ({cpu}), Python {platform.python_version()}")
    print(f"{len(banks)} banks, {len(questions)} questions, {len(concepts)} concepts; loaded in {built * 1000:.0f} ms")
    print(f"{'kind':<12}{'replies':>9}{'median µs':>12}{'p99 µs':>10}")
    for kind, values in samples.items():
        if not values:
            continue
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"{kind.value:<12}{len(values):>9}{statistics.median(values):>12.1f}{p99:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
