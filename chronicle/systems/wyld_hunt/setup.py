"""A game setup as the rules see it: players, their quests, targets and chosen cards.

A player is either backed by a character (whose chronicle gives the career experience and the
character points) or states ``career_xp`` and ``character_points`` directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, EpicOrder


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSetup:
    """One player's part of a game."""

    name: str
    character: CharacterBuild | None = None
    career_xp: int | None = None
    character_points: int | None = None
    quests: tuple[str, ...] = ()
    target: str | None = None
    """The player whose quests this player's Waylays oppose."""
    waylays: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()
    leagues: tuple[str, ...] = ()
    pool: tuple[str, ...] | None = None
    """Solo play: the Waylays available to choose from."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSetup:
    """A whole game: the edition, solo or not, and every player."""

    system: str = "wyld-hunt"
    solo: bool = False
    players: tuple[PlayerSetup, ...] = ()
    epic_order: EpicOrder = EpicOrder.QUEST_NUMBER
    """How epic quests are ordered for completion; ``WAYLAY_RATING`` is a house rule."""
    map: tuple[dict[str, Any], ...] = ()
    """The League map's events (``{"kind", "payload"}``, oldest first), when kept with the
    setup (``[[map]]`` tables; ``chronicle.systems.wyld_hunt.rules.map``)."""

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The house rules this game is played under, each as a short phrase."""
        if self.epic_order is EpicOrder.QUEST_NUMBER:
            return ()
        return (self.epic_order.describe(),)
