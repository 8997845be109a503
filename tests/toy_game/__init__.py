"""Pebbles, a toy game that lives only under ``tests/``: what a game must say to work on every
front (docs/architecture.md, "Adding a game", shows this code). One card kind (``pebble``),
one file kind and one record kind (a player's ``bag``: ``put`` events, undone by ``undo``),
one rule (``bag.too_heavy``). Registered by a fixture, never installed."""

from functools import partial
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from chronicle.catalog.recordfile import check_record_file
from chronicle.catalog.schema import ModelSchema
from chronicle.systems import api

KEY = "toy-pebbles"


class PebbleModel(BaseModel):
    """A pebble card: its name and weight (unknown when left out)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=200)
    kind: str
    weight: int | None = Field(default=None, ge=0, le=1000)


SCHEMA: ModelSchema[dict[str, Any]] = ModelSchema(KEY, 1, {"pebble": PebbleModel},
                                                  lambda data, _origin, _path: data)


def bag(document: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | str:
    """A bag file as a kept bag: its limit, and each of its pebbles put in."""
    limit = document.get("limit")
    if type(limit) is not int or limit < 0:
        return "limit must be a whole number of 0 or more"
    return {"limit": limit}, [{"kind": "put", "payload": {"pebble": p}}
                              for p in document.get("pebbles", [])]


check_path = partial(check_record_file, system=KEY, kind="bag", schema=SCHEMA, record=bag,
                     check="toy_game.bags:check")
SYSTEM = api.GameSystem(
    key=KEY, label="Pebbles (a toy game)", editions=(api.Edition(KEY, "Pebbles"),),
    card_kinds=("pebble",), card_schema="toy_game:SCHEMA", stats="toy_game.service:stats",
    file_kinds=(api.FileKind("bag", "a bag of pebbles within a weight limit",
                             "toy_game:check_path"),),
    records=(api.RecordKind("bag", "bag of pebbles", True, "toy_game.bags:check",
                            "toy_game.bags:describe",
                            cards=(api.CardPlace("put:pebble", ("pebble",)),)),),
    commands=(api.CommandGroup("bag", "Pebbles (a toy game): bags", "toy_game.cli:register"),),
    sheets={"bag": "toy_game.service:BAGS.sheet"},
    screens={"main": "toy_game.screen:PebblesScreen"})
