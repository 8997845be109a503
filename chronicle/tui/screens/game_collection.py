"""Every game's collections in the app: a player's owned copies of any installed game's cards
(a game's heroes and upgrades, units, bounties...), seen, added and removed in place.

A game switcher (``g``: the next installed game with cards; the choice kept in the user's
settings across restarts, as the Cards area's is), a player switcher (``p``), search as you type
(``/``), ``+``/``-`` to record or remove one copy of the card under the cursor, ``o`` to show
only the cards the player owns. The home game's own Cards area is its collection: switching to
the home game goes back to it when it is under this screen.

Driven by the registry, each game's card schema and the generic collection services alone
(``chronicle.services.collection``, ``chronicle.services.gamecards``): a game installed later
gets it with no code of its own. Copies typed in a burst are summed while one save runs and
saved together after it, each save one transaction of relative changes (another member's
copies recorded meanwhile are never overwritten). Names are shown as text, never markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from chronicle.domain.values import name_key
from chronicle.tui.screens import searched_list
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean, clip_words, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane

if TYPE_CHECKING:
    from chronicle.catalog.front import FrontCard
    from chronicle.catalog.loader import CardSchema
    from chronicle.services.db import Database
    from chronicle.services.gamecards import GameCatalog
    from chronicle.services.ownership import Recorded

COLUMNS = (24, 10, 5, 16)
"""The list's columns: name, kind, owned, summary (which takes the rest)."""
Key = tuple[str, str, str, str]
"""(game, player's name key, card's name key, kind): one count of one player."""


def choices(home: str) -> list[tuple[str, str]]:
    """The switcher's games, as (key, label): every installed game with cards but the home
    game, whose own Cards area is its collection (the home game alone when it is the only
    one)."""
    from chronicle.services.gamecards import card_games

    games = [(g.key, g.label) for g in card_games()]
    return [game for game in games if game[0] != home] or games


