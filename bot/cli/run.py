"""`studybot run`: the bot with long polling, or behind a webhook."""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

from bot.config import Settings, load_settings
from bot.logsetup import configure_logging

__all__ = ["cmd_run", "log_secrets", "webhook_secret"]

log = logging.getLogger(__name__)

NO_TOKEN = """\
STUDYBOT_TOKEN is not set, so the bot cannot connect to Telegram.
  1. In Telegram, open a chat with @BotFather, send /newbot and follow its questions.
  2. Copy the token it gives you (it looks like 123456789:AA...) and set it:
       export STUDYBOT_TOKEN=123456789:AA...      (or put STUDYBOT_TOKEN=... in a .env file)
  3. Run `studybot run` again.
To practise without Telegram, `studybot practice` works in the terminal with no token.
未设置 STUDYBOT_TOKEN：请在 Telegram 中向 @BotFather 发送 /newbot 获取令牌后设置该环境变量；
不用 Telegram 也可以运行 `studybot practice` 在终端里练习。"""


def webhook_secret(token: str) -> str:
    """The secret Telegram sends with every webhook request (derived from the token: stable, private)."""
    return hashlib.sha256(b"studybot webhook\0" + token.encode()).hexdigest()[:48]


def log_secrets(settings: Settings) -> list[str]:
    """What no log line may show: the bot token, the webhook secret made from it, the model's API key."""
    secrets = [settings.token, webhook_secret(settings.token)] if settings.token else []
    if settings.ai_key is not None and settings.ai_key.get_secret_value():
        secrets.append(settings.ai_key.get_secret_value())
    return secrets


def database_problem(db: Path) -> str | None:
    """None when the database can be brought up to date and written; else the one sentence to say."""
    import sqlite3

    from bot.store.db import check_writable

    try:
        check_writable(db)
    except (sqlite3.Error, OSError) as exc:
        return (
            f"studybot: the database {db} cannot be written ({exc}): check that its folder is mounted writable "
            "and belongs to the user the bot runs as, and that the disk has room "
            "（数据库无法写入：请检查其目录可写、属于运行机器人的用户、磁盘未满）"
        )
    return None


def cmd_run(args: argparse.Namespace) -> int:
    settings = load_settings()  # a ConfigError is said by bot.cli.main, without the values
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    # URLs hold the token: configure_logging quiets request logging and redacts the secrets everywhere,
    # uncaught tracebacks included.
    redact = configure_logging(settings.log_level, secrets=log_secrets(settings))
    unwritable = database_problem(settings.db)
    if unwritable is not None:
        print(unwritable, file=sys.stderr)
        return 2

    from bot.app import build_application
    from bot.telegram.connections import FD_RESERVE, open_files_limit, raise_open_files_limit
    from bot.telegram.serving import Serving, Webhook

    raised = raise_open_files_limit()  # the common soft limit, 1,024, is small for a webhook server
    if raised is not None:
        log.info("open files limit raised from %d to %d", *raised)
    app = build_application(settings)
    webhook = None
    if getattr(args, "webhook", None):
        limit = open_files_limit()
        most = (
            settings.webhook_connections
            if limit is None
            else max(8, min(settings.webhook_connections, limit - FD_RESERVE))
        )
        webhook = Webhook(
            args.webhook,
            args.listen,
            args.port,
            webhook_secret(settings.token),
            max_connections=most,
            idle_seconds=settings.webhook_idle_seconds,
        )
    code = Serving(app, settings.db, webhook=webhook, grace=settings.stop_seconds, redact=redact).run()
    # A thread still busy (a worker stuck in a library call) must not keep a stopped bot's process alive.
    _exit(code)
    return code  # not reached


def _exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    logging.shutdown()
    os._exit(code)
