"""Speed of the app, as medians and ratios against baselines measured in the same run.

    python bench/tui.py [--quick | --smoke] [--only start|keys|switches|prebuild]

1. Cold start to the first paint of the collection screen (its search box, list header and
   keys; the catalog is read just after), and to its cards listed (for information), with the
   demo data in the database, in a real pseudo-terminal at 80x24, against a minimal Textual app
   that paints one DataTable of 50 rows, run in turns (one of each per round, so a host busy
   with other work slows both alike): the wall time and the processor time of the child
   processes. Aim: at most 1.1 times that app (issue 31). Both run with Python's bytecode
   cache written and read, as an installed program is (``PYTHONDONTWRITEBYTECODE`` is dropped
   from their environment): otherwise each start compiled the app's own modules again while
   Textual's came compiled.
2. Typing in the search box over a 10,000-card catalog: the processor time from a keystroke
   to the screen updated (the test harness's idle waits between frames are not counted), median
   and worst. Aim: under 50 ms per keystroke, the worst included.
3. Each screen switch and each dialog opened at 80x24 on the demo data with the same 10,000
   cards: the processor time from the key to the screen painted with its data loaded (the
   workers included), median and worst of the repeats, and the first opening (the "first visit"
   of issue 31), each also as a ratio against a minimal Textual app's screen of one DataTable
   of 50 rows pushed by a key, measured the same way in the same run. Aim: under 100 ms each,
   the first opening included; the sister games' screens and forms beside Wyld Hunt's, on one
   campaign, one game and one force of theirs. The app builds
   the areas' screens in idle time after the first paint (as it does in a terminal); the bench
   lets it finish before the first key, as a user who looks at the first screen for a second.
   The same for what a screen builds in idle time once painted (a game's forms, built ahead
   for their next opening, as Wyld Hunt's dialogs are): not counted in the key's time (the
   screen is painted with its data by then), finished before the next key.
4. That idle-time building: its processor time in all, and its longest step (the longest a
   key pressed meanwhile waits for the app to turn to it).

Figures only, never assertions: compare them with the aims and with earlier runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MINIMAL_APP = """
from textual.app import App
from textual.widgets import DataTable

class Minimal(App):
    def compose(self):
        yield DataTable()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("name", "kind", "own", "values")
        table.add_rows([(f"card {i}", "merit", "", "ability 2 pt") for i in range(50)])
        self.call_after_refresh(self.exit)

Minimal().run()
"""


def run_in_pty(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawn until the program exits, attached to an 80x24 pseudo-terminal: the
    wall time and the processor time the child used."""
    import fcntl
    import resource
    import struct
    import termios

    master, slave = pty.openpty()
    os.set_blocking(master, False)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                               close_fds=True)
    os.close(slave)
    while process.poll() is None:
        ready, _w, _x = select.select([master], [], [], 0.05)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break
    process.wait()
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(master)
    return elapsed, (after.ru_utime + after.ru_stime) - (used.ru_utime + used.ru_stime)


def compiled() -> None:
    """Write the bytecode cache of the app's own modules (as installing it does): a checkout
    run with ``PYTHONDONTWRITEBYTECODE`` compiled them again at every start, and a first
    opening compiled the modules it imports, while Textual's came compiled."""
    import compileall

    import chronicle

    compileall.compile_dir(str(Path(chronicle.__file__).parent), quiet=1)


CARDS = 10_000
"""The user's own cards the search and the switches run over (100 in a smoke run)."""
PATIENCE = 20.0
"""How long (seconds) to wait for the idle-time building to start and end (2 in a smoke run)."""
SWITCH_STEP = 1
"""Every how many of ``SWITCHES`` are timed: all of them, every sixth in a smoke run (the
suite's run proves the bench still runs; its figures mean nothing)."""

