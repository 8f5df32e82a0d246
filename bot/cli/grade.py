"""`studybot grade BANK QUESTION REPLY`: how a question judges one reply, as JSON (for bank authors)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.banks.model import Bank, load_bank, load_banks
from bot.config import load_settings
from bot.grading.concepts import ConceptIndex
from bot.grading.grader import grade

__all__ = ["cmd_grade", "find_bank"]


def find_bank(ref: str, folder: Path) -> Bank | None:
    """A bank by file path, or by id among the bank files in `folder`."""
    path = Path(ref)
    if path.suffix == ".json" or path.is_file():
        return load_bank(path) if path.is_file() else None
    candidate = folder / f"{ref}.json"
    if candidate.is_file():
        return load_bank(candidate)
    return next((b for b in load_banks(folder) if b.id == ref), None)


def _error(zh: str, en: str) -> int:
    print(f"错误：{zh}\nError: {en}", file=sys.stderr)
    return 2


def cmd_grade(args: argparse.Namespace) -> int:
    folder = load_settings().banks
    try:
        bank = find_bank(args.bank, folder)
    except (OSError, ValidationError, ValueError) as exc:
        return _error(f"题库 {args.bank} 无法读取：{exc}", f"bank {args.bank} could not be read: {exc}")
    if bank is None:
        return _error(
            f"找不到题库 {args.bank}（既不是文件，也不是 {folder} 中的题库 id）。",
            f"no bank {args.bank} (neither a file nor a bank id in {folder}).",
        )
    question = bank.question(args.question)
    if question is None:
        return _error(
            f"题库 {bank.id} 中没有题目 {args.question}。", f"bank {bank.id} has no question {args.question}."
        )
    # The same look-alike concepts the bot uses: every bank in the folder, and this one.
    try:
        others = [b for b in load_banks(folder) if b.id != bank.id]
    except (OSError, ValidationError, ValueError):
        others = []
    verdict = grade(question, args.reply, ConceptIndex.from_banks([bank, *others]))
    print(json.dumps(verdict.model_dump(mode="json"), ensure_ascii=False))
    return 0
