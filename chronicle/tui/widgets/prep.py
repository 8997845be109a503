"""The parts of the game preparation screen that are not the screen itself: loading a game
with its seats' collections and icons, each Waylay's odds, and the suggestion panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from chronicle.systems.wyld_hunt.rules.suggest import opposed_attribute
from chronicle.tui.text import esc

if TYPE_CHECKING:
    from chronicle.services.collection import OwnedCard
    from chronicle.services.db import Database
    from chronicle.services.games import GameView, Seat, SuggestionSet
    from chronicle.systems.wyld_hunt.cards import Icon, Waylay


@dataclass
class PrepData:
    """What the screen shows, loaded in one worker."""

    game: GameView
    owned: dict[str, list[OwnedCard]]
    """Each seated player's collection."""
    icons: dict[str, Icon | None]
    """Each seated player's character icon (None without a character or a known icon)."""


def load_prep(db: Database, name: str) -> PrepData:
    """The game, the seated players' collections and their characters' icons."""
    from chronicle.services.characters import show_character
    from chronicle.services.collection import list_collection
    from chronicle.services.games import show_game

    game = show_game(db, name)
    owned = {seat.player: list_collection(db, seat.player) for seat in game.seats}
    icons: dict[str, Icon | None] = {}
    for seat in game.seats:
        icons[seat.player] = (show_character(db, seat.character, seat.player).state.icon
                              if seat.character else None)
    return PrepData(game, owned, icons)


def percent(chance: Fraction) -> str:
    """``72%``."""
    return f"{round(chance * 100)}%"


def dice_of(system: str) -> int:
    """Dice rolled in a Test: one in The Wyld Hunt, two in King Ironheart's Madness."""
    return 2 if system == "ironheart" else 1


def waylay_odds(waylay: Waylay, icon: Icon | None, dice: int) -> list[tuple[str, str, str]]:
    """Per Test the Waylay can be: (``Combat 4 v Might 2``, ``wins 72%``, short form)."""
    from chronicle.rules.dice import test_odds

    found = []
    for test in waylay.tests or ():
        mine = waylay.attribute_value(test)
        attribute = opposed_attribute(test)
        theirs = getattr(icon, attribute) if icon is not None else None
        label = (f"{test.value.title()} {'?' if mine is None else mine} v {attribute.title()} "
                 f"{'?' if theirs is None else theirs}")
        short = f"{test.value[0].upper()}{'?' if mine is None else mine}"
        if mine is None or not isinstance(theirs, int):
            found.append((label, "odds unknown", short + " ?"))
        else:
            odds = test_odds(mine, theirs, dice)
            found.append((label, f"wins {percent(odds.win)}",
                          f"{short}v{theirs} {percent(odds.win)}"))
    return found


def seat_lists(seat: Seat) -> dict[str, list[str]]:
    """A seat's chosen lists by section."""
    return {"quests": list(seat.quests), "waylays": list(seat.waylays),
            "treasures": list(seat.treasures), "leagues": list(seat.leagues)}


def _num(value: object) -> str:
    return "?" if value is None else str(value)


class SuggestionPanel(VerticalScroll, can_focus=True):
    """The suggested Waylays, Treasures and Leagues with their explanation; enter or X applies,
    escape closes."""

    DEFAULT_CSS = """
    SuggestionPanel { display: none; height: 1fr; padding: 0 1; }
    SuggestionPanel.shown { display: block; }
    SuggestionPanel:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "screen.apply_suggestion", "Apply"),
        Binding("escape", "screen.close_suggestion", "Close"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", id="suggestion-text")

    def show(self, suggestion: SuggestionSet) -> None:
        """Display ``suggestion``."""
        lines = [f"[b]Suggestion for {esc(suggestion.player)}[/b]",
                 "[dim]enter or X applies · esc closes[/dim]"]
        for title, part in (("Waylays", suggestion.waylays), ("Treasures", suggestion.treasures),
                            ("Leagues", suggestion.leagues)):
            cards = ", ".join(part.cards) or "none"
            lines.append(f"\n[b]{title}[/b] {part.total} of {part.limit}: {esc(cards)}")
            lines.extend(f"[dim]· {esc(line)}[/dim]" for line in part.explanation)
        self.query_one("#suggestion-text", Static).update("\n".join(lines))
        self.add_class("shown")
        self.scroll_home(animate=False)
