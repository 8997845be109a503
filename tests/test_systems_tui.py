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
        from toy_game.service import BAGS

        db = open_database(url)
        add_player(db, "Ada")
        BAGS.create(db, "Sack [/x]", {"limit": 5}, "Ada")
        db.engine.dispose()
        asyncio.run(run())


async def choose(pilot: Pilot[int], screen: OtherGamesScreen, label: str) -> None:
    """Put the cursor on the game called ``label`` and press enter."""
    listing = screen.query_one(GameSystemList)
    listing.cursor = [one.label for one in screen.games].index(label)
    await pilot.press("enter")
    await settle(pilot)


def test_the_app_areas_come_from_the_home_system() -> None:
    """The home system's areas take the first number keys, the app's own follow; without a
    home system the app keeps its own; the help speaks of the areas the keys open."""
    from chronicle.systems.protocol import Area, HomeParts
    from chronicle.tui.app import app_areas, area_bindings
    from chronicle.tui.screens.help import help_source

    home = GameSystem(key="toy-home", label="Home", editions=(), card_kinds=(), file_kinds=(),
                      screens={"bags": "toy_game.screen:PebblesScreen"},
                      home=HomeParts(areas=(
                          Area("bags", "Bags", "Every bag", "bags", shows_player=True),
                          Area("lost", "Lost", "Its screen is not named", "nowhere"))))
    areas = app_areas(home)
    assert [(a.mode, a.title, a.screen, a.shows_player) for a in areas] == [
        ("bags", "Bags", "toy_game.screen:PebblesScreen", True),
        ("players", "Players", "chronicle.tui.screens.players:PlayersScreen", False),
        ("other", "Other games", "chronicle.tui.screens.other_games:OtherGamesScreen", False)]
    first, *others = area_bindings(areas)
    assert (first.key, first.action, first.key_display, first.show) == (
        "1", "open_mode('bags')", "1-3", True)
    assert first.tooltip == "1 Bags · 2 Players · 3 Other games"
    assert [(b.key, b.description, b.show) for b in others] == [
        ("2", "Players", False), ("3", "Other games", False)]
    assert [a.mode for a in app_areas(None)] == ["players", "other"]
    text = help_source(tuple((a.mode, a.title) for a in areas), "## Bags (1)\nBags.", "Bags")
    assert "**1** Bags · **2** Players · **3** Other games" in text
    assert "## Players (2)" in text and "collection in Bags" in text
    assert text.index("## Bags (1)") < text.index("## Other games (3)")
    home_keys = registry.system(registry.DEFAULT)
    assert [a.title for a in app_areas(home_keys)][:3] == ["Cards", "Characters", "Games"]


def test_the_games_and_their_commands_are_shown_whole(tmp_path: Path) -> None:
    """The commands column takes the width a window leaves: at 80 columns a game's name and
    the commands of the bundled games fit, and a wide window shows every one whole."""
    from chronicle.tui.screens.other_games import commands_cell

    async def run(size: tuple[int, int]) -> None:
        app = ChronicleApp(f"sqlite:///{tmp_path}/t{size[0]}.db")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("5")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, OtherGamesScreen) and screen.games
            lines = screen_text(pilot).splitlines()
            for game in screen.games:
                row = next(line for line in lines if line.strip().startswith(game.label))
                assert commands_cell(game) in row, (size, row)

    for size in (SIZE, (200, 50)):
        db = open_database(f"sqlite:///{tmp_path}/t{size[0]}.db")
        add_player(db, "Ada")  # no welcome dialog
        db.engine.dispose()
        asyncio.run(run(size))
