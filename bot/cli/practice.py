"""`studybot practice`: a session in the terminal (bot/terminal.py), with the banks and database of the settings."""

from __future__ import annotations

import argparse
import sys

from bot.config import load_settings
from bot.terminal import practice

__all__ = ["cmd_practice"]


def cmd_practice(args: argparse.Namespace) -> int:
    settings = load_settings()
    return practice(
        db=settings.db,
        banks_dir=settings.banks,
        tz=settings.tz,
        bank_ids=args.bank,
        kinds=args.kind,
        n=args.n,
        learner=args.learner,
        stdin=sys.stdin,
        stdout=sys.stdout,
        stderr=sys.stderr,
    )