def cold_start(repeat: int) -> None:
    """Spawn to the first paint (``CHRONICLE_EXIT_AFTER_PAINT=1``: the Cards screen's search
    box, list header and keys, before the catalog is read), and spawn to the cards listed
    (``=cards``: the catalog read and its first rows drawn), each against the minimal app."""
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "CHRONICLE_DATA_DIR": home, "TERM": "xterm-256color",
               "CHRONICLE_CACHE_DIR": os.path.join(home, "cache"),
               "CHRONICLE_EXIT_AFTER_PAINT": "1"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        listed = {**env, "CHRONICLE_EXIT_AFTER_PAINT": "cards"}
        subprocess.run([sys.executable, "-m", "chronicle", "demo"], env=env, check=True,
                       capture_output=True)
        app = [sys.executable, "-c", "from chronicle.tui import run; run()"]
        minimal = [sys.executable, "-c", MINIMAL_APP]
        run_in_pty(app, listed)  # warm the file cache, the bytecode cache and the catalog cache
        run_in_pty(minimal, env)
        ours: list[tuple[float, float]] = []
        cards: list[tuple[float, float]] = []
        base: list[tuple[float, float]] = []
        for _ in range(repeat):  # in turns: a busy host slows both alike
            ours.append(run_in_pty(app, env))
            cards.append(run_in_pty(app, listed))
            base.append(run_in_pty(minimal, env))
    for runs, what in ((ours, "cold start to first paint"), (cards, "cold start to the cards")):
        for index, clock in ((0, "wall"), (1, "processor")):
            mine = statistics.median(o[index] for o in runs)
            floor = statistics.median(b[index] for b in base)
            label = f"{what} ({clock} time)"
            aim = "aim <= 1.1x: " + ("met" if mine <= 1.1 * floor else "NOT MET") \
                if runs is ours else "(for information)"
            print(f"{label:<48} {mine * 1000:8.1f} ms   "
                  f"{'minimal Textual app, one DataTable':<36} {floor * 1000:8.1f} ms   "
                  f"x{mine / floor:5.2f}   {aim}")


