"""A configuration error names the variable at fault and never prints a value (the token, the model's key)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

TOKEN = "123456789:AAQxwertzuiopLKJHGFDSAyxcvbnm0987654"
KEY = "sk-live-9f8e7d6c5b4a39281706"


def _pieces(secret: str, width: int = 6) -> list[str]:
    """Every run of `width` characters of a secret: none of them may show."""
    return [secret[i : i + width] for i in range(len(secret) - width + 1)]


def _run(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("STUDYBOT_")}
    clean.update(env, STUDYBOT_DB=str(tmp_path / "db.sqlite3"), STUDYBOT_BANKS=str(tmp_path / "banks"))
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, env=clean, cwd=tmp_path, timeout=60
    )


@pytest.mark.parametrize("command", [("bot", "run"), ("bot", "explain", "x"), ("bot.health", "--no-process")])
def test_a_url_without_a_model_names_the_variables_and_shows_no_secret(tmp_path: Path, command: tuple) -> None:
    out = _run(tmp_path, *command, STUDYBOT_TOKEN=TOKEN, STUDYBOT_AI_URL="http://127.0.0.1:9/v1", STUDYBOT_AI_KEY=KEY)
    said = out.stdout + out.stderr
    assert out.returncode in (1, 2), said
    assert "STUDYBOT_AI_MODEL" in said and "STUDYBOT_AI_URL" in said
    leaked = [p for p in _pieces(TOKEN) + _pieces(KEY) if p in said]
    assert not leaked, said
    assert "Traceback" not in said and "input_value" not in said
    assert len(said.strip().splitlines()) == 1


def test_each_bad_variable_is_named_without_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUDYBOT_TOKEN", TOKEN)
    monkeypatch.setenv("STUDYBOT_SEND_RATE", "fast-" + KEY)
    monkeypatch.setenv("STUDYBOT_ADMINS", "1," + KEY)
    with pytest.raises(ConfigError) as raised:
        load_settings()
    said = str(raised.value)
    assert "STUDYBOT_SEND_RATE" in said and "STUDYBOT_ADMINS" in said
    assert not [p for p in _pieces(TOKEN) + _pieces(KEY) if p in said], said
