"""`studybot answers [BANK...] [-o FILE] [--top N]`: what learners answered, as CSV (bot/study/answer_stats.py).

One row per question and common reply not graded right (the most common first, `--top` per question);
a question answered only right has one row with the reply columns empty. Read from the database the bot
uses (STUDYBOT_DB) while it runs; a file is written whole (UTF-8 with a byte-order mark, so that Excel
reads the Chinese), standard output in plain UTF-8.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.banks.model import KIND_NAMES, load_banks_serving
from bot.config import Settings
from bot.files import write_atomically
from bot.store import Store
from bot.study.answer_stats import QuestionAnswers, answer_distribution
from bot.study.engine import StudyEngine

__all__ = ["COLUMNS", "answers_csv", "cmd_answers"]

COLUMNS = (
    "bank",
    "question",
    "number",
    "kind",
    "attempts",
    "right",
    "partly_right",
    "wrong",
    "learners",
    "right_share",
    "rank",
    "reply",
    "reply_count",
    "reply_learners",
    "reply_partly_right",
)


def answers_csv(table: list[QuestionAnswers]) -> str:
    """The CSV text of an answer distribution (a header row, then a row per question and reply)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for q in table:
        head = [
            q.bank_id,
            q.question_id,
            q.question.number,
            KIND_NAMES[q.question.kind][1],
            q.attempts,
            q.correct,
            q.partial,
            q.wrong,
            q.learners,
            f"{q.accuracy:.3f}",
        ]
        if not q.not_right:
            writer.writerow([*head, "", "", "", "", ""])
        for rank, reply in enumerate(q.not_right, start=1):
            writer.writerow([*head, rank, reply.reply, reply.count, reply.learners, reply.partial])
    return out.getvalue()


def _error(zh: str, en: str) -> int:
    print(f"错误：{zh}\nError: {en}", file=sys.stderr)
    return 2


async def _table(db: Path, banks_folder: Path, bank_ids: list[str], top: int) -> list[QuestionAnswers] | str:
    banks, unreadable = load_banks_serving(banks_folder)
    for path, why in unreadable:
        print(f"studybot answers: {path} cannot be read ({why}): left out", file=sys.stderr)
    unknown = [b for b in bank_ids if b not in {bank.id for bank in banks}]
    if unknown:
        return ", ".join(unknown)
    async with await Store.open(db, migrate=False) as store:
        engine = await StudyEngine.create(store, banks, clock=lambda: datetime.now(UTC), rng=random.Random())
        if not bank_ids:
            return await answer_distribution(engine, top=top)
        return [row for b in bank_ids for row in await answer_distribution(engine, b, top=top)]


def cmd_answers(args: argparse.Namespace) -> int:
    settings = Settings()
    if not settings.db.is_file():
        return _error(
            f"找不到数据库 {settings.db}（STUDYBOT_DB）。", f"there is no database at {settings.db} (STUDYBOT_DB)."
        )
    if args.top < 1:
        return _error("--top 至少为 1。", "--top is 1 at least.")
    table = asyncio.run(_table(settings.db, settings.banks, list(dict.fromkeys(args.banks)), args.top))
    if isinstance(table, str):
        return _error(f"没有题库 {table}（{settings.banks} 中没有）。", f"no bank {table} (not in {settings.banks}).")
    text = answers_csv(table)
    if args.output:
        try:
            path = write_atomically(Path(args.output), text, encoding="utf-8-sig")
        except OSError as exc:
            return _error(f"无法写入 {args.output}：{exc.strerror}", f"cannot write {args.output}: {exc.strerror}")
        print(f"{len(table)} questions -> {path}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