class GameCollectionScreen(searched_list.SearchedListScreen):
    """A player's copies of one installed game's cards."""

    SEARCH = "gl-search"
    TITLE = "Collections"
    DEFAULT_CSS = searched_list.searched_css("gl")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "count(1)", "Own +1", key_display="+"),
        Binding("minus", "count(-1)", "Own -1", key_display="-"),
        Binding("p", "next_player", "Player"),
        Binding("g", "next_game", "Game"),
        Binding("o", "owned_only", "Owned only"),
        Binding("slash", "search", "Search", key_display="/"),
        Binding("escape", "back", "Back"),
        Binding("shift+down", "scroll_detail(3)", "Scroll the card's details", show=False),
        Binding("shift+up", "scroll_detail(-3)", "Scroll the card's details back", show=False),
    ]

    def __init__(self, choice: str | None = None, player: str | None = None) -> None:
        from chronicle.systems import registry

        super().__init__()
        self.home = registry.home()
        self.games = choices(self.home)
        keys = [key for key, _label in self.games]
        self.choice = choice if choice in keys else (keys[0] if keys else "")
        self.player: str | None = player
        self.players: list[str] = []
        self.catalogs: dict[str, GameCatalog] = {}
        self.schemas: dict[str, CardSchema] = {}
        self.counts: dict[Key, int] = {}
        """Each count as the database last said it."""
        self.read: set[tuple[str, str]] = set()
        """The (game, player) whose counts were read."""
        self.pending: dict[Key, tuple[str, str, int]] = {}
        """Copies typed and not yet sent: (player's name, card's name, change)."""
        self.sending: dict[Key, tuple[str, str, int]] = {}
        """Copies being saved."""
        self.owned_only = False
        self.shown: list[FrontCard] = []

    def compose(self) -> ComposeResult:
        return searched_list.searched_layout("gl", "/ search the game's cards", COLUMNS)

    def on_mount(self) -> None:
        self.query_one(CardList).start(self.query_one("#gl-header", Static),
                                       ("name", "kind", "owned", "summary"))
        self.reload()

    # Reading -----------------------------------------------------------------------------------

    def label(self, key: str) -> str:
        """How the switcher names ``key``."""
        return next((label for found, label in self.games if found == key), key)

    def reload(self) -> None:
        """Read the players, the game's catalog (once) and the player's counts of the game in a
        worker; a reload started later wins over one still running."""
        from chronicle.services.gamecards import game_catalog, schema_of, system_named
        from chronicle.services.ownership import owned_cards
        from chronicle.services.players import list_players

        self.show_heading()
        game, wanted = self.choice, self.player
        need_catalog = bool(game) and game not in self.catalogs

        def work(db: Database) -> tuple[list[str], str | None, list[Any],
                                        tuple[GameCatalog, CardSchema] | None]:
            names = [p.name for p in list_players(db)]
            chosen = next((n for n in names if wanted and name_key(n) == name_key(wanted)),
                          names[0] if names else None)
            owned = owned_cards(db, chosen, game) if chosen and game else []
            catalog = (game_catalog(game, db), schema_of(system_named(game))) \
                if need_catalog else None
            return names, chosen, owned, catalog

        def done(found: tuple[list[str], str | None, list[Any],
                              tuple[GameCatalog, CardSchema] | None]) -> None:
            names, chosen, owned, catalog = found
            self.players = names
            if catalog is not None:
                self.catalogs[game], self.schemas[game] = catalog
            if chosen is not None:
                self.player = chosen
                who = name_key(chosen)
                for key in [k for k in self.counts if k[0] == game and k[1] == who]:
                    del self.counts[key]
                for row in owned:
                    self.counts[(game, who, name_key(row.name), row.kind)] = row.count
                self.read.add((game, who))
            self.show_heading()
            self.refilter()

        chronicle_app(self).call_service(work, done, description="Reading the collection",
                                         group="game-collection", exclusive=True)

    def show_heading(self) -> None:
        """Say which game and player are shown."""
        keys = [key for key, _label in self.games]
        place = f" ({keys.index(self.choice) + 1}/{len(keys)})" if self.choice in keys else ""
        who = self.player or "no player yet"
        self.query_one("#gl-game", Static).update(
            plain(f"{self.label(self.choice)}{place} · {who}", lines=False))

    # Listing -----------------------------------------------------------------------------------

    def key(self, card: FrontCard) -> Key:
        """The count key of ``card`` for the player shown."""
        return (card.game, name_key(self.player or ""), name_key(card.name), card.kind)

    def owned(self, card: FrontCard) -> int:
        """The copies of ``card`` the player shown owns, with those typed and not saved."""
        key = self.key(card)
        return (self.counts.get(key, 0) + self.pending.get(key, ("", "", 0))[2]
                + self.sending.get(key, ("", "", 0))[2])

    def refilter(self, keep: int | None = None) -> None:
        """The game's cards holding every word of the search (those owned, with ``o``)."""
        catalog = self.catalogs.get(self.choice)
        words = self.query_one("#gl-search", Input).value
        found = [] if catalog is None else \
            (catalog.search(words) if words.strip() else list(catalog))
        if self.owned_only:
            found = [card for card in found if self.owned(card) > 0]
        self.shown = found
        self.query_one(CardList).set_source(len(found), lambda i: self.row(found[i]),
                                            lambda i: self.owned(found[i]) == 0, keep=keep)
        self.show_status()
        self.show_detail()

    def show_status(self) -> None:
        """How many cards are shown, and how many copies the player owns of the game."""
        if self.choice not in self.catalogs:
            said = "Reading the cards…" if self.choice else "No installed game has cards."
        elif self.player is None:
            said = f"{len(self.shown)} cards · no player yet: add one in Players"
        else:
            who = name_key(self.player)
            copies = sum(count for key, count in self.counts.items()
                         if key[0] == self.choice and key[1] == who)
            saving = " (saving…)" if self.pending or self.sending else ""
            said = (f"{len(self.shown)} cards{' owned' if self.owned_only else ''} · "
                    f"{self.player} owns {copies} {'copy' if copies == 1 else 'copies'}{saving}")
        self.query_one("#gl-status", Static).update(plain(said, lines=False))

    def row(self, card: FrontCard) -> list[str]:
        """The list row of ``card`` (its texts cleaned of control characters)."""
        widths = self.query_one(CardList).widths
        count = self.owned(card)
        return [clean(card.name), clean(card.kind), str(count) if count else "·",
                clip_words(card.summary or "", max(1, widths[-1]))]

    def current_card(self) -> FrontCard | None:
        """The card under the cursor."""
        return self.query_one(CardList).pick(self.shown)

    def show_detail(self) -> None:
        from chronicle.tui.screens.card_detail import describe

        card = self.current_card()
        pane = self.query_one("#gl-detail", DetailPane)
        if card is None:
            pane.show(plain("No card matches." if self.choice in self.catalogs
                            else "Reading the cards…"))
            return
        text = describe(card, self.label(card.game), self.schemas[card.game])
        if self.player is not None:
            text.append("\n\n")
            text.append_text(plain(f"{self.player} owns {self.owned(card)}", "bold"))
        pane.show(text)

    # Switching ---------------------------------------------------------------------------------

    def action_next_game(self) -> None:
        """The next game; kept for the next start."""
        keys = [key for key, _label in self.games]
        if not keys:
            self.app.bell()
            return
        self.choice = keys[(keys.index(self.choice) + 1) % len(keys)] \
            if self.choice in keys else keys[0]
        self.remember(self.choice)
        self.query_one("#gl-search", Input).value = ""
        self.refilter()
        self.reload()

    def remember(self, choice: str) -> None:
        """Keep ``choice`` in the user's settings."""
        _remember_game(self, choice)

    def action_next_player(self) -> None:
        """The next player of the group."""
        if not self.players:
            self.notify("No player yet: add one in Players.", severity="warning")
            return
        keys = [name_key(p) for p in self.players]
        here = keys.index(name_key(self.player)) if self.player and \
            name_key(self.player) in keys else -1
        self.show_player(self.players[(here + 1) % len(self.players)])

    def show_player(self, name: str) -> None:
        """Show ``name``'s copies (the Players area's enter, too)."""
        self.player = name
        self.refilter()
        self.reload()

    # Changing counts ---------------------------------------------------------------------------

    def action_count(self, change: int) -> None:
        """Record (``+``) or remove (``-``) one copy of the card under the cursor; typed in
        a burst, the copies are summed and saved together."""
        card = self.current_card()
        if card is None or self.player is None or \
                (self.choice, name_key(self.player)) not in self.read:
            self.app.bell()
            return
        if change < 0 and self.owned(card) <= 0:
            self.app.bell()
            return
        key = self.key(card)
        player, name, before = self.pending.get(key, (self.player, card.name, 0))
        self.pending[key] = (player, name, before + change)
        if self.pending[key][2] == 0:
            del self.pending[key]
        card_list = self.query_one(CardList)
        card_list.refresh_line(card_list.cursor)
        self.show_status()
        self.show_detail()
        self.send()

    def send(self) -> None:
        """Save the copies typed, unless a save runs (they go when it is done)."""
        if self.sending or not self.pending:
            return
        self.sending, self.pending = self.pending, {}
        batch = dict(self.sending)
        by_game: dict[tuple[str, str, str], list[tuple[str, int]]] = {}
        for (game, _who, _name, kind), (player, name, change) in batch.items():
            by_game.setdefault((game, player, kind), []).append((name, change))

        def work(db: Database) -> list[Recorded]:
            from chronicle.services.collection import add_cards

            return [add_cards(db, game, player, cards, kind=kind)
                    for (game, player, kind), cards in by_game.items()]

        def done(found: list[Recorded]) -> None:
            self.saved([(game, player, name, kind, count) for (game, player, _kind), recorded
                        in zip(by_game, found, strict=True)
                        for name, kind, count in recorded.counts])

        def failed(_exc: Exception) -> None:
            self.sending = {}
            self.pending.clear()
            for game, player, _kind in by_game:
                self.read.discard((game, name_key(player)))
            self.reload()          # the counts as the database has them

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Recording the copies",
                                         group="game-collection-save")

    def saved(self, counts: Iterable[tuple[str, str, str, str, int]]) -> None:
        """Take the counts a save reports (game, player, card, kind, count); send what was
        typed meanwhile."""
        for game, player, name, kind, count in counts:
            self.counts[(game, name_key(player), name_key(name), kind)] = count
        self.sending = {}
        self.refilter(keep=self.query_one(CardList).cursor)
        self.send()

    # Other keys --------------------------------------------------------------------------------

    def action_owned_only(self) -> None:
        """Show only the cards the player owns, or every card again."""
        self.owned_only = not self.owned_only
        self.refilter()

    def action_search(self) -> None:
        self.query_one("#gl-search", Input).focus()

    def action_back(self) -> None:
        """From the search, back to the list; from the list, back to the screen under it."""
        if self.query_one("#gl-search", Input).has_focus:
            self.query_one(CardList).focus()
        elif len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_scroll_detail(self, lines: int) -> None:
        self.query_one("#gl-detail", DetailPane).scroll_relative(y=lines, animate=False)


