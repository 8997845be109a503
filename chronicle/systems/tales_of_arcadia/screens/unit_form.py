"""The unit entry form: type a unit from a sourcebook list, see what is wrong as you type.

Fields, each with its label beside it (the labels stay however much is typed): name, army
list, cost and the six statistics, types, keywords (comma-separated, like ``Rise Again 3:6,
Shroud``), movement, variants and options (``;`` between them, each written
``Lancer:cost=50,power=4; Sentinel:defense=6`` and ``Tower Shield:cost=10,group=Shield``).
Every keystroke checks the unit as it stands (the card format, then the rules: no Wounds, an
Accuracy above 6, unknown keywords, Rise Again without its chance, values still unknown) and
says each problem beside the field it is about (the others under the form). A statistic is a
text field, so whatever is typed stays as typed and is said to be wrong rather than dropped.
``ctrl+s`` saves it to the group's cards in the database (``chronicle.services.cardfront.
enter_cards``, the card front every front uses); an error refuses the save and the form stays
as typed. A correction that would make saved forces break a rule is refused once, said, and
saved on a second ctrl+s. Dismisses with True when saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.systems.tales_of_arcadia.screens.fields import (
    FIELD_CSS,
    app_words,
    clear,
    fields,
    said,
    say,
)
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import clean, plain
from chronicle.tui.widgets.form_grid import labelled

if TYPE_CHECKING:
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog

NUMBERS = ("cost", "power", "accuracy", "speed", "wounds", "range", "defense")
LISTS = ("types", "keywords")
OPENING = "Nothing typed yet: type the unit's name first (ctrl+s saves once nothing is wrong)."
"""What the form says under its fields as it opens."""
STAT_ROWS = (("cost", "power", "accuracy", "speed"), ("wounds", "range", "defense"))
"""The statistics, two rows of labelled fields (the last of a row across what is left)."""
COLUMNS = "10 1fr 7 1fr 10 1fr 7 1fr"
"""The form's grid: a label and its field four times (the statistics' rows), each other field
across the seven columns after its label. The statistics in the form's own grid: a row of
them in a container of its own was laid out again for each row of the grid it measured."""
TEXTS = (("name", "Name", "the unit's name"), ("army", "Army list", "like Clockwork Legion"))
MORE = (("types", "Types", "comma-separated, like Infantry, Construct"),
        ("keywords", "Keywords", "like Rise Again 3:6, Shroud"),
        ("movement", "Movement", "walking, swimming or flying"),
        ("variant", "Variants", "like Lancer:cost=50,power=4; Sentinel:defense=6"),
        ("option", "Options", "like Tower Shield:cost=10,group=Shield; Lance:cost=5"))
WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("variant", ("variant",)), ("option", ("option",)),
    ("keywords", ("keyword", "rise again", "shroud")), ("types", ("(types)", " type")),
    ("movement", ("movement",)), ("army", ("army",)),
    *((key, (key,)) for key in NUMBERS), ("name", ("(name)", "name")))
"""Which field a problem is about: the first whose words the message holds."""


def field_of(message: str) -> str | None:
    """The field of the form a problem of the unit is about (None: the unit as a whole)."""
    lowered = message.casefold()
    found = [key for key, words in WORDS if any(word in lowered for word in words)]
    if len([key for key in found if key in NUMBERS]) > 1:
        return None            # several statistics: the unit as a whole
    return found[0] if found else None


class UnitFormScreen(ModalScreen[bool]):
    """Enter one unit of an army list, with live validation beside each field."""

    AUTO_FOCUS = "Input"
    """Textual focuses the first focusable widget as the form is composed, before its
    ``on_mount`` picks the field: the form's scrolling container, and giving or taking a
    container's focus restyles every widget inside it (twice a form's fields)."""

    DEFAULT_CSS = FIELD_CSS + """
    #uf-fields { height: auto; max-height: 70vh; }
    #uf-fields Input { margin-right: 1; }
    #uf-problems { height: auto; max-height: 4; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "save", "Save", priority=True)]

    def __init__(self, army: str | None = None) -> None:
        super().__init__()
        self.army = army
        self.cards: TalesCatalog | None = None
        self.anyway: dict[str, Any] | None = None
        """The values a save refused for the saved forces only: ctrl+s again saves them."""
        self.checked: tuple[str, ...] | None = None
        """The fields' values the unit was last checked with (``validate``)."""

    def compose(self) -> ComposeResult:
        def box(key: str, hint: str, value: str = "") -> Input:
            return Input(value=value, placeholder=hint, id=f"uf-{key}")

        with Vertical(classes="dialog wide"):
            yield Label("[b]New unit[/b] (from your sourcebook list)")
            with VerticalScroll(id="uf-fields"), fields(columns=COLUMNS):
                for key, label, hint in TEXTS:
                    yield from labelled(label, box(key, hint,
                                                   self.army or "" if key == "army" else ""),
                                        span=7)
                for keys in STAT_ROWS:      # a row of four labelled statistics
                    for key in keys:
                        yield from labelled(key.title(), box(key, "?"),
                                            span=1 if key != keys[-1] else 9 - 2 * len(keys))
                for key, label, hint in MORE:
                    yield from labelled(label, box(key, hint), span=7)
            yield Static(OPENING, id="uf-problems", classes="toa-note ok")
            yield Label("[dim]ctrl+s saves · escape cancels[/dim]")

    def on_mount(self) -> None:
        from chronicle.systems.tales_of_arcadia.entry import user_catalog as catalog

        self.cards = catalog()
        self.query_one("#uf-name", Input).focus()
        # nothing typed yet (the army at most): what is missing is said under the form, as
        # composed, rather than under the name on a line made now (one layout of the form
        # more); the first keystroke checks the unit in full
        self.checked = tuple(field.value for field in self.query(Input))

    def renew(self) -> None:
        """Opened after it was built ahead: the cards as they stand now."""
        from chronicle.systems.tales_of_arcadia.entry import user_catalog as catalog

        self.cards = catalog()

    def text(self, key: str) -> str:
        """What is typed in field ``key``."""
        return self.query_one(f"#uf-{key}", Input).value.strip()

    def values(self) -> dict[str, Any]:
        """The card keys as typed (empty ones left out; numbers as numbers when they are).

        Raises:
            ValueError: a variant or option that cannot be read (``entry.read_table``); its
                second argument is the field.
        """
        from chronicle.systems.tales_of_arcadia.entry import read_tables

        found: dict[str, Any] = {}
        for key in ("variant", "option"):
            text = self.text(key)
            if text:
                try:
                    found[key] = read_tables(text, key)
                except ValueError as exc:
                    raise ValueError(str(exc), key) from None
        for key in ("name", "army", "movement", *NUMBERS, *LISTS):
            text = self.text(key)
            if not text:
                continue
            if key in NUMBERS:
                try:
                    found[key] = int(text)
                except ValueError:
                    found[key] = text
            elif key in LISTS:
                found[key] = [part.strip() for part in text.split(",") if part.strip()]
            else:
                found[key] = text
        return found

    def show(self, problems: list[tuple[str | None, str]], *, focus: bool = False) -> None:
        """Say each problem beside its field (the unit's own under the form)."""
        clear(self)
        beside: dict[str, list[str]] = {}
        rest: list[str] = []
        for key, text in problems:
            if key is None:
                rest.append(text)
            else:
                beside.setdefault(key, []).append(text)
        order = {field.id: number for number, field in enumerate(self.query(Input))}
        in_order = sorted(beside.items(), key=lambda item: order.get(f"uf-{item[0]}", 0))
        for number, (key, texts) in enumerate(in_order):  # the focus to the first in the form
            label = "" if key not in NUMBERS else f"{key.title()}: "
            say(self, f"uf-{key}", label + "; ".join(texts), focus=focus and number == 0)
        note = self.query_one("#uf-problems", Static)
        note.set_class(not problems, "ok")
        note.update(plain("\n".join(rest) if rest else "" if problems
                          else "Nothing is wrong: ctrl+s saves it."))

    def validate(self, *, focus: bool = False) -> list[str]:
        """Show what is wrong with the unit as it stands (``focus``: and move to the first
        field concerned); returns it."""
        from chronicle.systems.tales_of_arcadia.entry import unit_problems

        found: list[tuple[str | None, str]]
        self.checked = tuple(field.value for field in self.query(Input))
        try:
            values = self.values()
        except ValueError as exc:
            found = [(str(exc.args[1]), app_words(str(exc.args[0])))]
        else:
            found = [(field_of(text), app_words(text))
                     for text in unit_problems(values, self.cards)] if values.get("name") \
                else [("name", "type the unit's name")]
        self.show(found, focus=focus)
        return [text for _key, text in found]

    def on_input_changed(self, event: Input.Changed) -> None:
        """Check the unit again, unless the fields hold what it was checked with (a field
        given its value as the form was built says so once it is mounted)."""
        event.stop()
        typed = tuple(field.value for field in self.query(Input))
        if typed != self.checked:
            self.anyway = None
            self.validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def action_save(self) -> None:
        """Save the unit to the group's cards through the card front (its rules, then the
        saved forces using it, checked first); the form stays open saying why when refused."""
        from chronicle.errors import ChronicleError
        from chronicle.services.cardfront import BreaksRecords, enter_cards
        from chronicle.systems.tales_of_arcadia import KEY
        from chronicle.systems.tales_of_arcadia.stored import clear_cache

        try:
            values = {**self.values(), "kind": "unit"}
        except ValueError as exc:
            self.show([(str(exc.args[1]), app_words(str(exc.args[0])))], focus=True)
            return
        if any(not text.startswith(("warning:", "error:")) for text in self.validate(focus=True)):
            return  # a value of the wrong form: said beside each field, as typed (the services
            # would refuse them all in one line); the rules' findings are the services' to judge
        anyway = self.anyway == values

        def work(db: Any) -> Any:
            return enter_cards(db, KEY, [values], force=anyway)

        def failed(exc: Exception) -> None:
            self.anyway = values if isinstance(exc, BreaksRecords) else None
            text = said(exc)
            self.show([(field_of(text) if not isinstance(exc, BreaksRecords) else None,
                        text)], focus=True)

        def done(_entered: Any) -> None:
            clear_cache()
            self.notify(clean(f"Saved {values.get('name')} to the group's cards"),
                        title="Unit saved", markup=False)
            self.dismiss(True)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Saving the unit", quiet=(ChronicleError,))

    def action_cancel(self) -> None:
        self.dismiss(False)


__all__ = ["UnitFormScreen", "field_of"]
