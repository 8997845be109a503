"""Shell completion's part of Wyld Hunt as the home game (``HomeParts.completion``): which
options take its card names, which commands' first argument is a character or a game, and
those names read from its tables. The generic completion (``chronicle.cli.completion``)
completes players and cards for every game and asks the home game for the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlmodel import Session

CARD_OPTIONS = ("--merit", "--flaw", "--quest", "--completed", "--waylay", "--treasure",
                "--league", "--icon", "--add-merit", "--remove-merit", "--add-flaw",
                "--remove-flaw")
"""The options whose value is one of the game's cards."""
POSITIONAL = {"character": "characters", "game": "games", "quest": "characters",
              "xp": "characters", "history": "characters", "undo": "characters",
              "export": "characters"}
"""Which names a command's first positional argument takes (see :func:`names`)."""


def names(kind: str, session: Session) -> list[str]:
    """The names of ``kind`` (``characters``, ``games``) the database holds, archived too."""
    from chronicle.persistence import repository as repo

    if kind == "characters":
        return [c.name for c in repo.list_characters(session, archived=None)]
    if kind == "games":
        return [g.name for g in repo.list_games(session, archived=None)]
    return []
