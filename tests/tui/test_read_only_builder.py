"""A read-only builder (the character's chronicle has begun) offers no changing keys: its
footer shows neither add nor remove, and pressing them changes nothing (issue 31, item 6)."""

from __future__ import annotations

import asyncio

from chronicle.systems.wyld_hunt.screens.builder import BuilderScreen
from chronicle.tui.app import ChronicleApp
from tui.helpers import screen_text, settle


def test_a_read_only_builder_offers_no_changing_keys(demo_url: str) -> None:
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            builder = BuilderScreen("Winerdria", "Tim")
            await app.push_screen(builder)
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            assert builder.data is not None and builder.data.locked
            footer = screen_text(pilot).splitlines()[-1]
            assert "Read-only" in screen_text(pilot)
            assert "Add" not in footer and "Remove" not in footer, footer
            active = {b.binding.action for b in builder.active_bindings.values()
                      if b.enabled}
            assert not active & {"add", "remove", "toggle_card", "save_background"}

    asyncio.run(main())
