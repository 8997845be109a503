"""Benches cannot rot: every ``bench/*.py`` runs here at a tiny size (``--smoke``: the sizes
small, one repetition), in its own process as a user runs it, and prints its aims. No figure is
asserted (a smoke run's figures mean nothing, and a busy machine may miss an aim: exit 1 is
allowed); a crash, a bench without ``--smoke`` or a bench that prints no aim fails.

A new bench is picked up by its file name alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BENCHES = sorted((REPO / "bench").glob("*.py"))


def smoke(bench: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path / "data"),
           "CHRONICLE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("CHRONICLE_DB", None)
    return subprocess.run([sys.executable, str(bench), "--smoke"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=600, check=False)


def test_every_bench_is_found() -> None:
    assert len(BENCHES) >= 14 and (REPO / "bench" / "run.py") in BENCHES


@pytest.mark.parametrize("bench", BENCHES, ids=[b.stem for b in BENCHES])
def test_the_bench_runs_at_a_tiny_size_and_prints_its_aims(bench: Path, tmp_path: Path) -> None:
    done = smoke(bench, tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 1), (done.returncode, done.stdout, done.stderr)
    assert "aim" in done.stdout.lower(), done.stdout


def test_the_foundation_bench_prints_the_start_up_aim_of_today(tmp_path: Path) -> None:
    """``chronicle check`` within 1.3x the one-pydantic-model floor (bench/startup.py); the
    retired aim (1.5x a bare ``import pydantic, tomllib``) is not printed any more."""
    out = smoke(REPO / "bench" / "run.py", tmp_path).stdout
    assert "1.3x a process that builds one pydantic model" in out, out
    assert "1.5x" not in out and "import pydantic, tomllib" not in out
