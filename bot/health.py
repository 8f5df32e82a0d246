"""`python -m bot.health`: the Docker health check.

Healthy when the database opens, answers and takes a write (so the volume is mounted, writable, not full)
and, on Linux, a `studybot run` process is alive and its event loop is not stuck: the running bot
touches a heartbeat file beside the database every few seconds from its event loop
(bot/telegram/serving.py), and a heartbeat older than `--stale` seconds means the loop stopped
turning. Exit 0 when healthy, 1 otherwise, with one line saying why.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.files import storage_fault
from bot.store.db import probe

__all__ = ["STALE_SECONDS", "check_database", "check_heartbeat", "find_bot_process", "heartbeat_path", "main"]

STALE_SECONDS = 60.0


def heartbeat_path(db: Path) -> Path:
    """The file the running bot touches while its event loop turns: beside the database."""
    return db.with_name(db.name + ".alive")


def check_heartbeat(db: Path, stale: float = STALE_SECONDS, now: float | None = None) -> str | None:
    """None when the bot's heartbeat is fresh; else the problem, in zh and en."""
    path = heartbeat_path(db)
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return f"没有心跳文件（机器人未启动完成？）/ no heartbeat yet (is the bot still starting?): {path}"
    if age > stale:
        return (
            f"机器人的事件循环已 {age:.0f} 秒没有运转（卡住了）/ the bot's event loop has not run for "
            f"{age:.0f} s (stuck): {path}"
        )
    return None


def check_database(db: Path, timeout: float = 5.0) -> str | None:
    """None when the database opens, answers a query and takes a write; else the problem, in zh and en."""
    if not db.is_file():
        return f"数据库不存在 / database not found: {db}"
    try:
        probe(db, timeout)
    except sqlite3.Error as exc:
        if storage_fault(exc):  # it answers questions, but a read-only or full disk takes no answers
            return f"数据库无法写入 / database cannot be written: {db}: {exc}"
        return f"数据库打不开 / database does not open: {db}: {exc}"
    return None


def _is_bot(argv: list[str]) -> bool:
    # `studybot run ...` (the console script runs as `python .../studybot run`) or `python -m bot run ...`.
    for i, arg in enumerate(argv[:-1]):
        if Path(arg).name == "studybot" and argv[i + 1] == "run":
            return True
        if arg == "-m" and argv[i + 1 : i + 3] == ["bot", "run"]:
            return True
    return False


def find_bot_process(proc: Path = Path("/proc")) -> int | None:
    """The pid of a running `studybot run`, found through /proc; None if there is none."""
    for entry in sorted(proc.iterdir(), key=lambda p: p.name):
        if not entry.name.isdecimal():
            continue
        try:
            raw = (entry / "cmdline").read_bytes()
        except OSError:  # the process ended meanwhile, or is not ours to read
            continue
        if _is_bot([part.decode(errors="replace") for part in raw.split(b"\0") if part]):
            return int(entry.name)
    return None


def main(argv: Sequence[str] | None = None, proc: Path = Path("/proc")) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.health", description=__doc__.splitlines()[0])
    parser.add_argument("--no-process", action="store_true", help="check the database only")
    parser.add_argument(
        "--stale",
        type=float,
        default=STALE_SECONDS,
        help=f"a heartbeat older than this many seconds is a stuck bot (default {STALE_SECONDS:.0f})",
    )
    args = parser.parse_args(argv)
    try:
        db = load_settings().db
    except ConfigError as exc:
        print(f"unhealthy: bad configuration: {exc}")
        return 1
    problem = check_database(db)
    if problem is None and not args.no_process and proc.is_dir():
        pid = find_bot_process(proc)
        if pid is None:
            problem = "机器人没有运行 / no `studybot run` process is running"
        else:
            problem = check_heartbeat(db, args.stale)
    if problem:
        print(f"unhealthy: {problem}")
        return 1
    print(f"healthy: {db} opens")
    return 0


if __name__ == "__main__":
    sys.exit(main())
