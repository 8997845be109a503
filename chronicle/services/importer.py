"""Reading a whole-database export back: every problem of the file found before anything is
written, then everything inserted in the caller's transaction.

``validate_export`` reads the file (size, encoding, nesting), checks it against the format
(``exportformat``: every field held to the limits), then what the format alone cannot say
(references between players and records, and within the home game's sections (its
``exchange``); duplicate names and numbers; card kinds of each game; the payloads of each
event kind), then replays the rules over it
(``replay``). Every problem is named by its JSON path, such as ``characters[2].events[5].kind``.
``insert`` writes a validated export into an empty database, keeping event numbers,
timestamps and links exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from chronicle.domain import limits
from chronicle.domain.values import name_key
from chronicle.errors import BadInput
from chronicle.services.exportformat import (
    FORMAT,
    VERSION,
    ExportModel,
    export_model,
    section_games,
    tables,
    uid_of,
)

if TYPE_CHECKING:
    from sqlmodel import Session

MAX_PROBLEMS = 40
"""How many problems of a bad file are listed before the rest are only counted."""


def json_path(loc: Sequence[str | int]) -> str:
    """A pydantic error location as a JSON path: ``characters[2].events[5].kind``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def _error_text(error: Any) -> str:
    kind = error["type"]
    if kind == "missing":
        return "missing (every export field is required)"
    if kind == "extra_forbidden":
        return "unknown key: the export format has no such field"
    message = str(error["msg"])
    found = error.get("input")
    if isinstance(found, str | int | float | bool) or found is None:
        shown = repr(found)
        message += f" (found {shown if len(shown) <= 60 else shown[:57] + '...'})"
    return message


def pydantic_problems(exc: ValidationError, prefix: Sequence[str | int] = ()) -> list[str]:
    return [f"{json_path([*prefix, *e['loc']])}: {_error_text(e)}" for e in exc.errors()]


def _read_document(path: Path) -> tuple[str, Any]:
    from chronicle.domain.limits import BACKUP_MAX_BYTES
    from chronicle.reading import decode, parse_json, read_bytes, shown_path

    shown = shown_path(path)
    text = decode(read_bytes(path, limit=BACKUP_MAX_BYTES, what="export"), path,
                  what="export")
    if not text.strip():
        raise BadInput(f"{shown} is empty; export the database again")
    try:
        data = parse_json(text, path)
    except json.JSONDecodeError as exc:
        ended = text.rstrip().endswith("}")
        hint = ("it is damaged or not JSON" if ended else
                "the file stops before its end: it looks truncated; export the database again")
        raise BadInput(f"{shown} line {exc.lineno} column {exc.colno}: not valid JSON "
                       f"({exc.msg}); {hint}") from None
    return text, data


def header_problems(data: Any) -> list[str]:
    """Problems that make the rest meaningless: not an object, another format or version."""
    if not isinstance(data, dict):
        return [f"(top level): a JSON {type(data).__name__}, not an object; this is not an "
                "Arcadia Chronicle export"]
    found = data.get("format")
    if found != FORMAT:
        return [f"format: {found!r} is not {FORMAT!r}; this is not an Arcadia Chronicle "
                "export (character files are imported with 'chronicle character import')"]
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        return [f"version: this chronicle reads export version {VERSION}, not {version!r}; "
                "import it with the chronicle version that wrote it"]
    return []


class Problems:
    """Problems found so far, each located by JSON path."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")


def first_seen(seen: dict[Any, str], key: Any, where: str) -> str | None:
    """Remember ``key`` at ``where``; return where it was seen before, if it was."""
    if key in seen:
        return seen[key]
    seen[key] = where
    return None


def _card_kinds(game: str) -> tuple[str, ...] | None:
    """The card kinds of the installed game ``game`` (None: no such game)."""
    from chronicle.systems import registry

    try:
        system = registry.system(game)
    except (registry.UnknownSystem, registry.BadSystem):
        return None
    return system.card_kinds if system.key == game else None


def _card_problems(game: str, card: dict[str, Any], where: str) -> list[str]:
    """What the game's card format (its ``card_schema``, every rule it holds: a Hunters of
    Arcfall hunter's 3 wounds) says of a group card, as the catalog would say it on reading."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.domain.values import Origin
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    name = registry.system(game).card_schema
    if not name:
        return []
    _entries, found = validate_card_tables([dict(card)], load_name(name), path=where,
                                           lines=None, origin=Origin.USER)
    return [f"{where}.card" + (f".{p.field}" if p.field else "") + ": "
            + (f"{p.code}: " if p.code else "") + p.message
            + (f" ({p.hint})" if p.hint else "") for p in found]


