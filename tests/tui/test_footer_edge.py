"""The footer's right edge at 80, 60 and 40 columns: on a screen whose keys do not all fit (the
sister games' screens trim their footers to fit 60 columns, so at 40), the palette key covers
the footer's last cell, so a key cut off behind it never shows its first letter there
("^p palettew")."""

from __future__ import annotations

import asyncio

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import OtherGamesScreen
from tui.helpers import settle


def test_the_palette_key_covers_the_footers_last_cell(demo_url: str) -> None:
    async def run() -> None:
        crowded = 0
        for size in ((80, 24), (60, 20), (40, 16)):
            crowded += await walk(size)
        assert crowded  # at least one screen's footer holds more keys than fit

    async def walk(size: tuple[int, int]) -> int:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=size) as pilot:
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
        return crowded

    asyncio.run(run())
