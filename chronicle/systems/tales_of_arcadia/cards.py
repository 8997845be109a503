"""The Tales of Arcadia card kinds as plain, immutable domain objects.

Four kinds: an ``army`` list, a ``unit`` of an army list (cost, the six statistics, types,
movement, keywords, variants and options), a ``keyword`` (the seed's keyworded special rules,
as data) and a ``terrain`` type. A value nobody knows stays ``None``, never zero: the rules
report ``card.incomplete`` instead of guessing.

Also here: resolving a unit's variant (every statistic the variant lists, the base unit's value
for the rest: seed, *Variations*), reading a keyword as written on a unit (``"Rise Again 3:6"``)
and the movement cost of a terrain for a unit (seed, *Terrain*).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from chronicle.domain.values import Origin, name_key

STATS: tuple[str, ...] = ("power", "accuracy", "speed", "wounds", "range", "defense")
"""The six statistics every unit has (seed, *Units*), in the seed's order."""

STAT_LETTERS: dict[str, str] = {"power": "P", "accuracy": "A", "speed": "S", "wounds": "W",
                                "range": "R", "defense": "D"}


class Kind(enum.StrEnum):
    """The four card kinds."""

    ARMY = "army"
    UNIT = "unit"
    KEYWORD = "keyword"
    TERRAIN = "terrain"


KIND_ORDER: dict[str, int] = {kind.value: number for number, kind in enumerate(Kind)}


class Movement(enum.StrEnum):
    """The three types of movement (seed, *Terrain*); every unit walks unless told otherwise."""

    WALKING = "walking"
    SWIMMING = "swimming"
    FLYING = "flying"


@dataclass(frozen=True, kw_only=True, slots=True)
class Stats:
    """The six statistics; any may be unknown (``None``)."""

    power: int | None = None
    accuracy: int | None = None
    speed: int | None = None
    wounds: int | None = None
    range: int | None = None
    defense: int | None = None

    def missing(self) -> tuple[str, ...]:
        """The statistics that are unknown, in the seed's order."""
        if None not in (self.power, self.accuracy, self.speed, self.wounds, self.range,
                        self.defense):
            return ()
        return tuple(s for s in STATS if getattr(self, s) is None)

    def over(self, overrides: Stats) -> Stats:
        """These statistics with every value ``overrides`` knows put in their place."""
        mine, theirs = self.to_dict(), overrides.to_dict()
        if all(value is None for value in theirs.values()):
            return self
        return Stats(**{s: mine[s] if theirs[s] is None else theirs[s] for s in STATS})

    def to_dict(self) -> dict[str, int | None]:
        """The six statistics by name."""
        return {"power": self.power, "accuracy": self.accuracy, "speed": self.speed,
                "wounds": self.wounds, "range": self.range, "defense": self.defense}

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Stats:
        """The statistics found in ``data`` (missing ones unknown)."""
        return cls(**{s: data.get(s) for s in STATS})


@dataclass(frozen=True, kw_only=True, slots=True)
class Variant:
    """One form of a unit: its own cost (replacing the base cost) and statistics, if listed."""

    name: str
    cost: int | None = None
    stats: Stats = field(default_factory=Stats)
    summary: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Option:
    """Something a unit may be bought with: cost per pick, how many picks (``min``..``max``),
    an exclusive ``group`` (at most one option of a group), keywords it grants."""

    name: str
    cost: int | None = None
    min: int = 0
    max: int = 1
    group: str | None = None
    keywords: tuple[str, ...] = ()
    summary: str | None = None


@dataclass(frozen=True, kw_only=True)
class CardBase:
    """What every card has: name, kind, a summary in our words, sources, where it came from."""

    name: str
    kind: Kind
    summary: str | None = None
    source: tuple[str, ...] = ()
    notes: str | None = None
    origin: Origin = Origin.BUNDLED
    path: str | None = None
    aliases: tuple[str, ...] = ()
    """The card's other names (``aliases``): a lookup by one finds the card."""


@dataclass(frozen=True, kw_only=True)
class Army(CardBase):
    """An army list. ``example`` marks the list bundled as an example (not a sourcebook's)."""

    example: bool = False


@dataclass(frozen=True, kw_only=True)
class Unit(CardBase):
    """A unit of an army list."""

    army: str | None = None
    cost: int | None = None
    stats: Stats = field(default_factory=Stats)
    types: tuple[str, ...] = ()
    movement: Movement = Movement.WALKING
    keywords: tuple[str, ...] = ()
    special: str | None = None
    """Special rules that are not keywords, as free text."""
    variants: tuple[Variant, ...] = ()
    options: tuple[Option, ...] = ()

    @cached_property
    def _variants(self) -> dict[str, Variant]:
        return {name_key(v.name): v for v in reversed(self.variants)}

    @cached_property
    def _options(self) -> dict[str, Option]:
        return {name_key(o.name): o for o in reversed(self.options)}

    def variant(self, name: str) -> Variant | None:
        """The variant called ``name`` (case and spacing ignored), if the unit has one."""
        return self._variants.get(name_key(name))

    def option(self, name: str) -> Option | None:
        """The option called ``name`` (case and spacing ignored), if the unit has one."""
        return self._options.get(name_key(name))

    @cached_property
    def _forms(self) -> dict[int, tuple[int | None, Stats]]:
        return {id(v): self._apply(v) for v in self.variants}

    def _apply(self, variant: Variant) -> tuple[int | None, Stats]:
        cost = variant.cost if variant.cost is not None else self.cost
        return cost, self.stats.over(variant.stats)

    def resolved(self, variant: Variant | None = None) -> tuple[int | None, Stats]:
        """Cost and statistics with ``variant`` applied: base ⊕ the variant's overrides
        (worked out once per variant of the unit)."""
        if variant is None:
            return self.cost, self.stats
        known = self._forms.get(id(variant))
        return known if known is not None else self._apply(variant)


