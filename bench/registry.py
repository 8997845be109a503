"""Start-up with the game-system registry, each figure a median and a ratio against a baseline
measured in the same run (absolute times vary with the host; ratios travel). Times are the CPU
time of the child processes (``resource.getrusage``), so a host busy with other work does not
inflate them.

    python bench/registry.py [--quick | --smoke]

- ``chronicle check`` of a Wyld Hunt character (whole process), against
  ``python -c "import pydantic, tomllib"`` (the floor ``bench/run.py`` uses) — the registry reads
  the entry points and imports Wyld Hunt's plugin only, never the other games;
- ``chronicle check`` of a Tales of Arcadia roster, an Arcadia Quest campaign and a Hunters of
  Arcfall game log (golden legal files, bundled cards), against the same floor;
- ``chronicle systems`` (every game's plugin imported), against the same floor;
- in this process: reading the entry points (``registry.installed()``, no game imported),
  against ``importlib.metadata.entry_points(group="console_scripts")``.

Aim (issue "Game systems as plug-ins"): the registry must not make ``chronicle check`` slower;
reading the entry points costs about what any entry-point lookup costs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
FILES = {
    "Wyld Hunt character": TESTS / "golden" / "characters" / "winerdria.toml",
    "Tales of Arcadia roster": TESTS / "tales_of_arcadia" / "golden" / "rosters"
    / "legal-exact.toml",
    "Arcadia Quest campaign": TESTS / "arcadia_quest" / "golden" / "campaigns"
    / "legal-new-campaign.toml",
    "Hunters of Arcfall game log": TESTS / "hunters_of_arcfall" / "golden" / "games"
    / "finished-winner.toml",
}


def child_cpu(argv: list[str], repeat: int, env: dict[str, str] | None = None) -> float:
    """Median CPU seconds (user + system) of running ``argv``."""
    samples = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(samples)


def own_cpu(action: Callable[[], object], repeat: int, inner: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(inner):
            action()
        samples.append((time.process_time() - start) / inner)
    return statistics.median(samples)


def row(name: str, value: float, baseline_name: str, baseline: float) -> None:
    print(f"{name:<44} {value * 1000:9.2f} ms   {baseline_name:<36} {baseline * 1000:8.2f} ms"
          f"   x{value / baseline:6.2f}")


def main(argv: list[str] | None = None) -> int:
    """Run every figure and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    repeat = 1 if args.smoke else 5 if args.quick else 15

    python = sys.executable
    floor_name = 'python -c "import pydantic, tomllib"'
    print(f"{'figure (CPU time)':<44} {'median':>12}   {'baseline (same run)':<36} "
          f"{'median':>11}   {'ratio':>7}")
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "CHRONICLE_DATA_DIR": data,
               "CHRONICLE_CACHE_DIR": os.path.join(data, "cache")}
        chronicle = [python, "-m", "chronicle"]
        for path in FILES.values():
            child_cpu([*chronicle, "check", str(path)], 1, env)  # card caches, .pyc files
        floor = child_cpu([python, "-c", "import pydantic, tomllib"], repeat)
        for label, path in FILES.items():
            value = child_cpu([*chronicle, "check", str(path)], repeat, env)
            row(f"chronicle check, {label}", value, floor_name, floor)
        value = child_cpu([*chronicle, "systems"], repeat, env)
        row("chronicle systems", value, floor_name, floor)

    from chronicle.systems import registry

    def scan() -> object:
        registry.forget()
        return registry.installed()

    value = own_cpu(scan, repeat, 5)
    base = own_cpu(lambda: entry_points(group="console_scripts"), repeat, 5)
    row("registry.installed() (entry points read)", value, "entry_points(console_scripts)", base)
    print("aim: the registry never makes chronicle check slower (bench/startup.py holds it within "
          "1.3x the one-pydantic-model floor); reading the entry points costs about what any "
          "entry-point lookup costs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
