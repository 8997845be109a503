"""Start a battle force: its name, the player, the army list and the agreed point limit.

Returns the stored force's view, or None when cancelled. The army list and the player are
checked by the services when saving; what they refuse is shown in the dialog and nothing is
written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.tui.text import plain

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.service import ForceView


class NewForceScreen(ModalScreen["ForceView | None"]):
    """The four values of a new battle force."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, army: str | None = None) -> None:
        super().__init__()
        self.army = army

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("[b]New battle force[/b]")
            yield Input(placeholder="name, like Iron Vanguard", id="nf-name")
            yield Input(placeholder="player", id="nf-player")
            yield Input(value=self.army or "", placeholder="army list", id="nf-army")
            yield Input(value="500", placeholder="point limit", id="nf-limit", type="integer")
            yield Static("", id="nf-problem")
            yield Label("[dim]enter in the last field to save, escape to cancel[/dim]")

    def on_mount(self) -> None:
        self.query_one("#nf-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id != "nf-limit":
            self.focus_next()
            return
        values = {key: self.query_one(f"#nf-{key}", Input).value.strip()
                  for key in ("name", "player", "army", "limit")}
        missing = [key for key, value in values.items() if not value]
        if missing:
            self.query_one("#nf-problem", Static).update(
                plain(f"fill in: {', '.join(missing)}"))
            return

        def work(db: Database) -> ForceView:
            from chronicle.systems.tales_of_arcadia.service import new_force

            return new_force(db, values["player"], values["name"], values["army"],
                             int(values["limit"]))

        app: Any = self.app
        app.call_service(work, self.dismiss, description="Start the force",
                         failed=lambda exc: self.query_one("#nf-problem", Static).update(
                             plain(str(exc))))

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["NewForceScreen"]
