"""The upgrade phase in the app, as a guided step: per guild the coins it holds, then the cards
it buys (at most 3, at their cost), discards and rearranges, and the curse each hero with a
death token keeps; live, the coins it will carry (one at most), its cards against the limit of
12 and every rule the entry would break (the form's flow: ``screens.form``). ``ctrl+s``
saves, ``escape`` cancels."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from chronicle.systems.arcadia_quest.drafts import UPGRADE_FIELDS, tally, upgrade_payload
from chronicle.systems.arcadia_quest.screens.form import CampaignForm
from chronicle.tui.text import plain

if TYPE_CHECKING:
    from rich.text import Text

    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

LABELS = {"bought": "Buy (at most 3)", "discarded": "Discard", "curses": "Curses kept "
          "(Hero=Curse)", "slots": "Slots (Hero: A, B; Hero: C)"}


class UpgradeDialog(CampaignForm):
    """Enter the upgrade phase after the last scenario; returns the campaign after it."""

    DESCRIPTION = "Recording the upgrade phase"
    TALLY_LABEL = "carry"

    def __init__(self, view: CampaignView, catalog: QuestCatalog) -> None:
        super().__init__(catalog)
        self.view = view

    def compose(self) -> ComposeResult:
        last = self.view.summary["scenarios"][-1]
        with Vertical():
            yield Label(plain(f"Upgrade phase after {last['name']} (level {last['number']} "
                              f"deck): {self.view.name}", "bold"))
            with VerticalScroll():
                for color, guild in self.view.summary["guilds"].items():
                    died = [h for h, n in guild["death_tokens"].items() if n]
                    yield Static(plain(f"{color.capitalize()} guild: {guild['coins_held']} "
                                       f"coin(s), {guild['upgrades']} card(s)"
                                       + (f"; curses for {', '.join(died)}" if died else "")),
                                 classes="aq-guild")
                    for key in UPGRADE_FIELDS:
                        with Horizontal(classes="aq-row"):
                            yield Label(LABELS[key])
                            yield Input(id=f"aq-{color}-{key}", compact=True)
            yield Static("", id="aq-tally")
            yield Static("ctrl+s saves · escape cancels")

    def on_mount(self) -> None:
        first = next(iter(self.view.summary["guilds"]))
        self.query_one(f"#aq-{first}-bought", Input).focus()
        super().on_mount()

    def payload(self) -> dict[str, Any]:
        """The upgrade phase as it would be stored."""
        fields = {color: {key: self.value(f"{color}-{key}") for key in UPGRADE_FIELDS}
                  for color in self.view.summary["guilds"]}
        return upgrade_payload(fields, self.view.summary)

    def current_tally(self) -> Tally:
        """What the entry would do."""
        return tally(self.view.events, "upgrade", self.payload(), self.catalog)

    def describe(self, found: Tally) -> Text:
        text = super().describe(found)
        if not found.problem:
            text.append("\nCards held: " + " · ".join(f"{c} {n}/12"
                                                     for c, n in found.cards.items()))
        return text

    def writer(self) -> Callable[[Database], CampaignView]:
        from chronicle.systems.arcadia_quest.service import record_upgrade

        payload, name = self.payload(), self.view.name
        return lambda db: record_upgrade(db, name, payload)
