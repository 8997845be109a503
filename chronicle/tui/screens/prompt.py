"""A one-line question: returns the typed text, or None when cancelled. Given a ``check``, a
bad value keeps the prompt open with the text as typed and says what is wrong under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.tui.text import esc, plain

HINT = "enter to confirm, escape to cancel"


class PromptScreen(ModalScreen[str | None]):
    """Ask for one value; with ``check`` (the typed text, stripped, to what is wrong with it
    or None), only a good value closes the prompt."""

    DEFAULT_CSS = """
    PromptScreen #prompt-problem { color: $text-muted; height: auto; }
    PromptScreen #prompt-problem.wrong { color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, label: str, value: str = "", *,
                 check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.label = label
        self.value = value
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"[b]{esc(self.title_text)}[/b]")
            yield Label(plain(self.label))
            yield Input(value=self.value, id="prompt-input")
            yield Static(HINT, id="prompt-problem", markup=False)

    def problem(self, text: str) -> None:
        """Say what is wrong under the field (plain text), keep the prompt and the text as
        typed, the field focused to correct it."""
        line = self.query_one("#prompt-problem", Static)
        line.update(plain(text) if text else HINT)
        line.set_class(bool(text), "wrong")
        self.query_one("#prompt-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        wrong = self.check(text) if self.check is not None and text else None
        if wrong:
            self.problem(wrong)
            return
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
