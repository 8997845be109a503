"""What a check remembers of a catalog (``index.py``) never changes what a check reports: every
golden roster checked one after another against one catalog reports what it reports against a
catalog of its own, in either order, and a fact reported once in a check (not twice) is not
remembered as clean."""

from __future__ import annotations

import gc
import tomllib
import weakref
from pathlib import Path

from chronicle.systems.tales_of_arcadia.cards import Army, Card, Keyword, Kind, Option, Stats, Unit
from chronicle.systems.tales_of_arcadia.catalog import load_catalog
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.index import _INDEXES
from chronicle.systems.tales_of_arcadia.rosterfile import load_roster
from chronicle.systems.tales_of_arcadia.rules import check_roster, points_left, what_fits

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [c for c in tomllib.loads((GOLDEN / "cases.toml").read_text("utf-8"))["case"]
         if c["exit"] != 2]


def _seen(roster: Roster, catalog: object) -> tuple[object, ...]:
    report = check_roster(roster, catalog)  # type: ignore[arg-type]
    return ([v.to_dict() for v in report], report.summary)


def test_one_catalog_for_every_roster_reports_as_a_fresh_one() -> None:
    rosters = []
    for case in CASES:
        loaded = load_roster(GOLDEN / case["file"])
        assert loaded.roster is not None
        rosters.append(loaded.roster)
    fresh = [_seen(r, load_catalog(GOLDEN / "cards")) for r in rosters]
    shared = load_catalog(GOLDEN / "cards")
    assert [_seen(r, shared) for r in rosters] == fresh
    assert [_seen(r, shared) for r in reversed(rosters)] == fresh[::-1]
    assert [_seen(r, shared) for r in rosters] == fresh
    left = [points_left(r, shared) for r in rosters]
    assert left == [points_left(r, load_catalog(GOLDEN / "cards")) for r in rosters]
    assert [what_fits(r, shared) for r in rosters] == [
        what_fits(r, load_catalog(GOLDEN / "cards")) for r in rosters]


def test_a_fact_reported_once_is_found_again_in_the_next_check() -> None:
    from chronicle.catalog.store import Catalog

    cards: list[Card] = [
        Army(name="Host", kind=Kind.ARMY),
        Keyword(name="Shroud", kind=Kind.KEYWORD),
        Unit(name="Wisp", kind=Kind.UNIT, army="Host", cost=5,
             stats=Stats(power=1, accuracy=4, speed=6, wounds=1, range=0, defense=3),
             keywords=("Glowing",), options=(Option(name="Veil", cost=1, keywords=("Shroud",)),)),
    ]
    catalog = Catalog(cards)
    both = Roster(name="A", army="Host", limit=11, units=(
        RosterLine(unit="Wisp"), RosterLine(unit="Wisp", options=("Veil",))))
    assert check_roster(both, catalog).codes == ["keyword.unknown"]
    veiled = Roster(name="B", army="Host", limit=6, units=(
        RosterLine(unit="Wisp", options=("Veil",)),))
    assert check_roster(veiled, catalog).codes == ["keyword.unknown"]
    assert check_roster(veiled, Catalog(cards)).codes == ["keyword.unknown"]


def test_the_index_goes_with_its_catalog() -> None:
    catalog = load_catalog(GOLDEN / "cards")
    check_roster(Roster(name="A", army="golden host", limit=10), catalog)
    index = weakref.ref(_INDEXES[catalog])
    del catalog
    gc.collect()
    assert index() is None
