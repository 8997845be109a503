"""The strict TOML format of Arcadia Quest card files, validated with pydantic.

A card file is::

    version = 1
    game = "arcadia-quest"         # optional

    [[card]]
    name = "Fire Sword"
    kind = "upgrade"
    cost = 4                       # typed in from the card: costs are not in the public record
    level = 1
    type = "attack"
    group = "sword"
    dice = 3
    attack = "melee"

Unknown keys are rejected; integers must be integers. Every kind-specific value is optional (a
user's file may fill in just the cost of a bundled card); the rules report ``card.incomplete``
when they need a value nobody entered. The same ``[[card]]`` tables may appear inline in a
campaign file.
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
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest import cards as c

FORMAT_VERSION = 1
MAX_COINS = 1000
MAX_LIST = 100


def _single_line(value: str) -> str:
    if "\n" in value or "\t" in value:
        raise ValueError("must be a single line")
    return value


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


Name = Annotated[str, Strict(), Field(min_length=1, max_length=NAME_MAX),
                 AfterValidator(valid_name), AfterValidator(_single_line)]
Text = Annotated[str, Strict(), Field(min_length=1, max_length=TEXT_MAX),
                 AfterValidator(valid_text)]
Count = Annotated[int, Strict(), Field(ge=0, le=MAX_COINS)]
Flag = Annotated[bool, Strict()]
Names = Annotated[list[Name], Field(max_length=MAX_LIST)]
Level = Annotated[int, Strict(), Field(ge=1, le=5)] | Literal["starter"]
CircleField = Annotated[c.Circle, BeforeValidator(_lower)]
TypeField = Annotated[c.UpgradeType, BeforeValidator(_lower)]
RangeField = Annotated[c.AttackRange, BeforeValidator(_lower)]


class _Strict(BaseModel):
    model_config = STRICT


class CardModel(_Strict):
    """Fields every card kind has."""

    name: Name
    kind: str
    aliases: Annotated[list[Name], Field(max_length=20)] | None = None
    """The card's other names: the rulebook's Spanish names among them (``name_es``, which
    older files write, is read as one)."""
    products: Name | Names | None = None
    summary: Text | None = None
    source: Text | Annotated[list[Text], Field(max_length=20)] | None = None
    notes: Text | None = None

    @model_validator(mode="before")
    @classmethod
    def _spanish_name(cls, data: Any) -> Any:
        """``name_es = "..."`` (the format before ``aliases``) as one of the card's aliases."""
        if isinstance(data, dict) and "name_es" in data:
            data = dict(data)
            spanish = data.pop("name_es")
            known = data.get("aliases")
            data["aliases"] = [*(known if isinstance(known, list) else
                                 [] if known is None else [known]), spanish]
        return data


class HeroModel(CardModel):
    """``kind = "hero"``."""

    kind: Literal["hero"]
    defense: Count | None = None
    life: Count | None = None
    ability: Name | None = None
    core_box: Flag | None = None


class UpgradeModel(CardModel):
    """``kind = "upgrade"``."""

    kind: Literal["upgrade"]
    cost: Count | None = None
    level: Level | None = None
    type: TypeField | None = None
    group: Name | None = None
    dice: Count | None = None
    attack: RangeField | None = None
    defense: Count | None = None


class CurseModel(CardModel):
    """``kind = "curse"``: a Death Curse."""

    kind: Literal["curse"]
    value: Count | None = None
    takes_slot: Flag | None = None


class ScenarioModel(CardModel):
    """``kind = "scenario"``."""

    kind: Literal["scenario"]
    circle: CircleField | None = None
    campaign: Name | None = None
    title_quest: Flag | None = None
    reward_quest: Flag | None = None
    uses_titles_of: Names | None = None
    difficulty: Name | None = None


class MonsterModel(CardModel):
    """``kind = "monster"``."""

    kind: Literal["monster"]
    monster_class: Name | None = None
    figures: Count | None = None
    coins: Count | None = None


class TitleModel(CardModel):
    """``kind = "title"``: typed in by the group (title names are not in the public record)."""

    kind: Literal["title"]
    scenario: Name | None = None
    quest: Name | None = None
    """The quest that awards it (the guild earning it must have completed it)."""
    used_in: Names | None = None


MODELS: dict[str, type[CardModel]] = by_kind(HeroModel, UpgradeModel, CurseModel,
                                             ScenarioModel, MonsterModel, TitleModel)


SCHEMA: ModelSchema[c.Card] = ModelSchema(
    KEY, FORMAT_VERSION, MODELS, c.card_from_data,
    aliases={("curse", "cost"): "value", ("upgrade", "value"): "cost",
             ("hero", "dice"): "defense", ("monster", "cost"): "coins"})
"""The card schema the catalog loader uses for Arcadia Quest files."""
