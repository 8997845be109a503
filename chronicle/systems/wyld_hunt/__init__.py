"""Arcadia: The Wyld Hunt and its expansion King Ironheart's Madness.

Registers the two editions on import (``chronicle.systems.wyld_hunt.editions``): ``wyld-hunt``
(5 starting points, one die) and ``ironheart`` (10 starting points, two dice).
"""

from chronicle.systems.wyld_hunt.editions import GAME, IRONHEART, WYLD_HUNT

__all__ = ["GAME", "IRONHEART", "WYLD_HUNT"]
