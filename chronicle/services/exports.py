"""Printable PDFs of characters, chronicles, games and a player's whole group of characters.

Each export reads the character or game as the other services show it, builds the document
with the sheet builders its game system names (``GameSystem.sheets``, found through
``chronicle.systems.registry``), renders it (``chronicle.export.pdf``, which loads reportlab
only now) and writes the file atomically. The default destination is
``exports/<safe-name>.pdf`` in the current folder (created when missing), the safe name made
from the character's, game's or player's name so that it can never leave that folder; ``out``
names another file, or a folder to put the default name in. An existing file is replaced only
with ``force``. Two players' characters of the same name get the player's name in their
default file names (``winerdria-tim.pdf``), so neither overwrites the other's sheet.

The paper is A4 or US Letter: ``paper`` when given, else the ``CHRONICLE_PAPER`` setting, else
Letter where the locale's country uses it (``default_paper``). Characters no embedded font has
are reported through ``warn`` (they would print as boxes).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import AlreadyExists, BadInput
from chronicle.services.db import Database

if TYPE_CHECKING:
    from chronicle.export.model import Document

DEFAULT_FOLDER = Path("exports")
"""Where exports go by default, relative to the current folder."""
PAPERS = ("a4", "letter")
LETTER_COUNTRIES = frozenset({"US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PR",
                              "SV", "PA", "NI", "DO", "BZ", "HN", "BO"})
"""Countries whose locales print on US Letter."""
Warn = Callable[[str], None]


def default_paper(environ: dict[str, str] | None = None) -> str:
    """The paper when none is asked for: the ``CHRONICLE_PAPER`` setting ("a4" or "letter"),
    else Letter when the locale (``LC_ALL``, ``LC_PAPER``, ``LANG``) is of a country that uses
    it, else A4.

    Raises:
        BadInput: the setting names another paper.
    """
    env = os.environ if environ is None else environ
    setting = env.get("CHRONICLE_PAPER", "").strip().lower()
    if setting:
        if setting not in PAPERS:
            raise BadInput(f"CHRONICLE_PAPER is {setting[:40]!r}; use a4 or letter")
        return setting
    for variable in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(variable, "")
        if value:
            country = value.split(".")[0].split("@")[0].partition("_")[2].upper()
            return "letter" if country in LETTER_COUNTRIES else "a4"
    return "a4"


def paper_of(paper: str | None) -> str:
    """``paper`` checked, or the default.

    Raises:
        BadInput: not a paper this knows.
    """
    if paper is None:
        return default_paper()
    chosen = paper.strip().lower()
    if chosen not in PAPERS:
        raise BadInput(f"unknown paper {paper[:40]!r}; use a4 or letter")
    return chosen


def destination(stem_of: str, out: Path | None = None, folder: Path | None = None, *,
                suffix: str = "", fallback: str = "export") -> Path:
    """Where an export of ``stem_of`` is written: ``out`` when it names a file, else
    ``<safe name><suffix>.pdf`` in ``out`` (an existing folder) or in ``folder`` (default:
    ``exports/``, created when missing).

    Raises:
        BadInput: the default folder cannot be created.
    """
    from chronicle.export.safefiles import safe_name

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


def write_document(document: Document, path: Path, *, force: bool = False,
                   paper: str | None = None, warn: Warn | None = None) -> Path:
    """Render ``document`` on ``paper`` and write it to ``path`` (whole or not at all); tell
    ``warn`` which characters no embedded font has.

    Raises:
        AlreadyExists: ``path`` exists and ``force`` is false.
        BadInput: the folder is missing or cannot be written.
    """
    from chronicle.export.safefiles import write_bytes_atomically

    if path.exists() and not force:
        raise AlreadyExists(f"{path} exists; add --force to overwrite it")
    if path.is_dir():
        raise BadInput(f"cannot write {path}: it is a folder")
    if not path.parent.is_dir():
        raise BadInput(f"cannot write {path}: the folder {path.parent} does not exist")
    from chronicle.export.fonts import unprintable
    from chronicle.export.pdf import render_pdf

    chosen = paper_of(paper)
    buffer = io.BytesIO()
    render_pdf(document, buffer, chosen)
    write_bytes_atomically(path, buffer.getvalue(), overwrite=force)
    missing = unprintable(document.texts())
    if missing and warn is not None:
        shown = " ".join(missing[:20]) + (" …" if len(missing) > 20 else "")
        codes = ", ".join(f"U+{ord(c):04X}" for c in missing[:5])
        warn(f"{len(missing)} character{'s' if len(missing) > 1 else ''} in {path.name} will "
             f"print as boxes: no embedded font has {shown} ({codes})")
    return path


def _shared_name(db: Database, name: str) -> bool:
    """True when characters of more than one player are called ``name``."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        return len({row.player_id for row in repo.find_characters(session, name)}) > 1


def _stem(db: Database, name: str, player: str) -> tuple[str, str]:
    """The name a character's default file is made of, and a suffix naming the player when
    another player has a character of the same name."""
    from chronicle.export.safefiles import safe_name

    return name, (f"-{safe_name(player, 'player')}" if _shared_name(db, name) else "")


def _home() -> Any:
    """The home system's characters and games (``GameSystem.chronicles``): the characters
    and games tables are the home system's (its editions' too).

    Raises:
        BadInput: the home system keeps none.
    """
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found = registry.system(registry.home())
    if found.chronicles is None:
        raise BadInput(f"{found.label} keeps no characters or games to print")
    return load_name(found.chronicles)


def sheet_builder(system: str, sheet: str) -> Callable[..., Document]:
    """The builder of ``sheet`` that the game system of ``system`` (a system or edition key)
    names, imported now: ``build(db, name, player, **extra) -> Document`` (Wyld Hunt's
    ``sheet``, ``log``, ``game`` and ``player`` also take the view already read).

    Raises:
        BadInput: the game has no such sheet.
    """
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found = registry.system(system)
    name = found.sheets.get(sheet)
    if name is None:
        raise BadInput(f"{found.label} has no {sheet} sheet to print")
    builder: Callable[..., Document] = load_name(name)
    return builder


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
    view = _home().show_character(db, character, player)
    stem, owner = _stem(db, view.name, view.player)
    path = destination(stem, out, folder, suffix=owner + ("-pencil" if pencil else ""),
                       fallback="character")
    document = sheet_builder(view.build.system, "sheet")(db, view.name, view.player,
                                                         pencil=pencil, view=view)
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
    view = _home().show_character(db, character, player)
    stem, owner = _stem(db, view.name, view.player)
    path = destination(stem, out, folder, suffix=owner + "-chronicle", fallback="character")
    document = sheet_builder(view.build.system, "log")(db, view.name, view.player, view=view)
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
    view = _home().show_game(db, game)
    path = destination(view.name, out, folder, suffix="-game", fallback="game")
    document = sheet_builder(view.system, "game")(db, view.name, None, view=view)
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
    views = _home().list_characters(db, player)
    if not views:
        raise BadInput(f"{player} has no characters to print yet; create one with "
                       f"'chronicle character new NAME --player {player}'")
    owner = views[0].player
    path = destination(owner, out, folder, suffix="-characters" + ("-pencil" if pencil else ""),
                       fallback="player")
    document = sheet_builder(views[0].build.system, "player")(db, owner, None, pencil=pencil,
                                                              views=views)
    return write_document(document, path, force=force, paper=paper, warn=warn)
