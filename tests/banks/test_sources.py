"""The sources manifest: per-document options and a teacher's corrections of damaged text."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.banks.issues import DocumentError
from bot.banks.model import load_bank
from bot.banks.sources import Fix, apply_fixes, options_for, read_source

ROOT = Path(__file__).resolve().parents[2]


def test_fix_applies_on_its_line_only() -> None:
    text = "1.甲?乙\r\n2.甲?乙\r\n"
    assert apply_fixes(text, (Fix(2, "甲?乙", "甲乙"),), "t.txt") == "1.甲?乙\r\n2.甲乙\r\n"


@pytest.mark.parametrize("fix", [Fix(1, "不在此行", "x"), Fix(9, "甲", "乙"), Fix(0, "甲", "乙")])
def test_a_fix_that_does_not_match_stops_the_import(fix: Fix) -> None:
    with pytest.raises(DocumentError) as info:
        apply_fixes("1.甲?乙\n", (fix,), "t.txt")
    assert info.value.line == fix.line and "banks.toml" in info.value.en and info.value.source == "t.txt"


def test_manifest_fixes_of_the_first_seed_still_match_and_repair_its_damage() -> None:
    path = ROOT / "data" / "sources" / "000_d1365f055250608f.txt"
    options = options_for(path)
    assert len(options.fixes) == 6
    assert "?jǐn)" not in read_source(path, options)  # every damaged place was corrected
    bank = load_bank(ROOT / "data" / "banks" / f"{options.bank_id}.json")
    multiple7 = bank.question("multiple-7")
    assert multiple7 is not None and multiple7.options["C"] == "F1分数"
    assert not any("?" in (q.explanation or "") + q.prompt + "".join(q.options.values()) for q in bank.questions)
