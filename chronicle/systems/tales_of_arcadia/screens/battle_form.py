"""Record a Tales of Arcadia battle in the app: the date, the agreed point limit, the sides (two
players, each with the force they brought, and any more as ``Cy:Their Force; Di::450``), the
victory condition (and what an "other" one meant), the winner (empty for a draw) and a note.

The same checks as ``battle record`` on the command line, made by the same service
(``battleservice.record_battle``): a date like 2026-11-28, a whole number of points, a known
victory condition, players of the group, their stored forces (whose points are filled in and
held to the limit), two different sides, a winner among them. Each refusal is said beside the
field it is about; the dialog stays open with everything as typed. Returns the battle
recorded, or None when cancelled.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label

from chronicle.systems.tales_of_arcadia.battles import Side, Victory
from chronicle.systems.tales_of_arcadia.screens.fields import (
    FIELD_CSS,
    clear,
    fields,
    next_or_save,
    save,
    say,
)
from chronicle.tui.widgets.form_grid import labelled

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.tales_of_arcadia.service import BattleEntry, ForceView

FIELDS = (("date", "Date", "like 2026-11-28"), ("limit", "Point limit", "like 500"),
          ("player1", "Player 1", "who played"), ("force1", "Force 1", "their force, if stored"),
          ("player2", "Player 2", "who played"), ("force2", "Force 2", "their force, if stored"),
          ("more", "More sides", "like Cy:Their Force; Di::450"),
          ("victory", "Victory", " · ".join(v.value for v in Victory)),
          ("condition", "Condition", "what an 'other' victory meant"),
          ("winner", "Winner", "a side's player; empty for a draw"),
          ("note", "Note", "anything to remember"))
"""Each field: its key, its label and its hint."""


def side_of(text: str) -> Side:
    """``Cy``, ``Cy:Their Force`` or ``Cy:Their Force:450`` (its points, when it is not a
    stored force) as a side, read as the command line's ``--side`` is."""
    player, _sep, rest = text.partition(":")
    force, _sep, points = rest.rpartition(":") if rest.count(":") else (rest, "", "")
    if points and not points.strip().isdigit():
        force, points = rest, ""
    return Side(player=player.strip(), force=force.strip() or None,
                points=int(points) if points.strip() else None)


def read(values: dict[str, str]) -> tuple[dict[str, object], dict[str, str]]:
    """The battle typed (the service's arguments) and what is wrong, by field."""
    wrong: dict[str, str] = {}
    found: dict[str, object] = {}
    try:
        found["date"] = dt.date.fromisoformat(values["date"])
    except ValueError:
        wrong["date"] = f"{values['date'][:40]!r} is not a date like 2026-11-28"
    try:
        found["limit"] = int(values["limit"])
        if int(values["limit"]) < 1:
            raise ValueError
    except ValueError:
        wrong["limit"] = f"the point limit is a whole number above 0, not {values['limit'][:20]!r}"
    try:
        found["victory"] = Victory(values["victory"] or Victory.LAST_UNIT_STANDING.value)
    except ValueError:
        wrong["victory"] = "the victory is one of " + ", ".join(v.value for v in Victory)
    sides = []
    for number in (1, 2):
        player = values[f"player{number}"]
        if not player:
            wrong[f"player{number}"] = "fill in the player"
        sides.append(Side(player=player, force=values[f"force{number}"] or None))
    more = [part for part in values["more"].split(";") if part.strip()]
    if any(not side_of(part).player for part in more):
        wrong["more"] = ("each side is a player, then ':' and their force, then ':' and its "
                         "points if it is not stored")
    found["sides"] = [*sides, *(side_of(part) for part in more)]
    if found.get("victory") is Victory.OTHER and not values["condition"]:
        wrong["condition"] = "an 'other' victory says which condition"
    found.update(winner=values["winner"] or None, condition=values["condition"] or None,
                 note=values["note"] or None)
    return found, wrong


def field_of(message: str, values: dict[str, str]) -> str:
    """The field a refusal of the service is about: the side or force it names, the winner,
    the limit, the condition."""
    lowered = message.casefold()
    if "winner" in lowered:
        return "winner"
    if "condition" in lowered:
        return "condition"
    if "over the agreed limit" in lowered or "point" in lowered:
        return "limit"
    quoted = re.findall(r"'([^']*)'", message)
    force = "battle force" in lowered
    for key in (("force1", "force2") if force else ("player1", "player2")):
        if values[key] and values[key] in quoted:
            return key
    if "different side" in lowered or "more than one side" in lowered:
        return "player2"
    return "more" if values["more"] else "player1"


class BattleFormScreen(ModalScreen["BattleEntry | None"]):
    """The values of one battle, checked as the command line checks them."""

    AUTO_FOCUS = "Input"
    """Textual focuses the first focusable widget as the form is composed, before its
    ``on_mount`` picks the field: the form's scrolling container, and giving or taking a
    container's focus restyles every widget inside it (twice a form's fields)."""

    DEFAULT_CSS = FIELD_CSS + "#bf-fields { height: auto; max-height: 70vh; }"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "save", "Save", priority=True)]

    def __init__(self, view: ForceView | None = None) -> None:
        super().__init__()
        self.view = view
        self.saving = False

    def compose(self) -> ComposeResult:
        view = self.view
        given = {"date": dt.date.today().isoformat(),
                 "limit": str(view.roster.limit) if view is not None else "500",
                 "player1": view.player or "" if view is not None else "",
                 "force1": view.name if view is not None else "",
                 "victory": Victory.LAST_UNIT_STANDING.value}
        with Vertical(classes="dialog wide"):
            yield Label("[b]Record a battle[/b]")
            with VerticalScroll(id="bf-fields"), fields():
                for key, label, hint in FIELDS:
                    box = Input(value=given.get(key, ""), placeholder=hint, id=f"bf-{key}")
                    if key == "victory":
                        box.suggester = SuggestFromList([v.value for v in Victory])
                    yield from labelled(label, box)
            yield Label("[dim]enter: next field, saves from the last · ctrl+s saves · "
                        "escape cancels[/dim]")

    def on_mount(self) -> None:
        self.query_one("#bf-player2" if self.view is not None else "#bf-player1",
                       Input).focus()

    def values(self) -> dict[str, str]:
        """Every field as typed (stripped)."""
        return {key: self.query_one(f"#bf-{key}", Input).value.strip()
                for key, _label, _hint in FIELDS}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        next_or_save(self, event, "bf-note")

    def action_save(self) -> None:
        """Check the fields, then record the battle through the services."""
        clear(self)
        values = self.values()
        found, wrong = read(values)
        if wrong:
            for number, (key, text) in enumerate(wrong.items()):
                say(self, f"bf-{key}", text, focus=number == 0)
            return

        def work(db: Database) -> BattleEntry:
            from chronicle.systems.tales_of_arcadia.battleservice import record_battle

            return record_battle(db, **found)  # type: ignore[arg-type]

        save(self, work, "Recording the battle", lambda text: f"bf-{field_of(text, values)}")

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["BattleFormScreen", "field_of", "read"]
