"""Mending a game's stored records in the app (a campaign, a hunt, a force): rename, delete
(or archive) and bring back, in the same style as the Wyld Hunt screens (``chronicle.tui.
mending``): a name dialog that stays open while the name is refused, a confirmation saying
whether the record goes for good or is archived (and what it holds), and a pick list of the
archived ones. The work is the game's own service, the same one its command line uses
(``chronicle campaign rename|delete|restore``, ``chronicle hunt rename|delete|restore``).
Every text shown is plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.tui.screens.base import chronicle_app

if TYPE_CHECKING:
    from textual.screen import Screen

    from chronicle.services.db import Database


def rename_record(screen: Screen[Any], what: str, old: str,
                  save: Callable[[Database, str], Any], done: Callable[[Any], None]) -> None:
    """Ask for a new name for the ``what`` called ``old`` and store it with ``save(db, new)``;
    the dialog says why a name is refused (empty, too long, taken) and stays open. ``done``
    gets what ``save`` returned."""
    from chronicle.tui.screens.name_dialog import NameDialog

    def renamed(result: Any) -> None:
        if result is not None:
            done(result)

    screen.app.push_screen(NameDialog(f"Rename {old}", "New name", save, value=old,
                                      description=f"Renaming the {what}"), renamed)


def deletion_text(what: str, name: str, holds: int, entries: tuple[str, str],
                  restore_key: str) -> str:
    """What deleting the ``what`` called ``name`` does: archived when it ``holds`` entries
    (``entries``: their word, one and many; kept, hidden, brought back with
    ``restore_key``), else erased for good."""
    if holds:
        return (f"{name} will be archived, not erased: its history is kept ({holds} "
                f"{entries[0] if holds == 1 else entries[1]}) and it is hidden from the list. "
                f"{restore_key} on this screen brings it back.")
    return f"{name} will be deleted for good: nothing is recorded in it yet."


def delete_record(screen: Screen[Any], what: str, name: str, holds: int,
                  entries: tuple[str, str],
                  restore_key: str, delete: Callable[[Database], str],
                  done: Callable[[str], None]) -> None:
    """Confirm, then delete the ``what`` called ``name`` with ``delete(db)`` (the store
    archives a record with a history and erases one without); ``done`` gets the store's
    sentence for what it did. ``holds`` entries (``entries``: their word, one and many) decide
    what the confirmation says."""
    from chronicle.tui.screens.confirm import ConfirmScreen

    app = chronicle_app(screen)

    def confirmed(yes: bool | None) -> None:
        if yes:
            app.call_service(delete, done, description=f"Deleting the {what}")

    app.push_screen(ConfirmScreen(f"{'Archive' if holds else 'Delete'} {name}?",
                                  deletion_text(what, name, holds, entries, restore_key)),
                    confirmed)


def bring_back(screen: Screen[Any], what: str,
               load: Callable[[Database], list[tuple[str, Any]]],
               restore: Callable[[Database, Any], Any], done: Callable[[Any], None]) -> None:
    """Pick an archived ``what`` (plural: "campaigns") and bring it back
    (``chronicle.tui.mendflows.pick_archived``)."""
    from chronicle.tui.mendflows import pick_archived

    pick_archived(screen, what, load, restore, done)
