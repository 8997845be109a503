"""Records name players by id: every player place a game declares (``RecordKind.players``: a
battle side's player and the winner, a hunt's seats and turns, a campaign's guilds) that holds
a player's name now holds the player's id, in the record's data and in its history's events;
likewise every record a record names (``RecordKind.links``: a battle side's force) holds the
record's id (a force renamed since, or deleted, is kept as the text it was, and reported).

A name no player has (a player deleted before this revision, a guest at the table) is kept as
text: a *guest*, shown as such, never inherited by a player added later with that name. Each
record changed gets a new version, and the change log says what changed and names every guest
("migration 0008: ... 'Carl' names no player: kept as a guest"); the names without a player
are also logged as warnings (logger ``chronicle.migrations``). A record of a game that is not
installed is left as it is (and logged): a later chronicle with the game installed still reads
names there, as guests.

The places are the games' own declarations, read through the registry when this revision
runs (this migration names no game).
"""

import logging
from datetime import UTC, datetime
from functools import partial
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"

LOG = logging.getLogger("chronicle.migrations")



def _records(stored: type[sa.JSON] | type[sa.Text]) -> tuple[sa.TableClause, sa.TableClause]:
    """The record and record_event tables, their JSON columns read as ``stored``."""
    return (sa.table("record", sa.column("id", sa.Integer), sa.column("game", sa.String),
                     sa.column("kind", sa.String), sa.column("name", sa.String),
                     sa.column("data", stored), sa.column("version", sa.Integer)),
            sa.table("record_event", sa.column("id", sa.Integer),
                     sa.column("record_id", sa.Integer), sa.column("kind", sa.String),
                     sa.column("payload", stored)))


_record, _event = _records(sa.JSON)
_raw_record, _raw_event = _records(sa.Text)
"""The same tables read as stored (a row edited by hand may hold text that is not JSON)."""
_player = sa.table("player", sa.column("id", sa.Integer), sa.column("name_key", sa.String))
_change = sa.table("change_log", sa.column("subject", sa.String),
                   sa.column("subject_id", sa.Integer), sa.column("version", sa.Integer),
                   sa.column("what", sa.String), sa.column("changed_at", sa.DateTime))


def _places() -> dict[tuple[str, str], Any]:
    """The record kinds of every installed game that name players or records, by (game,
    kind)."""
    from chronicle.systems import registry

    found: dict[tuple[str, str], Any] = {}
    for system in registry.systems():
        for spec in getattr(system, "records", ()):
            if spec.players or spec.links:
                found[(system.key, spec.name)] = spec
    return found


def _link(spec: Any, where: str, value: dict[str, Any], owners: dict[int, int],
          named: dict[tuple[str, str, int, str], int], game: str, gone: list[str]) -> None:
    """Each linked record's name of ``value`` (players already ids) as the record's id, in
    place; a name no record of its player has is kept as text and noted in ``gone``."""
    from chronicle.domain import playerrefs
    from chronicle.domain.values import name_key

    for link in spec.links:
        for table in playerrefs.tables(link.at, where, value):
            leaf = table.get(link.name)
            if not isinstance(leaf, str):
                continue
            owner = table.get(link.owner) if link.owner else 0
            found = named.get((game, link.kind, owners.get(owner, -1), name_key(leaf))) \
                if isinstance(owner, int) else None
            if found is None:
                if leaf not in gone:
                    gone.append(leaf)
                continue
            table[link.name] = found


def _table(value: Any) -> dict[str, Any] | None:
    """A stored JSON value as a table, or None when it is not one (a row edited by hand is
    left as it is: ``chronicle db check`` and the record's readers name it)."""
    import json

    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    return dict(value) if isinstance(value, dict) else None


def _to_id(ids: dict[str, int], guests: list[str], leaf: Any, _where: str) -> Any:
    """A place's player name as the player's id; a name no player has stays (a guest, noted
    in ``guests``)."""
    from chronicle.domain.values import name_key

    if not isinstance(leaf, str):
        return leaf
    found = ids.get(name_key(leaf))
    if found is None:
        if leaf not in guests:
            guests.append(leaf)
        return leaf
    return found


