"""A one-line question: returns the typed text, or None when cancelled."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from chronicle.tui.text import esc, plain


class PromptScreen(ModalScreen[str | None]):
    """Ask for one value."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, label: str, value: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.label = label
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"[b]{esc(self.title_text)}[/b]")
            yield Label(plain(self.label))
            yield Input(value=self.value, id="prompt-input")
            yield Label("[dim]enter to confirm, escape to cancel[/dim]")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
