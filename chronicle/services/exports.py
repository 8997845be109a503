"""Printable PDFs of characters, chronicles, games and a player's whole group of characters.

Each export reads the character or game as the other services show it, builds the document
(``chronicle.export.document``), renders it (``chronicle.export.pdf``, which loads reportlab
only now) and writes the file atomically. The default destination is
``exports/<safe-name>.pdf`` in the current folder (created when missing), the safe name made
from the character's, game's or player's name so that it can never leave that folder; ``out``
names another file, or a folder to put the default name in. An existing file is replaced only
with ``force``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.errors import AlreadyExists, BadInput
from chronicle.services.db import Database

if TYPE_CHECKING:
    from chronicle.export.document import Document

DEFAULT_FOLDER = Path("exports")
"""Where exports go by default, relative to the current folder."""


def destination(stem_of: str, out: Path | None = None, folder: Path | None = None, *,
                suffix: str = "", fallback: str = "export") -> Path:
    """Where an export of ``stem_of`` is written: ``out`` when it names a file, else
    ``<safe name><suffix>.pdf`` in ``out`` (an existing folder) or in ``folder`` (default:
    ``exports/``, created when missing).

    Raises:
        BadInput: the default folder cannot be created.
    """
    from chronicle.export.files import safe_name

    if out is not None and not out.is_dir():
        return out
    name = f"{safe_name(stem_of, fallback)}{suffix}.pdf"
    if out is not None:
        return out / name
    target = folder if folder is not None else DEFAULT_FOLDER
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create the folder {target}: {exc.strerror or exc}") from None
    return target / name


def write_document(document: Document, path: Path, *, force: bool = False) -> Path:
    """Render ``document`` and write it to ``path`` (whole or not at all).

    Raises:
        AlreadyExists: ``path`` exists and ``force`` is false.
        BadInput: the folder is missing or cannot be written.
    """
    from chronicle.export.files import write_bytes_atomically

    if path.exists() and not force:
        raise AlreadyExists(f"{path} exists; add --force to overwrite it")
    if path.is_dir():
        raise BadInput(f"cannot write {path}: it is a folder")
    if not path.parent.is_dir():
        raise BadInput(f"cannot write {path}: the folder {path.parent} does not exist")
    from chronicle.export.pdf import render_pdf

    buffer = io.BytesIO()
    render_pdf(document, buffer)
    write_bytes_atomically(path, buffer.getvalue(), overwrite=force)
    return path


def export_sheet(db: Database, character: str, player: str | None = None,
                 out: Path | None = None, force: bool = False, pencil: bool = False, *,
                 folder: Path | None = None) -> Path:
    """Write a character sheet (``pencil``: the values that change in play left as empty
    boxes); returns the file written.

    Raises:
        NotFound: no such character (or player).
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.export.document import sheet_document
    from chronicle.services.characters import show_character

    view = show_character(db, character, player)
    path = destination(view.name, out, folder, suffix="-pencil" if pencil else "",
                       fallback="character")
    return write_document(sheet_document(view, pencil=pencil), path, force=force)


def export_log(db: Database, character: str, player: str | None = None,
               out: Path | None = None, force: bool = False, *,
               folder: Path | None = None) -> Path:
    """Write a character's chronicle: every game and purchase in order, with running totals.

    Raises:
        NotFound: no such character (or player).
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.export.document import log_document
    from chronicle.services.characters import show_character

    view = show_character(db, character, player)
    path = destination(view.name, out, folder, suffix="-chronicle", fallback="character")
    return write_document(log_document(view), path, force=force)


def export_game(db: Database, game: str, out: Path | None = None, force: bool = False, *,
                folder: Path | None = None) -> Path:
    """Write a game's preparation sheet.

    Raises:
        NotFound: no such game.
        AlreadyExists: the file exists and ``force`` is false.
        BadInput: the file cannot be written.
    """
    from chronicle.export.document import game_document
    from chronicle.services.games import show_game

    view = show_game(db, game)
    path = destination(view.name, out, folder, suffix="-game", fallback="game")
    return write_document(game_document(view), path, force=force)


def export_player(db: Database, player: str, out: Path | None = None, force: bool = False,
                  pencil: bool = False, *, folder: Path | None = None) -> Path:
    """Write the sheets of all of a player's characters into one file.

    Raises:
        NotFound: no such player.
        BadInput: the player has no character, or the file cannot be written.
        AlreadyExists: the file exists and ``force`` is false.
    """
    from chronicle.export.document import player_document
    from chronicle.services.characters import list_characters

    views = list_characters(db, player)
    if not views:
        raise BadInput(f"{player} has no characters to print yet; create one with "
                       f"'chronicle character new NAME --player {player}'")
    owner = views[0].player
    path = destination(owner, out, folder, suffix="-characters" + ("-pencil" if pencil else ""),
                       fallback="player")
    return write_document(player_document(owner, views, pencil=pencil), path, force=force)
