"""bench/importer_corpus.py judges an outside folder (`--folder`) as the corpora's test does: the kind and key
shares, the documents refused by name, and the wrong keys a learner would be served."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "importer_corpus.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_importer_corpus", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def _document(folder: Path, name: str, text: str, questions: list[dict]) -> None:
    (folder / name).write_text(text, encoding="utf-8")
    truth = {"layout": "test", "questions": questions}
    (folder / f"{Path(name).stem}.expect.json").write_text(json.dumps(truth), encoding="utf-8")


def test_an_outside_folder_is_judged_with_its_refusals_and_wrong_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paper = "1. Which is a prime?\nA. 4\nB. 7\nAnswer: B\n\n2. Which is even?\nA. 3\nB. 8\nAnswer: A\n"
    # The truth says question 2's key is B: the document's own `A` is a wrong key a learner would see.
    _document(tmp_path, "01-paper.txt", paper, [{"kind": "single", "key": "B"}, {"kind": "single", "key": "B"}])
    letter = "Dear colleagues, the meeting is on Monday.\n"
    _document(tmp_path, "02-letter.txt", letter, [{"kind": "fill", "key": ["x"]}])
    (tmp_path / "README.md").write_text("# What this set is\n", encoding="utf-8")
    _bench().main(["--folder", str(tmp_path), "--per-document"])
    out = capsys.readouterr().out
    assert "01-paper.txt" in out and "02-letter.txt" in out and "README" not in out
    assert "questions:                     3" in out
    assert "found with the right kind:      66.7% (2)" in out
    assert "keys right:                     33.3% (1)" in out
    assert "documents refused:             1 (02-letter.txt)" in out
    assert "wrong keys published:          1" in out
