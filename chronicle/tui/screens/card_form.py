"""The app's card form for any installed game: a new card, or a correction of one, its fields
generated from the game's card schema (``chronicle.catalog.front``): a pick list for a field of
choices or yes/no, a line for the rest (lists comma-separated; a table as ``key=value, ...``; a
list of tables as ``NAME:key=value,...`` entries separated by ``;``; any other value in TOML).
Empty is unknown.

Saving goes through the card front's one way in (``chronicle.services.cardfront.enter_cards``)
in a worker, with the command line's checks and refusals: a bad value is said with its field
and nothing is saved; a correction changes only the values changed in the form, and one that
would make a saved record break a rule shows each record and violation and asks whether to save
it anyway (``--force`` on the command line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.screens.dialog import compact

if TYPE_CHECKING:
    from chronicle.catalog.front import FieldSpec, FrontCard
    from chronicle.services.cardfront import Entered
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem


def shown_value(spec: FieldSpec, value: Any) -> str:
    """A card's value as its line in the form shows it (what ``typed`` reads back)."""
    from chronicle.catalog.tomlwrite import value as toml

    if value is None:
        return ""
    if spec.shape == "texts" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if spec.shape == "table" and isinstance(value, dict):
        return ", ".join(f"{k}={toml(v)}" for k, v in value.items())
    if spec.shape == "tables" and isinstance(value, list):
        return "; ".join("{" + ", ".join(f"{k} = {toml(v)}" for k, v in t.items()) + "}"
                         if isinstance(t, dict) else str(t) for t in value)
    if spec.shape in ("int", "text", "choice"):
        return str(value)
    return toml(value)


def typed_value(spec: FieldSpec, text: str) -> Any:
    """The value a line of the form gives (``chronicle.catalog.front.typed``).

    Raises:
        ValueError: naming the field.
    """
    from chronicle.catalog.front import typed

    if spec.shape == "tables":
        parts = [part for part in text.split(";") if part.strip()]
        return typed(spec, parts)
    return typed(spec, [text])


def say_saved(screen: Screen[Any], entered: Any) -> bool:
    """Say what the card form saved (``entered``: its result); False when it saved nothing
    (cancelled)."""
    if entered is None:
        return False
    names = ", ".join(card.name for card in entered.cards)
    screen.notify(f"Saved {names} to the group's cards of {entered.label}.",
                  title="Card saved", markup=False)
    return True


