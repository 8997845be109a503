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

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronicle.domain import playerrefs
from chronicle.domain.values import name_key

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.domain.cardrefs import Resolve
    from chronicle.systems.protocol import RecordKind

UNKNOWN_PLAYER = "record.unknown_player"
"""The code of a record's player place naming no player of the group (and not a guest)."""
NOT_SINGLE = "record.not_single"
"""The code of a second record of a kind the group keeps one of (``RecordKind.single``)."""
UNKNOWN_RECORD = "record.unknown_record"
"""The code of a record naming another record (a battle side's force) that does not exist or
is not its player's."""


@dataclass(frozen=True)
class Players:
    """The group's players (names by id, ids by name key) and, for a game whose records name
    other records (``RecordKind.links``), those records: names by id, and the ids a write may
    name by (kind, owner's id or 0 for the group's, name key)."""

    names: dict[int, str] = field(default_factory=dict)
    ids: dict[str, int] = field(default_factory=dict)
    record_names: dict[int, str] = field(default_factory=dict)
    records: dict[tuple[str, int, str], int] = field(default_factory=dict)

    @classmethod
    def of(cls, session: Session, game: str | None = None,
           spec: RecordKind | None = None) -> Players:
        """The players of the database ``session`` reads, and the records of ``game`` that a
        record of ``spec`` may name (those in use may be named by a write)."""
        from chronicle.persistence import recordqueries as store
        from chronicle.persistence import repository as repo

        found = cls.named((row.id, row.name) for row in repo.list_players(session)
                          if row.id is not None)
        for kind in dict.fromkeys(link.kind for link in (spec.links if spec else ())):
            assert game is not None, "a record's links are looked up in its game"
            for row in store.find_records(session, game, kind, archived=None):
                if row.id is not None:
                    found.add_record(row.id, kind, row.owner, row.name,
                                     in_use=row.archived_at is None)
        return found

    @classmethod
    def named(cls, rows: Iterable[tuple[int, str]]) -> Players:
        """Players from (id, name) pairs."""
        found = cls()
        for player_id, name in rows:
            found.names[player_id] = name
            if isinstance(name, str):  # (a name edited into bytes is the export check's)
                found.ids[name_key(name)] = player_id
        return found

    @classmethod
    def listed(cls, names: Iterable[str]) -> Players:
        """The players of an export, numbered 1, 2, ... in their order (as inserted)."""
        return cls.named(enumerate(names, start=1))

    def add_record(self, record_id: int, kind: str, owner: int, name: str, *,
                   in_use: bool = True) -> None:
        """Know the record ``record_id`` (of the player ``owner``, or 0: the group's)."""
        self.record_names[record_id] = name
        if in_use:
            self.records[(kind, owner, name_key(name))] = record_id


@dataclass(frozen=True)
class Unknown:
    """A place naming no player, or no record its player has: where (``side[1].player``), the
    name, and the sentence and code that say so."""

    where: str
    name: str
    why: str = ""
    code: str = UNKNOWN_PLAYER

    def said(self, what: str) -> str:
        """One line: the place, what it lacks and the code."""
        why = self.why or f"no player is called {self.name[:80]!r}"
        return f"{what}{'.' if what else ''}{self.where}: {why} ({self.code})"


