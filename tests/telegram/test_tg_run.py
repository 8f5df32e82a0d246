"""`studybot run` itself: without a token, and as a real process by long polling and by webhook."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp
import pytest
from fakebot import FakeBotServer
from telegram import Update
from telegram.ext import CommandHandler, ContextTypes
from tg_harness import BotEnv, running, start_process, wait_serving

from bot.cli import build_parser
from bot.cli.run import cmd_run, webhook_secret
from bot.locale import LANGUAGES

# The command menus set at start: private chats and groups, each in every language and once without one.
MENUS = 2 * (len(LANGUAGES) + 1)

ROOT = Path(__file__).resolve().parents[2]


def test_run_without_token_explains_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("STUDYBOT_TOKEN", raising=False)
    assert cmd_run(build_parser().parse_args(["run"])) == 2
    err = capsys.readouterr().err
    assert "@BotFather" in err and "STUDYBOT_TOKEN" in err and "studybot practice" in err


async def test_errors_are_logged_and_the_bot_keeps_serving(
    bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    async def boom(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        raise RuntimeError("a bug of ours")

    app = bot_settings_env.build()
    app.add_handler(CommandHandler("boom", boom))
    fake = bot_settings_env.fake
    amy = fake.user(3001, "Amy", language_code="en")
    async with running(app):
        amy.command("/boom")
        apology = await fake.next_message(amy.id)
        assert apology.text.startswith("Sorry, something went wrong on our side")
        amy.command("/start")
        assert (await fake.next_message(amy.id)).text.startswith("Hi Amy")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "/boom" in errors[0].getMessage()
    assert errors[0].exc_info is not None and "a bug of ours" in str(errors[0].exc_info[1])
    fake.assert_clean()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _run_process(fake: FakeBotServer, tmp_path: Path, *args: str) -> asyncio.subprocess.Process:
    return await start_process(fake, tmp_path, *args, stdout=asyncio.subprocess.PIPE)


async def _stop(proc: asyncio.subprocess.Process) -> tuple[int, str]:
    """SIGINT (what Ctrl-C sends), then the exit code and everything the process logged."""
    if proc.returncode is None:
        proc.send_signal(signal.SIGINT)
    _, err = await asyncio.wait_for(proc.communicate(), 20)
    return proc.returncode or 0, err.decode()


@pytest.mark.slow
async def test_studybot_run_polls_and_answers(tmp_path: Path) -> None:
    async with FakeBotServer() as fake:
        proc = await _run_process(fake, tmp_path)
        try:
            await wait_serving(fake, proc, lambda: len(fake.calls("setMyCommands")) == MENUS, "startup", timeout=30)
            li = fake.user(3002, "李雷")
            li.command("/start")
            assert "李雷" in (await fake.next_message(li.id, timeout=10)).text
        finally:
            code, err = await _stop(proc)
        assert code == 0, err
        assert fake.token not in err  # the token never reaches the log
        fake.assert_clean()


def _peak_rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))) / 1024


async def _post_raw(port: int, path: str, length: int, headers: dict[str, str], send: int) -> int:
    """POST announcing `length` bytes, sending up to `send` of them (1 MB at a time) while the server lets us;
    the answer's status."""
    for _ in range(50):  # the server may be a moment behind setWebhook
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            break
        except ConnectionRefusedError:
            await asyncio.sleep(0.1)
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n{head}\r\n".encode()
    )
    chunk = b" " * (1024 * 1024)
    try:
        for _ in range(send // len(chunk)):
            writer.write(chunk)
            await writer.drain()
            if reader.at_eof() or reader._buffer:  # type: ignore[attr-defined]  # answered already
                break
    except (ConnectionError, OSError):
        pass  # refused and closed: what we want
    line = await asyncio.wait_for(reader.readline(), 10)
    writer.close()
    return int(line.split()[1])


@pytest.mark.slow
async def test_studybot_run_webhook_checks_the_secret_first_and_caps_bodies(tmp_path: Path) -> None:
    port = _free_port()
    async with FakeBotServer() as fake:
        url = f"http://127.0.0.1:{port}/hook"
        proc = await _run_process(fake, tmp_path, "--webhook", url, "--port", str(port), "--listen", "127.0.0.1")
        try:
            await wait_serving(
                fake,
                proc,
                lambda: fake.webhook is not None and len(fake.calls("setMyCommands")) == MENUS,
                "startup",
                timeout=30,
            )
            assert fake.webhook == {"url": url, "secret_token": webhook_secret(fake.token)}
            amy = fake.user(3003, "Amy", language_code="en")
            amy.command("/help")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
            forged = {
                "update_id": 999,
                "message": {"message_id": 1, "date": 0, "text": "/start", "chat": {"id": 3003, "type": "private"}},
            }
            async with aiohttp.ClientSession() as session:
                async with session.post(url, json=forged) as resp:
                    assert resp.status == 403  # no secret token header
                async with session.post(url, json=forged, headers={"X-Telegram-Bot-Api-Secret-Token": "guess"}) as resp:
                    assert resp.status == 403
            # Without the secret, refused before the body is read: four 30 MB bodies are never held.
            before = _peak_rss_mb(proc.pid)
            big = 30 * 1024 * 1024
            statuses = await asyncio.gather(*(_post_raw(port, "/hook", big, {}, big) for _ in range(4)))
            assert statuses == [403] * 4
            assert _peak_rss_mb(proc.pid) - before < 40  # python-telegram-bot's server held all of it
            secret = {"X-Telegram-Bot-Api-Secret-Token": webhook_secret(fake.token)}
            assert await _post_raw(port, "/hook", 2 * 1024 * 1024, secret, 2 * 1024 * 1024) == 413  # over 1 MB
            amy.command("/start")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Hi Amy")
            assert len(fake.sent_to(amy.id)) == 2  # /help and /start: the forged /start was never served
        finally:
            code, err = await _stop(proc)
        assert code == 0, err
        fake.assert_clean()


def test_cli_run_flags_reach_cmd_run() -> None:
    args = build_parser().parse_args(["run", "--webhook", "https://x.example/hook", "--port", "8443"])
    assert isinstance(args, argparse.Namespace) and args.webhook.endswith("/hook") and args.port == 8443


async def _finished(proc: asyncio.subprocess.Process, timeout: float = 30) -> tuple[int, str, str]:
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode(), err.decode()


@pytest.mark.slow
async def test_a_rejected_token_ends_with_a_sentence_and_never_shows_the_token(tmp_path: Path) -> None:
    async with FakeBotServer() as fake:
        revoked = "987654321:AAHrevokedSECRETtokenVALUE0123456789"  # 401: not the fake's token
        wrong_url = fake.api_url.replace("/bot", "/wrong/bot")  # 404
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        procs = [
            await start_process(fake, tmp_path / "a", stdout=asyncio.subprocess.PIPE, token=revoked),
            await start_process(fake, tmp_path / "b", stdout=asyncio.subprocess.PIPE, api_url=wrong_url),
        ]
        ended = await asyncio.gather(*(_finished(p) for p in procs))
    for (code, out, err), secret in zip(ended, (revoked, fake.token), strict=True):
        assert code == 2
        assert "Telegram rejected the bot token" in err and "Traceback" not in err
        assert secret not in out + err and secret.split(":")[1] not in out + err


# Loaded by `python -m bot run` at start-up (sitecustomize): one more command, whose handler blocks the loop,
# and a heartbeat every 0.1 s instead of 10 s, so that a healthy loop is never near the `--stale` used here
# however slowly the health check itself starts, and a stuck one is seen within seconds.
STALE = 2.0
BLOCKING = """
import time
from telegram.ext import CommandHandler
import bot.telegram.app as app_module
import bot.telegram.serving as serving

serving.HEARTBEAT_SECONDS = 0.1

async def block(update, context):
    time.sleep(60)  # a call that never comes back, on the event loop: the bot is stuck

app_module.FEATURES.append(lambda app: app.add_handler(CommandHandler("block", block), group=-5))
"""


async def _health(db: Path, stale: float) -> tuple[int, str]:
    env = {**os.environ, "STUDYBOT_DB": str(db), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.health",
        "--stale",
        str(stale),
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    return proc.returncode or 0, out.decode()


@pytest.mark.slow
async def test_a_stuck_event_loop_is_unhealthy_and_sigterm_still_ends_the_process(tmp_path: Path) -> None:
    async with FakeBotServer() as fake:
        inject = tmp_path / "inject"
        inject.mkdir()
        (inject / "sitecustomize.py").write_text(BLOCKING, encoding="utf-8")
        env = {
            **os.environ,
            "STUDYBOT_TOKEN": fake.token,
            "STUDYBOT_API_URL": fake.api_url,
            "STUDYBOT_DB": str(tmp_path / "db.sqlite3"),
            "STUDYBOT_BANKS": str(ROOT / "data" / "banks"),
            "STUDYBOT_STOP_SECONDS": "1",
            "PYTHONPATH": f"{inject}{os.pathsep}{ROOT}",
        }
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "run",
            cwd=tmp_path,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await wait_serving(fake, proc, lambda: len(fake.calls("setMyCommands")) == MENUS, "startup")
            assert (await _health(tmp_path / "db.sqlite3", stale=STALE))[0] == 0
            fake.user(3101, "Amy").command("/block")
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 20
            while (health := await _health(tmp_path / "db.sqlite3", stale=STALE))[0] == 0 and loop.time() < deadline:
                await asyncio.sleep(0.5)
            assert health[0] == 1 and "stuck" in health[1]
            stopped_at = loop.time()
            proc.send_signal(signal.SIGTERM)
            code, _, err = await _finished(proc, timeout=20)
            assert loop.time() - stopped_at < 10  # the grace (1 s) and a little, not the 60 s the loop is stuck
            assert code != 0 and "did not stop within 1 s" in err
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
