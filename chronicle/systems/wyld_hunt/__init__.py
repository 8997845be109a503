"""Arcadia: The Wyld Hunt and its expansion King Ironheart's Madness.

Registers the two editions on import: ``wyld-hunt`` (5 starting points, one die) and
``ironheart`` (10 starting points, two dice).
"""

from chronicle.rules.editions import Edition, register

GAME = "wyld-hunt"

WYLD_HUNT = register(Edition(key="wyld-hunt", game=GAME, label="Arcadia: The Wyld Hunt",
                             starting_points=5, dice=1))
IRONHEART = register(Edition(key="ironheart", game=GAME, label="King Ironheart's Madness",
                             starting_points=10, dice=2))

__all__ = ["GAME", "IRONHEART", "WYLD_HUNT"]
