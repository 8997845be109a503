"""The flows of issue 15 driven with Pilot: area keys, typed text, the palette's words, help,
the theme kept across restarts, the pack dialog's tab, creating a card a search did not find,
recording a game only when it can succeed, seats without a character, the target in a
two-player game, the players screen, one notification after the demo, chronicle entries that
name their game, and the builder's meter agreeing with the engine."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Static

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.query import parse_query
from chronicle.systems.wyld_hunt.screens.builder import BuilderScreen
from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.characters import CharactersScreen
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
from chronicle.systems.wyld_hunt.screens.new_game import NewGameScreen
from chronicle.systems.wyld_hunt.screens.pack import PackScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.systems.wyld_hunt.screens.spend_xp import SpendXpScreen
from chronicle.systems.wyld_hunt.services import characters, collection, ledger
from chronicle.tui.app import ChronicleApp, search_words
from chronicle.tui.screens.help import HelpScreen
from chronicle.tui.screens.name_dialog import NameDialog
from chronicle.tui.screens.players import PlayersScreen
from chronicle.tui.settings import load_settings
from chronicle.tui.widgets.meter import Meter
from tui.helpers import screen_text, settle


def run(url: str, scenario: Any, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


def test_placeholder_example_is_a_valid_search() -> None:
    placeholder = "fire kind:merit cost:2-3 owned"
    query = parse_query(placeholder)
    assert not query.problems and query.owned and query.text == "fire"
    assert search_words("Print the character sheet", "A PDF in exports/").count("pdf")


def test_characters_flows(demo_url: str, private_data_dir: Path) -> None:
    """2 opens the list; typed words fire no keys; the palette finds "pdf"; help shows the
    screen's keys first; recording needs a finished character and a quest; chronicle entries
    name their game."""
    db = open_database(demo_url)
    characters.new_character(db, "Tim", "Unfinished", icon="Sidhe Female")
    db.engine.dispose()

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await press(pilot, "2")
        await pilot.app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
        await settle(pilot)
        timeline = app.screen.query_one("#timeline", Static)
        assert "· game Example of Play" in str(timeline.render())
        # A word typed by mistake: only its first letter can act ("x" does nothing here).
        assert isinstance(app, ChronicleApp)
        app.typing_gap_set = 10.0
        await press(pilot, "x", "p", "s", "e")
        assert isinstance(app.screen, CharacterViewScreen)
        assert not (private_data_dir / "exports").exists()
        app.typing_gap_set = None
        # Help: this screen's keys first.
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.keys.startswith("# Keys here: Character")
        own = app.screen.keys.split("Arcadia Chronicle")[0].splitlines()
        areas = next(i for i, line in enumerate(own) if line.endswith(" Areas"))
        assert own.index("- `s` Spend") < areas and own.index("- `g` Game") < areas
        await press(pilot, "escape")
        # The palette finds the sheet by "pdf".
        await press(pilot, "ctrl+p", *"pdf")
        await asyncio.sleep(0.3)
        await settle(pilot)
        assert "Print the character sheet" in screen_text(pilot)
        await press(pilot, "escape")
        # Record a game: a quest first; the button waits until one is marked.
        await press(pilot, "g")
        dialog = app.screen
        assert isinstance(dialog, RecordGameScreen)
        assert dialog.query_one("#save", Button).disabled
        assert "quests undertaken" in str(dialog.query_one("#game-ready", Label).render())
        await press(pilot, "space")
        assert not dialog.query_one("#save", Button).disabled
        await press(pilot, "escape")
        # 2 opens the Characters list, not the last character opened.
        await press(pilot, "1")
        await press(pilot, "2")
        assert isinstance(app.screen, CharactersScreen)
        # An unfinished character cannot record: said before, confirm disabled.
        await pilot.app.push_screen(CharacterViewScreen("Unfinished", "Tim"))
        await settle(pilot)
        await press(pilot, "g")
        second = app.screen
        assert isinstance(second, RecordGameScreen)
        await press(pilot, "space")
        assert second.query_one("#save", Button).disabled
        assert "not finished" in str(second.query_one("#game-ready", Label).render())

    run(demo_url, scenario)


def test_theme_kept_across_restarts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    players.add_player(open_database(url), "Tim")

    async def toggle(pilot: Pilot[Any]) -> None:
        assert pilot.app.theme == "textual-dark"
        await press(pilot, "ctrl+t")

    async def check(pilot: Pilot[Any]) -> None:
        assert pilot.app.theme == "textual-light"

    run(url, toggle)
    assert load_settings().theme == "textual-light"
    run(url, check)


def test_cards_flows(demo_url: str) -> None:
    """Tab accepts the pack dialog's suggestion; a missing card's search words become the new
    card's name; fill-in errors are in plain words; add a player keeps the dialog open."""
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await press(pilot, "o")
        assert isinstance(app.screen, PackScreen)
        await press(pilot, *"indecis", "tab")
        first = app.screen.entries()[0]
        assert first.value == "Indecisive" and not first.has_class("unknown")
        await press(pilot, "escape")
        screen = app.screen
        assert isinstance(screen, CollectionScreen)
        await press(pilot, "slash", *"kind:quest Moonlit Harbour")
        assert not screen.shown
        await press(pilot, "escape", "n")
        dialog = app.screen
        assert isinstance(dialog, CardEditScreen)
        assert dialog.query_one("#field-name", Input).value == "Moonlit Harbour"
        assert dialog.kind == "quest"
        dialog.query_one("#field-waylay_rating", Input).value = "1231"
        await press(pilot, "ctrl+s")
        shown = " ".join(str(n.message) for n in app._notifications)
        assert "at most" in shown and "Input should be" not in shown
        dialog.query_one("#field-waylay_rating", Input).value = "ten"
        await press(pilot, "ctrl+s")
        shown = " ".join(str(n.message) for n in app._notifications)
        assert "a whole number" in shown
        await press(pilot, "escape")
        # Players: empty and overlong names keep the dialog open and say why.
        await press(pilot, "4")
        assert isinstance(app.screen, PlayersScreen)
        await press(pilot, "a", "enter")
        assert isinstance(app.screen, NameDialog)
        assert "Type a name" in str(app.screen.query_one("#name-error", Static).render())
        await press(pilot, *"Mina", "enter")
        assert isinstance(app.screen, PlayersScreen)
        assert "Mina" in screen_text(pilot)

    run(demo_url, scenario)


