"""Creating a card from the physical card, or filling in a catalog card's unknown values.

Every field of the card's kind is offered; unknown ones are empty, and whatever is left empty
stays unknown. Type, attribute, court and "unique" are pick lists, terrain and tests lists to
tick; numbers are checked and every refusal is said in plain words. Saving goes through
``chronicle.systems.wyld_hunt.services.usercards.enter_card`` with the app's database, in a
worker: the card front's one way in, as ``chronicle cards new`` on the command line (the values
not given kept, the characters and games checked again with the corrected card, a correction
breaking one listed and saved only when confirmed), so every member of the group sees it.

The dialog is built once per app and refilled at each opening (``CardEditScreen.show``); the
fields of each kind are built the first time that kind is shown and kept, hidden, for the
next."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, SelectionList

from chronicle.systems.wyld_hunt.cards import (
    TYPED_FIELDS,
    Attribute,
    Court,
    Flaw,
    FlawType,
    Kind,
    Merit,
    MeritType,
    Terrain,
    TestType,
    card_to_dict,
    describe_score_changes,
    format_sides,
    parse_sides,
)
from chronicle.tui.screens.base import chronicle_app, kept_screen
from chronicle.tui.screens.dialog import compact, show_kept
from chronicle.tui.text import esc
from chronicle.tui.widgets.card_list import show_text

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.widget import AwaitMount

    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.cards import Card

FIELDS: dict[str, list[str]] = {
    "icon": ["race", "gender", "might", "savvy", "resolve", "special"],
    "merit": ["type", "subtype", "cost", "attribute", "court"],
    "flaw": ["type", "bonus", "attribute", "court"],
    "quest": ["number", "waylay_rating", "treasure_rating", "experience"],
    "league": ["terrain", "unique", "enter", "leave", "rest", "special", "sides"],
    "waylay": ["rating", "terrain", "tests", "might", "savvy", "resolve", "combat"],
}
NUMBERS = {"might", "savvy", "resolve", "combat", "cost", "bonus", "number", "waylay_rating",
           "treasure_rating", "experience", "rating"}
LISTS = {"terrain", "tests"}
PICKS: dict[str, list[str]] = {
    "attribute": [a.value for a in Attribute],
    "court": [c.value for c in Court],
    "unique": ["yes", "no"],
}
TYPES = {"merit": [t.value for t in MeritType], "flaw": [t.value for t in FlawType]}
TICKS = {"terrain": [t.value for t in Terrain], "tests": [t.value for t in TestType]}
for _field, _typed in TYPED_FIELDS.items():  # typed as text, read by the card schema
    for _kind in _typed.kinds:
        FIELDS[_kind.value].append(_field)
HINTS = {field: f"unknown · {typed.example}" for field, typed in TYPED_FIELDS.items()}
"""Placeholders other than "unknown"."""


HINTS["sides"] = "unknown: top/right/bottom/left, e.g. fields,road/forest/border/fields"


def _shown(field: str, value: Any) -> str:
    """A field's value as its text box shows it."""
    if value is None:
        return ""
    if field == "sides":
        return format_sides(value)
    return str(value)


KEY = "wyld-hunt-card-edit"
"""The name the app keeps the dialog under."""


def prebuilt(node: DOMNode) -> CardEditScreen:
    """The app's kept dialog (for a new card when none is kept yet: it is filled when shown), for
    the app to build ahead of time (an area screen's ``prebuilt_screens``)."""
    screen, _new = kept_screen(node, KEY, CardEditScreen, lambda: CardEditScreen(None))
    return screen


