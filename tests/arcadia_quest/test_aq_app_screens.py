"""Arcadia Quest's screens in the app, driven with Pilot (keys in bursts): opened from Other
games with the focus on the campaigns, escape goes back there; undo says which event and asks
first; a bad value in a form is said under its field and every value stays as typed (markup,
emoji, Arabic, 10,000 characters in every field); the upgrade phase buys the group's upgrade
cards (ctrl+b) and an unknown card's fix is said in the app's terms; every screen and form at
80x24 and 60x20 shows its footer keys and the board whole (no name cut)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui.helpers import screen_text, settle

from chronicle.services.db import open_database
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest.screens.campaigns import CampaignList, CampaignsScreen
from chronicle.systems.arcadia_quest.screens.new_campaign import NewCampaignDialog
from chronicle.systems.arcadia_quest.screens.scenario import ScenarioDialog
from chronicle.systems.arcadia_quest.screens.upgrade import UpgradeDialog
from chronicle.systems.arcadia_quest.service import new_campaign, record_scenario, show_campaign
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.confirm import ConfirmScreen
from chronicle.tui.screens.help import screen_keys
from chronicle.tui.screens.other_games import OtherGamesScreen
from chronicle.tui.screens.pick import PickScreen

NAME = "The Long Winter Campaign of the Northern Guilds 🎲 صياد الظلال [/x]"
LONG = "Ж" * 9_990 + "[/x] 🐉"
HOSTILE = ["[/x] [b]Vex\\", "Drache 🐉", "صياد الظلال", LONG]
GUILDS = [{"color": "blue", "player": "Ana [b]", "heroes": ["Diva", "Greensleeves", "Grom"]},
          {"color": "green", "player": "Ben", "heroes": ["Maya", "Zazu", "Kanga"]}]


def start(tmp_path: Path, name: str = "aq") -> str:
    url = f"sqlite:///{tmp_path}/{name}.db"
    db = open_database(url)
    new_campaign(db, NAME, GUILDS)
    record_scenario(db, NAME, {
        "name": "District of Hammers", "winner": "blue",
        "guild": [{"color": "blue", "quests": ["A", "B"], "first": ["A"], "monster_coins": 3},
                  {"color": "green", "deaths": {"Maya": 1}, "neutral_deaths": {"Maya": 1}}]})
    db.close()
    return url


def drive(url: str, scenario: Any, size: tuple[int, int] = (80, 24)) -> None:
    """Area 5, then Arcadia Quest (enter), then ``scenario``."""
    from chronicle.tui.screens.other_games import installed_games

    async def main() -> None:
        keys = [one.key for one in installed_games()[0]]
        app = ChronicleApp(url)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            if app.screen.is_modal:                     # the welcome: no players
                await pilot.press("escape")
            await pilot.press("5", *["down"] * keys.index(KEY), "enter")
            await settle(pilot)
            assert isinstance(app.screen, CampaignsScreen)
            assert isinstance(app.focused, CampaignList)   # as on Wyld Hunt's screens
            await scenario(pilot)

    asyncio.run(main())


def footer(pilot: Pilot[Any]) -> str:
    return next(line for line in reversed(screen_text(pilot).splitlines()) if "palette" in line)


def said(pilot: Pilot[Any], key: str) -> str:
    """What the form says under the field ``#aq-KEY`` (empty while hidden)."""
    line = pilot.app.screen.query_one(f"#aq-{key}-error", Static)
    return str(line.render()) if line.display else ""


def test_escape_and_undo_behave_as_wyld_hunts(tmp_path: Path, aq_cards: Path) -> None:
    url = start(tmp_path)

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("u")                          # asks first, saying which event
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Undo event 2?"
        assert "District of Hammers" in app.screen.detail
        await pilot.press("n")                          # no: nothing undone
        await settle(pilot)
        assert "1. District of Hammers" in screen_text(pilot)
        await pilot.press("u", "y")
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert "0 of 6" in screen_text(pilot)
        await pilot.press("u")                          # nothing left: said, nothing asked
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert any("nothing to undo" in str(n.message) for n in app._notifications)
        await pilot.press("escape")                     # back to the other games
        await settle(pilot)
        assert isinstance(app.screen, OtherGamesScreen)

    drive(url, scenario)
    history = show_campaign(open_database(url), NAME).history
    assert [h.undone_by for h in history][1] is not None


def test_a_bad_value_is_said_under_its_field_and_nothing_typed_is_lost(
        tmp_path: Path, aq_cards: Path) -> None:
    url = start(tmp_path)

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("s")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ScenarioDialog)
        await pilot.press(*"purple")                    # the winner field has the focus
        await settle(pilot)
        assert "Type the winner's colour: blue, green" in said(pilot, "winner")
        dialog.query_one("#aq-blue-chests", Input).value = "two"
        await pilot.pause()
        assert "blue: chests is a whole number, not 'two'" in said(pilot, "blue-chests")
        await pilot.press("ctrl+s")                     # refused: every value stays
        await settle(pilot)
        assert app.screen is dialog
        assert dialog.query_one("#aq-winner", Input).value == "purple"
        assert dialog.query_one("#aq-blue-chests", Input).value == "two"
        inputs = list(dialog.query(Input))
        for value in HOSTILE:                           # in every field at once
            for field in inputs:
                field.value = value
            await pilot.pause()
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is dialog
            assert all(field.value == value for field in inputs), value[:20]
            assert said(pilot, "blue-hero_kills")      # a count that is no number
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)

        await pilot.press("n")                          # the new-campaign form
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        dialog.query_one("#aq-name", Input).value = LONG
        dialog.query_one("#aq-0-color", Input).value = "purple 🐉"
        dialog.query_one("#aq-0-player", Input).value = HOSTILE[2]
        await pilot.pause()
        assert "at most 200" in said(pilot, "name")
        assert "A guild's colour is orange, blue, red, green" in said(pilot, "0-color")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is dialog and dialog.query_one("#aq-name", Input).value == LONG
        assert dialog.query_one("#aq-0-player", Input).value == HOSTILE[2]
        await pilot.press("escape")
        await settle(pilot)

    drive(url, scenario)
    assert len(show_campaign(open_database(url), NAME).summary["scenarios"]) == 1


