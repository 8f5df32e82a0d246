"""The package's entry points and the bank model's own rules."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pydantic import ValidationError

from bot.banks.model import Bank, Kind, Question
from bot.cli import COMMANDS, build_parser


def test_every_subcommand_resolves_to_a_function() -> None:
    import importlib

    parser_commands = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert parser_commands == set(COMMANDS)
    for target in COMMANDS.values():
        module, func = target.split(":")
        assert callable(getattr(importlib.import_module(module), func))


def test_python_dash_m_bot_prints_help() -> None:
    out = subprocess.run([sys.executable, "-m", "bot", "--help"], capture_output=True, text=True, check=True)
    assert "practice" in out.stdout and "import" in out.stdout


def _q(**kw: object) -> Question:
    base: dict[str, object] = {
        "id": "q1",
        "kind": "single",
        "number": 1,
        "prompt": "?",
        "options": {"A": "a", "B": "b"},
        "answer": "A",
    }
    base.update(kw)
    return Question.model_validate(base)


def test_fill_blanks_single_and_several() -> None:
    one = _q(kind="fill", options={}, answer=["水平划分", "横向划分"], alternates=["水平切分"])
    assert one.blanks() == [["水平划分", "横向划分", "水平切分"]]
    two = _q(kind="fill", options={}, answer=[["A"], ["B", "b"]])
    assert two.blanks() == [["A"], ["B", "b"]]


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "true_false", "options": {}, "answer": "A"},
        {"kind": "single", "options": {}, "answer": "A"},
        {"kind": "fill", "options": {}, "answer": []},
        {"kind": "case", "options": {}, "answer": True},
        {"kind": "essay"},
    ],
)
def test_answer_must_fit_kind(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _q(**bad)


def test_bank_rejects_duplicate_ids() -> None:
    with pytest.raises(ValidationError, match="used twice"):
        Bank(id="b", title="t", source="s", questions=[_q(), _q()])
    bank = Bank(
        id="b", title="t", source="s", questions=[_q(), _q(id="q2", kind=Kind.true_false, options={}, answer=False)]
    )
    assert bank.counts()[Kind.true_false] == 1
