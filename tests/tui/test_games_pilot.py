"""The games screens driven end to end with Textual's Pilot at 80x24, checked in the database.

Each test fills a throwaway SQLite database with the demo (the rulebook's example: Tim plays
Winerdria, Josh plays Annoyicus; "Example of Play" is played, "Rematch" prepared), drives the
app with keys only, and asserts on what the services read back afterwards.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
from chronicle.systems.wyld_hunt.screens.game_result import GameResultScreen
from chronicle.systems.wyld_hunt.screens.games import GamesScreen
from chronicle.systems.wyld_hunt.screens.new_game import NewGameScreen
from chronicle.systems.wyld_hunt.services import characters, games
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.systems.wyld_hunt.widgets.prep import PrepData, SuggestionPanel
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.confirm import ConfirmScreen
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.meter import Meter

SIZE = (80, 24)


def demo_database(tmp_path: Path) -> str:
    """A fresh database holding the demo; returns its URL."""
    url = f"sqlite:///{tmp_path}/t.db"
    run_demo(open_database(url))
    return url


async def settle(pilot: Pilot[int]) -> None:
    """Wait for every worker, and for the workers their results start."""
    for _ in range(4):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def open_games(pilot: Pilot[int]) -> GamesScreen:
    await pilot.press("3")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GamesScreen)
    return screen


async def cursor_to(pilot: Pilot[int], index: int) -> None:
    """Move the focused list's cursor to row ``index`` with the arrow keys."""
    card_list = pilot.app.screen.query_one(CardList)
    await pilot.press("home", *["down"] * index)
    assert card_list.cursor == index


