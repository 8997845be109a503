"""The games screen (mode "games"): every game with its status, players and whether its setup
keeps the rules; enter opens a prepared game's preparation (a played game's recorded result),
n creates a game, r records a result, e renames it, delete deletes a prepared game (a played one
is archived, after saying what it holds) and u brings back an archived game.

The list loads from the database in a worker each time the screen comes back into view, so a
game prepared or played on another screen shows its new state at once; what did not change is
not drawn again. The preparation screen is built once and opened again for each game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from chronicle.tui.screens.base import chronicle_app, kept_row
from chronicle.tui.text import esc
from chronicle.tui.widgets.card_list import CardList, show_text
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.games import GameView


PREP, RESULT = "wyld-hunt-game-prep", "wyld-hunt-game-result"
"""The names the app keeps the preparation and result screens under."""


def rules_cell(game: GameView) -> str:
    """``valid`` or the number of rule errors of a game's setup."""
    errors = len(game.report.errors)
    if not errors:
        return "valid"
    return f"{errors} error" + ("" if errors == 1 else "s")


def players_cell(game: GameView) -> str:
    """The seated players, marked solo for a solo game."""
    names = ", ".join(seat.player for seat in game.seats)
    return f"solo: {names}" if game.solo else names


def seat_lines(game: GameView) -> list[str]:
    """One line of markup per seat: character, target, quests, and the cards chosen (W, T,
    L) or the quests completed."""
    entries: dict[str, dict[str, Any]] = {
        str(p.get("name")): p for p in game.report.summary.get("players", [])}
    lines = []
    for seat in game.seats:
        entry = entries.get(seat.player, {})
        who = esc(seat.player) + (f" · {esc(seat.character)}" if seat.character else "")
        target = entry.get("target")
        if target and not game.solo:
            who += f" → {esc(str(target))}"
        line = f"[b]{who}[/b]: {esc(', '.join(seat.quests) or 'no quest yet')}"
        if game.status == "played":
            done = ", ".join(seat.completed or []) or "none"
            line += f" [dim]· completed: {esc(done)}[/dim]"
        else:
            line += (f" [dim]· {len(seat.waylays)}W {len(seat.treasures)}T "
                     f"{len(seat.leagues)}L[/dim]")
        lines.append(line)
    return lines


