"""What the app's form dialogs share (record a game, spend experience, a new character, and any
game's like them): a labelled field row, the save and cancel buttons, and saving once through
a service call. The dialog closes with what the services return; a refusal is said by the app
and leaves the dialog open with everything as typed. Escape (or the cancel button) closes it
with nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from chronicle.tui.screens.base import chronicle_app

if TYPE_CHECKING:
    from textual.widget import Widget

    from chronicle.services.db import Database

T = TypeVar("T")


def field(label: str, widget: Widget) -> Horizontal:
    """One row of a form: its label (plain text), then the widget."""
    return Horizontal(Label(label, classes="field-label", markup=False), widget,
                      classes="field")


def buttons(save: str, *, save_id: str = "save", disabled: bool = False) -> Horizontal:
    """The primary button (``save`` its label, with its key) and "Cancel (esc)"."""
    return Horizontal(Button(save, id=save_id, variant="primary", compact=True,
                             disabled=disabled),
                      Button("Cancel (esc)", id="cancel", compact=True), classes="buttons")


class FormDialog(ModalScreen[T | None], Generic[T]):
    """A dialog that saves once through the services and closes with the result."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()
        self.saving = False
        """True while the save runs: pressing save again does nothing."""

    def save_with(self, work: Callable[[Database], T], description: str) -> None:
        """Run ``work`` in a worker (unless a save already runs); close the dialog with its
        result, or keep it open as it is when the services refuse."""
        if self.saving:
            return

        def done(result: T) -> None:
            self.dismiss(result)

        def failed(_exc: Exception) -> None:
            self.saving = False

        self.saving = True
        chronicle_app(self).call_service(work, done, failed=failed, description=description)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.action_cancel()
        else:
            self.action_save()

    def action_save(self) -> None:
        """Check what was typed and save it (with ``save_with``)."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