def open_game_collection(node: Any, choice: str | None = None,
                         player: str | None = None) -> None:
    """Show a player's copies of ``choice``'s cards (None: the game kept from last time)."""
    kept = chronicle_app(node).settings.collection_game
    node.app.push_screen(GameCollectionScreen(choice or kept or None, player))


def player_games(home: str) -> list[tuple[str, str]]:
    """Every installed game with cards as (label, key), the home game first: what the Players
    area's enter asks a collection of."""
    from chronicle.services.gamecards import card_games

    games = sorted(card_games(), key=lambda g: (g.key != home, g.label.casefold()))
    return [(g.label, g.key) for g in games]


def open_player_collection(node: Any, player: str) -> None:
    """Show ``player``'s collection of a game (the Players area's enter): with more than one
    installed game with cards, a pick list asks which, the game chosen last time (the setting
    ``collection_game``, else the home game) highlighted. The home game's collection is its
    area that shows a player (Wyld Hunt's Cards); any other game's is this screen."""
    from chronicle.systems import registry
    from chronicle.tui.screens.pick import PickScreen

    app = chronicle_app(node)
    home = registry.home()
    games = player_games(home)
    if not games:
        node.notify("No installed game has cards.", severity="warning")
        return

    def chosen(key: str | None) -> None:
        if key is None:
            return
        _remember_game(node, key)
        if key == home and any(area.shows_player for area in app.areas):
            app.show_player(player)
            return
        app.push_screen(GameCollectionScreen(key, player))

    if len(games) == 1:
        chosen(games[0][1])
        return
    kept = app.settings.collection_game
    current = kept if kept in [key for _label, key in games] else home
    app.push_screen(PickScreen(f"{player[:60]}'s collection", "Of which game? (enter)",
                               games, current), chosen)


def _remember_game(node: Any, key: str) -> None:
    """Keep ``key`` as the game whose collections are shown next (the user's settings)."""
    from chronicle.tui.settings import save_settings

    app = chronicle_app(node)
    if app.settings.collection_game != key:
        app.settings.collection_game = key
        if not save_settings(app.settings):
            node.notify("The game shown could not be kept for next time.", severity="warning")


__all__ = ["GameCollectionScreen", "choices", "open_game_collection", "open_player_collection",
           "player_games"]
