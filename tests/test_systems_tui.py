"""The app's "Other games" area (key 5): the installed game systems from the registry, each
game's main screen opened with enter (imported only then), a game without screens listed as
command line only. One Pilot run at 80x24 with the toy game registered for the test: its
screen shows the bag the database keeps for it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from textual.pilot import Pilot
from tui.helpers import screen_text, settle

from chronicle.services.db import open_database
from chronicle.services.players import add_player
from chronicle.systems import registry
from chronicle.systems.protocol import CommandGroup, GameSystem
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import GameSystemList, OtherGamesScreen

SIZE = (80, 24)
PLAIN = GameSystem(key="toy-plain", label="Plainly [b]CLI", editions=(), card_kinds=(),
                   file_kinds=(), commands=(CommandGroup("plain", "plain", "nowhere:here"),))
BROKEN = GameSystem(key="toy-broken", label="Broken screen", editions=(), card_kinds=(),
                    file_kinds=(), screens={"main": "nowhere.at_all:Screen"})


def test_area_5_lists_the_other_games_and_opens_the_toys_screen(tmp_path: Path) -> None:
    from toy_game import SYSTEM

    url = f"sqlite:///{tmp_path}/t.db"
    sys.modules.pop("toy_game.screen", None)

    async def run() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("5")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, OtherGamesScreen)
            shown = screen_text(pilot)
            labels = [one.label for one in screen.games]
            assert SYSTEM.label in labels and "Arcadia: The Wyld Hunt" not in labels
            assert "Pebbles (a toy game)" in shown and "1-5" in shown
            assert "toy_game.screen" not in sys.modules  # listed, not imported
            assert "Plainly [b]CLI" in shown and "command line only" in shown  # as typed
            await choose(pilot, screen, PLAIN.label)
            await choose(pilot, screen, BROKEN.label)
            assert app.screen is screen  # neither opened a screen, nor took the app down
            said = [(n.title, str(n.message)) for n in app._notifications]
            assert ("Command line only", "Plainly [b]CLI has no screen in the app yet: use "
                    "chronicle plain.") in said
            assert any(title == "Broken screen cannot be opened" and "nowhere" in message
                       for title, message in said), said
            await choose(pilot, screen, SYSTEM.label)
            assert type(app.screen).__name__ == "PebblesScreen"
            shown = screen_text(pilot)  # read from the database by the game's screen
            assert "Pebbles: the bags of the play group" in shown
            assert "Ada · Sack [/x] (limit 5): empty" in shown
            await pilot.press("5")  # the area key comes back to the list
            await settle(pilot)
            assert app.screen is screen

    with registry.registered(SYSTEM), registry.registered(PLAIN), registry.registered(BROKEN):
        from toy_game.service import new_bag

        db = open_database(url)
        add_player(db, "Ada")
        new_bag(db, "Ada", "Sack [/x]", 5)
        db.engine.dispose()
        asyncio.run(run())


async def choose(pilot: Pilot[int], screen: OtherGamesScreen, label: str) -> None:
    """Put the cursor on the game called ``label`` and press enter."""
    listing = screen.query_one(GameSystemList)
    listing.cursor = [one.label for one in screen.games].index(label)
    await pilot.press("enter")
    await settle(pilot)
