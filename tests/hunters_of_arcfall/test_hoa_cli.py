"""``chronicle hunt`` on a real database: a game from its first turn to its winner, the rules
refusing a turn (nothing written), undo as a compensating entry, the group's history, the
game-log file out and back in, and the printed score pad read back with pypdf."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from chronicle import paths
from chronicle.systems.hunters_of_arcfall import KEY
from chronicle.systems.hunters_of_arcfall.check import check_path
from tests.dbfixtures import assert_handled, cli
from tests.hunters_of_arcfall.test_hoa_golden import CARDS, GOLDEN


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated SQLite file per module, copied by each test (migrating costs seconds)."""
    from chronicle.services.db import open_database

    path = tmp_path_factory.mktemp("hoa-db") / "template.db"
    open_database(f"sqlite:///{path}").close()
    return path


def fresh(migrated: Path, tmp_path: Path) -> str:
    shutil.copy(migrated, tmp_path / "h.db")
    return f"sqlite:///{tmp_path}/h.db"


@pytest.fixture
def table_cards(private_data_dir: Path) -> Path:
    """The golden test table's cards as the user's own."""
    folder = paths.user_cards_dir(KEY)
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(CARDS / "table.toml", folder / "table.toml")
    return folder


def hunt(url: str, *argv: str) -> tuple[int, str, str]:
    return cli("--db", url, "hunt", *argv)