def upgrade() -> None:
    from chronicle.domain import playerrefs

    bind = op.get_bind()
    ids = {str(key): int(pid) for pid, key in bind.execute(
        sa.select(_player.c.id, _player.c.name_key))}
    places = _places()
    named = {(str(r.game), str(r.kind), int(r.owner), str(r.name_key)): int(r.id)
             for r in bind.execute(sa.text("SELECT id, game, kind, owner, name_key "
                                           "FROM record"))}
    owners = {player: player for player in ids.values()} | {0: 0}
    for row in bind.execute(sa.select(_raw_record).order_by(_raw_record.c.id)).all():
        spec = places.get((row.game, row.kind))
        if spec is None:
            continue
        paths = tuple(spec.players)
        guests: list[str] = []
        gone: list[str] = []
        to_id = partial(_to_id, ids, guests)

        data = _table(row.data)
        changed = False
        if data is not None:
            new = playerrefs.rewrite(paths, playerrefs.DATA, data, to_id)
            _link(spec, playerrefs.DATA, new, owners, named, row.game, gone)
            if new != data:
                bind.execute(_record.update().where(_record.c.id == row.id).values(data=new))
                changed = True
        for event in bind.execute(sa.select(_raw_event.c.id, _raw_event.c.kind,
                                            _raw_event.c.payload)
                                  .where(_raw_event.c.record_id == row.id)
                                  .order_by(_raw_event.c.id)).all():
            payload = _table(event.payload)
            if payload is None:
                continue
            new = playerrefs.rewrite(paths, str(event.kind), payload, to_id)
            _link(spec, str(event.kind), new, owners, named, row.game, gone)
            if new != payload:
                bind.execute(_event.update().where(_event.c.id == event.id)
                             .values(payload=new))
                changed = True
        if not changed and not guests and not gone:
            continue
        what = f"migration 0008: its players' names became their ids ({row.kind} {row.name})"
        for guest in guests:
            LOG.warning("migration 0008: %s %r of %s: %r names no player: kept as a guest",
                        row.kind, row.name, row.game, guest)
        if guests:
            what += "; " + ", ".join(repr(g[:40]) for g in guests) + \
                " name no player: kept as guests"
        for name in gone:
            LOG.warning("migration 0008: %s %r of %s names %r, which is no longer kept: kept "
                        "as text", row.kind, row.name, row.game, name)
        if gone:
            what += "; " + ", ".join(repr(g[:40]) for g in gone) + " no longer kept: kept " \
                "as text"
        version = int(row.version or 0) + 1
        bind.execute(_record.update().where(_record.c.id == row.id).values(version=version))
        bind.execute(_change.insert().values(subject="record", subject_id=row.id,
                                             version=version, what=what[:400],
                                             changed_at=datetime.now(UTC)))
    for game, kind in sorted({(r.game, r.kind) for r in bind.execute(
            sa.select(_record.c.game, _record.c.kind).distinct())} - set(places)):
        LOG.info("migration 0008: records %s/%s: no installed game declares player places "
                 "for them; left as they are", game, kind)


def downgrade() -> None:
    """Names come back where ids are (a guest stays a name)."""
    bind = op.get_bind()
    names = {int(pid): str(name) for pid, name in bind.execute(
        sa.text("SELECT id, name FROM player"))}
    titles = {int(rid): str(name) for rid, name in bind.execute(
        sa.text("SELECT id, name FROM record"))}
    places = _places()
    from chronicle.domain import playerrefs

    def to_name(leaf: Any, _where: str) -> Any:
        return names.get(leaf, leaf) if isinstance(leaf, int) else leaf

    def back(spec: Any, where: str, value: dict[str, Any]) -> dict[str, Any]:
        found = playerrefs.rewrite(spec.players, where, value, to_name)
        for link in spec.links:
            for table in playerrefs.tables(link.at, where, found):
                leaf = table.get(link.name)
                if isinstance(leaf, int):
                    table[link.name] = titles.get(leaf, leaf)
        return found

    for row in bind.execute(sa.select(_raw_record).order_by(_raw_record.c.id)).all():
        spec = places.get((row.game, row.kind))
        if spec is None:
            continue
        data = _table(row.data)
        if data is not None:
            bind.execute(_record.update().where(_record.c.id == row.id).values(
                data=back(spec, playerrefs.DATA, data)))
        for event in bind.execute(sa.select(_raw_event.c.id, _raw_event.c.kind,
                                            _raw_event.c.payload)
                                  .where(_raw_event.c.record_id == row.id)).all():
            payload = _table(event.payload)
            if payload is not None:
                bind.execute(_event.update().where(_event.c.id == event.id).values(
                    payload=back(spec, str(event.kind), payload)))
