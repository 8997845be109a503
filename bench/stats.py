"""Speed of ``chronicle stats`` over a group's whole history, a ratio against a baseline
measured in the same run on the same database, and the growth from one size to the next (10x
the events: about 10x the time when linear).

    python bench/stats.py [--sizes 100 1000 10000] [--repeat N]

The group at N events has N/10 recorded games: N/20 Tales of Arcadia battles (one event each,
in the group's battle ledger) and N/20 Hunters of Arcfall hunts of 19 entries each (turns that
draw, capture, claim, bust, and one undo; ``bench/replay.py``'s legal hunt), written through
the record store. At 10,000 events: 1,000 games.

Figures (median processor time of this process, ``time.process_time``):

- ``read the records``: the baseline, ``records.read_records`` of every stored battle and hunt
  (what any statistics must at least read);
- ``stats``: ``services.stats.group_stats`` of every game, as ``chronicle stats`` computes it
  (every ledger replayed with its game's rules, the numbers derived);
- ``plays export``: ``services.plays.every_play`` and the BG Stats file made from them.

With ``--app``: the app's Statistics screen opened over the largest group once its numbers
are computed (pushed, filled with them, painted, in a Pilot-driven app at 100x40), against a
repaint of the screen below (``screen opens`` and ``repaint``).

Aim (issue 28, item 4): ``stats`` over 1,000 games and 10,000 events in under 300 ms of
processor time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

AIM = 0.300
HUNT_ENTRIES = 19


def _legal_hunt() -> Callable[[int], tuple[dict[str, Any], list[dict[str, Any]]]]:
    """``bench/replay.py``'s legal hunt (one declaration of a legal hunt for the benches)."""
    spec = importlib.util.spec_from_file_location(
        "replay_bench_hunt", Path(__file__).resolve().parent / "replay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("replay_bench_hunt", module)
    spec.loader.exec_module(module)
    found: Callable[[int], tuple[dict[str, Any], list[dict[str, Any]]]] = module.legal_hunt
    return found


def build(db: Any, events: int) -> int:
    """The group of ``events`` events; returns the games recorded."""
    from chronicle.services import players
    from chronicle.services import recordstore as records
    from chronicle.systems.tales_of_arcadia import KEY as TALES
    from chronicle.systems.tales_of_arcadia.battles import Battle, Side, Victory
    from chronicle.systems.tales_of_arcadia.stored import BATTLE_EVENT, BATTLES, battle_payload

    legal_hunt = _legal_hunt()
    names = ["Ann", "Bob", "Cid", "Dee"]
    for name in names:
        players.add_player(db, name)
    games = max(2, events // 10)
    battles = []
    for number in range(games // 2):
        one, two = names[number % 4], names[(number + 1) % 4]
        battle = Battle(date=dt.date(2026, 1, 1) + dt.timedelta(days=number % 300), limit=500,
                        victory=Victory.REGICIDE, winner=one if number % 3 else None,
                        sides=(Side(player=one, points=400 + number % 100),
                               Side(player=two, points=450)))
        battles.append((BATTLE_EVENT, battle_payload(battle)))
    records.create(db, TALES, BATTLES, BATTLES, {}, events=battles)
    from chronicle import paths
    from chronicle.catalog.tomlwrite import dumps
    from chronicle.systems.hunters_of_arcfall import KEY as HUNTERS

    data, hunt = legal_hunt(HUNT_ENTRIES)
    folder = paths.user_cards_dir(HUNTERS)   # the group's cards, entered once in their folder
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bench.toml").write_text(dumps({"version": 1, "game": HUNTERS,
                                              "card": data.pop("card")}), encoding="utf-8")
    history = [(e["kind"], e["payload"]) for e in hunt]
    for number in range(games - games // 2):
        records.create(db, HUNTERS, "hunt", f"Hunt {number}", data, events=history)
    return games


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        samples.append(time.process_time() - start)
    return statistics.median(samples)


def measure(events: int, folder: Path, repeat: int) -> tuple[int, dict[str, float]]:
    from chronicle.services import recordstore as records
    from chronicle.services import stats
    from chronicle.services.db import open_database
    from chronicle.services.plays import as_bgstats, every_play

    db = open_database(f"sqlite:///{folder}/stats-{events}.db")
    games = build(db, events)

    def read() -> None:
        for game, kind in (("tales-of-arcadia", "battles"), ("hunters-of-arcfall", "hunt")):
            records.read_records(db, game, kind)

    figures = {"read the records": median_seconds(read, repeat),
               "stats": median_seconds(lambda: stats.group_stats(db), repeat),
               "plays export": median_seconds(lambda: as_bgstats(every_play(db)), repeat)}
    db.close()
    return games, figures


def app_figures(url: str, repeat: int) -> dict[str, float]:
    """The Statistics screen's opening once its data has loaded, and a repaint (baseline)."""
    import asyncio

    from chronicle.services import stats
    from chronicle.services.db import open_database
    from chronicle.tui.app import ChronicleApp
    from chronicle.tui.screens.statistics import StatisticsScreen

    db = open_database(url)
    found = stats.group_stats(db)
    db.close()
    opened: list[float] = []
    repaint: list[float] = []

    async def run() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            if app.screen.is_modal:
                await pilot.press("escape")
            await pilot.pause()
            for _ in range(repeat):
                start = time.process_time()
                app.screen.refresh()
                await pilot.pause()
                repaint.append(time.process_time() - start)
                screen = StatisticsScreen()
                screen.action_reload = lambda: None  # type: ignore[method-assign]
                start = time.process_time()
                await app.push_screen(screen)
                screen.loaded(found)
                await pilot.pause()
                opened.append(time.process_time() - start)
                app.pop_screen()
                await pilot.pause()

    asyncio.run(run())
    return {"repaint": statistics.median(repaint), "screen opens": statistics.median(opened)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--app", action="store_true",
                        help="also the Statistics screen's opening in the app")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes, args.repeat = [25, 50], 1  # not the warm-up's 20
    app: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as home:
        measure(20, Path(home), 1)           # warm up: the first call of each path imports it
        results = {size: measure(size, Path(home), args.repeat) for size in args.sizes}
        if args.app:
            app = app_figures(f"sqlite:///{home}/stats-{max(args.sizes)}.db", args.repeat)
    print(f"{'events':>7} {'games':>6}  {'figure':<18} {'cpu':>9} {'ratio':>8} {'growth':>7}")
    previous: dict[str, float] | None = None
    for size, (games, figures) in results.items():
        base = figures["read the records"]
        for name, seconds in figures.items():
            growth = "" if previous is None else f"x{seconds / previous[name]:.1f}"
            print(f"{size:>7} {games:>6}  {name:<18} {seconds * 1000:>7.1f}ms "
                  f"{seconds / base:>7.2f}x {growth:>7}")
        previous = figures
    largest = max(results)
    cpu = results[largest][1]["stats"]
    print(f"aim: stats over {results[largest][0]:,} games and {largest:,} events in under "
          f"{AIM * 1000:.0f} ms of processor time: {cpu * 1000:.0f} ms")
    if app:
        print(f"app: repaint {app['repaint'] * 1000:.1f}ms, Statistics screen opens with its "
              f"data loaded {app['screen opens'] * 1000:.1f}ms "
              f"({app['screen opens'] / app['repaint']:.1f}x the repaint; aim 100 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