@dataclass(frozen=True, kw_only=True)
class Keyword(CardBase):
    """A keyworded special rule. ``parameter = "chance"`` means a unit writes it with its
    chance, like ``Rise Again 3:6``."""

    parameter: str | None = None
    category: str | None = None


@dataclass(frozen=True, kw_only=True)
class Terrain(CardBase):
    """A terrain type: whether it hinders, its cost per inch, and who treats it as normal."""

    hindering: bool | None = None
    movement_cost: int | None = None
    ignored_by: tuple[str, ...] = ()
    """Movement types or keywords (Flying, Swimming, Pathfinding) that treat it as ground."""
    blocks_movement: bool | None = None
    blocks_attacks: bool | None = None
    imperfect_los: bool | None = None
    """Attacks from, into or through it have imperfect line of sight (so the defender has
    Cover)."""


Card = Army | Unit | Keyword | Terrain

_CHANCE = re.compile(r"^(\d{1,4})\s*(?::|/|in)\s*(\d{1,4})$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class KeywordUse:
    """A keyword as written on a unit, read against the known keywords."""

    text: str
    keyword: Keyword | None
    """The catalog keyword it names, or None when it names none."""
    parameter: str
    """What follows the keyword's name (``"3:6"``), stripped; empty when nothing does."""
    chance: Fraction | None = None
    """The chance it carries, when its keyword takes one and it is readable."""
    chance_text: str | None = None
    """The chance as ``K:N``, when readable."""


def read_chance(text: str) -> tuple[int, int] | None:
    """``"3:6"`` (also ``3/6``, ``3 in 6``) as (3, 6); None unless 0 <= K <= N and N > 0."""
    match = _CHANCE.match(text.strip())
    if match is None:
        return None
    k, n = int(match.group(1)), int(match.group(2))
    return (k, n) if n > 0 and 0 <= k <= n else None


def read_keyword(text: str, keywords: Iterable[Keyword]) -> KeywordUse:
    """Which keyword ``text`` names (the longest keyword name it starts with, case ignored) and
    its parameter. A keyword that takes no parameter must be written alone."""
    folded = " ".join(text.split()).casefold()
    best: Keyword | None = None
    for keyword in keywords:
        name = " ".join(keyword.name.split()).casefold()
        if (folded == name or folded.startswith(name + " ")) and (
                best is None or len(name) > len(best.name)):
            best = keyword
    if best is None:
        return KeywordUse(text, None, "")
    rest = " ".join(text.split())[len(" ".join(best.name.split())):].strip()
    if best.parameter == "chance":
        chance = read_chance(rest)
        if chance is None:
            return KeywordUse(text, best, rest)
        return KeywordUse(text, best, rest, Fraction(chance[0], chance[1]),
                          f"{chance[0]}:{chance[1]}")
    if rest:
        return KeywordUse(text, None, rest)
    return KeywordUse(text, best, "")


def movement_cost(terrain: Terrain, movement: Movement, keywords: Iterable[str] = ()) -> int | None:
    """Inches of Speed one inch across ``terrain`` costs a unit with ``movement`` and
    ``keywords``; None when it cannot end or cross there on foot (blocking) or is unknown.

    A unit ignores a terrain (moves as on ground, 1 inch per inch) when its movement type or one
    of its keywords is among the terrain's ``ignored_by``.
    """
    abilities = {name_key(movement.value)} | {name_key(k) for k in keywords}
    if terrain.blocks_movement:
        return 1 if movement is Movement.FLYING or "flying" in abilities else None
    if any(name_key(who) in abilities for who in terrain.ignored_by):
        return 1
    return terrain.movement_cost


def card_from_data(data: Mapping[str, Any], origin: Origin, path: str | None) -> Card:
    """The domain card for validated (possibly merged) card data."""
    source = data.get("source")
    base: dict[str, Any] = {
        "name": data["name"], "summary": data.get("summary"), "notes": data.get("notes"),
        "source": (source,) if isinstance(source, str) else tuple(source or ()),
        "origin": origin, "path": path, "aliases": tuple(data.get("aliases") or ()),
    }
    kind = Kind(data["kind"])
    if kind is Kind.ARMY:
        return Army(kind=kind, example=bool(data.get("example", False)), **base)
    if kind is Kind.KEYWORD:
        return Keyword(kind=kind, parameter=data.get("parameter"), category=data.get("category"),
                       **base)
    if kind is Kind.TERRAIN:
        return Terrain(kind=kind, hindering=data.get("hindering"),
                       movement_cost=data.get("movement_cost"),
                       ignored_by=tuple(data.get("ignored_by", ())),
                       blocks_movement=data.get("blocks_movement"),
                       blocks_attacks=data.get("blocks_attacks"),
                       imperfect_los=data.get("imperfect_los"), **base)
    variants = tuple(Variant(name=v["name"], cost=v.get("cost"), stats=Stats.of(v),
                             summary=v.get("summary")) for v in data.get("variant", ()))
    options = tuple(Option(name=o["name"], cost=o.get("cost"), min=o.get("min", 0),
                           max=o.get("max", 1), group=o.get("group"),
                           keywords=tuple(o.get("keywords", ())), summary=o.get("summary"))
                    for o in data.get("option", ()))
    return Unit(kind=kind, army=data.get("army"), cost=data.get("cost"), stats=Stats.of(data),
                types=tuple(data.get("types", ())),
                movement=Movement(data.get("movement", Movement.WALKING)),
                keywords=tuple(data.get("keywords", ())), special=data.get("special"),
                variants=variants, options=options, **base)
