"""The rules of Hunters of Arcfall: the replay of a game log (``Tracker``, ``replay``), its check
(``check_game``, ``summary``) and a group's history (``group_history``).

Pure Python: no catalog loading, database or front is imported here.
"""

from chronicle.systems.hunters_of_arcfall.rules.check import check_game, summary
from chronicle.systems.hunters_of_arcfall.rules.history import GroupHistory, Standing, group_history
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    GameState,
    PlayerScore,
    Result,
    Status,
    Tracker,
    replay,
)

__all__ = ["GameState", "GroupHistory", "PlayerScore", "Result", "Standing", "Status", "Tracker",
           "check_game", "group_history", "replay", "summary"]
