"""The language a bank is written in (pure): Chinese when Chinese characters carry its questions."""

from __future__ import annotations

import re
from typing import Literal

from bot.banks.model import Bank

__all__ = ["bank_language"]

_HAN = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
SAMPLE = 200  # questions read: enough to tell, cheap for a bank of thousands


def bank_language(bank: Bank) -> Literal["zh", "en"]:
    """zh when its prompts have more Chinese characters than English words (terms like LoRA or GPU inside
    Chinese text do not make it English), else en."""
    han = words = 0
    for question in bank.questions[:SAMPLE]:
        text = " ".join([question.prompt, *question.options.values()])
        han += len(_HAN.findall(text))
        words += len(_LATIN_WORD.findall(text))
    return "zh" if han > words else "en"
