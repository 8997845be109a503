"""Printing from the app: the character sheet, the chronicle log and the game sheet land in
the data folder's exports/, and an existing file is overwritten only after a yes."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pypdf import PdfReader

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
from chronicle.systems.wyld_hunt.services.characters import rename_character
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.confirm import ConfirmScreen


async def settle(app: ChronicleApp) -> None:
    for _ in range(4):
        await app.workers.wait_for_complete()
        await asyncio.sleep(0.05)


def text_of(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_sheet_log_and_game_sheet_from_the_app(tmp_path: Path, private_data_dir: Path) -> None:
    url = f"sqlite:///{tmp_path}/demo.db"
    run_demo(open_database(url))
    exports = private_data_dir / "exports"

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            await app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
            await settle(app)
            await pilot.press("p")
            await settle(app)
            await pilot.press("l")
            await settle(app)
            sheet = exports / "winerdria.pdf"
            assert "Winerdria" in text_of(sheet) and "Eloquent Speech" in text_of(sheet)
            assert "Even Dragons Pay Taxes" in text_of(exports / "winerdria-chronicle.pdf")
            sheet.write_bytes(b"mine")
            await pilot.press("p")
            await settle(app)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await settle(app)
            assert sheet.read_bytes() == b"mine"
            await pilot.press("p")
            await settle(app)
            await pilot.press("y")
            await settle(app)
            assert sheet.read_bytes().startswith(b"%PDF")
            await app.push_screen(GamePrepScreen("Rematch"))
            await settle(app)
            await pilot.press("p")
            await settle(app)

    asyncio.run(scenario())
    assert "Rematch" in text_of(exports / "rematch-game.pdf")


def test_the_app_says_which_characters_will_not_print(tmp_path: Path,
                                                      private_data_dir: Path) -> None:
    url = f"sqlite:///{tmp_path}/demo.db"
    db = open_database(url)
    run_demo(db)
    rename_character(db, "Winerdria", "Winerdria \u16a0", player="Tim")  # a rune: no font has it

    async def scenario() -> list[str]:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            await app.push_screen(CharacterViewScreen("Winerdria \u16a0", "Tim"))
            await settle(app)
            await pilot.press("p")
            await settle(app)
            return [str(note.message) for note in app._notifications]

    messages = asyncio.run(scenario())
    assert any("U+16A0" in message for message in messages), messages
    assert any("Wrote" in message for message in messages), messages
