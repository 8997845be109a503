"""What the app's Arcadia Quest forms share (a new campaign, a scenario played, an upgrade
phase): rows of labelled inputs, a live tally of what the entry would do and of every rule it
would break (the same rules every write goes through), ``ctrl+s`` to save through the game's
service (refused while the tally shows an error; a refusal by the service keeps the form open
with its reasons), ``escape`` to cancel. A value that cannot be one (a count that is no number,
a winner that is no guild's colour) is said right under its field as it is typed, and the form
keeps every value as typed until it is saved or cancelled. A form returns the campaign after
its write, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from chronicle.rules.report import Front
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain
from chronicle.tui.widgets.form_grid import PROBLEM, FormGrid, WideLine

if TYPE_CHECKING:
    from rich.text import Text
    from textual.widget import Widget

    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

SHOWN = 6
"""Violations the tally lists before "and N more"."""


def tally_text(found: Tally, label: str = "earn") -> Text:
    """The live tally as text: coins per guild (``label``: what they do with them), then the
    problems with their fixes in the app's terms."""
    from rich.text import Text

    text = Text()
    if found.problem:
        text.append_text(plain(found.problem, "yellow"))
        return text
    if found.coins:
        text.append(f"Coins they {label}: ")
        text.append(" · ".join(f"{color} {coins}" for color, coins in found.coins.items()),
                    "bold")
    for violation in found.added[:SHOWN]:
        style = "red" if violation.severity.value == "error" else "yellow"
        if text.plain:
            text.append("\n")
        text.append_text(plain(f"{violation.severity.value}: {violation.message}", style))
        fix = violation.fix_for(Front.APP)
        if fix:
            text.append_text(plain(f" (fix: {fix})", "dim"))
    if len(found.added) > SHOWN:
        text.append(f"\n… and {len(found.added) - SHOWN} more")
    return text


def fields(*children: Widget, columns: str | None = None, label_width: int = 28) -> FormGrid:
    """The form's labelled fields (``form_grid.labelled``, each field with the id ``aq-KEY``),
    in two columns or a table's (``columns``, as ``FormGrid`` takes them); what is wrong with a
    field shows under its row on the line ``#aq-KEY-error``, made when something first is."""
    return FormGrid(*children, label_width=label_width, columns=columns, suffix="-error",
                    problem_classes="aq-error", id="aq-fields")


def heading(text: str) -> WideLine:
    """A heading across the form's fields (a guild's)."""
    return WideLine(plain(text), classes="aq-guild")


class CampaignForm(ModalScreen["CampaignView | None"]):
    """A form that writes one thing to a campaign; subclasses say what it holds
    (``compose``), what it would do (``current_tally``) and how it is saved (``writer``)."""

    AUTO_FOCUS = "Input"
    """Textual focuses the first focusable widget as the form is composed, before its
    ``on_mount`` picks the field: the form's scrolling container, and giving or taking a
    container's focus restyles every widget inside it (twice a form's fields)."""

    DEFAULT_CSS = """
    CampaignForm > Vertical { width: 96%; height: 94%; background: $surface;
                              border: round $accent; padding: 0 1; }
    CampaignForm VerticalScroll { height: 1fr; }
    CampaignForm #aq-fields > Label { padding: 0 1 0 0; color: $foreground; }
    CampaignForm #aq-fields > Input { background: $boost; }
    CampaignForm #aq-fields > Input:focus { background: $accent 30%; }
    CampaignForm .aq-guild { text-style: bold; padding: 1 0 0 0; }
    CampaignForm Checkbox { width: 100%; height: auto; }
    CampaignForm #aq-tally { height: auto; max-height: 40%; overflow-y: auto;
                             border-top: solid $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]
    DESCRIPTION: ClassVar[str] = "Saving"
    """What the app says while the service works."""
    TALLY_LABEL: ClassVar[str] = "earn"

    def __init__(self, catalog: QuestCatalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.saving = False
        self.tallied: tuple[str, ...] | None = None
        """The fields' values the tally shown was worked out from."""
        self.found_inputs: dict[str, Input] | None = None

    def inputs(self) -> dict[str, Input]:
        """The form's inputs by id, found once (the form's fields never change; a query per
        field and keystroke cost a scenario's form 36 queries a tally)."""
        if self.found_inputs is None:
            self.found_inputs = {field.id or "": field for field in self.query(Input)}
        return self.found_inputs

    def value(self, key: str) -> str:
        """What is typed in the input ``#aq-{key}``."""
        return self.inputs()[f"aq-{key}"].value

    def current_tally(self) -> Tally:
        """What the entry would do."""
        raise NotImplementedError

    def writer(self) -> Callable[[Database], CampaignView]:
        """The write, with what is typed now (called once the tally shows no error)."""
        raise NotImplementedError

    def describe(self, found: Tally) -> Text:
        """The tally as shown under the form."""
        return tally_text(found, self.TALLY_LABEL)

    def renew(self, view: CampaignView | None, catalog: QuestCatalog) -> None:
        """Given what was read just now (a form built ahead from the same campaign as it
        stands): the tally is worked out with them again."""
        self.catalog = catalog
        self.refresh_tally()

    def on_mount(self) -> None:
        """The tally of the form as composed. Textual runs every class's own ``on_mount``,
        the form's after its subclass's (which only picks the field to focus): a subclass
        calling this one too worked the tally out twice."""
        self.refresh_tally()

    def field_problems(self) -> dict[str, str]:
        """What is wrong with each field as typed, by its key (``aq-KEY``): said under it."""
        return {}

    def typed(self) -> tuple[str, ...]:
        """What every field holds now."""
        return tuple(field.value for field in self.inputs().values())

    def refresh_tally(self) -> None:
        self.tallied = self.typed()
        self.query_one("#aq-tally", Static).update(self.describe(self.current_tally()))
        problems = {f"aq-{key}": text for key, text in self.field_problems().items()}
        grid = self.query_one(FormGrid)
        for line in grid.query(f".{PROBLEM}.-shown"):
            if (line.id or "").removesuffix(grid.suffix) not in problems:
                grid.say((line.id or "").removesuffix(grid.suffix), "")
        for key, text in problems.items():
            grid.say(key, text)

    def on_input_changed(self, _event: Input.Changed) -> None:
        """Work the tally out again, unless the fields hold what it was worked out from (a
        field given its value as the form was built says so once it is mounted)."""
        if self.typed() != self.tallied:
            self.refresh_tally()

    def action_save(self) -> None:
        """Save through the service (which checks it again); stay open when refused."""
        if self.saving:
            return
        found = self.current_tally()
        if found.problem or found.errors:
            self.notify("Set right what the tally shows first.", severity="warning")
            return
        work = self.writer()
        self.saving = True

        def failed(_exc: Exception) -> None:
            self.saving = False

        def done(view: CampaignView) -> None:
            self.dismiss(view)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description=self.DESCRIPTION)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
