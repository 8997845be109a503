"""What the Hunters of Arcfall dialogs share (a new game, a bounty drawn): labelled fields, each
with its message shown right under it, and saving through the game's service. A bad value
never closes a dialog nor loses what was typed: the field keeps its text, says what is wrong
and takes the focus again; a refusal by the service is said beside the field it concerns
(else under the fields). ``enter`` moves to the next field and saves on the last, ``ctrl+s``
saves from anywhere, ``escape`` cancels. Every text shown is plain text, never markup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain

if TYPE_CHECKING:
    from chronicle.services.db import Database

T = TypeVar("T")


class Field:
    """One field of a dialog: its key (``#hoa-KEY``), label, first value and placeholder."""

    def __init__(self, key: str, label: str, value: str = "", placeholder: str = "") -> None:
        self.key, self.label, self.value, self.placeholder = key, label, value, placeholder


class FieldInput(Input):
    """A field that can take the focus back without its text being selected (Textual selects
    a field's text when it gets the focus, so the next key typed would replace it)."""

    kept: str | None = None
    """How the next focus leaves the text: ``end`` (the cursor after it) or ``all``."""

    def refocus(self, *, select: bool = False) -> None:
        """Take the focus, the cursor after the text (``select``: the text selected)."""
        self.kept = "all" if select else "end"
        if self.has_focus:
            self.keep_text()
        else:
            self.focus()

    def on_focus(self) -> None:
        """Textual's own focus handling selects the text after this handler (the class's
        handler runs before its base's): the text is set as ``refocus`` asked after both."""
        if self.kept is not None:
            self.call_later(self.keep_text)

    def keep_text(self) -> None:
        """The text as ``refocus`` asked: the cursor after it, or all of it selected."""
        if self.kept == "all":
            self.select_all()
        elif self.kept == "end":
            self.cursor_position = len(self.value)
        self.kept = None


class FieldsDialog(ModalScreen[T | None], Generic[T]):
    """A dialog of labelled fields; subclasses give ``FIELDS`` (or ``fields()``), the title and
    ``action_save``."""

    AUTO_FOCUS = "Input"
    """Textual focuses the first focusable widget as the form is composed, before its
    ``on_mount`` picks the field: the form's scrolling container, and giving or taking a
    container's focus restyles every widget inside it (twice a form's fields)."""

    DEFAULT_CSS = """
    FieldsDialog > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
                              padding: 0 1; border: round $accent; background: $surface; }
    FieldsDialog .hoa-row { height: 1; }
    FieldsDialog .hoa-row Label { width: 18; color: $text-muted; }
    FieldsDialog .hoa-row Input { width: 1fr; }
    FieldsDialog .hoa-error { color: $error; height: auto; padding-left: 18; }
    FieldsDialog #hoa-status { height: auto; }
    FieldsDialog #hoa-status.-problem { color: $error; }
    FieldsDialog .hoa-hint { color: $text-muted; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    HINT: ClassVar[str] = "enter: next field, saves on the last · ctrl+s saves · escape cancels"

    def __init__(self, title: str, fields: list[Field], status: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.status_text = status
        self.saving = False
        self.said_for: dict[str, str] = {}
        """The text of each field whose message shows, as it was when said."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(plain(self.title_text, "bold"))
            for one in self.fields:
                with Horizontal(classes="hoa-row"):
                    yield Label(plain(one.label))
                    yield FieldInput(value=one.value, placeholder=one.placeholder,
                                     id=f"hoa-{one.key}", compact=True)
                error = Static("", id=f"hoa-{one.key}-error", classes="hoa-error")
                error.display = False
                yield error
            yield Static(plain(self.status_text), id="hoa-status")
            yield Static(self.HINT, classes="hoa-hint")

    def on_mount(self) -> None:
        self.field(self.fields[0].key).focus()

    def field(self, key: str) -> FieldInput:
        """The input of field ``key``."""
        found: FieldInput = self.query_one(f"#hoa-{key}", FieldInput)
        return found

    def value(self, key: str) -> str:
        """What field ``key`` holds, as typed."""
        return self.field(key).value

    def problem(self, key: str, text: str, *, select: bool = False) -> None:
        """Say under field ``key`` what is wrong with it and give it the focus, its text kept
        (``select``: selected, so the next thing typed replaces a value that cannot be one)."""
        error = self.query_one(f"#hoa-{key}-error", Static)
        error.update(plain(text))
        error.display = True
        self.said_for[key] = self.value(key)
        self.field(key).refocus(select=select)

    def status(self, text: str, *, problem: bool = False) -> None:
        """Say ``text`` under the fields."""
        shown = self.query_one("#hoa-status", Static)
        shown.update(plain(text))
        shown.set_class(problem, "-problem")

    def on_input_changed(self, event: Input.Changed) -> None:
        """A field changed: its message goes (it was about the text before)."""
        key = (event.input.id or "").removeprefix("hoa-")
        if key in self.said_for and self.said_for[key] != event.value:
            del self.said_for[key]
            for error in self.query(f"#hoa-{key}-error"):
                error.display = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        keys = [one.key for one in self.fields]
        key = (event.input.id or "").removeprefix("hoa-")
        at = keys.index(key) if key in keys else len(keys) - 1
        if self.submitted(key):
            return
        if at + 1 < len(keys):
            self.field(keys[at + 1]).focus()
        else:
            self.action_save()

    def submitted(self, key: str) -> bool:
        """``enter`` in field ``key``: True when the dialog handled it (else the focus moves
        on, or the dialog saves on the last field)."""
        return False

    def save_with(self, work: Callable[[Database], Any], done: Callable[[Any], None],
                  where: Callable[[Exception], str | None], description: str) -> None:
        """Run ``work`` through the services; ``done`` gets its result. A refusal stays in the
        dialog: said beside the field ``where`` names (else under the fields)."""
        from chronicle.errors import ChronicleError
        from chronicle.tui.messages import error_message

        if self.saving:
            return

        def failed(exc: Exception) -> None:
            self.saving = False
            said = f"Not saved: {error_message(exc)}"
            key = where(exc)
            if key is None:
                self.status(said, problem=True)
            else:
                self.problem(key, said)

        def finished(result: Any) -> None:
            self.saving = False
            done(result)

        self.saving = True
        chronicle_app(self).call_service(work, finished, failed=failed,
                                         description=description, quiet=(ChronicleError,))

    def action_save(self) -> None:
        """Check what was typed and save it."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
