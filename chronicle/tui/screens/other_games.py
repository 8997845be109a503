"""The other games screen (mode "other", key 5): every installed game system besides the one
the other areas serve, from the registry. A game that names a ``"main"`` screen opens it with
enter (the screen's module is imported only then); a game without screens is listed as
"command line only", with the commands that reach it.

The list is the registry's plain data: listing the games imports each one's small ``plugin``
module, never its rules, services or screens. Built in idle time after the first paint, the
screen then loads ahead, in a thread, each game's main screen and what it names in its
``PREFETCH`` (its services, its dialogs), and has each game's main screen built (hidden, its
data loaded), so that the first opening of a game only shows it, and the first opening of one
of its forms only builds it (bench/tui.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from chronicle.tui.screens.record_browser import listed, show_item
from chronicle.tui.text import plain
from chronicle.tui.widgets.card_list import CardList

if TYPE_CHECKING:
    from rich.text import Text

    from chronicle.systems.protocol import GameSystem

MAIN = "main"
"""The screen a game names for the app to open."""


def installed_games() -> tuple[list[GameSystem], dict[str, str]]:
    """The installed game systems but the registry's default game (areas 1 to 4 are its),
    and the registrations that cannot be loaded (by key, with why)."""
    from chronicle.systems import registry

    found = [one for one in registry.systems() if registry.home() not in one.keys]
    return found, registry.broken()


def how_cell(system: GameSystem) -> str:
    """``open`` for a game with a main screen, else ``command line only``."""
    return "open" if MAIN in system.screens else "command line only"


def commands_cell(system: GameSystem) -> str:
    """The game's own commands: ``chronicle force, battle``, else its file check."""
    words = [group.name for group in system.commands]
    if words:
        return "chronicle " + ", ".join(words)
    return "chronicle check FILE" if system.file_kinds else ""


def prefetch() -> None:
    """Import each installed game's main screen and the modules it names in ``PREFETCH``
    (nothing is shown: a game that cannot be loaded says so when it is opened)."""
    import importlib

    from chronicle.systems.protocol import load_name

    try:
        games, _broken = installed_games()
    except Exception:  # said by the list's own reading
        return
    for game in games:
        name = game.screens.get(MAIN)
        try:
            screen = load_name(name) if name is not None else None
            for module in getattr(screen, "PREFETCH", ()):
                importlib.import_module(module)
        except Exception:  # said when the game is opened
            continue