def test_games_flows(demo_url: str) -> None:
    """A seat without a character is warned about; o in a two-player game says why nothing
    changes."""
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await press(pilot, "3", "n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.character_select(1).clear()
        await settle(pilot)
        status = str(dialog.query_one("#new-game-status", Static).render())
        assert re.search(r"Seat 2 \(\w+\): no character", status)
        await press(pilot, "escape")
        await app.push_screen(GamePrepScreen("Rematch"))
        await settle(pilot)
        prep = app.screen
        assert isinstance(prep, GamePrepScreen)
        before = dict(prep.desired_target)
        await press(pilot, "o")
        assert prep.desired_target == before
        shown = " ".join(str(n.message) for n in app._notifications)
        assert "only other player" in shown

    run(demo_url, scenario)


def test_demo_says_one_short_summary(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        await press(pilot, "d")
        await settle(pilot)
        notes = list(pilot.app._notifications)
        assert len(notes) == 1 and notes[0].title == "Demo loaded"

    run(f"sqlite:///{tmp_path}/empty.db", scenario)


def test_meter_and_engine_show_one_budget(demo_url: str) -> None:
    """The Human Male's Ally-only points: the meter measures what the Merits need from the
    general points against those points, the same numbers as the engine's message."""
    db = open_database(demo_url)
    collection.add_cards_by_card(db, "Tim", {("Human Male", "icon"): 1}, "wyld-hunt")
    characters.new_character(db, "Tim", "Leader", icon="Human Male")
    view = characters.edit_character(db, "Leader", add_merits=(
        "Eloquent Speech", "Lightning Quick", "Mirror, Mirror"))
    over = next(v for v in view.report.errors if v.code == "points.over_budget")
    needed, general = map(int, re.findall(r"cost (\d+) but only (\d+)", over.message)[0])
    db.engine.dispose()

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(BuilderScreen("Leader", "Tim"))
        await settle(pilot)
        meter = pilot.app.screen.query_one("#builder-points", Meter)
        assert f"{needed}/{general}" in str(meter.render())
        detail = str(pilot.app.screen.query_one("#builder-points-detail", Static).render())
        assert f"{needed - general} over" in detail
        assert "Allies from Human Male: 0 used" in detail

    run(demo_url, scenario)


def test_bought_off_flaw_is_said_as_at_creation(demo_url: str) -> None:
    db = open_database(demo_url)
    ledger.correct(db, "Winerdria", "a test", player="Tim", xp=5)
    ledger.buy_off(db, "Winerdria", "Indecisive", player="Tim")
    db.engine.dispose()

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
        await settle(pilot)
        assert "as at creation: Indecisive" in screen_text(pilot)
        await press(pilot, "s")
        assert isinstance(pilot.app.screen, SpendXpScreen)

    run(demo_url, scenario, size=(140, 45))


def test_a_card_taken_once_is_not_flagged_for_a_second_copy(demo_url: str) -> None:
    """Winerdria uses Tim's one Indecisive: the builder does not say she uses two."""
    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(BuilderScreen("Winerdria", "Tim"))
        await settle(pilot)
        builder = pilot.app.screen
        assert isinstance(builder, BuilderScreen)
        await press(pilot, "f")
        names = [c.card.name for c in builder.shown["flaw"]]
        await press(pilot, *["down"] * names.index("Indecisive"))
        detail = str(builder.query_one("#builder-detail", Static).render())
        assert "Indecisive" in detail and "taken 1" in detail
        assert "2 copies" not in detail

    run(demo_url, scenario)