class CardEditScreen(ModalScreen["Card | None"]):
    """Edit the values of one card (or a new one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    AUTO_FOCUS = ""  # the first field to fill is focused once built (on_mount, refill)

    def __init__(self, card: Card | None, *, name: str = "", kind: str | None = None) -> None:
        super().__init__()
        self.boxes: dict[str, Vertical] = {}
        """The fields of each kind shown so far (only the current kind's is displayed)."""
        self.fill_in(card, name, kind)

    @classmethod
    def show(cls, app: App[Any], card: Card | None, callback: Callable[[Card | None], None],
             *, name: str = "", kind: str | None = None) -> CardEditScreen:
        """Open the dialog (the app's kept one, refilled, when there is one)."""
        return show_kept(app, KEY, cls,
                         lambda: cls(card, name=name, kind=kind),
                         lambda screen: screen.refill(card, name, kind), callback)

    def fill_in(self, card: Card | None, name: str, kind: str | None) -> None:
        """Take the card to fill in (or a new one's name and kind)."""
        self.card = card
        kinds = [k.value for k in Kind]
        self.kind = card.kind.value if card else (kind if kind in kinds else "merit")
        self.values: dict[str, Any] = card_to_dict(card) if card else {"name": name}
        if isinstance(card, Merit | Flaw):  # its score changes are typed as text: "Might+1"
            self.values["score_changes"] = describe_score_changes(card.score_changes)
        self.saving = False

    def title_text(self) -> str:
        """The dialog's title line (the card's name escaped)."""
        title = (f"Fill in {self.card.name}" if self.card else "A new card from your card")
        return (f"[b]{esc(title)}[/b]  [dim]empty = unknown · lists comma-separated · "
                "ctrl+s saves · esc cancels[/dim]")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(self.title_text(), id="edit-title")
            with VerticalScroll(id="edit-fields"):
                with Horizontal(classes="field"):
                    yield Label("name", classes="field-label")
                    yield compact(Input(str(self.values.get("name") or ""), id="field-name",
                                        disabled=self.card is not None))
                with Horizontal(classes="field"):
                    yield Label("kind", classes="field-label")
                    yield compact(Select([(k.value, k.value) for k in Kind], value=self.kind,
                                         allow_blank=False, id="field-kind",
                                         disabled=self.card is not None))
                with Vertical(id="kind-fields"):
                    yield self.kind_box()
                with Horizontal(classes="field"):
                    yield Label("summary", classes="field-label")
                    yield compact(Input(str(self.values.get("summary") or ""),
                                        id="field-summary",
                                        placeholder="what it does, in your own words"))
            with Horizontal(classes="buttons"):
                yield Button("Save (ctrl+s)", id="save", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.focus_first()

    def focus_first(self) -> None:
        """Focus the name of a new card, or the first value of a catalog card."""
        first = self.boxes[self.kind].query("Input").first(Input) if self.card else \
            self.query_one("#field-name", Input)
        first.focus()

    def refill(self, card: Card | None, name: str, kind: str | None) -> None:
        """Show ``card`` (or a new card called ``name``), as when the dialog is first opened."""
        self.fill_in(card, name, kind)
        if not self.children:  # not built yet: it will be, from these
            return
        show_text(self.query_one("#edit-title", Label), self.title_text())
        entry = self.query_one("#field-name", Input)
        entry.value = str(self.values.get("name") or "")
        entry.disabled = card is not None
        chooser = self.query_one("#field-kind", Select)
        chooser.value = self.kind
        chooser.disabled = card is not None
        self.query_one("#field-summary", Input).value = str(self.values.get("summary") or "")
        mounting = self.show_fields()
        self.query_one("#edit-fields", VerticalScroll).scroll_home(animate=False)
        if mounting is None:
            self.focus_first()
        else:
            self.call_later(self.focus_when_built, mounting)

    async def focus_when_built(self, mounting: AwaitMount) -> None:
        """Focus the first field once the fields just built are mounted."""
        await mounting
        self.focus_first()

    def kind_box(self) -> Vertical:
        """The fields of the current kind, built now (and kept)."""
        box = Vertical(*self.field_rows(), classes="kind-box").set_styles("height: auto;")
        self.boxes[self.kind] = box
        return box

    def field_rows(self) -> list[Horizontal]:
        """A labelled chooser for each field of the current kind (empty = unknown)."""
        rows = []
        for field in FIELDS[self.kind]:
            value = self.values.get(field)
            chooser: Widget
            choices = TYPES.get(self.kind, []) if field == "type" else PICKS.get(field)
            if choices:
                chooser = compact(Select([(c, c) for c in choices], prompt="unknown",
                                         id=f"field-{field}", value=self.picked(field, choices)))
            elif field in TICKS:
                chosen = {str(v) for v in value or ()}
                chooser = compact(SelectionList[str](*[(t, t, t in chosen) for t in TICKS[field]],
                                                     id=f"field-{field}", classes="ticks"))
            else:
                chooser = compact(Input(_shown(field, value), id=f"field-{field}",
                                        placeholder=HINTS.get(field, "unknown")))
            rows.append(Horizontal(Label(field.replace("_", " "), classes="field-label"),
                                   chooser, classes="field ticks-row" if field in TICKS
                                   else "field"))
        return rows

    def picked(self, field: str, choices: list[str]) -> Any:
        """The choice a pick list shows for the card's value (``Select.NULL`` when unknown)."""
        value = self.values.get(field)
        current = ("yes" if value else "no") if field == "unique" and value is not None \
            else value
        return current if current in choices else Select.NULL

    def show_fields(self) -> AwaitMount | None:
        """Show the fields of the current kind, filled from the card's values (built the first
        time, then kept; the others hidden). The shown kind's fields come first, so a query
        finds them first. Returns the mounting of fields built now."""
        holder = self.query_one("#kind-fields", Vertical)
        box = self.boxes.get(self.kind)
        mounting = None
        if box is None:
            box = self.kind_box()
            mounting = holder.mount(box, before=0)
        else:
            if holder.children and holder.children[0] is not box:
                holder.move_child(box, before=0)
            for field in FIELDS[self.kind]:
                self.fill(box.query_one(f"#field-{field}"), field)
        for kind, other in self.boxes.items():
            if other.display != (kind == self.kind):  # setting it lays the screen out
                other.display = kind == self.kind
        return mounting

    def fill(self, chooser: Widget, field: str) -> None:
        """Show the card's value of ``field`` in its chooser."""
        value = self.values.get(field)
        if isinstance(chooser, Select):
            choices = TYPES.get(self.kind, []) if field == "type" else PICKS.get(field, [])
            chooser.value = self.picked(field, choices)
        elif isinstance(chooser, SelectionList):
            chooser.deselect_all()
            for tick in value or ():
                chooser.select(str(tick))
        elif isinstance(chooser, Input):
            chooser.value = _shown(field, value)

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "field-kind" and event.value != self.kind:
            self.kind = str(event.value)
            mounting = self.show_fields()
            if mounting is not None:
                await mounting

    def on_button_pressed(self, event: Button.Pressed) -> None:
        from chronicle.tui.screens.dialog import save_or_cancel

        save_or_cancel(self, event)

    def collected(self) -> dict[str, Any]:
        """The values typed, ready for validation (empty fields left out)."""
        values: dict[str, Any] = {"name": self.query_one("#field-name", Input).value.strip(),
                                  "kind": self.kind}
        summary = self.query_one("#field-summary", Input).value.strip()
        if summary:
            values["summary"] = summary
        box = self.boxes[self.kind]
        for field in FIELDS[self.kind]:
            chooser = box.query_one(f"#field-{field}")
            if isinstance(chooser, Select):
                picked = chooser.value
                if isinstance(picked, str):
                    values[field] = picked == "yes" if field == "unique" else picked
                continue
            if isinstance(chooser, SelectionList):
                if chooser.selected:
                    values[field] = [str(v) for v in chooser.selected]
                continue
            assert isinstance(chooser, Input)
            text = chooser.value.strip()
            if not text:
                continue
            if field == "sides":
                values[field] = [[str(t) for t in side] for side in parse_sides(text)]
            elif field in NUMBERS:
                if not text.lstrip("-").isdigit():
                    raise ValueError(f"{field.replace('_', ' ')}: a whole number, not "
                                     f"{text[:20]!r} (leave it empty when unknown)")
                values[field] = int(text)
            else:
                values[field] = text
        return values

    def action_save(self) -> None:
        """Save the card among the group's cards of the database (the dialog stays open, saying
        why, when it is refused; a correction that would break a saved character or game
        lists them and asks first)."""
        if self.saving:
            return
        try:
            values = self.collected()
        except ValueError as exc:
            self.refused(exc)
            return
        self.save(values, False)

    def save(self, values: dict[str, Any], force: bool) -> None:
        """Save through the card front's one way in, in a worker (``--force``: ``force``)."""
        from chronicle.errors import ChronicleError, Refused
        from chronicle.systems.wyld_hunt.services.usercards import enter_card

        def work(db: Database) -> Card:
            return enter_card(db, values, force=force)

        def failed(exc: Exception) -> None:
            self.saving = False
            if isinstance(exc, Refused) and getattr(exc, "breaches", None) and not force:
                self.ask_to_force(values, exc)
            else:
                self.refused(exc)

        def done(card: Card) -> None:
            self.saving = False
            self.dismiss(card)

        self.saving = True
        chronicle_app(self).call_service(work, done, failed=failed, description="Saving the card",
                                         quiet=(ChronicleError,))

    def ask_to_force(self, values: dict[str, Any], refusal: Any) -> None:
        """Show each character or game the correction breaks and ask whether to save it
        anyway (the command line's ``--force``)."""
        from chronicle.tui.screens.confirm import ConfirmScreen

        listed = "\n".join(f"• {breach.said()}" for breach in refusal.breaches)

        def answered(yes: bool | None) -> None:
            if yes:
                self.save(values, True)

        self.app.push_screen(ConfirmScreen("Save the correction anyway?", listed), answered)

    def refused(self, exc: Exception) -> None:
        """Say in plain words why the card was not saved."""
        from chronicle.tui.messages import people

        self.notify(people(str(exc)), title="Not saved", severity="error", timeout=10)

    def action_cancel(self) -> None:
        self.dismiss(None)
