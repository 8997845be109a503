"""The League map of a prepared game, kept with the game as a ledger in the record store.

A game's map is the group's record of kind ``map`` named by the game's id and creation time
(``game 12 created 2026-11-20T19:30:00.123456``: it stays the game's through a rename, and a
later game given the id of a deleted one does not inherit its map; ``data`` names the game).
Its history holds the map's events (``place``, ``treasure``, ``camp``, ``undo``;
``chronicle.systems.wyld_hunt.rules.map``). Each write reads the game (its players' Leagues,
Treasures, character points and opponents) and the map in one transaction, replays the map with
the new event, and refuses (``Refused``, nothing written) an event that brings an error; the
event is appended on the version read (a writer who came second runs again on the fresh map).
Undo appends a compensating event that takes back the latest event in effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import name_key
from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report
from chronicle.services.common import new_errors, refuse_if
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.rules.map import MapSetup, MapState, replay
from chronicle.systems.wyld_hunt.rules.map_ledger import from_state, valid_payload
from chronicle.systems.wyld_hunt.services.common import game_row as _game_row

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.grouptables import GameRow, RecordRow

KIND = "map"
"""The record kind of a game's League map (``GameSystem.records``)."""


@dataclass
class MapView:
    """A game's map: the state its ledger leaves, the report and the history."""

    game: str
    version: int
    state: MapState
    report: Report
    events: list[dict[str, Any]]
    players: list[str]
    leagues: dict[str, list[str]]
    """Each player's Leagues not yet on the map (the duplicate of a Unique one included)."""
    treasures: dict[str, list[str]]
    """Each player's Quest Treasures not yet placed."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle map show --json``."""
        return {"game": self.game, "version": self.version, "valid": self.report.valid,
                **self.state.to_dict(), "to_lay": self.leagues,
                "to_place": self.treasures,
                "events": [{"seq": n, **e} for n, e in enumerate(self.events, start=1)],
                "violations": [v.to_dict(game=self.game) for v in self.report.violations]}


def record_name(game: GameRow) -> str:
    """The name of ``game``'s map record: its id and its creation time (UTC, to the
    microsecond, as every backend keeps it)."""
    made = game.created_at
    if made.tzinfo is not None:
        made = made.astimezone(UTC).replace(tzinfo=None)
    return f"game {game.id} created {made:%Y-%m-%dT%H:%M:%S.%f}"


def _record(session: Session, game: GameRow) -> RecordRow | None:
    from chronicle.persistence import recordqueries as store

    rows = store.find_records(session, GAME, KIND, record_name(game), owner=store.GROUP)
    return rows[0] if rows else None


def _events(session: Session, row: RecordRow | None) -> list[dict[str, Any]]:
    from chronicle.persistence import recordqueries as store

    if row is None or row.id is None:
        return []
    return [{"kind": e.kind, "payload": dict(e.payload)}
            for e in store.record_events(session, [row.id])[row.id]]


def _setup(session: Session, game: GameRow) -> MapSetup:
    from chronicle.systems.wyld_hunt.services.common import catalog
    from chronicle.systems.wyld_hunt.services.games import _view

    cat = catalog()
    return from_state(_view(session, game, cat).state, cat, game.name)


def _left(chosen: dict[str, tuple[str, ...]], done: list[tuple[str, str]],
          ) -> dict[str, list[str]]:
    """Per player, the cards ``chosen`` less those ``done`` (``(player, card)``), copy by
    copy."""
    laid: dict[tuple[str, str], int] = {}
    for who, card in done:
        key = (name_key(who), name_key(card))
        laid[key] = laid.get(key, 0) + 1
    found: dict[str, list[str]] = {}
    for player, cards in chosen.items():
        left = []
        for league in cards:
            key = (name_key(player), name_key(league))
            if laid.get(key, 0) > 0:
                laid[key] -= 1
            else:
                left.append(league)
        found[player] = left
    return found


def _map_view(session: Session, game: GameRow) -> MapView:
    setup = _setup(session, game)
    row = _record(session, game)
    events = _events(session, row)
    state, report = replay(setup, events)
    leagues = _left({p.name: p.leagues for p in setup.players},
                    [(p.player, p.league) for p in state.cells.values()])
    treasures = _left({p.name: p.treasures for p in setup.players},
                      [pair for under in state.treasures.values() for pair in under])
    return MapView(game.name, row.version if row is not None else 0, state, report, events,
                   [p.name for p in setup.players], leagues, treasures)


def show_map(db: Database, game: str) -> MapView:
    """A game's map, checked."""
    with db.transaction() as session:
        return _map_view(session, _game_row(session, game))


