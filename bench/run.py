"""Speed figures of the foundation, each as a median and a ratio against a baseline measured in
the same run (absolute times vary with the host; ratios travel).

    python bench/run.py            # all benchmarks
    python bench/run.py --quick    # fewer repetitions
    python bench/run.py --smoke    # a tiny catalog, one repetition (the test suite's run)

Aims (issue "Foundation"): validating a 40-card character with a 200-event chronicle under 1 ms;
a four-player epic setup under 1 ms; a search over 10,000 cards under 5 ms. The whole
``chronicle check`` process has its own bench, ``bench/startup.py`` (aim: within 1.3 times a
process that builds one pydantic model and validates the file with it); this one prints that aim
only.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from chronicle.catalog.store import Catalog
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Court,
    Flaw,
    FlawType,
    Icon,
    Kind,
    League,
    Merit,
    MeritType,
    Quest,
    Terrain,
    TestType,
    Waylay,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild, GamePlayed, MeritBought
from chronicle.systems.wyld_hunt.rules import check_character, check_setup
from chronicle.systems.wyld_hunt.search import CardFilter, Range, select
from chronicle.systems.wyld_hunt.setup import GameSetup, PlayerSetup

REPO = Path(__file__).resolve().parent.parent
CHECK_AIM = 1.3
"""``chronicle check`` against the one-pydantic-model floor (measured by bench/startup.py)."""


def median_seconds(action: Callable[[], object], repeat: int, inner: int = 1) -> float:
    """Median wall time of ``inner`` calls, divided by ``inner``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            action()
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples)


def row(name: str, value: float, baseline_name: str, baseline: float, aim: str,
        met: bool) -> None:
    print(f"{name:<44} {value * 1000:9.3f} ms   {baseline_name:<34} {baseline * 1000:8.3f} ms"
          f"   x{value / baseline:6.2f}   aim {aim:<22} {'met' if met else 'NOT MET'}")


def character_fixture() -> tuple[CharacterBuild, Catalog[Card], str]:
    """A 40-card character (icon, 10 Merits and 4 Flaws at creation, 25 Merits bought) whose
    chronicle holds 200 events, and the same character as TOML text for the baseline."""
    cards: list[Card] = [Icon(name="Bench Icon", kind=Kind.ICON, might=2, savvy=2, resolve=2)]
    types = list(MeritType)
    for i in range(35):
        cards.append(Merit(name=f"Merit {i}", kind=Kind.MERIT, type=types[i % 5], cost=1,
                           court=Court.SEELIE if i % 2 else Court.UNSEELIE))
    for i in range(4):
        cards.append(Flaw(name=f"Flaw {i}", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=2,
                          court=Court.SEELIE))
    for i in range(20):
        cards.append(Quest(name=f"Quest {i}", kind=Kind.QUEST, number=i + 1, waylay_rating=10,
                           treasure_rating=3, experience=1))
    events: list[GamePlayed | MeritBought] = []
    bought = 10
    for i in range(200):
        if i % 8 == 7 and bought < 35:
            events.append(MeritBought(merit=f"Merit {bought}"))
            bought += 1
        else:
            events.append(GamePlayed(quests=(f"Quest {i % 20}",), completed=(f"Quest {i % 20}",)))
    build = CharacterBuild(name="Bench", icons=("Bench Icon",), court=Court.SEELIE,
                           merits=tuple(f"Merit {i}" for i in range(10)),
                           flaws=tuple(f"Flaw {i}" for i in range(4)), events=tuple(events))
    lines = ['name = "Bench"', 'icon = "Bench Icon"',
             "merits = [" + ", ".join(f'"{m}"' for m in build.merits) + "]",
             "flaws = [" + ", ".join(f'"{f}"' for f in build.flaws) + "]"]
    for event in events:
        if isinstance(event, GamePlayed):
            lines += ["[[event]]", f'quests = ["{event.quests[0]}"]',
                      f'completed = ["{event.completed[0]}"]']
        else:
            lines += ["[[event]]", f'buy = "{event.merit}"']
    return build, Catalog(cards), "\n".join(lines)


