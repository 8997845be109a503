"""Snapshots of every screen and dialog at 80x24 and at 140x45 (pytest-textual-snapshot).

Review a changed snapshot in the HTML report before accepting it with ``--snapshot-update``.
Each app runs on a copy of the rulebook's demo with hostile names added (a player ``Sam [/x]``,
characters ``Winerdria [retired]``, ``[/x] [b]Bold``, emoji, CJK and Arabic names, a game
``Night [/x]``), so every snapshot also shows that names are printed whole, as typed.
"""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services import characters
from chronicle.tui.app import ChronicleApp
from tui.helpers import folders_of_its_own, settle, steady_shot
from tui.test_hostile_pilot import hostile_database

SIZES = {"80x24": (80, 24), "140x45": (140, 45)}
Steps = Callable[[Pilot[Any]], Awaitable[None]]


class FixedDay(date):
    """``date`` whose today is always the same day, so the dialogs' date fields do not
    change the snapshots from one day to the next."""

    @classmethod
    def today(cls) -> FixedDay:
        return cls(2026, 1, 15)


@pytest.fixture(scope="session")
def hostile_template(demo_template: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo with the hostile names and a character in progress, built once."""
    from sqlalchemy import text

    path = tmp_path_factory.mktemp("hostile-template") / "hostile.db"
    shutil.copyfile(demo_template, path)
    url = f"sqlite:///{path}"
    with folders_of_its_own(tmp_path_factory):
        hostile_database(url)
        db = open_database(url)
        characters.new_character(db, "Tim", "Aline", icon="Sidhe Female")
        characters.edit_character(db, "Aline", add_merits=("Eloquent Speech", "Lightning Quick",
                                                           "Mirror, Mirror"))
        with db.engine.begin() as connection:  # the chronicle's dates, fixed for the shots
            connection.execute(text("UPDATE ledger_event SET recorded_at = "
                                    "'2026-01-10 12:00:00'"))
        db.engine.dispose()
    return path


@pytest.fixture
def hostile_url(hostile_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh copy of the hostile demo; the dialogs' date fields show a fixed day."""
    from chronicle.systems.wyld_hunt.screens import record_game, spend_xp

    path = tmp_path / "hostile.db"
    shutil.copyfile(hostile_template, path)
    monkeypatch.setattr(record_game, "date", FixedDay)
    monkeypatch.setattr(spend_xp, "date", FixedDay)
    return f"sqlite:///{path}"


def push(module: str, name: str, *args: str) -> Steps:
    """Steps that open screen ``name`` of ``chronicle.systems.wyld_hunt.screens.<module>``."""
    async def steps(pilot: Pilot[Any]) -> None:
        import importlib

        screen = getattr(importlib.import_module(
            f"chronicle.systems.wyld_hunt.screens.{module}"), name)
        await pilot.app.push_screen(screen(*args))

    return steps


def keys(*pressed: str) -> Steps:
    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press(*pressed)

    return steps


def searched(*pressed: str) -> Steps:
    """Press keys in the command palette, then wait past its "No matches" countdown, so the
    shot never depends on how fast the search finished."""
    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press(*pressed)
        await pilot.pause(0.8)

    return steps


def then(*parts: Steps) -> Steps:
    async def steps(pilot: Pilot[Any]) -> None:
        for part in parts:
            await part(pilot)
            await settle(pilot)

    return steps


SCREENS: dict[str, Steps] = {
    "collection": keys(),
    "collection-search": keys("slash", *"kind:waylay owned"),
    "collection-unknown-filter": keys("slash", *"kind:[/x] fire"),
    "help": keys("question_mark"),
    "palette": searched("ctrl+p", *"player"),
    "pack": keys("o", *"fae armor", "enter", *"indecis", "tab", "enter", *"[/x]"),
    "card-edit": keys("n"),
    "add-player": keys("a", *"Sam [/x]", "enter"),
    "characters": keys("2"),
    "new-character": then(keys("2"), keys("n")),
    "character": push("character", "CharacterViewScreen", "Winerdria", "Tim"),
    "builder": push("builder", "BuilderScreen", "Aline", "Tim"),
    "builder-identity": then(push("builder", "BuilderScreen", "Aline", "Tim"), keys("c")),
    "record-game": then(push("character", "CharacterViewScreen", "Winerdria", "Tim"),
                        keys("g")),
    "spend-xp": then(push("character", "CharacterViewScreen", "Winerdria", "Tim"), keys("s")),
    "games": keys("3"),
    "new-game": then(keys("3"), keys("n")),
    "game-prep": push("game_prep", "GamePrepScreen", "Rematch"),
    "game-prep-hostile": push("game_prep", "GamePrepScreen", "Night [/x]"),
    "game-result": push("game_result", "GameResultScreen", "Rematch"),
    "players": keys("4"),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screen(snap_compare: Callable[..., bool], hostile_url: str, screen: str,
                size: str) -> None:
    """Each screen fits its size: the footer, titles, values and names whole."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await steady_shot(pilot, SCREENS[screen])

    assert snap_compare(ChronicleApp(hostile_url), terminal_size=SIZES[size],
                        run_before=run_before)


def test_first_run_dialog(snap_compare: Callable[..., bool], tmp_path: Path) -> None:
    """An empty database offers the demo, a first player, or browsing."""
    app = ChronicleApp(f"sqlite:///{tmp_path}/empty.db")
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
