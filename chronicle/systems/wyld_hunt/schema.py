"""The strict, versioned TOML format of Wyld Hunt card files, validated with pydantic.

A card file is::

    version = 1                 # the card file format; only 1 exists
    game = "wyld-hunt"          # optional

    [[card]]
    name = "Fae Armor"
    kind = "merit"
    ...

Unknown keys are rejected. Every kind-specific value is optional: a value nobody knows is left
out, never written as zero. A Merit's or Flaw's ``score_changes`` (its changes to Might, Savvy,
Resolve or Combat) are a list of tables, ``[{attribute = "combat", change = 1}]`` with an
optional ``when = "always"``, or the text a user types (``"Combat+1"``); ``[]`` (or ``"none"``)
says the card changes no score, and leaving the key out says nobody knows yet. The same
``[[card]]`` tables appear in character and setup files.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, Strict

from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.schema import by_kind
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt import cards as c
from chronicle.systems.wyld_hunt.fields import (
    AttributeField,
    Count,
    CourtField,
    FlawTypeField,
    MeritTypeField,
    Name,
    SetField,
    SidesField,
    TerrainList,
    TestField,
    TestList,
    Text,
    WaylayField,
)

FORMAT_VERSION = 1


class _Strict(BaseModel):
    model_config = STRICT


class ExtraPointsModel(_Strict):
    """``effect = "extra_points"``: starting points usable only on one kind of Merit."""

    effect: Literal["extra_points"]
    points: Count | None = None
    merit_type: MeritTypeField | None = None
    subtype: Name | None = None
    counts_toward_total: Annotated[bool, Strict()] = True


class FixedCourtModel(_Strict):
    """``effect = "fixed_court"``: the character always belongs to this court."""

    effect: Literal["fixed_court"]
    court: CourtField


class ScoreChangeModel(_Strict):
    """One change a card makes to a score while it is active (or ``when = "always"``)."""

    attribute: TestField
    change: Annotated[int, Strict(), Field(ge=-c.SCORE_CHANGE_MAX, le=c.SCORE_CHANGE_MAX)]
    when: Annotated[c.When, BeforeValidator(lambda v: v.strip().lower()
                                            if isinstance(v, str) else v)] = c.When.ACTIVE


def _typed_changes(value: Any) -> Any:
    """The text a user types (``"Might+1, Combat-1"``, ``"none"``) as the list of tables."""
    return c.parse_score_changes(value) if isinstance(value, str) else value


ScoreChanges = Annotated[list[ScoreChangeModel], BeforeValidator(_typed_changes),
                         Field(max_length=8)]
"""The one declaration of ``score_changes`` (Merits and Flaws): card files, the command line's
``--score-changes`` and the app's card form all pass through it."""


EffectModel = Annotated[ExtraPointsModel | FixedCourtModel, Field(discriminator="effect")]


class CardModel(_Strict):
    """Fields every card kind has."""

    name: Name
    kind: str
    set: SetField | None = None
    summary: Text | None = None
    source: Text | list[Text] | None = None
    confidence: Text | None = None
    notes: Text | None = None
    effects: Annotated[list[EffectModel], Field(max_length=20)] = []
    aliases: Annotated[list[Name], Field(max_length=20)] | None = None
    """The card's other names (another language's, an older printing's)."""


class IconModel(CardModel):
    """``kind = "icon"``: a Character Icon."""

    kind: Literal["icon"]
    race: Name | None = None
    gender: Name | None = None
    might: Count | None = None
    savvy: Count | None = None
    resolve: Count | None = None
    special: Text | None = None


class MeritModel(CardModel):
    """``kind = "merit"``."""

    kind: Literal["merit"]
    type: MeritTypeField | None = None
    subtype: Name | None = None
    cost: Count | None = None
    attribute: AttributeField | None = None
    court: CourtField | None = None
    score_changes: ScoreChanges | None = None


class FlawModel(CardModel):
    """``kind = "flaw"``."""

    kind: Literal["flaw"]
    type: FlawTypeField | None = None
    bonus: Count | None = None
    attribute: AttributeField | None = None
    court: CourtField | None = None
    score_changes: ScoreChanges | None = None


class QuestModel(CardModel):
    """``kind = "quest"``."""

    kind: Literal["quest"]
    number: Count | None = None
    waylay_rating: Count | None = None
    treasure_rating: Count | None = None
    experience: Count | None = None


class LeagueModel(CardModel):
    """``kind = "league"``."""

    kind: Literal["league"]
    terrain: TerrainList | None = None
    unique: Annotated[bool, Strict()] | None = None
    enter: Text | None = None
    leave: Text | None = None
    rest: Text | None = None
    special: Text | None = None
    sides: SidesField | None = None


class WaylayModel(CardModel):
    """``kind = "waylay"``."""

    kind: Literal["waylay"]
    rating: Count | None = None
    terrain: TerrainList | None = None
    tests: TestList | None = None
    might: WaylayField | None = None
    savvy: WaylayField | None = None
    resolve: WaylayField | None = None
    combat: WaylayField | None = None


MODELS: dict[str, type[CardModel]] = by_kind(IconModel, MeritModel, FlawModel, QuestModel,
                                             LeagueModel, WaylayModel)


class WyldHuntCardSchema:
    """The card schema the catalog loader uses for Wyld Hunt files."""

    game = "wyld-hunt"
    version = FORMAT_VERSION
    kinds: tuple[str, ...] = tuple(MODELS)
    models = MODELS
    """The pydantic model of each kind (the generic card front reads its fields)."""

    def fields(self, kind: str) -> list[str]:
        """Every key a card of ``kind`` may have."""
        return list(MODELS[kind].model_fields)

    def all_fields(self) -> list[str]:
        """Every key any card may have."""
        seen: dict[str, None] = {}
        for model in MODELS.values():
            seen.update(dict.fromkeys(model.model_fields))
        return list(seen)

    def alias(self, kind: str, key: str) -> str | None:
        """The field of ``kind`` that means what ``key`` means on another kind (cost/bonus)."""
        same = {("flaw", "cost"): "bonus", ("merit", "bonus"): "cost",
                ("waylay", "waylay_rating"): "rating", ("quest", "rating"): "waylay_rating"}
        return same.get((kind, key))

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """Validate one card table and return the keys it sets, normalised.

        Raises:
            KeyError: when ``kind`` is missing or not a known kind.
            pydantic.ValidationError: when a value or key is wrong.
        """
        model = MODELS[data["kind"]].model_validate(data)
        return model.model_dump(exclude_unset=True, mode="python")

    def to_card(self, data: dict[str, Any], origin: Origin, path: str | None) -> c.Card:
        """Build the domain card from validated, possibly merged, card data."""
        return c.card_from_data(data, origin, path)


SCHEMA = WyldHuntCardSchema()
