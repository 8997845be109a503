"""The strict, versioned TOML format of Hunters of Arcfall card files, validated with pydantic.

A card file is::

    version = 1
    game = "hunters-of-arcfall"     # optional

    [[card]]
    name = "Gus"
    kind = "hunter"                 # hunter, bounty or die
    wounds = 3                      # every hunter holds 3 (The Hunters); may be left out
    source = "https://..."

Unknown keys are rejected. Every printed value is optional: a value nobody knows is left out,
never written as zero. A die's ``faces`` table gives how many faces show each result
(``hit``, ``wound``, ``miss``, ``heal``, ``stun``); a result left out is unknown. The same
``[[card]]`` tables may appear in a game log, for that game only.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.schema import ModelSchema, by_kind
from chronicle.rules.report import Front
from chronicle.systems.hunters_of_arcfall import KEY
from chronicle.systems.hunters_of_arcfall import cards as c
from chronicle.systems.hunters_of_arcfall.fields import (
    Count,
    Name,
    ResultList,
    SlotNumbers,
    Text,
)
from chronicle.systems.hunters_of_arcfall.rules.cards import hunter_wounds

FORMAT_VERSION = 1


class _Strict(BaseModel):
    model_config = STRICT


class CardModel(_Strict):
    """Fields every card kind has."""

    name: Name
    kind: str
    aliases: Annotated[list[Name], Field(max_length=20)] | None = None
    """The card's other names (another language's, an older printing's)."""
    summary: Text | None = None
    ability: Text | None = None
    source: Text | Annotated[list[Text], Field(max_length=20)] | None = None
    confidence: Text | None = None
    notes: Text | None = None


class HunterModel(CardModel):
    """``kind = "hunter"``."""

    kind: Literal["hunter"]
    wounds: Count | None = None
    """Every hunter holds 3 wounds (The Hunters): another capacity is refused with the code
    ``card.hunter_wounds``, here, where every reader of a card takes its format from."""

    @field_validator("wounds")
    @classmethod
    def _rulebook_capacity(cls, wounds: int | None, info: ValidationInfo) -> int | None:
        broken = hunter_wounds(str(info.data.get("name", "?")), wounds)
        if broken is not None:
            raise PydanticCustomError(broken.code, "{message}", {
                "message": broken.message, "hint": broken.fix_for(Front.FILE) or ""})
        return wounds


class BountyModel(CardModel):
    """``kind = "bounty"``: ``slots`` lists the die result each slot needs; ``chevrons`` the
    numbers of the slots marked with the stacked chevron (1 = the first slot)."""

    kind: Literal["bounty"]
    slots: ResultList | None = None
    chevrons: SlotNumbers | None = None
    fortune: Count | None = None
    fame: Count | None = None

    @field_validator("chevrons")
    @classmethod
    def _chevrons_on_slots(cls, chevrons: list[int] | None,
                           info: ValidationInfo) -> list[int] | None:
        if chevrons is not None:
            if len(set(chevrons)) != len(chevrons):
                raise ValueError("chevrons names the same slot twice")
            slots = info.data.get("slots")
            beyond = [n for n in chevrons if slots is not None and n > len(slots)]
            if beyond:
                raise ValueError(f"chevrons names slot {beyond[0]}, but the bounty has "
                                 f"{len(slots or [])} slot(s)")
        return chevrons


class FacesModel(_Strict):
    """How many faces of a die show each result; a result left out is unknown."""

    hit: Annotated[Count, Field(le=100)] | None = None
    wound: Annotated[Count, Field(le=100)] | None = None
    miss: Annotated[Count, Field(le=100)] | None = None
    heal: Annotated[Count, Field(le=100)] | None = None
    stun: Annotated[Count, Field(le=100)] | None = None


class DieModel(CardModel):
    """``kind = "die"``."""

    kind: Literal["die"]
    faces: FacesModel | None = None

    @field_validator("faces")
    @classmethod
    def _some_face(cls, faces: FacesModel | None) -> FacesModel | None:
        if faces is not None:
            known = [v for v in faces.model_dump().values() if v is not None]
            if len(known) == len(c.Result) and not sum(known):
                raise ValueError("a die has at least one face; every count is 0")
        return faces


MODELS: dict[str, type[CardModel]] = by_kind(HunterModel, BountyModel, DieModel)


def _clean(dumped: dict[str, Any]) -> dict[str, Any]:
    """A die's face counts left out stay out (unknown), never ``None`` entries."""
    if dumped.get("faces") is not None:
        dumped["faces"] = {k: v for k, v in dumped["faces"].items() if v is not None}
    return dumped


SCHEMA: ModelSchema[c.Card] = ModelSchema(KEY, FORMAT_VERSION, MODELS, c.card_from_data,
                                          clean=_clean, dump_mode="json")
"""The card schema the catalog loader uses for Hunters of Arcfall files."""
