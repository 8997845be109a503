"""The offline copy's conflicts in the app (palette: "Sync conflicts"): the entries a
``chronicle db sync`` could not merge into the group's database, each with the rule it breaks
(code, message, rulebook section). ``d`` drops the highlighted one (it is forgotten: said
first, then done), ``a`` applies it where the rules allow a correction (a value both sides
changed: the copy's value goes to the group at the next sync), ``r`` reloads. A history's
entry is rewritten on the command line (``chronicle db conflicts FILE --rewrite ID ...``).
Every text is shown as text, never markup. On a database that is not an offline copy the
list is empty and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.services.sync import ConflictView


class SyncConflictsScreen(Screen[None]):
    """The conflicts an offline copy keeps, to drop or apply."""

    TITLE = "Sync conflicts"
    DEFAULT_CSS = """
    #sc-list { height: 1fr; }
    #sc-status { height: auto; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "resolve('drop')", "Drop"),
        Binding("a", "resolve('apply')", "Apply"),
        Binding("r", "reload", "Reload"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.found: list[ConflictView] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(id="sc-list")
        yield Static(id="sc-status")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        from chronicle.services.sync import conflicts_in

        def done(found: list[ConflictView]) -> None:
            self.show(found)

        chronicle_app(self).call_service(conflicts_in, done, description="Reading conflicts",
                                         group="sync-conflicts", exclusive=True)

    def show(self, found: list[ConflictView]) -> None:
        listing = self.query_one("#sc-list", OptionList)
        kept = listing.highlighted
        self.found = found
        listing.clear_options()
        for c in found:
            line = plain(f"{c.id}. {c.subject}: {c.message} ({c.code}"
                         + (f"; {c.section}" if c.section else "") + ")"
                         + (" [rewritten]" if c.state == "retry" else ""))
            listing.add_option(Option(line, id=str(c.id)))
        if found:
            listing.highlighted = min(kept or 0, len(found) - 1)
        self.query_one("#sc-status", Static).update(plain(
            f"{len(found)} conflict(s): d drops, a applies (a value both sides changed)"
            if found else "No conflicts: this database keeps none (an offline copy keeps "
                          "what a sync could not merge)."))

    def action_resolve(self, how: str) -> None:
        from chronicle.services.sync import resolve_in

        listing = self.query_one("#sc-list", OptionList)
        if listing.highlighted is None or not self.found:
            return
        number = self.found[listing.highlighted].id

        def work(db: Database) -> str:
            return resolve_in(db, number, how)

        def done(said: str) -> None:
            self.notify(said, markup=False)
            self.action_reload()

        chronicle_app(self).call_service(work, done, description="Resolving a conflict")
