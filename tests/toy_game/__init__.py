"""Pebbles, a toy game system that lives only under ``tests/``: the proof that a game plugs in
through the registry without an edit outside its folder.

One card kind (``pebble``: a name and a weight; a pydantic model behind the shared
``ModelSchema``, read by the shared card loader from the user's card folder
``<data dir>/cards/toy-pebbles/`` and from the file's own ``[[card]]`` tables, with located
problems), one file kind (``bag``: a weight limit and the pebbles carried) with one rule
(``bag.too_heavy``: the weights add up beyond the limit) beside the shared ``card.unknown``.

The same bags kept in the database (``bags``: one record kind, one ledger event ``put`` and its
compensating ``undo``, through ``chronicle.services.records``), used by ``service``, a command
group ``chronicle bag`` (``cli``), a printed sheet (``sheet``: ``chronicle export bag``) and a
screen the app opens from its "Other games" area (``screen``). Registered by a fixture
(``chronicle.systems.registry.registered(SYSTEM)``), never installed: nothing outside this
folder names the toy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from chronicle import paths
from chronicle.catalog.layers import read_files
from chronicle.catalog.loader import CardEntry, card_files, read_toml, validate_card_tables
from chronicle.catalog.problems import FileProblem
from chronicle.catalog.schema import ModelSchema
from chronicle.domain.values import Origin
from chronicle.rules.report import Report, Severity, Violation
from chronicle.systems.protocol import (
    CardPlace,
    CommandGroup,
    Edition,
    FileKind,
    GameSystem,
    RecordKind,
)

KEY = "toy-pebbles"


class PebbleModel(BaseModel):
    """A pebble card: its name and weight (unknown when left out)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=200)
    kind: str
    weight: int | None = Field(default=None, ge=0, le=1000)


def _card(data: dict[str, Any], origin: Origin, path: str | None) -> dict[str, Any]:
    return data


SCHEMA: ModelSchema[dict[str, Any]] = ModelSchema(KEY, 1, {"pebble": PebbleModel}, _card)


@dataclass
class Outcome:
    """What checking a bag file gives (a ``chronicle.systems.protocol.Checked``)."""

    path: Path
    report: Report | None = None
    problems: list[FileProblem] = field(default_factory=list)
    catalog_problems: list[FileProblem] = field(default_factory=list)
    kind: str = "bag"

    @property
    def exit_code(self) -> int:
        if self.problems or self.report is None:
            return 2
        return 0 if self.report.valid else 1


def user_cards(user_cards_dir: Path | None) -> tuple[list[CardEntry], list[FileProblem]]:
    """The pebbles of the user's card folder for the game (the default one when None)."""
    folder = user_cards_dir if user_cards_dir is not None else paths.user_cards_dir(KEY)
    return read_files(card_files(folder), SCHEMA, Origin.USER)


def check_path(path: Path, user_cards_dir: Path | None = None) -> Outcome:
    """Check a bag file: every pebble known, their weights within the limit."""
    problems: list[FileProblem] = []
    read = read_toml(path, problems)
    if read is None:
        return Outcome(path, problems=problems)
    data, lines = read
    limit = data.get("limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        return Outcome(path, problems=[FileProblem(str(path), "limit must be a whole number "
                                                              "of 0 or more", field="limit")])
    own, problems = validate_card_tables(data.get("card", []), SCHEMA, path=str(path),
                                         lines=lines, origin=Origin.FILE)
    if problems:
        return Outcome(path, problems=problems)
    user, catalog_problems = user_cards(user_cards_dir)
    weights = {entry.data["name"]: entry.data.get("weight") for entry in [*user, *own]}
    found: list[Violation] = []
    total = 0
    for name in data.get("pebbles", []):
        if name not in weights:
            found.append(Violation("card.unknown", Severity.ERROR,
                                   f"no pebble is called {name!r}", (name,),
                                   fix="add it as a [[card]] with kind = \"pebble\""))
            continue
        total += weights[name] or 0
    if total > limit:
        found.append(Violation("bag.too_heavy", Severity.ERROR,
                               f"the pebbles weigh {total}, {total - limit} over the limit of "
                               f"{limit}", tuple(data.get("pebbles", [])),
                               fix="leave a pebble out", section="Toy rules"))
    summary = {"system": KEY, "name": data.get("name"), "limit": limit, "weight": total}
    return Outcome(path, Report(found, summary), catalog_problems=catalog_problems)


SYSTEM = GameSystem(
    key=KEY,
    label="Pebbles (a toy game)",
    editions=(Edition(KEY, "Pebbles"),),
    card_kinds=("pebble",),
    file_kinds=(FileKind("bag", "a bag of pebbles within a weight limit",
                         "toy_game:check_path"),),
    card_schema="toy_game:SCHEMA",
    sheets={"bag": "toy_game.sheet:bag_document"},
    screens={"main": "toy_game.screen:PebblesScreen"},
    commands=(CommandGroup("bag", "Pebbles (a toy game): bags of pebbles",
                           "toy_game.cli:register"),),
    records=(RecordKind("bag", "bag of pebbles", True, "toy_game.bags:check",
                        "toy_game.bags:describe",
                        cards=(CardPlace("put:pebble", ("pebble",)),)),),
    stats="toy_game.stats:stats",
)
"""What the fixture registers."""
