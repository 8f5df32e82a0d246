"""docs/ai.md stays true to the code: it quotes each prompt exactly as it is sent."""

from __future__ import annotations

from pathlib import Path

from bot.ai.prompts import CASE_SYSTEM, EXPLAIN_SYSTEM, READ_SYSTEM

DOC = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")


def test_the_prompts_are_quoted_as_they_are_sent() -> None:
    for prompt in (CASE_SYSTEM, EXPLAIN_SYSTEM, READ_SYSTEM):
        assert f"```text\n{prompt}```" in DOC
