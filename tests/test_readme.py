"""The README stays true to the code: every variable, subcommand and Telegram command it names exists,
every setting is in its table, and its sample bank imports."""

from __future__ import annotations

import re
from pathlib import Path

from bot.banks.importer import import_text
from bot.cli import COMMANDS
from bot.config import Settings
from bot.telegram.commands import REGISTRY

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_configuration_table_is_every_setting() -> None:
    table = _section("Configuration")
    listed = re.findall(r"^\| `STUDYBOT_([A-Z_]+)` \|", table, flags=re.M)
    assert sorted(listed) == sorted(name.upper() for name in Settings.model_fields)
    mentioned = set(re.findall(r"STUDYBOT_([A-Z_]+)", README))
    assert mentioned <= {name.upper() for name in Settings.model_fields}


def test_the_table_gives_the_real_defaults() -> None:
    rows = dict(re.findall(r"^\| `STUDYBOT_([A-Z_]+)` \| ([^|]+) \|", _section("Configuration"), flags=re.M))
    for name, field in Settings.model_fields.items():
        shown = rows[name.upper()].strip().strip("`")
        default = field.default
        if isinstance(default, (str, Path)) and str(default):
            assert shown == str(default), name
        elif isinstance(default, bool):
            assert shown == str(default).lower(), name
        elif isinstance(default, (int, float)):
            assert float(shown) == float(default), name


def test_every_studybot_subcommand_named_exists_and_each_is_documented() -> None:
    named = set(re.findall(r"`studybot ([a-z]+)", README))
    assert named - {"command"} <= set(COMMANDS)
    table = _section("The `studybot` command")
    assert set(re.findall(r"^\| `studybot ([a-z]+)", table, flags=re.M)) == set(COMMANDS)


def test_every_telegram_command_named_exists_and_each_is_documented() -> None:
    known = {c.name for c in REGISTRY}
    text = _section("Commands in Telegram")
    named = set(re.findall(r"`/([a-z_]+)", text))
    assert named <= known, f"the README names commands the bot lacks: {sorted(named - known)}"
    assert known <= named, f"add these commands to the README's 'Commands in Telegram': {sorted(known - named)}"


def test_the_sample_bank_imports() -> None:
    sample = _section("Writing a bank").split("```text\n", 1)[1].split("```", 1)[0]
    result = import_text(sample, source="law.txt", bank_id="law")
    assert [q.id for q in result.bank.questions] == ["single-1", "tf-2"]
    assert result.bank.questions[0].answer == "A" and result.bank.questions[1].answer is True