def _append(db: Database, game: str, kind: str, payload: dict[str, Any], what: str,
            expected_version: int | None = None) -> MapView:
    """Check the event against the game and its map, then append it (all in one
    transaction)."""
    from chronicle.persistence import recordqueries as store
    from chronicle.persistence import repository as repo

    problem = valid_payload(kind, payload)
    if problem is not None:
        raise BadInput(problem)

    def work(session: Session) -> MapView:
        row = _game_row(session, game)
        if row.status != "prepared":
            raise Refused(f"{row.name} has been played; its map is fixed")
        before = _map_view(session, row)
        if expected_version is not None and before.version != expected_version:
            raise Refused(f"the map of {row.name} is at version {before.version}, not "
                          f"{expected_version}: someone changed it; show it again")
        setup = _setup(session, row)
        _state, after = replay(setup, [*before.events, {"kind": kind, "payload": payload}])
        refuse_if(new_errors(before.report, after), what)
        record = _record(session, row)
        if record is None:
            record = store.add_record(session, GAME, KIND, record_name(row),
                                      {"game": row.name, "game_id": row.id}, None)
        store.append_record_event(session, record, kind, payload)
        repo.touch(record)
        session.add(record)
        session.flush()
        return _map_view(session, row)

    return db.run(work)


def _cell(view: MapView, on: str | None, at: tuple[int, int] | None) -> tuple[int, int]:
    """The square named by ``at``, or the square of the League called ``on``."""
    if at is not None:
        return at
    if on is None:
        raise BadInput("say where: --on LEAGUE or --at X,Y")
    found = [(p.x, p.y) for p in view.state.cells.values() if name_key(p.league) == name_key(on)]
    if not found:
        raise NotFound(f"no League called {on!r} lies on the map of {view.game}")
    if len(found) > 1:
        raise BadInput(f"{on} lies on the map {len(found)} times; say which with --at X,Y")
    return found[0]


def place(db: Database, game: str, league: str, *, at: tuple[int, int], turn: int = 0,
          player: str | None = None, expected_version: int | None = None) -> MapView:
    """Lay ``league`` at ``at``, turned ``turn`` degrees, for ``player`` (by default the one
    seated player who still has it to lay)."""
    from chronicle.systems.wyld_hunt.services.common import catalog

    card = catalog().get(league, "league")
    name = card.name if card is not None else league
    if player is None:
        view = show_map(db, game)
        having = [who for who, left in view.leagues.items()
                  if any(name_key(n) == name_key(name) for n in left)]
        if len(having) != 1:
            raise BadInput(f"say whose {name} it is with --player ("
                           + (", ".join(having) if having else "no player has it to lay") + ")")
        player = having[0]
    payload = {"league": name, "player": player, "x": at[0], "y": at[1], "turn": turn}
    return _append(db, game, "place", payload, f"Laying {name} at {at[0]},{at[1]}",
                   expected_version)


def treasure(db: Database, game: str, name: str, *, player: str, on: str | None = None,
             at: tuple[int, int] | None = None, expected_version: int | None = None) -> MapView:
    """Place ``player``'s Treasure ``name`` under the League ``on`` (or at ``at``)."""
    from chronicle.systems.wyld_hunt.services.common import catalog

    card = catalog().get(name, "merit")
    shown = card.name if card is not None else name
    x, y = _cell(show_map(db, game), on, at)
    return _append(db, game, "treasure", {"treasure": shown, "player": player, "x": x, "y": y},
                   f"Placing {player}'s {shown}", expected_version)


def camp(db: Database, game: str, player: str, *, by: str | None = None, on: str | None = None,
         at: tuple[int, int] | None = None, expected_version: int | None = None) -> MapView:
    """Choose ``player``'s Base Camp (chosen ``by`` the opponent, by default the one whose
    Waylays oppose ``player``)."""
    view = show_map(db, game)
    x, y = _cell(view, on, at)
    seated = {name_key(p): p for p in view.players}
    who = seated.get(name_key(player))
    if who is None:
        raise NotFound(f"{player!r} has no seat in {view.game}")
    if by is None:
        with db.transaction() as session:
            setup = _setup(session, _game_row(session, game))
        found = next((p for p in setup.players if p.name == who), None)
        by = found.opponent if found is not None and found.opponent else None
        if by is None:
            raise BadInput(f"say who chooses {who}'s Base Camp with --by")
    return _append(db, game, "camp", {"player": who, "by": by, "x": x, "y": y},
                   f"Choosing {who}'s Base Camp", expected_version)


def undo(db: Database, game: str, *, expected_version: int | None = None) -> MapView:
    """Take back the latest map event still in effect (a compensating event)."""
    view = show_map(db, game)
    if not view.state.active:
        raise Refused(f"the map of {view.game} has nothing to undo")
    latest = view.state.active[-1][0]
    return _append(db, game, "undo", {"seq": latest}, f"Undoing map event {latest}",
                   expected_version)


__all__ = ["KIND", "MapView", "camp", "place", "show_map", "treasure", "undo"]
