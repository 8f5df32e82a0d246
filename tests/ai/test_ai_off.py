"""Model help is off unless configured: nothing of it is imported, and the settings say what is missing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import bot.cli, bot.cli.run, bot.cli.practice, bot.telegram.app, bot.terminal
import bot.cli.banks, bot.cli.grade, bot.cli.backup, bot.store
from bot.cli import main
codes = [main(["lint", sys.argv[1]]), main(["grade", sys.argv[1], "single-1", "B"])]
loaded = sorted(m for m in sys.modules if m == "bot.ai" or m.startswith(("bot.ai.", "bot.store.ai_")) or m == "openai")
print(json.dumps({"codes": codes, "loaded": loaded}))
"""


def test_with_no_model_url_nothing_of_model_help_is_imported(tmp_path: Path) -> None:
    bank = ROOT / "data" / "banks" / "finetuning-2025.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith("STUDYBOT_AI")}
    env["STUDYBOT_BANKS"] = str(ROOT / "data" / "banks")
    # The code beside this test, whatever else an installed copy of the package points to.
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(bank)], capture_output=True, text=True, env=env, cwd=tmp_path, check=True
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["codes"][1] == 0  # the commands ran
    assert result["loaded"] == []


def test_off_by_default_and_an_empty_url_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [k for k in os.environ if k.startswith("STUDYBOT_AI")]:
        monkeypatch.delenv(name)
    assert Settings().ai_enabled is False
    monkeypatch.setenv("STUDYBOT_AI_URL", " ")
    assert Settings().ai_enabled is False


def test_a_url_needs_a_model_and_the_key_stays_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUDYBOT_AI_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("STUDYBOT_AI_KEY", "sk-very-secret")
    with pytest.raises(ValidationError, match="STUDYBOT_AI_MODEL"):
        Settings()
    monkeypatch.setenv("STUDYBOT_AI_MODEL", "qwen2.5:7b")
    settings = Settings()
    assert settings.ai_enabled and settings.ai_model == "qwen2.5:7b"
    assert settings.ai_key is not None and settings.ai_key.get_secret_value() == "sk-very-secret"
    assert "sk-very-secret" not in repr(settings) and "sk-very-secret" not in str(settings.model_dump())
    assert (settings.ai_timeout, settings.ai_concurrency, settings.ai_daily_cap) == (20.0, 4, 30)
