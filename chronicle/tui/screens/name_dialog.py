"""A one-line dialog that saves what is typed through a service and stays open, saying what is
wrong in the dialog itself, until the service accepts it (an empty name, a 10,000-character
paste, a name already taken). Returns the service's result, or None when cancelled.

The limits are the shared ones (``chronicle.domain.limits``, which the services apply too): the
app never has a second, different idea of a valid name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import esc, plain

if TYPE_CHECKING:
    from chronicle.services.db import Database


class NameDialog(ModalScreen[Any]):
    """Ask for a name and save it with ``save(db, text)``; stay open while it is refused."""

    DEFAULT_CSS = """
    NameDialog #name-error { color: $error; height: auto; }
    NameDialog #name-error.ok { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, label: str, save: Callable[[Database, str], Any], *,
                 value: str = "", description: str = "Saving") -> None:
        super().__init__()
        self.title_text = title
        self.label = label
        self.save = save
        self.value = value
        self.description = description
        self.saving = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"[b]{esc(self.title_text)}[/b]")
            yield Label(plain(self.label))
            yield Input(value=self.value, id="name-input")
            yield Static("enter saves · escape cancels", id="name-error", classes="ok")

    def on_mount(self) -> None:
        self.query_one("#name-input", Input).focus()

    def problem(self, text: str) -> None:
        """Say what is wrong, keep the dialog and the text as typed."""
        error = self.query_one("#name-error", Static)
        error.remove_class("ok")
        error.update(plain(text))
        self.query_one("#name-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from chronicle.domain.limits import name_problem
        from chronicle.errors import ChronicleError
        from chronicle.tui.messages import error_message

        text = event.value.strip()
        if not text:
            self.problem("Type a name first (or escape to cancel).")
            return
        wrong = name_problem(text, "a name")
        if wrong:
            self.problem(f"Not saved: {wrong}.")
            return
        if self.saving:
            return
        save = self.save

        def work(db: Database) -> Any:
            return save(db, text)

        def failed(exc: Exception) -> None:
            self.saving = False
            shown = text if len(text) <= 40 else f"{text[:37]}…"
            self.problem(f"{shown!r} was not saved: {error_message(exc)}")

        self.saving = True
        def done(result: Any) -> None:
            self.dismiss(result)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description=self.description,
                                         quiet=(ChronicleError,))

    def action_cancel(self) -> None:
        self.dismiss(None)
