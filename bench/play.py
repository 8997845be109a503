"""A step of play answers in under 50 ms of processor time: a Wyld Hunt game in play (``chronicle
play``) with 100, 1,000 and 10,000 steps in its ledger, each figure a ratio against a baseline
measured in the same run (a step on a ledger just laid out), and the growth from one size to the
next (10x the steps: about 10x the time when linear, 1x when constant).

    python bench/play.py [--sizes 100 1000 10000] [--repeat N]

The game: the golden Day-sequence table (``tests/golden/play/days/_table.toml``), Ann's Ash
shuttling between her Base Camp and the Wood (a Merit exhausted by use, recovered by a Rest at
the Base Camp), Bo ending his Days, and one step in 17 an undo of the latest step, the step then
taken again. Figures (median processor time of this process, ``time.process_time``; the wall
time too):

- ``rules step``: one event judged and played on the state after the ledger (the rules engine
  alone, ``rules.playevents.apply``): constant;
- ``check ledger``: the whole ledger judged (``rules.playevents.check``: one replay, linear);
- ``play step``: ``services.play.step`` on the stored ledger, SQLite: what a step at the table
  costs in a running app (the store keeps the game's state for the version it last wrote,
  ``services.recordstate``; a step checks the record's token, judges the one event on that
  state with ``rules.playfold`` and appends it): constant but for the database's sum over the
  history's rows that guards against hand edits (C, well under a millisecond per thousand
  steps);
- ``cold step``: the same, nothing kept in the process (a process's first step: a
  ``chronicle play`` command): the state read from the snapshot the last step wrote in the
  database (``fold_snapshot``) once it matches the record, the digest of every event as
  stored included (one light read of the history's text, in C but linear);
- ``replay step``: a process's first step when there is no snapshot to read (the first step
  after an import, or after a hand edit): the whole ledger read and folded once, linear (one
  run, not a median: each needs a fresh ledger);
- ``play show``: ``services.play.show`` (the kept state, copied for the view).

Aim (issue 29, item 3): each step of play answers in under 50 ms of processor time, in a
running process (``play step``) and as a process's first (``cold step``).
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZES = (100, 1_000, 10_000)
AIM = 0.050
UNDO_EVERY = 17
TABLE = (Path(__file__).resolve().parent.parent / "tests" / "golden" / "play" / "days"
         / "_table.toml")


def table() -> dict[str, Any]:
    """The record data of the game in play."""
    with TABLE.open("rb") as handle:
        data = tomllib.load(handle)
    data["adjacency"] = None
    return data


def _days() -> Any:
    """Legal steps without end: Ann's three kinds of Day in turn, Bo's Day between."""
    ann = [[("rest", {"player": "Ann", "card": "Wit"}), ("end", {"player": "Ann"})],
           [("exhaust", {"player": "Ann", "card": "Wit", "reason": "use"}),
            ("move", {"player": "Ann", "to": "Wood"}), ("end", {"player": "Ann"})],
           [("move", {"player": "Ann", "to": "Camp A"}), ("end", {"player": "Ann"})]]
    first = True
    while True:
        for day in ann[1:] if first else ann:
            yield from day
            yield ("end", {"player": "Bo"})
        first = False


def ledger(steps: int) -> list[dict[str, Any]]:
    """``steps`` legal events, one in ``UNDO_EVERY`` an undo of the latest (taken again)."""
    events: list[dict[str, Any]] = []
    days = _days()
    while len(events) < steps:
        kind, payload = next(days)
        events.append({"kind": kind, "payload": payload})
        if len(events) % UNDO_EVERY == 0 and len(events) + 2 <= steps:
            events.append({"kind": "undo", "payload": {"seq": len(events)}})
            events.append({"kind": kind, "payload": payload})
    return events[:steps]


def median_seconds(action: Callable[[Any], object], repeat: int,
                   setup: Callable[[], Any] = lambda: None) -> tuple[float, float]:
    """Median processor and wall time of ``action(setup())`` (``setup`` not timed)."""
    cpu, wall = [], []
    for _ in range(repeat):
        given = setup()
        started, clock = time.process_time(), time.perf_counter()
        action(given)
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - clock)
    return statistics.median(cpu), statistics.median(wall)


def measure(steps: int, folder: Path, repeat: int) -> dict[str, tuple[float, float]]:
    """Every figure of one size, in seconds (processor, wall)."""
    from chronicle.services import recordstate
    from chronicle.services import recordstore as records
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.rules.playevents import apply, check, replay
    from chronicle.systems.wyld_hunt.services import play

    data = table()
    events = ledger(steps + 2 * repeat + 1)
    history, more = events[:steps], events[steps:]
    report = check(data, events)
    assert not report.errors, [v.message for v in report.errors][:3]
    state = replay(data, history)[0]
    figures: dict[str, tuple[float, float]] = {}
    figures["rules step"] = median_seconds(
        lambda s: apply(s, more[0], steps + 1), repeat, lambda: copy.deepcopy(state))
    figures["check ledger"] = median_seconds(lambda _g: check(data, history), repeat)
    db = open_database(f"sqlite:///{folder}/play-{steps}.db")
    try:
        name = f"Bench {steps}"
        records.create(db, play.SYSTEM, play.KIND, name, data,
                       events=[(e["kind"], e["payload"]) for e in history])
        upcoming = iter(more)

        def one_step(_given: object) -> None:
            event = next(upcoming)
            play.step(db, name, event["kind"], event["payload"])

        def new_process() -> None:
            recordstate.forget()
            gc.collect()  # what the forgotten state leaves is a fresh process's to skip

        figures["replay step"] = median_seconds(one_step, 1, new_process)  # no snapshot yet
        cold = median_seconds(one_step, repeat, new_process)
        figures["play step"] = median_seconds(one_step, repeat)
        figures["cold step"] = cold
        figures["play show"] = median_seconds(lambda _g: play.show(db, name), repeat)
        fresh = f"Bench {steps} fresh"
        records.create(db, play.SYSTEM, play.KIND, fresh, data)
        first = iter(ledger(repeat))

        def baseline(_given: object) -> None:
            event = next(first)
            play.step(db, fresh, event["kind"], event["payload"])

        figures["baseline"] = median_seconds(baseline, repeat)
    finally:
        db.close()
    return figures


def report(results: dict[int, dict[str, tuple[float, float]]]) -> bool:
    """Print the table; True when every step of play answers under the aim."""
    sizes = sorted(results)
    print(f"{'steps':>8} {'figure':<14} {'cpu':>10} {'wall':>10} {'x base':>8} {'growth':>8}")
    met = True
    for index, size in enumerate(sizes):
        base = results[size]["baseline"][0] or 1e-9
        for name, (cpu, wall) in results[size].items():
            if name == "baseline":
                continue
            growth = ""
            if index:
                before = results[sizes[index - 1]][name][0]
                growth = f"x{cpu / before:.1f}" if before else "x-"
            print(f"{size:>8} {name:<14} {cpu * 1000:8.2f}ms {wall * 1000:8.2f}ms "
                  f"{cpu / base:7.2f}x {growth:>8}")
        for figure in ("play step", "cold step"):
            cpu = results[size][figure][0]
            ok = cpu < AIM
            met = met and ok
            print(f"aim: a {figure} of a {size:,}-step game in under {AIM * 1000:g} ms of "
                  f"processor time: {'met' if ok else 'NOT MET'} ({cpu * 1000:.1f} ms; "
                  f"baseline {results[size]['baseline'][0] * 1000:.1f} ms)")
    return met


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 1 when the aim is not met."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    options = parser.parse_args(argv)
    if options.smoke:
        options.sizes, options.repeat = [20, 40], 1
    with tempfile.TemporaryDirectory(prefix="chronicle-play-bench-") as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        measure(10, Path(home), 1)       # warm up: the first call of each path imports it
        results = {size: measure(size, Path(home), options.repeat) for size in options.sizes}
    return 0 if report(results) else 1


if __name__ == "__main__":
    sys.exit(main())
