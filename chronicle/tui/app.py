"""The application: its areas (modes) from the installed systems, global keys, the command
palette, themes kept in the user's settings, and running service calls in thread workers so
the screen never freezes.

The areas are the home system's (the registry's default game: ``areas`` in its
``GameSystem``, Cards, Characters and Games for Wyld Hunt), then the app's own Players and
Other games; each takes the next number key (``chronicle.tui.areas``). Only the home system's
small ``plugin`` module is read to build them: an area's screen is imported when the area is
first shown, so the app paints before the database stack (or any other game) loads.

Screens never touch the database themselves: they ask ``call_service`` to run a function of
``chronicle.services`` in a worker and get its result (or a readable error) back on the UI
thread. Notifications never parse markup: whatever a message quotes (a name, a filter, a
path) is shown as written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, Hit, Hits
from textual.screen import ModalScreen, Screen
from textual.system_commands import SystemCommandsProvider
from textual.widget import AwaitMount

from chronicle.tui.areas import (  # the areas, re-exported
    AppArea,
    app_areas,
    area_bindings,
    home_system,
    with_areas,
)
from chronicle.tui.keys import KeyHandled, KeyOrder, ordered
from chronicle.tui.memory import Collector
from chronicle.tui.prebuild import GROUP as PREBUILD
from chronicle.tui.screens.base import kept_screen
from chronicle.tui.speed import background_screens
from chronicle.tui.speed import install as install_speed
from chronicle.tui.text import clean

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.theme import Theme
    from textual.worker import Worker

    from chronicle.services.db import Database

T = TypeVar("T")

TYPING_GAP = 0.09
"""Seconds: letters closer together than this are a word being typed (people press command
keys further apart; typists type faster)."""

SEARCH_WORDS = {
    "print": "pdf paper sheet export",
    "export": "save write file",
    "import": "load read file open",
    "theme": "dark light colour color",
    "player": "people group member friend",
    "new": "create add make",
    "add": "create new",
    "delete": "remove erase",
    "rename": "name change",
    "archive": "restore undelete unarchive bring back",
    "spend": "experience xp buy",
    "record": "save played result",
    "undo": "revert back cancel",
    "help": "keys manual",
    "suggest": "suggestion auto deck",
}
"""Words people type in the palette that a command's title may not contain, by title word."""


GUIDES = (
    ("Print a sheet (PDF)", "pdf",
     "Sheets are printed where their record is shown: a character's view (2, enter, then p) "
     "or a sister game's screen (5, enter on the game, then p)."),
    ("Undo", "undo",
     "Undo is where the record is: a character's view (2, enter, then u) or a sister game's "
     "screen (5, enter on the game); each asks before it acts."),
)
"""The palette's examples in the help ("pdf", "undo"): on a screen without a command of its
own for them, the palette still finds one, saying where to go."""


def _screen(name: str) -> Screen[Any]:
    """Import an area's screen only when the area is first entered."""
    from textual._context import active_app

    from chronicle.systems.protocol import load_name

    screen: Screen[Any] = load_name(name)()
    # Textual 8.2.8 (to report upstream): a mode's screen starts with ``_css_update_count``
    # -1, ``switch_mode`` re-parses the stylesheet and restyles every widget of the app when
    # the count differs from the app's, and records the count only when the screen is mounted
    # at that moment, which it never is on its first visit: so the first AND second visit of
    # every area paid a full restyle. A screen built now is styled from the current stylesheet
    # when it mounts: it is up to date (a theme changed later still invalidates it).
    screen._css_update_count = active_app.get()._css_update_count
    return screen


def is_text_field(widget: object) -> bool:
    """Whether ``widget`` is a text field (an ``Input`` or a ``TextArea``). Textual's text area
    is imported only if some screen uses it: importing it to ask took tens of milliseconds
    on the first key pressed."""
    import sys

    from textual.widgets import Input

    area = sys.modules.get("textual.widgets._text_area")
    return isinstance(widget, Input) or (area is not None and isinstance(widget, area.TextArea))


def search_words(title: str, help_text: str) -> str:
    """Everything a command can be found by: its title, its help and the words people use for
    it (``pdf`` finds "Print the character sheet")."""
    extra = [words for key, words in SEARCH_WORDS.items() if key in title.casefold()]
    return " ".join([title, help_text, *extra]).casefold()