def shown(spec: RecordKind, where: str, value: dict[str, Any], players: Players, *,
          export: bool = False) -> dict[str, Any]:
    """``value`` (the data, ``where="data"``, or an event's payload of kind ``where``) as the
    games and the files see it: each player's id as their current name, a guest by name
    (marked ``(guest)`` when a player has that name, and always in an ``export`` or where the
    kind takes no guests, so that what is shown is written back as it was), each linked
    record's id as its current name (a name no record has any more marked ``(gone)`` in an
    ``export``)."""
    if not spec.players and not spec.links:
        return value
    taken = None if export or not spec.guests else players.ids
    found = playerrefs.rewrite(spec.players, where, value,
                               lambda leaf, _at: playerrefs.shown(leaf, players.names, taken))
    for link in spec.links:
        for table in playerrefs.tables(link.at, where, found):
            leaf = table.get(link.name)
            if isinstance(leaf, int) and not isinstance(leaf, bool):
                table[link.name] = players.record_names.get(
                    leaf, f"record #{leaf}{playerrefs.GONE}")
            elif isinstance(leaf, str) and export:
                table[link.name] = leaf + playerrefs.GONE
    return found


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
    (marked, or any name no player has when the kind takes guests) as its own name, each
    linked record as its id (one marked ``(gone)`` as its own name); and the places that name
    no player, or no record in use of their player (left as they were)."""
    if not spec.players and not spec.links:
        return value, []
    unknown: list[Unknown] = []

    def kept(leaf: playerrefs.Leaf, at: str) -> playerrefs.Leaf:
        if not isinstance(leaf, str) or not leaf.split():  # a number or a blank is no name
            unknown.append(Unknown(at, str(leaf)))
            return leaf
        found = players.ids.get(name_key(leaf))
        if found is not None:  # a player's name first (one added before guests were marked)
            return found
        guest = playerrefs.guest_of(leaf)
        if guest is not None and guest.split():  # kept as names are: blanks made one space
            return " ".join(guest.split())
        if spec.guests:
            return " ".join(leaf.split())
        unknown.append(Unknown(at, leaf))
        return leaf

    value = playerrefs.rewrite(spec.players, where, value, kept)
    if unknown:
        return value, unknown
    for link in spec.links:
        place = playerrefs.split(link.at)[1][-1].removesuffix("[]")
        for index, table in enumerate(playerrefs.tables(link.at, where, value)):
            leaf = table.get(link.name)
            if leaf is None:
                continue
            gone = playerrefs.gone_of(leaf) if isinstance(leaf, str) else None
            if gone is not None:
                table[link.name] = gone
                continue
            owner = table.get(link.owner) if link.owner else 0
            found = players.records.get((link.kind, owner, name_key(leaf))) \
                if isinstance(leaf, str) and isinstance(owner, int) else None
            if found is None:
                whose = ("the group has" if not link.owner else
                         f"{players.names.get(owner, '?')} has" if isinstance(owner, int) else
                         f"the guest {str(owner)[:40]!r} has")
                unknown.append(Unknown(f"{place}[{index}].{link.name}", str(leaf),
                                       f"{whose} no {link.kind} called {str(leaf)[:80]!r} in "
                                       "use", UNKNOWN_RECORD))
                continue
            table[link.name] = found
    return value, unknown


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
    if spec is None or (not spec.players and not spec.links):
        return data, events
    return (shown(spec, "data", dict(data), players, export=True),
            shown_events(spec, events, players, export=True))


def file_problems(spec: RecordKind, where: str, data: dict[str, Any],
                  events: list[tuple[str, dict[str, Any]]], players: Players) -> list[str]:
    """What an imported record (at JSON path ``where``) names that the group lacks: a player
    place naming no player (``record.unknown_player``), a linked record (a side's force) that
    is not its player's (``record.unknown_record``); ``players`` holds the file's players and
    records."""
    problems: list[str] = []
    values = [(f"{where}.data", "data", data)] + [
        (f"{where}.events[{e}].payload", kind, payload)
        for e, (kind, payload) in enumerate(events)]
    for at, kind, value in values:
        unknown = stored(spec, kind, value, players)[1]
        problems += [u.said(at) + ("; add the player to players, or mark a guest as "
                                   f"'{u.name[:40]} (guest)'" if u.code == UNKNOWN_PLAYER
                                   else "; name one of that player's records, or mark one "
                                   f"no longer kept as '{u.name[:40]} (gone)'")
                     for u in unknown]
    return problems


def names_of(spec: RecordKind, data: dict[str, Any],
             events: Iterable[dict[str, Any]]) -> set[playerrefs.Leaf]:
    """Every value of a stored record's player places (ids and guests' names)."""
    found: set[playerrefs.Leaf] = set(playerrefs.leaves(spec.players, playerrefs.DATA, data))
    for event in events:
        found.update(playerrefs.leaves(spec.players, str(event.get("kind")),
                                       dict(event.get("payload") or {})))
    return found


@dataclass(frozen=True)
class Boundary:
    """The store's crossing for one record kind: names in (``kept``: ids, refusing a name the
    group lacks), names out (``seen``) — the identity of ``players`` for ``spec``'s places."""

    spec: RecordKind | None
    players: Players
    cards: Resolve | None = None
    """The card's own name for a name written at the kind's card places (``spec.cards``)."""

    @classmethod
    def of(cls, session: Session, game: str, spec: RecordKind | None,
           players: Players | None = None) -> Boundary:
        """The crossing of ``spec`` (None: a game no longer installed: values pass as they
        are) in ``session``'s database (its players read once, unless given; its cards read
        at the first card named)."""
        if players is None:
            players = Players.of(session, game, spec) if spec is not None and (
                spec.players or spec.links) else Players()
        cards = None
        if spec is not None and spec.cards:
            from chronicle.services.cardnames import resolver

            cards = resolver(session, game)
        return cls(spec, players, cards)

    def kept(self, where: str, value: dict[str, Any], what: str) -> dict[str, Any]:
        """``value`` as the database keeps it.

        Raises:
            NotFound: a player place names no player (``record.unknown_player``), or a linked
                place no record in use of its player (``record.unknown_record``); nothing is
                written.
        """
        from chronicle.domain.text import suggest
        from chronicle.errors import NotFound

        if self.spec is None:
            return value
        if self.cards is not None:      # a card named by another of its names: its own
            from chronicle.domain.cardrefs import named

            value = named([(place.at, place.kinds) for place in self.spec.cards], where, value,
                          self.cards)
        found, unknown = stored(self.spec, where, value, self.players)
        if unknown:
            first = unknown[0]
            near = suggest(first.name, list(self.players.names.values())) \
                if first.code == UNKNOWN_PLAYER else None
            raise NotFound(first.said(what) + (
                f"; did you mean {near!r}?" if near else
                "; add one with 'chronicle player add NAME'" if first.code == UNKNOWN_PLAYER
                else "") + "; nothing was written")
        return found

    def seen(self, where: str, value: dict[str, Any]) -> dict[str, Any]:
        """A stored value as the services see it (a copy)."""
        if self.spec is None:
            return copy.deepcopy(dict(value))
        return shown(self.spec, where, copy.deepcopy(dict(value)), self.players)

    def events(self, events: Iterable[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
        """Stored (kind, payload) pairs as the rules see events (``{"kind", "payload"}``)."""
        return [{"kind": kind, "payload": self.seen(kind, payload)} for kind, payload in events]


def naming(session: Session, player_id: int) -> list[str]:
    """Every record of every installed game (archived ones too) whose player places name the
    player ``player_id`` (a battle history's sides, a hunt's seats, a campaign's guilds), as
    "label 'name'": what a delete of the player would leave naming no one."""
    from chronicle.persistence import recordqueries as store
    from chronicle.systems import registry

    found: list[str] = []
    for system in registry.systems():
        for spec in getattr(system, "records", ()):
            if not spec.players:
                continue
            rows = store.find_records(session, system.key, spec.name, archived=None)
            histories = store.record_events(session, [r.id for r in rows if r.id is not None])
            for row in rows:  # a row edited by hand into another shape names no one
                events = [{"kind": e.kind, "payload": e.payload if isinstance(e.payload, dict)
                           else {}} for e in histories.get(row.id or 0, [])]
                data = row.data if isinstance(row.data, dict) else {}
                if player_id in names_of(spec, dict(data), events):
                    found.append(f"{spec.label} {row.name!r}"
                                 + (" (archived)" if row.archived_at else ""))
    return found


__all__ = ["NOT_SINGLE", "UNKNOWN_PLAYER", "UNKNOWN_RECORD", "Boundary", "Players", "Unknown",
           "exported", "file_problems", "names_of", "naming", "shown", "shown_events",
           "spec_of", "stored"]
