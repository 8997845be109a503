"""A Hunters of Arcfall game as the database keeps it: a record of kind ``"hunt"`` (the group's,
not a player's) whose events are the game log.

The record's ``data`` is the game-log file without its ``system``, ``name`` and turns: ``limit``,
``player`` (the seats, in clockwise order), and when given ``ended``, ``date``, ``note`` and the
game's own ``card`` tables (hunters and bounties the catalog lacks, entered for this game). Each
turn is an event of kind ``"turn"`` whose payload is its ``[[turn]]`` table; taking a turn back
appends an event of kind ``"undo"`` (``{"undo": <entry>}``): the compensating entry of the
ledger, nothing erased. Entry numbers are event numbers (1 = the oldest).

``check_record`` is what the record store runs before and after every write (and on import and
restore): the stored game is read through the file format's own model, so every way in keeps
the same limits, then checked by the same rules as ``chronicle check``. ``steps_record`` gives
the same check after each entry from one replay (a history judged whole: an import, a
restore). Pure: the catalog is read from card files, never from a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from chronicle.catalog.loader import CardEntry, validate_card_tables
from chronicle.domain.values import Origin, name_key
from chronicle.rules.report import Fix, Report
from chronicle.systems.hunters_of_arcfall import KEY, codes
from chronicle.systems.hunters_of_arcfall.catalog import (
    HuntersCatalog,
    catalog_violations,
    load_catalog,
)
from chronicle.systems.hunters_of_arcfall.gamelogfile import TurnModel, entry_payload, read_document
from chronicle.systems.hunters_of_arcfall.log import Entry, GameLog, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.quickcheck import ENTRIES_MAX
from chronicle.systems.hunters_of_arcfall.rules.check import check_game
from chronicle.systems.hunters_of_arcfall.rules.replay import GameState
from chronicle.systems.hunters_of_arcfall.rules.steps import check_steps


class RecordContext(Protocol):
    """What the store passes besides the record (``chronicle.systems.protocol.RecordContext``)."""

    @property
    def user_cards_dir(self) -> Path | None: ...

    @property
    def group_cards(self) -> tuple[dict[str, Any], ...]: ...

RECORD_KIND = "hunt"
TURN = "turn"
UNDO = "undo"
EVENT_KINDS = (TURN, UNDO)
STORED = Path("stored game")
"""How problems of a stored game name their source."""


def record_data(log: GameLog, cards: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """What the record's ``data`` holds for ``log`` (its turns become events)."""
    data: dict[str, Any] = {"limit": log.limit,
                            "player": [{"name": s.name, "hunter": s.hunter} for s in log.seats]}
    for key, value in (("ended", log.ended), ("date", log.date), ("note", log.note)):
        if value is not None:
            data[key] = value
    tables = [dict(card) for card in cards]
    if tables:
        data["card"] = tables
    return data


def record_event(entry: TurnPlayed | TurnUndone) -> tuple[str, dict[str, Any]]:
    """One log entry as an event: its kind and payload."""
    return (UNDO if isinstance(entry, TurnUndone) else TURN), entry_payload(entry)


