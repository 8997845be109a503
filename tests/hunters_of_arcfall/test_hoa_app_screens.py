"""Hunters of Arcfall's screens in the app, driven with Pilot (keys sent in bursts, as fast as
Pilot sends them): a bad value in a dialog never closes it nor loses what was typed, and it is
said under its field; hostile values (markup, emoji, Arabic, 10,000 characters) in every
field are kept as typed; the point limit is set in the app; and every screen and dialog at
80x24 and 60x20 shows its footer keys (``?`` among them) and the scoreboard's columns."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, Static

from chronicle.services.db import open_database
from chronicle.systems.hunters_of_arcfall.screens.bounty import BountyDialog, worth
from chronicle.systems.hunters_of_arcfall.screens.hunts import HuntsScreen
from chronicle.systems.hunters_of_arcfall.screens.new_game import NewHuntDialog
from chronicle.systems.hunters_of_arcfall.screens.table import HuntScreen
from chronicle.systems.hunters_of_arcfall.service import list_hunts, new_hunt, show_hunt
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.help import screen_keys
from tests.hunters_of_arcfall.test_hoa_cli import migrated  # noqa: F401  (fixture)
from tests.hunters_of_arcfall.test_hoa_pilot import open_hunts, pick, typed, url  # noqa: F401
from tests.tui.helpers import screen_text, settle

LONG = "Ж" * 9_990 + "[/x] 🐉"
HOSTILE = ["[/x] [b]Vex\\", "Drache 🐉", "صياد الظلال", LONG]


def footer(pilot: object) -> str:
    """The footer line of the screen shown."""
    lines = screen_text(pilot).splitlines()  # type: ignore[arg-type]
    return next(line for line in reversed(lines) if "palette" in line)


def error(app: ChronicleApp, key: str) -> str:
    """What the dialog says under field ``key`` (empty while hidden)."""
    line = app.screen.query_one(f"#hoa-{key}-error", Static)
    return str(line.render()) if line.display else ""


def test_a_bad_value_keeps_the_bounty_dialog_and_what_was_typed(url: str) -> None:  # noqa: F811
    """The issue's case: d, a bounty the catalog lacks, enter, abc as Fortune and Fame, enter:
    the dialog stays with abc in its field and the message under it, and 3 1 typed next goes
    into the field (never to the app's keys), then enter draws the bounty."""
    db = open_database(url)
    new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")])

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_hunts(pilot, app)
            await pick(pilot, "Friday")
            table = app.screen
            await pilot.press("d", *"Vex", "enter", *"abc", "enter")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, BountyDialog)
            assert dialog.query_one("#hoa-name", Input).value == "Vex"
            assert dialog.query_one("#hoa-worth", Input).value == "abc"   # kept as typed
            assert "Give two whole numbers, Fortune then Fame" in error(app, "worth")
            assert isinstance(app.focused, Input) and app.focused.id == "hoa-worth"
            await pilot.press("3", "space", "1", "enter")   # replaces the selected bad value
            await settle(pilot)
            assert app.screen is table and "Active bounty: Vex" in screen_text(pilot)
            assert "Fortune 3  Fame 1" in screen_text(pilot)

            await pilot.press("c", "enter")                 # then: hostile bounty names
            await settle(pilot)
            for name in HOSTILE[:3]:
                await pilot.press("d")
                await settle(pilot)
                dialog = app.screen
                assert isinstance(dialog, BountyDialog)
                dialog.query_one("#hoa-name", Input).value = name
                dialog.query_one("#hoa-worth", Input).value = LONG   # not two numbers
                await pilot.pause()
                await pilot.press("ctrl+s")
                await settle(pilot)
                assert app.screen is dialog, name
                assert dialog.query_one("#hoa-name", Input).value == name
                assert dialog.query_one("#hoa-worth", Input).value == LONG
                assert error(app, "worth")
                await pilot.press("ctrl+u", "2", "space", "0", "enter")
                await settle(pilot)
                assert app.screen is table and f"Active bounty: {name}" in screen_text(pilot)
                await pilot.press("c", "enter")
                await settle(pilot)
            await pilot.press("d")
            await settle(pilot)
            app.screen.query_one("#hoa-name", Input).value = LONG   # too long for a name
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, BountyDialog) and "at most 200" in error(app, "name")
            assert app.screen.query_one("#hoa-name", Input).value == LONG
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is table
            await pilot.press("w", "escape")            # a turn being entered: asked first
            await settle(pilot)
            assert "turn unwritten?" in str(getattr(app.screen, "question", ""))
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is table and "1/3" in screen_text(pilot)
            await pilot.press("escape", "y")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)

    asyncio.run(scenario())
    claimed = [p.claimed for p in show_hunt(open_database(url), "Friday").state.players]
    assert claimed[0] == ("Vex", HOSTILE[1]) and claimed[1] == (HOSTILE[0], HOSTILE[2])


