"""Shared test fixtures and the hypothesis profile (no deadlines: CI machines are shared)."""

from __future__ import annotations

from pathlib import Path

import browser_kit
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


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (pyproject's addopts) runs the suite on every core; a run of one test file or of single
    tests stays in one process, where starting workers would cost more than it saves."""
    files = {arg.split("::")[0] for arg in config.args}
    if files and len(files) == 1 and next(iter(files)).endswith(".py"):
        return 0
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    browser_kit.deselect(config, items)  # the desk's browser tests, where there is no Chromium


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    line = browser_kit.summary_line(config)
    if line:
        terminalreporter.write_line(line, yellow=True)
