"""Printable PDFs of every game's sheets, written one way: where, on which paper, never over a
file unasked.

A game's sheet is built by the builder its game system names (``GameSystem.sheets``, found
through ``chronicle.systems.registry``), which reads what it prints
through the game's services; the document is rendered (``chronicle.export.pdf``, which loads
reportlab only now) and the file written atomically (:func:`write_document`). A game whose
sheets name their files their own way writes them through the same two functions (its
``sheet_front``). The default destination is ``exports/<safe-name>.pdf`` in the current folder
(created when missing), the safe name made from what is printed so that it can never leave
that folder; ``out`` names another file, or a folder to put the default name in. An existing
file is replaced only with ``force``.

The paper is A4 or US Letter: ``paper`` when given, else the ``CHRONICLE_PAPER`` setting, else
Letter where the locale's country uses it (``default_paper``). Characters no embedded font has
are reported through ``warn`` (they would print as boxes).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.errors import AlreadyExists, BadInput

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
