"""Mending mistakes in the app (issue 13), driven with Pilot at 80x24 and checked in the
database: renaming, deleting and archiving characters and games, bringing them back, a seat's
character changed with ``c``, a seat added (``a``) and taken away (``delete``) in a game's
preparation, and the players screen's rename and delete.

The demo: Tim plays Winerdria, Josh plays Annoyicus; "Example of Play" is played (both
chronicles have begun), "Rematch" is prepared and seats both.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.screens.characters import CharacterList, CharactersScreen, Entry
from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
from chronicle.systems.wyld_hunt.screens.games import GamesScreen
from chronicle.systems.wyld_hunt.services import characters, games
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.confirm import ConfirmScreen
from chronicle.tui.screens.name_dialog import NameDialog
from chronicle.tui.screens.pick import PickScreen
from chronicle.tui.screens.players import PlayersScreen
from chronicle.tui.widgets.card_list import CardList
from tui.helpers import settle


def run(url: str, scenario: Any) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def row(pilot: Pilot[Any], names: list[str], name: str) -> None:
    """Move the screen's list cursor to ``name`` with the arrow keys."""
    await press(pilot, "home", *["down"] * names.index(name))
    assert pilot.app.screen.query_one(CardList).cursor == names.index(name)


async def game_row(pilot: Pilot[Any], name: str) -> None:
    """Move the games screen's cursor to the game ``name``."""
    screen = pilot.app.screen
    assert isinstance(screen, GamesScreen)
    await row(pilot, [g.name for g in screen.games], name)


async def character(pilot: Pilot[Any], player: str, name: str) -> None:
    """Highlight ``name`` of ``player`` on the characters screen."""
    screen = pilot.app.screen
    assert isinstance(screen, CharactersScreen)
    key = next(k for k, e in screen.entries.items() if e == Entry(player, name))
    listing = screen.query_one(CharacterList)
    listing.highlighted = listing.get_option_index(key)
    await settle(pilot)


async def rename(pilot: Pilot[Any], key: str, new: str) -> None:
    await press(pilot, key)
    assert isinstance(pilot.app.screen, NameDialog)
    await press(pilot, "ctrl+u", *new, "enter")


def notes(pilot: Pilot[Any]) -> str:
    return " ".join(str(n.message) for n in pilot.app._notifications)


async def confirm(pilot: Pilot[Any], key: str) -> str:
    """Press ``key``, expect the confirmation, answer yes; returns what it said."""
    await press(pilot, key)
    dialog = pilot.app.screen
    assert isinstance(dialog, ConfirmScreen)
    said = f"{dialog.question} {dialog.detail}"
    await press(pilot, "y")
    return said


async def bring_back(pilot: Pilot[Any], label: str) -> None:
    await press(pilot, "u")
    dialog = pilot.app.screen
    assert isinstance(dialog, PickScreen)
    labels = [label for label, _v in dialog.choices]
    await press(pilot, "home", *["down"] * labels.index(label), "enter")


def game_names(db: Database, *, archived: bool = False) -> list[str]:
    return [g.name for g in games.list_games(db, archived=archived)]


def character_names(db: Database, *, archived: bool = False) -> list[str]:
    return [v.name for v in characters.list_characters(db, archived=archived)]


def test_games_seats_and_characters_mended(demo_url: str) -> None:
    db = open_database(demo_url)
    characters.new_character(db, "Tim", "Throwaway", icon="Sidhe Female")

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        # A seat's character changed with c: Tim plays no character in Rematch.
        await press(pilot, "3")
        await game_row(pilot, "Rematch")
        await press(pilot, "enter")
        prep = app.screen
        assert isinstance(prep, GamePrepScreen)
        while prep.seat() is None or prep.seat().player != "Tim":  # type: ignore[union-attr]
            await press(pilot, "tab")
        await press(pilot, "c")
        pick = app.screen
        assert isinstance(pick, PickScreen)
        await press(pilot, "end", "enter")
        seat = next(s for s in games.show_game(db, "Rematch").seats if s.player == "Tim")
        assert seat.character is None
        await press(pilot, "escape")
        # Annoyicus still sits at Rematch: his delete is refused, with the reason.
        await press(pilot, "2")
        await character(pilot, "Josh", "Annoyicus")
        await press(pilot, "delete")
        assert not isinstance(app.screen, ConfirmScreen)
        assert "cannot be deleted" in notes(pilot) and "Rematch" in notes(pilot)
        assert "Annoyicus" in character_names(db)
        # A game renamed, then deleted for good (prepared) ...
        await press(pilot, "3")
        await game_row(pilot, "Rematch")
        await rename(pilot, "e", "Rematch [b]2")
        assert "Rematch [b]2" in game_names(db) and "Rematch" not in game_names(db)
        await game_row(pilot, "Rematch [b]2")
        said = await confirm(pilot, "delete")
        assert "deleted for good" in said and "2 seats" in said
        assert "Rematch [b]2" not in game_names(db) + game_names(db, archived=True)
        # ... and a played one archived, then brought back.
        await game_row(pilot, "Example of Play")
        said = await confirm(pilot, "delete")
        assert said.startswith("Archive Example of Play?") and "result is recorded" in said
        assert game_names(db) == [] and game_names(db, archived=True) == ["Example of Play"]
        await bring_back(pilot, "Example of Play (Tim, Josh)")
        assert game_names(db) == ["Example of Play"]
        # Characters: one never played goes for good, one with a chronicle is archived.
        await press(pilot, "2")
        await character(pilot, "Tim", "Throwaway")
        await rename(pilot, "r", "Spare")
        assert "Spare" in character_names(db)
        await character(pilot, "Tim", "Spare")
        said = await confirm(pilot, "delete")
        assert "deleted for good" in said
        assert "Spare" not in character_names(db) + character_names(db, archived=True)
        await character(pilot, "Tim", "Winerdria")
        said = await confirm(pilot, "delete")
        assert "archived, not erased" in said and "chronicle of" in said
        assert character_names(db, archived=True) == ["Winerdria"]
        listed = app.screen.entries.values()  # type: ignore[attr-defined]
        assert Entry("Tim", "Winerdria") not in listed
        await bring_back(pilot, "Winerdria (Tim)")
        assert "Winerdria" in character_names(db)
        assert character_names(db, archived=True) == []

    run(demo_url, scenario)