def document(name: str, data: Mapping[str, Any],
             events: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The game-log document of a stored game: what ``hunt export`` writes."""
    turns: list[Any] = []
    for event in events:
        payload = event.get("payload")
        turns.append(payload if event.get("kind") in EVENT_KINDS else
                     {"unknown_event": str(event.get("kind"))[:60]})
    return {"system": KEY, "name": name, **{k: v for k, v in data.items()
                                             if k not in ("system", "name", "turn")},
            "turn": turns}


@dataclass
class StoredGame:
    """A stored game read back: the log and its catalog, or the problems that make it
    unreadable (then ``log`` is None)."""

    log: GameLog | None
    catalog: HuntersCatalog | None
    own_cards: list[CardEntry]
    problems: list[str]


def group_entries(tables: Iterable[Mapping[str, Any]]) -> list[CardEntry]:
    """The group's cards of this game (rows of the database's card table) as catalog entries;
    a row that breaks the card format is left out (``chronicle check`` names it)."""
    from chronicle.systems.hunters_of_arcfall.schema import SCHEMA

    entries, _problems = validate_card_tables([dict(t) for t in tables], SCHEMA,
                                              path="the group's cards", lines=None,
                                              origin=Origin.USER)
    return entries


def read_stored(name: str, data: Mapping[str, Any], events: Iterable[Mapping[str, Any]],
                user_cards_dir: Path | None = None,
                group_cards: Iterable[Mapping[str, Any]] = (),
                shared: dict[str, HuntersCatalog] | None = None) -> StoredGame:
    """Read a stored game through the file format, and build its catalog (bundled cards, the
    user's, the group's, the game's own). ``shared``: where the catalog of the games without
    cards of their own is kept for the next such game read from the same sources (reading
    many games at once)."""
    loaded = read_document(document(name, data, events), STORED, origin=Origin.FILE)
    if loaded.problems or loaded.log is None:
        return StoredGame(None, None, [], [_problem_text(p) for p in loaded.problems])
    if shared is not None and not loaded.cards:
        if "" not in shared:
            shared[""] = load_catalog(user_cards_dir, group_entries(group_cards))
        return StoredGame(loaded.log, shared[""], loaded.cards, [])
    catalog = load_catalog(user_cards_dir, [*group_entries(group_cards), *loaded.cards])
    return StoredGame(loaded.log, catalog, loaded.cards, [])


def hunt_problems(name: str, data: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """What keeps a stored game from reading through the game-log format
    (``RecordKind.readable``)."""
    loaded = read_document(document(name, data, events), STORED, origin=Origin.FILE)
    return [_problem_text(p) for p in loaded.problems] or (
        ["it reads as no game"] if loaded.log is None else [])


def _problem_text(problem: Any) -> str:
    field = getattr(problem, "field", None)
    message = str(getattr(problem, "message", problem))
    return f"{field}: {message}" if field else message


def check_stored(game: StoredGame) -> tuple[Report, GameState | None]:
    """The report of a stored game (``game.unreadable`` when it breaks the format)."""
    if game.log is None or game.catalog is None:
        report = Report()
        shown = "; ".join(game.problems[:5]) + (
            f" (and {len(game.problems) - 5} more)" if len(game.problems) > 5 else "")
        report.extend([codes.UNREADABLE(
            f"The stored game breaks the game-log format: {shown}",
            fix=Fix("correct the value named", cli="export the game, correct the file and "
                                                   "import it under a new name"))])
        return report, None
    return check_game(game.log, game.catalog, catalog_violations(game.catalog))


def check_record(data: dict[str, Any], events: list[dict[str, Any]],
                 context: RecordContext) -> Report:
    """The record store's check of a hunt (``RecordKind.check``)."""
    game = read_stored("hunt", data, events, context.user_cards_dir, context.group_cards)
    report, _state = check_stored(game)
    return report


def steps_record(data: dict[str, Any], events: list[dict[str, Any]],
                 context: RecordContext) -> Iterator[Report]:
    """The record store's check of a hunt after each event, in one replay
    (``RecordKind.steps``): the data alone, then each entry in turn (``rules.check_steps``).
    From an entry that breaks the game-log format on, each step is ``check_record`` of its
    prefix (the format's report)."""
    game = read_stored("hunt", data, (), context.user_cards_dir, context.group_cards)
    entries: list[Entry] = []
    if game.log is not None and game.catalog is not None:
        seated = {name_key(seat.name) for seat in game.log.seats}
        for event in events[:ENTRIES_MAX]:
            entry = _entry(event, seated)
            if entry is None:
                break
            entries.append(entry)
        log = replace(game.log, entries=tuple(entries))
        yield from check_steps(log, game.catalog, catalog_violations(game.catalog))
    for index in range(len(entries) + (game.log is not None), len(events) + 1):
        yield check_record(data, events[:index], context)


def _entry(event: Mapping[str, Any], seated: set[str]) -> Entry | None:
    """One stored event as a log entry, held to the format as ``read_stored`` holds each
    ``[[turn]]`` (a player at the table); None when it breaks it."""
    table = document("", {}, [event])["turn"][0]
    try:
        entry = TurnModel.model_validate(table).to_entry()
    except ValidationError:
        return None
    if isinstance(entry, TurnPlayed) and name_key(entry.player) not in seated:
        return None
    return entry


def describe_event(event: dict[str, Any]) -> str:
    """One line for an event of a hunt (``RecordKind.describe``)."""
    payload = event.get("payload")
    if not isinstance(payload, Mapping):
        return f"{event.get('kind')}: (no payload)"
    if event.get("kind") == UNDO:
        return f"undo of entry {payload.get('undo')}"
    parts = [str(payload.get("player", "?"))]
    for key, verb in (("drawn", "draws"), ("captured", "captures")):
        names = payload.get(key)
        if isinstance(names, list) and names:
            parts.append(f"{verb} {', '.join(str(n) for n in names)}")
    if payload.get("heals"):
        parts.append(f"heals {payload['heals']}x")
    if payload.get("ability"):
        parts.append("uses the ability")
    end = {"claimed": "stops and claims", "wounded": "is fatally wounded",
           "no_dice": "runs out of dice"}.get(str(payload.get("end")), str(payload.get("end")))
    return f"{', '.join(parts)}; {end}"
