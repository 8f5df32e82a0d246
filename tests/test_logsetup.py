"""Operator logs: the bot token never reaches the output, httpx request lines are quiet."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from bot.logsetup import REDACTED, RedactFilter, configure_logging

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture
def output() -> Iterator[io.StringIO]:
    """Logging configured as `studybot run` does, into a buffer; the root logger restored afterwards."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), {n: logging.getLogger(n).level for n in ("httpx", "httpcore")})
    buffer = io.StringIO()
    configure_logging("INFO", secrets=[TOKEN, None], stream=buffer)
    yield buffer
    for handler in list(root.handlers):
        if handler not in saved[1]:
            root.removeHandler(handler)
    root.setLevel(saved[0])
    for name, level in saved[2].items():
        logging.getLogger(name).setLevel(level)


def test_a_record_carrying_the_token_comes_out_redacted(output: io.StringIO) -> None:
    log = logging.getLogger("telegram.ext.Updater")
    log.info("POST https://api.telegram.org/bot%s/getUpdates failed", TOKEN)
    log.warning("token in the message itself: bot" + TOKEN)
    text = output.getvalue()
    assert TOKEN not in text
    assert text.count(REDACTED) == 2
    assert "getUpdates failed" in text


def test_a_traceback_holding_the_token_is_redacted(output: io.StringIO) -> None:
    log = logging.getLogger("bot.telegram.app")
    try:
        raise ConnectionError(f"cannot reach https://api.telegram.org/bot{TOKEN}/sendMessage")
    except ConnectionError:
        log.exception("error while handling update")
    text = output.getvalue()
    assert "ConnectionError" in text and "Traceback" in text
    assert TOKEN not in text
    assert REDACTED in text


def test_the_url_encoded_token_is_redacted_too() -> None:
    redact = RedactFilter([TOKEN])
    encoded = TOKEN.replace(":", "%3A")
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "url bot%s", (encoded,), None)
    redact.filter(record)
    assert record.getMessage() == f"url bot{REDACTED}"


def test_httpx_request_lines_are_not_logged(output: io.StringIO) -> None:
    logging.getLogger("httpx").info('HTTP Request: POST https://api.telegram.org/bot%s/getMe "200 OK"', TOKEN)
    logging.getLogger("httpx").warning("httpx warning stays")
    logging.getLogger("bot.admin").info("admin 7 imported bank law")
    text = output.getvalue()
    assert "HTTP Request" not in text
    assert "httpx warning stays" in text
    assert "INFO bot.admin: admin 7 imported bank law" in text


def test_configuring_twice_keeps_one_handler(output: io.StringIO) -> None:
    configure_logging("INFO", secrets=[TOKEN], stream=output)
    logging.getLogger("bot").info("once %s", TOKEN)
    assert output.getvalue().count("once") == 1
    assert TOKEN not in output.getvalue()