class ChronicleCommands(SystemCommandsProvider):
    """The app's commands: matched on their titles first, then on their help and the words
    people type for them."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        words = query.casefold().split()
        for title, help_text, callback, *_ in self.app.get_system_commands(self.screen):
            score = matcher.match(title)
            if score <= 0 and words and all(w in search_words(title, help_text)
                                            for w in words):
                score = 0.5
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


def _unless_cancelled(worker: Worker[None], done: Callable[[T], None], result: T) -> None:
    """``done(result)``, unless ``worker`` was cancelled meanwhile (``call_service``)."""
    if not worker.is_cancelled:
        done(result)
    import sys  # the damaged records a list left out (``services.damage``), said here

    damage = sys.modules.get("chronicle.services.damage")
    for text, _left_out in damage.said() if damage is not None else ():
        worker.node.app.notify(text, title="damaged record", severity="warning", timeout=12)


class ChronicleApp(App[int]):
    """Arcadia Chronicle."""

    steers_textual: ClassVar[bool] = True
    """Skip Textual's needless work (``chronicle.tui.speed``)."""

    TITLE = "Arcadia Chronicle"
    CSS_PATH = "app.tcss"
    COMMANDS: ClassVar[set[Any]] = {ChronicleCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        # the area keys (1, 2, ...) come first, from the installed systems (``area_bindings``)
        Binding("question_mark,f1", "help", "Help", show=True, key_display="?"),
        Binding("ctrl+t", "toggle_dark", "Theme", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, db_url: str | None = None, *, database: Database | None = None) -> None:
        from chronicle.tui.settings import load_settings

        super().__init__()
        self.db_url = db_url
        self.home = home_system()
        self.areas = app_areas(self.home)
        """The areas in key order (1, 2, ...)."""
        install_speed()
        self.memory = Collector()
        """The app's garbage collection (``chronicle.tui.memory``)."""
        self.prebuild_set: bool | None = None
        """Overrides ``prebuilds`` (the bench and the tests of pre-building set it)."""
        self._built: dict[str, Screen[Any]] = {}
        self.focus_changes = 0
        """How often the terminal's focus came or went (``speed.style_state``)."""
        for area in self.areas:
            self.add_mode(area.mode, partial(self._area_screen, area))
        self._bindings = with_areas(self._bindings, area_bindings(self.areas))
        self._database = database
        self.settings = load_settings()
        self.typing_gap_set: float | None = None
        """Overrides ``typing_gap`` (tests of the guard set it)."""
        self._last_letter: tuple[str, float] = ("", 0.0)
        self._burst = False
        self._burst_said = False
        self.keys = KeyOrder(self, super().on_event)
        """The keys typed, handed on in order (``chronicle.tui.keys``)."""
        wanted = os.environ.get("CHRONICLE_THEME") or self.settings.theme
        self.theme = wanted if wanted in self.available_themes else "textual-dark"

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.switch_mode(self.areas[0].mode)
        if self.prebuilds:
            self.call_after_refresh(self.run_worker, self._prebuild(), group=PREBUILD,
                                    description="Building the areas", exit_on_error=False)

    # Speed -------------------------------------------------------------------------------------

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """Textual's screens drawn under the top one: none under an opaque one (``speed``)."""
        return background_screens(self, lambda: App._background_screens.fget(self))  # type: ignore[attr-defined]

    def watch_app_focus(self, _focus: bool) -> None:
        self.focus_changes += 1

    @property
    def prebuilds(self) -> bool:
        """Whether the areas' screens are built in idle time after the first paint: always,
        except in headless runs (tests) unless ``prebuild_set``, and in a run that ends at
        its first paint (``CHRONICLE_EXIT_AFTER_PAINT``, bench/tui.py's cold start: what comes
        after the first paint is no part of it)."""
        if self.prebuild_set is not None:
            return self.prebuild_set
        return not self.is_headless and not os.environ.get("CHRONICLE_EXIT_AFTER_PAINT")

    def _area_screen(self, area: AppArea) -> Screen[Any]:
        """The screen of ``area`` when it is first entered: built already, or now."""
        built = self._built.pop(area.mode, None)
        return built if built is not None else _screen(area.screen)

    async def _prebuild(self) -> None:
        """Build, one by one while the app has nothing else to do (no other worker running),
        the areas' screens, then what each area's screen asks for (its ``prebuilt_screens()``:
        the screens and dialogs it opens, kept between openings), so that a first visit or
        opening only shows them (``chronicle.tui.prebuild``: a key pressed meanwhile is
        answered between two widgets). A screen built may warm what its first showing needs in
        its ``prebuilt()`` (load its data once: the modules its services import are then
        loaded too); the next is built when that work is done."""
        from chronicle.tui.prebuild import build_all

        if not await build_all(self, [partial(self._keep_built, area)
                                      for area in self.areas[1:] if area.prebuilt]):
            return
        for area in self.areas:
            stack = self._screen_stacks.get(area.mode)
            more = getattr(stack[0] if stack else self._built.get(area.mode),
                           "prebuilt_screens", None)
            extras: list[Screen[Any]] = list(more()) if callable(more) else []
            if not await build_all(self, [partial(lambda one: one, extra) for extra in extras]):
                return
        if not await build_all(self, [partial(lambda one: one, own)
                                      for own in self.prebuilt_screens()]):
            return
        self.freeze_memory()  # the screens just built live as long as the app too

    def _keep_built(self, area: AppArea) -> Screen[Any] | None:
        """A new screen for ``area``, shown when the area is first entered (None when it was
        entered or built already)."""
        if area.mode in self._screen_stacks or area.mode in self._built:
            return None
        self._built[area.mode] = screen = _screen(area.screen)
        return screen

    def switch_mode(self, mode: str) -> AwaitMount:
        """Textual's ``App.switch_mode`` (8.2.8), without restyling every widget of the screen
        shown again: its styles are kept up to date while it is hidden (a class or state change
        restyles at once; a new theme is caught by the stylesheet count below). Restyling a
        whole screen was a third of the time of going back to an area (bench/tui.py). A mode
        entered for the first time gets one ``ScreenResume`` (Textual sent two: its screen
        loaded its data twice)."""
        from textual import events
        from textual.app import UnknownModeError

        if mode == self._current_mode:
            return AwaitMount(self.screen, [])
        if mode not in self._modes:
            raise UnknownModeError(f"No known mode {mode!r}")
        self.delay_update()
        self.screen.post_message(events.ScreenSuspend())
        self.screen.refresh()
        fresh = mode not in self._screen_stacks
        await_mount = self._init_mode(mode) if fresh else AwaitMount(self.screen, [])
        self._current_mode = mode
        if self.screen._css_update_count != self._css_update_count:
            self.refresh_css()
        self.mode_change_signal.publish(mode)
        self.screen_change_signal.publish(self.screen)
        self.screen._screen_resized(self.size)
        if not fresh:  # a new mode's screen has its resume from ``_init_mode`` already
            self.screen.post_message(events.ScreenResume(refresh_styles=False))
        return await_mount

    def freeze_memory(self) -> None:
        """Put what is alive now (the catalog's thousands of cards, the first screen) out of
        the garbage collector's sight: they live as long as the app, and each full collection
        walked all of them, a pause of 200 ms or more at random moments (a keystroke, a
        switch) with 10,000 cards; full collections then wait for the user to pause
        (``chronicle.tui.memory``). Called after the first load, and again when the screens
        built in idle time (and the search's prepared index) are done."""
        if self.memory.thresholds is None:
            self.set_interval(1.0, self.memory.at_rest, name="collect at rest")
        self.memory.freeze()

    async def on_event(self, event: events.Event) -> None:
        """Textual's, noting the user's input (full collections wait for a pause), with keys
        and pastes handed on one at a time, in the order typed (``chronicle.tui.keys``)."""
        if isinstance(event, events.InputEvent):
            self.memory.input_seen()
        if ordered(event):
            await self.keys.arrived(event)
        else:
            await super().on_event(event)

    async def on_key_handled(self, marker: KeyHandled) -> None:
        """A key's marker came back up: the next key typed goes on (``chronicle.tui.keys``)."""
        marker.stop()
        await self.keys.back(marker)

    def on_unmount(self) -> None:
        """Put the garbage collector's thresholds back (tests run many apps in one process)."""
        self.memory.restore()

    def _theme_changed(self, theme: Theme) -> None:
        """Keep the theme chosen (ctrl+t or the palette) for the next start."""
        from chronicle.tui.settings import save_settings

        if theme.name != self.settings.theme:
            self.settings.theme = theme.name
            if not save_settings(self.settings):
                self.notify("The theme applies now but could not be saved for next time.",
                            severity="warning")

    # Text is data ------------------------------------------------------------------------------

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Show a notification; its text is never parsed as markup (``markup`` is ignored),
        so a name like ``Sam [/x]`` is shown as typed."""
        super().notify(clean(message, lines=True), title=clean(title), severity=severity,
                       timeout=timeout, markup=False)

    def action_command_palette(self) -> None:
        """Show the command palette: kept between openings and guarded
        (``chronicle.tui.palette``)."""
        from chronicle.tui.palette import kept_palette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(kept_palette(self))

    def search_themes(self) -> None:
        """The theme picker, in the guarded palette."""
        from textual.theme import ThemeProvider

        from chronicle.tui.palette import SafeCommandPalette

        self.push_screen(SafeCommandPalette(providers=[ThemeProvider],
                                            placeholder="Search for themes…"))

    @property
    def typing_gap(self) -> float:
        """Letters closer together than this (seconds) are typing, not keys; off in headless
        runs (Pilot presses keys faster than anyone types) unless ``typing_gap_set``."""
        if self.typing_gap_set is not None:
            return self.typing_gap_set
        return 0.0 if self.is_headless else TYPING_GAP

    def action_help_quit(self) -> None:
        """ctrl+c outside a text field: say how to quit (plain text)."""
        self.notify("Press ctrl+q to quit the app.", title="Do you want to quit?")

    # Typing is not a key sequence ----------------------------------------------------------------

    async def _check_bindings(self, key: str, priority: bool = False) -> bool:
        """Letters typed at typing speed outside a text field are a word typed by mistake, not
        commands: after the first, each letter that follows another within ``typing_gap``
        seconds is ignored (a key held down, like j j j, still repeats)."""
        if priority:
            self._burst = self._typing(key)
            if self._burst and not self._burst_said:
                self._burst_said = True
                self.notify("Typed text is ignored here: letters are keys on this screen. "
                            "Focus a text field first (tab).", severity="warning", timeout=4)
        elif self._burst:
            return False
        return await super()._check_bindings(key, priority)

    def _typing(self, key: str) -> bool:
        """True when ``key`` is a letter following another letter within ``typing_gap``."""
        from time import monotonic

        now = monotonic()
        last, when = self._last_letter
        letter = len(key) == 1 and key.isalpha()
        self._last_letter = (key if letter else "", now if letter else 0.0)
        if not letter or not last or key == last:
            if not letter or now - when >= self.typing_gap:
                self._burst_said = False
            return False
        if is_text_field(self.focused):
            return False
        return now - when < self.typing_gap

    # The database ------------------------------------------------------------------------------

    def database(self) -> Database:
        """The open database (opened on first use; call only from a worker thread)."""
        if self._database is None:
            from chronicle.services.db import open_database

            self._database = open_database(self.db_url)
        return self._database

    def call_service(self, work: Callable[[Database], T], done: Callable[[T], None], *,
                     description: str, failed: Callable[[Exception], None] | None = None,
                     group: str = "db", exclusive: bool = False,
                     quiet: tuple[type[Exception], ...] = ()) -> Worker[None]:
        """Run ``work(database)`` in a thread worker; call ``done(result)`` on the UI thread, or
        show the error (and call ``failed``) when it raises. Errors of the ``quiet`` types are
        left to ``failed`` alone. Never shows a traceback.

        An ``exclusive`` call cancels the running ones of its ``group``; a thread cannot be
        stopped, so a cancelled call's result is dropped on the UI thread instead (where the
        cancelling happens): a reload started before a change was saved never shows its stale
        result over the one started after."""
        from textual.worker import get_current_worker

        def job() -> None:
            worker = get_current_worker()
            try:
                result = work(self.database())
            except Exception as exc:  # every error becomes a message in the app
                if isinstance(exc, quiet) and failed is not None:
                    self.call_from_thread(failed, exc)
                else:
                    self.call_from_thread(self._service_failed, exc, description, failed)
                return
            self.call_from_thread(_unless_cancelled, worker, done, result)

        return self.run_worker(job, thread=True, group=group, exclusive=exclusive,
                               description=description, exit_on_error=False)

    def _service_failed(self, exc: Exception, description: str,
                        failed: Callable[[Exception], None] | None) -> None:
        from chronicle.errors import ChronicleError
        from chronicle.tui.messages import error_message

        if isinstance(exc, ChronicleError):
            self.notify(error_message(exc), title=f"{description}: not possible",
                        severity="error", timeout=12)
        else:
            self.notify(f"{type(exc).__name__}: {exc}\nNothing was saved. Please report it.",
                        title=f"{description}: internal error", severity="error", timeout=15)
        if failed is not None:
            failed(exc)

    # Actions -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The area keys (1 to 5) wait while a dialog is open, so a digit typed there is
        never taken as a change of area."""
        return not (action == "open_mode" and isinstance(self.screen, ModalScreen))

    def action_statistics(self) -> None:
        """Open the Statistics screen (its module, and Textual's sparkline, imported now)."""
        from chronicle.tui.screens.statistics import StatisticsScreen

        self.push_screen(StatisticsScreen())

    def action_sync_conflicts(self) -> None:
        """Open the offline copy's conflicts (``chronicle db sync``)."""
        from chronicle.tui.screens.sync_conflicts import SyncConflictsScreen

        self.push_screen(SyncConflictsScreen())

    def action_collections(self) -> None:
        """Open every game's collections (the game kept from last time)."""
        from chronicle.tui.screens.game_collection import open_game_collection

        open_game_collection(self.screen)

    def action_open_mode(self, mode: str) -> None:
        """Show an area at its list: ``2`` always opens the Characters list, not the last
        character opened."""
        if self.current_mode != mode:
            self.switch_mode(mode)
            self.call_after_refresh(self._to_list, mode)
        else:
            self._to_list(mode)

    def _to_list(self, mode: str) -> None:
        """Leave the screens opened over ``mode``'s list (never a dialog)."""
        while (self.current_mode == mode and len(self.screen_stack) > 1
               and not isinstance(self.screen, ModalScreen)):
            self.pop_screen()

    def show_player(self, name: str) -> None:
        """Show ``name``'s things in the area that shows one player (Players' enter)."""
        area = next((area for area in self.areas if area.shows_player), None)
        if area is None:
            self.notify("No installed game shows a player's cards.", severity="warning")
            return
        self.switch_mode(area.mode)

        def show() -> None:
            shown = getattr(self.screen, "show_player", None)
            if callable(shown):
                shown(name)

        self.call_after_refresh(show)

    def help_parts(self) -> tuple[tuple[tuple[str, str], ...], str, str]:
        """What the help's general part says of the areas: their (mode, title) in key order,
        the home system's own help, and the title of the area showing a player."""
        from chronicle.systems.protocol import load_name

        home = ""
        if self.home is not None and self.home.home.help is not None:
            home = str(load_name(self.home.home.help))
        shown = next((area.title for area in self.areas if area.shows_player), "")
        return tuple((area.mode, area.title) for area in self.areas), home, shown

    def action_help(self) -> None:
        """Show the help screen, the current screen's keys first."""
        from chronicle.tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        over = self.screen
        kept, new = kept_screen(self, "help", HelpScreen, partial(HelpScreen, over))
        if not new:
            kept.show_keys(over)
        self.push_screen(kept)

    def prebuilt_screens(self) -> list[Screen[Any]]:
        """The app's own dialogs built in idle time (the help and the command palette, kept
        between openings; with the keys and commands of the screen shown now, over which they
        are most likely first opened)."""
        from chronicle.tui.palette import prebuilt_palette
        from chronicle.tui.screens.help import HelpScreen

        return [kept_screen(self, "help", HelpScreen, partial(HelpScreen, self.screen))[0],
                *prebuilt_palette(self)]

    def action_toggle_dark(self) -> None:
        """Switch between the light and the dark theme."""
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for number, area in enumerate(self.areas, 1):
            yield SystemCommand(area.title, f"{area.summary} ({number})",
                                partial(self.action_open_mode, area.mode))
        yield SystemCommand("Help", "Keys and how things work (?)", self.action_help)
        yield SystemCommand("Statistics", "Every game's numbers and charts",
                            self.action_statistics)
        yield SystemCommand("Collections", "Every game's collections: a player's copies of "
                            "any game's cards", self.action_collections)
        yield SystemCommand("Sync conflicts", "An offline copy's entries a sync could not "
                            "merge: drop or apply them", self.action_sync_conflicts)
        yield SystemCommand("Light or dark theme", "Toggle the theme (ctrl+t)",
                            self.action_toggle_dark)
        commands = getattr(screen, "commands", None)
        own = list(commands()) if callable(commands) else []
        yield from own
        found = [search_words(command.title, command.help) for command in own]
        for title, word, where in GUIDES:
            if not any(word in words for words in found):
                yield SystemCommand(title, where, partial(self.notify, where, title=title))


__all__ = ["AppArea", "ChronicleApp", "ChronicleCommands", "app_areas", "area_bindings",
           "home_system", "search_words", "with_areas"]
