"""Speed of the database use cases, as medians and ratios against baselines measured in the
same run (raw sqlite3 for the database work, the pure suggestion for the deck builder).

    python bench/db.py [--quick | --smoke]

Aims (issue "Collections, characters, chronicles and game preparation"): loading a character
whose ledger holds 1,000 events under 20 ms; appending an event under 10 ms; suggesting Waylays
from 500 owned ones under 20 ms.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def median_ms(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def row(name: str, value: float, base_name: str, base: float, aim: float) -> None:
    print(f"{name:<42} {value:8.2f} ms   {base_name:<36} {base:7.2f} ms   x{value / base:6.1f}"
          f"   aim < {aim:g} ms: {'met' if value < aim else 'NOT MET'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true",
                        help="a tiny size, one repetition: the test suite's run, whose "
                             "figures mean nothing")
    args = parser.parse_args(argv)
    repeat = 1 if args.smoke else 5 if args.quick else 21
    with tempfile.TemporaryDirectory() as home:
        os.environ["CHRONICLE_DATA_DIR"] = home
        os.environ["CHRONICLE_CACHE_DIR"] = os.path.join(home, "cache")
        if args.smoke:
            return run(Path(home), repeat, events=20, owned=20)
        return run(Path(home), repeat)


def run(home: Path, repeat: int, *, events: int = 1000, owned: int = 500) -> int:
    """Measure and print (``events`` in the loaded ledger, ``owned`` Waylays to suggest from;
    the aims are stated at 1,000 and 500)."""
    from chronicle.catalog.loader import CardEntry
    from chronicle.domain.values import Origin
    from chronicle.persistence import repository as repo
    from chronicle.services import players
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.cards import Waylay
    from chronicle.systems.wyld_hunt.chronicle import GamePlayed
    from chronicle.systems.wyld_hunt.rules.suggest import suggest_waylays
    from chronicle.systems.wyld_hunt.services import characters, collection, games, ledger
    from chronicle.systems.wyld_hunt.services.catalog import load_catalog
    from chronicle.systems.wyld_hunt.services.usercards import save_user_cards

    quests = [{"name": f"Bench Quest {i}", "kind": "quest", "number": i + 1,
               "waylay_rating": 10 if i < 9 else 40, "treasure_rating": 3, "experience": 1}
              for i in range(10)]
    waylays = [{"name": f"Bench Waylay {i}", "kind": "waylay", "rating": 1 + i % 6,
                "tests": ["combat"], "combat": 1 + i % 5, "terrain": ["forest"]}
               for i in range(owned)]
    save_user_cards([CardEntry(d, Origin.USER, "bench", None) for d in quests + waylays])
    path = home / "bench.db"
    db = open_database(f"sqlite:///{path}")
    for name in ("Tim", "Josh", "Ann"):
        players.add_player(db, name)
    collection.open_pack(db, "Tim", "character", ["Sidhe Female", "Fae Armor", "Lightning Quick",
                                                  "Eloquent Speech", "Indecisive"])
    collection.open_pack(db, "Josh", "character", ["Imp", "Fuddle", "Willow-Whisper",
                                                   "Protocol", "Chameleon"])
    collection.add_cards_by_card(db, "Josh", {(str(w["name"]), "waylay"): 1 for w in waylays},
                                 "wyld-hunt")
    characters.new_character(db, "Tim", "Winerdria", icon="Sidhe Female")
    characters.edit_character(db, "Winerdria", add_merits=("Fae Armor", "Lightning Quick",
                                                           "Eloquent Speech"),
                              add_flaws=("Indecisive",))
    characters.new_character(db, "Josh", "Annoyicus", icon="Imp", court="unseelie")
    characters.edit_character(db, "Annoyicus", add_merits=("Fuddle", "Willow-Whisper",
                                                           "Protocol", "Chameleon"))
    with db.transaction() as session:
        (winerdria,) = repo.find_characters(session, "Winerdria")
        assert winerdria.id is not None
        for i in range(events):
            quest = f"Bench Quest {i % 10}"
            repo.append_event(session, winerdria.id, GamePlayed(quests=(quest,),
                                                                completed=(quest,)))
        character_id = winerdria.id
    loaded = characters.show_character(db, "Winerdria")
    assert loaded.state.xp_earned == events and len(loaded.history) == events, loaded.report.codes

    print(f"{'benchmark':<42} {'median':>11}   {'baseline (same run)':<36} {'median':>10}"
          f"   {'ratio':>7}")
    def cold_load() -> None:
        characters.forget_checked()
        characters.show_character(db, "Winerdria")
    value = median_ms(cold_load, repeat)

    def raw_load() -> None:
        with sqlite3.connect(path) as raw:
            raw.execute("SELECT seq, kind, payload, recorded_at FROM ledger_event "
                        "WHERE character_id = ? ORDER BY seq", (character_id,)).fetchall()
    base = median_ms(raw_load, repeat)
    row(f"load a character with {events:,} events", value, f"sqlite3: read its {events:,} rows",
        base, 20)

    value = median_ms(lambda: ledger.record_game(db, "Winerdria", ["Bench Quest 1"],
                                                 ["Bench Quest 1"]), repeat)

    def raw_append() -> None:
        with sqlite3.connect(path) as raw:
            raw.execute("PRAGMA synchronous=NORMAL")
            raw.execute("CREATE TABLE IF NOT EXISTS bench_append (payload TEXT)")
            raw.execute("INSERT INTO bench_append VALUES ('{}')")
    base = median_ms(raw_append, repeat)
    row(f"append an event (checked, {events:,}+ events)", value, "sqlite3: insert + commit one row",
        base, 10)

    collection.open_pack(db, "Ann", "character", ["Human Female", "Fae Armor",
                                                  "Lightning Quick", "Bench Quest 9"])
    characters.new_character(db, "Ann", "Aline", icon="Human Female")
    characters.edit_character(db, "Aline", add_merits=("Fae Armor", "Lightning Quick"))
    collection.add_cards(db, "Josh", [("Bench Quest 2", 1)])
    games.new_game(db, "Bench", [("Josh", "Annoyicus"), ("Ann", "Aline")])
    games.choose(db, "Bench", "Josh", quests=["Bench Quest 2"], target="Ann")
    games.choose(db, "Bench", "Ann", quests=["Bench Quest 9"], target="Josh")
    value = median_ms(lambda: games.suggest_for(db, "Bench", "Josh"), repeat)
    cat = load_catalog()
    mine = [(card, 1) for card in cat if isinstance(card, Waylay)
            and card.name.startswith("Bench")]
    rating = games.show_game(db, "Bench").state.players[1].waylay_rating
    base = median_ms(lambda: suggest_waylays(mine, rating, opponent=None), repeat)
    row(f"suggest Waylays from {owned} owned (rating {rating})", value, "the pure suggestion alone",
        base, 20)
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
