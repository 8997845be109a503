"""Starting a campaign in the app: its name, then up to four guilds in seating order (clockwise), a
row each: its colour, its player and its three heroes; each guild gets the five starting cards
spread over its heroes (2, 2, 1), as ``chronicle campaign new`` gives them. Live, every rule the
start would break (two to four guilds, a colour or a hero taken twice, three heroes each);
``ctrl+s`` starts it through the same service as the command line, ``escape`` cancels (the
form's flow: ``screens.form``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Checkbox, Input, Static

from chronicle.systems.arcadia_quest.drafts import COLORS, campaign_guilds, new_campaign_tally
from chronicle.systems.arcadia_quest.screens.form import CampaignForm, fields
from chronicle.tui.text import plain
from chronicle.tui.widgets.form_grid import cell, head, labelled

if TYPE_CHECKING:
    from rich.text import Text

    from chronicle.services.db import Database
    from chronicle.systems.arcadia_quest.drafts import Tally
    from chronicle.systems.arcadia_quest.service import CampaignView

SEATS = len(COLORS)
NAME_WIDTH = 15
"""The first column: the name's label, then each guild's colour."""


class NewCampaignDialog(CampaignForm):
    """Start a campaign; returns it, or None."""

    DESCRIPTION = "Starting the campaign"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain("A new Arcadia Quest campaign", "bold"))
            with VerticalScroll():
                with fields(columns=f"{NAME_WIDTH} 1fr 2fr", label_width=NAME_WIDTH):
                    yield from labelled("Campaign name", Input(id="aq-name"), span=2)
                    yield from (head("Colour"), head("Player"), head("Heroes (three: a, b, c)"))
                    for seat in range(SEATS):
                        yield cell(Input(value=COLORS[seat], id=f"aq-{seat}-color"))
                        yield cell(Input(id=f"aq-{seat}-player"))
                        yield cell(Input(id=f"aq-{seat}-heroes"))
                yield Checkbox("Two guilds: a winning quest must be PvE", True, id="aq-pve")
            yield Static("", id="aq-tally")
            yield Static("Guilds sit in this order, clockwise; a row left empty is no guild. "
                         "Untick the box if both of the winner's quests may be PvP.\n"
                         "ctrl+s starts the campaign · escape cancels", markup=False)

    def on_mount(self) -> None:
        self.query_one("#aq-name", Input).focus()

    def on_checkbox_changed(self, _event: Checkbox.Changed) -> None:
        self.refresh_tally()

    def rows(self) -> list[tuple[str, str, str]]:
        """Each seat's colour, player and heroes as typed."""
        return [(self.value(f"{seat}-color"), self.value(f"{seat}-player"),
                 self.value(f"{seat}-heroes")) for seat in range(SEATS)]

    def two_player_pve(self) -> bool:
        """Whether, with two guilds, one of the winner's quests must be PvE."""
        return self.query_one("#aq-pve", Checkbox).value

    def field_problems(self) -> dict[str, str]:
        """The name, and a colour that is none of the four: said under the field."""
        from chronicle.domain.limits import name_problem

        found: dict[str, str] = {}
        name = self.value("name")
        wrong = name_problem(name.strip(), "the campaign's name") if name.strip() else None
        if wrong:
            found["name"] = wrong[:1].upper() + wrong[1:] + "."
        for seat, (color, player, heroes) in enumerate(self.rows()):
            if (player.strip() or heroes.strip()) and color.strip().lower() not in COLORS:
                found[f"{seat}-color"] = ("A guild's colour is " + ", ".join(COLORS)
                                          + f" (guild {seat + 1}).")
        return found

    def current_tally(self) -> Tally:
        return new_campaign_tally(self.value("name"), campaign_guilds(self.rows()),
                                  self.two_player_pve(), self.catalog)

    def describe(self, found: Tally) -> Text:
        text = super().describe(found)
        if not found.problem and not found.errors:
            if text.plain:
                text.append("\n")
            text.append_text(plain("Ready: " + " · ".join(
                f"{color} {count} starting cards" for color, count in found.cards.items()),
                "green"))
        return text

    def writer(self) -> Callable[[Database], CampaignView]:
        from chronicle.systems.arcadia_quest.service import new_campaign

        name, guilds = self.value("name").strip(), campaign_guilds(self.rows())
        pve = self.two_player_pve()
        return lambda db: new_campaign(db, name, guilds, two_player_pve=pve)
