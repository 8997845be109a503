"""A game in play through the services and the command line beyond the Example of Play: a step
built from a stale version is a conflict, bad input is exit 2 naming what is wrong, refusals
write nothing, and the ledger travels through ``db export``/``db import`` with its checks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import dbfixtures as fx
import playtable
import pytest

from chronicle.errors import BadInput, Conflict, Refused
from chronicle.services import recordstore as records
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import play

CAMPS = {"Tim": "Balanvale", "Josh": "Balath Castle"}


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


@pytest.fixture
def laid(db: Database) -> Database:
    golden = playtable.load()
    playtable.prepare(db, golden)
    play.start(db, golden["game"], first="Josh", camps=CAMPS,
               treasures={"Tim": {"Irondew Road": "Pixie Dust"}})
    return db


def test_a_step_from_a_stale_version_is_a_conflict(laid: Database) -> None:
    seen = play.show(laid, "Example of Play")
    play.step(laid, "Example of Play", "move", {"to": "The Kyrrian Tower"})
    with pytest.raises(Conflict):
        play.step(laid, "Example of Play", "end", {}, expected_version=seen.version)
    assert play.show(laid, "Example of Play").events == 1


def test_rolls_left_out_are_rolled_and_kept(laid: Database) -> None:
    play.step(laid, "Example of Play", "move", {"to": "The Kyrrian Tower"})
    play.step(laid, "Example of Play", "waylay", {"waylay": "Manticora"})
    view = play.step(laid, "Example of Play", "test", {"waylay": "Manticora"})
    event = records.get(laid, play.SYSTEM, play.KIND, "Example of Play").events[-1].payload
    assert event["test"] == "combat" and len(event["rolls"]) == 1 and len(event["against"]) == 1
    assert 1 <= event["rolls"][0] <= 6 and view.said[0].startswith("Annoyicus Combat 3+")


def test_refusals_write_nothing_and_start_checks_its_names(laid: Database) -> None:
    with pytest.raises(Refused) as refused:
        play.step(laid, "Example of Play", "waylay", {"waylay": "Manticora"})
    assert refused.value.report.codes == ["play.waylay_base_camp"]
    assert play.show(laid, "Example of Play").events == 0
    with pytest.raises(BadInput, match="not a League of the game"):
        play.table_of(laid, "Example of Play", first="Josh",
                      camps={"Tim": "Atlantis", "Josh": "Balath Castle"})
    with pytest.raises(BadInput, match="no Base Camp"):
        play.table_of(laid, "Example of Play", first="Josh", camps={"Tim": "Balanvale"})
    with pytest.raises(BadInput, match="a Treasure Josh chose"):
        play.table_of(laid, "Example of Play", first="Josh", camps=CAMPS,
                      treasures={"Josh": {"Raxis": "Pixie Dust"}})


def test_the_command_line_says_what_is_wrong(laid: Database, db_url: str) -> None:
    for argv, status, said in (
            (["move", "Example of Play", "X", "--trial", "up:might:5"], 2, "--trial takes"),
            (["move", "Example of Play", "Raxis", "--trial", "enter:might:5:9"], 1,
             "play.roll_bad"),
            (["test", "Nowhere Game", "Manticora"], 2, "no game in play"),
            (["start", "Example of Play", "--first", "Josh", "--camp", "Tim"], 2,
             "--camp takes")):
        code, out, err = fx.cli("--db", db_url, "play", *argv)
        fx.assert_handled(code, out, err)
        assert code == status and said in out + err, (argv, out, err)


def test_the_ledger_travels_through_export_and_import(laid: Database, db_url: str,
                                                      databases: fx.Databases,
                                                      tmp_path: Path) -> None:
    play.step(laid, "Example of Play", "move", {"to": "The Kyrrian Tower"})
    play.step(laid, "Example of Play", "waylay", {"waylay": "Manticora"})
    play.undo(laid, "Example of Play")
    out = tmp_path / "group.json"
    code, _out, err = fx.cli("--db", db_url, "db", "export", str(out))
    assert code == 0, err
    other = databases.url("other")
    code, _out, err = fx.cli("--db", other, "db", "import", str(out))
    assert code == 0, err
    code, shown, err = fx.cli("--db", other, "play", "show", "Example of Play", "--json")
    state = json.loads(shown)
    assert code == 0 and state["events"] == 3 and state["hands"]["Tim"] == [
        "Manticora", "Forest Spiders"], err
