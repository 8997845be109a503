"""The Wyld Hunt's editions: the base set (5 starting points, one die) and King Ironheart's
Madness (10 starting points, two dice), as the generic :class:`chronicle.rules.editions.Edition`
extended with the numbers that differ between them."""

from __future__ import annotations

from dataclasses import dataclass

from chronicle.rules.editions import Edition, find_edition, register

GAME = "wyld-hunt"
"""The system key of the Wyld Hunt."""


@dataclass(frozen=True, slots=True)
class WyldHuntEdition(Edition):
    """A Wyld Hunt edition: how many points a new character starts with, and how many dice
    each side rolls."""

    starting_points: int
    dice: int


WYLD_HUNT = register(WyldHuntEdition(key="wyld-hunt", game=GAME, label="Arcadia: The Wyld Hunt",
                                     starting_points=5, dice=1))
IRONHEART = register(WyldHuntEdition(key="ironheart", game=GAME,
                                     label="King Ironheart's Madness", starting_points=10, dice=2))


def edition(key: str) -> WyldHuntEdition | None:
    """The Wyld Hunt edition ``system = key`` names, or None."""
    return find_edition(key, WyldHuntEdition)
