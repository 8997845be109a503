"""The replay bench (``bench/replay.py``) runs at a tiny size so it cannot rot: its hunt is legal
through every way in, and it prints each figure with its ratio and growth."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "replay.py"


def test_the_replay_bench_runs_at_a_tiny_size(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("replay_bench_tiny", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["replay_bench_tiny"] = module
    spec.loader.exec_module(module)
    assert module.main(["--sizes", "20", "60", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    for figure in ("check the file", "store the hunt", "hunt import", "db import", "backup",
                   "restore"):
        assert out.count(figure) == 2, out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["20"], ["60"])]
    assert len(rows) == 12
    for row in rows:  # processor and wall seconds, the ratio to the check, growth at 60
        if row[0] == "60":
            assert re.fullmatch(r"x\d+\.\d", row.pop()), row
        assert row[-3].endswith("s") and row[-2].endswith("s"), row
        assert row[-1].endswith("x") and float(row[-1][:-1]) > 0, row
