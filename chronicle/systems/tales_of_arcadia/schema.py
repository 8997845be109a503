"""The strict TOML format of Tales of Arcadia card files, validated with pydantic.

A card file is::

    version = 1
    game = "tales-of-arcadia"      # optional

    [[card]]
    name = "Gearknight"
    kind = "unit"
    army = "Clockwork Legion"
    cost = 40
    power = 3
    ...
    [[card.variant]]               # after its unit's [[card]]
    name = "Lancer"
    cost = 50
    power = 4
    [[card.option]]
    name = "Tower Shield"
    cost = 10

These models define the format and word every problem; ``quickcheck.py`` reads a plainly
valid table without them (and without importing pydantic). Unknown keys are rejected; integers
must be integers. Every value is optional at this level (a
user's file may correct just one value of a bundled card); a unit missing a statistic or its
cost is reported by the rules as ``card.incomplete`` when it is used. The same ``[[card]]``
tables may appear inline in a roster file.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Field,
    Strict,
    model_validator,
)

from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.schema import ModelSchema, by_kind
from chronicle.domain.limits import NAME_MAX, TEXT_MAX, valid_name, valid_text
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia import cards as c
from chronicle.systems.tales_of_arcadia.limits import (
    FORMAT_VERSION,
    MAX_COST,
    MAX_LIST,
    MAX_PICKS,
    MAX_SOURCES,
    MAX_STAT,
)


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


Name = Annotated[str, Strict(), Field(min_length=1, max_length=NAME_MAX),
                 AfterValidator(valid_name)]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=TEXT_MAX),
                 AfterValidator(valid_text)]
Cost = Annotated[int, Strict(), Field(ge=0, le=MAX_COST)]
Stat = Annotated[int, Strict(), Field(ge=-MAX_STAT, le=MAX_STAT)]
Distance = Annotated[int, Strict(), Field(ge=0, le=MAX_STAT)]
Picks = Annotated[int, Strict(), Field(ge=0, le=MAX_PICKS)]
Flag = Annotated[bool, Strict()]
Names = Annotated[list[Name], Field(max_length=MAX_LIST)]
MovementField = Annotated[c.Movement, BeforeValidator(_lower)]


class _Strict(BaseModel):
    model_config = STRICT


class StatsFields(_Strict):
    """The six statistics, each optional."""

    power: Stat | None = None
    accuracy: Stat | None = None
    speed: Distance | None = None
    wounds: Stat | None = None
    range: Distance | None = None
    defense: Stat | None = None


class VariantModel(StatsFields):
    """A ``[[card.variant]]``: a name, an optional cost replacing the base cost, and any of the
    six statistics."""

    name: Name
    cost: Cost | None = None
    summary: Text | None = None
    notes: Text | None = None


class OptionModel(_Strict):
    """A ``[[card.option]]``: a name, its cost per pick, ``min`` (default 0) and ``max``
    (default 1) picks, an optional exclusive ``group``, and keywords it grants."""

    name: Name
    cost: Cost | None = None
    min: Picks = 0
    max: Picks = 1
    group: Name | None = None
    keywords: Names = []
    summary: Text | None = None
    notes: Text | None = None

    @model_validator(mode="after")
    def _bounds(self) -> OptionModel:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


class CardModel(_Strict):
    """Fields every card kind has."""

    name: Name
    kind: str
    aliases: Annotated[list[Name], Field(max_length=20)] | None = None
    """The card's other names (another language's, an older printing's)."""
    summary: Text | None = None
    source: Text | Annotated[list[Text], Field(max_length=MAX_SOURCES)] | None = None
    notes: Text | None = None


class ArmyModel(CardModel):
    """``kind = "army"``: an army list."""

    kind: Literal["army"]
    example: Flag | None = None


def _unique(items: list[Any], what: str) -> None:
    seen: set[str] = set()
    for item in items:
        key = " ".join(item.name.split()).casefold()
        if key in seen:
            raise ValueError(f"two {what}s are called {item.name!r}")
        seen.add(key)


class UnitModel(CardModel, StatsFields):
    """``kind = "unit"``: a unit of an army list."""

    kind: Literal["unit"]
    army: Name | None = None
    cost: Cost | None = None
    types: Names | None = None
    movement: MovementField | None = None
    keywords: Names | None = None
    special: Text | None = None
    variant: Annotated[list[VariantModel], Field(max_length=MAX_LIST)] | None = None
    option: Annotated[list[OptionModel], Field(max_length=MAX_LIST)] | None = None

    @model_validator(mode="after")
    def _distinct(self) -> UnitModel:
        _unique(self.variant or [], "variant")
        _unique(self.option or [], "option")
        return self


class KeywordModel(CardModel):
    """``kind = "keyword"``: a keyworded special rule; ``parameter = "chance"`` when a unit
    writes it with its chance (``Rise Again 3:6``)."""

    kind: Literal["keyword"]
    parameter: Literal["chance"] | None = None
    category: Name | None = None


class TerrainModel(CardModel):
    """``kind = "terrain"``: a terrain type and who treats it as normal ground."""

    kind: Literal["terrain"]
    hindering: Flag | None = None
    movement_cost: Annotated[int, Strict(), Field(ge=1, le=10)] | None = None
    ignored_by: Names | None = None
    blocks_movement: Flag | None = None
    blocks_attacks: Flag | None = None
    imperfect_los: Flag | None = None


MODELS: dict[str, type[CardModel]] = by_kind(ArmyModel, UnitModel, KeywordModel,
                                             TerrainModel)


MODEL_SCHEMA: ModelSchema[c.Card] = ModelSchema(KEY, FORMAT_VERSION, MODELS, c.card_from_data)
"""The card schema of the models; the loader uses ``quickcheck.SCHEMA``, which asks these
models about every table it does not vouch for itself."""