def _check_references(document: ExportModel, schemas: list[str], problems: Problems) -> None:
    if document.schema_ not in schemas:
        problems.add("schema", f"{document.schema_!r} is not a schema this chronicle knows "
                               f"({', '.join(schemas)}); the export comes from a newer "
                               "chronicle: upgrade first")
    players: dict[Any, str] = {}
    for p, player in enumerate(document.players):
        if (first := first_seen(players, name_key(player.name), f"players[{p}]")) is not None:
            problems.add(f"players[{p}].name", f"{player.name!r} is already {first}")
        cards: dict[Any, str] = {}
        for o, owned in enumerate(player.collection):
            where = f"players[{p}].collection[{o}]"
            if (first := first_seen(cards, (owned.game, name_key(owned.card), owned.kind),
                                     where)) is not None:
                problems.add(where, f"{owned.card} ({owned.kind}) is already listed at {first}")
            kinds = _card_kinds(owned.game)
            if kinds is None:
                problems.add(f"{where}.game", f"no installed game system is called "
                                              f"{owned.game!r}")
            elif owned.kind not in kinds:
                problems.add(f"{where}.kind", f"{owned.kind!r} is not a card kind of "
                                              f"{owned.game} ({', '.join(kinds)})")
    for game in section_games():
        game.check_references(document, set(players), problems)


