"""What the database keeps for Tales of Arcadia, as plain data, and the checks the store runs.

Two record kinds go through the generic record store (``chronicle.services.recordstore``):

- ``force`` (per player): a battle force. Its data is the roster file's document without
  ``system`` and ``name`` (the record's own name): ``army``, ``limit``, ``unit`` (the
  ``[[unit]]`` tables), optionally ``notes`` and ``card`` (inline ``[[card]]`` tables). Every
  edit replaces the data; ``check_force`` judges it against the bundled cards, the user's card
  files and the group's cards.
- ``battles`` (the group's, one record named ``BATTLES``): the group's history as events,
  ``battle`` (a ``[[battle]]`` table of the battle record file) and ``battle-undone`` (the
  compensating event: ``{"event": seq}``). ``check_battles`` replays them (``battles.replay``);
  ``steps_battles`` gives the same check after each event from one fold.

The store refuses a write whose report has an error the report before it did not have, so a
force is never saved in a new illegal state, and a restore or import is judged again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from chronicle.rules.report import Report
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia import codes as k
from chronicle.systems.tales_of_arcadia.battles import (
    Battle,
    BattleEvent,
    BattleRecorded,
    BattleUndone,
)
from chronicle.systems.tales_of_arcadia.force import Roster

if TYPE_CHECKING:
    from chronicle.catalog.loader import CardEntry
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog

FORCE = "force"
"""The record kind of a battle force."""
BATTLES = "battles"
"""The record kind, and the one record's name, of the group's battle history."""
BATTLE_EVENT = "battle"
UNDO_EVENT = "battle-undone"


class Context(Protocol):
    """What a record check is given besides the record (``protocol.RecordContext``)."""

    @property
    def user_cards_dir(self) -> Path | None:
        """The user's card folder (None: the default data folder)."""

    @property
    def group_cards(self) -> tuple[dict[str, Any], ...]:
        """The group's cards of this game, as ``[[card]]`` tables."""


# --- battle forces -----------------------------------------------------------------------------

