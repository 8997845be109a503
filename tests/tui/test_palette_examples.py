"""The help's palette examples ("pdf", "undo") find something from every screen (issue 31,
item 6): a screen without its own command for them gets one saying where to go."""

from __future__ import annotations

import asyncio

from chronicle.tui.app import ChronicleApp, search_words
from tui.helpers import screen_text, settle


def test_pdf_and_undo_find_a_command_in_every_area(demo_url: str) -> None:
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for number, _area in enumerate(app.areas, 1):
                await pilot.press(str(number))
                await settle(pilot)
                words = [search_words(c.title, c.help)
                         for c in app.get_system_commands(app.screen)]
                for example in ("pdf", "undo"):
                    assert any(example in w for w in words), (number, example)
            await pilot.press("4")  # Players: neither its own
            await settle(pilot)
            await pilot.press("ctrl+p", *"undo")
            await asyncio.sleep(0.3)
            await settle(pilot)
            assert "Undo" in screen_text(pilot)

    asyncio.run(main())
