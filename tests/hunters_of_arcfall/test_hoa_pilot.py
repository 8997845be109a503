"""The score keeper in the app (area 5), driven with the keyboard at 80x24: the list of games
(the focus on it), two games, a bounty the catalog lacks entered on the spot in one dialog,
hostile names shown as written (never markup), a turn entered one key at a time and written
through the rules, the final round flagged as soon as the limit is reached, the winner, and
undo after a confirmation; Escape goes back a screen at a time. One app for all of it
(starting one costs seconds)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input

from chronicle import paths
from chronicle.services.db import open_database
from chronicle.systems.hunters_of_arcfall import KEY
from chronicle.systems.hunters_of_arcfall.screens.hunts import HuntList, HuntsScreen
from chronicle.systems.hunters_of_arcfall.screens.table import HuntScreen
from chronicle.systems.hunters_of_arcfall.service import new_hunt, show_hunt
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import OtherGamesScreen
from tests.hunters_of_arcfall.test_hoa_cli import fresh, migrated  # noqa: F401  (fixture)
from tests.hunters_of_arcfall.test_hoa_golden import CARDS
from tests.tui.helpers import burst, screen_text, settle

RENAMED = "[b]Noche [/]"
KEYS = {" ": "space", "[": "left_square_bracket", "]": "right_square_bracket", "/": "slash"}


def shown(app: ChronicleApp) -> str:
    """What the score keeper's text panels show (the scoreboard is read from its state)."""
    from textual.widgets import Static

    screen = app.screen
    if not isinstance(screen, HuntScreen):
        return str(screen)
    return "\n".join(str(screen.query_one(f"#hunt-{part}", Static).render())
                     for part in ("title", "banner", "bounty", "turn", "log"))


async def typed(pilot: object, text: str) -> None:
    """Type ``text`` into the focused field, fast (a burst: every key in the app's queue at
    once, then the app settled)."""
    await burst(pilot, *(KEYS.get(c, c) for c in text))  # type: ignore[arg-type]


@pytest.fixture
def url(migrated: Path, tmp_path: Path, private_data_dir: Path) -> str:  # noqa: F811
    folder = paths.user_cards_dir(KEY)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(CARDS / "table.toml", folder / "table.toml")
    return fresh(migrated, tmp_path)


async def pick(pilot: object, name: str) -> None:
    """Put the list's cursor on the game called ``name`` and open it (enter)."""
    app = pilot.app  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, HuntsScreen), screen
    screen.query_one(HuntList).cursor = [v.name for v in screen.views].index(name)
    await pilot.press("enter")  # type: ignore[attr-defined]
    await settle(pilot)  # type: ignore[arg-type]
    assert isinstance(app.screen, HuntScreen) and app.screen.game == name


async def open_hunts(pilot: object, app: ChronicleApp) -> None:
    """Area 5, then Hunters of Arcfall (enter): its list of games, the focus on the list."""
    from chronicle.tui.screens.other_games import installed_games

    keys = [one.key for one in installed_games()[0]]
    await settle(pilot)  # type: ignore[arg-type]
    if app.screen.is_modal:                                 # the welcome: no players
        await pilot.press("escape")  # type: ignore[attr-defined]
    await pilot.press("5", *["down"] * keys.index(KEY), "enter")  # type: ignore[attr-defined]
    await settle(pilot)  # type: ignore[arg-type]
    assert isinstance(app.screen, HuntsScreen)
    assert isinstance(app.focused, HuntList)                # as on Wyld Hunt's screens


