"""The application: modes (collection, characters, games), global keys, the command palette,
themes, and running service calls in thread workers so the screen never freezes.

Screens never touch the database themselves: they ask ``call_service`` to run a function of
``chronicle.services`` in a worker and get its result (or a readable error) back on the UI
thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

if TYPE_CHECKING:
    from textual.worker import Worker

    from chronicle.services.db import Database

T = TypeVar("T")


def _screen(module: str, name: str) -> Screen[Any]:
    """Import a screen only when its mode is first entered."""
    import importlib

    screen: Screen[Any] = getattr(importlib.import_module(f"chronicle.tui.screens.{module}"),
                                  name)()
    return screen


class ChronicleApp(App[int]):
    """Arcadia Chronicle."""

    TITLE = "Arcadia Chronicle"
    CSS_PATH = "app.tcss"
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {
        "collection": lambda: _screen("collection", "CollectionScreen"),
        "characters": lambda: _screen("characters", "CharactersScreen"),
        "games": lambda: _screen("games", "GamesScreen"),
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "switch_mode('collection')", "Cards", show=True),
        Binding("2", "switch_mode('characters')", "Chars", show=True),
        Binding("3", "switch_mode('games')", "Games", show=True),
        Binding("question_mark,f1", "help", "Help", show=True, key_display="?"),
        Binding("ctrl+t", "toggle_dark", "Theme", show=False),
        Binding("ctrl+q", "quit", "Quit", show=True, priority=True),
    ]

    def __init__(self, db_url: str | None = None, *, database: Database | None = None) -> None:
        super().__init__()
        self.db_url = db_url
        self._database = database
        self.theme = os.environ.get("CHRONICLE_THEME", "textual-dark")

    def on_mount(self) -> None:
        self.switch_mode("collection")

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
        left to ``failed`` alone. Never shows a traceback."""

        def job() -> None:
            try:
                result = work(self.database())
            except Exception as exc:  # every error becomes a message in the app
                if isinstance(exc, quiet) and failed is not None:
                    self.call_from_thread(failed, exc)
                else:
                    self.call_from_thread(self._service_failed, exc, description, failed)
                return
            self.call_from_thread(done, result)

        return self.run_worker(job, thread=True, group=group, exclusive=exclusive,
                               description=description, exit_on_error=False)

    def _service_failed(self, exc: Exception, description: str,
                        failed: Callable[[Exception], None] | None) -> None:
        from chronicle.errors import ChronicleError, Refused

        if isinstance(exc, Refused):
            fixes = [f"fix: {v.fix}" for v in exc.report.violations if v.fix][:3]
            lines = [str(exc), *fixes]
            self.notify("\n".join(lines), title=f"{description}: refused", severity="error",
                        timeout=12)
        elif isinstance(exc, ChronicleError):
            self.notify(str(exc), title=f"{description}: not possible", severity="error",
                        timeout=10)
        else:
            self.notify(f"{type(exc).__name__}: {exc}\nNothing was saved. Please report it.",
                        title=f"{description}: internal error", severity="error", timeout=15)
        if failed is not None:
            failed(exc)

    # Actions -----------------------------------------------------------------------------------

    def action_help(self) -> None:
        """Show the help screen."""
        from chronicle.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_toggle_dark(self) -> None:
        """Switch between the light and the dark theme."""
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Cards", "The catalog and your collection (1)",
                            lambda: self.switch_mode("collection"))
        yield SystemCommand("Characters", "Characters, builder and chronicles (2)",
                            lambda: self.switch_mode("characters"))
        yield SystemCommand("Games", "Prepare and record games (3)",
                            lambda: self.switch_mode("games"))
        yield SystemCommand("Help", "Keys and how things work (?)", self.action_help)
        yield SystemCommand("Light or dark theme", "Toggle the theme (ctrl+t)",
                            self.action_toggle_dark)
        commands = getattr(screen, "commands", None)
        if callable(commands):
            yield from commands()
