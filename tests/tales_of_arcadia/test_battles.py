"""Battle records: validation codes, the record file, and a group's standings."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from chronicle.systems.tales_of_arcadia.battles import (
    Battle,
    BattleEvent,
    BattleRecorded,
    BattleUndone,
    Side,
    Victory,
    check_battle,
    replay,
    standings,
)
from chronicle.systems.tales_of_arcadia.rosterfile import load_battles

DAY = dt.date(2026, 11, 28)


def battle(*sides: Side, winner: str | None = None, limit: int = 500) -> Battle:
    return Battle(date=DAY, limit=limit, victory=Victory.REGICIDE, sides=sides, winner=winner)


ANN = Side(player="Ann", force="Iron Vanguard", points=490)
BOB = Side(player="Bob", force="Bone Tide", points=500)


def test_a_sound_battle_has_no_violation() -> None:
    report = check_battle(battle(ANN, BOB, winner="bob"))
    assert report.codes == []
    assert report.summary["victory"] == "regicide"
    assert report.summary["date"] == "2026-11-28"


@pytest.mark.parametrize(("sides", "winner", "codes"), [
    ((ANN,), None, ["battle.sides"]),
    ((ANN, Side(player=" ann ")), None, ["battle.sides"]),
    ((ANN, BOB, Side(player="Bob")), "Ann", ["battle.sides"]),
    ((ANN, BOB), "Cid", ["battle.winner_unknown"]),
    ((ANN, Side(player="Bob", points=501)), None, ["battle.over_limit"]),
    ((ANN,), "Cid", ["battle.sides", "battle.winner_unknown"]),
])
def test_battle_codes(sides: tuple[Side, ...], winner: str | None, codes: list[str]) -> None:
    assert check_battle(battle(*sides, winner=winner)).codes == codes


def test_standings_count_wins_losses_and_draws() -> None:
    cid = Side(player="Cid")
    history = [battle(ANN, BOB, winner="Ann"), battle(ANN, BOB, winner="Bob"),
               battle(ANN, cid, winner="ann"), battle(ANN, BOB, cid)]
    table = {s.player: (s.played, s.won, s.lost, s.drawn) for s in standings(history)}
    assert table == {"Ann": (4, 2, 1, 1), "Bob": (3, 1, 1, 1), "Cid": (2, 0, 1, 1)}
    assert standings(history)[0].player == "Ann"


def test_battle_record_file(tmp_path: Path) -> None:
    path = tmp_path / "battles.toml"
    path.write_text('''system = "tales-of-arcadia"

[[battle]]
date = 2026-11-28
limit = 500
victory = "territory"
winner = "Ann"

[[battle.side]]
player = "Ann"
force = "Iron Vanguard"
points = 490

[[battle.side]]
player = "Bob"

[[battle]]
date = "2026-11-29"
limit = 750
victory = "other"
condition = "hold the bridge for four rounds"

[[battle.side]]
player = "Ann"

[[battle.side]]
player = "Bob"
''', encoding="utf-8")
    battles, problems = load_battles(path)
    assert problems == []
    assert [b.victory for b in battles] == [Victory.TERRITORY, Victory.OTHER]
    assert battles[1].winner is None and battles[1].date == dt.date(2026, 11, 29)
    assert all(check_battle(b).valid for b in battles)


@pytest.mark.parametrize(("text", "needle"), [
    ('[[battle]]\ndate = 2026-11-28\nlimit = 500\nvictory = "other"\n[[battle.side]]\n'
     'player = "Ann"\n', 'says which condition'),
    ('[[battle]]\ndate = 2026-11-28\nlimit = 500\nvictory = "king of the hill"\n'
     '[[battle.side]]\nplayer = "Ann"\n', "victory"),
    ('[[battle]]\ndate = "yesterday"\nlimit = 500\n[[battle.side]]\nplayer = "Ann"\n', "date"),
    ('[[battle]]\ndate = 0001-01-01\nlimit = 500\n[[battle.side]]\nplayer = "Ann"\n',
     "plausible"),
    ('[[battle]]\ndate = 2026-11-28\nlimit = 0\n[[battle.side]]\nplayer = "Ann"\n', "limit"),
    ('[[battle]]\ndate = 2026-11-28\nlimit = 500\nside = []\n', "side"),
    ('[[battle]]\ndate = 2026-11-28\nlimit = 500\nwinnner = "Ann"\n[[battle.side]]\n'
     'player = "Ann"\n', "did you mean 'winner'"),
])
def test_bad_battle_files_are_located(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "battles.toml"
    path.write_text(text, encoding="utf-8")
    battles, problems = load_battles(path)
    assert battles == []
    assert problems and all(p.path == str(path) for p in problems)
    assert any(needle in str(p) for p in problems), [str(p) for p in problems]


def test_history_replays_with_undo_as_a_compensating_event() -> None:
    first, second = battle(ANN, BOB, winner="Ann"), battle(ANN, BOB, winner="Bob")
    events = [BattleRecorded(battle=first), BattleRecorded(battle=second),
              BattleUndone(event=1, note="entered twice"), BattleRecorded(battle=first)]
    battles, report = replay(events)
    assert battles == [second, first]
    assert report.codes == []
    assert report.summary == {"system": "tales-of-arcadia", "battles": 2, "undone": [1]}
    assert [s.won for s in standings(battles)] == [1, 1]


@pytest.mark.parametrize(("events", "standing"), [
    ([BattleUndone(event=1)], 0),
    ([BattleRecorded(battle=battle(ANN, BOB)), BattleUndone(event=2)], 1),
    ([BattleUndone(event=2), BattleRecorded(battle=battle(ANN, BOB))], 1),
    ([BattleRecorded(battle=battle(ANN, BOB)), BattleUndone(event=1), BattleUndone(event=1)], 0),
    ([BattleRecorded(battle=battle(ANN, BOB)), BattleUndone(event=1), BattleUndone(event=2)], 0),
])
def test_bad_undos_are_reported(events: list[BattleEvent], standing: int) -> None:
    battles, report = replay(events)
    assert report.codes == ["ledger.bad_undo"]
    assert len(battles) == standing


def test_replay_reports_each_battles_own_problems() -> None:
    _battles, report = replay([BattleRecorded(battle=battle(ANN, winner="Cid"))])
    assert report.codes == ["battle.sides", "battle.winner_unknown"]
