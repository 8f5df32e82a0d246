"""Running the bot's application against the fake Bot API: offline (python-telegram-bot's own test
pattern: an offline request object and `process_update`, for the handler tests) or over HTTP by long
polling, the way `studybot run` does (the end-to-end tests)."""

from __future__ import annotations

import asyncio
import atexit
import functools
import os
import re
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fakebot import FakeBotServer, Feeder, MessageState, OfflineRequest, VirtualTime
from telegram.ext import Application
from telegram.request import BaseRequest

from bot.app import build_application
from bot.config import Settings
from bot.store.db import open_sync

ROOT = Path(__file__).resolve().parents[2]
SEED_BANKS = ROOT / "data" / "banks"


class StepClock:
    """A timezone-aware clock for the engine that tests move by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 2, 1, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


def configure_env(
    monkeypatch: pytest.MonkeyPatch, fake: FakeBotServer, db: Path, banks: Path, **extra: Any
) -> Settings:
    """Point STUDYBOT_* at the fake and at the test's files, and read Settings as `studybot run` does."""
    env = {
        "TOKEN": fake.token,
        "API_URL": fake.api_url,
        "FILE_URL": fake.file_url,
        "DB": str(db),
        "BANKS": str(banks),
        **{k.upper(): str(v) for k, v in extra.items()},
    }
    for key, value in env.items():
        monkeypatch.setenv(f"STUDYBOT_{key}", value)
    return Settings()


def settings_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer, **extra: Any) -> BotEnv:
    """Settings and files for the bot in ``tmp_path`` (not started): a copy of the seed banks, a fresh
    database, STUDYBOT_* pointing at the fake; ``extra`` sets more variables (e.g. ``send_rate=10``)."""
    monkeypatch.chdir(tmp_path)  # no stray .env file is read
    db = tmp_path / "data" / "studybot.sqlite3"
    db.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_migrated_database(), db)
    banks = copy_seed_banks(tmp_path / "banks")
    return BotEnv(fake, configure_env(monkeypatch, fake, db, banks, **extra), db, banks)


@functools.cache
def _migrated_database() -> Path:
    """An empty database at the latest schema, made once per test process: each test starts from a copy
    instead of running every migration again (the migrations have their own tests, tests/store)."""
    folder = Path(tempfile.mkdtemp(prefix="studybot-schema-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "schema.sqlite3"
    open_sync(path, migrate=True).close()
    return path


@asynccontextmanager
async def _started(app: Application) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """Initialised, its lifecycle started, then everything stopped in order, whatever happens."""
    await app.initialize()
    try:
        if app.post_init is not None:
            await app.post_init(app)
        yield app
    finally:
        if app.running:
            await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)


@asynccontextmanager
async def offline(app: Application, fake: FakeBotServer) -> AsyncIterator[Feeder]:  # type: ignore[type-arg]
    """The application started with its lifecycle, fed the fake's updates through `process_update`."""
    async with _started(app):
        feeder = Feeder(app, fake)
        await app.start()
        feeder.start()
        try:
            yield feeder
        finally:
            await feeder.stop()


@asynccontextmanager
async def running(app: Application) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """What Application.run_polling does, minus signals and the event loop it would own."""
    async with _started(app):
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, timeout=1)
        await app.start()
        try:
            yield app
        finally:
            if app.updater.running:
                await app.updater.stop()