def text_of(screen: GamePrepScreen | GameResultScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


def summary_target(game: games.GameView, player: str) -> str | None:
    """Whom ``player`` waylays, as the rules resolved it."""
    entry = next(p for p in game.report.summary["players"] if p["name"] == player)
    target = entry.get("target")
    return None if target is None else str(target)


def test_new_game_created_and_prepared_through_the_screens(tmp_path: Path) -> None:
    url = demo_database(tmp_path)

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            await open_games(pilot)
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(pilot.app.screen, NewGameScreen)
            await pilot.press(*"Third", "ctrl+s")
            await settle(pilot)
            prep = pilot.app.screen
            assert isinstance(prep, GamePrepScreen)
            assert prep.game is not None and prep.game.name == "Third"
            seated = [seat.player for seat in prep.game.seats]
            assert sorted(seated) == ["Josh", "Tim"]
            for player in seated:  # quests and targets first: they set the ratings
                seat = prep.seat()
                assert seat is not None and seat.player == player
                await pilot.press("q", "space")  # the player's only quest
                await settle(pilot)
                await pilot.press("o")  # two players: the other is the target; o says so
                await settle(pilot)
                await pilot.press("tab")
                await settle(pilot)
            for number in range(len(seated)):
                if number == 0:  # look at the suggestion first, then apply it with enter
                    await pilot.press("x")
                    await settle(pilot)
                    panel = prep.query_one(SuggestionPanel)
                    assert panel.has_class("shown") and panel.has_focus
                    assert "Waylays" in text_of(prep, "#suggestion-text")
                    await pilot.press("enter")
                else:  # apply it straight away
                    await pilot.press("X")
                await settle(pilot)
                assert not prep.query_one(SuggestionPanel).has_class("shown")
                assert not prep.query_one("#meter-waylays", Meter).has_class("over")
                odds = text_of(prep, "#prep-odds")
                assert " v Might " in odds or " v Resolve " in odds or " v Savvy " in odds
                assert "wins " in odds
                await pilot.press("tab")
                await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(pilot.app.screen, GamesScreen)

    asyncio.run(scenario())
    game = games.show_game(open_database(url), "Third")
    errors = [v.code for v in game.report.errors]
    assert not [code for code in errors if code.startswith("setup.")], errors
    for seat in game.seats:
        other = next(s.player for s in game.seats if s.player != seat.player)
        assert seat.quests and seat.target is None  # nothing stored: the rules resolve it
        assert summary_target(game, seat.player) == other
        assert seat.waylays and seat.leagues
    summary = {p["name"]: p for p in game.report.summary["players"]}
    for seat in game.seats:
        target = summary[seat.player]["target"]
        assert summary[seat.player]["waylays_total"] <= summary[target]["waylay_rating"]


def test_recorded_result_goes_into_both_chronicles(tmp_path: Path) -> None:
    url = demo_database(tmp_path)
    db = open_database(url)
    rematch = games.show_game(db, "Rematch")
    before = {name: len(characters.show_character(db, name).history)
              for name in ("Winerdria", "Annoyicus")}

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            screen = await open_games(pilot)
            await cursor_to(pilot, [g.name for g in screen.games].index("Rematch"))
            await pilot.press("r")
            await settle(pilot)
            result = pilot.app.screen
            assert isinstance(result, GameResultScreen)
            await cursor_to(pilot, result.rows.index(("Tim", "Even Dragons Pay Taxes")))
            await pilot.press("space", "s")
            await settle(pilot)
            assert isinstance(pilot.app.screen, ConfirmScreen)
            await pilot.press("y")
            await settle(pilot)
            assert result.is_current and result.played
            await pilot.press("space")  # read-only now: nothing changes
            assert result.completed == {"Tim": ["Even Dragons Pay Taxes"], "Josh": []}
            await pilot.press("escape")
            await settle(pilot)
            games_screen = pilot.app.screen
            assert isinstance(games_screen, GamesScreen)
            assert {g.name: g.status for g in games_screen.games}["Rematch"] == "played"

    asyncio.run(scenario())
    played = games.show_game(db, "Rematch")
    assert played.status == "played"
    assert {s.player: s.completed for s in played.seats} == {
        "Tim": ["Even Dragons Pay Taxes"], "Josh": []}
    for name in ("Winerdria", "Annoyicus"):
        history = characters.show_character(db, name).history
        assert len(history) == before[name] + 1
        assert history[-1].kind == "game" and history[-1].game_id == rematch.id


def test_played_game_opens_its_result_read_only(tmp_path: Path) -> None:
    url = demo_database(tmp_path)
    db = open_database(url)
    example = games.show_game(db, "Example of Play")

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            screen = await open_games(pilot)
            await cursor_to(pilot, [g.name for g in screen.games].index("Example of Play"))
            await pilot.press("enter")
            await settle(pilot)
            result = pilot.app.screen
            assert isinstance(result, GameResultScreen) and result.played
            assert "1. Even Dragons Pay Taxes" in text_of(result, "#result-summary")
            await pilot.press("space", "c", "s")
            await settle(pilot)
            assert result.is_current
            assert result.completed["Tim"] == ["Even Dragons Pay Taxes"]
            # Opened again: the same screen, filled from the games list's own reading (a
            # played game never changes), without reading the database.
            await pilot.press("escape")
            await settle(pilot)
            reads = len(pilot.app.workers)
            await pilot.press("enter")
            assert pilot.app.screen is result and result.played
            assert len(pilot.app.workers) == reads
            assert "1. Even Dragons Pay Taxes" in text_of(result, "#result-summary")
            assert result.query_one(CardList).cursor == 0 and not result.recorded

    asyncio.run(scenario())
    after = games.show_game(db, "Example of Play")
    assert after.version == example.version
    assert [s.completed for s in after.seats] == [s.completed for s in example.seats]


def test_refused_choice_changes_nothing(tmp_path: Path) -> None:
    url = demo_database(tmp_path)
    db = open_database(url)
    games.choose(db, "Rematch", "Tim", waylays=["Pirates"])
    before = games.show_game(db, "Rematch")

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            screen = await open_games(pilot)
            await cursor_to(pilot, [g.name for g in screen.games].index("Rematch"))
            await pilot.press("enter")
            await settle(pilot)
            prep = pilot.app.screen
            assert isinstance(prep, GamePrepScreen)
            await pilot.press("w")
            await cursor_to(pilot, [row[0] for row in prep.rows].index("Pirates"))
            await pilot.press("plus")  # a second Pirates: Tim owns one
            await settle(pilot)
            assert prep.desired["Tim"]["waylays"] == ["Pirates"]
            assert prep.row_cells(*prep.rows[prep.query_one(CardList).cursor])[0] == "[x]"
            assert "Refused" in text_of(prep, "#prep-detail")
            # a new game under a taken name is refused too, and the dialog stays open
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("n")
            await settle(pilot)
            await pilot.press(*"Rematch", "ctrl+s")
            await settle(pilot)
            dialog = pilot.app.screen
            assert isinstance(dialog, NewGameScreen), dialog
            assert "Not created" in str(dialog.query_one("#new-game-status", Static).content)

    asyncio.run(scenario())
    after = games.show_game(db, "Rematch")
    assert after.version == before.version
    assert [s.to_dict() for s in after.seats] == [s.to_dict() for s in before.seats]
    assert [g.name for g in games.list_games(db)] == ["Rematch", "Example of Play"]


def test_one_kept_preparation_screen_shows_each_game_as_new(tmp_path: Path) -> None:
    """The games screen opens every game in one kept preparation screen: each opening shows
    that game from its first seat's quests, never the seat, section, meters or suggestion of
    the game shown before, and a game read for an earlier opening is dropped."""
    url = demo_database(tmp_path)
    games.new_game(open_database(url), "Third", [("Tim", None)])

    async def open_game(pilot: Pilot[int], name: str) -> GamePrepScreen:
        screen = pilot.app.screen
        assert isinstance(screen, GamesScreen)
        await cursor_to(pilot, [g.name for g in screen.games].index(name))
        await pilot.press("enter")
        await settle(pilot)
        prep = pilot.app.screen
        assert isinstance(prep, GamePrepScreen) and prep.game is not None
        assert prep.game.name == name and prep.sub_title == name
        assert (prep.seat_index, prep.section, prep.message) == (0, "quests", "")
        assert prep.query_one(CardList).has_focus and prep.query_one(CardList).cursor == 0
        return prep

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            await open_games(pilot)
            rematch = await open_game(pilot, "Rematch")
            await pilot.press("tab", "w", "x")
            await settle(pilot)
            assert rematch.query_one(SuggestionPanel).has_class("shown")
            await pilot.press("escape", "escape")
            await settle(pilot)
            third = await open_game(pilot, "Third")
            assert third is rematch
            assert not third.query_one(SuggestionPanel).has_class("shown")
            assert "Tim" in text_of(third, "#seat-bar") and "Josh" not in text_of(
                third, "#seat-bar")
            assert "Treasures" in str(third.query_one("#meter-treasures", Meter).content)
            assert text_of(third, "#prep-report-title").startswith("Report:")
            await pilot.press("escape")
            await settle(pilot)
            again = await open_game(pilot, "Rematch")
            assert again is rematch and [s.player for s in again.game.seats] == ["Tim", "Josh"]
            stale = third.game
            third.loaded(PrepData(games.show_game(open_database(url), "Third"), {}, {}),
                         opening=third.opening - 1)
            assert third.game is stale
            third.reopen("Third")  # another game: nothing of Rematch's while it loads
            assert third.game is None and text_of(third, "#seat-bar") == "Loading the game…"
            assert str(third.query_one("#meter-treasures", Meter).content) == ""
            assert third.query_one(CardList).count == 0

    asyncio.run(scenario())


def test_preparation_and_result_screens_built_blank_ahead_of_time(tmp_path: Path) -> None:
    """The games screen asks the app to build the preparation and result screens it keeps
    while idle (``prebuilt_screens``): built blank they read nothing and say nothing, and
    opening a game fills and shows them."""
    from chronicle.tui import speed

    url = demo_database(tmp_path)

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_games(pilot)
            prep, result = screen.prebuilt_screens()
            for blank in (prep, result):
                assert await speed.build_hidden(app, blank)
            await settle(pilot)
            assert prep.is_mounted and result.is_mounted and not app._notifications
            await cursor_to(pilot, [g.name for g in screen.games].index("Example of Play"))
            await pilot.press("enter")
            await settle(pilot)
            assert app.screen is result and isinstance(result, GameResultScreen)
            assert result.sub_title == "Example of Play"
            assert "1. Even Dragons Pay Taxes" in text_of(result, "#result-summary")
            await pilot.press("escape", "home", "enter")
            await settle(pilot)
            assert app.screen is prep and isinstance(prep, GamePrepScreen)
            assert prep.game is not None and prep.game.name == "Rematch"
            assert "Tim" in text_of(prep, "#seat-bar") and not app._notifications

    asyncio.run(scenario())


def test_the_result_takes_the_date_played_and_a_note(tmp_path: Path) -> None:
    """Tab reaches the date and the note under the list; a bad date is said under it with
    everything kept; the date and note go into every chronicle with the result."""
    from textual.widgets import Input

    from chronicle.tui.screens.dialog import PROBLEM
    from tui.helpers import burst

    url = demo_database(tmp_path)
    db = open_database(url)

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            screen = await open_games(pilot)
            await cursor_to(pilot, [g.name for g in screen.games].index("Rematch"))
            await pilot.press("r")
            await settle(pilot)
            shown = pilot.app.screen
            assert isinstance(shown, GameResultScreen)
            result: GameResultScreen = shown
            await burst(pilot, "space", "tab", "ctrl+u", *"2026-13-40", "tab",
                        *"rain, a close one", "ctrl+s")
            assert pilot.app.screen is result and not result.played
            assert result.focused is result.query_one("#result-date", Input)
            said = " ".join(str(line.render()) for line in result.query(f".{PROBLEM}"))
            assert "2026-13-40" in said
            assert result.query_one("#result-note", Input).value == "rain, a close one"
            await burst(pilot, "ctrl+u", *"2026-11-20", "ctrl+s")
            assert isinstance(pilot.app.screen, ConfirmScreen)
            await pilot.press("y")
            await settle(pilot)
            assert result.played and not list(result.query(f".{PROBLEM}"))

    asyncio.run(scenario())
    last = characters.show_character(db, "Winerdria").history[-1]
    assert last.kind == "game" and last.date == "2026-11-20" and last.note == "rain, a close one"
