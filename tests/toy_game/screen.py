"""The toy game's one screen (its ``"main"``), opened from the app's "Other games" area: the
bags of pebbles kept in the database, read through the app's database as the app's own
screens do."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from chronicle.tui.text import plain


class PebblesScreen(Screen[None]):
    """Pebbles: every bag in the database with its weight."""

    TITLE = "Pebbles"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(plain("Pebbles: the bags of the play group"), id="pebbles-title")
        yield Static("", id="pebbles-bags")
        yield Footer(compact=True)
