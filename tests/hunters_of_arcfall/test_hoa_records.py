"""A game kept in the database is checked exactly as its file is: every golden game log, turned
into a record (data and events), gives the same codes through the record store's check, and a
stored game that breaks the format is ``game.unreadable``, never a crash."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game
from chronicle.systems.hunters_of_arcfall.huntrecords import (
    check_record,
    describe_event,
    document,
    record_data,
    record_event,
)
from tests.hunters_of_arcfall.test_hoa_golden import CARDS, CASES, GOLDEN, run


@dataclass(frozen=True)
class Context:
    user_cards_dir: Path | None
    group_cards: tuple[dict[str, Any], ...] = ()


USABLE = [c for c in CASES if c["exit"] != 2]


def as_record(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    loaded = load_game(path)
    assert loaded.log is not None, loaded.problems
    cards = [{k: v for k, v in e.data.items()} for e in loaded.cards]
    events = [dict(zip(("kind", "payload"), record_event(e), strict=True))
              for e in loaded.log.entries]
    return record_data(loaded.log, cards), events


@pytest.mark.parametrize("case", USABLE, ids=[c["file"].split("/")[-1][:-5] for c in USABLE])
def test_a_stored_game_gives_the_codes_of_its_file(case: dict[str, Any]) -> None:
    data, events = as_record(GOLDEN / case["file"])
    stored = check_record(data, events, Context(CARDS))
    filed = run(case).report
    assert filed is not None
    assert Counter(stored.codes) == Counter(filed.codes) == Counter(case["codes"])


def test_the_group_cards_and_the_games_own_cards_count(tmp_path: Path) -> None:
    data, events = as_record(GOLDEN / "games/finished-winner.toml")
    bare = check_record(data, events, Context(tmp_path))          # no table cards at all
    assert "card.unknown" in bare.codes
    group = tuple({"name": c["name"], **c} for c in _table_cards())
    assert "card.unknown" not in check_record(data, events, Context(tmp_path, group)).codes
    own = {**data, "card": list(group)}
    assert "card.unknown" not in check_record(own, events, Context(tmp_path)).codes


def _table_cards() -> list[dict[str, Any]]:
    import tomllib

    tables: list[dict[str, Any]] = tomllib.loads(
        (CARDS / "table.toml").read_text(encoding="utf-8"))["card"]
    return tables


@pytest.mark.parametrize("data", [
    {"limit": "15", "player": [{"name": "Ana", "hunter": "Gus"}]},
    {"limit": 15, "player": []},
    {"limit": 15, "player": [{"name": "Ana\x1b[2J", "hunter": "Gus"}]},
    {"limit": 15, "player": [{"name": "Ana", "hunter": "Gus", "extra": 1}]},
    {"limit": 15, "player": [{"name": "A" * 10_000, "hunter": "Gus"}]},
    {"limit": 15, "player": "Ana"},
    {"limit": 15, "player": [{"name": "Ana", "hunter": "Gus"}], "card": [{"kind": "bounty"}]},
])
def test_broken_stored_data_is_unreadable_not_a_crash(tmp_path: Path,
                                                      data: dict[str, Any]) -> None:
    report = check_record(data, [], Context(tmp_path))
    assert report.codes == ["game.unreadable"] and not report.valid


@pytest.mark.parametrize("event", [
    {"kind": "turn", "payload": {"player": "Ana"}},                       # no end
    {"kind": "turn", "payload": {"player": "Zed", "end": "claimed"}},     # not seated
    {"kind": "turn", "payload": {"player": "Ana", "end": "claimed", "heals": -1}},
    {"kind": "undo", "payload": {"undo": 0}},
    {"kind": "teleport", "payload": {}},
    {"kind": "turn", "payload": None},
])
def test_broken_stored_events_are_unreadable(tmp_path: Path, event: dict[str, Any]) -> None:
    data = {"limit": 15, "player": [{"name": "Ana", "hunter": "Gus"},
                                    {"name": "Bo", "hunter": "Gus 2"}]}
    report = check_record(data, [event], Context(tmp_path))
    assert "game.unreadable" in report.codes


def test_events_are_described_in_one_line() -> None:
    turn = {"kind": "turn", "payload": {"player": "Ana", "drawn": ["Vex"], "captured": ["Vex"],
                                        "heals": 2, "ability": True, "end": "claimed"}}
    assert describe_event(turn) == ("Ana, draws Vex, captures Vex, heals 2x, uses the ability; "
                                    "stops and claims")
    assert describe_event({"kind": "undo", "payload": {"undo": 3}}) == "undo of entry 3"
    assert describe_event({"kind": "turn", "payload": "x"}) == "turn: (no payload)"


def test_the_document_of_a_record_reads_back_as_the_same_log() -> None:
    path = GOLDEN / "games/undo-fixed.toml"
    data, events = as_record(path)
    from chronicle.systems.hunters_of_arcfall.gamelogfile import read_document

    again = read_document(document("undo fixed", data, events), path)
    loaded = load_game(path)
    assert again.log is not None and loaded.log is not None
    assert again.log.entries == loaded.log.entries and again.log.seats == loaded.log.seats
