"""The three Hunters of Arcfall card kinds as plain, immutable domain objects.

Every printed value is optional: the public record of this game is thin (one hunter name, no
bounty, no die faces), and a value nobody knows stays ``None``, never zero. Rules and odds that
need a missing value report ``card.incomplete`` instead of guessing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from chronicle.domain.values import Origin


class Kind(enum.StrEnum):
    """The card kinds."""

    HUNTER = "hunter"
    BOUNTY = "bounty"
    DIE = "die"


KIND_ORDER = {Kind.HUNTER: 0, Kind.BOUNTY: 1, Kind.DIE: 2}


class Result(enum.StrEnum):
    """The five results a die can show (rulebook, The Dice)."""

    HIT = "hit"
    WOUND = "wound"
    MISS = "miss"
    HEAL = "heal"
    STUN = "stun"


@dataclass(frozen=True, kw_only=True)
class _Card:
    name: str
    origin: Origin = Origin.BUNDLED
    path: str | None = None
    summary: str | None = None
    """Our own words for the card, never its printed text."""
    ability: str | None = None
    source: tuple[str, ...] = ()
    confidence: str | None = None
    notes: str | None = None
    aliases: tuple[str, ...] = ()
    """The card's other names (``aliases``): a lookup by one finds the card."""


@dataclass(frozen=True, kw_only=True)
class Hunter(_Card):
    """A hunter card: how many wounds it holds before the turn ends, and its once-per-game
    ability (The Hunters)."""

    wounds: int | None = None

    @property
    def kind(self) -> Kind:
        """Always ``hunter``."""
        return Kind.HUNTER


@dataclass(frozen=True, kw_only=True)
class Bounty(_Card):
    """A bounty card: the die result each slot needs, the slots marked with the stacked
    chevron (by number, 1 = the first slot), its special rule, Fortune and Fame."""

    slots: tuple[Result, ...] | None = None
    chevrons: tuple[int, ...] | None = None
    fortune: int | None = None
    fame: int | None = None

    @property
    def kind(self) -> Kind:
        """Always ``bounty``."""
        return Kind.BOUNTY


@dataclass(frozen=True, kw_only=True)
class Die(_Card):
    """A custom die: how many of its faces show each result. A result left out of ``counts``
    is unknown, not zero; the odds need every count."""

    counts: dict[Result, int]

    @property
    def kind(self) -> Kind:
        """Always ``die``."""
        return Kind.DIE

    @property
    def faces(self) -> dict[Result, int] | None:
        """The face count of every result, or None while any is unknown (or no face is set)."""
        if self.missing_faces or not sum(self.counts.values()):
            return None
        return {r: self.counts[r] for r in Result}

    @property
    def missing_faces(self) -> tuple[Result, ...]:
        """The results whose face count nobody has entered."""
        return tuple(r for r in Result if r not in self.counts)

    @property
    def sides(self) -> int | None:
        """The number of faces, when every count is known."""
        faces = self.faces
        return sum(faces.values()) if faces is not None else None


Card = Hunter | Bounty | Die


def _texts(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def card_from_data(data: dict[str, Any], origin: Origin, path: str | None) -> Card:
    """Build the domain card from validated (possibly merged) card data."""
    common: dict[str, Any] = {
        "name": data["name"], "origin": origin, "path": path, "summary": data.get("summary"),
        "ability": data.get("ability"), "source": _texts(data.get("source")),
        "confidence": data.get("confidence"), "notes": data.get("notes"),
        "aliases": tuple(data.get("aliases") or ()),
    }
    kind = Kind(data["kind"])
    if kind is Kind.HUNTER:
        return Hunter(**common, wounds=data.get("wounds"))
    if kind is Kind.BOUNTY:
        slots = data.get("slots")
        chevrons = data.get("chevrons")
        return Bounty(**common,
                      slots=tuple(Result(s) for s in slots) if slots is not None else None,
                      chevrons=tuple(chevrons) if chevrons is not None else None,
                      fortune=data.get("fortune"), fame=data.get("fame"))
    faces = data.get("faces") or {}
    return Die(**common, counts={Result(k): int(v) for k, v in faces.items() if v is not None})
