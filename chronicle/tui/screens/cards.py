"""Every game's cards in the app's Cards area: a game switcher (``g``: the next installed game,
then every game at once; the choice kept in the user's settings across restarts), search as you
type (across every game when every game is shown), and a detail pane showing each field of the
card's kind in its game's schema, tables included, as text (never markup).

Driven by the registry and each game's card schema alone (``chronicle.services.gamecards``):
a game installed later gets it with no code of its own. The home game's own Cards area (its
collection, packs, card forms) is the screen this one is opened over: switching to the home
game goes back to it. ``n`` and ``e`` call :meth:`GameCardsScreen.open_card_form`, which opens
the card form (a new card, or the one under the cursor corrected); ``c`` opens the players'
collections of the game shown (``chronicle.tui.screens.game_collection``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.card_detail import UNKNOWN as UNKNOWN  # re-exported
from chronicle.tui.screens.card_detail import describe
from chronicle.tui.screens.card_detail import value_lines as value_lines
from chronicle.tui.screens.searched_list import (
    SearchedListScreen,
    searched_css,
    searched_layout,
)
from chronicle.tui.text import clean, clip_words, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane

if TYPE_CHECKING:
    from chronicle.catalog.front import FrontCard
    from chronicle.catalog.loader import CardSchema
    from chronicle.services.db import Database
    from chronicle.services.gamecards import GameCatalog

SINGLE = (24, 10, 16)
"""The list's columns for one game: name, kind, summary (which takes the rest)."""
SEVERAL = (18, 5, 8, 16)
"""The list's columns for every game: name, game (its initials), kind, summary."""
EVERY = "*"
"""The switcher's choice that shows every game's cards together."""


def choices(home: str) -> list[tuple[str, str]]:
    """The switcher's choices in order, as (key, label): the home game, the other installed
    games with cards by key, then every game."""
    from chronicle.services.gamecards import card_games

    games = card_games()
    first = [(g.key, g.label) for g in games if g.key == home]
    return [*first, *((g.key, g.label) for g in games if g.key != home),
            (EVERY, "Every game")]


def initials(label: str) -> str:
    """A game's label in a few cells, for the list of every game's cards: the first letter of
    each word, a remark in parentheses left out (``Hunters of Arcfall``: ``HoA``)."""
    head = label.split(" (")[0] or label
    letters = "".join(word[0] for word in head.replace(":", " ").split() if word[0].isalnum())
    return letters[:5] or clean(label)[:5]