def setup_fixture() -> tuple[GameSetup, Catalog[Card], str]:
    """Four players, three quests each (epic), 15 Leagues, 6 Waylays and 3 Treasures each."""
    cards: list[Card] = []
    for i in range(12):
        cards.append(Quest(name=f"Quest {i}", kind=Kind.QUEST, number=i + 1, waylay_rating=8,
                           treasure_rating=3, experience=1))
    for i in range(60):
        cards.append(League(name=f"League {i}", kind=Kind.LEAGUE, unique=i % 10 == 0,
                            terrain=(list(Terrain)[i % 15],)))
    for i in range(24):
        cards.append(Waylay(name=f"Waylay {i}", kind=Kind.WAYLAY, rating=1 + i % 4,
                            terrain=(list(Terrain)[i % 15],), tests=(TestType.COMBAT,),
                            combat=2))
    for i in range(12):
        cards.append(Merit(name=f"Treasure {i}", kind=Kind.MERIT, type=MeritType.TREASURE,
                           cost=1))
    names = ["Ann", "Bob", "Cid", "Dee"]
    players = tuple(
        PlayerSetup(name=name, career_xp=4 * p, character_points=7 + p,
                    quests=tuple(f"Quest {3 * p + q}" for q in range(3)),
                    target=names[(p + 1) % 4],
                    waylays=tuple(f"Waylay {6 * p + w}" for w in range(6)),
                    treasures=tuple(f"Treasure {3 * p + t}" for t in range(3)),
                    leagues=tuple(f"League {15 * p + n}" for n in range(15)))
        for p, name in enumerate(names))
    text = "\n".join(
        f'[[player]]\nname = "{p.name}"\ncareer_xp = {p.career_xp}\n'
        f"character_points = {p.character_points}\n"
        f"quests = {list(p.quests)!r}\nwaylays = {list(p.waylays)!r}\n"
        f"treasures = {list(p.treasures)!r}\nleagues = {list(p.leagues)!r}\n"
        f'target = "{p.target}"'.replace("'", '"') for p in players)
    return GameSetup(players=players), Catalog(cards), text


def big_catalog(size: int = 10_000) -> Catalog[Card]:
    """A synthetic catalog of ``size`` Merits with varied names and summaries."""
    words = ["fire", "frost", "shadow", "glamour", "oak", "silver", "storm", "thorn", "mist"]
    cards: list[Card] = [
        Merit(name=f"{words[i % 9].title()} {words[(i // 9) % 9]} {i}", kind=Kind.MERIT,
              type=list(MeritType)[i % 5], cost=i % 6, summary=f"A {words[(i * 7) % 9]} gift",
              origin=Origin.USER)
        for i in range(size)]
    return Catalog(cards)


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    repeat = 1 if args.smoke else 5 if args.quick else 21
    inner = 1 if args.smoke else 20

    print(f"{'benchmark':<44} {'median':>12}   {'baseline (same run)':<34} {'median':>11}"
          f"   {'ratio':>7}")

    build, catalog, text = character_fixture()
    report, state = check_character(build, catalog)
    cards_held = len(state.merits) + len(state.flaws) + 1
    assert cards_held == 40 and len(build.events) == 200, (cards_held, report.codes)
    value = median_seconds(lambda: check_character(build, catalog), repeat, inner)
    base = median_seconds(lambda: tomllib.loads(text), repeat, inner)
    row("validate 40-card character, 200 events", value, "tomllib parse of that character",
        base, "< 1 ms", value < 0.001)

    setup, setup_catalog, setup_text = setup_fixture()
    setup_report, _ = check_setup(setup, setup_catalog)
    assert "setup.opponents" not in setup_report.codes, setup_report.codes
    value = median_seconds(lambda: check_setup(setup, setup_catalog), repeat, inner)
    base = median_seconds(lambda: tomllib.loads(setup_text), repeat, inner)
    row("validate four-player epic setup", value, "tomllib parse of that setup", base,
        "< 1 ms", value < 0.001)

    size = 200 if args.smoke else 10_000
    big = big_catalog(size)
    big.search("warm up")
    wanted = CardFilter(type="art", cost=Range(2, 4))
    value = median_seconds(lambda: select(big.search("fire gift"), wanted), repeat, 5)
    haystack = [f"{c.name}\n{c.summary}".casefold() for c in big]
    base = median_seconds(lambda: [h for h in haystack if "fire" in h], repeat, 5)
    row(f"search + filter over {size:,} cards", value, f"one-word scan of {size:,} strings", base,
        "< 5 ms", value < 0.005)

    print("chronicle check (whole process): measured by bench/startup.py, aim within "
          f"{CHECK_AIM:g}x a process that builds one pydantic model and validates the same "
          "file with it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
