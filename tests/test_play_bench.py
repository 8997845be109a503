"""The play bench (``bench/play.py``) runs at a tiny size so it cannot rot: its ledger is legal,
and it prints each figure with its ratio to the baseline and its growth, the cold step (a new
process's first, read from the snapshot) held to the aim as a warm step is."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "play.py"


def test_the_play_bench_runs_at_a_tiny_size(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("play_bench_tiny", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["play_bench_tiny"] = module
    spec.loader.exec_module(module)
    assert len(module.ledger(40)) == 40
    assert sum(e["kind"] == "undo" for e in module.ledger(40)) == 2
    module.main(["--sizes", "20", "40", "--repeat", "1"])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["20"], ["40"])]
    assert len(rows) == 12
    for figure in ("rules step", "check ledger", "replay step", "play step", "cold step",
                   "play show"):
        assert sum(" ".join(row[1:3]) == figure for row in rows) == 2, out
    for row in rows:
        if row[0] == "40":
            assert re.fullmatch(r"x\d+\.\d", row.pop()), row
        assert row[-3].endswith("ms") and row[-2].endswith("ms") and row[-1].endswith("x"), row
    assert out.count("aim: a play step of a") == 2  # in a running process
    assert out.count("aim: a cold step of a") == 2  # a process's first: the snapshot read
