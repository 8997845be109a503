"""The generic rules core any game builds on: the resolver, ledger replay with undo and
corrections, and editions as a base each game extends. Checked here with a made-up game of two
card kinds, so nothing of Wyld Hunt is needed (and the core imports no game)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from chronicle.rules import editions, ledger
from chronicle.rules.codes import Code
from chronicle.rules.report import Report, Severity
from chronicle.rules.resolve import Resolver, ResolverCodes

REPO = Path(__file__).resolve().parent.parent
E, W = Severity.ERROR, Severity.WARNING
CODES = ResolverCodes(unknown=Code("t.unknown", E, "Cards", "unknown"),
                      wrong_kind=Code("t.kind", E, "Cards", "wrong kind"),
                      incomplete=Code("t.incomplete", E, "Cards", "incomplete"),
                      duplicate=Code("t.duplicate", W, "Cards", "duplicate"))
BAD_UNDO = Code("t.bad_undo", E, "Ledger", "bad undo")


@dataclass(frozen=True)
class Unit:
    name: str
    kind: str
    points: int | None = None


class Cards:
    """A CardLookup over a few units."""

    def __init__(self, *cards: Unit) -> None:
        self.cards = cards

    def get(self, name: str, kind: str | None = None) -> Unit | None:
        return next((c for c in self.cards if c.name == name and kind in (None, c.kind)), None)

    def named(self, name: str) -> Sequence[Unit]:
        return [c for c in self.cards if c.name == name]

    def suggest(self, name: str, kind: str | None = None) -> str | None:
        return next((c.name for c in self.cards if c.name.lower() == name.lower()), None)


CATALOG = Cards(Unit("Knight", "hero", 3), Unit("Orc", "monster"), Unit("Elf", "hero", None))


def codes_of(report: Report) -> list[str]:
    return [v.code for v in report.violations]


def test_the_resolver_finds_cards_and_reports_each_unknown_name_once() -> None:
    report = Report()
    res = Resolver(CATALOG, report, CODES)
    assert res.card("Knight", "hero", Unit, "in the army") == Unit("Knight", "hero", 3)
    for _ in range(3):
        assert res.card("Dragon", "hero", Unit, "in the army") is None
    assert res.card("knight", "hero", Unit, "in the army") is None
    assert codes_of(report) == ["t.unknown", "t.unknown"]
    assert report.violations[0].message == "No hero card is called 'Dragon' (in the army)"
    assert report.violations[1].fix == "did you mean 'Knight'?"


def test_the_resolver_names_a_wrong_kind_with_its_article() -> None:
    report = Report()
    res = Resolver(CATALOG, report, CODES)
    assert res.card("Orc", "hero", Unit, "in the army") is None
    (violation,) = report.violations
    assert violation.code == "t.kind" and violation.cards == ("Orc",)
    assert violation.message == "'Orc' in the army is a monster card, not a hero card"


def test_an_unknown_value_is_reported_once_per_card_and_value_never_assumed() -> None:
    report = Report()
    res = Resolver(CATALOG, report, CODES)
    elf = res.card("Elf", "hero", Unit, "here")
    assert elf is not None
    assert res.need(elf, "points", "to count the army") is None
    assert res.need(elf, "points", "again") is None
    assert res.need(CATALOG.cards[0], "points", "to count") == 3
    assert codes_of(report) == ["t.incomplete"]
    res.incomplete(elf, "points", "later", Severity.WARNING)
    assert len(report.violations) == 1


def test_duplicates_are_warned_once_per_name_whatever_the_case() -> None:
    report = Report()
    Resolver(CATALOG, report, CODES).duplicates(["Knight", "knight ", "Knight", "Orc"], "here")
    assert codes_of(report) == ["t.duplicate"]
    assert report.violations[0].severity is Severity.WARNING


# --- ledger replay ------------------------------------------------------------------------


@dataclass(frozen=True)
class Gain:
    amount: int


@dataclass(frozen=True)
class Undo:
    event: int


@dataclass
class Tally:
    total: int = 0
    lines: list[tuple[int, int, int | None]] = field(default_factory=list)


def run(events: list[Gain | Undo]) -> tuple[Tally, Report]:
    tally, report = Tally(), Report()

    def step(index: int, event: Gain | Undo) -> tuple[int, int, int | None]:
        if isinstance(event, Gain):
            tally.total += event.amount
        return index, tally.total, None

    def skipped(index: int, event: Gain | Undo, by: int) -> tuple[int, int, int | None]:
        return index, tally.total, by

    tally.lines = ledger.replay(events, undo_of=lambda e: e.event if isinstance(e, Undo) else None,
                                step=step, skipped=skipped, report=report, bad_undo=BAD_UNDO)
    return tally, report


def test_replay_skips_what_a_later_undo_reverses_and_marks_it() -> None:
    tally, report = run([Gain(2), Gain(5), Undo(2), Gain(1)])
    assert report.valid and tally.total == 3
    assert tally.lines == [(1, 2, None), (2, 2, 3), (3, 2, None), (4, 3, None)]


@pytest.mark.parametrize(("events", "says", "total"), [
    ([Gain(1), Undo(3)], "names event 3, but only events 1 to 1 come before it", 1),
    ([Undo(0)], "names event 0, but only events 1 to 0 come before it", 0),
    ([Gain(1), Undo(1), Undo(2)], "names event 2, which is itself an undo", 0),
    ([Gain(1), Undo(1), Undo(1)], "names event 1, already undone by event 2", 0),
])
def test_a_bad_undo_is_reported_and_reverses_nothing(events: list[Gain | Undo], says: str,
                                                     total: int) -> None:
    tally, report = run(events)
    (violation,) = report.violations
    assert violation.code == "t.bad_undo" and says in violation.message
    assert violation.fix == ledger.UNDO_FIX and tally.total == total


def test_a_correction_removes_held_items_by_name_and_names_the_rest() -> None:
    held = [Unit("Knight", "hero"), Unit("Orc", "monster"), Unit("Knight", "hero")]
    assert ledger.remove_held(["KNIGHT", "Troll", "orc"], held) == ["Troll"]
    assert held == [Unit("Knight", "hero")]


# --- editions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArmyEdition(editions.Edition):
    points_limit: int


def test_a_game_extends_the_edition_base_and_finds_its_own_class() -> None:
    mine = editions.register(ArmyEdition("toy-army-test", "toy-army", "Toy army", 500))
    assert editions.find_edition("toy-army-test") is mine
    assert editions.find_edition("toy-army-test", ArmyEdition) is mine
    assert "toy-army-test" in editions.edition_keys("toy-army")
    assert "toy-army-test" not in editions.edition_keys("another-game")
    assert editions.find_edition("no-such-edition") is None
    assert not hasattr(editions.Edition("k", "g", "l"), "starting_points")


def test_wyld_hunt_keeps_its_own_numbers_in_its_edition() -> None:
    from chronicle.systems.wyld_hunt.editions import WyldHuntEdition, edition

    base, expansion = edition("wyld-hunt"), edition("ironheart")
    assert isinstance(base, WyldHuntEdition) and isinstance(expansion, WyldHuntEdition)
    assert (base.starting_points, base.dice) == (5, 1)
    assert (expansion.starting_points, expansion.dice) == (10, 2)
    assert editions.find_edition("toy-army-test", WyldHuntEdition) is None


def test_the_generic_core_imports_no_game_and_nothing_heavy() -> None:
    probe = ("import chronicle.rules.resolve, chronicle.rules.ledger, chronicle.rules.editions,"
             " sys, json; print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    loaded = json.loads(done.stdout)
    assert [m for m in loaded if m.startswith(("chronicle.systems", "chronicle.catalog",
                                               "chronicle.services", "chronicle.persistence"))
            or m.split(".")[0] in ("textual", "sqlmodel", "sqlalchemy", "reportlab",
                                   "pydantic")] == []
