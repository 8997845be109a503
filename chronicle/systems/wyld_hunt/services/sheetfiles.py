"""Wyld Hunt's printed sheets written to files: a character's sheet (or its pencil play aid),
its chronicle, a game's preparation and all of a player's characters in one file.

Each reads the character or game as the other services show it, builds the document with the
game's sheet builders (``chronicle.systems.wyld_hunt.printing``) and writes it as every export
is written (``chronicle.services.exports``: never over a file without ``force``, the paper,
the characters no font has said through ``warn``). The default file is named after what it
prints (``exports/winerdria.pdf``, ``winerdria-chronicle.pdf``, ``tim-characters.pdf``); two
players' characters of the same name get the player's name in theirs (``winerdria-tim.pdf``),
so neither overwrites the other's sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.errors import BadInput

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.exports import Warn
    from chronicle.systems.wyld_hunt.services.characters import CharacterView


def _shared_name(db: Database, name: str) -> bool:
    """True when characters of more than one player are called ``name``."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        return len({row.player_id for row in repo.find_characters(session, name)}) > 1


def _character_file(db: Database, character: str, player: str | None, suffix: str,
                    out: Path | None, folder: Path | None) -> tuple[CharacterView, Path]:
    """The character as the services show it, and where its file goes: its name, then the
    player's when another player has a character of that name, then ``suffix``.

    Raises:
        NotFound: no such character (or player).
    """
    from chronicle.export.safefiles import safe_name
    from chronicle.services.exports import destination
    from chronicle.systems.wyld_hunt.services.characters import show_character

    view = show_character(db, character, player)
    owner = f"-{safe_name(view.player, 'player')}" if _shared_name(db, view.name) else ""
    return view, destination(view.name, out, folder, suffix=owner + suffix,
                             fallback="character")


def export_sheet(db: Database, character: str, player: str | None = None,
                 out: Path | None = None, force: bool = False, pencil: bool = False, *,
                 folder: Path | None = None, paper: str | None = None,
                 warn: Warn | None = None) -> Path:
    """Write a character sheet (``pencil``: the play aid, with exhausted boxes, lines to
    write on, an experience tally and a Quest Treasures box); returns the file written.

    Raises:
        NotFound: no such character (or player).
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.services.exports import write_document
    from chronicle.systems.wyld_hunt.printing import sheet

    view, path = _character_file(db, character, player, "-pencil" if pencil else "", out,
                                 folder)
    document = sheet(db, view.name, view.player, pencil=pencil, view=view)
    return write_document(document, path, force=force, paper=paper, warn=warn)


def export_log(db: Database, character: str, player: str | None = None,
               out: Path | None = None, force: bool = False, *,
               folder: Path | None = None, paper: str | None = None,
               warn: Warn | None = None) -> Path:
    """Write a character's chronicle: every game and purchase in order, with running totals.

    Raises:
        NotFound: no such character (or player).
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.services.exports import write_document
    from chronicle.systems.wyld_hunt.printing import log

    view, path = _character_file(db, character, player, "-chronicle", out, folder)
    document = log(db, view.name, view.player, view=view)
    return write_document(document, path, force=force, paper=paper, warn=warn)


def export_game(db: Database, game: str, out: Path | None = None, force: bool = False, *,
                folder: Path | None = None, paper: str | None = None,
                warn: Warn | None = None) -> Path:
    """Write a game's preparation sheet.

    Raises:
        NotFound: no such game.
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.services.exports import destination, write_document
    from chronicle.systems.wyld_hunt.printing import game as game_sheet
    from chronicle.systems.wyld_hunt.services.games import show_game

    view = show_game(db, game)
    path = destination(view.name, out, folder, suffix="-game", fallback="game")
    document = game_sheet(db, view.name, None, view=view)
    return write_document(document, path, force=force, paper=paper, warn=warn)


def export_player(db: Database, player: str, out: Path | None = None, force: bool = False,
                  pencil: bool = False, *, folder: Path | None = None,
                  paper: str | None = None, warn: Warn | None = None) -> Path:
    """Write the sheets of all of a player's characters into one file.

    Raises:
        NotFound: no such player.
        BadInput: the player has no character, or the file cannot be written.
        AlreadyExists: the file exists and ``force`` is false.
    """
    from chronicle.services.exports import destination, write_document
    from chronicle.systems.wyld_hunt.printing import player as player_sheets
    from chronicle.systems.wyld_hunt.services.characters import list_characters

    views = list_characters(db, player)
    if not views:
        raise BadInput(f"{player} has no characters to print yet; create one with "
                       f"'chronicle character new NAME --player {player}'")
    owner = views[0].player
    path = destination(owner, out, folder, suffix="-characters" + ("-pencil" if pencil else ""),
                       fallback="player")
    document = player_sheets(db, owner, None, pencil=pencil, views=views)
    return write_document(document, path, force=force, paper=paper, warn=warn)