def shown(url: str, name: str) -> dict[str, object]:
    code, out, err = hunt(url, "show", name, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_a_game_from_the_first_turn_to_its_winner(tmp_path: Path, table_cards: Path,
                                                 migrated: Path) -> None:
    url = fresh(migrated, tmp_path)
    code, out, err = hunt(url, "new", "Friday", "--seat", "Ana:Gus", "--seat", "Bo:Kira",
                          "--hunter", "Kira", "--limit", "5")
    assert code == 0, err
    assert "Ana plays first" in out
    assert hunt(url, "card", "Friday", "Vex", "--fortune", "3", "--fame", "2")[0] == 0
    steps = [("--draw", "Vex", "--capture", "Vex", "--heals", "2"),        # Ana +3
             ("--draw", "Bounty 1", "--end", "wounded"),                  # Bo
             ("--capture", "Bounty 1", "--ability"),                      # Ana +3: 6 >= 5
             ("--draw", "Bounty 4", "--capture", "Bounty 4")]             # Bo +5: round done
    for number, step in enumerate(steps, start=1):
        code, out, err = hunt(url, "turn", "Friday", *step)
        assert code == 0, err
        if number == 3:
            assert "Final round: Bo still plays" in out
    game = shown(url, "Friday")
    assert game["finished"] is True and game["result"] == "won" and game["winner"] == "Ana"
    assert [p["fortune"] for p in game["players"]] == [6, 5]            # type: ignore[index]
    # A turn after the end is refused; nothing is written.
    code, out, err = hunt(url, "turn", "Friday", "--player", "Ana")
    assert code == 1 and "game.continued" in err
    assert shown(url, "Friday")["version"] == game["version"]
    # The group's history counts the finished game.
    code, out, err = hunt(url, "history", "--json")
    history = json.loads(out)
    assert code == 0 and history["games"] == 1
    assert history["players"][0]["name"] == "Ana" and history["players"][0]["wins"] == 1
    code, out, _err = hunt(url, "list", "--json")
    assert code == 0 and [g["name"] for g in json.loads(out)] == ["Friday"]
    # The game-log file out, checked by `chronicle check`, and back in under a new name.
    log = tmp_path / "friday.toml"
    assert hunt(url, "export", "Friday", "--out", str(log))[0] == 0
    checked = check_path(log)
    assert checked.exit_code == 0 and checked.report is not None
    assert checked.report.summary["winner"] == "Ana"
    code, out, err = hunt(url, "import", str(log), "--name", "Friday again", "--json")
    assert code == 0, err
    again = json.loads(out)
    assert (again["winner"], again["turns"], again["round"]) == ("Ana", 4, 2)
    # The score pad and log on paper.
    pdf = tmp_path / "pad.pdf"
    code, out, err = cli("--db", url, "export", "hunt", "Friday", "--out", str(pdf))
    assert code == 0, err
    text = "\n".join(p.extract_text() or "" for p in PdfReader(pdf).pages)
    assert "Score Pad" in text or "SCORE PAD" in text
    assert "Ana wins with 6 Fortune" in text and "Vex" in text
    assert cli("--db", url, "export", "hunt", "Friday", "--out", str(pdf))[0] == 2  # kept


def test_refusals_write_nothing_and_undo_compensates(tmp_path: Path, table_cards: Path,
                                                    migrated: Path) -> None:
    url = fresh(migrated, tmp_path)
    assert hunt(url, "new", "Duel", "--seat", "Ana:Gus", "--seat", "Bo:Hunter B")[0] == 0
    code, out, err = hunt(url, "turn", "Duel", "--player", "Bo")
    assert code == 1 and "turn.order" in err
    code, out, err = hunt(url, "turn", "Duel", "--draw", "Bounty 1", "--capture", "Bounty 9")
    assert code == 1 and "bounty.bad_transition" in err
    code, out, err = hunt(url, "turn", "Duel", "--heals", "4")
    assert code == 1 and "turn.too_many_heals" in err
    assert shown(url, "Duel")["entries"] == []
    assert hunt(url, "turn", "Duel", "--draw", "Bounty 1", "--capture", "Bounty 1")[0] == 0
    code, out, err = hunt(url, "undo", "Duel", "--json")
    data = json.loads(out)
    assert code == 0 and [e["kind"] for e in data["entries"]] == ["turn", "undo"]
    assert data["entries"][0]["undone_by"] == 2 and data["next_player"] == "Ana"
    assert data["players"][0]["fortune"] == 0
    code, out, err = hunt(url, "undo", "Duel")
    assert code == 1 and "no turn to undo" in err
    for argv in (("show", "Duell"), ("turn", "Nobody"), ("new", "X", "--seat", "Ana"),
                 ("new", "Y", "--seat", "Ana:Gus", "--seat", "Bo:Nobody"),
                 ("new", "Z", "--seat", "Ana:Gus", "--seat", "Bo:Hunter B", "--date", "friday"),
                 ("card", "Duel", "V", "--kind", "hunter", "--fortune", "2"),
                 ("card", "Duel", "V", "--slots", "hit,laser"),
                 ("import", str(GOLDEN / "games" / "unusable-bad-turn.toml")),
                 ("import", "/dev/zero"), ("new", "[/x]\x1b[2J", "--seat", "A:Gus")):
        code, out, err = hunt(url, *argv)
        assert_handled(code, out, err)
        assert code in (1, 2), argv
    code, out, err = hunt(url, "new", "Q", "--seat", "Ana:Gus", "--seat", "Z" * 300 + ":Vex")
    assert code == 2 and "a player's name has 300 characters; at most 200" in err
    code, out, err = hunt(url, "show", "Duell")
    assert "Duel" in err                                                  # did you mean
    # An unknown hunter is an unknown name (exit 2); the game is not there yet, so the fix is
    # the command that starts it with the hunter entered, never 'hunt card Y' (issue 27, 8).
    code, out, err = hunt(url, "new", "Y", "--seat", "Ana:Gus", "--seat", "Bo:Kira")
    assert code == 2 and "card.unknown: fix: chronicle hunt new Y --seat Ana:Gus --seat " \
        "Bo:Kira --hunter Kira" in err, err
    assert "hunt card Y" not in err and "<game>" not in err
    assert hunt(url, "show", "Y")[0] == 2                                 # nothing was written
    code, out, err = hunt(url, "new", "Y", "--seat", "Ana:Gus", "--seat", "Bo:Kira",
                          "--hunter", "Kira")
    assert code == 0, err                                                 # the fix works
    code, out, err = hunt(url, "new", "Z", "--seat", "Ana:Guss", "--seat", "Bo:Hunter B")
    assert code == 2 and "did you mean 'Gus'?" in err and \
        'fix: chronicle hunt new Z --seat Ana:Gus --seat "Bo:Hunter B"\n' in err, err
    code, out, err = hunt(url, "turn", "Duel", "--player", "Bo", "--draw", "Vex")
    assert code == 1 and "<game>" not in err          # a rule broken too (turn.order): exit 1
    assert err.count("chronicle hunt card Duel Vex --fortune N --fame N") == 1  # said once
    code, out, err = hunt(url, "turn", "Duel", "--player", "Bo", "--draw", "Vex", "--json")
    fixes = [v["fixes"]["cli"] for v in json.loads(out)["violations"]
             if v["code"] == "card.unknown"]
    assert code == 1 and fixes[0].startswith("chronicle hunt card Duel Vex")
    code, out, err = hunt(url, "turn", "Duel", "--draw", "Vex", "--json")  # only the name
    assert code == 2 and "<game>" not in err, err                          # unknown: exit 2
    assert json.loads(out)["violations"][0]["fixes"]["cli"].startswith("chronicle hunt card "
                                                                       "Duel Vex")
    assert err.count("chronicle hunt card Duel Vex --fortune N --fame N") == 1
    code, out, err = hunt(url, "turn", "Duel", "--player", "Bob")         # not at the table
    assert code == 2 and "did you mean 'Bo'?" in err, err


def test_games_are_renamed_deleted_and_brought_back(tmp_path: Path, table_cards: Path,
                                                    migrated: Path) -> None:
    url = fresh(migrated, tmp_path)
    hostile = "[/x] \u0627\u0644\u0644\u0639\u0628\u0629 \U0001f3b2"
    for name in ("Duel", "Empty"):
        assert hunt(url, "new", name, "--seat", "Ana:Gus", "--seat", "Bo:Hunter B")[0] == 0
    assert hunt(url, "turn", "Duel", "--draw", "Bounty 1", "--capture", "Bounty 1")[0] == 0
    code, out, err = hunt(url, "rename", "Duel", hostile)
    assert code == 0 and hostile in out, err
    assert shown(url, hostile)["entries"]                                 # its log is kept
    assert hunt(url, "rename", "Empty", hostile.upper())[0] == 2          # the name is taken
    assert hunt(url, "rename", "Nobody", "X")[0] == 2
    assert hunt(url, "rename", "Empty", "x" * 10_000)[0] == 2             # the shared limits
    code, out, err = hunt(url, "delete", "Empty")                         # no turns: erased
    assert code == 0 and "deleted" in out
    code, out, err = hunt(url, "delete", hostile)                         # turns: archived
    assert code == 0 and "archived" in out
    code, out, _ = hunt(url, "list", "--json")
    assert json.loads(out) == []
    code, out, _ = hunt(url, "list", "--archived", "--json")
    assert [g["name"] for g in json.loads(out)] == [hostile]
    assert hunt(url, "restore", "Empty")[0] == 2                          # erased for good
    code, out, err = hunt(url, "restore", hostile)
    assert code == 0 and hostile in out, err
    assert shown(url, hostile)["players"][0]["fortune"] == 3              # type: ignore[index]


def test_a_log_whose_mistake_was_undone_is_refused_on_import(tmp_path: Path, table_cards: Path,
                                                            migrated: Path) -> None:
    url = fresh(migrated, tmp_path)
    code, out, err = hunt(url, "import", str(GOLDEN / "games" / "turn-order.toml"))
    assert code == 1 and "turn.order" in err
    code, out, _ = hunt(url, "list", "--json")
    assert json.loads(out) == []                                          # nothing written


def test_games_are_kept_on_both_databases(db_url: str, table_cards: Path) -> None:
    source = GOLDEN / "games" / "finished-tie.toml"
    code, out, err = hunt(db_url, "import", str(source), "--json")
    assert code == 0, err
    stored = json.loads(out)
    filed = check_path(source, CARDS)
    assert filed.report is not None
    for key in ("result", "tie", "winner", "round", "turns"):
        assert stored[key] == filed.report.summary[key], key
    code, out, err = hunt(db_url, "undo", stored["name"])     # the log says it ended
    assert code == 1 and "game.ended_early" in err


def test_a_damaged_game_is_named_and_the_others_still_list(tmp_path: Path, table_cards: Path,
                                                           migrated: Path) -> None:
    import sqlite3

    url = fresh(migrated, tmp_path)
    for name in ("Good", "Broken"):
        assert hunt(url, "new", name, "--seat", "Ana:Gus", "--seat", "Bo:Hunter B")[0] == 0
    with sqlite3.connect(tmp_path / "h.db") as connection:       # damaged behind our back
        connection.execute("""UPDATE record SET data = '{"limit": "x", "player": []}'
                              WHERE name = 'Broken'""")
    code, out, err = hunt(url, "list")
    assert code == 2 and "Good" in out and "Broken" not in out
    assert "Arcfall Broken is damaged" in err and "(record.unreadable)" in err
    code, out, err = hunt(url, "show", "Broken")
    assert code == 2 and "limit" in err and "(record.unreadable)" in err
    code, out, err = hunt(url, "history", "--json")   # the store left it out, and said so
    assert code == 2 and "Broken is damaged" in err and "Broken" not in out
    assert [s["game"] for s in json.loads(out)["skipped"]] == ["Good"]  # still in progress
