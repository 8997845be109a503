"""The statistics bench (``bench/stats.py``) runs at a tiny size so it cannot rot: it builds its
group through the record store and prints each figure with its ratio and growth."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "stats.py"


def test_the_stats_bench_runs_at_a_tiny_size(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("stats_bench_tiny", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["stats_bench_tiny"] = module
    spec.loader.exec_module(module)
    assert module.main(["--sizes", "40", "80", "--repeat", "1", "--app"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["40"], ["80"])]
    assert len(rows) == 6
    for row in rows:
        assert row[-3 if row[0] == "80" else -2].endswith("ms"), row
        if row[0] == "80":
            assert re.fullmatch(r"x\d+\.\d", row[-1]), row
    assert "aim: stats over 8 games and 80 events" in out
    assert re.search(r"app: repaint \d+\.\dms, Statistics screen opens with its data loaded "
                     r"\d+\.\dms", out)
