"""Putting new or changed banks live in a running engine (an admin's upload, a fixed key).

The engine keeps its banks in several maps (banks, question keys, concepts, candidate caches). A fresh
engine on the same store is built and synced first; its state then replaces the live engine's in one
synchronous step, so a concurrent handler sees either the old banks or the new ones, never a mix,
and every component holding the engine object (handlers, the push scheduler) sees the change.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.banks.model import Bank
from bot.study.engine import StudyEngine

__all__ = ["reload_banks"]


async def reload_banks(engine: StudyEngine, banks: Sequence[Bank]) -> None:
    """Replace the engine's banks with `banks` (question keys of old questions stay the same)."""
    fresh = await StudyEngine.create(
        engine.store,
        banks,
        clock=engine.clock,
        rng=engine.rng,
        default_tz=engine.default_tz,
        scheduler=engine.scheduler,
    )
    fresh.report_listeners = engine.report_listeners  # who is told of closed reports stays
    # No await from here on: the swap is atomic for the event loop.
    vars(engine).update(vars(fresh))
