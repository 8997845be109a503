"""The helpers a force builder needs: what still fits, options that fit, edits, copying a force
to a new limit, and writing a force back to its file."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from chronicle.systems.tales_of_arcadia.cards import Unit
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, load_catalog
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.rosterfile import dump_roster, load_roster, read_roster
from chronicle.systems.tales_of_arcadia.rules import (
    check_roster,
    options_that_fit,
    points_left,
    what_fits,
)


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> TalesCatalog:
    return load_catalog(tmp_path_factory.mktemp("no-user-cards"))


def force(limit: int, *lines: RosterLine) -> Roster:
    return Roster(name="Test", army="Clockwork Legion", limit=limit, units=lines)


def test_what_fits_lists_only_what_the_points_left_allow(catalog: TalesCatalog) -> None:
    roster = force(200, RosterLine(unit="Gearknight", count=3))  # 120 spent, 80 left
    assert points_left(roster, catalog) == 80
    fits = what_fits(roster, catalog)
    assert fits and all(fit.cost <= 80 for fit in fits)
    assert [f.cost for f in fits] == sorted(f.cost for f in fits)
    names = {(f.name, f.variant) for f in fits}
    assert ("Brass Hound", None) in names and ("Gearknight", "Lancer") in names
    assert ("Orrery Engine", None) not in names  # 90 + its mandatory valve
    hound = next(f for f in fits if f.name == "Brass Hound")
    assert hound.most == 4
    for fit in fits:  # adding any of them keeps the force legal on points
        line = RosterLine(unit=fit.name, variant=fit.variant, options=fit.options)
        assert "roster.over_limit" not in check_roster(roster.add(line), catalog).codes


def test_what_fits_includes_mandatory_options(catalog: TalesCatalog) -> None:
    fits = what_fits(force(1000), catalog)
    engine = next(f for f in fits if f.name == "Orrery Engine")
    assert engine.options == ("Governor Valve",)
    report = check_roster(force(1000).add(RosterLine(unit=engine.name, options=engine.options)),
                          catalog)
    assert "unit.option_under_min" not in report.codes


def test_nothing_fits_when_over_or_unknown(catalog: TalesCatalog) -> None:
    assert what_fits(force(30, RosterLine(unit="Gearknight")), catalog) == []
    unknown = force(500, RosterLine(unit="Nobody"))
    assert points_left(unknown, catalog) is None
    assert what_fits(unknown, catalog) == []


def test_options_that_fit_respect_max_group_and_count(catalog: TalesCatalog) -> None:
    roster = force(130, RosterLine(unit="Gearknight", options=("Tower Shield", "Spare Springs"),
                                   count=2))  # 2 x (40 + 10 + 5) = 110 spent, 20 left
    fits = {f.name: f for f in options_that_fit(roster, 0, catalog)}
    assert "Repeater Pistol" not in fits  # same group as the Tower Shield
    assert "Tower Shield" not in fits  # at its max of 1
    assert fits["Spare Springs"].cost == 10 and fits["Spare Springs"].most == 1


def test_copy_to_a_new_limit_is_checked_again(catalog: TalesCatalog) -> None:
    roster = force(500, RosterLine(unit="Gearknight", variant="Lancer",
                                   options=("Tower Shield",), count=2))
    bigger = roster.copy(limit=750, name="Iron Vanguard 750")
    assert (bigger.name, bigger.limit, bigger.units) == ("Iron Vanguard 750", 750, roster.units)
    assert check_roster(bigger, catalog).summary["points_unspent"] == 630
    smaller = roster.copy(limit=100)
    assert check_roster(smaller, catalog).codes == ["roster.over_limit"]
    with pytest.raises(ValueError):
        roster.copy(limit=0)


def test_edits_return_new_forces() -> None:
    roster = force(100, RosterLine(unit="A"), RosterLine(unit="B"))
    assert [u.unit for u in roster.remove(0).units] == ["B"]
    assert [u.unit for u in roster.set_line(1, RosterLine(unit="C")).units] == ["A", "C"]
    assert [u.unit for u in roster.units] == ["A", "B"]
    with pytest.raises(IndexError):
        roster.remove(2)
    with pytest.raises(IndexError):
        roster.set_line(-1, RosterLine(unit="C"))


@pytest.mark.parametrize("name", ["Iron Vanguard", "[/x] [bold]", "Ejército 🦾", "جيش الحديد",
                                  'quote " and \\ backslash', "x" * 200])
def test_dump_reads_back_to_the_same_force(tmp_path: Path, name: str) -> None:
    roster = Roster(name=name, army="Clockwork Legion", limit=500, player="Ann",
                    notes="line one\nline two",
                    units=(RosterLine(unit="Gearknight", variant="Lancer",
                                      options=("Spare Springs", "Spare Springs"), count=2),
                           RosterLine(unit="Brass Hound", note=name)))
    target = tmp_path / "force.toml"
    target.write_text(dump_roster(roster), encoding="utf-8")
    loaded = load_roster(target)
    assert loaded.problems == []
    assert loaded.roster == roster


def test_the_issues_roster_shape_reads(catalog: TalesCatalog) -> None:
    text = '''
system = "tales-of-arcadia"
name = "Iron Vanguard"
army = "Clockwork Legion"      # the one army list this force is drawn from
limit = 500                    # the agreed point limit

[[unit]]
unit = "Gearknight"
variant = "Lancer"             # optional
options = ["Tower Shield"]     # optional; an option taken twice is named twice
count = 2                      # optional, default 1: identical units
'''
    loaded = read_roster(tomllib.loads(text), None, "issue.toml")
    assert loaded.problems == [] and loaded.roster is not None
    report = check_roster(loaded.roster, catalog)
    assert report.codes == ["roster.points_unspent"]
    summary = report.summary
    assert (summary["army"], summary["limit"], summary["points_spent"],
            summary["points_unspent"], summary["unit_count"]) == ("Clockwork Legion", 500, 120,
                                                                   380, 2)
    (line,) = summary["units"]
    assert line["cost"] == 60
    assert {k: line[k] for k in ("power", "accuracy", "speed", "wounds", "range", "defense")} \
        == {"power": 4, "accuracy": 4, "speed": 7, "wounds": 3, "range": 1, "defense": 5}
    assert line["keywords"] == []


def test_every_orrery_engine_carries_one_firing_mechanism(catalog: TalesCatalog) -> None:
    """The example list obeys its own words (issue 27, 9): the mechanism is the engine's form
    (the base carries a Star Mortar, the Comet Lance variant a lance), never an option that
    may be left off; the valve stays its mandatory option."""
    engine = catalog.get("Orrery Engine", "unit")
    assert isinstance(engine, Unit) and engine.summary and "firing mechanism" in engine.summary
    assert [v.name for v in engine.variants] == ["Comet Lance"]
    assert [(o.name, o.min) for o in engine.options] == [("Governor Valve", 1)]
    bare = check_roster(force(1000, RosterLine(unit="Orrery Engine",
                                               options=("Governor Valve", "Star Mortar"))),
                        catalog)
    assert "unit.option_unknown" in bare.codes          # no mechanism to leave off or add
