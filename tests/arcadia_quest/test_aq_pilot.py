"""Arcadia Quest in the app, driven with Pilot: the campaigns screen shows the guild board of a
campaign with a hostile name, recording a scenario tallies the coins live and saves it, and the
upgrade phase shows its limits live, refuses to save while one is broken and saves once set
right; the campaign sheet prints from the app; a campaign is started (its rules live),
renamed, deleted, archived and brought back."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui.helpers import screen_text, settle

from chronicle.services.db import open_database
from chronicle.systems.arcadia_quest.screens.campaigns import CampaignsScreen
from chronicle.systems.arcadia_quest.screens.new_campaign import NewCampaignDialog
from chronicle.systems.arcadia_quest.screens.scenario import ScenarioDialog
from chronicle.systems.arcadia_quest.screens.upgrade import UpgradeDialog
from chronicle.systems.arcadia_quest.service import (
    list_campaigns,
    new_campaign,
    record_scenario,
    show_campaign,
)
from chronicle.tui.app import ChronicleApp

HOSTILE = "[/x] Winter 🎲"
GUILDS = [{"color": "blue", "player": "Ana [b]", "heroes": ["Diva", "Greensleeves", "Grom"]},
          {"color": "green", "player": "Ben", "heroes": ["Maya", "Zazu", "Kanga"]}]


def start(tmp_path: Path, *, played: bool) -> str:
    url = f"sqlite:///{tmp_path}/aq.db"
    db = open_database(url)
    new_campaign(db, HOSTILE, GUILDS)
    if played:
        record_scenario(db, HOSTILE, {
            "name": "District of Hammers", "winner": "blue",
            "guild": [{"color": "blue", "quests": ["A", "B"], "first": ["A"],
                       "monster_coins": 3},
                      {"color": "green", "deaths": {"Maya": 1}, "neutral_deaths": {"Maya": 1}}]})
    db.close()
    return url


def drive(url: str, scenario: Any) -> None:
    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            await app.push_screen(CampaignsScreen())
            await settle(pilot)
            await scenario(pilot)

    asyncio.run(main())


def tally(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#aq-tally", Static).render())


def test_recording_a_scenario_with_a_live_coin_tally(tmp_path: Path, aq_cards: Path,
                                                     private_data_dir: Path) -> None:
    url = start(tmp_path, played=False)

    async def scenario(pilot: Pilot[Any]) -> None:
        shown = screen_text(pilot)
        assert HOSTILE in shown and "Ana [b]" in shown and "0 of 6" in shown
        assert "Next: scenario 1 (outer circle)" in shown
        await pilot.press("s")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, ScenarioDialog)
        dialog.query_one("#aq-name", Input).value = "District of Hammers"
        await pilot.press(*"blue")
        dialog.query_one("#aq-blue-quests", Input).value = "Break the forge, Free the smiths"
        dialog.query_one("#aq-blue-first", Input).value = "Break the forge"
        dialog.query_one("#aq-blue-monster_coins", Input).value = "3"
        dialog.query_one("#aq-green-deaths", Input).value = "Maya"
        dialog.query_one("#aq-green-neutral_deaths", Input).value = "Maya"
        await pilot.pause()
        assert "blue 6 · green 0" in tally(pilot) or "blue 7 · green 0" in tally(pilot)
        dialog.query_one("#aq-blue-chests", Input).value = "two"
        await pilot.pause()
        assert "whole number" in tally(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is dialog
        dialog.query_one("#aq-blue-chests", Input).value = "1"
        await pilot.pause()
        assert "blue 8 · green 0" in tally(pilot), tally(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CampaignsScreen)
        shown = screen_text(pilot)
        assert "1. District of Hammers: won by blue" in shown
        assert "Next: scenario 2" in shown
        await pilot.press("p")
        await settle(pilot)
        (sheet,) = (private_data_dir / "exports").glob("*.pdf")
        assert sheet.name.endswith("-campaign.pdf")

    drive(url, scenario)


def test_the_upgrade_phase_as_a_guided_step(tmp_path: Path, aq_cards: Path) -> None:
    url = start(tmp_path, played=True)

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("g")
        await settle(pilot)
        dialog = pilot.app.screen
        assert isinstance(dialog, UpgradeDialog)
        assert "curses for Maya" in screen_text(pilot)
        bought = dialog.query_one("#aq-blue-bought", Input)
        bought.value = ", ".join(f"Test Upgrade L1{x}" for x in "ABCD")
        await pilot.pause()
        assert "at most 3" in tally(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert pilot.app.screen is dialog
        bought.value = "Test Upgrade L1A"
        dialog.query_one("#aq-blue-slots", Input).value = "Grom: Slingshot, Test Upgrade L1A"
        await pilot.pause()  # Maya died: she keeps a curse (curse.missing, in the app's terms)
        assert "keeps no Death Curse" in tally(pilot)
        assert "Maya=CURSE in the green guild's Curses kept field" in tally(pilot)
        dialog.query_one("#aq-green-curses", Input).value = "Maya=Hex"
        await pilot.pause()
        assert "error" not in tally(pilot) and "Cards held: blue 6/12" in tally(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(pilot.app.screen, CampaignsScreen)
        shown = screen_text(pilot)
        assert "curse: Hex" in shown and "cards 6/12" in shown

    drive(url, scenario)


def test_campaigns_started_renamed_deleted_and_brought_back_in_the_app(
        tmp_path: Path, aq_cards: Path) -> None:
    url = start(tmp_path, played=True)
    renamed = "[b]Spring"

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("n")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        assert "Type the campaign's name" in tally(pilot)
        await pilot.press(*"Spring")
        dialog.query_one("#aq-0-player", Input).value = "Ana [b]"
        dialog.query_one("#aq-0-heroes", Input).value = "Diva, Greensleeves, Grom"
        dialog.query_one("#aq-1-color", Input).value = "orange"
        dialog.query_one("#aq-1-heroes", Input).value = "Maya, Zazu"
        await pilot.pause()
        assert tally(pilot).startswith("error: two guilds are orange")  # the rules, live
        await pilot.press("ctrl+s")                 # refused while the tally shows errors
        await settle(pilot)
        assert app.screen is dialog
        dialog.query_one("#aq-1-color", Input).value = "green"
        await pilot.pause()
        assert "the green guild has 2 hero(es); a guild has exactly 3" in tally(pilot)
        dialog.query_one("#aq-1-heroes", Input).value = "Maya, Zazu, Kanga"
        await pilot.pause()
        assert "Ready: orange 5 starting cards · green 5 starting cards" in tally(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert app.screen.current() is not None and app.screen.current().name == "Spring"
        await pilot.press("r")                      # rename, as the command line does
        await settle(pilot)
        keys = {"[": "left_square_bracket", "]": "right_square_bracket"}
        await pilot.press("ctrl+u", *(keys.get(c, c) for c in renamed))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert app.screen.current().name == renamed  # type: ignore[union-attr]
        await pilot.press("delete")                 # nothing recorded: gone for good
        await settle(pilot)
        assert "will be deleted for good" in getattr(app.screen, "detail", "")
        await pilot.press("y")
        await settle(pilot)
        assert [v.name for v in app.screen.views] == [HOSTILE]  # type: ignore[attr-defined]
        await pilot.press("delete")                 # a scenario recorded: archived
        await settle(pilot)
        assert "archived, not erased: its history is kept (1 event)" in \
            getattr(app.screen, "detail", "")
        await pilot.press("y")
        await settle(pilot)
        assert app.screen.views == []               # type: ignore[attr-defined]
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert [v.name for v in app.screen.views] == [HOSTILE]  # type: ignore[attr-defined]

    drive(url, scenario)
    db = open_database(url)
    assert [v.name for v in list_campaigns(db)] == [HOSTILE]
    assert len(show_campaign(db, HOSTILE).summary["scenarios"]) == 1
