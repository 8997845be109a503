"""Fresh after edits (issue 31, item 7): renaming a player keeps the highlight on that row, the
Characters area shows the new owner at once (a character opened right after is the new
owner's, and spending works), and no reload moves the highlight to another row."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.characters import CharacterList, CharactersScreen, Entry
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.base import kept_row
from chronicle.tui.screens.name_dialog import NameDialog
from chronicle.tui.screens.players import PlayersScreen
from chronicle.tui.widgets.card_list import CardList
from tui.helpers import burst, settle


def test_kept_row_keeps_the_row_renamed_or_its_place() -> None:
    assert kept_row(["a", "b", "c"], "b", 1, renamed="z") == 1
    assert kept_row(["a", "z", "c"], "b", 1, renamed="z") == 1
    assert kept_row(["a", "c", "z"], "b", 1, renamed="z") == 2  # sorted elsewhere: followed
    assert kept_row(["a", "c"], "b", 1) == 1  # deleted: its neighbour, not the top
    assert kept_row(["a"], "b", 5) == 0 and kept_row([], None, 3) == 0


def test_renaming_a_player_keeps_the_row_and_the_characters_follow(demo_url: str) -> None:
    db = open_database(demo_url)
    players.add_player(db, "Mina")
    players.add_player(db, "Zed")
    db.engine.dispose()

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("2")  # the Characters area entered once (shown Tim's)
        await settle(pilot)
        await pilot.press("4")
        await settle(pilot)
        shown = app.screen
        assert isinstance(shown, PlayersScreen)
        screen: PlayersScreen = shown
        names = [p.name for p in screen.players]
        listing = screen.query_one(CardList)
        listing.cursor = names.index("Tim")
        await settle(pilot)
        await burst(pilot, "r")
        assert isinstance(app.screen, NameDialog)
        await burst(pilot, "ctrl+u", *"Timothy", "enter")
        assert app.screen_stack[-1] is screen
        names = [p.name for p in screen.players]
        assert "Timothy" in names and "Tim" not in names
        assert screen.players[listing.cursor].name == "Timothy"  # the row renamed, moved
        # a reload leaves the highlight where it is
        listing.cursor = names.index("Zed")
        await settle(pilot)
        screen.action_reload()
        await settle(pilot)
        assert screen.players[listing.cursor].name == "Zed"
        # the Characters area shows the new owner at once: enter opens Timothy's character
        await burst(pilot, "2")
        characters = app.screen
        assert isinstance(characters, CharactersScreen)
        owners = {entry.player for entry in characters.entries.values()}
        assert "Timothy" in owners and "Tim" not in owners
        rows = characters.query_one(CharacterList)
        key = next(k for k, e in characters.entries.items() if e == Entry("Timothy",
                                                                          "Winerdria"))
        rows.highlighted = rows.get_option_index(key)
        await burst(pilot, "enter")
        opened = app.screen
        assert isinstance(opened, CharacterViewScreen)
        assert opened.player == "Timothy"

    async def main() -> None:
        async with ChronicleApp(demo_url).run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())