def many_cards(home: str) -> None:
    """``CARDS`` of the user's own cards in the data folder ``home`` (with the bundled
    ones)."""
    cards = Path(home) / "cards" / "wyld-hunt"
    cards.mkdir(parents=True)
    words = ["fire", "frost", "shadow", "glamour", "oak", "silver", "storm", "thorn"]
    lines = ["version = 1"]
    for i in range(CARDS):
        lines += ["[[card]]", f'name = "{words[i % 8].title()} {words[(i // 8) % 8]} {i}"',
                  'kind = "merit"', f'type = "{("ability", "art", "ally")[i % 3]}"',
                  f"cost = {i % 5}", f'summary = "a {words[(i * 3) % 8]} gift"']
    (cards / "many.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


async def built_in_idle_time(app: Any, patience: float | None = None) -> None:
    """Wait until the app's idle-time building after the first paint is done (``--only
    prebuild`` measures it), as when the user has looked at the screen for a moment."""
    seen, waited = False, 0.0
    while waited < (PATIENCE if patience is None else patience):
        building = [w for w in app.workers if w.group == "prebuild"]
        seen = seen or bool(building)
        if seen and all(w.is_finished for w in building):
            break
        await asyncio.sleep(0.02)
        waited += 0.02
    await app.workers.wait_for_complete()


def keystrokes(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        many_cards(home)
        from chronicle.services.db import open_database
        from chronicle.services.players import add_player
        from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
        from chronicle.tui.app import ChronicleApp

        add_player(open_database(f"sqlite:///{home}/bench.db"), "Tim")

        async def scenario() -> list[float]:
            app = ChronicleApp(f"sqlite:///{home}/bench.db")
            app.prebuild_set = True  # as in a terminal
            timings: list[float] = []
            async with app.run_test(size=(80, 24)) as pilot:
                await app.workers.wait_for_complete()
                await pilot.pause()
                await built_in_idle_time(app)  # typing's figure, not the building's (prebuild)
                screen = app.screen
                assert isinstance(screen, CollectionScreen)
                if screen.catalog is not None:
                    assert len(screen.catalog) > CARDS
                await pilot.press("slash")
                for _ in range(repeat):
                    for key in ["s", "t", "o", "r", "m", "backspace", "backspace",
                                "backspace", "backspace", "backspace"]:
                        start = time.process_time()
                        await pilot.press(key)
                        await pilot.pause()
                        timings.append(time.process_time() - start)
            return timings

        timings = asyncio.run(scenario())
    value = statistics.median(timings)
    worst = max(timings)
    worst_label = f"(worst, processor time, {len(timings)} keys)"
    print(f"{f'search keystroke over {CARDS:,} cards (median)':<48} {value * 1000:8.1f} ms   "
          f"{worst_label:<36} {worst * 1000:8.1f} ms   "
          f"{'':7}   aim < 50 ms (median and worst): "
          f"{'met' if worst < 0.05 else 'NOT MET'}")


SWITCHES: list[tuple[str, list[str], list[str]]] = [
    # (what, keys that open it, keys that go back)
    ("switch to Characters (2)", ["2"], ["1"]),
    ("switch to Games (3)", ["3"], ["1"]),
    ("switch to Players (4)", ["4"], ["1"]),
    ("open a character (2, enter)", ["2", "down", "enter"], ["escape", "1"]),
    ("open the builder (2, b)", ["2", "down", "b"], ["escape", "1"]),
    ("open a game's preparation (3, enter)", ["3", "down", "enter"], ["escape", "1"]),
    ("dialog: open a pack (o)", ["o"], ["escape"]),
    ("dialog: new card (n)", ["n"], ["escape"]),
    ("dialog: add a player (a)", ["a"], ["escape"]),
    ("dialog: help (?)", ["question_mark"], ["escape"]),
    ("dialog: command palette (ctrl+p)", ["ctrl+p"], ["escape"]),
    ("dialog: record a game (2, enter, g)", ["2", "down", "enter", "g"],
     ["escape", "escape", "1"]),
    ("switch to Other games (5)", ["5"], ["1"]),
    # the sister games, beside Wyld Hunt's figures above (their list is in name order)
    ("Arcadia Quest's screen (5, enter)", ["5", "home", "enter"], ["5", "1"]),
    ("Arcadia Quest: new campaign (n)", ["5", "home", "enter", "n"], ["escape", "5", "1"]),
    ("Arcadia Quest: a scenario (s)", ["5", "home", "enter", "s"], ["escape", "5", "1"]),
    ("Arcadia Quest: the upgrade phase (g)", ["5", "home", "enter", "g"],
     ["escape", "5", "1"]),
    ("Arcadia Quest: rename (r)", ["5", "home", "enter", "r"], ["escape", "5", "1"]),
    ("Hunters of Arcfall's screen (5, enter)", ["5", "home", "down", "enter"], ["5", "1"]),
    ("Hunters of Arcfall: new game (n)", ["5", "home", "down", "enter", "n"],
     ["escape", "5", "1"]),
    ("Hunters of Arcfall: a game's table (enter)", ["5", "home", "down", "enter", "enter"],
     ["5", "1"]),
    ("Hunters of Arcfall: draw a bounty (d)",
     ["5", "home", "down", "enter", "enter", "d"], ["escape", "5", "1"]),
    ("Tales of Arcadia's screen (5, enter)", ["5", "end", "enter"], ["5", "1"]),
    ("Tales of Arcadia: new force (n)", ["5", "end", "enter", "n"], ["escape", "5", "1"]),
    ("Tales of Arcadia: record a battle (g)", ["5", "end", "enter", "g"],
     ["escape", "5", "1"]),
    ("Tales of Arcadia: the battles (h)", ["5", "end", "enter", "h"], ["escape", "5", "1"]),
    ("Tales of Arcadia: new unit card (a)", ["5", "end", "enter", "a"],
     ["escape", "5", "1"]),
    ("Tales of Arcadia: the forces (f)", ["5", "end", "enter", "f"], ["escape", "5", "1"]),
]
"""What is timed, in order; the first timing of each is its first opening (the figure "first
visit" of issue 31: under 100 ms for areas 4 and 5 and every sister game's form)."""


MINIMAL_SCREEN = """
from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Footer


class Table(Screen):
    BINDINGS = [("escape", "app.pop_screen", "Back")]

    def compose(self):
        yield DataTable()
        yield Footer()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("name", "kind", "own", "values")
        table.add_rows([(f"card {i}", "merit", "", "ability 2 pt") for i in range(50)])
        table.focus()


class Minimal(App):
    BINDINGS = [("t", "table", "Table")]

    def compose(self):
        yield Footer()

    def action_table(self):
        self.push_screen(Table())
"""
"""The baseline of the switches: a minimal Textual app whose ``t`` pushes a screen of one
DataTable of 50 rows (a new one each time, as a first opening builds it)."""


async def settle(app: Any, pilot: Any, *, idle_building: bool = True) -> None:
    """Until the app's workers are done and the screen is painted; with ``idle_building``
    False, the building the app does in idle time after a screen is painted (its forms built
    ahead for their next opening: the workers of the group ``prebuild``) is not waited for."""
    for _ in range(4):
        await app.workers.wait_for_complete(
            None if idle_building else [w for w in app.workers if w.group != "prebuild"])
        await pilot.pause()


def minimal_screen(repeat: int) -> float:
    """The processor time (median) of the minimal app's screen push, from the key to the
    screen painted."""
    namespace: dict[str, Any] = {}
    exec(compile(MINIMAL_SCREEN, "minimal_screen", "exec"), namespace)  # the bench's own code

    async def scenario() -> list[float]:
        app = namespace["Minimal"]()
        found: list[float] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(max(3, repeat)):
                start = time.process_time()
                await pilot.press("t")
                await settle(app, pilot)
                found.append(time.process_time() - start)
                await pilot.press("escape")
                await settle(app, pilot)
        return found

    return statistics.median(asyncio.run(scenario()))


def sister_games(url: str, home: str) -> None:
    """One campaign (a scenario played), one game and one force of the sister games (the
    game's second hunter a user card of the data folder ``home``: a name alone, bench data)."""
    from chronicle.services.db import open_database
    from chronicle.systems.arcadia_quest.service import new_campaign, record_scenario
    from chronicle.systems.hunters_of_arcfall.service import new_hunt
    from chronicle.systems.tales_of_arcadia import service as tales
    from chronicle.systems.tales_of_arcadia.force import RosterLine

    db = open_database(url)
    new_campaign(db, "Winter", [
        {"color": "blue", "player": "Ana", "heroes": ["Diva", "Greensleeves", "Grom"]},
        {"color": "green", "player": "Ben", "heroes": ["Maya", "Zazu", "Kanga"]}])
    record_scenario(db, "Winter", {
        "name": "District of Hammers", "winner": "blue",
        "guild": [{"color": "blue", "quests": ["A", "B"], "first": ["A"], "monster_coins": 3},
                  {"color": "green", "deaths": {"Maya": 1}, "neutral_deaths": {"Maya": 1}}]})
    hunters = Path(home) / "cards" / "hunters-of-arcfall"
    hunters.mkdir(parents=True)
    (hunters / "bench.toml").write_text('version = 1\n[[card]]\nname = "Bench hunter"\n'
                                        'kind = "hunter"\n', encoding="utf-8")
    new_hunt(db, "Friday", [("Ana", "Gus"), ("Ben", "Bench hunter")])
    tales.new_force(db, "Tim", "Alpha", "Clockwork Legion", 100)
    tales.add_unit(db, "Alpha", RosterLine(unit="Gearknight"))
    db.close()


def switches(repeat: int) -> None:
    """Processor time of each screen switch and dialog, from the key to the data shown."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        many_cards(home)
        from chronicle.services.db import open_database
        from chronicle.systems.wyld_hunt.services.demo import run_demo
        from chronicle.tui.app import ChronicleApp

        url = f"sqlite:///{home}/bench.db"
        run_demo(open_database(url))
        sister_games(url, home)
        base = minimal_screen(repeat)

        async def scenario() -> dict[str, list[float]]:
            app = ChronicleApp(url)
            app.prebuild_set = True  # as in a terminal
            found: dict[str, list[float]] = {}
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                await built_in_idle_time(app)
                for _ in range(repeat):
                    for what, keys, back in SWITCHES[::SWITCH_STEP]:
                        for key in keys[:-1]:
                            await pilot.press(key)
                            await settle(app, pilot)
                        start = time.process_time()
                        await pilot.press(keys[-1])
                        await settle(app, pilot, idle_building=False)
                        found.setdefault(what, []).append(time.process_time() - start)
                        await settle(app, pilot)  # what it builds in idle time, not timed
                        for key in back:
                            await pilot.press(key)
                            await settle(app, pilot)
            return found

        timings = asyncio.run(scenario())
    print(f"{'baseline: a minimal app pushes one DataTable':<48} {base * 1000:8.1f} ms   "
          f"{'(ratios below: median, first)':<36}")
    for what, values in timings.items():
        median, worst, first = statistics.median(values), max(values), values[0]
        print(f"{what:<48} {median * 1000:8.1f} ms   {'(first, worst)':<36} "
              f"{first * 1000:8.1f} ms {worst * 1000:8.1f} ms   "
              f"x{median / base:5.2f} x{first / base:5.2f}   "
              f"aim < 100 ms: {'met' if worst < 0.1 else 'NOT MET'}")


def prebuilding(repeat: int) -> None:
    """Processor time of building the areas' screens in idle time, and its longest step."""
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        many_cards(home)
        from chronicle.services.db import open_database
        from chronicle.systems.wyld_hunt.services.demo import run_demo
        from chronicle.tui.app import ChronicleApp

        url = f"sqlite:///{home}/bench.db"
        run_demo(open_database(url))

        async def scenario() -> tuple[float, float]:
            app = ChronicleApp(url)
            app.prebuild_set = True
            async with app.run_test(size=(80, 24)) as pilot:
                while not any(w.group == "prebuild" for w in app.workers):
                    await pilot.pause(0.01)
                while any(w.group != "prebuild" and not w.is_finished for w in app.workers):
                    await pilot.pause(0.01)
                start = last = time.process_time()
                longest = 0.0
                while any(w.group == "prebuild" and not w.is_finished for w in app.workers):
                    await asyncio.sleep(0)
                    now = time.process_time()
                    longest, last = max(longest, now - last), now
                return last - start, longest

        runs = [asyncio.run(scenario()) for _ in range(repeat)]
    total = statistics.median(r[0] for r in runs)
    longest = max(r[1] for r in runs)
    print(f"{'building the areas in idle time (all of it)':<48} {total * 1000:8.1f} ms   "
          f"{'(its longest step, worst)':<36} {longest * 1000:8.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    parser.add_argument("--only", choices=["start", "keys", "switches", "prebuild"],
                        help="run one part (to compare two versions of the code side by side)")
    args = parser.parse_args(argv)
    compiled()
    repeat = 1 if args.smoke else 3 if args.quick else 9
    if args.smoke:
        global CARDS, SWITCH_STEP, PATIENCE
        CARDS, SWITCH_STEP, PATIENCE = 100, 6, 2.0
    if args.only in (None, "start"):
        cold_start(repeat)
    if args.only in (None, "keys"):
        keystrokes(max(1, repeat // 3))
    if args.only in (None, "switches"):
        switches(max(1 if args.smoke else 2, repeat // 3))
    if args.only in (None, "prebuild"):
        prebuilding(max(1 if args.smoke else 2, repeat // 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
