"""The play screen driven with Textual's Pilot, keys only: the rulebook's Example of Play laid
out and its first Day played in a burst of keys, a refused step shown with its code and fix,
and the ledger checked through the services afterwards; and the whole Example of Play, every
step of the golden file, at 80x24 on a game prepared through the command line from an empty
data folder, names typed without quotes, each step's state checked and its result line on
screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import dbfixtures as fx
import playtable
from textual.widgets import Input

from chronicle.services import recordstore as records
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.play import PlayScreen
from chronicle.systems.wyld_hunt.services import play
from chronicle.tui.app import ChronicleApp
from tui.helpers import burst, screen_text

SIZE = (100, 30)


def test_the_example_of_play_through_the_play_screen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    db = open_database(url)
    golden = playtable.load()
    playtable.prepare(db, golden)

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=SIZE) as pilot:
            await burst(pilot, "3")
            await burst(pilot, "p")
            screen = pilot.app.screen
            assert isinstance(screen, PlayScreen)
            assert "not laid out yet" in screen_text(pilot)
            assert screen.query_one("#play-step", Input).value == "start "
            await burst(pilot, *'Josh Tim=Balanvale "Josh=Balath Castle"', "enter")
            assert "Day 1: Josh's Day" in screen_text(pilot)
            await burst(pilot, "m", *'"The Kyrrian Tower"', "enter",
                        "w", *"Manticora", "enter",
                        "t", *"Manticora 3 3", "enter")
            await burst(pilot, "e")  # refused: the lost Test is not paid for
            shown = screen_text(pilot)
            assert "play.exhaust_owed" in shown and "x (exhaust)" in shown, shown
            await burst(pilot, "x", *"Fuddle lost", "enter", "e")
            assert "Day 1: Tim's Day" in screen_text(pilot)
            await burst(pilot, "u")
            assert "Day 1: Josh's Day" in screen_text(pilot)
            await burst(pilot, "escape")
            assert not isinstance(pilot.app.screen, PlayScreen)

    asyncio.run(scenario())
    state = play.show(db, golden["game"]).state
    annoyicus = state.heroes["Josh"]
    assert (annoyicus.league, sorted(annoyicus.exhausted), state.current) == (
        "The Kyrrian Tower", ["Fuddle"], "Josh")
    assert [e.kind for e in records.get(db, play.SYSTEM, play.KIND, golden["game"]).events] == [
        "move", "waylay", "test", "exhaust", "end", "undo"]


def keys(step: dict[str, Any]) -> list[str]:
    """The keys of one golden step on the play screen: its key, then its words (names
    unquoted; a Test faces the next Waylay unnamed; a lost Test's Merit needs no ``lost``:
    it is the default while one is owed)."""
    kind, *rest = step["argv"]
    key = {"move": "m", "waylay": "w", "test": "t", "exhaust": "x", "rest": "r",
           "treasure": "p", "discard": "d", "flaw": "f"}.get(kind)
    if key is None:
        return [{"end": "e", "undo": "u"}[kind]]
    words = [w for w in rest if not w.startswith("--")]
    if kind == "test":  # the next Waylay on the League, unnamed: the rolls alone
        rolls = [rest[rest.index(flag) + 1] for flag in ("--roll", "--against") if flag in rest]
        return [key, *" ".join(rolls), "enter"]
    return [key, *" ".join(words), "enter"]


def test_the_whole_example_of_play_at_80_by_24(private_data_dir: Path) -> None:
    golden = playtable.load()
    assert not any(private_data_dir.iterdir())
    for argv in playtable.prepare_argv(golden):  # the table prepares it on the command line
        code, out, err = fx.cli(*argv)
        assert code == 0, (argv, out, err)
    url = f"sqlite:///{private_data_dir}/{next(private_data_dir.glob('*.db')).name}"
    start = golden["start"]
    words = ["start", start["first"], *start["camps"], *start["treasures"]]

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=(80, 24)) as pilot:
            await burst(pilot, "3")
            await burst(pilot, "p")
            assert isinstance(pilot.app.screen, PlayScreen)
            assert "Josh's Leagues: Balath Castle" in screen_text(pilot)  # what to type
            await burst(pilot, *" ".join(words[1:]), "enter")  # after "start ", no quotes
            assert "Day 1: Josh's Day" in screen_text(pilot)
            db = open_database(url)
            try:
                for number, step in enumerate(golden["step"], 1):
                    await burst(pilot, *keys(step))
                    shown = screen_text(pilot)
                    if step.get("exit", 0):
                        for code in step["refused"]:
                            assert code in shown, (number, shown)
                        continue
                    for line in step.get("said", []):  # the result, whole, on screen
                        assert " ".join(line.split()) in " ".join(shown.split()), (
                            number, line, shown)
                    found = playtable.flat(play.show(db, golden["game"]).to_dict())
                    for key, value in step.get("expect", {}).items():
                        assert found.get(key, [] if key.startswith("waylays.") else None) \
                            == value, (number, key, found)
                    if step["argv"][0] == "undo":
                        assert "undone: Josh: rest Fuddle" in shown, shown
            finally:
                db.close()

    asyncio.run(scenario())
    db = open_database(url)
    try:
        events = records.get(db, play.SYSTEM, play.KIND, golden["game"]).events
        assert [(e.kind, e.payload.get("reason")) for e in events if e.kind == "exhaust"] == [
            ("exhaust", "lost")]  # the default while a lost Test's Merit is owed
    finally:
        db.close()
