"""The unit entry form: type a unit from a sourcebook list, see what is wrong as you type.

Fields: name, army list, cost, the six statistics, types, keywords (comma-separated, like
``Rise Again 3:6, Shroud``), movement, variants and options (``;`` between them, each written
as on the command line: ``Lancer:cost=50,power=4; Sentinel:defense=6`` and ``Tower
Shield:cost=10,group=Shield``). Every keystroke checks the unit as it stands (the card
format, then the rules: no Wounds, an Accuracy above 6, unknown keywords, Rise Again without its
chance, values still unknown) and shows it under the form. ``ctrl+s`` saves it to the group's
cards in the database (``chronicle.services.cardfront.enter_cards``, as ``chronicle army unit``
does); an error refuses the save. Dismisses with True when saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.tui.text import clean, plain

if TYPE_CHECKING:
    from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog

NUMBERS = ("cost", "power", "accuracy", "speed", "wounds", "range", "defense")
LISTS = ("types", "keywords")


class UnitFormScreen(ModalScreen[bool]):
    """Enter one unit of an army list, with live validation."""

    DEFAULT_CSS = """
    UnitFormScreen Input { margin-top: 1; }
    UnitFormScreen .toa-stats Input { width: 1fr; margin-right: 1; }
    UnitFormScreen .toa-stats { height: auto; }
    UnitFormScreen #uf-problems { height: auto; max-height: 8; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "save", "Save")]

    def __init__(self, army: str | None = None) -> None:
        super().__init__()
        self.army = army
        self.cards: TalesCatalog | None = None

    def compose(self) -> ComposeResult:
        def field(hint: str, key: str, value: str = "", **more: Any) -> Input:
            return Input(value=value, placeholder=hint, id=f"uf-{key}", compact=True, **more)

        with Vertical(classes="dialog wide"):
            yield Label("[b]New unit[/b] (from your sourcebook list)")
            yield field("name", "name")
            yield field("army list", "army", self.army or "")
            with Horizontal(classes="toa-stats"):
                for key in NUMBERS:
                    yield field(key[:4], key, type="integer")
            yield field("types, comma-separated", "types")
            yield field("keywords, like Rise Again 3:6, Shroud", "keywords")
            yield field("movement: walking, swimming or flying", "movement")
            yield field("variants, like Lancer:cost=50,power=4; Sentinel:defense=6", "variant")
            yield field("options, like Tower Shield:cost=10,group=Shield; Lance:cost=5",
                        "option")
            yield Static("", id="uf-problems")
            yield Label("[dim]ctrl+s to save, escape to cancel[/dim]")

    def on_mount(self) -> None:
        from chronicle.systems.tales_of_arcadia.entry import user_catalog as catalog

        self.cards = catalog()
        self.query_one("#uf-name", Input).focus()
        self.validate()

    def values(self) -> dict[str, Any]:
        """The card keys as typed (empty ones left out; numbers as numbers when they are).

        Raises:
            ValueError: a variant or option that cannot be read (``entry.read_table``).
        """
        from chronicle.systems.tales_of_arcadia.entry import read_tables

        found: dict[str, Any] = {}
        for key in ("variant", "option"):
            text = self.query_one(f"#uf-{key}", Input).value.strip()
            if text:
                found[key] = read_tables(text, key)
        for key in ("name", "army", "movement", *NUMBERS, *LISTS):
            text = self.query_one(f"#uf-{key}", Input).value.strip()
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

    def validate(self) -> list[str]:
        """Show what is wrong with the unit as it stands; returns it."""
        from chronicle.systems.tales_of_arcadia.entry import unit_problems

        try:
            values = self.values()
        except ValueError as exc:
            values, found = {}, [str(exc)]
        else:
            found = unit_problems(values, self.cards) if values.get("name") else [
                "type the unit's name"]
        self.query_one("#uf-problems", Static).update(
            plain("\n".join(found) if found else "Nothing is wrong: ctrl+s saves it."))
        return found

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.validate()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def action_save(self) -> None:
        """Save the unit to the group's cards through the card front (its rules, then the
        saved forces using it, checked first); the form stays open saying why when refused."""
        from chronicle.errors import ChronicleError
        from chronicle.services.cardfront import enter_cards
        from chronicle.systems.tales_of_arcadia import KEY
        from chronicle.systems.tales_of_arcadia.stored import clear_cache

        try:
            values = {**self.values(), "kind": "unit"}
        except ValueError as exc:
            self.query_one("#uf-problems", Static).update(plain(str(exc)))
            return

        def work(db: Any) -> Any:
            return enter_cards(db, KEY, [values])

        def failed(exc: Exception) -> None:
            self.query_one("#uf-problems", Static).update(plain(str(exc)))

        def done(_entered: Any) -> None:
            clear_cache()
            self.notify(clean(f"Saved {values.get('name')} to the group's cards"),
                        title="Unit saved", markup=False)
            self.dismiss(True)

        self.app.call_service(work, done, failed=failed,  # type: ignore[attr-defined]
                              description="Saving the unit", quiet=(ChronicleError,))

    def action_cancel(self) -> None:
        self.dismiss(False)


__all__ = ["UnitFormScreen"]
