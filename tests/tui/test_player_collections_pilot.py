"""The Players area's enter shows the highlighted player's collection of any installed game
(issue 26, items 5 and 6 from the app), on SQLite and PostgreSQL: a pick list asks which game,
the one chosen last time highlighted (a setting kept across restarts, the home game before any
choice); the home game's collection is its own area, any other game's the generic Collections
screen on that player. Keys are sent in bursts, as a terminal sends them."""

from __future__ import annotations

import asyncio

import pytest

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.services.ownership import owned_cards
from chronicle.systems import registry
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.game_collection import GameCollectionScreen, player_games
from chronicle.tui.screens.pick import PickScreen
from chronicle.tui.screens.players import PlayersScreen
from chronicle.tui.settings import load_settings
from tui.helpers import burst, screen_text, settle

NAMES = ("Ann", "Zed [b]x[/b] 🎲 زيد")
TALES = "tales-of-arcadia"


@pytest.fixture
def url(db_url: str, private_data_dir: object) -> str:
    """A database with two players, the second with a hostile name."""
    db = open_database(db_url)
    try:
        for name in NAMES:
            players.add_player(db, name)
    finally:
        db.close()
    return db_url


def picked(app: ChronicleApp) -> PickScreen[str]:
    screen = app.screen
    assert isinstance(screen, PickScreen), screen
    return screen


def highlighted(app: ChronicleApp) -> str:
    from textual.widgets import OptionList

    screen = picked(app)
    index = screen.query_one(OptionList).highlighted
    assert index is not None
    return str(screen.choices[index][1])


def test_enter_on_a_player_opens_their_collection_of_the_game_chosen(url: str) -> None:
    games = player_games(registry.home())
    keys = [key for _label, key in games]
    assert keys[0] == registry.home() and {TALES, "arcadia-quest",
                                          "hunters-of-arcfall"} <= set(keys)

    async def first() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await burst(pilot, "4")
            assert isinstance(app.screen, PlayersScreen)
            await burst(pilot, "down", "enter")        # the second player
            assert highlighted(app) == registry.home()  # no choice yet: the home game
            assert [label for label, _key in picked(app).choices] == [g[0] for g in games]
            downs = ["down"] * keys.index(TALES)
            await burst(pilot, *downs, "enter")
            screen = app.screen
            assert isinstance(screen, GameCollectionScreen)
            assert (screen.choice, screen.player) == (TALES, NAMES[1])
            assert load_settings().collection_game == TALES
            await burst(pilot, "slash", *"Gearknight", "enter", "+", "+", "+")
            assert {o.name: o.count for o in owned(url, NAMES[1], TALES)} == {"Gearknight": 3}
            assert f"{NAMES[1]} owns 3 copies" in screen_text(pilot)   # as typed
            await burst(pilot, "escape")
            assert isinstance(app.screen, PlayersScreen)
            await burst(pilot, "up", "enter")          # Ann: the game chosen last time
            assert highlighted(app) == TALES
            await burst(pilot, "escape")               # cancelled: nothing opens
            assert isinstance(app.screen, PlayersScreen)

    async def again() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await burst(pilot, "4", "enter")
            assert highlighted(app) == TALES            # kept across restarts
            await burst(pilot, "enter")
            screen = app.screen
            assert isinstance(screen, GameCollectionScreen)
            assert (screen.choice, screen.player) == (TALES, NAMES[0])
            await burst(pilot, "escape", "enter", "home", "enter")   # the home game
            shown = app.screen
            assert not isinstance(shown, GameCollectionScreen | PickScreen | PlayersScreen)
            assert getattr(shown, "player", None) == NAMES[0]     # its own area, on Ann
            assert load_settings().collection_game == registry.home()

    asyncio.run(first())
    asyncio.run(again())


def owned(url: str, player: str, game: str) -> list[object]:
    db = open_database(url)
    try:
        return list(owned_cards(db, player, game))
    finally:
        db.close()
