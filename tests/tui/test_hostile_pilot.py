"""Nothing a user types crashes the app: hostile names typed into every field and shown on every
screen, the command palette's page keys, and long random key sequences on every screen.

Each reproduces a crash found by hand (issue 15): markup in a card filter, in the pack dialog,
in a character's or player's name, in a Select label; ``Winerdria [retired]`` eaten by the
markup parser; ``ctrl+p`` then PageDown; random keys reaching ``MarkupError``.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Input

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.builder import BuilderScreen
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
from chronicle.systems.wyld_hunt.screens.game_result import GameResultScreen
from chronicle.systems.wyld_hunt.services import characters, games
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.name_dialog import NameDialog
from chronicle.tui.screens.players import PlayersScreen
from tui.helpers import screen_text, settle

LONG = "x" * 10_000
HOSTILE = ["[/x]", "[/x] [b]Bold", "Sam [/x]", "Winerdria [retired]", "🐉 龍 Drake",
           "وينيرديا", "back\\", "[@click=app.quit]q[/]", LONG]
NAMES = ["[/x] [b]Bold", "Winerdria [retired]", "🐉 龍 Drake", "وينيرديا"]


def hostile_database(url: str) -> None:
    """The demo plus a player and characters with hostile names, and a game seating them."""
    db = open_database(url)
    players.add_player(db, "Sam [/x]")
    for name in NAMES:
        characters.new_character(db, "Tim", name, icon="Sidhe Female")
    games.new_game(db, "Night [/x]", [("Sam [/x]", None), ("Tim", "[/x] [b]Bold")])
    db.engine.dispose()


async def type_into(pilot: Pilot[Any], field: Input, text: str) -> None:
    """Type ``text`` into ``field`` (a paste for the long one)."""
    field.focus()
    await pilot.pause()
    if len(text) > 40:
        field.value = text
    else:
        await pilot.press(*text)
    await pilot.pause()


async def every_input(pilot: Pilot[Any], text: str, limit: int = 4) -> None:
    """Type ``text`` into the enabled inputs of the current screen (the first ``limit``; the
    pack dialog's fifteen are alike), then clear them."""
    fields = [f for f in pilot.app.screen.query(Input) if not f.disabled and f.display]
    for field in fields[:limit]:
        await type_into(pilot, field, text)
        field.value = ""
    await pilot.pause()


def alive(app: ChronicleApp) -> None:
    assert app.is_running and app._exception is None


def test_hostile_names_in_every_field_and_screen(demo_url: str) -> None:
    hostile_database(demo_url)

    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            for text in [*HOSTILE, "kind:[/x]", "type:[b] court:[/x]"]:
                screen.query_one("#search", Input).value = text
                await pilot.pause()
                alive(app)
            screen.query_one("#search", Input).value = ""
            await pilot.press("escape", "p", "p")  # Sam [/x] in the player label
            await settle(pilot)
            # The pack dialog: typed names, the status line, creating an unknown card.
            await pilot.press("o")
            await settle(pilot)
            for text in ("[/x] [b]Bold", LONG):
                await every_input(pilot, text, limit=2)
            first = app.screen.query(Input).first()
            await type_into(pilot, first, "[/x] [b]Bold")
            await pilot.press("ctrl+n")
            await settle(pilot)
            assert app.screen.query_one("#field-name", Input).value == "[/x] [b]Bold"
            await every_input(pilot, "[/x]")
            await pilot.press("ctrl+s")  # refused (no name): said, not crashed
            await settle(pilot)
            await pilot.press("escape", "escape")
            await settle(pilot)
            # Adding players: hostile names accepted as typed; empty and 10,000 characters
            # keep the dialog open with the reason.
            await pilot.press("a")
            await settle(pilot)
            assert isinstance(app.screen, NameDialog)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, NameDialog)
            await type_into(pilot, app.screen.query_one(Input), LONG)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, NameDialog)
            assert "at most" in screen_text(pilot)
            app.screen.query_one(Input).value = ""
            await type_into(pilot, app.screen.query_one(Input), "Ann [/x] [b]")
            await pilot.press("enter")
            await settle(pilot)
            assert not isinstance(app.screen, NameDialog)
            alive(app)
            # Characters: the list shows every name whole.
            await pilot.press("2")
            await settle(pilot)
            shown = screen_text(pilot)
            assert "Winerdria [retired]" in shown and "[/x] [b]Bold" in shown
            for name in ("[/x] [b]Bold", "🐉 龍 Drake"):  # the list above showed them all
                await app.push_screen(CharacterViewScreen(name, "Tim"))
                await settle(pilot)
                assert name in screen_text(pilot) or name[:10] in screen_text(pilot)
                for key in ("g", "s"):  # record a game, spend experience
                    await pilot.press(key)
                    await settle(pilot)
                    if isinstance(app.screen, ModalScreen):
                        await every_input(pilot, name)
                        await pilot.press("escape")
                        await settle(pilot)
                await pilot.press("b")
                await settle(pilot)
                assert isinstance(app.screen, BuilderScreen)
                await pilot.press("c")
                await settle(pilot)
                await every_input(pilot, "[/x] [b]")
                await pilot.press("escape")
                await settle(pilot)
                if isinstance(app.screen, ModalScreen):  # leave without saving
                    await pilot.press("y")
                    await settle(pilot)
                await pilot.press("escape")
                await settle(pilot)
                alive(app)
            # Games: a new game with a hostile name, its preparation and result.
            await pilot.press("3")
            await settle(pilot)
            assert "Night [/x]" in screen_text(pilot)
            await pilot.press("n")
            await settle(pilot)
            await every_input(pilot, "[/x]")
            await type_into(pilot, app.screen.query_one("#game-name", Input), "Sam's [/x] game")
            await pilot.press("ctrl+s")
            await settle(pilot)
            alive(app)
            if isinstance(app.screen, ModalScreen):  # refused: the dialog says why and stays
                await pilot.press("escape")
                await settle(pilot)
            await app.push_screen(GamePrepScreen("Night [/x]"))
            await settle(pilot)
            assert "Sam [/x]" in screen_text(pilot)
            for key in ("tab", "w", "x", "escape", "o", "tab", "o"):
                await pilot.press(key)
                await settle(pilot)
            await app.push_screen(GameResultScreen("Night [/x]"))
            await settle(pilot)
            await pilot.press("escape", "escape")
            await settle(pilot)
            # Players, help and the palette with hostile words.
            await pilot.press("4")
            await settle(pilot)
            assert isinstance(app.screen, PlayersScreen)
            assert "Sam [/x]" in screen_text(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            await pilot.press("escape", "ctrl+p", *"[/x] [b]", "pagedown", "escape")
            await settle(pilot)
            alive(app)

    asyncio.run(scenario())


def test_page_keys_right_after_opening_the_palette() -> None:
    """Textual's OptionList._move_page raised KeyError: 0 when PageDown or PageUp came before
    the palette's list was laid out; the app guards it (SafeCommandPalette)."""
    async def scenario() -> None:
        app = ChronicleApp("sqlite://")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in ("pagedown", "pageup"):
                app.action_command_palette()
                await asyncio.sleep(0)
                await pilot.press(key)
                await pilot.pause()
                alive(app)
                await pilot.press("escape")
                await pilot.pause()

    asyncio.run(scenario())


KEYS = [*"abcdefghijklmnopqrstuvwxyzX0123456789[]/:-+= ", "enter", "escape", "tab",
        "shift+tab", "space", "pagedown", "pageup", "up", "down", "left", "right", "home",
        "end", "backspace", "delete", "ctrl+p", "ctrl+s", "ctrl+n", "question_mark",
        "left_square_bracket", "right_square_bracket"]


def test_random_keys_on_every_screen(demo_url: str) -> None:
    """A long seeded random key sequence from each area and each opened screen; the app keeps
    running (bounded: 80 keys per start, at most about two and a half seconds each)."""
    hostile_database(demo_url)
    rng = random.Random(15)

    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            starts: list[Any] = ["1", "2", "3", "4",
                                 lambda: CharacterViewScreen("Winerdria [retired]", "Tim"),
                                 lambda: BuilderScreen("[/x] [b]Bold", "Tim"),
                                 lambda: GamePrepScreen("Night [/x]")]
            for start in starts:
                while isinstance(app.screen, ModalScreen):
                    await pilot.press("escape")
                    await settle(pilot)
                if callable(start):
                    await app.push_screen(start())
                else:
                    await pilot.press(start)
                await settle(pilot)
                deadline = time.monotonic() + 2.5
                for count in range(80):
                    await pilot.press(rng.choice(KEYS))
                    if count % 20 == 0:
                        await settle(pilot)
                    alive(app)
                    if time.monotonic() > deadline:
                        break
                await settle(pilot)
                alive(app)

    asyncio.run(scenario())
