"""Recording a scenario in the app: the scenario and its winner, then what each guild did, with
a live tally of the coins each guild earns and of the rules the entry would break (the same
rules every write goes through). ``ctrl+s`` saves, ``escape`` cancels; a refused save keeps the
dialog open with the reasons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.rules.report import Front
from chronicle.systems.arcadia_quest.drafts import SCENARIO_FIELDS, scenario_payload, tally
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain

if TYPE_CHECKING:
    from rich.text import Text

    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

LABELS = {"quests": "Quests (a, b, pvp:COLOR)", "first": "Done first",
          "hero_kills": "Hero kills", "monster_coins": "Monster coins", "chests": "Chests",
          "deaths": "Deaths (Hero=N, Hero)", "neutral_deaths": "Of those, neutral",
          "title": "Title earned"}


def tally_text(found: Tally, label: str = "earn") -> Text:
    """The live tally as text: coins per guild, then the problems."""
    from rich.text import Text

    text = Text()
    if found.problem:
        text.append_text(plain(found.problem, "yellow"))
        return text
    text.append(f"Coins they {label}: ")
    text.append(" · ".join(f"{color} {coins}" for color, coins in found.coins.items()), "bold")
    for violation in found.added[:6]:
        style = "red" if violation.severity.value == "error" else "yellow"
        text.append_text(plain(f"\n{violation.severity.value}: {violation.message}", style))
        fix = violation.fix_for(Front.APP)
        if fix:
            text.append_text(plain(f" (fix: {fix})", "dim"))
    if len(found.added) > 6:
        text.append(f"\n… and {len(found.added) - 6} more")
    return text


class ScenarioDialog(ModalScreen["CampaignView | None"]):
    """Enter a scenario played; returns the campaign after it, or None."""

    DEFAULT_CSS = """
    ScenarioDialog > Vertical { width: 96%; height: 94%; background: $surface;
                                border: round $accent; padding: 0 1; }
    ScenarioDialog VerticalScroll { height: 1fr; }
    ScenarioDialog .aq-row { height: auto; }
    ScenarioDialog .aq-row Label { width: 26; padding: 0 1 0 0; }
    ScenarioDialog .aq-row Input { width: 1fr; background: $boost; }
    ScenarioDialog .aq-row Input:focus { background: $accent 30%; }
    ScenarioDialog .aq-guild { text-style: bold; padding: 1 0 0 0; }
    ScenarioDialog #aq-tally { height: auto; max-height: 8; border-top: solid $panel; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, view: CampaignView, catalog: QuestCatalog) -> None:
        super().__init__()
        self.view = view
        self.catalog = catalog
        self.saving = False

    def compose(self) -> ComposeResult:
        upcoming = self.view.summary["next"]
        with Vertical():
            yield Label(plain(f"Scenario {upcoming['number']} of {self.view.name} "
                              f"({upcoming['circle']} circle)", "bold"))
            with VerticalScroll():
                with Horizontal(classes="aq-row"):
                    yield Label("Scenario")
                    yield Input(value=(upcoming["choices"] or [""])[0], id="aq-name",
                                placeholder=", ".join(upcoming["choices"])[:200],
                                compact=True)
                with Horizontal(classes="aq-row"):
                    yield Label("Winner (colour)")
                    yield Input(id="aq-winner", compact=True,
                                placeholder=" / ".join(self.view.summary["guilds"]))
                for color in self.view.summary["guilds"]:
                    yield Static(plain(f"{color.capitalize()} guild"), classes="aq-guild")
                    for key in SCENARIO_FIELDS:
                        with Horizontal(classes="aq-row"):
                            yield Label(LABELS[key])
                            yield Input(id=f"aq-{color}-{key}", compact=True)
            yield Static("", id="aq-tally")
            yield Static("ctrl+s saves · escape cancels", classes="aq-help")

    def on_mount(self) -> None:
        self.query_one("#aq-winner", Input).focus()
        self.refresh_tally()

    def fields(self) -> dict[str, dict[str, str]]:
        """What is typed, per guild and field."""
        return {color: {key: self.query_one(f"#aq-{color}-{key}", Input).value
                        for key in SCENARIO_FIELDS}
                for color in self.view.summary["guilds"]}

    def payload(self) -> dict[str, Any]:
        """The scenario as it would be stored (ValueError: a number that is not one)."""
        return scenario_payload(self.query_one("#aq-name", Input).value,
                                self.query_one("#aq-winner", Input).value, self.fields())

    def current_tally(self) -> Tally:
        """What the entry would do."""
        from chronicle.systems.arcadia_quest.drafts import Tally

        try:
            payload = self.payload()
        except ValueError as exc:
            return Tally(problem=str(exc))
        if payload["winner"] not in self.view.summary["guilds"]:
            return Tally(problem="Type the winner's colour: "
                                 + ", ".join(self.view.summary["guilds"]))
        if not payload["name"]:
            return Tally(problem="Type the scenario's name.")
        return tally(self.view.events, "scenario", payload, self.catalog)

    def refresh_tally(self) -> None:
        self.query_one("#aq-tally", Static).update(tally_text(self.current_tally()))

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.refresh_tally()

    def action_save(self) -> None:
        """Save the scenario (the service checks it again); stay open when refused."""
        from chronicle.systems.arcadia_quest.service import record_scenario

        if self.saving:
            return
        found = self.current_tally()
        if found.problem or found.errors:
            self.notify("Set right what the tally shows first.", severity="warning")
            return
        payload = self.payload()
        name = self.view.name
        self.saving = True

        def work(db: Database) -> CampaignView:
            return record_scenario(db, name, payload)

        def failed(_exc: Exception) -> None:
            self.saving = False

        def done(view: CampaignView) -> None:
            self.dismiss(view)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Recording the scenario")

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
