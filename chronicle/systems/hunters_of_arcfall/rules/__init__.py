"""The rules of Hunters of Arcfall: the replay of a game log, its check, and a group's history.

Pure Python: no catalog loading, database or front is imported here.
"""

from chronicle.systems.hunters_of_arcfall.rules.check import check_game, summary
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    GameState,
    PlayerScore,
    Result,
    Status,
    Tracker,
    replay,
)

__all__ = ["GameState", "PlayerScore", "Result", "Status", "Tracker", "check_game", "replay",
           "summary"]
