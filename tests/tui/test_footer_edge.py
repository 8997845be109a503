"""The footer's right edge at 80 columns: on a screen whose keys do not all fit (the Hunters
of Arcfall table), the palette key covers the footer's last cell, so a key cut off behind it
never shows its first letter there ("^p palettew")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Footer

from chronicle.services.db import open_database
from chronicle.services.players import add_player
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import OtherGamesScreen
from tui.helpers import settle


def test_the_palette_key_covers_the_footers_last_cell(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    db = open_database(url)
    add_player(db, "Ada")  # no welcome dialog
    db.engine.dispose()

    async def run() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("5")
            await settle(pilot)
            listing = app.screen
            assert isinstance(listing, OtherGamesScreen)
            crowded = 0
            for index in range(len(listing.games)):
                await pilot.press("home", *["down"] * index, "enter")
                await settle(pilot)
                footer = app.screen.query_one(Footer)
                line = app.screen._compositor.render_strips()[footer.region.y].text
                assert line.endswith("^p palette "), (type(app.screen).__name__, line)
                keys = sum(1 for _ in footer.query("FooterKey"))
                crowded += keys > 8  # the table's footer holds more keys than 80 columns
                await pilot.press("5")
                await settle(pilot)
            assert crowded  # at least one screen whose keys are cut off

    asyncio.run(run())
