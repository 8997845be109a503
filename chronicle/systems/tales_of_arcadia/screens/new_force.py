"""Start a battle force: its name, the player, the army list and the agreed point limit.

Returns the stored force's view, or None when cancelled. Each field has its label beside it
and its own message line under it: an empty field, a limit that is not a whole number of 1 to
1,000,000, a player or army list the services do not know, a name already taken, each is said
beside its field, the dialog stays open and everything typed stays as typed. Enter moves to
the next field and saves from the last one; ctrl+s saves from any field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.systems.tales_of_arcadia.screens import fields as form
from chronicle.tui.widgets.form_grid import labelled

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.service import ForceView

FIELDS = (("name", "Name", "like Iron Vanguard"), ("player", "Player", "who plays it"),
          ("army", "Army list", "like Clockwork Legion"), ("limit", "Point limit", "like 500"))
"""Each field: its key, its label and its hint."""


def limit_problem(text: str) -> str | None:
    """What is wrong with a typed point limit (None: nothing)."""
    try:
        value = int(text)
    except ValueError:
        shown = text if len(text) <= 20 else f"{text[:19]}…"
        return f"a point limit is a whole number like 500, not {shown!r}"
    return None if 1 <= value <= 1_000_000 else f"a point limit is 1 to 1,000,000, not {value}"


def field_of(message: str) -> str:
    """The field a service's refusal of a new force is about."""
    import re

    lowered = message.casefold()
    named = re.match(r"field '(\w+)'", lowered)
    if named is not None:
        return {"limit": "limit", "army": "army", "player": "player"}.get(named.group(1), "name")
    if lowered.startswith("there is already"):
        return "name"
    for key, words in (("player", ("no player",)), ("army", ("army list",)),
                       ("limit", ("point limit",))):
        if any(word in lowered for word in words):
            return key
    return "name"


class NewForceScreen(ModalScreen["ForceView | None"]):
    """The four values of a new battle force."""

    AUTO_FOCUS = "Input"
    """Textual focuses the first focusable widget as the form is composed, before its
    ``on_mount`` picks the field: the form's scrolling container, and giving or taking a
    container's focus restyles every widget inside it (twice a form's fields)."""

    DEFAULT_CSS = form.FIELD_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "save", "Save", priority=True)]

    def __init__(self, army: str | None = None, player: str | None = None) -> None:
        super().__init__()
        self.army = army
        self.player = player
        self.saving = False

    def compose(self) -> ComposeResult:
        values = {"army": self.army or "", "player": self.player or "", "limit": "500"}
        with Vertical(classes="dialog wide"):
            yield Label("[b]New battle force[/b]")
            with form.fields():
                for key, label, hint in FIELDS:
                    yield from labelled(label, Input(value=values.get(key, ""),
                                                     placeholder=hint, id=f"nf-{key}"))
            yield Static("", id="nf-problem", classes="toa-note")
            yield Label("[dim]enter: next field, saves from the last · ctrl+s saves · "
                        "escape cancels[/dim]")

    def on_mount(self) -> None:
        self.query_one("#nf-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        form.next_or_save(self, event, "nf-limit")

    def action_save(self) -> None:
        """Check each field, then start the force through the services; a refusal is said
        beside the field it concerns."""
        from chronicle.domain.limits import name_problem

        form.clear(self)
        values = {key: self.query_one(f"#nf-{key}", Input).value.strip()
                  for key, _label, _hint in FIELDS}
        wrong = {key: f"fill in the {label.lower()}" for key, label, _h in FIELDS
                 if not values[key]}
        if "limit" not in wrong and (problem := limit_problem(values["limit"])):
            wrong["limit"] = problem
        for key, what in (("name", "the force's name"), ("player", "the player's name")):
            if key not in wrong and (problem := name_problem(values[key], what)):
                wrong[key] = problem[:1].upper() + problem[1:] + "."  # as the other games say
        if wrong:
            for number, (key, text) in enumerate(wrong.items()):
                form.say(self, f"nf-{key}", text, focus=number == 0)
            return

        def work(db: Database) -> ForceView:
            from chronicle.systems.tales_of_arcadia.service import new_force

            return new_force(db, values["player"], values["name"], values["army"],
                             int(values["limit"]))

        form.save(self, work, "Start the force", lambda text: f"nf-{field_of(text)}")

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["NewForceScreen", "field_of", "limit_problem"]
