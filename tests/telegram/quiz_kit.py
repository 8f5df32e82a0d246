"""Shared pieces of the quiz tests: small banks with one awkward question each, and waiting helpers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.banks.model import Bank, Question, save_bank

LONG_EXPLANATION = "Two, three and five are prime; four is two times two.\n" + "Details: " + "prime " * 60


def _q(
    qid: str, kind: str, prompt: str, answer: Any, options: dict[str, str] | None = None, explanation: str | None = None
) -> Question:
    return Question(
        id=qid, kind=kind, number=1, prompt=prompt, options=options or {}, answer=answer, explanation=explanation
    )


# One question per bank, so `/quiz <bank>` asks exactly that one.
AWKWARD: dict[str, Question] = {
    "esc": _q(
        "s-esc",
        "single",
        "Which is <b>bold</b> & x < y?",
        "B",
        {"A": "<i>", "B": "a & b", "C": "x > y"},
        "Because & and < must be escaped.",
    ),
    "huge": _q(
        "s-huge",
        "single",
        "\n".join(f"line {i}: " + "long words " * 8 for i in range(60)),
        "A",
        {"A": "yes", "B": "no"},
        "It was long.",
    ),
    "primes": _q(
        "m-primes",
        "multiple",
        "Which numbers are prime?",
        "ABD",
        {"A": "2", "B": "3", "C": "4", "D": "5"},
        LONG_EXPLANATION,
    ),
    "sky": _q("tf-sky", "true_false", "The sky is blue & <clear>.", True, explanation="Rayleigh scattering."),
    "bigopt": _q(
        "s-bigopt", "single", "Which option is long?", "A", {"A": "a very long option " * 8, "B": "short"}, "A is long."
    ),
    "paris": _q("f-paris", "fill", "The capital of France is ___.", ["Paris", "巴黎"], explanation="Paris."),
    "tkey": _q(
        "s-letters",
        "single",
        "The last letter?",
        "F",
        {"A": "a", "B": "b", "C": "c", "D": "d", "E": "e", "F": "f"},
        "F is last.",
    ),
}


def write_awkward_banks(folder: Path) -> None:
    for bank_id, question in AWKWARD.items():
        save_bank(Bank(id=bank_id, title=f"Awkward {bank_id} <&>", source="tests", questions=[question]), folder)


def errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def eventually(probe: Callable[[], Awaitable[Any]], expected: Any, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await probe()
        if value == expected:
            return
        if loop.time() > deadline:
            raise AssertionError(f"still {value!r}, expected {expected!r}")
        await asyncio.sleep(0.02)


def wrong_letter(question: Question) -> str:
    return next(k for k in question.options if k not in question.letters)
