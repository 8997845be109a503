"""What the battle-force rules know of a catalog once it is loaded, computed once per catalog.

A catalog never changes once built, so what a check derives from its cards (each unit's army
key, a line's resolved variant, cost, statistics and keywords, how a keyword written on a unit
reads, whether an army list is known, the cheapest units of an army list, and which unit facts
and option choices were found clean) is kept beside it (``index_of``) and reused by every later
check of a roster against the same catalog: the force builder checks its roster on every edit.
Only facts found *clean* are remembered; a violation is always found and reported afresh, with
the line it is on. The index is dropped with its catalog (a weak reference).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary, ref

from chronicle.catalog.store import Catalog
from chronicle.domain.values import name_key
from chronicle.systems.tales_of_arcadia.cards import (
    Army,
    Card,
    Keyword,
    KeywordUse,
    Stats,
    Unit,
    Variant,
    read_keyword,
)

Resolved = tuple[Variant | None, int | None, Stats, tuple[str, ...]]
"""A line's variant, cost per unit (options included; None when unknown), statistics and
keywords (the unit's, then those its options grant)."""

_MOST_REMEMBERED = 20_000
"""Resolved (unit, variant, options) choices kept per catalog before the memory starts over."""


@dataclass(frozen=True, slots=True)
class Fit:
    """Something that still fits in the points left: a unit (in a variant, with the options it
    must take) or an option for a line, its cost, and how many of it fit."""

    name: str
    cost: int
    most: int
    variant: str | None = None
    options: tuple[str, ...] = ()


def resolve(card: Unit, variant_name: str | None, options: tuple[str, ...]) -> Resolved:
    """The variant called ``variant_name`` (None when the unit has none of that name), the cost
    per unit with ``options`` (None when any part is unknown), the statistics (base ⊕ the
    variant's) and the keywords of the unit and of its options."""
    variant = card.variant(variant_name) if variant_name is not None else None
    cost, stats = card.resolved(variant)
    words: dict[str, str] = {name_key(w): w for w in card.keywords}
    for name in options:
        option = card.option(name)
        if option is None:
            continue
        if cost is not None:
            cost = None if option.cost is None else cost + option.cost
        for word in option.keywords:
            words.setdefault(name_key(word), word)
    return variant, cost, stats, tuple(words.values())


@dataclass
class CatalogIndex:
    """Facts derived from one catalog, computed on first use."""

    source: ref[Catalog[Card]]
    """The catalog (weakly: the index must not keep it alive)."""
    keywords: list[Keyword]
    uses: dict[str, KeywordUse] = field(default_factory=dict)
    resolved: dict[tuple[int, str | None, tuple[str, ...]], Resolved] = field(
        default_factory=dict)
    clean: set[tuple[object, ...]] = field(default_factory=set)
    """Facts found without a violation: ("options", id(card), options), ("unit", id(card),
    variant name), ("keywords", id(card), keywords)."""
    _armies: dict[str, bool] = field(default_factory=dict)
    _army_keys: dict[int, str | None] = field(default_factory=dict)
    _fits: dict[str, tuple[list[int], list[Fit]]] = field(default_factory=dict)

    @property
    def catalog(self) -> Catalog[Card]:
        """The catalog indexed."""
        catalog = self.source()
        if catalog is None:  # pragma: no cover - the index is dropped with its catalog
            raise LookupError("the catalog of this index is gone")
        return catalog

    def resolve(self, card: Unit, variant: str | None, options: tuple[str, ...]) -> Resolved:
        """``resolve`` remembered for this catalog."""
        key = (id(card), variant, options)
        known = self.resolved.get(key)
        if known is None:
            if len(self.resolved) >= _MOST_REMEMBERED:
                self.resolved.clear()
            known = self.resolved[key] = resolve(card, variant, options)
        return known

    def keyword(self, text: str) -> KeywordUse:
        """How ``text``, written on a unit, reads against the catalog's keywords."""
        use = self.uses.get(text)
        if use is None:
            if len(self.uses) >= _MOST_REMEMBERED:
                self.uses.clear()
            use = self.uses[text] = read_keyword(text, self.keywords)
        return use

    def army_key(self, card: Unit) -> str | None:
        """The folded name of the unit's army list (None when it names none)."""
        ident = id(card)
        if ident not in self._army_keys:
            self._army_keys[ident] = None if card.army is None else name_key(card.army)
        return self._army_keys[ident]

    def army_known(self, army: str) -> bool:
        """Whether an army card or a unit names the army list ``army``."""
        key = name_key(army)
        known = self._armies.get(key)
        if known is None:
            known = isinstance(self.catalog.get(army, "army"), Army) or any(
                isinstance(c, Unit) and self.army_key(c) == key for c in self.catalog)
            if len(self._armies) >= _MOST_REMEMBERED:
                self._armies.clear()
            self._armies[key] = known
        return known

    def fits(self, army: str, left: int, limit: int) -> list[Fit]:
        """The units of ``army`` (each variant too) costing ``left`` or less with the options
        each must take; cheapest first. Units with an unknown value or no Wounds are left out."""
        costs, fits = self._army_fits(name_key(army))
        end = bisect.bisect_right(costs, left)
        return [Fit(f.name, f.cost, left // f.cost if f.cost else limit, f.variant, f.options)
                for f in fits[:end]]

    def cheapest(self, army: str, left: int) -> Fit | None:
        """The cheapest unit of ``army`` costing ``left`` or less (``most`` not counted)."""
        costs, fits = self._army_fits(name_key(army))
        return fits[0] if costs and costs[0] <= left else None

    def _army_fits(self, key: str) -> tuple[list[int], list[Fit]]:
        known = self._fits.get(key)
        if known is not None:
            return known
        found: list[Fit] = []
        for card in self.catalog:
            if not isinstance(card, Unit) or self.army_key(card) != key:
                continue
            required = tuple(o.name for o in card.options for _ in range(o.min))
            extra = [o.cost for o in card.options for _ in range(o.min)]
            for variant in (None, *card.variants):
                cost, stats = card.resolved(variant)
                if cost is None or None in extra or stats.missing() \
                        or (stats.wounds is not None and stats.wounds <= 0):
                    continue  # unknown, or dead before it starts (unit.no_wounds)
                cost += sum(c for c in extra if c is not None)
                found.append(Fit(card.name, cost, 0, variant.name if variant else None,
                                 required))
        found.sort(key=lambda f: (f.cost, f.name.casefold(), f.variant or ""))
        if len(self._fits) >= _MOST_REMEMBERED:
            self._fits.clear()
        known = self._fits[key] = ([f.cost for f in found], found)
        return known


_INDEXES: WeakKeyDictionary[Catalog[Card], CatalogIndex] = WeakKeyDictionary()


def index_of(catalog: Catalog[Card]) -> CatalogIndex:
    """The index of ``catalog``, made on first use and kept while the catalog lives."""
    index = _INDEXES.get(catalog)
    if index is None:
        index = _INDEXES[catalog] = CatalogIndex(
            ref(catalog), [card for card in catalog if isinstance(card, Keyword)])
    return index


__all__ = ["CatalogIndex", "Fit", "Resolved", "index_of", "resolve"]
