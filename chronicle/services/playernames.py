"""Players by identity at the services' boundary: a record's player places (declared by its
game in ``RecordKind.players``) hold ids in the database and names everywhere else.

``Players`` is the group's players as the translation needs them (by id, by name key): read
from a session, or made from an export's list of players (numbered in order, as the import
inserts them). ``shown`` turns a stored value into what the games' rules, the services and the
files see (a player's current name; a guest's name marked ``(guest)``); ``stored`` turns a
value a front or a file wrote into what the database keeps, and names every place whose name
is no player's (``record.unknown_player``) unless the record kind takes guests. ``linked``
lists the records a value names (``RecordKind.links``) for the caller to look up
(``record.unknown_record`` when one is missing). Pure but for ``Players.of``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronicle.domain import playerrefs
from chronicle.domain.values import name_key

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.protocol import RecordKind

UNKNOWN_PLAYER = "record.unknown_player"
"""The code of a record's player place naming no player of the group (and not a guest)."""
UNKNOWN_RECORD = "record.unknown_record"
"""The code of a record naming another record (a battle side's force) that does not exist or
is not its player's."""


@dataclass(frozen=True)
class Players:
    """The group's players: names by id and ids by name key."""

    names: dict[int, str] = field(default_factory=dict)
    ids: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, session: Session) -> Players:
        """The players of the database ``session`` reads."""
        from chronicle.persistence import repository as repo

        rows = [(row.id, row.name) for row in repo.list_players(session) if row.id is not None]
        return cls.named(rows)

    @classmethod
    def named(cls, rows: Iterable[tuple[int, str]]) -> Players:
        """Players from (id, name) pairs."""
        found = cls()
        for player_id, name in rows:
            found.names[player_id] = name
            found.ids[name_key(name)] = player_id
        return found

    @classmethod
    def listed(cls, names: Iterable[str]) -> Players:
        """The players of an export, numbered 1, 2, ... in their order (as inserted)."""
        return cls.named(enumerate(names, start=1))


@dataclass(frozen=True)
class Unknown:
    """A player place naming no player: where (``side[1].player``) and the name."""

    where: str
    name: str

    def said(self, what: str) -> str:
        """One line: the place, the name and the code."""
        return (f"{what}{'.' if what else ''}{self.where}: no player is called "
                f"{self.name[:80]!r} ({UNKNOWN_PLAYER})")


def shown(spec: RecordKind, where: str, value: dict[str, Any], players: Players, *,
          export: bool = False) -> dict[str, Any]:
    """``value`` (the data, ``where="data"``, or an event's payload of kind ``where``) as the
    games and the files see it: each player's id as their current name, a guest by name
    (marked ``(guest)`` when a player has that name, or always in an ``export``)."""
    if not spec.players:
        return value
    taken = None if export else players.ids
    return playerrefs.rewrite(spec.players, where, value,
                              lambda leaf, _at: playerrefs.shown(leaf, players.names, taken))


def shown_events(spec: RecordKind, events: Iterable[dict[str, Any]], players: Players, *,
                 export: bool = False) -> list[dict[str, Any]]:
    """Stored events (``{"kind", "payload"}``) as the games see them."""
    return [{**event, "payload": shown(spec, str(event.get("kind")),
                                       dict(event.get("payload") or {}), players,
                                       export=export)}
            for event in events]


def stored(spec: RecordKind, where: str, value: dict[str, Any], players: Players,
           ) -> tuple[dict[str, Any], list[Unknown]]:
    """``value`` as the database keeps it: each name of a player as their id, each guest
    (marked, or any name no player has when the kind takes guests) as its own name; and the
    places that name no player (left as they were)."""
    if not spec.players:
        return value, []
    unknown: list[Unknown] = []

    def kept(leaf: playerrefs.Leaf, at: str) -> playerrefs.Leaf:
        if not isinstance(leaf, str):  # a file names players by name; a number is no name
            unknown.append(Unknown(at, str(leaf)))
            return leaf
        guest = playerrefs.guest_of(leaf)
        if guest is not None:
            return guest
        found = players.ids.get(name_key(leaf))
        if found is not None:
            return found
        if spec.guests:
            return " ".join(leaf.split())
        unknown.append(Unknown(at, leaf))
        return leaf

    return playerrefs.rewrite(spec.players, where, value, kept), unknown


