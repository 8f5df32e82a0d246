"""The webhook server holds a bounded number of connections and times out idle and half-open ones; at a
limit of 1,024 open files a crowd of half-open connections neither floods the log nor keeps updates out."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import socket
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web
from fakebot import FakeBotServer
from tg_harness import start_process, wait_serving

from bot.cli import build_parser
from bot.locale import LANGUAGES
from bot.telegram.connections import ConnectionGuard, GuardedSite, raise_open_files_limit

MENUS = 2 * (len(LANGUAGES) + 1)  # the command menus set at start (tests/telegram/test_tg_run.py)

ROOT = Path(__file__).resolve().parents[2]
HALF_OPEN = b"POST /hook HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"  # headers never finished


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _half_open(port: int, timeout: float = 10) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
    except (OSError, TimeoutError):
        return None
    writer.write(HALF_OPEN)
    return reader, writer


async def _closed_by_server(reader: asyncio.StreamReader, timeout: float) -> bool:
    try:
        await asyncio.wait_for(reader.read(), timeout)
    except (ConnectionError, OSError):
        return True
    except TimeoutError:
        return False
    return True


async def test_connections_are_capped_and_idle_ones_closed() -> None:
    async def hello(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_get("/", hello)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    guard = ConnectionGuard(max_connections=10, idle_seconds=0.5)
    port = _free_port()
    site = GuardedSite(runner, "127.0.0.1", port, guard)
    await site.start()
    try:
        crowd = [c for c in await asyncio.gather(*(_half_open(port) for _ in range(30))) if c]
        await asyncio.sleep(0.1)
        assert len(guard.open) <= 10
        # A new client that sends its request at once is served: it takes the place of a silent one.
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"HTTP/1.1 200")
        writer.close()
        started = time.monotonic()
        closed = await asyncio.gather(*(_closed_by_server(r, 5) for r, _ in crowd))
        assert all(closed) and time.monotonic() - started < 3
        assert guard.open == {} or all(c.busy for c in guard.open.values())
        assert guard.evicted + guard.timed_out >= 20
        for _, w in crowd:
            w.close()
    finally:
        await site.stop()
        await runner.cleanup()


def test_the_soft_open_files_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        lower = min(soft, 512)
        resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))
        assert raise_open_files_limit() == (lower, hard)
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
        assert raise_open_files_limit() is None  # already there
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_webhook_listens_on_the_loopback_unless_told() -> None:
    assert build_parser().parse_args(["run", "--webhook", "https://x.example/hook"]).listen == "127.0.0.1"


def _limit_open_files() -> None:  # in the bot's process, before it starts: soft and hard at 1,024
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.slow
async def test_1100_half_open_connections_at_1024_open_files(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard >= 2400, "this test opens 1,100 connections from the test process"
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2400), hard))
    port = _free_port()
    async with FakeBotServer() as fake:
        url = f"http://127.0.0.1:{port}/hook"
        proc = await start_process(
            fake, tmp_path, "--webhook", url, "--port", str(port), preexec_fn=_limit_open_files, webhook_idle_seconds=2
        )
        crowd: list[tuple[asyncio.StreamReader, asyncio.StreamWriter] | None] = []
        try:
            await wait_serving(
                fake,
                proc,
                lambda: fake.webhook is not None and len(fake.calls("setMyCommands")) == MENUS,
                "startup",
                timeout=30,
            )
            started = time.monotonic()
            crowd = list(await asyncio.gather(*(_half_open(port) for _ in range(1100))))
            most = _open_files(proc.pid)
            amy = fake.user(3201, "Amy", language_code="en")
            amy.command("/start")  # Telegram's connection gets through the crowd
            while time.monotonic() - started < 4:
                most = max(most, _open_files(proc.pid))
                await asyncio.sleep(0.05)
            assert (await fake.next_message(amy.id, timeout=15)).text.startswith("Hi Amy")
            opened = [c for c in crowd if c is not None]
            closed = await asyncio.gather(*(_closed_by_server(r, 10) for r, _ in opened))
            assert all(closed)  # none stays: at most the idle time, plus the sweep
            assert time.monotonic() - started < 20
            assert most < 1024 - 100  # room left for the database and the Bot API
            amy.command("/help")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
        finally:
            for c in crowd:
                if c is not None:
                    c[1].close()
            if proc.returncode is None:
                proc.send_signal(signal.SIGINT)
            _, err = await asyncio.wait_for(proc.communicate(), 30)
        log = err.decode()
        assert proc.returncode == 0, log[-3000:]
        assert "Traceback" not in log, log[-3000:]
        assert len(log) < 20_000 and len(log.splitlines()) < 60, log[-3000:]
        fake.assert_clean()


ACCEPTING = """
import asyncio, logging, resource, sys
from aiohttp import web
from bot.telegram.connections import ConnectionGuard, GuardedSite, quiet_accept_errors

logging.basicConfig(level=logging.INFO, stream=sys.stderr)
resource.setrlimit(resource.RLIMIT_NOFILE, (48, 48))

async def main():
    if sys.argv[2] == "quiet":
        quiet_accept_errors(asyncio.get_running_loop())
    runner = web.AppRunner(web.Application(), access_log=None)
    await runner.setup()
    await GuardedSite(runner, "127.0.0.1", int(sys.argv[1]), ConnectionGuard(10_000, 60)).start()
    print("ready", flush=True)
    await asyncio.sleep(3)

asyncio.run(main())
"""


@pytest.mark.parametrize("quiet", [True, False])
async def test_accept_failing_for_want_of_files_is_logged_once_a_minute(quiet: bool) -> None:
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        ACCEPTING,
        str(port),
        "quiet" if quiet else "loud",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert await asyncio.wait_for(proc.stdout.readline(), 30) == b"ready\n"
    crowd = [c for c in await asyncio.gather(*(_half_open(port, 1) for _ in range(120))) if c]
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    for _, writer in crowd:
        writer.close()
    failures = err.decode().count("Too many open files")
    if quiet:
        assert err.decode().count("cannot accept webhook connections") == 1 and failures == 1
        assert "Traceback" not in err.decode()
    else:  # what the event loop does by itself: a traceback per failed accept (hundreds a second on 3.11)
        assert failures > 2
