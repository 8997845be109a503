"""What the app's form dialogs share (record a game, spend experience, a new character, and any
game's like them): a labelled field row, the save and cancel buttons, and saving once through
a service call. The dialog closes with what the services return; a refusal is said by the app
and leaves the dialog open with everything as typed, the message shown in the dialog, beside
the field it is about (``FormDialog.problem``). Escape (or the cancel button) closes it with
nothing.

Opening a dialog quickly: ``show_kept`` builds a dialog once per app and installs it, so the next
opening only refills it (Textual styles and draws each new widget at 1-3 ms apiece);
``compact`` gives a widget Textual's compact look without Textual styling it before it is
mounted (a widget made with ``compact=True`` is styled on the spot, once per widget, and again
when mounted).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from chronicle.tui.screens.base import chronicle_app, kept_screen

if TYPE_CHECKING:
    from textual.app import App
    from textual.widgets import Input, OptionList, Select, SelectionList

    from chronicle.services.db import Database

T = TypeVar("T")
W = TypeVar("W", bound="Input | Select[Any] | Button | SelectionList[Any] | OptionList")
S = TypeVar("S", bound="Screen[Any]")
"""A kept screen: a dialog, or a full screen opened again and again (the game preparation)."""

COMPACT = "-textual-compact"
"""The class Textual's ``compact`` reactive toggles (Textual 8: Input, Select, Button,
SelectionList, OptionList); tests/tui/test_dialogs_kept.py checks it still does."""


def compact(widget: W) -> W:
    """``widget`` (made without ``compact=True``) in Textual's compact style, as if made with it,
    but without the restyle Textual runs when the ``compact`` reactive is set."""
    widget.set_reactive(type(widget).compact, True)
    widget.add_class(COMPACT, update=False)
    return widget


def show_kept(app: App[Any], key: str, kind: type[S], build: Callable[[], S],
              refill: Callable[[S], None], callback: Callable[[Any], None] | None = None) -> S:
    """Show the dialog kept in ``app`` under ``key`` (``base.kept_screen``), refilled by
    ``refill``; the first time (or while the kept one is on a stack) the one ``build`` makes.
    ``callback`` gets the dialog's result as with ``App.push_screen``."""
    screen, new = kept_screen(app, key, kind, build)
    if not new:
        refill(screen)
    app.push_screen(screen, callback)
    return screen


PROBLEM = "field-problem"
"""The class of the line saying what is wrong, under the field it is about."""


def problem_line(screen: Screen[Any], text: str, near: Widget | None = None) -> Static | None:
    """Say ``text`` (plain, never markup) in ``screen`` on a line under the form row holding
    ``near`` (under the last field row when ``near`` is None or in no row, else at the end of
    the screen), in place of the line said before; an empty ``text`` only clears it. Focuses
    ``near`` so the value can be corrected where it is, as typed. Returns the line shown."""
    from chronicle.tui.text import plain

    for old in list(screen.query(f".{PROBLEM}")):
        old.remove()
    if not text:
        return None
    line = Static(plain(text, "bold"), classes=PROBLEM)  # its looks: app.tcss
    row: Widget | None = near
    while row is not None and not row.has_class("field"):
        parent = row.parent
        row = parent if isinstance(parent, Widget) and parent is not screen else None
    if row is None:
        rows = list(screen.query(".field"))
        row = rows[-1] if rows else None
    while (row is not None and isinstance(row.parent, Widget) and row.parent is not screen
           and getattr(row.parent.styles.layout, "name", "") == "horizontal"):
        row = row.parent  # rows side by side: the line goes under them all
    if row is not None and isinstance(row.parent, Widget) and row.parent is not screen:
        row.parent.mount(line, after=row)
    else:
        screen.mount(line)
    if near is not None and near.focusable:
        near.focus()
    return line


def field(label: str, widget: Widget, *, label_width: int | None = None) -> Horizontal:
    """One row of a form: its label (plain text; ``label_width`` cells wide when given), then
    the widget."""
    name = Label(label, classes="field-label", markup=False)
    if label_width is not None:
        name.set_styles(f"width: {label_width};")
    return Horizontal(name, widget, classes="field")


def buttons(save: str, *, save_id: str = "save", disabled: bool = False) -> Horizontal:
    """The primary button (``save`` its label, with its key) and "Cancel (esc)"."""
    return Horizontal(compact(Button(save, id=save_id, variant="primary", disabled=disabled)),
                      compact(Button("Cancel (esc)", id="cancel")), classes="buttons")


def save_or_cancel(screen: Any, event: Button.Pressed,
                   save: Callable[[], None] | None = None) -> None:
    """A form's buttons: "cancel" closes it (``action_cancel``), the other saves (``save``,
    else ``action_save``)."""
    if event.button.id == "cancel":
        screen.action_cancel()
    else:
        (save or screen.action_save)()


class FormDialog(ModalScreen[T | None], Generic[T]):
    """A dialog that saves once through the services and closes with the result."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()
        self.saving = False
        """True while the save runs: pressing save again does nothing."""

    def save_with(self, work: Callable[[Database], T], description: str, *,
                  near: Widget | None = None) -> None:
        """Run ``work`` in a worker (unless a save already runs); close the dialog with its
        result, or keep it open as it is when the services refuse, the refusal said in the
        dialog under the field ``near`` (``problem``) as well as by the app."""
        if self.saving:
            return

        def done(result: T) -> None:
            self.saving = False
            self.dismiss(result)

        def failed(exc: Exception) -> None:
            from chronicle.errors import ChronicleError
            from chronicle.tui.messages import error_message

            self.saving = False
            if isinstance(exc, ChronicleError):
                self.problem(f"Not saved: {error_message(exc)}", near)

        self.saving = True
        chronicle_app(self).call_service(work, done, failed=failed, description=description)

    def problem(self, text: str, near: Widget | None = None) -> None:
        """Say what is wrong in the dialog, under the field ``near`` (focused, its value kept
        as typed); an empty ``text`` clears it."""
        problem_line(self, text, near)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        save_or_cancel(self, event)

    def action_save(self) -> None:
        """Check what was typed and save it (with ``save_with``)."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
