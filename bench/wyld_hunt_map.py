"""Speed of the Wyld Hunt League map's check, each figure a median of processor time and a ratio
against a baseline measured in the same run (absolute times vary with the host; ratios
travel), with growth over the map's size.

    python bench/wyld_hunt_map.py [--quick]

Figures, for maps of 100, 1,000 and 10,000 placements (two players taking turns, every League's
four sides known, laid row by row in a snake so each touches the one before):

- the whole ledger replayed and checked (``rules.map.replay``: every placement against its
  neighbours, the Unique, turn and completeness rules), per placement, against a bare tally
  (the same squares put in a plain dict, no checks);
- one placement checked as ``chronicle map place`` checks it (the ledger replayed before and
  after the new event), against the same bare tally of the whole ledger.

Aim: replaying is linear in the ledger's length (the per-placement ratio stays flat from 100
to 10,000), and one placement is checked in under 50 ms on any map up to 1,000 placements (a
real table lays 10 Leagues, 5 per quest per player; each step replays the whole ledger, so a
10,000-placement map is there for the growth alone).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import Kind, League, Terrain
from chronicle.systems.wyld_hunt.rules.map import MapPlayer, MapSetup, replay

SIDES = ((Terrain.FIELDS,), (Terrain.FOREST, Terrain.ROAD), (Terrain.FIELDS,),
         (Terrain.FOREST, Terrain.ROAD))
STEP_AIM = 0.050


def median_seconds(action: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median processor time of ``inner`` calls, divided by ``inner``."""
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(inner):
            action()
        samples.append((time.process_time() - start) / inner)
    return statistics.median(samples)


def fixture(size: int) -> tuple[MapSetup, list[dict[str, Any]]]:
    """Two players' ``size`` Leagues and the ledger laying them all."""
    width = max(2, int(size ** 0.5))
    cards = {f"league {i}": League(name=f"League {i}", kind=Kind.LEAGUE, origin=Origin.BUNDLED,
                                   terrain=(Terrain.FIELDS,), unique=False, sides=SIDES)
             for i in range(size)}
    names = [card.name for card in cards.values()]
    players = (MapPlayer("Tim", tuple(names[0::2]), (), 7, "Josh"),
               MapPlayer("Josh", tuple(names[1::2]), (), 6, "Tim"))
    events = []
    for i, name in enumerate(names):
        y, x = divmod(i, width)
        x = x if y % 2 == 0 else width - 1 - x
        events.append({"kind": "place", "payload": {"league": name, "player":
                                                    "Tim" if i % 2 == 0 else "Josh",
                                                    "x": x, "y": y, "turn": 0}})
    return MapSetup("Bench", players, lambda name: cards.get(name.casefold())), events


def tally(events: list[dict[str, Any]]) -> dict[tuple[int, int], str]:
    """The baseline: the same squares in a plain dict, no checks."""
    return {(e["payload"]["x"], e["payload"]["y"]): e["payload"]["league"] for e in events}


def row(name: str, value: float, baseline: float, aim: str = "") -> None:
    """One line of the report."""
    print(f"{name:<44} {value * 1000:9.4f} ms   bare tally {baseline * 1000:9.4f} ms   "
          f"x{value / baseline:8.1f}   {aim}")


def measure(size: int, repeat: int) -> float:
    """Print the figures of a map of ``size`` placements; the replay's time per placement."""
    setup, events = fixture(size)
    state, report = replay(setup, events)
    assert len(state.cells) == size and report.valid, report.codes
    whole = median_seconds(lambda: replay(setup, events), repeat)
    base = median_seconds(lambda: tally(events), repeat, inner=5)
    row(f"replay of {size:,} placements (per placement)", whole / size, base / size)
    before, last = events[:-1], events[-1]

    def step() -> None:
        replay(setup, before)
        replay(setup, [*before, last])

    one = median_seconds(step, repeat)
    aim = f"aim < {STEP_AIM * 1000:.0f} ms {'met' if one < STEP_AIM else 'NOT MET'}"
    row(f"one placement checked, map of {size:,}", one, base,
        aim if size <= 1_000 else "(growth only)")
    return whole / size


def main(argv: list[str] | None = None) -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, few repeats")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    sizes, repeat = (((10, 20), 1) if args.smoke else ((10, 100), 3) if args.quick
                     else ((100, 1_000, 10_000), 7))
    per_placement = [measure(size, repeat) for size in sizes]
    growth = per_placement[-1] / per_placement[0]
    print(f"growth of the per-placement replay from {sizes[0]:,} to {sizes[-1]:,}: "
          f"x{growth:.2f} (linear: about 1)")


if __name__ == "__main__":
    main()
