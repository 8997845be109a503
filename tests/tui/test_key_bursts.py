"""Keys typed fast land where they were typed (issue 31, item 2): a burst of keys, all in the
app's queue at once as a terminal sends them (``tmux send-keys 'N1' Tab 'Tim'``), fills each
field with what was typed for it, whatever moves the focus between them (tab, enter, a dialog
opening)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.tui.app import ChronicleApp
from tui.helpers import burst, settle


def run(url: str, scenario: Any, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


def values(pilot: Pilot[Any]) -> list[str]:
    return [field.value for field in pilot.app.screen.query(Input).results(Input)]


def test_record_game_form_takes_a_burst(demo_url: str) -> None:
    """``O1 Tab C-u D1`` in the record-a-game form: the opponent O1, the date replaced by
    D1 (Textual alone gave the opponent "O1D1" and cleared the date)."""
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("2")
        await settle(pilot)
        await app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, RecordGameScreen)
        app.screen.query_one("#game-opponent", Input).focus()
        await settle(pilot)
        await burst(pilot, "O", "1", "tab", "ctrl+u", "D", "1", "tab", "n", "o", "t", "e")
        assert values(pilot) == ["O1", "D1", "note"]

    run(demo_url, scenario)