def linked(spec: RecordKind, where: str, value: dict[str, Any],
           ) -> list[tuple[str, str, str, str | None]]:
    """The records ``value`` (as shown: names) names: (where, kind, name, owner's name or
    None for the group's), one per table of each ``RecordKind.links``."""
    found: list[tuple[str, str, str, str | None]] = []
    for link in spec.links:
        for index, table in enumerate(playerrefs.tables(link.at, where, value)):
            name = table.get(link.name)
            if not isinstance(name, str):
                continue
            owner = table.get(link.owner) if link.owner else None
            place = playerrefs.split(link.at)[1][-1].removesuffix("[]")
            found.append((f"{place}[{index}].{link.name}", link.kind, name,
                          owner if isinstance(owner, str) else None))
    return found


def spec_of(game: str, kind: str) -> RecordKind | None:
    """The record kind ``kind`` of the installed game ``game`` (None: not installed)."""
    from chronicle.systems import registry

    try:
        system = registry.system(game)
    except (registry.UnknownSystem, registry.BadSystem):
        return None
    return system.record_kind(kind) if system.key == game else None


def exported(game: str, kind: str, data: dict[str, Any], events: list[dict[str, Any]],
             players: Players) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A stored record's data and events (``{"kind", "payload", ...}``) as a whole-database
    export writes them: players by name, every guest marked."""
    spec = spec_of(game, kind)
    if spec is None or not spec.players:
        return data, events
    return (shown(spec, "data", dict(data), players, export=True),
            shown_events(spec, events, players, export=True))


def file_problems(spec: RecordKind, where: str, data: dict[str, Any],
                  events: list[tuple[str, dict[str, Any]]], players: Players,
                  records: set[tuple[str, str, str]]) -> list[str]:
    """What an imported record (at JSON path ``where``) names that the group lacks: a player
    place naming no player (``record.unknown_player``), a linked record (a side's force) that
    is not its player's (``record.unknown_record``); ``records`` holds the file's records as
    (kind, owner's name key or "", name key)."""
    problems: list[str] = []
    values = [(f"{where}.data", "data", data)] + [
        (f"{where}.events[{e}].payload", kind, payload)
        for e, (kind, payload) in enumerate(events)]
    for at, kind, value in values:
        kept, unknown = stored(spec, kind, value, players)
        problems += [u.said(at) + "; add the player to players, or mark a guest as "
                     f"'{u.name[:40]} (guest)'" for u in unknown]
        if unknown:
            continue
        for place, linked_kind, name, owner in linked(spec, kind, shown(spec, kind, kept,
                                                                          players)):
            key = (linked_kind, name_key(owner) if owner else "", name_key(name))
            if key not in records:
                whose = f"{owner} has" if owner else "the group has"
                problems.append(f"{at}.{place}: {whose} no {linked_kind} called "
                                f"{name[:80]!r} in records ({UNKNOWN_RECORD})")
    return problems


def names_of(spec: RecordKind, data: dict[str, Any],
             events: Iterable[dict[str, Any]]) -> set[playerrefs.Leaf]:
    """Every value of a stored record's player places (ids and guests' names)."""
    found: set[playerrefs.Leaf] = set(playerrefs.leaves(spec.players, playerrefs.DATA, data))
    for event in events:
        found.update(playerrefs.leaves(spec.players, str(event.get("kind")),
                                       dict(event.get("payload") or {})))
    return found


__all__ = ["UNKNOWN_PLAYER", "UNKNOWN_RECORD", "Players", "Unknown", "exported",
           "file_problems", "linked", "names_of", "shown", "shown_events", "spec_of", "stored"]
