"""Lint's duplicate-option check: options that differ only in symbols are different answers."""

from __future__ import annotations

import pytest

from bot.banks.lint import lint_banks, option_form
from bot.banks.model import Bank, Kind, Question


def _bank(options: dict[str, str], answer: str = "A") -> Bank:
    q = Question(
        id="single-1",
        kind=Kind.single if len(answer) == 1 else Kind.multiple,
        number=1,
        prompt="选出正确的一项",
        options=options,
        answer=answer,
        explanation="因为。",
    )
    return Bank(id="b", title="b", source="b.txt", questions=[q])


@pytest.mark.parametrize(
    ("one", "other"),
    [("2^i", "2i"), ("O(n^2)", "O(n2)"), ("x_1", "x1"), ("C++", "C"), ("a+b", "ab"), ("n!", "n"), ("-1", "1")],
)
def test_options_that_differ_only_in_symbols_are_not_duplicates(one: str, other: str) -> None:
    assert option_form(one) != option_form(other)
    assert lint_banks([_bank({"A": one, "B": other, "C": "都不对"})]) == []


@pytest.mark.parametrize(
    ("one", "other"),
    [("北京。", "北京"), ("Data Parallel", "data  parallel"), ("數據並行", "数据并行"), ("ＡＢＣ", "abc")],
)
def test_options_that_differ_in_spacing_case_script_or_a_full_stop_are_duplicates(one: str, other: str) -> None:
    (finding,) = lint_banks([_bank({"A": one, "B": other, "C": "都不对"}, answer="C")])
    assert (finding.level, finding.question_id) == ("warning", "single-1")
    assert finding.message.startswith("duplicated option: A、B")


def test_a_duplicate_keyed_in_part_is_an_error() -> None:
    (finding,) = lint_banks([_bank({"A": "O(n)", "B": "O（n）", "C": "O(n^2)"})])
    assert finding.level == "error" and "A、B" in finding.message


def test_questions_whose_keys_differ_only_in_symbols_have_different_keys() -> None:
    a = _bank({"A": "2^i", "B": "2i"}, answer="A")
    b = Bank(id="c", title="c", source="c.txt", questions=[a.questions[0].model_copy(update={"answer": "B"})])
    (finding,) = lint_banks([a, b])
    assert finding.level == "error" and "different keys" in finding.message