def test_the_new_game_dialog_keeps_the_name_and_seats_on_a_bad_seat(url: str) -> None:  # noqa: F811
    """A seat without its hunter, a limit that is no number, hostile values in every field:
    the dialog stays with every value as typed and the message under the field; the point
    limit set in the app is the game's."""
    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_hunts(pilot, app)
            await pilot.press("n")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, NewHuntDialog)
            assert dialog.query_one("#hoa-limit", Input).value == "15"
            await typed(pilot, "Night")
            await pilot.press("enter", *"Ana:Gus,", "space", *"Bo", "enter", "enter")
            await settle(pilot)
            assert app.screen is dialog
            assert dialog.query_one("#hoa-name", Input).value == "Night"
            assert dialog.query_one("#hoa-seats", Input).value == "Ana:Gus, Bo"
            assert "names no hunter" in error(app, "seats")
            await typed(pilot, ":Hunter B")                   # goes on after the text
            assert dialog.query_one("#hoa-seats", Input).value == "Ana:Gus, Bo:Hunter B"
            await pilot.press("tab", *"abc", "enter")
            await settle(pilot)
            assert app.screen is dialog and "whole number" in error(app, "limit")
            assert dialog.query_one("#hoa-limit", Input).value == "abc"
            good = {"name": "Night", "seats": "Ana:Gus, Bo:Hunter B", "limit": "7"}
            refused = {"name": [LONG], "seats": HOSTILE, "limit": HOSTILE}
            for key, values in refused.items():             # hostile values everywhere
                for value in values:
                    for other, kept in good.items():
                        dialog.query_one(f"#hoa-{other}", Input).value = kept
                    dialog.query_one(f"#hoa-{key}", Input).value = value
                    await pilot.pause()                         # as if typed
                    await pilot.press("ctrl+s")
                    await settle(pilot)
                    assert app.screen is dialog, (key, value[:20])
                    assert error(app, key), (key, value[:20])   # said under its field
                    for other, kept in good.items():            # and nothing lost
                        assert dialog.query_one(f"#hoa-{other}", Input).value == (
                            value if other == key else kept)
            for other, kept in {**good, "name": HOSTILE[0]}.items():  # a name, as typed
                dialog.query_one(f"#hoa-{other}", Input).value = kept
            await pilot.pause()
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)

    asyncio.run(scenario())
    (view,) = list_hunts(open_database(url))
    assert view.name == HOSTILE[0] and view.log.limit == 7
    assert [(s.name, s.hunter) for s in view.log.seats] == [("Ana", "Gus"), ("Bo", "Hunter B")]


def test_worth_is_two_small_whole_numbers() -> None:
    assert worth("3 1") == (3, 1) and worth(" 4, 0 ") == (4, 0)
    for bad in ("abc", "3", "3 1 2", "-1 2", "３ 1", "9" * 10_000 + " 1", "100 1", ""):
        assert isinstance(worth(bad), str), bad


def test_every_screen_and_dialog_fits_80x24_and_60x20(url: str) -> None:  # noqa: F811
    """Footer keys (the screen's first ones and ?), the scoreboard's columns and the dialogs'
    fields at both sizes; escape goes back a screen at a time; the help lists the keys that
    are left out of a narrow footer."""
    db = open_database(url)
    new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")])

    async def scenario(size: tuple[int, int]) -> None:
        wide = size[0] >= 80
        app = ChronicleApp(url)
        async with app.run_test(size=size) as pilot:
            await open_hunts(pilot, app)
            shown = footer(pilot)
            for key in ["⏎ Open", "n New", "? Help", *(["r Rename", "del Delete"] if wide
                                                        else [])]:
                assert key in shown, (size, key, shown)
            keys = screen_keys(app.screen)             # the help: every key, narrow or not
            assert "`r` Rename" in keys and "`del` Delete" in keys and "`esc` Back" in keys
            await pick(pilot, "Friday")
            shown = footer(pilot)
            for key in ["d Draw", "c Capture", "w Wound", "u Undo", "? Help",
                        *(["⏎ Claim", "x Fatal"] if wide else [])]:
                assert key in shown, (size, key, shown)
            text = screen_text(pilot)
            for column in ["Player", "Hunter", "Fortune", "Fame", "Wounds", "Claimed",
                           *(["Beneath", "Ability"] if wide else [])]:
                assert column in text, (size, column)
            keys = screen_keys(app.screen)
            for key in ("`⌫` Clear the turn", "`esc` Back", "`[` Previous game", "`o` No dice",
                        "`x` Fatal", "`⏎` Claim"):
                assert key in keys, key
            await pilot.press("d")
            await settle(pilot)
            text = screen_text(pilot)
            assert "The bounty's name" in text and "Fortune and Fame" in text
            await pilot.press("escape", "escape")      # the dialog, then the table
            await settle(pilot)
            assert isinstance(app.screen, HuntsScreen)
            await pilot.press("n")
            await settle(pilot)
            text = screen_text(pilot)
            assert all(label in text for label in ("Game's name", "Seats, in order",
                                                   "Point limit", "ctrl+s saves"))
            assert isinstance(app.screen, NewHuntDialog)

    for size in ((80, 24), (60, 20)):
        asyncio.run(scenario(size))
    assert isinstance(HuntScreen("x"), HuntScreen)


def test_the_issues_keys_in_one_burst_with_the_typing_guard_on(url: str) -> None:  # noqa: F811
    """The issue's keys sent as one burst, with the app's guard against words typed outside a
    field switched on as in a terminal: every key lands in the dialog (none runs as an app
    key: 3 would switch area, 1 too), and the bounty is drawn with Fortune 3 and Fame 1."""
    db = open_database(url)
    new_hunt(db, "Friday", [("Ana", "Gus"), ("Bo", "Hunter B")])

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_hunts(pilot, app)
            await pick(pilot, "Friday")
            table = app.screen
            app.typing_gap_set = 0.3
            await pilot.press("d", *"Vex", "enter", *"abc", "enter", "3", "space", "1",
                              "enter")
            await settle(pilot)
            assert app.screen is table, app.screen
            assert "Active bounty: Vex" in screen_text(pilot)
            assert "Fortune 3  Fame 1" in screen_text(pilot)

    asyncio.run(scenario())
