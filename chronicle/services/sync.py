"""An offline copy of the group's database and its sync (issue 32): ``checkout`` makes a
SQLite file holding the group's data, its origin (the URL without the password) and the
common ancestor of the next merge; ``sync`` merges the copy and the group entry by entry
(``chronicle.services.syncmerge``, on documents naming players by uid:
``chronicle.services.syncrows``), patches the group row by row in one transaction holding its
write lock, then the copy in one transaction of its own (``chronicle.persistence.syncpatch``:
the rows both held keep their ids, the change logs stay). A sync killed at any point leaves
the group as it was or fully written, and the copy as it was or fully synced; run again, it
finds every entry it sent already there (by uid), so nothing is duplicated, and a sync of
copies that agree changes no row.

``CHRONICLE_SYNC_PAUSE`` (tests): the name of a step (``merged``, ``group-written``,
``group-committed``, ``copy-written``) at which a sync says ``paused at STEP`` on its error
output and waits a minute, so that a test can kill it there.
"""

from __future__ import annotations

import json
import os
import re
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import AlreadyExists, BadInput, NotFound, Refused
from chronicle.services import syncrows
from chronicle.services.syncmerge import CARD_UIDS, Conflict, Doc, Merged, card_key, merge

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.services.db import Database

PAUSE = "CHRONICLE_SYNC_PAUSE"


def _pause(step: str) -> None:
    if os.environ.get(PAUSE) == step:
        os.write(2, f"paused at {step}\n".encode())  # straight to the error output
        time.sleep(60)


@dataclass(frozen=True)
class SyncResult:
    """What a sync did (or, dry, would do): entries sent and received by kind, the conflicts
    found this time, those kept in the copy in all, and whether the group was written."""

    sent: dict[str, int]
    received: dict[str, int]
    conflicts: list[Conflict]
    kept: int
    group_written: bool
    dry_run: bool = False
    origin: str = ""
    notes: list[str] = field(default_factory=list)


def _copy_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _refuse_target(path: Path) -> None:
    if path.exists() or path.is_symlink():
        raise AlreadyExists(f"{path} already exists; a checkout never overwrites a file: "
                            "choose another name")
    if not path.parent.is_dir():
        raise BadInput(f"cannot write {path}: the folder {path.parent} does not exist")


def _same(a: Doc, b: Doc) -> bool:
    def plain(doc: Doc) -> str:
        return json.dumps({k: v for k, v in doc.items() if k != "exported_at"}, sort_keys=True)
    return plain(a) == plain(b)


