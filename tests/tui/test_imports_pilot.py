"""Importing from the app: a collection CSV into the current player's cards and a character
file into the database, in workers, with the database checked afterwards; a bad file changes
nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services import characters, collection
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.prompt import PromptScreen


async def settle(app: ChronicleApp) -> None:
    for _ in range(4):
        await app.workers.wait_for_complete()
        await asyncio.sleep(0.05)


def test_collection_csv_import_and_a_refused_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    db = open_database(url)
    players.add_player(db, "Tim")
    good = tmp_path / "good.csv"
    good.write_text("card,set,count\nFae Armor,wyld-hunt,2\nIndecisive,,1\n", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("card,set,count\nFae Armour,,1\n", encoding="utf-8")

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            for path in (bad, good):
                await pilot.press("i")
                await pilot.pause()
                assert isinstance(app.screen, PromptScreen)
                app.screen.query_one("#prompt-input").value = str(path)  # type: ignore[attr-defined]
                await pilot.press("enter")
                await settle(app)
                if path == bad:
                    assert collection.list_collection(db, "Tim") == []

    asyncio.run(scenario())
    assert {o.name: o.count for o in collection.list_collection(db, "Tim")} == {
        "Fae Armor": 2, "Indecisive": 1}


def test_character_file_import(tmp_path: Path) -> None:
    source = open_database(f"sqlite:///{tmp_path}/source.db")
    run_demo(source)
    exported = tmp_path / "winerdria.toml"
    exported.write_text(characters.export_character(source, "Winerdria"), encoding="utf-8")
    url = f"sqlite:///{tmp_path}/target.db"
    target = open_database(url)
    players.add_player(target, "Tim")

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            await pilot.press("2")
            await settle(app)
            await pilot.press("i")
            await pilot.pause()
            app.screen.query_one("#prompt-input").value = str(exported)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await settle(app)

    asyncio.run(scenario())
    imported = characters.show_character(target, "Winerdria")
    original = characters.show_character(source, "Winerdria")
    assert imported.build == original.build and imported.report.valid