class GameCardsScreen(SearchedListScreen):
    """Every installed game's cards, one game at a time or all together."""

    SEARCH = "gc-search"
    TITLE = "Cards"
    DEFAULT_CSS = searched_css("gc")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "next_game", "Game"),
        Binding("slash", "search", "Search", key_display="/"),
        Binding("escape", "back", "Back"),
        Binding("n", "new_card", "New"),
        Binding("c", "collection", "Collection"),
        Binding("e", "correct_card", "Correct", show=False),
        Binding("shift+down", "scroll_detail(3)", "Scroll the card's details", show=False),
        Binding("shift+up", "scroll_detail(-3)", "Scroll the card's details back", show=False),
    ]

    def __init__(self, choice: str | None = None) -> None:
        from chronicle.systems import registry

        super().__init__()
        self.home = registry.home()
        self.games = choices(self.home)
        """The switcher's choices, (key, label), in order."""
        keys = [key for key, _label in self.games]
        self.choice = choice if choice in keys else (keys[1] if len(keys) > 1 else keys[0])
        self.catalogs: dict[str, GameCatalog] = {}
        self.schemas: dict[str, CardSchema] = {}
        self.shown: list[FrontCard] = []
        self.reading: set[str] = set()
        self.landing: tuple[str, str, str] | None = None
        """(game, name, kind) of the card just saved: the cursor goes to it once listed."""

    def compose(self) -> ComposeResult:
        return searched_layout("gc", "/ search every shown game's cards", SINGLE)

    def on_mount(self) -> None:
        self.query_one(CardList).focus()
        self.show_choice()

    def set_columns(self) -> None:
        """The list's columns: the game's among them when every game is shown."""
        from chronicle.tui.widgets.card_list import layout

        every = self.choice == EVERY
        card_list = self.query_one(CardList)
        base = list(SEVERAL if every else SINGLE)
        if card_list.base != base:
            card_list.base, card_list.flex = base, len(base) - 1
            if card_list.size.width:
                bar = card_list.styles.scrollbar_size_vertical
                card_list.widths = layout(base, card_list.flex, card_list.size.width - bar)
            else:
                card_list.widths = list(base)
        card_list.set_header(self.query_one("#gc-header", Static),
                             ["name", "game", "kind", "summary"] if every else
                             ["name", "kind", "summary"])

    # The switcher ------------------------------------------------------------------------------

    def label(self, key: str) -> str:
        """How the switcher names ``key``."""
        return next((label for found, label in self.games if found == key), key)

    def wanted(self) -> list[str]:
        """The games the current choice shows."""
        if self.choice == EVERY:
            return [key for key, _label in self.games if key != EVERY]
        return [self.choice]

    def show_choice(self) -> None:
        """Say which game is shown, and load the catalogs it needs that are not loaded."""
        place = [key for key, _label in self.games].index(self.choice) + 1
        self.query_one("#gc-game", Static).update(
            plain(f"{self.label(self.choice)} ({place}/{len(self.games)})", lines=False))
        self.set_columns()
        missing = [key for key in self.wanted()
                   if key not in self.catalogs and key not in self.reading]
        if missing:
            self.load(missing)
        self.refilter()

    def load(self, keys: list[str]) -> None:
        """Read the catalogs of ``keys`` (with the group's cards) in a worker."""
        from chronicle.services.gamecards import game_catalog, schema_of, system_named

        self.reading.update(keys)

        def work(db: Database) -> list[tuple[str, GameCatalog, CardSchema]]:
            return [(key, game_catalog(key, db), schema_of(system_named(key))) for key in keys]

        def done(found: list[tuple[str, GameCatalog, CardSchema]]) -> None:
            for key, catalog, schema in found:
                self.catalogs[key] = catalog
                self.schemas[key] = schema
                self.reading.discard(key)
            self.refilter()

        def failed(_exc: Exception) -> None:
            self.reading.difference_update(keys)

        chronicle_app(self).call_service(work, done, description="Reading the cards",
                                         failed=failed, group="game-cards")

    def action_next_game(self) -> None:
        """The next game (the home game goes back to its own Cards area); kept for the next
        start."""
        keys = [key for key, _label in self.games]
        self.choice = keys[(keys.index(self.choice) + 1) % len(keys)]
        if self.choice == self.home and self.leave():
            return
        self.remember(self.choice)
        self.show_choice()

    def remember(self, choice: str) -> None:
        """Keep ``choice`` in the user's settings (the home game: none)."""
        from chronicle.tui.settings import save_settings

        app = chronicle_app(self)
        kept = "" if choice == self.home else choice
        if app.settings.cards_game != kept:
            app.settings.cards_game = kept
            if not save_settings(app.settings):
                self.notify("The game shown could not be kept for next time.",
                            severity="warning")

    def leave(self) -> bool:
        """Go back to the home game's own Cards area under this screen (False when there is
        none: this screen then shows the home game's cards itself)."""
        if len(self.app.screen_stack) < 2:
            return False
        self.remember(self.home)
        self.app.pop_screen()
        return True

    def show_player(self, name: str) -> None:
        """A player's collection (the Players area's enter): shown by the home game's Cards
        area under this screen, which this screen goes back to."""
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        if self.leave():
            shown = getattr(below, "show_player", None)
            if callable(shown):
                shown(name)

    # Listing -----------------------------------------------------------------------------------

    def refilter(self) -> None:
        """The cards of the games shown that hold every word of the search, in game order."""
        words = self.query_one("#gc-search", Input).value
        found: list[FrontCard] = []
        waiting = [key for key in self.wanted() if key not in self.catalogs]
        for key in self.wanted():
            catalog = self.catalogs.get(key)
            if catalog is not None:
                found += catalog.search(words) if words.strip() else list(catalog)
        self.shown = found
        card_list = self.query_one(CardList)
        keep = None
        if self.landing is not None:    # the card just saved, once its game is read again
            keep = next((i for i, c in enumerate(found)
                         if (c.game, c.name, c.kind) == self.landing), None)
            if keep is not None or not waiting:
                self.landing = None
        card_list.set_source(len(found), lambda i: self.row(found[i]), keep=keep)
        status = f"{len(found)} cards" + (" (reading…)" if waiting else "")
        if len(self.wanted()) > 1 and found:
            games = len({card.game for card in found})
            status += f" in {games} game{'s' if games != 1 else ''}"
        self.query_one("#gc-status", Static).update(plain(status, lines=False))
        self.show_detail()

    def row(self, card: FrontCard) -> list[str]:
        """The list row of ``card`` (its texts cleaned of control characters)."""
        widths = self.query_one(CardList).widths
        summary = clip_words(card.summary or "", max(1, widths[-1]))
        if self.choice == EVERY:
            return [clean(card.name), initials(clean(self.label(card.game))), clean(card.kind),
                    summary]
        return [clean(card.name), clean(card.kind), summary]

    def current_card(self) -> FrontCard | None:
        """The card under the cursor."""
        return self.query_one(CardList).pick(self.shown)

    def show_detail(self) -> None:
        card = self.current_card()
        pane = self.query_one("#gc-detail", DetailPane)
        if card is None:
            pane.show(plain("No card matches the search." if not self.reading else
                            "Reading the cards…"))
            return
        pane.show(describe(card, self.label(card.game), self.schemas[card.game]))

    # Actions -----------------------------------------------------------------------------------

    def action_search(self) -> None:
        self.query_one("#gc-search", Input).focus()

    def action_back(self) -> None:
        """From the search, back to the list; from the list, back to the home game's cards."""
        if self.query_one("#gc-search", Input).has_focus:
            self.query_one(CardList).focus()
        else:
            self.leave()

    def action_scroll_detail(self, lines: int) -> None:
        self.query_one("#gc-detail", DetailPane).scroll_relative(y=lines, animate=False)

    def action_new_card(self) -> None:
        """A new card of the game shown (of the card's game, when every game is shown)."""
        card = self.current_card()
        game = self.choice if self.choice != EVERY else (card.game if card else self.home)
        self.open_card_form(game, None)

    def action_collection(self) -> None:
        """The collections of the game shown (of the card's game, when every game is)."""
        from chronicle.tui.screens.game_collection import open_game_collection

        card = self.current_card()
        game = self.choice if self.choice != EVERY else (card.game if card else None)
        open_game_collection(self, game)

    def action_correct_card(self) -> None:
        """Correct the card under the cursor."""
        card = self.current_card()
        if card is None:
            self.app.bell()
            return
        self.open_card_form(card.game, card)

    def open_card_form(self, game: str, card: FrontCard | None) -> None:
        """Open the new/correct card form of ``game`` (``card``: the one to correct; None: a
        new card), the form its card schema makes; what it saves is shown at once."""
        from chronicle.services.gamecards import system_named
        from chronicle.tui.screens.card_form import CardFormScreen

        system = system_named(game)
        if system.card_schema is None:
            self.notify(f"{system.label} has no cards to enter.", severity="warning",
                        markup=False)
            return
        self.app.push_screen(CardFormScreen(system, card), self.card_saved)

    def card_saved(self, entered: Any) -> None:
        """Say what the card form saved and read the game's cards again."""
        from chronicle.tui.screens.card_form import say_saved

        if not say_saved(self, entered):
            return
        for key in {card.game for card in entered.cards}:
            self.catalogs.pop(key, None)
        if entered.cards:
            first = entered.cards[0]
            self.landing = (first.game, first.name, first.kind)
        self.show_choice()


def open_game_cards(node: Any, choice: str | None = None) -> None:
    """Show every game's cards over the home game's Cards area, on ``choice`` (a game's key,
    ``*`` for every game; None: the game after the home game)."""
    node.app.push_screen(GameCardsScreen(choice))
