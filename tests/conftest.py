"""Shared test fixtures and the hypothesis profile (no deadlines: CI machines are shared)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("studybot", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=100)
settings.load_profile("studybot")

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "data" / "sources"
BANKS = ROOT / "data" / "banks"


@pytest.fixture
def root() -> Path:
    return ROOT