def seated(db: Database, game: str) -> list[tuple[str, str | None]]:
    return [(s.player, s.character) for s in games.show_game(db, game).seats]


async def to_seat(pilot: Pilot[Any], player: str) -> GamePrepScreen:
    """Switch the game preparation to ``player``'s seat."""
    prep = pilot.app.screen
    assert isinstance(prep, GamePrepScreen)
    for _ in prep.game.seats if prep.game else []:
        seat = prep.seat()
        if seat is not None and seat.player == player:
            return prep
        await press(pilot, "tab")
    raise AssertionError(f"no seat for {player}")


def test_seats_added_and_taken_away(demo_url: str) -> None:
    db = open_database(demo_url)
    players.add_player(db, "Sam [/x]")

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await press(pilot, "3")
        await game_row(pilot, "Rematch")
        await press(pilot, "enter")
        # a: the players without a seat (Sam only), then their character (none).
        await press(pilot, "a")
        pick = app.screen
        assert isinstance(pick, PickScreen)
        assert [label for label, _v in pick.choices] == ["Sam [/x]"]
        await press(pilot, "enter")
        assert isinstance(app.screen, PickScreen)
        await press(pilot, "end", "enter")
        assert seated(db, "Rematch") == [("Tim", "Winerdria"), ("Josh", "Annoyicus"),
                                         ("Sam [/x]", None)]
        # delete takes the seat away after a confirmation; then Josh's.
        await to_seat(pilot, "Sam [/x]")
        said = await confirm(pilot, "delete")
        assert said.startswith("Take Sam [/x]'s seat away from Rematch?")
        assert seated(db, "Rematch") == [("Tim", "Winerdria"), ("Josh", "Annoyicus")]
        await to_seat(pilot, "Josh")
        await confirm(pilot, "delete")
        # The last seat stays: refused with the reason, no confirmation.
        prep = await to_seat(pilot, "Tim")
        await press(pilot, "delete")
        assert app.screen is prep
        assert "only seat" in notes(pilot) and "delete the game" in notes(pilot)
        assert seated(db, "Rematch") == [("Tim", "Winerdria")]

    run(demo_url, scenario)


def test_players_renamed_and_deleted(demo_url: str) -> None:
    db = open_database(demo_url)
    players.add_player(db, "Mina")

    def names() -> list[str]:
        return [p.name for p in players.list_players(db)]

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await press(pilot, "4")
        assert isinstance(app.screen, PlayersScreen)
        await row(pilot, names(), "Mina")
        await rename(pilot, "r", "Mira [/x]")
        assert "Mira [/x]" in names() and "Mina" not in names()
        # A rename to a taken name keeps the dialog open and changes nothing.
        await row(pilot, names(), "Mira [/x]")
        await rename(pilot, "r", "tim")
        assert isinstance(app.screen, NameDialog)
        await press(pilot, "escape")
        assert "Mira [/x]" in names()
        # Tim has characters and seats: refused, saying why.
        await row(pilot, names(), "Tim")
        await press(pilot, "delete")
        assert not isinstance(app.screen, ConfirmScreen)
        assert "Winerdria" in notes(pilot) and "Tim" in names()
        await row(pilot, names(), "Mira [/x]")
        said = await confirm(pilot, "delete")
        assert "deleted for good" in said
        assert names() == ["Josh", "Tim"]

    run(demo_url, scenario)
