"""The footer's right edge at 80 columns: on a screen whose keys do not all fit (the Hunters
of Arcfall table), the palette key covers the footer's last cell, so a key cut off behind it
never shows its first letter there ("^p palettew")."""

from __future__ import annotations

import asyncio

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import OtherGamesScreen
from tui.helpers import settle


def test_the_palette_key_covers_the_footers_last_cell(demo_url: str) -> None:
    async def run() -> None:
        app = ChronicleApp(demo_url)
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
                wanted = sum(key.outer_size.width + 1 for key in footer.query(FooterKey))
                crowded += wanted > footer.size.width  # some keys are cut off
                await pilot.press("5")
                await settle(pilot)
            assert crowded  # at least one screen's footer holds more keys than fit

    asyncio.run(run())
