"""The group's Tales of Arcadia battles in a dialog, newest first, undone ones greyed: ``u``
undoes the highlighted battle after a confirmation (as Wyld Hunt's ``u`` does: the battle stays
in the history, marked undone, and the standings no longer count it), ``g`` records one,
escape goes back. Dismisses with True when something changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from chronicle.errors import ChronicleError
from chronicle.systems.tales_of_arcadia.screens.fields import said
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.service import BattleEntry, ForceView

WIDTHS = [3, 10, 20, 4, 10]
"""A battle: its number, date, sides (they take what is left), limit, result."""
TITLES = ["#", "date", "sides", "pts", "result"]


def cells(entry: BattleEntry) -> list[str]:
    """The cells of one battle."""
    battle = entry.battle
    sides = " v ".join(side.player + (f" ({side.force})" if side.force else "")
                       for side in battle.sides)
    result = "undone" if entry.undone else (f"{battle.winner} won" if battle.winner
                                            else "a draw")
    return [str(entry.number), battle.date.isoformat(), clean(sides), str(battle.limit),
            clean(result)]


class BattlesScreen(ModalScreen[bool]):
    """The group's battles: undo one (asks first), record one."""

    DEFAULT_CSS = """
    BattlesScreen .toa-header { height: 1; color: $text-muted; text-style: bold; }
    BattlesScreen #bt-list { height: 10; }
    BattlesScreen #bt-status { height: auto; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("u", "undo", "Undo"),
        Binding("g", "record", "Battle"),
    ]

    def __init__(self, view: ForceView | None = None) -> None:
        super().__init__()
        self.view = view
        self.battles: list[BattleEntry] = []
        self.changed = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("[b]The group's battles[/b] (newest first)")
            yield Static("", id="bt-header", classes="toa-header")
            yield CardList(WIDTHS, flex=2, id="bt-list")
            yield Static("Loading the battles…", id="bt-status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#bt-list", CardList).start(self.query_one("#bt-header", Static), TITLES)
        self.reload()

    def reload(self) -> None:
        """Read the battles again (undone ones too)."""
        def work(db: Database) -> list[BattleEntry]:
            from chronicle.systems.tales_of_arcadia.service import list_battles

            return list_battles(db, undone=True)

        chronicle_app(self).call_service(work, self.show, description="List the battles",
                                         failed=self.refused, quiet=(ChronicleError,))

    def show(self, battles: list[BattleEntry]) -> None:
        """Show ``battles``, newest first, keeping the cursor."""
        listing = self.query_one("#bt-list", CardList)
        keep = listing.cursor
        self.battles = list(reversed(battles))
        listing.set_rows([cells(entry) for entry in self.battles],
                         dim={i for i, entry in enumerate(self.battles) if entry.undone},
                         keep=keep)
        standing = len([entry for entry in battles if not entry.undone])
        self.query_one("#bt-status", Static).update(plain(
            f"{standing} battle(s) stand, {len(battles) - standing} undone · u undoes one "
            "(asks first) · g records one"
            if battles else "No battles recorded yet: g records one"))

    def refused(self, exc: Exception) -> None:
        """Say a refusal in the app's terms."""
        self.query_one("#bt-status", Static).update(plain(said(exc)))

    def action_undo(self) -> None:
        """Undo the highlighted battle, after a confirmation."""
        from chronicle.systems.tales_of_arcadia.screens.columns import battle_label
        from chronicle.tui.screens.confirm import ConfirmScreen

        index = self.query_one("#bt-list", CardList).cursor
        if not 0 <= index < len(self.battles):
            self.notify("No battle to undo: g records one.", severity="warning")
            return
        entry = self.battles[index]
        if entry.undone:
            self.notify(f"Battle #{entry.number} is undone already.", severity="warning")
            return

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return

            def work(db: Database) -> BattleEntry:
                from chronicle.systems.tales_of_arcadia.service import undo_battle

                return undo_battle(db, entry.number)

            def done(undone: BattleEntry) -> None:
                self.changed = True
                self.notify(f"Undid battle #{undone.number}; it stays in the history.")
                self.reload()

            chronicle_app(self).call_service(work, done, description="Undoing the battle",
                                             failed=self.refused, quiet=(ChronicleError,))

        self.app.push_screen(ConfirmScreen(
            f"Undo battle #{entry.number}?",
            f"{battle_label(entry)}. It stays in the history, marked undone; the standings "
            "no longer count it."), confirmed)

    def action_record(self) -> None:
        """Record a battle (the force shown in the builder as the first side)."""
        from chronicle.systems.tales_of_arcadia.screens.battle_form import BattleFormScreen

        def recorded(entry: BattleEntry | None) -> None:
            if entry is not None:
                self.changed = True
                self.reload()

        self.app.push_screen(BattleFormScreen(self.view), recorded)

    def action_close(self) -> None:
        self.dismiss(self.changed)


__all__ = ["BattlesScreen"]
