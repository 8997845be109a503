"""Recording a scenario in the app: the scenario and its winner, then what each guild did (a table:
a row a count, a column a guild, as on a score pad), with a live tally of the coins each guild
earns and of the rules the entry would break (the form's flow: ``screens.form``). ``ctrl+s``
saves, ``escape`` cancels; a refused save keeps the dialog open with the reasons."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from chronicle.systems.arcadia_quest.drafts import SCENARIO_FIELDS, scenario_payload, tally
from chronicle.systems.arcadia_quest.screens.form import CampaignForm
from chronicle.systems.arcadia_quest.screens.form import fields as form_fields
from chronicle.tui.text import plain
from chronicle.tui.widgets.form_grid import cell, head, labelled

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

LABELS = {"quests": "Quests (a, b, pvp:COLOR)", "first": "Done first",
          "hero_kills": "Hero kills", "monster_coins": "Monster coins", "chests": "Chests",
          "deaths": "Deaths (Hero=N, Hero)", "neutral_deaths": "Of those, neutral",
          "title": "Title earned"}
LABEL_WIDTH = 26
"""The labels' column."""


class ScenarioDialog(CampaignForm):
    """Enter a scenario played; returns the campaign after it, or None."""

    DESCRIPTION = "Recording the scenario"

    def __init__(self, view: CampaignView, catalog: QuestCatalog) -> None:
        super().__init__(catalog)
        self.view = view

    def renew(self, view: CampaignView | None, catalog: QuestCatalog) -> None:
        if view is not None:
            self.view = view
        super().renew(view, catalog)

    def compose(self) -> ComposeResult:
        upcoming = self.view.summary["next"]
        guilds = self.view.summary["guilds"]
        columns = " ".join([str(LABEL_WIDTH), *("1fr" for _ in guilds)])
        with Vertical():
            yield Static(plain(f"Scenario {upcoming['number']} of {self.view.name} "
                              f"({upcoming['circle']} circle)", "bold"))
            with VerticalScroll(), form_fields(columns=columns, label_width=LABEL_WIDTH):
                yield from labelled("Scenario", Input(
                    value=(upcoming["choices"] or [""])[0], id="aq-name",
                    placeholder=", ".join(upcoming["choices"])[:200]), span=len(guilds))
                yield from labelled("Winner (colour)", Input(
                    id="aq-winner", placeholder=" / ".join(guilds)), span=len(guilds))
                yield head("Each guild")
                yield from (head(color.capitalize()) for color in guilds)
                for key in SCENARIO_FIELDS:
                    yield Label(LABELS[key], markup=False)
                    yield from (cell(Input(id=f"aq-{color}-{key}")) for color in guilds)
            yield Static("", id="aq-tally")
            yield Static("A column a guild · ctrl+s saves · escape cancels", classes="aq-help")

    def on_mount(self) -> None:
        self.query_one("#aq-winner", Input).focus()

    def fields(self) -> dict[str, dict[str, str]]:
        """What is typed, per guild and field."""
        return {color: {key: self.value(f"{color}-{key}") for key in SCENARIO_FIELDS}
                for color in self.view.summary["guilds"]}

    def payload(self) -> dict[str, Any]:
        """The scenario as it would be stored (ValueError: a number that is not one)."""
        return scenario_payload(self.value("name"), self.value("winner"), self.fields())

    def field_problems(self) -> dict[str, str]:
        """A count that is no number, a winner that is no guild's colour, no scenario name:
        each said under its field."""
        found: dict[str, str] = {}
        if not self.value("name").strip():
            found["name"] = "Type the scenario's name."
        winner = self.value("winner").strip().lower()
        if winner and winner not in self.view.summary["guilds"]:
            found["winner"] = "Type the winner's colour: " + ", ".join(
                self.view.summary["guilds"])
        for color, fields in self.fields().items():
            for key, text in fields.items():
                try:
                    scenario_payload("-", color, {color: {key: text}})
                except ValueError as exc:
                    found[f"{color}-{key}"] = str(exc)
        return found

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

    def writer(self) -> Callable[[Database], CampaignView]:
        from chronicle.systems.arcadia_quest.service import record_scenario

        payload, name = self.payload(), self.view.name
        return lambda db: record_scenario(db, name, payload)
