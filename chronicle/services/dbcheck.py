"""``chronicle db check``: every row of the database edited outside the program into
something the program cannot use, named with its table, id, record name, game, what is wrong
and a stable code (``chronicle.services.damage.CODES``).

The generic record store's rows are decoded exactly as every read decodes them
(``damage.decode``, the game's own model included), so what a list leaves out is what this
names; every other table (Wyld Hunt's characters, chronicle events and seats, the group's
cards, collections) is held to the limits every write is held to (``persistence.guard``), a
chronicle event's payload by its game's ledger codec.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from chronicle.domain import limits
from chronicle.services import damage as d
from chronicle.services.db import Database

if TYPE_CHECKING:
    from chronicle.services.playernames import Boundary


@dataclass(frozen=True, slots=True)
class RowDamage:
    """One damaged row: where it is, whose, what is wrong and its code."""

    table: str
    id: int
    name: str
    game: str
    code: str
    problem: str

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What ``check_database`` read and found."""

    rows: int
    tables: int
    damaged: tuple[RowDamage, ...]


_SKIPPED = frozenset({"id", "version"})


def _parsed(text: Any) -> tuple[Any, str | None]:
    if text is None or not isinstance(text, str | bytes):
        return text, None
    try:
        return json.loads(text), None
    except ValueError as exc:
        return None, f"not JSON ({str(exc)[:80]})"


def check_database(db: Database) -> CheckResult:
    """Read every row and name each one the program cannot use (see the module)."""
    from chronicle.persistence import rawrows
    from chronicle.services.damage import spec_of
    from chronicle.services.playernames import Boundary

    tables: dict[str, list[tuple[frozenset[str], dict[str, Any]]]] = {}
    crossings: dict[tuple[str, str], Boundary] = {}
    with db.transaction() as session:
        for table, json_columns, row in rawrows.all_rows(session):
            tables.setdefault(table, []).append((json_columns, row))
        for _json, row in tables.get("record", []):  # each kind's ids as the games' names
            game, kind = str(row.get("game") or "?"), str(row.get("kind") or "?")
            if (game, kind) not in crossings:
                crossings[game, kind] = Boundary.of(session, game, spec_of(game, kind))
    found: list[RowDamage] = []
    found += _records(tables, crossings)
    found += _others(tables)
    return CheckResult(sum(len(rows) for rows in tables.values()), len(tables), tuple(found))


def _records(tables: dict[str, list[tuple[frozenset[str], dict[str, Any]]]],
             crossings: dict[tuple[str, str], Boundary]) -> list[RowDamage]:
    from chronicle.services.damage import spec_of

    players = {int(row["id"]) for _j, row in tables.get("player", [])}
    events: dict[int, list[tuple[int, object, object, str | None]]] = {}
    for _json, row in tables.get("record_event", []):
        payload, bad = _parsed(row.get("payload"))
        events.setdefault(int(row["record_id"]), []).append(
            (int(row["seq"]), row.get("kind"), payload, bad))
    found: list[RowDamage] = []
    for _json, row in tables.get("record", []):
        name, game = str(row.get("name") or "?"), str(row.get("game") or "?")
        data, bad = _parsed(row.get("data"))
        history = sorted(events.get(int(row["id"]), []), key=lambda e: e[0])
        damage: list[d.Damage] = []
        if bad:
            damage.append(d.Damage(d.ROW_JSON, f"its data is {bad}"))
        damage += [d.Damage(d.ROW_JSON, f"event {seq}'s payload is {why}")
                   for seq, _k, _p, why in history if why]
        if not damage:
            player_id = row.get("player_id")
            kind = str(row.get("kind") or "?")
            damage += d.decode(spec_of(game, kind), name, data,
                               [(kind, payload) for _s, kind, payload, _b in history],
                               owner_missing=player_id is not None
                               and int(player_id) not in players,
                               seen=crossings[game, kind].seen).damage
        found += [RowDamage("record", int(row["id"]), limits.printable(name)[:200], game,
                            x.code, x.message) for x in damage]
    return found


def _others(tables: dict[str, list[tuple[frozenset[str], dict[str, Any]]]]) -> list[RowDamage]:
    from chronicle.persistence.guard import row_problems

    characters = {int(row["id"]): (str(row.get("name")), str(row.get("system")))
                  for _j, row in tables.get("character", [])}
    found: list[RowDamage] = []
    for table, rows in tables.items():
        if table in ("record", "record_event", "alembic_version", "fold_snapshot"):
            continue  # (a fold snapshot is derived: one that does not match is never used)
        for json_columns, row in rows:
            values = dict(row)
            problems: list[tuple[str, str]] = []
            for column in json_columns:
                value, bad = _parsed(row.get(column))
                if bad:
                    problems.append((d.ROW_JSON, f"{column} is {bad}"))
                values[column] = value
            owner = characters.get(int(row.get("character_id") or 0))
            name = str(row.get("name") or row.get("card_name") or "")
            if owner and not name:
                name = f"{owner[0]}'s event {row.get('seq')}" if table == "ledger_event" \
                    else owner[0]
            game = str(row.get("game") or row.get("system") or (owner[1] if owner else ""))
            if not problems:
                problems += _limits(table, values, json_columns, row_problems)
            found += [RowDamage(table, int(row.get("id") or 0), limits.printable(name)[:200],
                                game, code, problem) for code, problem in problems[:3]]
    return found


def _limits(table: str, values: dict[str, Any], json_columns: frozenset[str],
            row_problems: Any) -> list[tuple[str, str]]:
    for column in json_columns:
        if column in ("payload", "data") and not isinstance(values[column], dict):
            return [(d.ROW_SHAPE, f"{column} is {d.kind_of(values[column])}, not a JSON "
                                  "object")]
    row = SimpleNamespace(**values)
    try:
        problems: list[str] = row_problems(table, row,
                                           [c for c in values if c not in _SKIPPED])
    except Exception as exc:  # a codec that cannot say why: still damage, not a crash
        problems = [f"{type(exc).__name__}: {str(exc)[:200]}"]
    return [(d.ROW_LIMITS, limits.printable(p)[:300]) for p in problems]
