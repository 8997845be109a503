"""Every game's collections in the app (issue 26, item 5 from the app): the Collections screen
shows a player's copies of any installed game's cards, on SQLite and PostgreSQL. Bursts of
``+``/``-`` land whole in the database (summed while a save runs, never lost, never below
zero); ``p`` switches player, ``g`` game (kept across restarts), ``o`` shows the cards owned;
hostile names (markup, emoji, right-to-left, a player's name in brackets) show as typed. The
toy game under tests/ gets it with no code of its own."""

from __future__ import annotations

import asyncio

import pytest

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.services.ownership import owned_cards
from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.cards import GameCardsScreen
from chronicle.tui.screens.game_collection import GameCollectionScreen
from chronicle.tui.settings import load_settings
from tui.helpers import HOSTILE, screen_text, settle

PLAYERS = ("Ann", "Zed [red]x[/red]")
TALES = "tales-of-arcadia"


@pytest.fixture
def url(db_url: str) -> str:
    """A database with the players Ann and ``Zed [red]x[/red]``."""
    db = open_database(db_url)
    try:
        for name in PLAYERS:
            players.add_player(db, name)
    finally:
        db.close()
    return db_url


def counts(url: str, player: str, game: str) -> dict[str, int]:
    db = open_database(url)
    try:
        return {o.name: o.count for o in owned_cards(db, player, game)}
    finally:
        db.close()


def collection(app: ChronicleApp) -> GameCollectionScreen:
    screen = app.screen
    assert isinstance(screen, GameCollectionScreen), screen
    return screen


async def to_game(pilot: object, app: ChronicleApp, key: str) -> GameCollectionScreen:
    """Press ``g`` until the switcher shows ``key``."""
    for _ in range(12):
        if collection(app).choice == key:
            break
        await pilot.press("g")  # type: ignore[attr-defined]
        await settle(pilot)  # type: ignore[arg-type]
    screen = collection(app)
    assert screen.choice == key
    return screen


async def to_card(pilot: object, screen: GameCollectionScreen, name: str) -> None:
    """Search for ``name`` and put the cursor on it."""
    screen.query_one("#gl-search").value = name  # type: ignore[attr-defined]
    await settle(pilot)  # type: ignore[arg-type]
    await pilot.press("enter")  # type: ignore[attr-defined]
    card = screen.current_card()
    assert card is not None and card.name == name, (card, [c.name for c in screen.shown])


def test_bursts_of_keys_record_every_copy_of_any_games_cards(url: str, toy: GameSystem) -> None:
    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            app.action_collections()
            await settle(pilot)
            screen = collection(app)
            keys = [key for key, _label in screen.games]
            assert registry.DEFAULT not in keys           # the home game: its own Cards area
            assert {TALES, "arcadia-quest", "hunters-of-arcfall", toy.key} <= set(keys)
            screen = await to_game(pilot, app, TALES)
            assert screen.player == "Ann"
            await to_card(pilot, screen, "Gearknight")
            await pilot.press(*"+" * 7, "-", "-", "=")     # a burst, no pause
            await settle(pilot)
            assert counts(url, "Ann", TALES) == {"Gearknight": 6}
            assert "Ann owns 6 copies" in screen_text(pilot)
            await pilot.press(*"-" * 9)                     # never below zero
            await settle(pilot)
            assert counts(url, "Ann", TALES) == {}
            await pilot.press("+", "p")                     # the next player: Zed's own
            await settle(pilot)
            assert screen.player == PLAYERS[1]
            await pilot.press("+", "+")
            await settle(pilot)
            assert counts(url, "Ann", TALES) == {"Gearknight": 1}
            assert counts(url, PLAYERS[1], TALES) == {"Gearknight": 2}
            assert f"{PLAYERS[1]} owns 2 copies" in screen_text(pilot)  # as typed
            # the toy game, hostile names, with no code of its own
            screen = await to_game(pilot, app, toy.key)
            assert sorted(c.name for c in screen.shown) == sorted(HOSTILE)
            await to_card(pilot, screen, HOSTILE[0])
            await pilot.press("+", "+", "+")
            await to_card(pilot, screen, HOSTILE[2])
            await pilot.press("+")
            await settle(pilot)
            assert counts(url, PLAYERS[1], toy.key) == {HOSTILE[0]: 3, HOSTILE[2]: 1}
            screen.query_one("#gl-search").value = ""  # type: ignore[attr-defined]
            await pilot.press("o")                          # the cards owned only
            await settle(pilot)
            assert [c.name for c in screen.shown] == [n for n in sorted(HOSTILE)
                                                      if n != HOSTILE[1]]
            text = screen_text(pilot)
            assert HOSTILE[0] in text and HOSTILE[2] in text
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(app.screen, GameCollectionScreen)

    asyncio.run(scenario())


def test_the_game_shown_is_kept_across_restarts_and_reached_from_the_cards_area(
        url: str, toy: GameSystem) -> None:
    async def first() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            app.push_screen(GameCardsScreen(toy.key))
            await settle(pilot)
            await pilot.press("c")                          # the Cards area's collections
            await settle(pilot)
            assert collection(app).choice == toy.key
            await to_game(pilot, app, "arcadia-quest")
            assert load_settings().collection_game == "arcadia-quest"

    async def again() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.action_collections()
            await settle(pilot)
            screen = collection(app)
            assert screen.choice == "arcadia-quest"
            assert {c.kind for c in screen.shown} >= {"hero"}
            await pilot.press("-")                          # nothing owned: a bell, no error
            await settle(pilot)
            assert counts(url, "Ann", "arcadia-quest") == {}

    asyncio.run(first())
    asyncio.run(again())
