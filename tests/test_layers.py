"""The import rules of the layers (the import-linter contracts in pyproject.toml, docs/architecture.md).

The contracts must hold for the code as it is, and each must catch the leaks it is there for: every leak
below was in the code once, and is added back here to the import graph to see the contracts break.
Besides imports, SQL lives in the store: no other package writes a statement of its own; and the
application's data is read by attribute, never by a string key.
"""

from __future__ import annotations

import ast
import copy
import os
import re
from pathlib import Path
from typing import Any

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.application.use_cases import lint_imports
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract

ROOT = Path(__file__).resolve().parents[1]
CONTRACT_TYPES: dict[str, Any] = {
    "layers": LayersContract,
    "forbidden": ForbiddenContract,
    "acyclic_siblings": AcyclicSiblingsContract,
}

# (importer, imported, the contract that must catch it): the leaks issue 15 found, each once real.
LEAKS = [
    ("bot.delivery.service", "telegram", "only-front-ends-speak-telegram"),  # classifying send failures
    ("bot.delivery.service", "httpx", "only-front-ends-speak-telegram"),
    ("bot.delivery.service", "aiohttp", "only-front-ends-speak-telegram"),
    ("bot.telegram.groups", "bot.store.chats", "telegram-through-the-engine"),  # a handler's own transaction
    ("bot.telegram.learner", "bot.store.subscriptions", "telegram-through-the-engine"),
    ("bot.telegram.admin", "bot.store.report_admin", "telegram-through-the-engine"),
    ("bot.telegram.subscriptions", "bot.store.subscriptions", "telegram-through-the-engine"),
    ("bot.telegram.group_quiz", "bot.store.group_answers", "telegram-through-the-engine"),
    ("bot.telegram.courier", "bot.store.outbox", "telegram-through-the-engine"),
    # The teacher's desk (issue 26): the leaks it must never have.
    ("bot.web.imports", "bot.store.pending_uploads", "web-through-the-engine"),  # a draft saved by the page
    ("bot.web.pages", "bot.telegram.texts", "web-through-the-engine"),  # the chat's words on a page
    ("bot.web.guard", "telegram", "web-through-the-engine"),
    ("bot.web.server", "bot.terminal", "layers"),  # one front end importing another
    ("bot.store.cards", "bot.study.streaks", "layers"),  # store and study importing each other (Streak)
    ("bot.study.days", "bot.delivery.schedule", "layers"),  # the engine importing the scheduler (zones)
    ("bot.banks.importer", "bot.ai.reading", "layers"),  # the importer calling model help
    ("bot.banks.model", "bot.config", "inner-layers-read-no-settings"),  # the banks folder from the settings
    ("bot.grading.grader", "bot.config", "inner-layers-read-no-settings"),
    ("bot.ai.service", "bot.config", "inner-layers-read-no-settings"),
    ("bot.ai.service", "telegram", "model-help-without-telegram"),
    # the importer's passes (issue 21): the line classifier once used an answer-part helper of the text reader
    ("bot.banks.conventions.headings", "bot.banks.layouts.answer_part", "importer-passes"),
    ("bot.banks.sheets.table", "bot.banks.formats.extracted", "importer-passes"),  # a layout reaching a file
    ("bot.banks.questions.build", "bot.banks.layouts.reader", "importer-passes"),
    # circles: the formats' text decoding once lived above them and imported them back
    ("bot.banks.limits", "bot.banks.formats", "banks-acyclic"),
    ("bot.banks.formats.extracted", "bot.banks.formats.sheet", "banks-acyclic"),
]


@pytest.fixture(scope="module")
def options() -> dict[str, Any]:
    here = os.getcwd()
    os.chdir(ROOT)  # the configuration is read from the project's pyproject.toml
    try:
        return read_configuration("pyproject.toml")
    finally:
        os.chdir(here)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("bot", include_external_packages=True)


