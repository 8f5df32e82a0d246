"""Time from a typed case answer to its verdict in the chat, with and without model help.

The whole bot (bot/app.py) runs against the fake Bot API without sockets (tests/fakebot, as the handler
tests do); model help, when on, against the fake model server (tests/fakemodel) on a thread of its own,
answering at once. Each of LEARNERS learners gets a case question (`/quiz 案例`) and types a reply; the
figure is the time from the reply's update to the verdict's sendMessage. Three runs:
- off: no model settings (the rules' verdict), for the first LEARNERS and the next;
- model, first time: every reply new to the model;
- model, repeated reply: the same replies again, by other learners (the judgement from SQLite).

    python bench/ai_chat.py                 # 3 rounds of 30 learners
    python bench/ai_chat.py --rounds 1 --learners 50
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import platform
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "telegram"))

from ai import REPLIES, judging, ms  # noqa: E402
from fakebot import FakeBotServer, OfflineRequest  # noqa: E402
from fakemodel import FakeModel  # noqa: E402
from tg_harness import offline  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402


async def run(folder: Path, model_url: str | None, learners: int, rnd: int) -> dict[str, list[float]]:
    fake = FakeBotServer()
    banks = folder / "banks"
    shutil.copytree(ROOT / "data" / "banks", banks)
    ai = {"ai_url": model_url, "ai_model": "fake-model", "ai_daily_cap": 10_000} if model_url else {}
    settings = Settings(
        token=fake.token,
        api_url=fake.api_url,
        file_url=fake.file_url,
        db=folder / "bench.sqlite3",
        banks=banks,
        **ai,  # type: ignore[arg-type]
    )
    request = OfflineRequest(fake)
    app = build_application(settings, rng=random.Random(rnd), request=request, get_updates_request=request)
    out: dict[str, list[float]] = {"first": [], "repeat": []}
    try:
        async with offline(app, fake):
            for part, base in (("first", 1000), ("repeat", 5000)):
                for n in range(learners):
                    user = fake.user(base + n, f"L{n}")
                    user.command("/quiz 案例")
                    question = await fake.next_message(user.id)
                    started = time.perf_counter()
                    user.send_text(f"{REPLIES[n % len(REPLIES)]}（第{rnd}轮，第{n}份）")
                    verdict = await fake.edited(question, timeout=30)  # written into the question
                    out[part].append(time.perf_counter() - started)
                    assert (model_url is not None) == ("🤖" in (verdict.text or "")), verdict.text
    finally:
        await fake.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--learners", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    print(f"python {platform.python_version()}, {platform.machine()}, {args.learners} learners per run")
    model = FakeModel(judging)
    with model.thread():
        for rnd in range(args.rounds):
            with tempfile.TemporaryDirectory() as off_dir, tempfile.TemporaryDirectory() as on_dir:
                off = asyncio.run(run(Path(off_dir), None, args.learners, rnd))
                on = asyncio.run(run(Path(on_dir), model.url, args.learners, rnd))
            print(
                f"round {rnd + 1}: reply to verdict, median / p95 ms: "
                f"off {ms(off['first'], 0.5):.1f} / {ms(off['first'], 0.95):.1f} "
                f"(next {args.learners}: {ms(off['repeat'], 0.5):.1f} / {ms(off['repeat'], 0.95):.1f}); "
                f"model, first time {ms(on['first'], 0.5):.1f} / {ms(on['first'], 0.95):.1f}; "
                f"model, repeated reply {ms(on['repeat'], 0.5):.1f} / {ms(on['repeat'], 0.95):.1f}"
            )


if __name__ == "__main__":
    main()
