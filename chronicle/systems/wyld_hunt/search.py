"""Filtering Wyld Hunt cards by kind, type, set, court, attribute, cost, rating, terrain, origin.

A card whose value for an active filter is unknown does not match, and is counted apart so the
listing can say how many cards were left out for want of a value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import (
    Card,
    CardSet,
    Flaw,
    League,
    Merit,
    Quest,
    Terrain,
    Waylay,
)


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive integer range; either end may be open."""

    low: int | None = None
    high: int | None = None

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read "3", "2-4", "2..4", "3+" or "-4" (up to 4).

        Raises:
            ValueError: with a message saying what is accepted.
        """
        raw = text.strip().replace("..", "-")
        try:
            if raw.endswith("+"):
                return cls(int(raw[:-1]), None)
            if raw.startswith("-"):
                return cls(None, int(raw[1:]))
            if "-" in raw:
                low, high = raw.split("-", 1)
                return cls(int(low), int(high))
            value = int(raw)
            return cls(value, value)
        except ValueError:
            raise ValueError(f"{text!r} is not a range; write 3, 2-4, 2..4, 3+ or -4") from None

    def __contains__(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <=
                                                            self.high)


@dataclass(frozen=True)
class CardFilter:
    """What a listing asks for; None means "any"."""

    kind: str | None = None
    type: str | None = None
    set: str | None = None
    """A set key, or "unknown" for cards whose set is not known."""
    court: str | None = None
    attribute: str | None = None
    cost: Range | None = None
    """Merit cost or Flaw bonus."""
    rating: Range | None = None
    """Waylay rating, or a quest's Waylay rating."""
    terrain: str | None = None
    origin: tuple[Origin, ...] = ()

    @property
    def empty(self) -> bool:
        """True when the filter asks for nothing (every card matches)."""
        return (not self.kind and not self.type and not self.set and not self.court
                and not self.attribute and self.cost is None and self.rating is None
                and not self.terrain and not self.origin)

    def match(self, card: Card) -> bool | None:
        """True or False; None when the card might match but a needed value is unknown."""
        if self.kind and card.kind.value != self.kind:
            return False
        if self.origin and card.origin not in self.origin:
            return False
        if self.set:
            if self.set == "unknown":
                if card.set is not None:
                    return False
            elif card.set is not CardSet(self.set):
                return None if card.set is None else False
        checks = (self._type, self._court, self._attribute, self._cost, self._rating,
                  self._terrain)
        unknown = False
        for check in checks:
            verdict = check(card)
            if verdict is False:
                return False
            unknown = unknown or verdict is None
        return None if unknown else True

    def _type(self, card: Card) -> bool | None:
        return _merit_or_flaw(card, "type", self.type)

    def _court(self, card: Card) -> bool | None:
        return _merit_or_flaw(card, "court", self.court)

    def _attribute(self, card: Card) -> bool | None:
        if not self.attribute:
            return True
        if isinstance(card, Merit | Flaw):
            return None if card.attribute is None else card.attribute.value == self.attribute
        if isinstance(card, Waylay):
            return None if card.tests is None else any(t.value == self.attribute
                                                        for t in card.tests)
        return False

    def _cost(self, card: Card) -> bool | None:
        return _within(self.cost, card.cost if isinstance(card, Merit) else
                       card.bonus if isinstance(card, Flaw) else False)

    def _rating(self, card: Card) -> bool | None:
        return _within(self.rating, card.rating if isinstance(card, Waylay) else
                       card.waylay_rating if isinstance(card, Quest) else False)

    def _terrain(self, card: Card) -> bool | None:
        if not self.terrain:
            return True
        if not isinstance(card, League | Waylay):
            return False
        if card.terrain is None:
            return None
        wanted = Terrain(self.terrain)
        return wanted in card.terrain or Terrain.ANY in card.terrain


def _within(wanted: Range | None, value: int | Literal[False] | None) -> bool | None:
    """Whether a card's number (a cost, a rating) is in ``wanted``: True when nothing is
    wanted, False for a card without that number (``False``), None when it is unknown."""
    if wanted is None:
        return True
    if value is False:
        return False
    return None if value is None else value in wanted


def _merit_or_flaw(card: Card, name: str, wanted: str | None) -> bool | None:
    """Whether a Merit's or Flaw's value ``name`` (its type or court) is ``wanted``: True when
    nothing is wanted, False for another kind of card, None when the value is unknown."""
    if not wanted:
        return True
    if not isinstance(card, Merit | Flaw):
        return False
    value = getattr(card, name)
    return None if value is None else bool(value.value == wanted)


@dataclass
class Selection:
    """The cards a filter matched, and how many were left out for an unknown value."""

    cards: list[Card] = field(default_factory=list)
    unknown: int = 0


def select(cards: Iterable[Card], wanted: CardFilter) -> Selection:
    """Apply ``wanted`` to ``cards``, keeping their order."""
    if wanted.empty:
        return Selection(list(cards))
    result = Selection()
    for card in cards:
        verdict = wanted.match(card)
        if verdict:
            result.cards.append(card)
        elif verdict is None:
            result.unknown += 1
    return result
