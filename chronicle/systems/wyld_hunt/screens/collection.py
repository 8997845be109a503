"""The collection screen: the whole catalog with search as you type, filters, the owned counts
of the chosen player (changed in place), and a detail pane showing every value of the card
under the cursor, unknown ones included. ``g`` shows the other games' cards
(``chronicle.tui.screens.cards``), and the app reopens the game shown last.

The screen paints first (its search box, list header and keys), then the catalog is read from
the card files (its cache) just after that first paint; players and owned counts arrive from
the database in a worker a moment later. Neither the card classes nor the catalog are
imported before the first paint (``tests/tui/test_first_paint.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.services.chronicles import characters_of
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.searched_list import SearchedListScreen
from chronicle.tui.text import clip_words, esc, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.players import PlayerInfo
    from chronicle.systems.wyld_hunt.cards import Card
    from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
    from chronicle.systems.wyld_hunt.services.collection import Recorded

    Loaded: TypeAlias = tuple[list[PlayerInfo], str | None, dict[tuple[str, str], int],
                              WyldHuntCatalog | None]
    """What loading the players brings: them, the player shown, their counts, and the
    catalog with the group's cards when the database has some."""

MARKS = {Origin.BUNDLED: "", Origin.USER: "user", Origin.CORRECTED: "fixed",
         Origin.FILE: "file"}


