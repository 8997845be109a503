"""What a screen of cards with a search box over their list shares (a base, not a screen of
its own): each keystroke in the search box filters the list again (``refilter``), enter in it
moves to the list, and the card under the list's cursor is shown (``show_detail``). Used by
the collection, the other games' cards and a player's collection of any game."""

from __future__ import annotations

from typing import ClassVar

from textual.screen import Screen
from textual.widgets import Input

from chronicle.tui.widgets.card_list import CardList


class SearchedListScreen(Screen[None]):
    """A list of cards filtered by the search box ``#{SEARCH}``."""

    SEARCH: ClassVar[str] = "search"
    """The id of the search box."""

    def refilter(self) -> None:
        """Filter the list again by what the search box holds (the screen says how)."""
        raise NotImplementedError

    def show_detail(self) -> None:
        """Show the card under the cursor (the screen says how)."""
        raise NotImplementedError

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == self.SEARCH:
            self.refilter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == self.SEARCH:
            self.query_one(CardList).focus()

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.show_detail()


__all__ = ["SearchedListScreen"]
