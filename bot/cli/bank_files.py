"""Finding a bank's file from the command line: a path, or an id looked up in the banks folder.

Shared by `import`/`export`/`lint` (bot/cli/banks.py) and `explain` (bot/cli/explain.py), so neither
command module imports the other.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from bot.banks.model import Bank, load_bank
from bot.config import Settings

__all__ = ["BankNotFound", "bank_file", "resolve_bank"]


class BankNotFound(Exception):
    pass


def bank_file(ref: str, folder: Path | None = None) -> Path:
    """The file of a bank given by its path or by its id in the banks folder (STUDYBOT_BANKS)."""
    path = Path(ref)
    if not path.is_file():
        path = (folder or Settings().banks) / f"{ref}.json"
    if not path.is_file():
        raise BankNotFound(f"no bank file or bank id '{ref}' / 找不到题库文件或题库 id“{ref}”")
    return path


def resolve_bank(ref: str, folder: Path | None = None) -> Bank:
    """A bank from a file path or a bank id looked up in the banks folder (STUDYBOT_BANKS)."""
    path = bank_file(ref, folder)
    try:
        return load_bank(path)
    except (ValidationError, ValueError) as exc:
        raise BankNotFound(f"{path}: not a valid bank file / 不是有效的题库文件: {exc}") from exc
