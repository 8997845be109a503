"""The toy game's one screen (its ``"main"``), opened from the app's "Other games" area: the
bags of pebbles kept in the database, read in a worker through the app's database as the
app's own screens do; names are shown as typed (never markup)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain
from toy_game.service import BagView, every_bag


class PebblesScreen(Screen[None]):
    """Pebbles: every bag in the database with what it holds."""

    TITLE = "Pebbles"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(plain("Pebbles: the bags of the play group"), id="pebbles-title")
        yield Static("Reading the bags…", id="pebbles-bags")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        chronicle_app(self).call_service(every_bag, self.loaded, description="Reading the bags")

    def loaded(self, bags: list[BagView]) -> None:
        text = plain("")
        for bag in bags:
            text.append_text(plain(f"{bag.player} · {bag.name} (limit {bag.limit}): "
                                   f"{', '.join(bag.pebbles) or 'empty'}\n"))
        self.query_one("#pebbles-bags", Static).update(text if bags else plain("No bag yet."))
