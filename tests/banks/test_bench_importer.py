"""The importer's benchmark (bench/importer.py) runs at a tiny size, in both its layouts and as a Word file."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "importer.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_importer", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("extra", [[], ["--floor"], ["--docx"]])
def test_the_benchmark_imports_every_question(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _bench().main(["--questions", "30", "--rounds", "1", *extra])
    out = capsys.readouterr().out
    assert "imported: 30 questions, 0 left out" in out
    assert "questions/s" in out and "peak heap" in out