def test_the_upgrade_phase_buys_the_groups_cards(tmp_path: Path, aq_cards: Path) -> None:
    url = start(tmp_path)

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("g")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, UpgradeDialog)
        assert "ctrl+b buys one of the" in screen_text(pilot)
        await pilot.press("ctrl+b")                     # the blue guild's field has the focus
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, PickScreen)
        labels = [label for label, _value in picker.choices]
        assert "Fire Sword · 4 coins" in labels and "Test Upgrade L1A · 3 coins" in labels
        assert not any("L2" in label for label in labels)   # the level 1 deck only
        await pilot.press("enter")                      # the first: Fire Sword
        await settle(pilot)
        bought = dialog.query_one("#aq-blue-bought", Input)
        assert app.screen is dialog and bought.value == "Fire Sword"
        await pilot.press("ctrl+b", "down", "enter")    # a second one goes after it
        await settle(pilot)
        assert bought.value.startswith("Fire Sword, ") and len(bought.value.split(",")) == 2
        bought.value = "Fire Sword, Nobody's Blade"     # a card nobody entered
        await pilot.pause()
        tally = str(dialog.query_one("#aq-tally", Static).render())
        assert "no upgrade card is called \"Nobody's Blade\"" in tally
        assert "enter it in Cards (1): g to Arcadia Quest's cards, then n" in tally
        assert "[[card]]" not in tally and "chronicle " not in tally
        bought.value = "Fire Sword"
        dialog.query_one("#aq-green-curses", Input).value = "Maya=Hex"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert "cards 6/12" in screen_text(pilot)

    drive(url, scenario)
    view = show_campaign(open_database(url), NAME)
    assert view.summary["guilds"]["blue"]["upgrades"] == 6
    assert view.history[-1].kind == "upgrade"


def test_every_screen_and_form_fits_80x24_and_60x20(tmp_path: Path, aq_cards: Path) -> None:
    for size in ((80, 24), (60, 20), (200, 50)):
        url = start(tmp_path, f"aq{size[0]}")
        wide = size[0] >= 80

        async def scenario(pilot: Pilot[Any], wide: bool = wide,
                           size: tuple[int, int] = size) -> None:
            app = pilot.app
            shown = footer(pilot)
            for key in ["n New", "s Scenario", "g Buy", "u Undo", "? Help",
                        *(["r Rename", "del Delete"] if wide else [])]:
                assert key in shown, (size, key, shown)
            keys = screen_keys(app.screen)         # the help: every key, narrow or not
            for key in ("`r` Rename", "`del` Delete", "`b` Bring back archived", "`esc` Back",
                        "`p` Print the campaign sheet", "`u` Undo", "`g` Buy"):
                assert key in keys, key
            assert "Open" not in keys                   # enter does nothing here: not listed
            text = screen_text(pilot)
            assert "…" not in text.split("│", 1)[-1].replace("The Long Winter…", "")
            board = str(app.screen.query_one("#aq-board", Static).render())
            flat = " ".join(board.split())
            assert " ".join(NAME.split()) in flat           # the campaign's name whole
            for card in ("Life Drain", "Nova Bolt", "Parrying Blade", "Rusty Blade",
                         "Slingshot", "Greensleeves"):
                assert card in flat, (size, card)
            for key, form, label in (("s", ScenarioDialog, "Monster coins"),
                                     ("g", UpgradeDialog, "Buy (at most 3)"),
                                     ("n", NewCampaignDialog, "Campaign name")):
                await pilot.press(key)
                await settle(pilot)
                assert isinstance(app.screen, form)
                text = screen_text(pilot)
                assert label in text and "escape cancels" in text, (size, key)
                await pilot.press("escape")
                await settle(pilot)

        drive(url, scenario, size)


def test_undo_never_takes_back_another_event_than_the_one_asked(tmp_path: Path,
                                                                 aq_cards: Path) -> None:
    """Someone else records an upgrade phase after the screen was read: the undo asked about
    (event 2) is no longer the last one, so nothing is undone and the app says why in its own
    terms (no command line)."""
    url = start(tmp_path)

    async def scenario(pilot: Pilot[Any]) -> None:
        from chronicle.systems.arcadia_quest.service import correct

        app = pilot.app
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == "Undo event 2?"
        correct(open_database(url), NAME, {"color": "blue", "note": "a coin found",
                                            "coins": 1})
        await pilot.press("y")
        await settle(pilot)
        messages = [str(n.message) for n in app._notifications]
        assert any("no longer the last one to undo" in m for m in messages), messages
        assert not any("chronicle " in m for m in messages)

    drive(url, scenario)
    history = show_campaign(open_database(url), NAME).history
    assert all(h.undone_by is None for h in history)
