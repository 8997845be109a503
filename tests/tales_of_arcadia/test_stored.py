"""What the database keeps: a force's record data and its check, the battle history's events,
their check and one-line descriptions (pure; the store itself is tested with the services)."""

from __future__ import annotations

import datetime as dt
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from chronicle.systems.tales_of_arcadia.battles import Battle, Side, Victory
from chronicle.systems.tales_of_arcadia.catalog import load_catalog
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.rules import check_roster
from chronicle.systems.tales_of_arcadia.stored import (
    BATTLE_EVENT,
    UNDO_EVENT,
    battle_payload,
    check_battles,
    check_force,
    describe_battle,
    force_data,
    read_battle,
    read_force,
)


@dataclass(frozen=True)
class Context:
    user_cards_dir: Path | None
    group_cards: tuple[dict[str, Any], ...] = field(default=())


@pytest.fixture(scope="module")
def context(tmp_path_factory: pytest.TempPathFactory) -> Context:
    return Context(tmp_path_factory.mktemp("no-user-cards"))


FORCE = Roster(name="Iron Vanguard", army="Clockwork Legion", limit=90, units=(
    RosterLine(unit="Gearknight", options=("Tower Shield",)), RosterLine(unit="Brass Hound",
                                                                        count=2)))


def test_a_force_round_trips_through_its_record_data(context: Context) -> None:
    data = force_data(FORCE)
    assert "name" not in data and "system" not in data and data["limit"] == 90
    roster, cards, problems = read_force("Iron Vanguard", data)
    assert problems == [] and cards == [] and roster == FORCE
    report = check_force(data, [], context)
    assert report.codes == check_roster(FORCE, load_catalog(context.user_cards_dir)).codes == []
    assert report.summary["points_spent"] == 90


def test_the_check_sees_group_cards_and_inline_cards(context: Context) -> None:
    stranger = Roster(name="S", army="Clockwork Legion", limit=100,
                      units=(RosterLine(unit="Cog Sprite"),))
    card = {"name": "Cog Sprite", "kind": "unit", "army": "Clockwork Legion", "cost": 10,
            "power": 1, "accuracy": 4, "speed": 6, "wounds": 1, "range": 0, "defense": 2}
    assert check_force(force_data(stranger), [], context).codes == ["card.unknown"]
    grouped = Context(context.user_cards_dir, (card,))
    assert check_force(force_data(stranger), [], grouped).codes == ["roster.points_unspent"]
    inline = force_data(stranger, [card])
    assert check_force(inline, [], context).codes == ["roster.points_unspent"]
    over = force_data(Roster(name="S", army="Clockwork Legion", limit=50, units=(
        RosterLine(unit="Gearknight", count=2),)))
    assert check_force(over, [], context).codes == ["roster.over_limit"]


GOLDEN = tomllib.loads((Path(__file__).parent / "golden" / "records.toml").read_text("utf-8"))


@pytest.mark.parametrize("case", GOLDEN["force"], ids=[c["about"] for c in GOLDEN["force"]])
def test_golden_force_records(case: dict[str, Any], context: Context) -> None:
    report = check_force(case["data"], [], context)
    assert sorted(report.codes) == sorted(case["codes"]), [v.message for v in report]
    if "roster.unreadable" in case["codes"]:
        assert read_force("F", case["data"])[0] is None


@pytest.mark.parametrize("case", GOLDEN["history"],
                         ids=[c["about"] for c in GOLDEN["history"]])
def test_golden_battle_histories(case: dict[str, Any], context: Context) -> None:
    report = check_battles({}, case["events"], context)
    assert sorted(report.codes) == sorted(case["codes"]), [v.message for v in report]


DAY = dt.date(2026, 11, 28)
WON = Battle(date=DAY, limit=500, victory=Victory.REGICIDE,
             sides=(Side(player="Ann", force="Iron Vanguard", points=490), Side(player="Bob")),
             winner="Ann")


def test_battles_are_events_replayed_with_undo(context: Context) -> None:
    payload = battle_payload(WON)
    assert payload["date"] == "2026-11-28" and payload["side"][1] == {"player": "Bob"}
    assert read_battle(payload) == (WON, [])
    events = [{"kind": BATTLE_EVENT, "payload": payload},
              {"kind": UNDO_EVENT, "payload": {"event": 1}}]
    report = check_battles({}, events, context)
    assert report.codes == [] and report.summary["battles"] == 0
    assert check_battles({}, [*events, events[1]], context).codes == ["ledger.bad_undo"]
    draw = battle_payload(Battle(date=DAY, limit=300, victory=Victory.TERRITORY,
                                 sides=(Side(player="Ann"), Side(player="Ann"))))
    assert check_battles({}, [{"kind": BATTLE_EVENT, "payload": draw}],
                         context).codes == ["battle.sides"]
    assert describe_battle(events[0]) == \
        "2026-11-28: Ann v Bob at 500 points (regicide): Ann won"
    assert describe_battle(events[1]) == "undid battle #1"