def _check_records(document: ExportModel, problems: Problems) -> None:
    """Each game record's game, kind, owner, name, data and history; each group card's game,
    name, kind and values (what the database and the services would refuse)."""
    from chronicle.services.playernames import NOT_SINGLE, Players, file_problems
    from chronicle.services.replay import record_owner_key
    from chronicle.systems import registry

    players = {name_key(p.name) for p in document.players}
    listed = Players.listed(p.name for p in document.players)
    numbers = {name_key(p.name): n for n, p in enumerate(document.players, start=1)}
    known: dict[str, Players] = {}  # by game: its players and records, numbered as inserted
    for number, held in enumerate(document.records, start=1):
        if held.player is None or name_key(held.player) in numbers:
            game = known.setdefault(held.game, Players(listed.names, listed.ids))
            game.add_record(number, held.kind,
                            numbers[name_key(held.player)] if held.player else 0, held.name)
    seen: dict[Any, str] = {}
    for r, record in enumerate(document.records):
        where = f"records[{r}]"
        try:
            system = registry.system(record.game)
        except (registry.UnknownSystem, registry.BadSystem):
            problems.add(f"{where}.game", f"no installed game system is called {record.game!r}")
            system = None
        spec = next((k for k in system.records if k.name == record.kind), None) \
            if system is not None and system.key == record.game else None
        if system is not None and spec is None:
            kept = ", ".join(k.name for k in system.records) or "none"
            problems.add(f"{where}.kind", f"{system.label} ({system.key}) keeps no records of "
                                          f"kind {record.kind!r} (it keeps: {kept})")
        if record.player is not None and name_key(record.player) not in players:
            problems.add(f"{where}.player", f"no player called {record.player!r} is in players")
        elif spec is not None and spec.per_player != (record.player is not None):
            problems.add(f"{where}.player", f"a {spec.label} belongs to a player: name one"
                         if spec.per_player else f"a {spec.label} belongs to the group: null")
        if (first := first_seen(seen, record_owner_key(record), where)) is not None:
            problems.add(f"{where}.name", f"{record.name!r} is already {first}")
        elif spec is not None and spec.single and (first := first_seen(
                seen, (record.game, record.kind, "(the group's one)"), where)) is not None:
            problems.add(f"{where}.name", f"the group keeps one {spec.label}, and {first} is "
                                          f"it ({NOT_SINGLE})")
        found = [limits.json_problem(record.data, f"{where}.data")]
        if spec is not None and (spec.players or spec.links) and not any(found):
            problems.items.extend(file_problems(
                spec, where, dict(record.data),
                [(e.kind, dict(e.payload)) for e in record.events],
                known.get(record.game, listed)))
        seqs = sorted(e.seq for e in record.events)
        if seqs != list(range(1, len(seqs) + 1)):
            problems.add(f"{where}.events", "a history is numbered from 1 without gaps or "
                                            f"repeats, not {limits.cut(seqs)}")
        if len(seqs) > limits.EVENTS_MAX:
            problems.add(f"{where}.events", f"{len(seqs):,} events; at most "
                                            f"{limits.EVENTS_MAX:,} are allowed")
        for e, event in enumerate(record.events):
            at = f"{where}.events[{e}]"
            found.append(limits.name_problem(event.kind, f"{at}.kind",
                                             limit=limits.RECORD_KIND_MAX))
            found.append(limits.json_problem(event.payload, f"{at}.payload",
                                             max_bytes=limits.PAYLOAD_BYTES_MAX))
        problems.items.extend(problem for problem in found if problem)
    cards: dict[Any, str] = {}
    for c, entry in enumerate(document.group_cards):
        where = f"group_cards[{c}]"
        kinds = _card_kinds(entry.game)
        name, kind = entry.card.get("name"), entry.card.get("kind")
        if entry.game == registry.home():
            problems.add(f"{where}.game", f"{registry.system(entry.game).label}'s cards are "
                                          "listed in cards")
        elif kinds is None:
            problems.add(f"{where}.game", f"no installed game system is called {entry.game!r}")
        elif kind not in kinds:
            problems.add(f"{where}.card.kind", f"{limits.cut(kind)} is not a card kind of "
                                               f"{entry.game} ({', '.join(kinds)})")
        problem = limits.name_problem(name, f"{where}.card.name") or \
            limits.json_problem(entry.card, f"{where}.card")
        if problem:
            problems.items.append(problem)
        elif entry.game != registry.home() and kinds is not None and kind in kinds:
            problems.items.extend(_card_problems(entry.game, entry.card, where))
        elif (first := first_seen(cards, (entry.game, name_key(str(name)), kind),
                                   where)) is not None:
            problems.add(f"{where}.card", f"{name} ({kind}) is already listed at {first}")


def check_structure(path: Path) -> tuple[Any, ExportModel | None, Problems]:
    """Read an export file and check everything but the games' own rules: the format, the
    references, the records' owners, names, limits and numbering. Returns the parsed JSON, the
    document (None when the format alone refuses it) and the problems found."""
    from chronicle.persistence.engine import revisions

    text, data = _read_document(path)
    problems = Problems()
    problems.items.extend(header_problems(data))
    document: ExportModel | None = None
    if not problems.items:
        try:
            document = export_model().model_validate_json(text)
        except ValidationError as exc:
            problems.items.extend(pydantic_problems(exc))
    if document is not None:
        _check_references(document, revisions(), problems)
        _check_records(document, problems)
        _check_uids(document, problems)
    return data, document, problems


def _check_uids(document: ExportModel, problems: Problems) -> None:
    """Each identity the file gives (schema 0009) names one entry only."""
    seen: dict[str, str] = {}

    def entries(value: Any, where: str) -> Iterator[tuple[str, Any]]:
        """Every entry of the file with its place (``players[0].collection[2]``), every
        game's sections alike: each model holding a ``uid``, in the file's order."""
        if isinstance(value, BaseModel):
            if "uid" in type(value).model_fields:
                yield where, value
            for name in type(value).model_fields:
                yield from entries(getattr(value, name), f"{where}.{name}" if where else name)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from entries(item, f"{where}[{index}]")

    for where, entry in entries(document, ""):
        if entry.uid is not None:
            first = first_seen(seen, entry.uid, where)
            if first is not None:
                problems.add(f"{where}.uid", f"{entry.uid} is already the uid of {first}")