class CardFormScreen(ModalScreen["Entered | None"]):
    """Enter a card of ``game`` (or correct ``card``): dismissed with what was saved."""

    DEFAULT_CSS = """
    CardFormScreen #cf-fields { height: auto; max-height: 16; }
    CardFormScreen #cf-problems { height: auto; max-height: 8; color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, game: GameSystem, card: FrontCard | None = None, *, name: str = "",
                 kind: str | None = None) -> None:
        from chronicle.services.cardfront import schema_of

        super().__init__()
        self.game = game
        self.card = card
        self.schema = schema_of(game)
        kinds = tuple(self.schema.kinds)
        self.kind = card.kind if card is not None else (kind if kind in kinds else kinds[0])
        self.start_name = card.name if card is not None else name
        self.saving = False
        self.specs: list[FieldSpec] = []

    def compose(self) -> ComposeResult:
        title = (f"Correct {self.card.name} ({self.game.label})" if self.card is not None
                 else f"A new {self.game.label} card")
        with Vertical(classes="dialog wide"):
            yield Label(Text(title, style="bold"), id="cf-title")
            yield Label(Text("empty = unknown · lists comma-separated · tables key=value, … · "
                             "ctrl+s saves · esc cancels", style="dim"))
            with Horizontal(classes="field"):
                yield Label("name", classes="field-label")
                yield compact(Input(self.start_name, id="cf-name",
                                    disabled=self.card is not None))
            with Horizontal(classes="field"):
                yield Label("kind", classes="field-label")
                yield compact(Select([(k, k) for k in self.schema.kinds], value=self.kind,
                                     allow_blank=False, id="cf-kind",
                                     disabled=self.card is not None))
            yield VerticalScroll(*self.rows(), id="cf-fields", can_focus=False)  # tab goes
            # from the kind straight to the first field, never to the scrolling box
            yield Static("", id="cf-problems")
            with Horizontal(classes="buttons"):
                yield Button("Save (ctrl+s)", id="save", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        target = self.query("#cf-fields Input").first(Input) if self.card is not None \
            else self.query_one("#cf-name", Input)
        target.focus()

    def rows(self) -> list[Horizontal]:
        """A labelled chooser for each field of the current kind, filled from the card."""
        from chronicle.catalog.front import kind_fields

        self.specs = list(kind_fields(self.schema, self.kind))
        values = self.card.data if self.card is not None else {}
        found = []
        for spec in self.specs:
            chooser: Widget
            value = values.get(spec.name)
            if spec.shape in ("choice", "bool"):
                options = list(spec.choices) if spec.shape == "choice" else ["yes", "no"]
                current: Any = ("yes" if value else "no") if spec.shape == "bool" and \
                    value is not None else (str(value) if value is not None else None)
                chooser = compact(Select([(o, o) for o in options], prompt="unknown",
                                         id=f"cf-{spec.name}",
                                         value=current if current in options else Select.NULL))
            else:
                chooser = compact(Input(shown_value(spec, value), id=f"cf-{spec.name}",
                                        placeholder=f"unknown · {spec.describe()}"[:60]))
            found.append(Horizontal(Label(spec.name.replace("_", " "), classes="field-label"),
                                    chooser, classes="field"))
        return found

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "cf-kind" and event.value != self.kind:
            event.stop()
            self.kind = str(event.value)
            holder = self.query_one("#cf-fields", VerticalScroll)
            await holder.remove_children()
            await holder.mount_all(self.rows())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        from chronicle.tui.screens.dialog import save_or_cancel

        save_or_cancel(self, event)

    def collected(self) -> dict[str, Any]:
        """The card table to save: name, kind and each value typed (for a correction, only
        the values changed, so nothing else is touched).

        Raises:
            ValueError: a value its field cannot take, naming the field.
        """
        values: dict[str, Any] = {"name": self.query_one("#cf-name", Input).value.strip(),
                                  "kind": self.kind}
        before = self.card.data if self.card is not None else {}
        for spec in self.specs:
            chooser = self.query_one(f"#cf-{spec.name}")
            if isinstance(chooser, Select):
                picked = chooser.value
                if not isinstance(picked, str):
                    continue
                value: Any = picked == "yes" if spec.shape == "bool" else picked
            else:
                assert isinstance(chooser, Input)
                text = chooser.value.strip()
                if not text or text == shown_value(spec, before.get(spec.name)):
                    continue
                value = typed_value(spec, text)
            if value != before.get(spec.name):
                values[spec.name] = value
        return values

    def action_save(self, force: bool = False) -> None:
        """Save the card through the card front (the form stays open, saying why, when it is
        refused; a correction breaking saved records asks first)."""
        if self.saving:
            return
        try:
            values = self.collected()
        except ValueError as exc:
            self.say(str(exc))
            return
        self.save(values, force)

    def save(self, values: dict[str, Any], force: bool) -> None:
        """Run ``enter_cards`` in a worker."""
        from chronicle.errors import ChronicleError
        from chronicle.services.cardfront import BreaksRecords, enter_cards

        game = self.game.key

        def work(db: Database) -> Entered:
            return enter_cards(db, game, [values], force=force)

        def failed(exc: Exception) -> None:
            self.saving = False
            if isinstance(exc, BreaksRecords) and not force:
                self.ask_to_force(values, exc)
            else:
                self.say(str(exc))

        def done(entered: Entered) -> None:
            self.saving = False
            self.dismiss(entered)

        self.saving = True
        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Saving the card", quiet=(ChronicleError,))

    def ask_to_force(self, values: dict[str, Any], refusal: Any) -> None:
        """Show each record the correction breaks and ask whether to save it anyway."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        listed = "\n".join(f"• {breach.said()}" for breach in refusal.breaches)
        self.say(f"This correction would break {len(refusal.breaches)} saved record(s):\n"
                 + listed)

        def answered(yes: bool | None) -> None:
            if yes:
                self.save(values, True)

        self.app.push_screen(ConfirmScreen("Save the correction anyway?", listed), answered)

    def say(self, message: str) -> None:
        """Say why the card was not saved, in the form (as text, never markup)."""
        from chronicle.tui.messages import people

        self.query_one("#cf-problems", Static).update(Text(people(message)))

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["CardFormScreen", "shown_value", "typed_value"]
