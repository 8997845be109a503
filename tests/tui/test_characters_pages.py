"""A large group (issue 31, item 8): the Characters area reads the characters around those on
screen, and the others as they are scrolled to; ``chronicle character list`` shows a page."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

from chronicle.cli import main as cli
from chronicle.persistence import repository as repo
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.characters import PAGE, CharacterList, CharactersScreen
from chronicle.tui.app import ChronicleApp
from tui.helpers import settle

PLAYERS = 50


def group(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path}/group.db"
    db = open_database(url)
    with db.transaction() as session:
        for number in range(PLAYERS):
            row = repo.add_player(session, f"Player {number:03d}")
            assert row.id is not None
            for second in range(2):
                repo.add_character(session, row.id, f"Hero {number:03d}-{second}", "wyld-hunt")
    db.engine.dispose()
    return url


def test_the_characters_area_reads_a_page_then_what_is_scrolled_to(tmp_path: Path) -> None:
    url = group(tmp_path)

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, CharactersScreen)
            assert len(screen.entries) == 2 * PLAYERS
            assert 0 < len(screen.views) <= PAGE + 30 < 2 * PLAYERS
            listing = screen.query_one(CharacterList)
            last = listing.get_option_at_index(listing.option_count - 1)
            assert "…" in str(last.prompt)  # not read yet: its name, then …
            await pilot.press("end")
            await settle(pilot)
            assert "…" not in str(listing.get_option_at_index(listing.option_count - 1).prompt)
            assert "Hero 049-1" in str(listing.get_option_at_index(
                listing.option_count - 1).prompt)
            assert f"{2 * PLAYERS} characters of {PLAYERS} players" in str(
                screen.query_one("#characters-status").render())

    asyncio.run(main())


def test_character_list_shows_a_page_at_a_time(tmp_path: Path) -> None:
    url = group(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["--db", url, "character", "list"]) == 0
    text = out.getvalue()
    assert "Hero 000-0" in text and "Hero 049-1" not in text
    assert "page 1 of 2 (100 characters): --page N shows another" in text
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["--db", url, "character", "list", "--page", "2"]) == 0
    assert "Hero 049-1" in out.getvalue() and "Hero 000-0" not in out.getvalue()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert cli(["--db", url, "character", "list", "--page", "0"]) == 2
