"""The builder's force line picks (``v`` a variant, ``o`` an option): the highlighted line's
unit offers its own variants and options, a pick is stored on that line, and a unit without
any says so and opens nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui.helpers import settle

from chronicle.services.db import open_database
from chronicle.systems.tales_of_arcadia import service
from chronicle.tui.screens.pick import PickScreen
from tales_of_arcadia.test_table import group, lines, tales


def test_variants_and_options_of_the_highlighted_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, (80, 24)) as (app, pilot):
            builder = app.screen
            builder.query_one("#toa-lines").focus()
            await settle(pilot)
            await pilot.press("home", "v")                  # Gearknight: its variants
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, PickScreen)
            assert picker.title_text == "Variant of Gearknight"
            assert [label for label, _value in picker.choices] == [
                "the base unit", "Lancer", "Sentinel"]
            await pilot.press("down", "enter")
            await settle(pilot)
            assert app.screen is builder
            await pilot.press("o")                          # and its options
            await settle(pilot)
            picker = app.screen
            assert isinstance(picker, PickScreen)
            assert picker.title_text == "Options of Gearknight"
            assert any(label.startswith("take Tower Shield") for label, _v in picker.choices)
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("down", "v")                  # Brass Hound has no variant
            await settle(pilot)
            assert app.screen is builder
            assert any("Brass Hound has no variants." in line for line in lines(pilot)) or any(
                "Brass Hound has no variants." in str(n.message) for n in app._notifications)

    asyncio.run(main())
    db = open_database(url)
    (force,) = service.list_forces(db)
    assert [line.variant for line in force.roster.units] == ["Lancer", None]
    db.engine.dispose()