class GameSystemList(CardList):
    """The other games; enter opens the highlighted one's screen."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Open")]


def game_text(game: GameSystem) -> Text:
    """The highlighted game: its editions, the records it keeps, its commands and files."""
    text = plain(game.label, "bold")
    editions = [e.label for e in game.editions if e.key != game.key]
    if editions:
        text.append(f"\nEditions: {', '.join(editions)}")
    if game.records:
        text.append(f"\nKeeps: {', '.join(kind.label for kind in game.records)}")
    for group in game.commands:
        text.append(f"\n  chronicle {group.name}: {group.help}")
    if game.file_kinds:
        text.append("\n  chronicle check FILE: "
                    + ", ".join(kind.name for kind in game.file_kinds) + " files")
    return text


class OtherGamesScreen(Screen[None]):
    """The installed sister games, each opened in its own screen."""

    TITLE = "Other games"
    DEFAULT_CSS = """
    OtherGamesScreen #other-header { height: 1; color: $text-muted; text-style: bold;
                                     padding: 0 1; }
    OtherGamesScreen #other-games { height: 1fr; padding: 0 1; }
    OtherGamesScreen #other-detail { height: auto; max-height: 8; padding: 0 1;
                                     border-top: solid $panel; }
    OtherGamesScreen #other-status { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "reload", "Reload", show=False),
        Binding("c", "new_card", "New card"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameSystem] = []
        self.built: dict[str, Screen[Any]] = {}
        """Each game's main screen built in idle time (``prebuilt_screens``), by the game's
        key, until its opening shows it."""
        self.opened: set[str] = set()
        """The games whose screen was opened since this screen was last shown: each gets a
        new one built in idle time when this screen shows again (``on_screen_resume``)."""

    def compose(self) -> ComposeResult:
        return listed("other", GameSystemList([20, 17, 24], flex=2, id="other-games"),
                      "Looking for the installed games…")

    def on_mount(self) -> None:
        self.query_one(GameSystemList).start(self.query_one("#other-header", Static),
                                             ("game", "in the app", "commands"))
        self.action_reload()

    def prebuilt(self) -> None:
        """Built in idle time (``ChronicleApp._prebuild``): load ahead, in a thread, what the
        games' screens need at their first opening."""
        self.run_worker(prefetch, thread=True, group="other-games-prefetch",
                        exit_on_error=False, description="Loading the other games")

    def prebuilt_screens(self) -> list[Screen[Any]]:
        """Each game's main screen, built in idle time (``ChronicleApp._prebuild``) so that
        its first opening only shows it. A game whose screen cannot be made is left to say so
        when it is opened."""
        self.make_screens(self.games)
        return list(self.built.values())

    def make_screens(self, games: list[GameSystem]) -> list[Screen[Any]]:
        """A new main screen for each of ``games`` that has none waiting (``built``): the
        screens made."""
        from chronicle.systems.protocol import load_name

        made: list[Screen[Any]] = []
        for game in games:
            name = game.screens.get(MAIN)
            if name is None or game.key in self.built:
                continue
            try:
                self.built[game.key] = screen = load_name(name)()
            except Exception:  # said when the game is opened
                continue
            made.append(screen)
        return made

    def on_screen_resume(self) -> None:
        """Shown again (a game's screen closed): each game opened meanwhile gets a new screen
        built in idle time, so that its next opening, too, only shows it (the screen reads its
        data when shown, as on every opening)."""
        from chronicle.tui.prebuild import again

        opened = [game for game in self.games if game.key in self.opened]
        self.opened.clear()
        if opened and getattr(self.app, "prebuilds", False):
            again(self.app, self.make_screens(opened))

    def action_reload(self) -> None:
        """Read the installed games again (in a thread: reading the entry points waits on
        the disk)."""
        self.run_worker(self._read, thread=True, group="other-games", exclusive=True,
                        exit_on_error=False)

    def _read(self) -> None:
        try:
            found, broken = installed_games()
        except Exception as exc:  # a broken installation is a message, never a crash
            self.app.call_from_thread(self.notify, f"The installed games cannot be read: "
                                      f"{type(exc).__name__}: {exc}", severity="error")
            return
        self.app.call_from_thread(self.loaded, found, broken)

    def loaded(self, games: list[GameSystem], broken: dict[str, str]) -> None:
        if not self.is_attached:
            return
        from chronicle.tui.screens.base import kept_row

        listing = self.query_one(GameSystemList)
        current = self.current()
        keep = kept_row([one.key for one in games], current.key if current else None,
                        listing.cursor)
        self.games = games
        listing.set_rows(
            [[one.label, how_cell(one), commands_cell(one)] for one in games],
            dim={index for index, one in enumerate(games) if MAIN not in one.screens}, keep=keep)
        status = self.query_one("#other-status", Static)
        if games:
            status.update(f"{len(games)} other game(s) installed · enter opens one · c enters "
                          "a card")
        else:
            status.update("No other game is installed: a game installed as a Python package "
                          "shows here.")
        for why in broken.values():
            self.notify(why, title="A game cannot be loaded", severity="warning", timeout=10)
        self.show_detail()

    def current(self) -> GameSystem | None:
        """The game under the cursor."""
        return self.query_one(GameSystemList).pick(self.games)

    def show_detail(self) -> None:
        show_item(self.query_one("#other-detail", Static), self.current(), game_text)

    def on_card_list_highlighted(self, _event: CardList.Highlighted) -> None:
        self.show_detail()

    def on_card_list_selected(self, _event: CardList.Selected) -> None:
        self.action_open()

    def action_open(self) -> None:
        """Open the highlighted game's main screen (imported now)."""
        from chronicle.systems.protocol import load_name

        game = self.current()
        if game is None:
            return
        name = game.screens.get(MAIN)
        if name is None:
            self.notify(f"{game.label} has no screen in the app yet: use "
                        f"{commands_cell(game) or 'the command line'}.",
                        title="Command line only", timeout=8)
            return
        built = self.built.pop(game.key, None)
        self.opened.add(game.key)
        try:
            screen: Screen[Any] = built if built is not None else load_name(name)()
        except Exception as exc:  # a broken game must not take the app down
            self.notify(f"{type(exc).__name__}: {exc}", title=f"{game.label} cannot be opened",
                        severity="error", timeout=12)
            return
        self.app.push_screen(screen)

    def action_new_card(self) -> None:
        """Enter a card of the highlighted game (the form its card schema makes)."""
        from chronicle.tui.screens.card_form import CardFormScreen

        game = self.current()
        if game is None or game.card_schema is None:
            return
        self.app.push_screen(CardFormScreen(game), self.card_saved)

    def card_saved(self, entered: Any) -> None:
        """Say what the card form saved."""
        from chronicle.tui.screens.card_form import say_saved

        say_saved(self, entered)

    def commands(self) -> Iterable[SystemCommand]:
        """Palette commands: open each game that has a screen."""
        for game in self.games:
            if MAIN in game.screens:
                yield SystemCommand(f"Open {game.label}", "Its own screen (5, enter)",
                                    lambda game=game: self._open(game))

    def _open(self, game: GameSystem) -> None:
        if game in self.games:
            self.query_one(GameSystemList).cursor = self.games.index(game)
        self.action_open()
