"""The Arcadia Quest card kinds as plain, immutable domain objects.

Six kinds: ``hero`` (defense dice, life, natural ability), ``upgrade`` (cost in coins, level
1-5 or starter, type, group, attack dice and melee/ranged, defense icons), ``curse`` (a Death
Curse: value, whether it takes an inventory slot), ``scenario`` (circle, title quest, the
scenarios whose titles it uses), ``monster`` and ``title``. Every card may name the
``products`` it comes in (core box, expansions): the products a group owns decide which heroes
and scenarios are offered. A value nobody knows stays ``None``, never zero: the rules report
``card.incomplete`` when they need it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from chronicle.domain.values import Origin, name_key


class Kind(enum.StrEnum):
    """The six card kinds."""

    HERO = "hero"
    UPGRADE = "upgrade"
    CURSE = "curse"
    SCENARIO = "scenario"
    MONSTER = "monster"
    TITLE = "title"


KIND_ORDER: dict[str, int] = {kind.value: number for number, kind in enumerate(Kind)}


class Circle(enum.StrEnum):
    """The three stages of a campaign (seed, *Campaña por Arcadia*)."""

    OUTER = "outer"
    INNER = "inner"
    FINAL = "final"


class UpgradeType(enum.StrEnum):
    """Upgrade card types named in the sources (spec AQ-54)."""

    ATTACK = "attack"
    BOOST = "boost"
    PERMANENT = "permanent"


class AttackRange(enum.StrEnum):
    """How an attack card reaches its target (seed, *Ataque*, step 2)."""

    MELEE = "melee"
    RANGED = "ranged"


STARTER = "starter"
"""The ``level`` of the five starting cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBase:
    """What every card has: name, kind, products, summary in our words, sources, origin."""

    name: str
    kind: Kind
    products: tuple[str, ...] = ()
    summary: str | None = None
    notes: str | None = None
    source: tuple[str, ...] = ()
    origin: Origin = Origin.BUNDLED
    path: str | None = None
    aliases: tuple[str, ...] = ()
    """The card's other names (``aliases``): a lookup by one finds the card."""

    @property
    def key(self) -> str:
        """The name as looked up (case and spacing ignored)."""
        return name_key(self.name)

    def in_products(self, owned: frozenset[str] | set[str]) -> bool:
        """True when the card comes in one of the ``owned`` products (name keys), or names no
        product at all (a user's own card)."""
        return not self.products or any(name_key(p) in owned for p in self.products)


@dataclass(frozen=True, slots=True, kw_only=True)
class Hero(CardBase):
    """A hero card (seed, *Anatomía de un héroe*)."""

    defense: int | None = None
    life: int | None = None
    ability: str | None = None
    core_box: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Upgrade(CardBase):
    """An upgrade card (seed, *Actualizaciones*; spec AQ-53)."""

    cost: int | None = None
    level: int | str | None = None
    """1 to 5, or ``"starter"``."""
    type: UpgradeType | None = None
    group: str | None = None
    dice: int | None = None
    attack: AttackRange | None = None
    defense: int | None = None
    """Defense icons: extra defense dice for the hero holding it."""

    @property
    def starter(self) -> bool:
        """True for the five starting cards."""
        return self.level == STARTER


@dataclass(frozen=True, slots=True, kw_only=True)
class Curse(CardBase):
    """A Death Curse card (seed, *Maldiciones de la muerte*)."""

    value: int | None = None
    takes_slot: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario(CardBase):
    """A scenario of a campaign book (seed, *Campaña por Arcadia*, *Campaña*)."""

    circle: Circle | None = None
    campaign: str | None = None
    """The campaign book it belongs to (``Arcadia Quest`` for the core box)."""
    title_quest: bool | None = None
    reward_quest: bool | None = None
    uses_titles_of: tuple[str, ...] = ()
    difficulty: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Monster(CardBase):
    """A monster type (seed, *Los monstruos*, *Muertes y recompensas*)."""

    monster_class: str | None = None
    figures: int | None = None
    coins: int | None = None
    """The coins printed for killing it (per level card; unknown in the public record)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Title(CardBase):
    """A title a guild earns with a title quest (seed, *Campaña*)."""

    scenario: str | None = None
    """The scenario whose title quest awards it."""
    quest: str | None = None
    """The quest that awards it (seed, *Campaña*)."""
    used_in: tuple[str, ...] = ()


Card = Hero | Upgrade | Curse | Scenario | Monster | Title


def _tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def card_from_data(data: Mapping[str, Any], origin: Origin, path: str | None) -> Card:
    """The domain card for validated (possibly merged) card data."""
    base: dict[str, Any] = {
        "name": data["name"], "summary": data.get("summary"), "notes": data.get("notes"),
        "source": _tuple(data.get("source")), "products": _tuple(data.get("products")),
        "origin": origin, "path": path, "aliases": _tuple(data.get("aliases")),
    }
    kind = Kind(data["kind"])
    if kind is Kind.HERO:
        return Hero(kind=kind, defense=data.get("defense"), life=data.get("life"),
                    ability=data.get("ability"), core_box=data.get("core_box"), **base)
    if kind is Kind.UPGRADE:
        kind_of = data.get("type")
        attack = data.get("attack")
        return Upgrade(kind=kind, cost=data.get("cost"), level=data.get("level"),
                       type=UpgradeType(kind_of) if kind_of else None, group=data.get("group"),
                       dice=data.get("dice"), attack=AttackRange(attack) if attack else None,
                       defense=data.get("defense"), **base)
    if kind is Kind.CURSE:
        return Curse(kind=kind, value=data.get("value"), takes_slot=data.get("takes_slot"),
                     **base)
    if kind is Kind.SCENARIO:
        circle = data.get("circle")
        return Scenario(kind=kind, circle=Circle(circle) if circle else None,
                        campaign=data.get("campaign"), title_quest=data.get("title_quest"),
                        reward_quest=data.get("reward_quest"),
                        uses_titles_of=_tuple(data.get("uses_titles_of")),
                        difficulty=data.get("difficulty"), **base)
    if kind is Kind.MONSTER:
        return Monster(kind=kind, monster_class=data.get("monster_class"),
                       figures=data.get("figures"), coins=data.get("coins"), **base)
    return Title(kind=kind, scenario=data.get("scenario"), quest=data.get("quest"),
                 used_in=_tuple(data.get("used_in")), **base)
