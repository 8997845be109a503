"""A game's kept records listed on one screen, one line each: what a game's "Other games"
screen needs at the least. The game's screen says its title, its heading, the line when
nothing is kept, and ``lines(db)``, the lines of its records; the records are read in a
worker through the app's database, as the app's own screens read them, and shown as typed
(never markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain

if TYPE_CHECKING:
    from chronicle.services.db import Database


class RecordListScreen(Screen[None]):
    """A game's records, one line each (a subclass says ``lines``)."""

    TITLE = "Records"
    HEADING = ""
    """The line above the records."""
    EMPTY = "Nothing is kept yet."
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def lines(self, db: Database) -> list[str]:
        """The records' lines, read in a worker (a subclass says them)."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(plain(self.HEADING), id="records-heading")
        yield Static(f"Reading {self.TITLE}…", id="records-lines")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        chronicle_app(self).call_service(self.lines, self.loaded,
                                         description=f"Reading {self.TITLE}")

    def loaded(self, lines: list[str]) -> None:
        """Show the lines read (as typed, never markup)."""
        shown = plain("\n".join(lines) if lines else self.EMPTY)
        self.query_one("#records-lines", Static).update(shown)
