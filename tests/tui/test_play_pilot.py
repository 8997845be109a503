"""The play screen driven with Textual's Pilot, keys only: the rulebook's Example of Play laid
out and its first Day played in a burst of keys, a refused step shown with its code and fix,
and the ledger checked through the services afterwards."""

from __future__ import annotations

import asyncio
from pathlib import Path

import playtable
from textual.widgets import Input

from chronicle.services import recordstore as records
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.play import PlayScreen
from chronicle.systems.wyld_hunt.services import play
from chronicle.tui.app import ChronicleApp
from tui.helpers import screen_text, settle

SIZE = (100, 30)


def test_the_example_of_play_through_the_play_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    db = open_database(url)
    golden = playtable.load()
    playtable.prepare(db, golden)

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            await pilot.press("3")
            await settle(pilot)
            await pilot.press("p")
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, PlayScreen)
            assert "not laid out yet" in screen_text(pilot)
            assert screen.query_one("#play-step", Input).value == "start "
            await pilot.press(*'Josh Tim=Balanvale "Josh=Balath Castle"', "enter")
            await settle(pilot)
            assert "Day 1: Josh's Day" in screen_text(pilot)
            await pilot.press("m", *'"The Kyrrian Tower"', "enter",
                              "w", *"Manticora", "enter",
                              "t", *"Manticora 3 3", "enter")
            await settle(pilot)
            await pilot.press("e")  # refused: the lost Test is not paid for
            await settle(pilot)
            shown = screen_text(pilot)
            assert "play.exhaust_owed" in shown and "x (exhaust)" in shown, shown
            await pilot.press("x", *"Fuddle lost", "enter", "e")
            await settle(pilot)
            assert "Day 1: Tim's Day" in screen_text(pilot)
            await pilot.press("u")
            await settle(pilot)
            assert "Day 1: Josh's Day" in screen_text(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(pilot.app.screen, PlayScreen)

    asyncio.run(scenario())
    state = play.show(db, golden["game"]).state
    annoyicus = state.heroes["Josh"]
    assert (annoyicus.league, sorted(annoyicus.exhausted), state.current) == (
        "The Kyrrian Tower", ["Fuddle"], "Josh")
    assert [e.kind for e in records.get(db, play.SYSTEM, play.KIND, golden["game"]).events] == [
        "move", "waylay", "test", "exhaust", "end", "undo"]
