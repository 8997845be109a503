"""The documents a sync merges and the rows it writes (issue 32).

A sync merges whole-database exports in which every place naming a player names them by uid
(``transfer.export_all(by_uid=True)``): a player renamed on one side while the other recorded
an entry under the old name is the same player, and the entry follows them. The home game's
cards carry their rows' uids beside them (``card_uids``), so that they too travel by
identity. The merged document is loaded into a scratch SQLite file (``scratch``), its players
named by uid while it loads, then named back; the group and the copy are then patched from it
row by row (``chronicle.persistence.syncpatch``), the players and records a record's data names
mapped from the scratch file's ids to theirs (``translate``).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.services.syncmerge import CARD_UIDS, Doc

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.syncpatch import Ids
    from chronicle.services.db import Database


TRANSLATED: dict[str, tuple[str, ...]] = {"record": ("data",), "record_event": ("payload",)}
"""The columns whose values name players and records by id (schema 0008)."""
_UID = re.compile(r"\b[0-9a-f]{32}\b")


def document(db: Database | None, session: Session | None = None) -> Doc:
    """The database's export with players named by uid and its home cards' uids (its group
    cards read afresh: two databases a sync holds may give the same stamp)."""
    if session is None:
        assert db is not None
        with db.transaction() as reading:
            return document(None, reading)
    from chronicle.persistence import syncstore
    from chronicle.services import grouplayer
    from chronicle.services.transfer import export_all
    from chronicle.systems import registry

    grouplayer.forget()
    grouplayer.sync(session)
    found = export_all(None, session, by_uid=True)
    found[CARD_UIDS] = syncstore.card_uids(session, registry.home())
    return found


def loadable(doc: Doc) -> Doc:
    """``doc`` as the import reads it: the players named by their uids (the places naming
    them do), without the sync's own keys."""
    found = {k: v for k, v in doc.items() if k != CARD_UIDS}
    found["players"] = [{**p, "name": p["uid"]} for p in doc.get("players", [])]
    return found


def validated(doc: Doc, folder: Path) -> Any:
    """The export model of ``doc`` (``loadable``), checked as an import checks a file (rules
    included): the safety net before a database is written."""
    from chronicle.services.transfer import validate_export

    descriptor, name = tempfile.mkstemp(prefix=".sync-", suffix=".json", dir=folder)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump(loadable(doc), handle, ensure_ascii=False)
        return validate_export(Path(name))
    finally:
        Path(name).unlink(missing_ok=True)


def load(db: Database, doc: Doc, folder: Path, *, create: bool = False) -> None:
    """Write ``doc`` (uids kept) into the empty database ``db`` in one transaction (``create``:
    its tables first, for a scratch file), checked first as an import checks a file."""
    from chronicle.persistence import syncpatch
    from chronicle.services.transfer import insert
    from chronicle.systems import registry

    model = validated(doc, folder)
    with db.transaction() as session:
        connection = session.connection()
        if create:
            syncpatch.create_tables(connection)
        insert(session, model)
        syncpatch.name_rows(connection, "player",
                            {p["uid"]: p["name"] for p in doc.get("players", [])})
        home = registry.home()
        syncpatch.set_uids(connection, "group_card", {
            (home, *key.split(":", 1)): uid for key, uid in doc.get(CARD_UIDS, {}).items()})


@contextmanager
def scratch(doc: Doc, folder: Path) -> Iterator[Database]:
    """A scratch SQLite database in ``folder`` holding ``doc`` (uids kept), removed after."""
    from chronicle.services.db import open_database

    path = folder / f".sync-scratch-{os.getpid()}-{time.time_ns()}.db"
    db = open_database(f"sqlite:///{path}", migrate=False)
    try:
        load(db, doc, folder, create=True)
        yield db
    finally:
        db.close()
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def translate(table: str, row: dict[str, Any], ids: Ids) -> dict[str, Any]:
    """A record's data or an event's payload with the players and records it names by the
    scratch file's ids named by the target's."""
    import copy

    from chronicle.domain import playerrefs
    from chronicle.services.playernames import spec_of

    if table == "record":
        where, column, game, kind = "data", "data", row["game"], row["kind"]
    elif table == "record_event":
        record = ids.source("record", int(row["record_id"])) or {}
        where, column = str(row["kind"]), "payload"
        game, kind = record.get("game", ""), record.get("kind", "")
    else:
        return {}
    value = row[column]
    spec = spec_of(str(game), str(kind))
    if spec is None or not isinstance(value, dict) or not (spec.players or spec.links):
        return {column: value}

    def mapped(parent: str, leaf: Any) -> Any:
        if isinstance(leaf, int) and not isinstance(leaf, bool):
            found = ids.target(parent, leaf)
            return leaf if found is None else found
        return leaf

    found = playerrefs.rewrite(spec.players, where, copy.deepcopy(value),
                               lambda leaf, _at: mapped("player", leaf))
    for link in spec.links:
        for place in playerrefs.tables(link.at, where, found):
            if link.name in place:
                place[link.name] = mapped("record", place[link.name])
    return {column: found}


def named(text: str, doc: Doc) -> str:
    """``text`` with each player's uid in it replaced by the player's name in ``doc``."""
    names = {p["uid"]: p["name"] for p in doc.get("players", []) if p.get("uid")}
    return _UID.sub(lambda m: str(names.get(m[0], m[0])), text)