class GameList(CardList):
    """The list of games; enter opens one (shown in the footer)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Open")]


class GamesScreen(Screen[None]):
    """Every game: open one to prepare it or to see its result."""

    TITLE = "Games"
    DEFAULT_CSS = """
    GamesScreen #games-header { height: 1; color: $text-muted; text-style: bold; padding: 0 1; }
    GamesScreen #games { height: 1fr; padding: 0 1; }
    GamesScreen #game-detail {
        height: auto; max-height: 8; padding: 0 1; border-top: solid $panel;
    }
    GamesScreen #games-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("r", "result", "Result"),
        Binding("p", "play", "Play"),
        Binding("e", "rename", "Rename", show=False),
        Binding("delete", "delete", "Delete", key_display="del"),
        Binding("u", "restore", "Bring back archived", show=False),
        Binding("f5", "reload", "Reload", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameView] = []
        self.loaded = False
        self.listed: tuple[object, ...] = ()
        """The rows, greyed rows and cursor the list shows (not drawn again when the same)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("", id="games-header")
            yield GameList([24, 9, 24, 12], flex=2, id="games")
            yield Static("", id="game-detail")
            yield Static("Loading games…", id="games-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(CardList).focus()

    def prebuilt_screens(self) -> list[Screen[Any]]:
        """The preparation and result screens, kept between openings: the app builds them
        (blank) in idle time, so that opening the first game only fills and shows one."""
        from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
        from chronicle.systems.wyld_hunt.screens.game_result import GameResultScreen
        from chronicle.tui.screens.base import kept_screen

        return [kept_screen(self, PREP, GamePrepScreen, lambda: GamePrepScreen(""))[0],
                kept_screen(self, RESULT, GameResultScreen, lambda: GameResultScreen(""))[0]]

    def on_screen_resume(self) -> None:
        self.action_reload()

    def prebuilt(self) -> None:
        """Built in idle time (``ChronicleApp._prebuild``): load once, so the first showing
        only refreshes."""
        self.action_reload()

    # Data ------------------------------------------------------------------------------------

    def action_reload(self) -> None:
        """Load every game from the database."""
        from chronicle.systems.wyld_hunt.services.games import list_games

        def work(db: Database) -> list[GameView]:
            return list_games(db)

        chronicle_app(self).call_service(work, self.games_loaded, description="Loading games",
                                         group="games", exclusive=True)

    def games_loaded(self, games: list[GameView]) -> None:
        if not self.is_attached:  # closed while the worker ran
            return
        current = self.current_game()
        self.games = games
        self.loaded = True
        names = [g.name for g in games]
        keep = kept_row(names, current.name if current is not None else None,
                        self.query_one(CardList).cursor)
        rows = [[g.name, g.status, players_cell(g), rules_cell(g)] for g in games]
        dim = {i for i, g in enumerate(games) if g.status == "played"}
        card_list = self.query_one(CardList)
        if self.listed != (rows, dim, keep) or card_list.cursor != keep:
            self.listed = (rows, dim, keep)
            card_list.set_rows(list(rows), dim=dim, keep=keep)
        card_list.set_header(self.query_one("#games-header", Static),
                             ["game", "status", "players", "rules"])
        status = self.query_one("#games-status", Static)
        if games:
            played = sum(1 for g in games if g.status == "played")
            show_text(status, f"{len(games)} game(s), {played} played · enter opens, n creates, "
                      "r records a result")
        else:
            show_text(status, "No games yet: press n to create one (players come from Cards: 1).")
        self.show_detail()

    def current_game(self) -> GameView | None:
        """The game under the cursor."""
        return self.query_one(CardList).pick(self.games)

    def show_detail(self) -> None:
        """The seats of the game under the cursor."""
        game = self.current_game()
        detail = self.query_one("#game-detail", Static)
        if game is None:
            show_text(detail, "")
            return
        show_text(detail, "\n".join(seat_lines(game)) or "[dim]nobody is seated[/dim]")

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.show_detail()

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_open()

    # Actions -----------------------------------------------------------------------------------

    def action_open(self) -> None:
        """Prepare the current game, or show its result when it has been played."""
        game = self.current_game()
        if game is None:
            self.notify("No game yet: press n to create one.")
            return
        if game.status == "played":
            self.open_result(game.name, game)
        else:
            self.open_prep(game.name)

    def open_prep(self, name: str) -> None:
        """Show the preparation screen of game ``name`` (built once, opened again)."""
        from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
        from chronicle.tui.screens.dialog import show_kept

        show_kept(self.app, PREP, GamePrepScreen, lambda: GamePrepScreen(name),
                  lambda screen: screen.reopen(name))

    def open_result(self, name: str, view: GameView | None = None) -> None:
        """Show the result screen of game ``name`` (built once, opened again); ``view``: the
        game as this screen read it."""
        from chronicle.systems.wyld_hunt.screens.game_result import GameResultScreen
        from chronicle.tui.screens.dialog import show_kept

        show_kept(self.app, RESULT, GameResultScreen,
                  lambda: GameResultScreen(name, view), lambda screen: screen.reopen(name, view))

    def action_result(self) -> None:
        """Record (or show) the result of the current game."""
        game = self.current_game()
        if game is None:
            self.notify("No game yet: press n to create one.")
            return
        self.open_result(game.name, game)

    def action_play(self) -> None:
        """Play the current game Day by Day (``chronicle play``)."""
        from chronicle.systems.wyld_hunt.screens.play import PlayScreen

        game = self.current_game()
        if game is None:
            self.notify("No game yet: press n to create one.")
            return
        self.app.push_screen(PlayScreen(game.name))

    def action_new_game(self) -> None:
        """Ask for a new game's name, seats and solo play."""
        from chronicle.systems.wyld_hunt.screens.new_game import NewGameScreen

        self.app.push_screen(NewGameScreen(), self.game_created)

    def game_created(self, name: str | None) -> None:
        if name is None:
            return
        self.notify(f"Created {name}: choose each player's quests and cards.")
        self.open_prep(name)

    # Mending mistakes --------------------------------------------------------------------------

    def action_rename(self) -> None:
        """Rename the game under the cursor (the dialog stays open while the name is
        refused)."""
        from chronicle.systems.wyld_hunt.services.chroniclemending import rename_game
        from chronicle.tui.screens.name_dialog import NameDialog

        game = self.current_game()
        if game is None:
            self.notify("No game yet: press n to create one.")
            return
        old, version = game.name, game.version

        def save(db: Database, new: str) -> GameView:
            return rename_game(db, old, new, expected_version=version)

        def renamed(view: GameView | None) -> None:
            if view is not None:
                self.notify(f"{old} is now called {view.name}.")
                self.action_reload()

        self.app.push_screen(NameDialog(f"Rename {old}", "New name", save, value=old,
                                        description="Renaming the game"), renamed)

    def action_delete(self) -> None:
        """Delete the game under the cursor: a prepared game goes for good, a played one is
        archived (the characters' chronicles keep it)."""
        from chronicle.services.playermending import Removal
        from chronicle.systems.wyld_hunt.services.chroniclemending import (
            delete_game,
            plan_game_delete,
        )
        from chronicle.tui.mendflows import remove, removed_message

        game = self.current_game()
        if game is None:
            return
        name, version = game.name, game.version

        def done(plan: Removal) -> None:
            self.notify(removed_message(plan))
            self.action_reload()

        remove(self, "the game", lambda db: plan_game_delete(db, name),
               lambda db, action: delete_game(db, name, expected=action,
                                              expected_version=version), done)

    def action_restore(self) -> None:
        """Pick an archived game and bring it back into the list."""
        from chronicle.systems.wyld_hunt.services.chroniclemending import restore_game
        from chronicle.systems.wyld_hunt.services.games import list_games
        from chronicle.tui.mendflows import pick_archived

        def load(db: Database) -> list[tuple[str, str]]:
            return [(f"{g.name} ({players_cell(g)})", g.name)
                    for g in list_games(db, archived=True)]

        def restore(db: Database, name: str) -> GameView:
            return restore_game(db, name)

        def done(view: GameView) -> None:
            self.notify(f"{view.name} is back in the games.")
            self.action_reload()

        pick_archived(self, "games", load, restore, done)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this screen."""
        yield SystemCommand("New game", "Seat players and their characters (n)",
                            self.action_new_game)
        yield SystemCommand("Open game", "Prepare the game under the cursor, or see its result "
                            "(enter)", self.action_open)
        yield SystemCommand("Record result", "Who completed which quests, in every chronicle "
                            "(r)", self.action_result)
        yield SystemCommand("Rename the game", "Change the name of the game under the cursor "
                            "(e)", self.action_rename)
        yield SystemCommand("Delete the game", "Delete a prepared game, or archive a played "
                            "one (del)", self.action_delete)
        yield SystemCommand("Bring back an archived game", "Restore a played game that was "
                            "archived (u)", self.action_restore)
        yield SystemCommand("Reload games", "Read the games from the database again (f5)",
                            self.action_reload)
