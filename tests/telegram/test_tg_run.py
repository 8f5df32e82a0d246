"""`studybot run` itself: without a token, and as a real process by long polling and by webhook."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
from pathlib import Path

import aiohttp
import pytest
from fakebot import FakeBotServer
from telegram import Update
from telegram.ext import CommandHandler, ContextTypes
from tg_harness import BotEnv, running, start_process, wait_serving

from bot.cli import build_parser
from bot.telegram.runner import cmd_run, webhook_secret


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
            await wait_serving(fake, proc, lambda: len(fake.calls("setMyCommands")) == 6, "startup", timeout=30)
            li = fake.user(3002, "李雷")
            li.command("/start")
            assert "李雷" in (await fake.next_message(li.id, timeout=10)).text
        finally:
            code, err = await _stop(proc)
        assert code == 0, err
        assert fake.token not in err  # the token never reaches the log
        fake.assert_clean()


@pytest.mark.slow
async def test_studybot_run_webhook_with_secret_token(tmp_path: Path) -> None:
    port = _free_port()
    async with FakeBotServer() as fake:
        url = f"http://127.0.0.1:{port}/hook"
        proc = await _run_process(fake, tmp_path, "--webhook", url, "--port", str(port), "--listen", "127.0.0.1")
        try:
            await wait_serving(fake, proc, lambda: fake.webhook is not None and len(fake.calls("setMyCommands")) == 6,
                               "startup", timeout=30)
            assert fake.webhook == {"url": url, "secret_token": webhook_secret(fake.token)}
            amy = fake.user(3003, "Amy", language_code="en")
            amy.command("/help")
            assert (await fake.next_message(amy.id, timeout=10)).text.startswith("Commands")
            forged = {"update_id": 999, "message": {"message_id": 1, "date": 0, "text": "/start",
                                                    "chat": {"id": 3003, "type": "private"}}}
            async with aiohttp.ClientSession() as session:
                async with session.post(url, json=forged) as resp:
                    assert resp.status == 403  # no secret token header
                async with session.post(url, json=forged,
                                        headers={"X-Telegram-Bot-Api-Secret-Token": "guess"}) as resp:
                    assert resp.status == 403
            await asyncio.sleep(0.2)
            assert len(fake.sent_to(amy.id)) == 1  # the forged update was not served
        finally:
            code, err = await _stop(proc)
        assert code == 0, err
        fake.assert_clean()


def test_cli_run_flags_reach_cmd_run() -> None:
    args = build_parser().parse_args(["run", "--webhook", "https://x.example/hook", "--port", "8443"])
    assert isinstance(args, argparse.Namespace) and args.webhook.endswith("/hook") and args.port == 8443
