"""Speed at a group's real size: the Characters area and ``chronicle character list`` with N
players of two characters each, a ratio against a baseline measured in the same run on the
same database, and the growth from one size to the next (10x the players: about 10x the time
when linear; about 1x when only a page is read).

    python bench/group_size.py [--sizes 10 100 1000] [--repeat N] [--no-app] [--smoke]

Figures (median processor time of this process, ``time.process_time``):

- ``read the rows``: the baseline, every character's row read (what any list must read);
- ``players``: ``services.players.list_players`` (every player's counts and characters);
- ``character list``: ``chronicle character list`` run in this process (its first page);
- ``Characters area``: the app's Characters area entered (key 2) until its list is shown with
  the characters on screen read (a Pilot-driven app at 80x24).

Aim (issue 31, item 8): at 1,000 players and 2,000 characters, the Characters area and
``chronicle character list`` each under 300 ms of processor time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

AIM = 0.3
"""Seconds of processor time at 1,000 players (the Characters area, and the list command)."""


def build(url: str, players: int) -> None:
    """A group of ``players`` players with two characters each (empty chronicles), written in
    one transaction through the repository."""
    from chronicle.persistence import repository as repo
    from chronicle.services.db import open_database

    db = open_database(url)
    with db.transaction() as session:
        for number in range(players):
            row = repo.add_player(session, f"Player {number:05d}")
            assert row.id is not None
            for second in range(2):
                repo.add_character(session, row.id, f"Hero {number:05d}-{second}", "wyld-hunt")
    db.engine.dispose()


def cpu(work: Callable[[], Any], repeat: int) -> float:
    """The median processor seconds of ``work()``."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return statistics.median(times)


def area_seconds(url: str, repeat: int) -> float:
    """Processor seconds from key 2 to the Characters list shown with its page read."""
    from chronicle.systems.wyld_hunt.screens.characters import CharactersScreen
    from chronicle.tui.app import ChronicleApp

    async def once() -> float:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await pilot.pause()
                await app.workers.wait_for_complete()
            started = time.process_time()
            await pilot.press("2")
            for _ in range(6):
                await pilot.pause()
                await app.workers.wait_for_complete()
            spent = time.process_time() - started
            assert isinstance(app.screen, CharactersScreen) and app.screen.views
        return spent

    return statistics.median(asyncio.run(once()) for _ in range(repeat))


def measure(players: int, home: Path, repeat: int, app: bool) -> dict[str, float]:
    """The figures at ``players`` players."""
    from chronicle.cli import main as cli
    from chronicle.persistence import reads
    from chronicle.services.db import open_database
    from chronicle.services.players import list_players

    url = f"sqlite:///{home}/group-{players}.db"
    build(url, players)
    db = open_database(url)

    def rows() -> None:
        with db.reading() as connection:
            reads.characters_of(connection)

    def listed() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli(["--db", url, "character", "list"]) == 0

    figures = {"read the rows": cpu(rows, repeat), "players": cpu(lambda: list_players(db),
                                                                  repeat),
               "character list": cpu(listed, repeat)}
    if app:
        figures["Characters area"] = area_seconds(url, repeat)
    db.engine.dispose()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-app", action="store_true", help="leave the app's figure out")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, one repeat, no app: proves the bench still runs")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes, args.repeat, args.no_app = [4, 8], 1, True
    with tempfile.TemporaryDirectory() as home:
        measure(3, Path(home), 1, not args.no_app)  # warm up: the first call imports
        results = {size: measure(size, Path(home), args.repeat, not args.no_app)
                   for size in args.sizes}
    print(f"{'players':>8} {'chars':>6}  {'figure':<16} {'cpu':>9} {'ratio':>8} {'growth':>7}")
    previous: dict[str, float] | None = None
    for size, figures in results.items():
        base = figures["read the rows"] or 1e-9
        for name, seconds in figures.items():
            growth = "" if previous is None else f"x{seconds / (previous[name] or 1e-9):.1f}"
            print(f"{size:>8} {size * 2:>6}  {name:<16} {seconds * 1000:>7.1f}ms "
                  f"{seconds / base:>7.1f}x {growth:>7}")
        previous = figures
    largest = results[max(results)]
    shown = ", ".join(f"{name} {largest[name] * 1000:.0f} ms"
                      for name in ("Characters area", "character list") if name in largest)
    print(f"aim: at 1,000 players and 2,000 characters, the Characters area and chronicle "
          f"character list each under {AIM * 1000:.0f} ms of processor time; at "
          f"{max(results):,} players: {shown}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
