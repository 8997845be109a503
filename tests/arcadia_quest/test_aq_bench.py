"""bench/arcadia_quest.py runs (quick) and prints its figures as ratios."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "arcadia_quest.py"


def test_bench_runs_quick(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("aq_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--quick"])
    out = capsys.readouterr().out
    assert "4 guilds and 6 scenarios" in out
    assert out.count(" x") >= 4 and "stored campaign check" in out and "< 2 ms" in out