def force_data(roster: Roster, cards: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The record data of ``roster`` (its name is the record's), with inline ``cards``."""
    document = roster.to_dict()
    data: dict[str, Any] = {key: value for key, value in document.items()
                            if key not in ("system", "name", "player")}
    data.setdefault("unit", [])
    tables = [dict(card) for card in cards]
    if tables:
        data["card"] = tables
    return data


def read_force(name: str, data: Mapping[str, Any]) -> tuple[Roster | None, list[CardEntry],
                                                             list[str]]:
    """The battle force stored as ``data`` under ``name``, its inline cards, and what makes it
    unreadable (then the force is None)."""
    from chronicle.systems.tales_of_arcadia.rosterfile import read_roster

    document = {key: value for key, value in data.items() if key not in ("system", "name")}
    loaded = read_roster({"system": KEY, "name": name or "?", **document}, None,
                         f"battle force {name!r}")
    messages = [str(problem) for problem in loaded.problems]
    if messages:
        return None, [], messages
    return loaded.roster, loaded.cards, []


@lru_cache(maxsize=8)
def _sources(user_dir: Path | None) -> Any:
    from chronicle.systems.tales_of_arcadia.catalog import read_sources

    return read_sources(user_dir)


def clear_cache() -> None:
    """Forget the card files read (after the user's card files change)."""
    _sources.cache_clear()


def catalog_for(context: Context | None, extra: Iterable[CardEntry] = (),
                *, fresh: bool = False) -> TalesCatalog:
    """The catalog a stored force is judged by: bundled cards, the user's card files, the
    group's cards, then the force's own inline cards."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.domain.values import Origin
    from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA

    if fresh:
        clear_cache()
    user_dir = context.user_cards_dir if context is not None else None
    group: list[CardEntry] = []
    if context is not None and context.group_cards:
        group, _problems = validate_card_tables(list(context.group_cards), SCHEMA,
                                                path="the group's cards", lines=None,
                                                origin=Origin.USER)
    built: TalesCatalog = _sources(user_dir).build([*group, *extra])
    return built


def check_force(data: dict[str, Any], events: list[dict[str, Any]], context: Context) -> Report:
    """The store's check of a battle force: ``check_roster`` on the stored roster (or
    ``roster.unreadable`` when the data is not a roster)."""
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    roster, cards, problems = read_force(str(data.get("name", "")), data)
    if roster is None:
        report = Report()
        for message in problems[:20]:
            report.add(k.ROSTER_UNREADABLE(message, [], "export the force, mend the file and "
                                                        "import it again"))
        return report
    return check_roster(roster, catalog_for(context, cards))


def force_problems(name: str, data: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """What keeps a stored battle force from reading as a roster (``RecordKind.readable``)."""
    problems = read_force(name, data)[2]
    return problems + [f"a battle force keeps no events, and this one has {len(events)}"
                       for _ in events[:1]]


# --- the group's battles -----------------------------------------------------------------------

def battle_payload(battle: Battle) -> dict[str, Any]:
    """A battle as the payload of a ``battle`` event: a ``[[battle]]`` table of the battle
    record file (the date as ISO text)."""
    table: dict[str, Any] = {
        "date": battle.date.isoformat(), "limit": battle.limit,
        "victory": battle.victory.value,
        "side": [{key: value for key, value in side.to_dict().items() if value is not None}
                 for side in battle.sides]}
    for key in ("winner", "condition", "note"):
        value = getattr(battle, key)
        if value is not None:
            table[key] = value
    return table


def read_battle(payload: Mapping[str, Any]) -> tuple[Battle | None, list[str]]:
    """The battle of a ``battle`` event, or what makes it unreadable."""
    from chronicle.systems.tales_of_arcadia.rosterfile import read_battles

    document = dict(payload)
    date = document.get("date")
    if isinstance(date, str):
        try:
            document["date"] = dt.date.fromisoformat(date)
        except ValueError:
            return None, [f"the date {date[:40]!r} is not an ISO date (YYYY-MM-DD)"]
    battles, problems = read_battles({"system": KEY, "battle": [document]}, None, "battle")
    if problems:
        return None, [str(problem) for problem in problems]
    return battles[0], []


def battle_events(events: Iterable[Mapping[str, Any]]) -> tuple[list[BattleEvent], list[str]]:
    """Stored events (``{"kind", "payload"}``, oldest first) as the ledger's events, and what
    makes any of them unreadable."""
    found: list[BattleEvent] = []
    problems: list[str] = []
    for number, event in enumerate(events, start=1):
        payload = event.get("payload") or {}
        if event.get("kind") == BATTLE_EVENT:
            battle, trouble = read_battle(payload)
            if battle is None:
                problems += [f"event {number}: {message}" for message in trouble]
                continue
            found.append(BattleRecorded(battle=battle))
        elif event.get("kind") == UNDO_EVENT and isinstance(payload.get("event"), int) \
                and not isinstance(payload.get("event"), bool):
            note = payload.get("note")
            found.append(BattleUndone(event=payload["event"],
                                      note=note if isinstance(note, str) else None))
        else:
            problems.append(f"event {number}: {str(event.get('kind'))[:40]!r} is not a battle "
                            "or an undo")
    return found, problems


def check_battles(data: dict[str, Any], events: list[dict[str, Any]],
                  context: Context) -> Report:
    """The store's check of the group's battle history: every battle's own problems and bad
    undos (``battles.replay``)."""
    from chronicle.systems.tales_of_arcadia.battles import replay

    found, problems = battle_events(events)
    if problems:
        report = Report()
        for message in problems[:20]:
            report.add(k.ROSTER_UNREADABLE(message, [], "restore the history from a backup"))
        return report
    return replay(found)[1]


def steps_battles(data: dict[str, Any], events: list[dict[str, Any]],
                  context: Context) -> Iterator[Report]:
    """``check_battles`` after each event, from one fold (``RecordKind.steps``): the history
    without events, then each event in turn (``battles.replay_steps``); from an event that
    cannot be read on, each step is ``check_battles`` of its prefix."""
    from chronicle.systems.tales_of_arcadia.battles import replay_steps

    found: list[BattleEvent] = []
    for event in events:
        read, problems = battle_events([event])
        if problems:
            break
        found.extend(read)
    yield from replay_steps(found)
    for index in range(len(found) + 1, len(events) + 1):
        yield check_battles(data, events[:index], context)


def steps_force(data: dict[str, Any], events: list[dict[str, Any]],
                context: Context) -> Iterator[Report]:
    """``check_force`` after each event (``RecordKind.steps``): a force is judged by its data
    alone, so its one report stands for every step."""
    report = check_force(data, [], context)
    for _step in range(len(events) + 1):
        yield Report(list(report.violations), dict(report.summary))


def battles_problems(name: str, data: dict[str, Any],
                     events: list[dict[str, Any]]) -> list[str]:
    """What keeps the stored battle history from reading as battles and undos
    (``RecordKind.readable``)."""
    return battle_events(events)[1]


def describe_battle(event: dict[str, Any]) -> str:
    """One line for an event of the battle history."""
    payload = event.get("payload") or {}
    if event.get("kind") == UNDO_EVENT:
        return f"undid battle #{payload.get('event')}"
    battle, _trouble = read_battle(payload)
    if battle is None:
        return "an unreadable battle"
    sides = " v ".join(side.player for side in battle.sides)
    won = f"{battle.winner} won" if battle.winner else "a draw"
    return f"{battle.date.isoformat()}: {sides} at {battle.limit} points ({battle.victory}): " \
           f"{won}"


__all__ = ["BATTLES", "BATTLE_EVENT", "FORCE", "UNDO_EVENT", "Context", "battle_events",
           "battle_payload", "battles_problems", "catalog_for", "check_battles", "check_force",
           "clear_cache", "describe_battle", "force_data", "force_problems",
           "read_battle", "read_force", "steps_battles", "steps_force"]