def _build_copy(document: Doc, target: Path, origin: dict[str, Any]) -> None:
    """Write a new SQLite file holding ``document`` (a sync's document: uids kept), its
    origin and the common ancestor (``base``: the file's own document), to a temporary name
    in the target's folder; then give it the target's name, never overwriting (``os.link``)."""
    from chronicle.persistence import syncstore
    from chronicle.services.db import open_database

    temporary = target.parent / f".{target.name}.sync-{os.getpid()}-{time.time_ns()}"
    db = open_database(_copy_url(temporary))
    try:
        syncrows.load(db, document, target.parent)
        with db.transaction() as session:
            syncstore.set_state(session, "origin", origin)
            syncstore.set_state(session, "base", syncrows.document(None, session))
    except BaseException:
        db.close()
        temporary.unlink(missing_ok=True)
        raise
    db.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{temporary}{suffix}").unlink(missing_ok=True)
    try:
        os.link(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def checkout(group: Database, target: Path) -> dict[str, int]:
    """Make the offline copy ``target`` (a new SQLite file) of ``group``; the rows per table.

    Raises:
        AlreadyExists: ``target`` exists (nothing is written).
        BadInput: its folder does not exist.
    """
    from chronicle.persistence.engine import safe_url
    from chronicle.services.transfer import counts_of

    _refuse_target(target)
    document = syncrows.document(group)
    origin = {"url": safe_url(group.url), "at": datetime.now(UTC).isoformat(),
              "schema": document["schema"]}
    _build_copy(document, target, origin)
    return counts_of(document)


def _open_copy(path: Path) -> Database:
    from chronicle.reading import shown_path, special_kind
    from chronicle.services.db import open_database

    try:
        kind = special_kind(path.stat().st_mode)
    except OSError:
        kind = "missing"
    if kind == "missing":
        raise NotFound(f"{shown_path(path)} does not exist: make an offline copy with "
                       "`chronicle db checkout --out FILE`")
    if kind is not None:
        raise BadInput(f"{shown_path(path)} is {kind}, not an offline copy")
    if not path.is_file():
        raise NotFound(f"{path} is not a file: make an offline copy with "
                       "`chronicle db checkout --out FILE`")
    return open_database(_copy_url(path))


def _judge(document: Doc, section: str, index: int) -> tuple[int, list[Any]] | None:
    """The first breach of one history of ``document`` (``syncmerge.Judge``), checked by its
    game's rules: a character's chronicle through the home game's exchange, a record's history
    through its game's record kind (``replay.record_breach``)."""
    from chronicle.services.exportformat import export_model, home_exchange, section_games
    from chronicle.services.replay import record_breach

    histories = ["records", *(key for game in section_games() for key in game.SECTIONS)]
    alone = {k: v for k, v in document.items() if k not in histories}
    alone.update({key: [] for key in histories})
    alone["players"] = [{**p, "collection": []} for p in document.get("players", [])]
    alone[section] = [document[section][index]]
    model = export_model().model_validate_json(json.dumps(syncrows.loadable(alone)))
    if section == "records":
        found = record_breach(model, 0)
        return None if found is None else (found[0] - 1, found[1])
    home = home_exchange()
    if home is None:
        return None
    if hasattr(home, "first_breach"):
        breach: tuple[int, list[Any]] | None = home.first_breach(model, 0)
        return breach
    problems: list[str] = home.chronicle_problems(model)  # a home game without first_breach
    if not problems:
        return None
    at = re.search(r"\.events\[(\d+)\]", problems[0])
    return (int(at[1]) if at else -1), problems


def _retries(session: Session) -> tuple[list[tuple[str, str, dict[str, Any]]], list[int],
                                        list[tuple[str, dict[str, Any]]]]:
    """What the copy's resolved conflicts offer again: a history's entries rewritten or
    applied (``retry``), whole entries to restore (``restore``: an entry deleted in the
    group, a player an entry needs), and the conflicts' numbers."""
    from chronicle.persistence import syncstore

    entries, numbers, restored = [], [], []
    for row in syncstore.conflicts(session):
        if row.state not in ("retry", "restore"):
            continue
        numbers.append(int(row.id or 0))
        restored += [("players", dict(p)) for p in row.entry.get("needs", [])]
        if row.state == "restore" and isinstance(row.entry.get("mine"), dict):
            restored.append((str(row.entry["section"]), dict(row.entry["mine"])))
        if row.what == "entry":
            entries.append((str(row.entry["section"]), str(row.entry["history"]),
                            dict(row.entry["entry"])))
    return entries, numbers, restored


def _restored(base: Doc, mine: Doc, restored: list[tuple[str, dict[str, Any]]]) -> None:
    """Offer each restored entry as new: in the copy's document, not in the ancestor."""
    for section, entry in restored:
        uid = entry.get("uid")
        base[section] = [e for e in base.get(section, []) if e.get("uid") != uid]
        held = mine.setdefault(section, [])
        if not any(e.get("uid") == uid for e in held):
            held.append(entry)


def _keep_conflicts(session: Session, retried: list[int], fresh: list[Conflict]) -> int:
    """Keep the copy's conflicts after a sync: those kept before stay as they are (but the
    retried ones, found again or merged now, go) and the new ones are added, each once; how
    many it keeps."""
    from chronicle.persistence import syncstore

    seen: set[tuple[str, str, str]] = set()
    kept = 0
    for row in syncstore.conflicts(session):
        if row.id in retried:
            syncstore.remove_conflict(session, row)
            continue
        seen.add((row.uid, row.code, str(row.entry.get("field", ""))))
        kept += 1
    for c in fresh:
        key = (c.uid, c.code, str(c.entry.get("field", "")))
        if key in seen:
            continue
        seen.add(key)
        kept += 1
        syncstore.add_conflict(session, uid=c.uid, subject=c.subject[:400], what=c.what,
                               code=c.code[:80], message=c.message[:4000],
                               section=c.section[:200], entry=c.entry)
    return kept


def sync(path: Path, group: Database | None = None, *, dry_run: bool = False) -> SyncResult:
    """Merge the offline copy at ``path`` with its group (``group``, else the URL the copy
    came from), patch the group with what the copy adds and the copy with what the group
    adds, row by row (``syncpatch``: ids and change logs stay); ``dry_run``: only say what it
    would do.

    Raises:
        NotFound: ``path`` is no file.
        BadInput: it is not an offline copy, or the merged data would not be a sound
            database (nothing is written).
    """
    from chronicle.persistence import syncpatch, syncstore
    from chronicle.persistence.engine import lock_for_writing
    from chronicle.services.db import open_database

    for stale in path.parent.glob(f".{path.name}.sync-*"):  # a checkout killed midway
        stale.unlink(missing_ok=True)
    for stale in path.parent.glob(".sync-scratch-*"):
        if not _alive(stale):
            stale.unlink(missing_ok=True)
    copy = _open_copy(path)
    try:
        with copy.transaction() as session:
            origin, base = syncstore.state(session, "origin"), syncstore.state(session, "base")
            retry, retried, restored = _retries(session)
            if origin is None or base is None:
                raise BadInput(f"{path} is not an offline copy (it has no origin): make one "
                               "with `chronicle db checkout --out FILE`")
            mine = syncrows.document(None, session)
            _restored(base, mine, restored)
    finally:
        copy.close()
    opened = group is None
    if group is None:
        group = open_database(str(origin["url"]))
    with ExitStack() as stack:
        if opened:
            stack.callback(group.close)
        written = False
        with group.transaction() as session:
            lock_for_writing(session.connection())
            theirs = syncrows.document(None, session)
            merged = merge(base, mine, theirs, _judge, retry)
            _name_conflicts(merged, base, mine, theirs)
            _pause("merged")
            if dry_run:
                return _result(merged, 0, False, origin, dry=True)
            source = None if _same(merged.document, theirs) and _same(theirs, mine) else \
                stack.enter_context(syncrows.scratch(merged.document, path.parent))
            if source is not None and not _same(merged.document, theirs):
                with source.transaction() as reading:
                    done = syncpatch.patch(session.connection(), reading.connection(),
                                           syncrows.translate, syncrows.TRANSLATED)
                written = done.changed > 0
                _pause("group-written")
        _pause("group-committed")
        kept = _patch_copy(path, source, origin, retried, merged)
    return _result(merged, kept, written, origin)


def _name_conflicts(merged: Merged, *documents: Doc) -> None:
    """The merge's conflicts with players named by name, not uid, in their words."""
    from dataclasses import replace

    players = {"players": [p for d in documents for p in d.get("players", [])]}
    merged.conflicts[:] = [replace(c, subject=syncrows.named(c.subject, players),
                                   message=syncrows.named(c.message, players))
                           for c in merged.conflicts]


def _patch_copy(path: Path, source: Database | None, origin: dict[str, Any],
                retried: list[int], merged: Merged) -> int:
    """Patch the copy from ``source`` (what the group now holds; None: what the copy holds
    already) in one transaction, with its new common ancestor and its conflicts; the
    conflicts it keeps."""
    from chronicle.persistence import syncpatch, syncstore
    from chronicle.persistence.engine import lock_for_writing

    copy = _open_copy(path)
    try:
        with copy.transaction() as session, ExitStack() as reading:
            lock_for_writing(session.connection())
            kept = _keep_conflicts(session, retried, merged.conflicts)
            if source is not None:
                syncpatch.patch(session.connection(),
                                reading.enter_context(source.transaction()).connection(),
                                syncrows.translate, syncrows.TRANSLATED)
            syncstore.set_state(session, "origin",
                                {**origin, "at": datetime.now(UTC).isoformat()})
            syncstore.set_state(session, "base", syncrows.document(None, session))
            _pause("copy-written")
    finally:
        copy.close()
    return kept


def _alive(path: Path) -> bool:
    """Whether the process that made the scratch file ``path`` still runs."""
    try:
        os.kill(int(path.name.split("-")[2]), 0)
    except (ValueError, IndexError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True


def _result(merged: Merged, kept: int, written: bool, origin: dict[str, Any], *,
            dry: bool = False) -> SyncResult:
    return SyncResult(sent=merged.sent, received=merged.received,
                      conflicts=merged.conflicts, kept=kept, group_written=written,
                      dry_run=dry, origin=str(origin.get("url", "")))


@dataclass(frozen=True)
class ConflictView:
    """A conflict kept in a copy, as the fronts list it."""

    id: int
    subject: str
    what: str
    code: str
    message: str
    section: str
    state: str
    entry: dict[str, Any]


def list_conflicts(path: Path) -> list[ConflictView]:
    """The conflicts kept in the copy at ``path``, oldest first."""
    db = _open_copy(path)
    try:
        return conflicts_in(db)
    finally:
        db.close()


def conflicts_in(db: Database) -> list[ConflictView]:
    """The conflicts kept in ``db`` (an offline copy; none elsewhere), oldest first."""
    from chronicle.persistence import syncstore

    with db.transaction() as session:
        return [ConflictView(int(r.id or 0), r.subject, r.what, r.code, r.message, r.section,
                             r.state, dict(r.entry)) for r in syncstore.conflicts(session)]


def resolve(path: Path, number: int, how: str, values: dict[str, Any] | None = None) -> str:
    """Resolve conflict ``number`` of the copy at ``path`` (``resolve_in``)."""
    db = _open_copy(path)
    try:
        return resolve_in(db, number, how, values, shown=str(path))
    finally:
        db.close()


def resolve_in(db: Database, number: int, how: str, values: dict[str, Any] | None = None,
               *, shown: str = "FILE") -> str:
    """Resolve conflict ``number`` of the offline copy ``db``: ``drop`` (forget the entry),
    ``apply`` (a value both sides changed: the copy's value is sent by the next sync over the
    group's; a history's entry cannot be applied against the rules), or ``rewrite`` (a
    history's entry with ``values`` replacing those of its payload, offered again by the next
    sync). Returns what was done, in words (``shown``: the copy's name in them).

    Raises:
        NotFound: no such conflict.
        Refused: the rules allow no such resolution of it.
    """
    from chronicle.persistence import syncstore

    with db.transaction() as session:
        row = syncstore.conflict(session, number)
        if row is None:
            raise NotFound(f"{shown} keeps no conflict {number}: list them with "
                           f"`chronicle db conflicts {shown}`")
        if how == "drop":
            syncstore.remove_conflict(session, row)
            return f"Dropped conflict {number} ({row.subject}: {row.code})."
        if how == "apply":
            return _apply(session, row, number)
        return _rewrite(session, row, number, values or {}, shown)


def _rewrite(session: Session, row: Any, number: int, values: dict[str, Any],
             shown: str) -> str:
    """A history's entry with ``values`` over its payload, offered again; an entry deleted
    in the group (or needing a player deleted there) with ``values`` over its own, restored."""
    from chronicle.persistence import syncstore

    entry = dict(row.entry)
    if row.what == "entry":
        inner = dict(entry["entry"])
        inner["payload"] = {**dict(inner.get("payload", {})), **values}
        entry["entry"] = inner
        row.state = "retry"
    elif row.what == "deleted" and isinstance(entry.get("mine"), dict):
        mine = dict(entry["mine"])
        wrong = sorted(k for k in values if k == "uid" or isinstance(mine.get(k), (dict, list)))
        if wrong:
            raise Refused(f"conflict {number}: {', '.join(wrong)} cannot be rewritten; "
                          f"rewrite one of {', '.join(sorted(_plain_keys(mine)))}")
        entry["mine"] = {**mine, **values}
        row.state = "restore"
    else:
        raise Refused(f"conflict {number} ({row.code}) keeps the group's "
                      f"{'entry' if row.what == 'deleted' else 'value'}: apply it or drop it")
    row.entry = entry
    syncstore.save_conflict(session, row)
    return (f"Rewrote conflict {number}: the next `chronicle db sync {shown}` offers it "
            "again, checked by the rules.")


def _plain_keys(entry: dict[str, Any]) -> list[str]:
    return [k for k, v in entry.items() if k != "uid" and not isinstance(v, (dict, list))]


def _apply(session: Session, row: Any, number: int) -> str:
    """Apply a conflict: a value both sides changed, the copy's over the group's at the next
    sync (the common ancestor is told the group's value, so the copy's counts as the change);
    an entry changed here and deleted in the group, or one needing a player deleted there,
    restored (with those players) by the next sync; an entry deleted here and changed in the
    group, the group's kept (as it is)."""
    from chronicle.persistence import syncstore

    if row.code == "sync.player_gone" or (row.code == "sync.deleted_changed"
                                          and isinstance(row.entry.get("mine"), dict)):
        row.state = "retry" if row.what == "entry" else "restore"
        syncstore.save_conflict(session, row)
        return (f"Applied conflict {number}: the next sync restores {row.subject}"
                + (" and the players it names" if row.entry.get("needs") else "") + ".")
    if row.code == "sync.deleted_changed":
        syncstore.remove_conflict(session, row)
        return f"Applied conflict {number}: {row.subject} is kept as the group changed it."
    if row.what != "value" or row.code != "sync.both_changed":
        raise Refused(f"conflict {number} ({row.code}) cannot be applied: the rules do not "
                      "allow it; rewrite it (--rewrite) or drop it (--drop)")
    from chronicle.systems import registry

    base = syncstore.state(session, "base") or {}
    section, key = str(row.entry["section"]), str(row.entry["field"])
    mine, theirs = row.entry.get("mine"), row.entry.get("theirs")
    for card in base.get("cards", []):  # a home game's card: its uid beside it
        found = base.get(CARD_UIDS, {}).get(card_key(card)) or f"card:{card_key(card)}"
        if found == row.uid:
            card[key[5:]] = theirs
    for entry in base.get(section, []):
        if entry.get("uid") == row.uid:
            if key.startswith("card."):
                entry.setdefault("card", {})[key[5:]] = theirs
            else:
                entry[key] = theirs
    syncstore.set_state(session, "base", base)
    if not syncstore.set_value(session, section, row.uid, key, mine, home=registry.home()):
        raise Refused(f"conflict {number}: {row.subject} is no longer in this copy; drop it")
    syncstore.remove_conflict(session, row)
    return (f"Applied conflict {number}: {key} = {mine!r:.80} goes to the group at the next "
            "sync.")

