"""bench/pdf_growth.py runs at a tiny size and prints its growth as ratios against a baseline
measured in the same run (the figures themselves are never asserted)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "pdf_growth.py"


def test_the_growth_bench_runs_tiny(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("pdf_growth_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["pdf_growth_bench"] = module
    spec.loader.exec_module(module)
    module.main(["--quick", "--sizes", "10,30"])
    out = capsys.readouterr().out
    assert out.count("baseline") >= 4 and out.count(" x") >= 8
    assert "export log" in out and "export hunt" in out and "grows x" in out
