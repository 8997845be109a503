"""The battle-force (roster) file: its strict TOML format, how it is read and written; the
battle record file; and card files written back (``dump_cards``).

::

    system = "tales-of-arcadia"
    name = "Iron Vanguard"
    army = "Clockwork Legion"      # the one army list this force is drawn from
    limit = 500                    # the agreed point limit

    [[unit]]
    unit = "Gearknight"
    variant = "Lancer"             # optional
    options = ["Tower Shield"]     # optional; an option taken twice is named twice
    count = 2                      # optional, default 1: identical units

    [[card]]                       # army-list data may also be defined inline

Unknown keys are rejected; every mistake is located as in every game's file
(``chronicle.catalog.located``), and a file with any such problem cannot be checked (exit 2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.loadedfile import LoadedFile, load_toml
from chronicle.catalog.loader import read_toml
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.tomlmap import LineMap
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.cards import (
    Army,
    Card,
    Keyword,
    Movement,
    Terrain,
    Unit,
)
from chronicle.systems.tales_of_arcadia.force import Roster

if TYPE_CHECKING:
    from chronicle.systems.tales_of_arcadia.battles import Battle

def read_battles(document: dict[str, Any], lines: LineMap | None,
                 shown: str) -> tuple[list[Battle], list[FileProblem]]:
    """The battles of a parsed battle record file, or the located problems that stop it."""
    from pydantic import ValidationError

    from chronicle.catalog.located import located_problems
    from chronicle.systems.tales_of_arcadia.filemodels import BattleFile, BattleModel

    try:
        model = BattleFile.model_validate(document)
    except ValidationError as exc:
        return [], located_problems(exc, shown, lines, BattleFile, {"battle": BattleModel})
    return [b.to_battle() for b in model.battle], []


def load_battles(path: Path) -> tuple[list[Battle], list[FileProblem]]:
    """Read a battle record file."""
    problems: list[FileProblem] = []
    parsed = read_toml(path, problems)
    if parsed is None:
        return [], problems
    return read_battles(parsed[0], parsed[1], str(path))


@dataclass
class LoadedRoster(LoadedFile):
    """A roster file read: the force (with the cards it defines and any problems found)."""

    roster: Roster | None = None


def load_roster(path: Path) -> LoadedRoster:
    """Read a roster file. When ``problems`` is not empty the file is unusable."""
    return load_toml(LoadedRoster(path), read_roster)


def read_roster(document: dict[str, Any], lines: LineMap | None, shown: str,
                loaded: LoadedRoster | None = None) -> LoadedRoster:
    """Validate a parsed roster document (``shown`` names it in problems): a plainly valid one
    without the models (``quickcheck.roster``), any other by them."""
    from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA, roster

    loaded = loaded or LoadedRoster(Path(shown))
    quick = roster(document)
    if quick is not None:
        force, cards = quick
    else:
        from pydantic import ValidationError

        from chronicle.catalog.located import located_problems
        from chronicle.systems.tales_of_arcadia.filemodels import RosterFile, UnitLineModel

        try:
            model = RosterFile.model_validate(document)
        except ValidationError as exc:
            loaded.problems.extend(located_problems(exc, shown, lines, RosterFile,
                                                     {"unit": UnitLineModel}))
            return loaded
        force, cards = model.to_roster(), model.card
    if cards:
        loaded.read_cards(cards, SCHEMA, shown, lines)
    loaded.roster = force
    return loaded


def dump_roster(roster: Roster) -> str:
    """``roster`` as roster-file TOML text that reads back to the same force."""
    from chronicle.catalog.tomlwrite import dumps

    return dumps(roster.to_dict(), header=f"Tales of Arcadia battle force ({KEY})")


def card_table(card: Card) -> dict[str, Any]:
    """The ``[[card]]`` keys of a card (unknown values left out), its variants and options as
    lists of tables under ``variant`` and ``option``."""
    table: dict[str, Any] = {"name": card.name, "kind": card.kind.value}
    if isinstance(card, Army) and card.example:
        table["example"] = True
    if isinstance(card, Unit):
        table.update({"army": card.army, "cost": card.cost,
                      **{s: v for s, v in card.stats.to_dict().items() if v is not None}})
        if card.types:
            table["types"] = list(card.types)
        if card.movement is not Movement.WALKING:
            table["movement"] = card.movement.value
        if card.keywords:
            table["keywords"] = list(card.keywords)
        table["special"] = card.special
        table["variant"] = [{"name": v.name, "cost": v.cost,
                             **{s: x for s, x in v.stats.to_dict().items() if x is not None},
                             "summary": v.summary} for v in card.variants]
        table["option"] = [{"name": o.name, "cost": o.cost,
                            "min": o.min if o.min else None,
                            "max": o.max if o.max != 1 else None, "group": o.group,
                            "keywords": list(o.keywords) or None, "summary": o.summary}
                           for o in card.options]
    if isinstance(card, Keyword):
        table.update({"parameter": card.parameter, "category": card.category})
    if isinstance(card, Terrain):
        table.update({"hindering": card.hindering, "movement_cost": card.movement_cost,
                      "ignored_by": list(card.ignored_by) or None,
                      "blocks_movement": card.blocks_movement,
                      "blocks_attacks": card.blocks_attacks, "imperfect_los": card.imperfect_los})
    table.update({"summary": card.summary, "notes": card.notes,
                  "source": list(card.source) or None})
    return table


def dump_cards(cards: Iterable[Card], *, header: str = "") -> str:
    """A card file (``version``, ``game``, ``[[card]]`` with ``[[card.variant]]`` and
    ``[[card.option]]``) holding ``cards``; it reads back to the same cards."""
    from chronicle.catalog.tomlwrite import key, value
    from chronicle.systems.tales_of_arcadia.limits import FORMAT_VERSION

    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"version = {FORMAT_VERSION}", f"game = {value(KEY)}"]
    for card in cards:
        table = card_table(card)
        nested = {name: table.pop(name) for name in ("variant", "option") if name in table}
        lines += ["", "[[card]]"]
        lines += [f"{key(k)} = {value(v)}" for k, v in table.items() if v is not None]
        for name, entries in nested.items():
            for entry in entries:
                lines += ["", f"[[card.{name}]]"]
                lines += [f"{key(k)} = {value(v)}" for k, v in entry.items() if v is not None]
    return "\n".join(lines) + "\n"
