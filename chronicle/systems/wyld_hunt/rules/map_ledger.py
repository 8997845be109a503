"""The League map's ledger as stored and read: the shape of each event, its one-line
description, the record store's own check of a stored map (``db import``, ``restore``), and the
map's view of a checked game setup. The rules themselves are ``rules.map``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.rules.ledger import event_line
from chronicle.rules.report import Report
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import Card, League
from chronicle.systems.wyld_hunt.rules.map import (
    EVENT_KINDS,
    SQUARE_MAX,
    MapPlayer,
    MapSetup,
    replay,
    undo_fix,
)

if TYPE_CHECKING:
    from chronicle.rules.lookup import CardLookup
    from chronicle.systems.wyld_hunt.rules.game import SetupState


LINES = {"place": "{player} lays {league} at {where}{turned}",
         "treasure": "{player} places {treasure} under {where}",
         "camp": "{by} chooses {player}'s Base Camp at {where}", "undo": "undo event {seq}"}
"""Each map event's line in a record listing, filled from its payload (``where`` is x,y)."""


def describe(event: dict[str, Any]) -> str:
    """One line for a map event (``chronicle record`` listings)."""
    p = dict(event.get("payload") or {})
    turned = f", turned {p.get('turn')}" if p.get("turn") else ""
    return event_line(LINES, str(event.get("kind", "")),
                      {**p, "where": f"{p.get('x')},{p.get('y')}", "turned": turned})


def check_record(data: dict[str, Any], events: list[dict[str, Any]],
                 context: Any = None) -> Report:
    """The record store's check of a stored map (``GameSystem.records``), as ``db import`` and
    ``restore`` run it: every event well formed and the map's own geometry, undo and Base Camp
    rules; what needs the game (its players' Leagues) or the cards' sides is checked when the
    map is written through ``chronicle map`` or the app."""
    report = Report()
    game = str(data.get("game") or "the game")
    for seq, event in enumerate(events, start=1):
        problem = valid_payload(str(event.get("kind", "")), dict(event.get("payload") or {}))
        if problem is not None:
            report.add(codes.MAP_BAD_UNDO(f"map event {seq}: {problem}", fix=undo_fix(
                game, f"event {seq}")))
    if report.violations:
        return report
    _state, found = replay(MapSetup(game, (), None), events)
    return found


def league_lookup(catalog: CardLookup[Card]) -> Callable[[str], League | None]:
    """Leagues by name from a card catalog."""
    def find(name: str) -> League | None:
        card = catalog.get(name, "league")
        return card if isinstance(card, League) else None
    return find


def from_state(state: SetupState, catalog: CardLookup[Card], game: str) -> MapSetup:
    """The map's view of a checked game setup: each player's Leagues, Treasures, character
    points and the opponent who chooses their Base Camp (the one whose Waylays oppose them,
    the other player in a two-player game)."""
    players = []
    for p in state.players:
        opponents = list(p.waylaid_by) or [o.name for o in state.players if o.name != p.name]
        players.append(MapPlayer(p.name, tuple(p.setup.leagues), tuple(p.setup.treasures),
                                 p.character_points,
                                 opponents[0] if len(opponents) == 1 else None))
    return MapSetup(game, tuple(players), league_lookup(catalog))


def valid_payload(kind: str, payload: dict[str, Any]) -> str | None:
    """What is wrong with the shape of an event's payload (None when it is well formed)."""
    shapes: dict[str, dict[str, type]] = {
        "place": {"league": str, "player": str, "x": int, "y": int},
             "treasure": {"treasure": str, "player": str, "x": int, "y": int},
             "camp": {"player": str, "by": str, "x": int, "y": int},
             "undo": {"seq": int}}
    needs = shapes.get(kind)
    if needs is None:
        return f"unknown map event kind {kind[:40]!r}; use {', '.join(EVENT_KINDS)}"
    for key, kind_of in needs.items():
        value = payload.get(key)
        if type(value) is not kind_of:
            return f"a {kind} event needs {key} ({'text' if kind_of is str else 'a number'})"
    if any(abs(payload.get(key, 0)) > SQUARE_MAX for key in ("x", "y")):
        return f"a square lies within {SQUARE_MAX} of 0,0 each way"
    if kind == "place" and type(payload.get("turn", 0)) is int and \
            abs(payload.get("turn", 0)) > 360:
        return "a turn is 0 or 180 degrees"
    extra = set(payload) - set(needs) - {"turn"}
    if extra or (kind == "place" and type(payload.get("turn", 0)) is not int):
        return f"a {kind} event has unknown or wrong keys: {', '.join(sorted(extra)) or 'turn'}"
    return None


__all__ = ["check_record", "describe", "from_state", "league_lookup", "valid_payload"]
