"""The characters screen (placeholder until the builder lands)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class CharactersScreen(Screen[None]):
    """Each player's characters."""

    TITLE = "Characters"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Characters are coming here.")
        yield Footer()
