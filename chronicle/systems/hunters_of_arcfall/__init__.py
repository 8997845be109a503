"""Hunters of Arcfall: a push-your-luck bounty-hunting dice game for 2 to 6 players.

Each player is a hunter who draws bounties, rolls custom dice to fill their slots, captures them
(still losable when fatally wounded) and claims them (never lost) for Fortune; Fame breaks ties.
The game ends when someone reaches the point limit and the round is completed.

This package is the game's pure core, the score keeper and game log of a table:

- ``cards`` / ``schema`` / ``catalog``: the hunter, bounty and die card kinds, their strict TOML
  format and the bundled catalog (``cards/hunters-of-arcfall``) layered with the user's cards;
- ``log`` / ``files``: the game log (seats, point limit, turns as ledger events with undo as a
  compensating event) and its TOML file format;
- ``codes`` / ``rules``: every violation code, the replay that derives bounty states, scores,
  rounds, the next player and the winner, the check of a log, and a group's history;
- ``odds``: exact bust and hit chances from the die faces the user entered;
- ``check``: ``check_path``, what ``chronicle check`` dispatches to for this game.

Nothing heavy is imported here: the submodules load what they need.
"""

KEY = "hunters-of-arcfall"
"""The system key written as ``system = "hunters-of-arcfall"`` in files."""
LABEL = "Hunters of Arcfall"

HUNTERS_IN_SET = 8
"""Hunter cards in the box (rulebook, Components)."""
BOUNTIES_IN_SET = 44
"""Bounty cards in the box (rulebook, Components)."""
DICE_IN_GAME = 13
"""Custom dice in the box; the starting player takes all of them (Set Up, step 3)."""
DEFAULT_LIMIT = 15
"""The point limit the rulebook recommends (Game End)."""
WOUND_CAPACITY = 3
"""Wounds every hunter can hold; more is fatal (The Hunters)."""
MAX_HEALS = 3
"""Heals a player may make in one turn (On Your Turn, step 6)."""
PLAYERS_MIN = 2
PLAYERS_MAX = 6
"""The player count printed for the game (Kickstarter page); more is allowed with a warning."""

__all__ = ["BOUNTIES_IN_SET", "DEFAULT_LIMIT", "DICE_IN_GAME", "HUNTERS_IN_SET", "KEY", "LABEL",
           "MAX_HEALS", "PLAYERS_MAX", "PLAYERS_MIN", "WOUND_CAPACITY"]