class SearchBox(Input):
    """The search box. Textual's ``Input`` gives its text's width as its ``virtual_size``,
    a reactive that lays the whole screen out when it changes: at every keystroke. A box of a
    fixed width only scrolls its text (``Input`` still asks for a layout itself when its width
    is ``auto``), so here the change redraws the box alone (tests/tui/test_collection_pilot.py
    counts the layouts of a keystroke)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)


class CollectionScreen(SearchedListScreen):
    """The catalog and a player's collection."""

    TITLE = "Cards"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", key_display="/"),
        Binding("escape", "list", "List", show=False),
        Binding("plus,equals_sign", "count(1)", "Own +1", key_display="+"),
        Binding("minus", "count(-1)", "Own -1", key_display="-", show=False),
        Binding("p", "next_player", "Player"),
        Binding("o", "open_pack", "Pack"),
        Binding("e", "edit_card", "Fill in"),
        Binding("n", "new_card", "New"),
        Binding("g", "other_games", "Other games' cards", show=False),
        Binding("a", "add_player", "Add player", show=False),
        Binding("i", "import_csv", "Import CSV", show=False),
        Binding("x", "export_csv", "Export CSV", show=False),
        Binding("d", "demo", "Demo data", show=False),
        Binding("shift+down", "scroll_detail(3)", "Scroll the card's details", show=False),
        Binding("shift+up", "scroll_detail(-3)", "Scroll the card's details back", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.catalog: WyldHuntCatalog | None = None
        self.shown: list[Card] = []
        self.players: list[PlayerInfo] = []
        self.player: str | None = None
        self.owned: dict[tuple[str, str], int] = {}
        self.loaded = False
        self.demo_loaded = False
        self.detail_shown: object = None
        """What the detail pane shows (not drawn again when unchanged)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="collection-bar"):
            yield SearchBox(placeholder="/ search: fire kind:merit cost:2-3 owned",
                            id="search", compact=True)
            yield Static("", id="player-label")
        with Horizontal(id="collection-body"):
            with Vertical(id="collection-left"):
                yield Static("", id="list-header")
                yield CardList([20, 6, 3, 18], flex=3, id="cards")
                yield Static("", id="collection-status")
            yield DetailPane(id="card-detail-pane")
        yield Footer(compact=True)

    def prebuilt_screens(self) -> list[Screen[Any]]:
        """The dialogs this screen opens (pack, card), kept between openings: the app builds
        them in idle time so that their first opening only shows them. Record-a-game (opened
        from a character) is asked for here too, until the characters' screen asks for it."""
        from chronicle.systems.wyld_hunt.screens import card_edit, pack, record_game

        players = [p.name for p in self.players]
        return [pack.prebuilt(self, self.catalog, players, self.player),
                card_edit.prebuilt(self), record_game.prebuilt(self)]

    def on_mount(self) -> None:
        import os

        self.query_one(CardList).set_header(self.query_one("#list-header", Static),
                                            ["name", "kind", "own", "values (? unknown)"])
        self.query_one("#collection-status", Static).update("Reading the catalog…")
        self.query_one(CardList).focus()
        if os.environ.get("CHRONICLE_EXIT_AFTER_PAINT") == "1":  # bench/tui.py: first paint
            self.call_after_refresh(self.app.exit, 0)
            return
        self.call_after_refresh(self.load_cards)

    def load_cards(self) -> None:
        """Read the catalog (after the first paint), list it, then ask for the players."""
        import os

        from chronicle.systems.wyld_hunt.services.catalog import load_catalog

        if self.catalog is None:
            self.catalog = load_catalog()
        self.refilter()
        if os.environ.get("CHRONICLE_EXIT_AFTER_PAINT"):  # bench/tui.py: the cards listed
            self.call_after_refresh(self.app.exit, 0)
            return
        self.load_players()
        kept = chronicle_app(self).settings.cards_game
        if kept and kept != GAME:  # the game chosen last time (the app's settings)
            self.call_after_refresh(self.action_other_games, kept)

    def action_other_games(self, choice: str | None = None) -> None:
        """Every installed game's cards (``g``: the next game; the home game is this area)."""
        from chronicle.tui.screens.cards import open_game_cards

        open_game_cards(self, choice)

    # Data ------------------------------------------------------------------------------------

    def show_player(self, name: str) -> None:
        """Show ``name``'s collection (the Players area's enter)."""
        self.player = name
        self.load_players()

    def load_players(self) -> None:
        """Ask the database for the players and the current player's collection."""
        from chronicle.services import players
        from chronicle.systems.wyld_hunt.services import collection

        wanted = self.player

        def work(db: Database) -> Loaded:
            from chronicle.systems.wyld_hunt.services.common import catalog
            from chronicle.systems.wyld_hunt.services.usercards import group_entries

            found = players.list_players(db)
            names = [p.name for p in found]
            chosen = wanted if wanted in names else (names[0] if names else None)
            owned = {}
            if chosen is not None:
                owned = {(o.name.casefold(), o.kind): o.count
                         for o in collection.list_collection(db, chosen)}
            # The group's cards live in the database: once it is open, they join the catalog.
            return found, chosen, owned, catalog() if group_entries() else None

        chronicle_app(self).call_service(work, self.players_loaded, description="Loading players",
                                         group="players", exclusive=True)

    def players_loaded(self, result: Loaded) -> None:
        first_load = not self.loaded
        self.loaded = True
        self.players, self.player, self.owned, layered = result
        if layered is not None:
            self.catalog = layered
        if first_load and not self.players:
            from chronicle.systems.wyld_hunt.screens.first_run import FirstRunScreen

            self.app.push_screen(FirstRunScreen(), self.first_run_choice)
        label = self.query_one("#player-label", Static)
        if self.player is None:
            label.update("no players yet: [b]a[/b] add one, [b]d[/b] demo data")
        else:
            label.update(f"player: [b]{esc(self.player)}[/b] ([b]p[/b] next)")
        self.refilter(keep=True, counts_changed=True)
        if first_load:
            chronicle_app(self).freeze_memory()
        if self.catalog is not None:  # the first keystroke of a search as fast as the next
            self.call_after_refresh(self.catalog.prepare_search)
        if self.demo_loaded:
            self.demo_loaded = False
            names = " and ".join(p.name for p in self.players)
            count = sum(len(characters_of(p)) for p in self.players)
            self.notify(f"{names}, their cards, {count} characters and a first game. "
                        "2: characters · 3: games", title="Demo loaded", timeout=6)

    def first_run_choice(self, choice: str | None) -> None:
        if choice == "demo":
            self.action_demo()
        elif choice == "player":
            self.action_add_player()

    def owned_count(self, card: Card) -> int:
        """Copies of ``card`` the current player owns."""
        return self.owned.get((card.name.casefold(), card.kind.value), 0)

    # Listing -----------------------------------------------------------------------------------

    def refilter(self, keep: bool = False, *, counts_changed: bool = False) -> None:
        """Apply the search box to the catalog and show the result (every row drawn again when
        the owned counts changed: another player, or the first load)."""
        from chronicle.systems.wyld_hunt.query import parse_query
        from chronicle.systems.wyld_hunt.search import select

        if self.catalog is None:
            return
        query = parse_query(self.query_one("#search", Input).value)
        pool = self.catalog.search(query.text) if query.text else list(self.catalog)
        found = select(pool, query.filter).cards
        if query.owned:
            found = [c for c in found if self.owned_count(c) > 0]
        if query.user:
            found = [c for c in found if c.origin is not Origin.BUNDLED]
        if query.missing:
            found = [c for c in found if c.missing()]
        card_list = self.query_one(CardList)
        current = self.current_card() if keep else None
        index = found.index(current) if current is not None and current in found else 0
        same = (len(found) == len(self.shown) and card_list.cursor == index
                and all(a is b for a, b in zip(found, self.shown, strict=True)))
        if not same or counts_changed:  # a keystroke finding the same cards draws nothing
            self.shown = found
            card_list.set_source(len(found), lambda i: self.row(found[i]),
                                 lambda i: bool(found[i].missing()), keep=index)
        status = f"{len(found)} of {len(self.catalog)} cards · g other games"
        if query.missing:
            status += " | complete: " + self.completeness()
        if query.problems:
            status += " | " + "; ".join(query.problems)
        # One line of a fixed size: no layout of the whole screen needed for it.
        line = self.query_one("#collection-status", Static)
        if line.content != (text := plain(status)):
            line.update(text, layout=False)
        self.show_detail()

    def completeness(self) -> str:
        """Per kind, how many cards of the catalog have every value ("merit 20/60, ...")."""
        from chronicle.systems.wyld_hunt.cardgaps import catalog_gaps

        assert self.catalog is not None
        gaps = catalog_gaps(self.catalog)
        return ", ".join(f"{g.kind.value} {g.complete}/{g.total}" for g in gaps.kinds)

    def row(self, card: Card) -> list[str]:
        """The list row of ``card``."""
        from chronicle.systems.wyld_hunt.cards import card_facts
        from chronicle.systems.wyld_hunt.widgets.card_detail import short_facts

        count = self.owned_count(card)
        mark = MARKS[card.origin]
        values = card_facts(card)
        room = self.query_one(CardList).widths[3]
        if len(values) > room:
            values = clip_words(short_facts(card), room)
        return [card.name + (f" ({mark})" if mark else ""), card.kind.value,
                str(count) if count else "", values]

    def current_card(self) -> Card | None:
        """The card under the cursor."""
        return self.query_one(CardList).pick(self.shown)

    def show_detail(self) -> None:
        """Every value of the current card; unknown ones shown as such (nothing before the
        catalog is read)."""
        if self.catalog is None:
            return
        from chronicle.systems.wyld_hunt.widgets.card_detail import describe_card

        card = self.current_card()
        shown = ("No card matches the search." if card is None else
                 describe_card(card, self.owned_count(card), self.player))
        # After each search the list says its cursor moved: the same detail is not drawn a
        # second time for one keystroke. The pane keeps its size whatever the card's height:
        # showing another card draws the pane alone, without a layout of the screen.
        if shown != self.detail_shown:
            self.detail_shown = shown
            self.query_one("#card-detail-pane", DetailPane).show(shown)

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_edit_card()

    # Actions -----------------------------------------------------------------------------------

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_list(self) -> None:
        self.query_one(CardList).focus()

    def action_scroll_detail(self, lines: int) -> None:
        """Scroll the card's details (taller than the window at 80x24 for some cards)."""
        self.query_one("#card-detail-pane", DetailPane).scroll_relative(y=lines, animate=False)

    def action_count(self, delta: int) -> None:
        """Add or remove one copy of the current card for the current player."""
        from chronicle.systems.wyld_hunt.services.collection import add_cards_by_card

        card = self.current_card()
        if card is None:
            return
        if self.player is None:
            self.notify("Add a player first (a).", severity="warning")
            return
        if delta < 0 and self.owned_count(card) == 0:
            self.notify(f"{self.player} owns no {card.name}.", severity="warning")
            return
        player = self.player
        key = (card.name, card.kind.value)

        def work(db: Database) -> Recorded:
            return add_cards_by_card(db, player, {key: delta}, GAME)

        chronicle_app(self).call_service(work, self.count_changed, description="Changing the count")

    def count_changed(self, result: Recorded) -> None:
        for name, kind, count in result.counts:
            self.owned[(name.casefold(), kind)] = count
        card_list = self.query_one(CardList)
        for index, card in enumerate(self.shown):
            if any(card.name == name and card.kind.value == kind
                   for name, kind, _c in result.counts):
                card_list.refresh_line(index)
        self.show_detail()

    def action_next_player(self) -> None:
        if not self.players:
            self.notify("No players yet: press a to add one, or d for the demo data.")
            return
        names = [p.name for p in self.players]
        position = names.index(self.player) if self.player in names else -1
        self.player = names[(position + 1) % len(names)]
        self.load_players()

    def action_open_pack(self) -> None:
        from chronicle.systems.wyld_hunt.screens.pack import PackScreen

        if self.catalog is None or not self.players:
            self.notify("Add a player first (a).", severity="warning")
            return
        PackScreen.show(self.app, self.catalog, [p.name for p in self.players], self.player,
                        self.pack_done)

    def pack_done(self, result: Recorded | None) -> None:
        if result is None:
            return
        note = " ".join(f"{w.message}" for w in result.warnings)
        self.notify(f"Recorded {sum(1 for _ in result.counts)} card(s) for {result.player}."
                    + (f"\n{note}" if note else ""), severity="warning" if note else
                    "information")
        self.player = result.player
        self.load_players()

    def action_edit_card(self) -> None:
        from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen

        card = self.current_card()
        if card is not None:
            CardEditScreen.show(self.app, card, self.card_saved)

    def action_new_card(self) -> None:
        """Create a card; after a search that found nothing, its words are the new name."""
        from chronicle.systems.wyld_hunt.query import parse_query
        from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen

        query = parse_query(self.query_one("#search", Input).value)
        name = query.text if query.text and not self.shown else ""
        kind = query.filter.kind if name else None
        CardEditScreen.show(self.app, None, self.card_saved, name=name,
                            kind=str(kind) if kind else None)

    def card_saved(self, card: Card | None) -> None:
        from chronicle.systems.wyld_hunt.services.common import catalog

        if card is None:
            return
        self.catalog = catalog()
        self.notify(f"Saved {card.name} among the group's cards.")
        self.refilter()
        if card in self.shown:
            self.query_one(CardList).cursor = self.shown.index(card)

    def action_add_player(self) -> None:
        """Ask for a new player's name; the dialog stays open until the name is accepted."""
        from chronicle.services.players import add_player
        from chronicle.tui.screens.name_dialog import NameDialog

        self.app.push_screen(NameDialog("Add a player", "Name", add_player,
                                        description="Adding a player"), self.player_added)

    def player_added(self, info: PlayerInfo | None) -> None:
        if info is None:
            return
        self.notify(f"Added {info.name}.")
        self.player = info.name
        self.load_players()

    def action_demo(self) -> None:
        from chronicle.systems.wyld_hunt.services.demo import DemoResult, run_demo

        if self.players:
            self.notify("The demo fills an empty database only.", severity="warning")
            return

        def done(_result: DemoResult) -> None:
            self.demo_loaded = True
            self.load_players()

        self.query_one("#player-label", Static).update("loading the demo…")
        chronicle_app(self).call_service(run_demo, done, description="Loading the demo")

    def action_import_csv(self) -> None:
        """Import a collection CSV (card,set,count) into the current player's collection."""
        from chronicle.tui.screens.prompt import PromptScreen

        if self.player is None:
            self.notify("Add a player first (a).", severity="warning")
            return
        self.app.push_screen(PromptScreen(f"Import a collection CSV for {self.player}",
                                          "Path of the CSV file (card,set,count)"),
                             self.import_path)

    def import_path(self, text: str | None) -> None:
        from pathlib import Path

        from chronicle.systems.wyld_hunt.services.csvio import ImportResult, import_collection_csv

        if not text or self.player is None:
            return
        player, path = self.player, Path(text).expanduser()
        cards = self.query_one(CardList)

        def work(db: Database) -> ImportResult:
            return import_collection_csv(db, player, path)

        def done(result: ImportResult) -> None:
            cards.loading = False
            self.notify(str(result).splitlines()[0], title="Collection imported")
            self.load_players()

        def failed(_exc: Exception) -> None:
            cards.loading = False

        cards.loading = True
        chronicle_app(self).call_service(work, done, description="Importing the CSV",
                                         failed=failed)

    def action_export_csv(self) -> None:
        """Write the current player's collection as CSV to the exports folder."""
        from chronicle.export.safefiles import safe_name
        from chronicle.services.textfiles import write_atomically
        from chronicle.systems.wyld_hunt.services.csvio import export_collection_csv
        from chronicle.tui.screens.exporting import exports_folder

        if self.player is None:
            self.notify("Add a player first (a).", severity="warning")
            return
        player = self.player

        def work(db: Database) -> str:
            path = exports_folder() / f"{safe_name(player, 'player')}-collection.csv"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, export_collection_csv(db, player))
            return str(path)

        def done(path: str) -> None:
            self.notify(f"Wrote {path}", title="Collection exported")

        chronicle_app(self).call_service(work, done, description="Exporting the collection")

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("Import a collection CSV", "card,set,count into the current "
                            "player's collection (i)", self.action_import_csv)
        yield SystemCommand("Export the collection as CSV", "The current player's cards, to "
                            "exports/ (x)", self.action_export_csv)
        yield SystemCommand("Open a pack", "Record a Character or Story Pack (o)",
                            self.action_open_pack)
        yield SystemCommand("New card", "Create a card from the physical card (n)",
                            self.action_new_card)
        yield SystemCommand("Fill in card values", "Edit the card under the cursor (e)",
                            self.action_edit_card)
        yield SystemCommand("Add a player", "A new member of the play group (a)",
                            self.action_add_player)
        yield SystemCommand("Next player", "Show another player's collection (p)",
                            self.action_next_player)
        yield SystemCommand("Load the demo data", "The rulebook's example, into an empty "
                            "database (d)", self.action_demo)
