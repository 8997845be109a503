"""Snapshots of the main screens at 80x24 and at a wide size (pytest-textual-snapshot).

Review a changed snapshot in the HTML report before accepting it with ``--snapshot-update``.
Each app runs on a database holding the rulebook's demo, built fresh for the test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chronicle.services.db import open_database
from chronicle.services.demo import run_demo
from chronicle.tui.app import ChronicleApp

SIZES = {"80x24": (80, 24), "wide": (132, 40)}


async def settled(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


@pytest.fixture
def demo_app(tmp_path: Path) -> ChronicleApp:
    url = f"sqlite:///{tmp_path}/demo.db"
    run_demo(open_database(url))
    return ChronicleApp(url)


@pytest.mark.parametrize("size", SIZES)
def test_collection_screen(snap_compare: Callable[..., bool], demo_app: ChronicleApp,
                           size: str) -> None:
    """The catalog with Josh's owned counts and the first card's detail."""
    assert snap_compare(demo_app, terminal_size=SIZES[size], run_before=settled)


def test_collection_search_with_filters(snap_compare: Callable[..., bool],
                                        demo_app: ChronicleApp) -> None:
    """Searching narrows the list as you type; filters combine with words."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("slash", *"kind:waylay owned")
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=run_before)


def test_help_screen(snap_compare: Callable[..., bool], demo_app: ChronicleApp) -> None:
    """The help screen over the collection."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=run_before)


def test_first_run_dialog(snap_compare: Callable[..., bool], tmp_path: Path) -> None:
    """An empty database offers the demo, a first player, or browsing."""
    app = ChronicleApp(f"sqlite:///{tmp_path}/empty.db")
    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)


def test_pack_dialog(snap_compare: Callable[..., bool], demo_app: ChronicleApp) -> None:
    """The pack dialog with a known card, a completed name and an unknown one."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("o")
        await pilot.pause()
        await pilot.press(*"fae armor", "enter", *"indecis", "right", "enter", *"fae armour")
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_characters_screen(snap_compare: Callable[..., bool], demo_app: ChronicleApp,
                           size: str) -> None:
    """Each player's characters with court, experience, Waylay bonus and validity."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        await pilot.press("2")
        await settled(pilot)

    assert snap_compare(demo_app, terminal_size=SIZES[size], run_before=run_before)


def test_builder_screen(snap_compare: Callable[..., bool], tmp_path: Path) -> None:
    """The builder of a character in progress: meter past the limit, tally, violations."""
    from chronicle.services import characters

    url = f"sqlite:///{tmp_path}/demo.db"
    db = open_database(url)
    run_demo(db)
    characters.new_character(db, "Tim", "Aline", icon="Sidhe Female")
    characters.edit_character(db, "Aline", add_merits=("Eloquent Speech", "Lightning Quick",
                                                       "Mirror, Mirror"))
    app = ChronicleApp(url)

    async def run_before(pilot: Pilot[Any]) -> None:
        from chronicle.tui.screens.builder import BuilderScreen

        await settled(pilot)
        await pilot.app.push_screen(BuilderScreen("Aline", "Tim"))
        await settled(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_game_preparation_screen(snap_compare: Callable[..., bool], demo_app: ChronicleApp,
                                 size: str) -> None:
    """Preparing the demo's second game: meters, odds and the report."""
    async def run_before(pilot: Pilot[Any]) -> None:
        from chronicle.tui.screens.game_prep import GamePrepScreen

        await settled(pilot)
        await pilot.press("3")
        await settled(pilot)
        await pilot.app.push_screen(GamePrepScreen("Rematch"))
        await settled(pilot)

    assert snap_compare(demo_app, terminal_size=SIZES[size], run_before=run_before)
