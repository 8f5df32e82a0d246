"""`studybot backup PATH`: an online copy of the database (bot/store/backup.py) while the bot runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.config import load_settings
from bot.store.backup import BackupError, backup_file

__all__ = ["cmd_backup"]


def _human(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def cmd_backup(args: argparse.Namespace) -> int:
    """`studybot backup PATH`: 0 on success, 2 when the database or PATH's folder is missing, 1 on a failed copy."""
    src = load_settings().db
    try:
        result = backup_file(src, Path(args.path))
    except BackupError as exc:
        print(f"studybot backup: {exc}", file=sys.stderr)
        return exc.code
    print(
        f"backed up {result.source} -> {result.dest}: {result.pages} pages x {result.page_size} bytes, "
        f"{_human(result.size)} in {result.seconds:.2f} s"
    )
    return 0
