"""An offline copy's sync grows linearly with the entries it merges: a group holding a legal
Hunters of Arcfall hunt of N/2 entries is checked out, the copy records another hunt of N/2
entries offline, and ``chronicle db sync`` merges it back (every entry sent judged by the
game's rules, the group written in one transaction, the copy rebuilt), then runs again with
nothing to do; for N = 100, 1,000 and 10,000. Each figure is a ratio against a baseline
measured in the same run on the same data: ``db export`` then ``db import`` of the synced
group into an empty database (one read, one replay, one insert of every entry); and the
growth from one size to the next (10x the entries: about 10x the time when linear).

    python bench/sync.py [--sizes 100 1000 10000] [--smoke]

Figures are processor time of this process (``time.process_time``) and wall time.

Aim (issue 32): a sync costs at most 6 times the baseline's export and import of the same
data at every size (it exports both sides, merges, validates, writes the group and rebuilds
the copy), and a sync with nothing to do at most 4 times.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import legal_hunt  # the bench folder (run as a script)

SIZES = (100, 1_000, 10_000)
AIMS = {"sync": 6.0, "sync again": 4.0}


def timed(action: Callable[[], object]) -> tuple[float, float]:
    started, clock = time.process_time(), time.perf_counter()
    action()
    return time.process_time() - started, time.perf_counter() - clock


def measure(entries: int, folder: Path) -> dict[str, tuple[float, float]]:
    """Every figure of one size, in seconds (processor, wall)."""
    from chronicle.services import recordstore as records
    from chronicle.services import sync, transfer
    from chronicle.services.db import open_database
    from chronicle.systems.hunters_of_arcfall import KEY

    half = max(1, entries // 2)
    data, events = legal_hunt(half)
    history = [(e["kind"], e["payload"]) for e in events]
    place = folder / str(entries)
    place.mkdir()
    group = open_database(f"sqlite:///{place / 'group.db'}")
    records.create(group, KEY, "hunt", "Bench", data, events=history)
    copy = place / "copy.db"
    figures: dict[str, tuple[float, float]] = {}
    figures["checkout"] = timed(lambda: sync.checkout(group, copy))
    offline = open_database(f"sqlite:///{copy}")
    records.create(offline, KEY, "hunt", "Offline", data, events=history)
    offline.close()
    figures["sync"] = timed(lambda: sync.sync(copy, group))
    figures["sync again"] = timed(lambda: sync.sync(copy, group))
    exported = place / "export.json"

    def baseline() -> None:
        transfer.write_export(group, exported)
        target = open_database(f"sqlite:///{place / 'target.db'}")
        transfer.import_all(target, exported)
        target.close()

    figures["export+import"] = timed(baseline)
    group.close()
    return figures


def report(results: dict[int, dict[str, tuple[float, float]]]) -> bool:
    sizes = sorted(results)
    print(f"{'entries':>8} {'figure':<14} {'cpu':>10} {'wall':>10} {'x base':>8} {'growth':>8}")
    met = True
    for index, size in enumerate(sizes):
        base = results[size]["export+import"][0] or 1e-9
        for name, (cpu, wall) in results[size].items():
            growth = ""
            if index:
                before = results[sizes[index - 1]][name][0]
                growth = f"x{cpu / before:.1f}" if before else ""
            print(f"{size:>8} {name:<14} {cpu:9.3f}s {wall:9.3f}s {cpu / base:7.1f}x "
                  f"{growth:>8}")
        for name, aim in AIMS.items():
            ratio = results[size][name][0] / base
            ok = ratio <= aim
            met = met and ok
            print(f"aim: {name} at {size:,} entries within {aim:g}x the export and import: "
                  f"{'met' if ok else 'NOT MET'} ({ratio:.1f}x)")
    return met


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 1 when an aim is not met."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes: the test suite's run, whose figures mean nothing")
    options = parser.parse_args(argv)
    if options.smoke:
        options.sizes = [12, 24]
    with tempfile.TemporaryDirectory(prefix="chronicle-sync-bench-") as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        measure(10, Path(home))  # warm up: the first call of each path imports it
        results: dict[int, Any] = {size: measure(size, Path(home))
                                   for size in options.sizes}
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main())
