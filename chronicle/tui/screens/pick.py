"""A short pick list in a dialog: returns the value chosen, or None when cancelled."""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from chronicle.tui.text import esc, plain

T = TypeVar("T")


class PickScreen(ModalScreen["T | None"], Generic[T]):
    """Choose one of a few values (names shown as written, never as markup)."""

    DEFAULT_CSS = """
    PickScreen OptionList { height: auto; max-height: 12; border: none; padding: 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, hint: str, choices: list[tuple[str, T]],
                 current: T | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.hint = hint
        self.choices = choices
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"[b]{esc(self.title_text)}[/b]")
            yield Label(plain(self.hint), classes="hint")
            yield OptionList(*[Option(plain(label), id=f"o{i}")
                               for i, (label, _v) in enumerate(self.choices)])

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        values = [value for _l, value in self.choices]
        listing.highlighted = values.index(self.current) if self.current in values else 0
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)