def refusal(path: Path, problems: list[str]) -> BadInput:
    """The error listing a file's problems (at most ``MAX_PROBLEMS``)."""
    shown = problems[:MAX_PROBLEMS]
    more = len(problems) - len(shown)
    return BadInput(f"cannot import {path}; nothing was written:\n"
                    + "\n".join(f"  {p}" for p in shown)
                    + (f"\n  ... and {more} more problems" if more > 0 else ""))


# Import -------------------------------------------------------------------------------------

def insert(session: Session, document: ExportModel) -> dict[str, int]:
    """Insert a validated export into the empty database of ``session`` (in the caller's
    transaction); returns the rows inserted per table. The export's ``cards`` are the home
    system's to keep (``transfer.insert``)."""
    from chronicle.persistence.grouptables import (
        GroupCardRow,
        OwnershipRow,
        RecordEventRow,
        RecordRow,
    )
    from chronicle.persistence.models import PlayerRow
    from chronicle.persistence.repository import now
    from chronicle.services.remembered import forget_all

    counts = dict.fromkeys(tables(), 0)

    def ids(rows: list[Any], table: str) -> list[int]:
        """Insert ``rows`` (in order) and return their new ids."""
        session.add_all(rows)
        session.flush()
        counts[table] += len(rows)
        return [int(row.id) for row in rows]

    players = dict(zip([name_key(p.name) for p in document.players], ids(
        [PlayerRow(name=p.name, name_key=name_key(p.name), created_at=p.created_at, **uid_of(p))
         for p in document.players], "player"), strict=True))
    list(ids([OwnershipRow(player_id=players[name_key(p.name)], game=o.game, card_name=o.card,
                           card_key=name_key(o.card), card_kind=o.kind, count=o.count,
                           **uid_of(o))
              for p in document.players for o in p.collection], "ownership"))
    for game in section_games():
        game.insert(session, document, players, ids)
    from chronicle.services.playernames import Players, spec_of, stored

    by_id = Players.named((pid, p.name) for p, pid in zip(document.players, players.values(),
                                                          strict=True))
    rows = [RecordRow(
        game=r.game, kind=r.kind, owner=players[name_key(r.player)] if r.player else 0,
        player_id=players[name_key(r.player)] if r.player else None, name=r.name,
        name_key=name_key(r.name), data=dict(r.data), version=r.version,
        created_at=r.created_at, archived_at=r.archived_at, **uid_of(r))
        for r in document.records]
    records = ids(rows, "record")
    known: dict[str, Players] = {}
    for row in rows:
        assert row.id is not None
        known.setdefault(row.game, Players(by_id.names, by_id.ids)).add_record(
            row.id, row.kind, row.owner, row.name)

    def kept(r: Any, where: str, value: dict[str, Any]) -> dict[str, Any]:
        """A file's names as the database keeps them (players' and records' ids; checked
        before)."""
        spec = spec_of(r.game, r.kind)
        return stored(spec, where, value, known[r.game])[0] if spec is not None else value

    for row, r in zip(rows, document.records, strict=True):
        row.data = kept(r, "data", dict(r.data))
        session.add(row)
    session.flush()
    list(ids([RecordEventRow(record_id=record_id, seq=e.seq, kind=e.kind,
                             payload=kept(r, e.kind, dict(e.payload)),
                             recorded_at=e.recorded_at, **uid_of(e))
              for r, record_id in zip(document.records, records, strict=True)
              for e in sorted(r.events, key=lambda e: e.seq)], "record_event"))
    session.add_all([GroupCardRow(game=c.game, name=str(c.card["name"]),
                                  name_key=name_key(str(c.card["name"])),
                                  kind=str(c.card["kind"]), data=dict(c.card),
                                  version=c.version, changed_at=now(), **uid_of(c))
                     for c in document.group_cards])
    session.flush()
    forget_all()
    return counts