def test_games_played_with_the_keyboard(url: str) -> None:
    db = open_database(url)
    new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")], limit=3)
    hostile = "[/x] [b]Ana\\"
    new_hunt(db, "[red]Night", [(hostile, "Gus"), ("Bo 🐉", "Hunter B")])

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_hunts(pilot, app)
            listed = screen_text(pilot)         # names as typed, never markup
            assert "Friday" in listed and "[red]Night" in listed and hostile in listed
            await pick(pilot, "Friday")
            text = shown(app)
            assert "Friday" in text and "Ana's turn" in text and "No active bounty" in text
            await pilot.press("d")
            await typed(pilot, "Bounty 1")
            await pilot.press("enter", "c", "w", "w", "h", "enter")
            await settle(pilot)
            text = shown(app)
            assert "Ana claims Bounty 1 (+3 Fortune, 3 now)" in text
            assert "FINAL ROUND" in text and "Bo still" in text and "Bo's turn" in text
            await pilot.press("d")
            await typed(pilot, "Bounty 2")
            await pilot.press("enter", "w", "w", "w", "w")           # a fourth wound: fatal
            assert "FATALLY WOUNDED" in shown(app)
            board = app.screen.query_one("#hunt-board").render()
            assert "Wounds" in str(board) and "4/3" in str(board)   # on the scoreboard too
            await pilot.press("enter")
            await settle(pilot)
            text = shown(app)
            assert "GAME OVER" in text and "Ana wins with 3 Fortune" in text
            await pilot.press("u")                                  # asks first, as Wyld
            await settle(pilot)                                     # Hunt's undo does
            assert "Take back entry 2?" in str(getattr(app.screen, "question", ""))
            assert "draws Bounty 2; is fatally wounded" in str(getattr(app.screen, "detail", ""))
            await pilot.press("n")                                  # no: nothing written
            await settle(pilot)
            assert "GAME OVER" in shown(app)
            await pilot.press("u", "y")                             # yes: taken back
            await settle(pilot)
            text = shown(app)
            assert "Entry 2 is taken back" in text and "FINAL ROUND" in text

            await pilot.press("right_square_bracket")               # the other game
            await settle(pilot)
            text = screen_text(pilot)           # names as typed, never markup
            assert hostile in text and "[red]Night" in text and "Bo 🐉" in text
            await pilot.press("c")                                  # nothing to capture
            await pilot.press("d")
            await typed(pilot, "[i]Vex")
            await pilot.press("enter")
            await settle(pilot)
            assert "is not in the catalog" in screen_text(pilot)    # its values asked
            await typed(pilot, "4 2")                               # in the same dialog
            await pilot.press("enter")
            await settle(pilot)
            assert "Active bounty: [i]Vex" in shown(app)
            await pilot.press("c", "enter")
            await settle(pilot)
            assert f"{hostile} claims [i]Vex (+4 Fortune, 4 now)" in screen_text(pilot)
            await pilot.press("w", "backspace")                     # backspace clears the turn
            assert "0/3" in str(app.screen.query_one("#hunt-board").render())
            await pilot.press("escape")                             # back to the games
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)

            screen = app.screen
            screen.query_one(HuntList).cursor = [v.name for v in screen.views].index(
                "[red]Night")
            await pilot.press("r")                                  # rename, as the CLI does
            await settle(pilot)
            await pilot.press("ctrl+u")
            await typed(pilot, "Friday")                            # taken: the dialog stays
            await pilot.press("enter")
            await settle(pilot)
            assert "already" in screen_text(pilot) and not isinstance(app.screen, HuntsScreen)
            await pilot.press("ctrl+u")
            await typed(pilot, RENAMED)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)
            assert screen.current() is not None and screen.current().name == RENAMED
            await pilot.press("delete")                             # turns: archived
            await settle(pilot)
            detail = getattr(app.screen, "detail", "")
            assert f"{RENAMED} will be archived, not erased: its history is kept (1 log " \
                "entry)" in detail, detail
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)
            assert [v.name for v in screen.views] == ["Friday"]
            assert any("was archived: its event is kept" in str(n.message)
                       for n in app._notifications)
            await pilot.press("b")                                  # and brought back
            await settle(pilot)
            assert RENAMED in screen_text(pilot)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen) and RENAMED in screen_text(pilot)
            await pilot.press("p")                                  # the score pad, in the
            await settle(pilot)                                     # data folder's exports/
            (pad,) = (paths.user_data_dir() / "exports").glob("*-hunt.pdf")
            await pilot.press("p")                                  # again: asks first
            await settle(pilot)
            assert "Overwrite" in str(getattr(app.screen, "question", ""))
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen) and pad.exists()

            await pilot.press("n")                                  # a new game, one dialog
            await settle(pilot)
            app.screen.query_one("#hoa-name", Input).value = "Z" * 201
            await pilot.press("enter", "enter", "enter")
            await settle(pilot)
            assert "at most 200" in screen_text(pilot)              # said beside the field
            assert app.screen.query_one("#hoa-name", Input).value == "Z" * 201   # as typed
            await pilot.press("ctrl+u")
            await typed(pilot, "Dawn [b]")
            await pilot.press("tab")
            await typed(pilot, "Cy:Gus, Di:Hunter B")
            await pilot.press("tab", "ctrl+u")
            await typed(pilot, "7")
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)
            assert screen.current() is not None and screen.current().name == "Dawn [b]"
            await pilot.press("escape")                             # back to the other games
            await settle(pilot)
            assert isinstance(app.screen, OtherGamesScreen)

    asyncio.run(scenario())
    db = open_database(url)
    state = show_hunt(db, "Friday").state
    assert [line.undone_by for line in state.lines] == [None, 3, None]
    assert len(show_hunt(db, RENAMED).state.lines) == 1                 # its log is kept
    dawn = show_hunt(db, "Dawn [b]")
    assert [(p.name, p.hunter) for p in dawn.state.players] == [("Cy", "Gus"),
                                                                ("Di", "Hunter B")]
    assert dawn.log.limit == 7                                          # the limit as set
