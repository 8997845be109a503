"""The Statistics screen (palette: "Statistics"): opened from the app, the numbers of every
game drawn with Textual's Sparkline, a hostile name shown as typed; a snapshot of its charts
over a generated history with fixed dates (pytest-textual-snapshot)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_stats import _cards, generate
from textual.pilot import Pilot
from textual.widgets import Sparkline

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.statistics import StatisticsScreen
from tui.helpers import screen_text, settle


def history(tmp_path: Path, private_data_dir: Path) -> str:
    _cards(private_data_dir)
    url = f"sqlite:///{tmp_path}/stats.db"
    db = open_database(url)
    generate(db, seed=28)
    players.add_player(db, "[b]Mallory[/b]")
    db.close()
    return url


async def opened(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    if pilot.app.screen.is_modal:
        await pilot.press("escape")
    pilot.app.action_statistics()
    await settle(pilot)


def test_the_screen_draws_each_game(tmp_path: Path, private_data_dir: Path) -> None:
    url = history(tmp_path, private_data_dir)

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 40)) as pilot:
            await opened(pilot)
            screen = app.screen
            assert isinstance(screen, StatisticsScreen)
            shown = screen_text(pilot)
            assert "Arcadia Quest (1 of 3): 2 play(s)" in shown
            assert "Coins per scenario: Winter, blue (Ann): from 0: first 7 · last 0" in shown
            rates = screen.query(".stats-win-rates").last(Sparkline)
            assert list(rates.data or []) == [0.0, 0.5, 0.5]  # origin; each won a scenario
            await pilot.press("]")
            await settle(pilot)
            shown = screen_text(pilot)
            assert "Hunters of Arcfall (2 of 3)" in shown and "Fortune per turn" in shown
            await pilot.press("]")
            await settle(pilot)
            assert "Tales of Arcadia (3 of 3): 7 play(s)" in screen_text(pilot)
            assert len(screen.query(Sparkline)) >= 2         # win rates and points fielded
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(app.screen, StatisticsScreen)

    asyncio.run(main())


def test_the_palette_offers_the_screen(demo_url: str) -> None:
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert "Statistics" in titles

    asyncio.run(main())


def test_snapshot_of_the_charts(snap_compare: Callable[..., bool], tmp_path: Path,
                                private_data_dir: Path) -> None:
    url = history(tmp_path, private_data_dir)
    assert snap_compare(ChronicleApp(url), terminal_size=(100, 40), run_before=opened)