@dataclass
class BotEnv:
    """The fake server, the settings pointing at it, and (while running) the application."""

    fake: FakeBotServer
    settings: Settings
    db: Path
    banks: Path
    clock: StepClock = field(default_factory=StepClock)
    app: Application | None = None  # type: ignore[type-arg]
    feeder: Feeder | None = None

    def build(
        self, *, http: bool = False, monotonic: Callable[[], float] | None = None, request: BaseRequest | None = None
    ) -> Application:  # type: ignore[type-arg]
        """The bot as `studybot run` builds it; offline (no sockets) unless ``http``; ``monotonic``: the
        clock of its rate budgets (default: the fake's clock when that is a `VirtualTime`, so the bot's
        pacing waits no real time and the fake's flood rules see the same time; else the real clock);
        ``request``: its transport over HTTP (e.g. `AiohttpRequest` with short timeouts)."""
        import random

        request = request if http else OfflineRequest(self.fake)
        extra: dict[str, Any] = {"monotonic": monotonic} if monotonic is not None else {}
        if monotonic is None and not http and isinstance(self.fake.clock, VirtualTime):
            extra = {"monotonic": self.fake.clock, "sleep": self.fake.clock.sleep}
        return build_application(
            self.settings,
            clock=self.clock,
            rng=random.Random(1234),
            request=request,
            get_updates_request=None if http else request,
            **extra,
        )

    @asynccontextmanager
    async def run(self, app: Application | None = None) -> AsyncIterator[Application]:  # type: ignore[type-arg]
        """The bot (``app``, else a new one) running offline; a restart is a second ``run``."""
        app = app or self.build()
        async with offline(app, self.fake) as feeder:
            self.app, self.feeder = app, feeder
            try:
                yield app
            finally:
                self.app, self.feeder = None, None

    async def settle(self) -> None:
        """Every update the simulated users made so far is handled, a group's commands waiting for their turn
        included (on the virtual clock their waits take no real time)."""
        assert self.feeder is not None and self.app is not None
        groups = self.app.bot_data.groups
        await self.feeder.settle()
        await self.fake.wait_for(lambda: self.feeder is not None and self.feeder.idle and not groups.queued())

    @property
    def engine(self) -> Any:
        assert self.app is not None
        return self.app.bot_data.engine


VERDICT_HEADS = "✅🟡❌❓⏰"  # a verdict's first line (an option the learner chose: `✅ A. ...`)


async def answered(fake: FakeBotServer, question: MessageState, timeout: float = 5.0) -> Any:
    """The verdict written into ``question``'s own message (one message per question): a copy of the
    message as it is now whose ``text`` is the verdict alone (what stands under the question's blank line);
    its buttons and ids are the question message's."""
    return Answered(await fake.edited(question, timeout))


class Answered:
    """A question's message as it is now (it follows later edits), whose ``text`` is the verdict alone."""

    def __init__(self, message: MessageState) -> None:
        self.message = message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.message, name)

    @property
    def text(self) -> str:
        lines = (self.message.text or "").split("\n")
        start = next(
            (
                i
                for i in range(1, len(lines))
                if not lines[i - 1] and lines[i][:1] in VERDICT_HEADS and not re.match(r". [A-Za-z]\. ", lines[i])
            ),
            0,
        )
        return "\n".join(lines[start:])


def copy_seed_banks(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for path in SEED_BANKS.glob("*.json"):
        shutil.copy(path, dest / path.name)
    return dest


async def start_process(
    fake: FakeBotServer,
    cwd: Path,
    *args: str,
    stdout: int | None = asyncio.subprocess.DEVNULL,
    preexec_fn: Callable[[], object] | None = None,
    **settings: object,
) -> asyncio.subprocess.Process:
    """`python -m bot run ARGS` as its own process against the fake (standard error piped); ``settings`` are
    STUDYBOT_* variables (``db``, ``banks``: default a database in ``cwd`` and the seed banks);
    ``preexec_fn`` runs in the child before the bot starts (a lower limit of open files, say)."""
    env = {
        **os.environ,
        "STUDYBOT_TOKEN": fake.token,
        "STUDYBOT_API_URL": fake.api_url,
        "STUDYBOT_FILE_URL": fake.file_url,
        "STUDYBOT_DB": str(cwd / "db.sqlite3"),
        "STUDYBOT_BANKS": str(SEED_BANKS),
        "PYTHONPATH": str(ROOT),
        **{f"STUDYBOT_{k.upper()}": str(v) for k, v in settings.items()},
    }
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "run",
        *args,
        cwd=cwd,
        env=env,
        stdout=stdout,
        stderr=asyncio.subprocess.PIPE,
        preexec_fn=preexec_fn,
    )


async def wait_serving(
    fake: FakeBotServer, proc: asyncio.subprocess.Process, ready: Any, what: str, timeout: float = 60.0
) -> None:
    """Wait until ``ready()`` while the process serves; fail at once if it exited."""
    await fake.wait_for(lambda: proc.returncode is not None or ready(), timeout=timeout, what=what)
    assert proc.returncode is None, "studybot run exited early"
