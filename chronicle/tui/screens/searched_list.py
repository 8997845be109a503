"""What a screen of cards with a search box over their list shares (a base, not a screen of
its own): each keystroke in the search box filters the list again (``refilter``), enter in it
moves to the list, and the card under the list's cursor is shown (``show_detail``). Used by
the collection, the other games' cards and a player's collection of any game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult


def searched_css(prefix: str) -> str:
    """The look of a searched list's screen whose ids start with ``prefix``: the search bar
    (the box ``#PREFIX-search`` and the game ``#PREFIX-game``), then the list with its column
    titles and status line (``#PREFIX-left``) beside the card's details (``#PREFIX-detail``)."""
    return f"""
    #{prefix}-bar {{ height: 1; }}
    #{prefix}-search {{ width: 1fr; }}
    #{prefix}-game {{ width: auto; max-width: 60%; padding: 0 1; }}
    #{prefix}-body {{ height: 1fr; }}
    #{prefix}-left {{ width: 1fr; }}
    #{prefix}-header {{ height: 1; color: $text-muted; text-style: bold; }}
    #{prefix}-cards {{ height: 1fr; }}
    #{prefix}-status {{ height: 1; color: $text-muted; }}
    #{prefix}-detail {{ width: 30%; min-width: 24; max-width: 64; height: 1fr; padding: 0 1;
                 border-left: solid $panel; }}
    """


def searched_layout(prefix: str, hint: str, columns: Sequence[int]) -> ComposeResult:
    """The widgets ``searched_css(prefix)`` lays out: the search box (``hint`` its
    placeholder) and the game shown, the list of ``columns`` with its titles and status, the
    card's details, between the header and the footer."""
    yield Header()
    yield Horizontal(Input(placeholder=hint, id=f"{prefix}-search", compact=True),
                     Static("", id=f"{prefix}-game"), id=f"{prefix}-bar")
    yield Horizontal(Vertical(Static("", id=f"{prefix}-header"),
                              CardList(columns, flex=len(columns) - 1, id=f"{prefix}-cards"),
                              Static("", id=f"{prefix}-status"), id=f"{prefix}-left"),
                     DetailPane(id=f"{prefix}-detail"), id=f"{prefix}-body")
    yield Footer(compact=True)


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


__all__ = ["SearchedListScreen", "searched_css", "searched_layout"]
