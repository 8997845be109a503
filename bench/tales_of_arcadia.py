"""Speed of the Tales of Arcadia battle-force check, as a ratio against a baseline measured in
the same run (absolute times vary with the host; ratios travel).

    python bench/tales_of_arcadia.py [--quick]

Aim (issue "Tales of Arcadia"): checking a 60-unit roster under 1 ms. The roster has 60 lines
drawn from a 40-unit army list (variants, options, keywords, one line in three with count 2);
the baseline is ``tomllib`` parsing the same roster's text.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from chronicle.catalog.store import Catalog  # noqa: E402
from chronicle.systems.tales_of_arcadia.cards import (  # noqa: E402
    Army,
    Card,
    Keyword,
    Kind,
    Option,
    Stats,
    Unit,
    Variant,
)
from chronicle.systems.tales_of_arcadia.files import dump_roster  # noqa: E402
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine  # noqa: E402
from chronicle.systems.tales_of_arcadia.rules import check_roster  # noqa: E402

UNITS = 60
AIM = 0.001


def median_seconds(action: Callable[[], object], repeat: int, inner: int) -> float:
    """Median wall time of ``inner`` calls, divided by ``inner``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            action()
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples)


def fixture() -> tuple[Roster, Catalog[Card]]:
    """A 40-unit army list (with the seven keywords) and a legal 60-line roster from it."""
    words = ["Rise Again 3:6", "Shroud", "Flying", "Swimming", "Pathfinding", "Double Attack",
             "Counter-Attack"]
    cards: list[Card] = [Army(name="Bench Host", kind=Kind.ARMY)]
    cards += [Keyword(name=w.split(" 3:6")[0], kind=Kind.KEYWORD,
                      parameter="chance" if "3:6" in w else None) for w in words]
    for i in range(40):
        cards.append(Unit(
            name=f"Unit {i}", kind=Kind.UNIT, army="Bench Host", cost=10 + i % 7,
            stats=Stats(power=2, accuracy=4, speed=5, wounds=1 + i % 3, range=i % 9, defense=4),
            keywords=(words[i % 7], words[(i + 3) % 7]),
            variants=(Variant(name="Veteran", cost=20, stats=Stats(accuracy=3)),
                      Variant(name="Heavy", stats=Stats(defense=6, speed=3))),
            options=(Option(name="Shield", cost=3, group="Hand"),
                     Option(name="Sword", cost=2, group="Hand"),
                     Option(name="Arrows", cost=1, max=3))))
    lines = tuple(
        RosterLine(unit=f"Unit {i % 40}", variant=("Veteran", "Heavy", None)[i % 3],
                   options=(("Shield", "Arrows", "Arrows") if i % 2 else ("Sword",)),
                   count=2 if i % 3 == 0 else 1)
        for i in range(UNITS))
    return Roster(name="Bench", army="Bench Host", limit=100_000, units=lines), Catalog(cards)


def main() -> int:
    """Run the benchmark and print one line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    repeat = 5 if parser.parse_args().quick else 21
    roster, catalog = fixture()
    report = check_roster(roster, catalog)
    assert report.codes == ["roster.points_unspent"], report.codes
    assert len(report.summary["units"]) == UNITS
    text = dump_roster(roster)
    value = median_seconds(lambda: check_roster(roster, catalog), repeat, 20)
    base = median_seconds(lambda: tomllib.loads(text), repeat, 20)
    print(f"{'benchmark':<40} {'median':>10}   {'baseline (same run)':<32} {'median':>10}"
          f"   {'ratio':>7}")
    print(f"{'check a 60-unit roster':<40} {value * 1000:7.3f} ms   "
          f"{'tomllib parse of that roster':<32} {base * 1000:7.3f} ms   x{value / base:6.2f}"
          f"   aim < 1 ms {'met' if value < AIM else 'NOT MET'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
