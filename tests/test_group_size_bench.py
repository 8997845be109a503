"""The group-size bench (``bench/group_size.py``) runs at a tiny size so it cannot rot: it
builds its groups, prints each figure with its ratio and growth, and the aim."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "group_size.py"


def test_the_group_size_bench_runs_at_a_tiny_size(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    spec = importlib.util.spec_from_file_location("group_size_bench_tiny", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["group_size_bench_tiny"] = module
    spec.loader.exec_module(module)
    assert module.main(["--sizes", "4", "8", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["4"], ["8"])]
    assert len(rows) == 8
    assert all(re.fullmatch(r"x\d+\.\d", row[-1]) for row in rows if row[0] == "8")
    assert "aim: at 1,000 players and 2,000 characters" in out
    assert re.search(r"Characters area \d+ ms, character list \d+ ms", out)
