"""``chronicle plays export``: every recorded game in BG Stats' play file and as a CSV of the
fields a BoardGameGeek play log records (docs/stats.md cites both), checked field by field
against a history generated here."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import dbfixtures as fx
from test_stats import _cards, generate

from chronicle.services.db import open_database

PLAY_FIELDS = {"uuid", "gameRefId", "playDate", "locationRefId", "durationMin", "ignored",
               "manualWinner", "rounds", "usesTeams", "board", "playerScores"}
SCORE_FIELDS = {"playerRefId", "score", "winner", "startPlayer", "seatOrder", "rank",
                "newPlayer", "role"}
BGG_FIELDS = ["date", "quantity", "length", "incomplete", "nowinstats", "location", "objectid",
              "game", "name", "startposition", "score", "win", "play"]


def test_both_formats_hold_every_play(tmp_path: Path, private_data_dir: Path) -> None:
    _cards(private_data_dir)
    url = f"sqlite:///{tmp_path}/p.db"
    db = open_database(url)
    want = generate(db, seed=7)
    db.close()
    battles = sum(t[0] for t in want["tales-of-arcadia"].values()) // 2
    hunts = sum(t[0] for t in want["hunters-of-arcfall"].values()) // 2
    plays = battles + hunts + 2                      # and the two Arcadia Quest scenarios
    code, out, _err = fx.cli("--db", url, "plays", "export", "--format", "bgstats")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"about", "players", "locations", "games", "plays", "userInfo"}
    assert "Board Game Stats" in data["about"]
    assert len(data["plays"]) == plays
    assert {g["name"] for g in data["games"]} == {"Tales of Arcadia", "Hunters of Arcfall",
                                                  "Arcadia Quest"}
    assert {g["name"]: g["bggId"] for g in data["games"]} == {
        "Tales of Arcadia": 0, "Hunters of Arcfall": 0,   # no id we can cite: left empty
        "Arcadia Quest": 155068}
    ids = {p["id"]: p["name"] for p in data["players"]}
    wins: dict[str, int] = {}
    for play in data["plays"]:
        assert set(play) == PLAY_FIELDS
        for score in play["playerScores"]:
            assert set(score) == SCORE_FIELDS
            wins[ids[score["playerRefId"]]] = wins.get(ids[score["playerRefId"]], 0) + (
                score["winner"] and not play["ignored"])
    expected: dict[str, int] = {}
    for key in ("tales-of-arcadia", "hunters-of-arcfall"):
        for player, (_plays, won, _last) in want[key].items():
            expected[player] = expected.get(player, 0) + won
    expected["Ann"] += 1                             # the blue guild won the first scenario
    expected["Bob"] += 1                             # the green guild the second
    assert {p: n for p, n in wins.items() if n} == {p: n for p, n in expected.items() if n}
    again = fx.cli("--db", url, "plays", "export", "--format", "bgstats")[1]
    assert again == out                              # same ids: BG Stats merges, not doubles

    target = tmp_path / "plays.csv"
    assert fx.cli("--db", url, "plays", "export", "--format", "csv", "--out", str(target))[0] == 0
    rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert rows[0] == BGG_FIELDS
    body = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert len(body) == 2 * plays                    # two players at every table
    assert all(r["quantity"] == "1" and r["win"] in ("0", "1") for r in body)
    assert {r["objectid"] for r in body if r["game"] == "Arcadia Quest"} == {"155068"}
    assert {r["objectid"] for r in body if r["game"] != "Arcadia Quest"} == {""}
    hunts_rows = [r for r in body if r["game"] == "Hunters of Arcfall"]
    assert sorted(r["startposition"] for r in hunts_rows) == ["1"] * hunts + ["2"] * hunts
    code, _out, err = fx.cli("--db", url, "plays", "export", "--format", "csv", "--out",
                             str(target))
    assert code == 2 and "--force" in err


def test_a_formula_is_never_a_cell(tmp_path: Path, user_cards: Path) -> None:
    from chronicle.services import players
    from chronicle.services.plays import as_csv
    from chronicle.services.stats import Play, Seat

    db = open_database(f"sqlite:///{tmp_path}/f.db")
    players.add_player(db, "=cmd")
    db.close()
    text = as_csv([("Game", None, Play("g", "+x", None, (Seat("=cmd", 1, True),)))])
    assert "'=cmd" in text and "'+x" in text
