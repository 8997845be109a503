"""The upgrade phase in the app, as a guided step: per guild the coins it holds, then the cards
it buys (at most 3, at their cost), discards and rearranges, and the curse each hero with a
death token keeps; live, the coins it will carry (one at most), its cards against the limit of
12 and every rule the entry would break (the form's flow: ``screens.form``). The group's upgrade
cards of the level deck are listed with their costs, and ``ctrl+b`` picks one into the Buy
field of the guild being entered (a card nobody entered yet: Cards, 1, then g to Arcadia
Quest's cards and n). ``ctrl+s`` saves, ``escape`` cancels."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from chronicle.systems.arcadia_quest.drafts import UPGRADE_FIELDS, tally, upgrade_payload
from chronicle.systems.arcadia_quest.screens.form import CampaignForm, fields, heading
from chronicle.tui.text import plain
from chronicle.tui.widgets.form_grid import labelled

if TYPE_CHECKING:

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
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+b", "buy", "Buy a card", priority=True),
    ]

    def __init__(self, view: CampaignView, catalog: QuestCatalog) -> None:
        super().__init__(catalog)
        self.view = view

    def renew(self, view: CampaignView | None, catalog: QuestCatalog) -> None:
        if view is not None:
            self.view = view
        super().renew(view, catalog)

    def compose(self) -> ComposeResult:
        last = self.view.summary["scenarios"][-1]
        with Vertical():
            yield Static(plain(f"Upgrade phase after {last['name']} (level {last['number']} "
                              f"deck): {self.view.name}", "bold"))
            yield Static(self.offer_text(), id="aq-offer")
            with VerticalScroll(), fields():
                for color, guild in self.view.summary["guilds"].items():
                    died = [h for h, n in guild["death_tokens"].items() if n]
                    yield heading(f"{color.capitalize()} guild: {guild['coins_held']} "
                                  f"coin(s), {guild['upgrades']} card(s)"
                                  + (f"; curses for {', '.join(died)}" if died else ""))
                    for key in UPGRADE_FIELDS:
                        yield from labelled(LABELS[key],
                                            Input(id=f"aq-{color}-{key}"))
            yield Static("", id="aq-tally")
            yield Static("ctrl+s saves · escape cancels")

    def on_mount(self) -> None:
        first = next(iter(self.view.summary["guilds"]))
        self.query_one(f"#aq-{first}-bought", Input).focus()

    def level(self) -> int:
        """The level of the deck on offer: the last scenario's number."""
        return int(self.view.summary["scenarios"][-1]["number"])

    def offer_text(self) -> Text:
        """How many of the group's upgrade cards the level deck holds (``ctrl+b`` lists them
        with their costs)."""
        from chronicle.systems.arcadia_quest.offer import on_offer

        count = len(on_offer(self.catalog, self.level()))
        if not count:
            return plain(f"No upgrade card of the level {self.level()} deck is entered yet: "
                         "enter them in Cards (1, g to Arcadia Quest's cards, then n).",
                         "yellow")
        return plain(f"ctrl+b buys one of the {count} card(s) of the level {self.level()} "
                     "deck (with their costs) for the guild being entered.", "dim")

    def guild_at(self) -> str:
        """The guild whose field has the focus (else the first)."""
        focused = self.focused
        colors: list[str] = list(self.view.summary["guilds"])
        if focused is not None and focused.id:
            for color in colors:
                if focused.id.startswith(f"aq-{color}-"):
                    return color
        return colors[0]

    def action_buy(self) -> None:
        """Pick a card of the level deck into the Buy field of the guild being entered."""
        from chronicle.systems.arcadia_quest.offer import offer_label, on_offer
        from chronicle.tui.screens.pick import PickScreen

        cards = on_offer(self.catalog, self.level())
        if not cards:
            self.notify("No upgrade card of this deck is entered yet: enter them in Cards (1, "
                        "g to Arcadia Quest's cards, then n).", severity="warning")
            return
        color = self.guild_at()
        field = self.query_one(f"#aq-{color}-bought", Input)

        def picked(name: str | None) -> None:
            if name:
                field.value = ", ".join([*(p.strip() for p in field.value.split(",")
                                           if p.strip()), name])
                field.cursor_position = len(field.value)
            field.focus()

        self.app.push_screen(PickScreen(f"Buy for the {color} guild",
                                        f"The level {self.level()} deck (enter picks, escape "
                                        "cancels)",
                                        [(offer_label(card), card.name) for card in cards]),
                             picked)

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
