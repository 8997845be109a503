"""The games screen (placeholder until the builder lands)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class GamesScreen(Screen[None]):
    """Game preparation."""

    TITLE = "Games"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Games are coming here.")
        yield Footer()
