"""``chronicle stats``: golden statistics over the demo and over a generated history of every
game, each number checked against a calculation made here, independently of the services
(the generator keeps its own tally of what it recorded); on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import json
import random
import shutil
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle import paths
from chronicle.errors import NotFound
from chronicle.services import players as group
from chronicle.services import stats as service
from chronicle.services.db import Database, open_database

ROOT = Path(__file__).resolve().parent
DAY = dt.date(2026, 10, 1)
NAMES = ("Ann", "Bob", "Cid")
TOA = "tales-of-arcadia"
HOA = "hunters-of-arcfall"
AQ = "arcadia-quest"


def _cards(private_data_dir: Path) -> None:
    hoa = paths.user_cards_dir(HOA)
    hoa.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "hunters_of_arcfall" / "golden" / "cards" / "table.toml",
                hoa / "table.toml")
    shutil.copytree(ROOT / "arcadia_quest" / "golden" / "cards", paths.user_cards_dir(AQ))


def generate(db: Database, seed: int) -> dict[str, Any]:
    """A random history of battles and hunts and one Arcadia Quest scenario, with the tally
    this test expects, counted as it is generated."""
    from chronicle.systems.arcadia_quest.service import (
        new_campaign,
        record_scenario,
        record_upgrade,
    )
    from chronicle.systems.hunters_of_arcfall.service import new_hunt, play_turn
    from chronicle.systems.tales_of_arcadia.battles import Side, Victory
    from chronicle.systems.tales_of_arcadia.service import record_battle, undo_battle

    rng = random.Random(seed)
    for name in NAMES:
        group.add_player(db, name)
    want: dict[str, Any] = {TOA: {}, HOA: {}, "points": {}, "victories": {}, "busts": {},
                            "fortune": {}}
    for number in range(8):
        day = DAY + dt.timedelta(days=number)
        first, second = rng.sample(NAMES, 2)
        points = {first: rng.randint(100, 500), second: rng.randint(100, 500)}
        winner = rng.choice([first, second, None])
        victory = rng.choice([Victory.REGICIDE, Victory.TERRITORY])
        entry = record_battle(db, date=day, limit=500, victory=victory, winner=winner,
                              sides=[Side(player=p, points=points[p]) for p in points])
        if number == 3:                         # taken back: counted nowhere
            undo_battle(db, entry.number)
            continue
        want["victories"][victory.value] = want["victories"].get(victory.value, 0) + 1
        for p in (first, second):
            tally = want[TOA].setdefault(p, [0, 0, None])
            tally[0] += 1
            tally[1] += p == winner
            tally[2] = day
            want["points"].setdefault(p, []).append(points[p])
    for number in range(4):
        day = DAY + dt.timedelta(days=10 + number)
        first, second = rng.sample(NAMES[:2], 2)
        name = f"Hunt {number}"
        new_hunt(db, name, [(first, "Gus"), (second, "Hunter B")], limit=3,
                 date=day.isoformat())
        play_turn(db, name, drawn=["Bounty 1"], captured=["Bounty 1"], end="claimed")
        second_wins = rng.random() < 0.5
        if second_wins:
            play_turn(db, name, drawn=["Bounty 4"], captured=["Bounty 4"], end="claimed")
        else:
            play_turn(db, name, drawn=["Bounty 4"], end="wounded")
            want["busts"][second] = want["busts"].get(second, 0) + 1
        scores = {first: 3, second: 5 if second_wins else 0}
        for p in (first, second):
            tally = want[HOA].setdefault(p, [0, 0, None])
            tally[0] += 1
            tally[1] += p == (second if second_wins else first)
            tally[2] = day
            want["fortune"].setdefault(p, []).append(scores[p])
    guilds = [{"color": "blue", "player": "Ann", "heroes": ["Diva", "Greensleeves", "Grom"]},
              {"color": "green", "player": "Bob", "heroes": ["Maya", "Zazu", "Kanga"]}]
    new_campaign(db, "Winter", guilds)
    record_scenario(db, "Winter", {
        "name": "District of Hammers", "winner": "blue", "date": "2026-10-20",
        "guild": [{"color": "blue", "quests": ["A", "B"], "first": ["A"], "monster_coins": 3},
                  {"color": "green", "deaths": {"Maya": 1}, "neutral_deaths": {"Maya": 1}}]})
    record_upgrade(db, "Winter", {"upgrade": [
        {"color": "blue"}, {"color": "green", "curses": {"Maya": "Weakness"}}]})
    record_scenario(db, "Winter", {
        "name": "The Moon Gate", "winner": "green", "date": "2026-10-27",
        "guild": [{"color": "green", "quests": ["A", "B"], "title": "Friend of the Moon"},
                  {"color": "blue"}]})
    # the rulebook's coin rewards: 3 from monsters, 1 first bonus, 1 per quest done (2), and 1
    # for the green hero a neutral killed; then green's two quests; the curse Maya keeps
    want[AQ] = {"coins": {("blue", 1): 3 + 1 + 2 + 1, ("green", 1): 0, ("blue", 2): 0,
                          ("green", 2): 2},
                "deaths": {"Maya": (1, "Weakness")},
                "titles": [("green", "Bob", "Friend of the Moon", "The Moon Gate")]}
    return want


def _one(found: list[service.SystemStats], key: str) -> service.SystemStats:
    return next(s for s in found if s.key == key)


def _table(one: service.SystemStats, name: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in next(t for t in one.stats.tables if t.name == name).rows]


def test_a_generated_history_in_numbers(db_url: str, private_data_dir: Path) -> None:
    _cards(private_data_dir)
    db = open_database(db_url)
    want = generate(db, seed=28)
    found = service.group_stats(db)
    for key in (TOA, HOA):
        lines = {p.player: (p.plays, p.wins, p.last_played) for p in _one(found, key).players}
        assert lines == {p: tuple(t) for p, t in want[key].items()}
        for p in _one(found, key).players:
            assert p.win_rate == pytest.approx(want[key][p.player][1] / want[key][p.player][0])
    toa = _one(found, TOA)
    assert len(toa.stats.plays) == 7                     # eight recorded, one undone
    assert {r[0]: (r[1], r[2], r[4]) for r in _table(toa, "points")} == {
        p: (len(v), sum(v), max(v)) for p, v in want["points"].items()}
    assert {r[0]: r[1] for r in _table(toa, "victories")} == want["victories"]
    hoa = _one(found, HOA)
    by_player = {r[0]: r for r in _table(hoa, "players")}
    for p, scores in want["fortune"].items():
        assert by_player[p][1] == len(scores)
        assert by_player[p][4] == round(sum(scores) / len(scores), 2)
        assert by_player[p][6] == want["busts"].get(p, 0)
    assert sum(r[1] for r in _table(hoa, "hunters")) == 2 * 4     # two hunters a game
    aq = _one(found, AQ)
    assert [[(s.player, s.score, s.win) for s in play.seats] for play in aq.stats.plays] == [
        [("Ann", want[AQ]["coins"][("blue", 1)], True), ("Bob", 0, False)],
        [("Ann", 0, False), ("Bob", want[AQ]["coins"][("green", 2)], True)]]
    assert {(r[3], r[1]): r[5] for r in _table(aq, "coins")} == want[AQ]["coins"]
    assert {r[3]: (r[4], r[5]) for r in _table(aq, "deaths") if r[4]} == want[AQ]["deaths"]
    assert [r[1:] for r in _table(aq, "titles")] == want[AQ]["titles"]
    standings = {r[1]: (r[3], r[4], r[5]) for r in _table(aq, "standings")}
    assert standings == {"blue": (1, 0, 7), "green": (1, 1, 2)}   # won, titles, coins
    # --since and --player narrow every number the same way
    since = DAY + dt.timedelta(days=5)
    narrowed = _one(service.group_stats(db, system=TOA, since=since, player="ann"), TOA)
    assert all(p.date is not None and p.date >= since for p in narrowed.stats.plays)
    assert all("Ann" in [s.player for s in p.seats] for p in narrowed.stats.plays)
    assert [r[0] for r in _table(narrowed, "points")] in ([], ["Ann"])
    db.close()


GOLDEN = ROOT / "golden" / "stats" / "generated-28.json"


def test_the_generated_history_matches_its_golden_file(db_url: str,
                                                       private_data_dir: Path) -> None:
    """The whole ``chronicle stats --json`` of the generated history (seed 28, fixed dates),
    kept as a data file: every number above checked independently, the rest of the shape
    (series, tables, their order) held still. Regenerate with CHRONICLE_GOLDEN_UPDATE=1."""
    import os

    _cards(private_data_dir)
    db = open_database(db_url)
    generate(db, seed=28)
    found = [one.to_dict() for one in service.group_stats(db)]
    db.close()
    if os.environ.get("CHRONICLE_GOLDEN_UPDATE"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    assert found == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_demo_in_numbers(db_url: str, user_cards: Path) -> None:
    """The rulebook's example: Winerdria completes "Even Dragons Pay Taxes" (1 experience,
    its printed reward) and so wins; Annoyicus completes nothing."""
    from chronicle.systems.wyld_hunt.services.demo import run_demo

    db = open_database(db_url)
    run_demo(db)
    found = service.group_stats(db, system="wyld-hunt")[0]
    assert [(p.player, p.plays, p.wins) for p in found.players] == [("Josh", 1, 0),
                                                                     ("Tim", 1, 1)]
    assert _table(found, "quests") == [("Josh", "Annoyicus", 0, 0, None),
                                       ("Tim", "Winerdria", 1, 1, "Even Dragons Pay Taxes")]
    earned = {s.title: s.points[-1][1] for s in found.stats.series if s.name == "xp_earned"}
    assert earned == {"Experience earned: Annoyicus (Josh)": 0.0,
                      "Experience earned: Winerdria (Tim)": 1.0}
    from chronicle.systems.wyld_hunt.services.demo import FIRST_GAME
    from chronicle.systems.wyld_hunt.services.games import show_game

    seats = {s.player: s for s in show_game(db, FIRST_GAME).seats}  # two: each waylays the other
    faced = _table(found, "waylays_faced")
    for player, other in (("Josh", "Tim"), ("Tim", "Josh")):
        assert sum(int(r[2] or 0) for r in faced if r[0] == player) == len(seats[other].waylays)
        assert sorted(c for r in faced if r[0] == player for c in str(r[3]).split(", ")) == \
            sorted(seats[other].waylays)
    unused = {(p, c) for p, c, _k, _n in found.unused}
    assert ("Tim", "Pansy") in unused and ("Tim", "Indecisive") not in unused  # a Flaw taken
    db.close()


def test_the_command_line(tmp_path: Path, user_cards: Path) -> None:
    url = f"sqlite:///{tmp_path}/s.db"
    assert fx.cli("--db", url, "demo")[0] == 0
    code, out, _err = fx.cli("--db", url, "stats", "--system", "wyld-hunt", "--json")
    assert code == 0
    data = json.loads(out)
    assert data[0]["players"][1] == {"player": "Tim", "plays": 1, "wins": 1, "win_rate": 1.0,
                                     "last_played": data[0]["players"][1]["last_played"]}
    code, out, err = fx.cli("--db", url, "stats", "--player", "Tmi")
    assert code == 2 and "did you mean 'Tim'" in err
    assert fx.cli("--db", url, "stats", "--since", "yesterday")[0] == 2
    assert fx.cli("--db", url, "stats", "--system", "nope")[0] == 2
    code, out, _err = fx.cli("--db", url, "stats", "--player", "tim")
    assert code == 0 and "Winerdria" in out and "Annoyicus" not in out


def test_an_unknown_player_names_the_nearest(db_url: str) -> None:
    db = open_database(db_url)
    group.add_player(db, "Winifred")
    with pytest.raises(NotFound, match="Winifred"):
        service.group_stats(db, player="Winnifred")
    db.close()
