"""The browser the desk's tests drive: Debian's Chromium (/usr/bin/chromium), started by Playwright with
no browser download ever. Where it is missing, a plain `pytest` leaves the browser tests out and says so
in one line with the command that installs it; where STUDYBOT_BROWSER_REQUIRED is set (.ci/run sets it)
they run and fail instead, so CI never goes without them."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("STUDYBOT_CHROMIUM", "/usr/bin/chromium"))
INSTALL = "apt-get install -y chromium"
REQUIRED = "STUDYBOT_BROWSER_REQUIRED"
# As the machine's own check starts it: headless, no sandbox (root), and none of the background
# connections a closed network refuses.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TESTS = Path(__file__).resolve().parent
BROWSER_FILES = sorted(TESTS.glob("web/test_*browser*.py"))


def missing() -> bool:
    return not os.access(CHROMIUM, os.X_OK)


def required() -> bool:
    return os.environ.get(REQUIRED, "") not in ("", "0")


def deselect(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the browser tests out when there is no Chromium and none is required."""
    if not missing() or required():
        return
    out = [item for item in items if item.get_closest_marker("browser")]
    if out:
        config.hook.pytest_deselected(items=out)
        items[:] = [item for item in items if not item.get_closest_marker("browser")]


def _selected(config: pytest.Config) -> list[str]:
    """The browser test files this run would have run (by the paths it was given)."""
    args = [Path(a.split("::")[0]).resolve() for a in config.args] or [TESTS]
    return [str(f.relative_to(TESTS.parent)) for f in BROWSER_FILES if any(f == a or a in f.parents for a in args)]


def summary_line(config: pytest.Config) -> str | None:
    if not missing() or required():
        return None
    files = _selected(config)
    if not files:
        return None
    return f"not run, no Chromium at {CHROMIUM}: {', '.join(files)} — install it with: {INSTALL}"


@asynccontextmanager
async def chromium() -> AsyncIterator[object]:
    """A fresh Chromium with a new, empty profile (a Playwright BrowserContext)."""
    if missing():
        pytest.fail(f"{REQUIRED} is set but there is no Chromium at {CHROMIUM}: {INSTALL}")
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="studybot-chromium-") as profile:
        async with async_playwright() as pw:
            context = await pw.chromium.launch_persistent_context(
                profile, executable_path=str(CHROMIUM), headless=True, args=FLAGS
            )
            try:
                yield context
            finally:
                await context.close()
