"""The upgrade phase in the app, as a guided step: per guild the coins it holds, then the cards
it buys (at most 3, at their cost), discards and rearranges, and the curse each hero with a
death token keeps; live, the coins it will carry (one at most), its cards against the limit of
12 and every rule the entry would break. ``ctrl+s`` saves, ``escape`` cancels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from chronicle.systems.arcadia_quest.drafts import UPGRADE_FIELDS, tally, upgrade_payload
from chronicle.systems.arcadia_quest.screens.scenario import tally_text
from chronicle.tui.screens.base import chronicle_app
from chronicle.tui.text import plain

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

LABELS = {"bought": "Buy (at most 3)", "discarded": "Discard", "curses": "Curses kept "
          "(Hero=Curse)", "slots": "Slots (Hero: A, B; Hero: C)"}


class UpgradeDialog(ModalScreen["CampaignView | None"]):
    """Enter the upgrade phase after the last scenario; returns the campaign after it."""

    DEFAULT_CSS = """
    UpgradeDialog > Vertical { width: 96%; height: 94%; background: $surface;
                               border: round $accent; padding: 0 1; }
    UpgradeDialog VerticalScroll { height: 1fr; }
    UpgradeDialog .aq-row { height: auto; }
    UpgradeDialog .aq-row Label { width: 30; padding: 0 1 0 0; }
    UpgradeDialog .aq-row Input { width: 1fr; background: $boost; }
    UpgradeDialog .aq-row Input:focus { background: $accent 30%; }
    UpgradeDialog .aq-guild { padding: 1 0 0 0; }
    UpgradeDialog #aq-tally { height: auto; max-height: 9; border-top: solid $panel; }
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
        self.refresh_tally()

    def payload(self) -> dict[str, Any]:
        """The upgrade phase as it would be stored."""
        fields = {color: {key: self.query_one(f"#aq-{color}-{key}", Input).value
                          for key in UPGRADE_FIELDS}
                  for color in self.view.summary["guilds"]}
        return upgrade_payload(fields, self.view.summary)

    def current_tally(self) -> Tally:
        """What the entry would do."""
        return tally(self.view.events, "upgrade", self.payload(), self.catalog)

    def refresh_tally(self) -> None:
        found = self.current_tally()
        text = tally_text(found, "carry")
        if not found.problem:
            text.append("\nCards held: " + " · ".join(f"{c} {n}/12"
                                                     for c, n in found.cards.items()))
        self.query_one("#aq-tally", Static).update(text)

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.refresh_tally()

    def action_save(self) -> None:
        """Save the upgrade phase (the service checks it again); stay open when refused."""
        from chronicle.systems.arcadia_quest.service import record_upgrade

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
            return record_upgrade(db, name, payload)

        def failed(_exc: Exception) -> None:
            self.saving = False

        def done(view: CampaignView) -> None:
            self.dismiss(view)

        chronicle_app(self).call_service(work, done, failed=failed,
                                         description="Recording the upgrade phase")

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
