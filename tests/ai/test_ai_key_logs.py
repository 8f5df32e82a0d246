"""The model's API key never reaches the bot's log output: `studybot run` redacts it like the bot token,
in every logger (aiohttp's, httpx's, openai's at DEBUG), in messages, arguments and tracebacks."""

from __future__ import annotations

import io
import logging

import pytest
from fakemodel import FakeModel, Reply

from bot.ai.client import ModelClient, ModelError
from bot.ai.schemas import Explanation
from bot.cli.run import log_secrets
from bot.config import Settings
from bot.logsetup import REDACTED, configure_logging

KEY = "sk-run-9Zq8Yp7Xo6Wn5Vm4"
TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture
def output(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """Logging as `studybot run` sets it up from its settings, at DEBUG, into a buffer."""
    monkeypatch.setenv("STUDYBOT_TOKEN", TOKEN)
    monkeypatch.setenv("STUDYBOT_AI_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("STUDYBOT_AI_MODEL", "fake-model")
    monkeypatch.setenv("STUDYBOT_AI_KEY", KEY)
    names = ("", "httpx", "httpcore", "aiohttp.client", "openai", "telegram.request")
    for name in names:  # put back as they were when the test ends
        logger = logging.getLogger(name)
        monkeypatch.setattr(logger, "level", logger.level)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    buffer = io.StringIO()
    secrets = log_secrets(Settings())
    assert KEY in secrets and TOKEN in secrets
    configure_logging("DEBUG", secrets=secrets, stream=buffer)
    for name in names[1:]:  # the chattiest they can be
        logging.getLogger(name).setLevel(logging.DEBUG)
    return buffer


def test_the_key_is_redacted_from_every_logger_message_argument_and_traceback(output: io.StringIO) -> None:
    logging.getLogger("httpx").debug("HTTP Request: POST headers={'authorization': 'Bearer %s'}", KEY)
    logging.getLogger("openai").debug("Request options: {'headers': {'Authorization': 'Bearer " + KEY + "'}}")
    logging.getLogger("aiohttp.client").debug("sending %r", {"Authorization": f"Bearer {KEY}"})
    try:
        raise RuntimeError(f"the server refused key {KEY}")
    except RuntimeError:
        logging.getLogger("bot.ai.client").exception("model request failed")
    text = output.getvalue()
    assert KEY not in text
    assert text.count(REDACTED) == 4  # three messages and the traceback
    assert "the server refused key" in text


async def test_a_real_request_that_fails_logs_no_key(output: io.StringIO) -> None:
    async with FakeModel(lambda body: Reply(status=401)) as fake:
        client = ModelClient(fake.url, "fake-model", key=KEY, timeout=2.0)
        try:
            with pytest.raises(ModelError) as raised:
                await client.ask("system", "{}", Explanation, purpose="explain")
        finally:
            await client.close()
    assert fake.headers[0]["Authorization"] == f"Bearer {KEY}"  # it was sent, only in the header
    assert KEY not in str(raised.value) and KEY not in repr(raised.value)
    text = output.getvalue()
    assert "explain" in text and "401" in text
    assert KEY not in text