def _kept(options: dict[str, Any], graph: grimp.ImportGraph, contract_id: str) -> bool:
    [found] = [c for c in options["contracts_options"] if c["id"] == contract_id]
    contract = CONTRACT_TYPES[found["type"]](found["name"], options["session_options"], found)
    return bool(contract.check(copy.deepcopy(graph), verbose=False).kept)


def test_the_contracts_hold(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    kept = lint_imports(config_filename="pyproject.toml", cache_dir=None, no_logo=True)
    assert kept, capsys.readouterr().out  # the broken contracts and the import chains that break them


def test_every_contract_is_checked_here(options: dict[str, Any]) -> None:
    ids = {c["id"] for c in options["contracts_options"]}
    assert ids == {contract for _, _, contract in LEAKS}


@pytest.mark.parametrize(("importer", "imported", "contract"), LEAKS)
def test_each_leak_breaks_its_contract(
    options: dict[str, Any], graph: grimp.ImportGraph, importer: str, imported: str, contract: str
) -> None:
    assert _kept(options, graph, contract)  # holds as the code is
    leaky = copy.deepcopy(graph)
    leaky.add_import(importer=importer, imported=imported, line_number=1, line_contents=f"import {imported}")
    assert not _kept(options, leaky, contract)


# ----- SQL stays in the store ---------------------------------------------------------------------------

_SQL = re.compile(
    r"^\s*(SELECT\b.*\bFROM\b|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b"
    r"|(CREATE|ALTER|DROP)\s+(TABLE|INDEX|UNIQUE)\b|BEGIN\s+IMMEDIATE\b|PRAGMA\s)",
    re.DOTALL,
)


def sql_outside_the_store(source: str) -> list[str]:
    """The string constants in `source` that read as SQL statements."""
    return [
        node.value.strip()[:60]
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _SQL.match(node.value)
    ]


def test_sql_is_written_in_the_store_only() -> None:
    found = {
        str(path.relative_to(ROOT)): statements
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if "store" not in path.relative_to(ROOT).parts
        for statements in [sql_outside_the_store(path.read_text(encoding="utf-8"))]
        if statements
    }
    assert found == {}


def test_the_sql_check_catches_a_statement_of_the_engine() -> None:
    leak = 'await db.execute("INSERT INTO chats (id, kind, created_at) VALUES (?, ?, ?)", row)'
    assert sql_outside_the_store(leak) == ["INSERT INTO chats (id, kind, created_at) VALUES (?, ?, ?)"]
    assert sql_outside_the_store('text = "select an option first"') == []  # words, not statements


# ----- the application's data is typed -------------------------------------------------------------------


def untyped_bot_data(source: str) -> list[str]:
    """Reads and writes of `bot_data` by key (`bot_data["clock"]`, `bot_data.get("engine")`): the typed
    `BotData` (bot/telegram/context.py) has attributes, never None inside a handler."""
    found = []
    for node in ast.walk(ast.parse(source)):
        target = None
        if isinstance(node, ast.Subscript):
            target = node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"get", "setdefault", "pop", "__getitem__"}
        ):
            target = node.func.value
        if isinstance(target, ast.Attribute) and target.attr == "bot_data":
            found.append(ast.unparse(node)[:60])
    return found


def test_bot_data_is_read_by_attribute_only() -> None:
    found = {
        str(path.relative_to(ROOT)): reads
        for path in sorted((ROOT / "bot").rglob("*.py"))
        for reads in [untyped_bot_data(path.read_text(encoding="utf-8"))]
        if reads
    }
    assert found == {}


def test_the_bot_data_check_catches_a_string_key() -> None:
    assert untyped_bot_data('clock = context.bot_data["clock"]') == ["context.bot_data['clock']"]
    assert untyped_bot_data('engine = app.bot_data.get("engine")') == ["app.bot_data.get('engine')"]
    assert untyped_bot_data("engine = context.bot_data.engine") == []
