"""The rulebook's Example of Play played through ``chronicle play``, step by step, on every
database backend (the golden file ``tests/golden/play/example-of-play.toml``): each step's exit
status, what it says, the codes in the ledger's report and the state after it; then the result
recorded in the chronicles. The game is prepared through the command line too, from an empty
data folder, the card facts the catalog lacks entered with ``chronicle cards new``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dbfixtures as fx
import playtable
import pytest

from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, play


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


def run(url: str | None, *argv: str) -> tuple[int, dict[str, Any]]:
    """``chronicle [--db URL] ARGV --json``: the exit status and the JSON printed (no ``url``:
    the database in the data folder, as a table's first command makes it)."""
    code, out, err = fx.cli(*(["--db", url] if url is not None else []), *argv, "--json")
    fx.assert_handled(code, out, err)
    return code, json.loads(out) if out.strip() else {}


def walk(url: str | None) -> None:
    """The golden Example of Play through the command line alone: the game prepared as a
    table prepares it (the cards the catalog lacks entered with ``chronicle cards new``, the
    players, collections, characters and the game), laid out, then every step with its exit
    status, what it says, the codes in the ledger's report and the state after it."""
    golden = playtable.load()
    for argv in playtable.prepare_argv(golden):
        code, said = run(url, *argv)
        assert code == 0, (argv, said)
    code, state = run(url, *playtable.start_argv(golden))
    assert code == 0, state
    assert (state["current"], state["day"], state["events"]) == ("Josh", 1, 0)
    for number, step in enumerate(golden["step"], 1):
        code, state = run(url, *playtable.step_argv(golden, step))
        assert code == step.get("exit", 0), (number, step["argv"], state)
        if code:
            assert [v["code"] for v in state["violations"]] == step["refused"], (number, state)
            continue
        if "said" in step:
            assert state["said"] == step["said"], (number, state["said"])
        if "codes" in step:
            assert {v["code"] for v in state["violations"]} == set(step["codes"]), number
        found = playtable.flat(state)
        for key, value in step.get("expect", {}).items():
            assert found.get(key, [] if key.startswith("waylays.") else None) == value, (
                number, key, found)


def test_the_example_of_play_step_by_step(db_url: str) -> None:
    walk(db_url)


def test_the_example_of_play_from_an_empty_data_folder(private_data_dir: Path) -> None:
    assert not any(private_data_dir.iterdir())
    walk(None)  # every command on the database the first one made in the data folder
    assert ".db" in [p.suffix for p in private_data_dir.iterdir()]  # the data folder's own
    assert not list(private_data_dir.rglob("*.toml"))  # no card file written by hand


def test_the_result_flows_into_the_chronicles(db: Database, db_url: str) -> None:
    golden = playtable.load()
    playtable.prepare(db, golden)
    assert run(db_url, *playtable.start_argv(golden))[0] == 0
    code, refused = run(db_url, "play", "move", golden["game"], "Irondew Road", "--player",
                        "Tim")  # Josh's Day, not Tim's
    assert code == 1 and [v["code"] for v in refused["violations"]] == ["play.not_your_day"]
    for argv in (["end"], ["move", "Irondew Road"], ["treasure", "Pixie Dust"]):
        code, state = run(db_url, "play", argv[0], golden["game"], *argv[1:])
        assert code == 0, state
    assert playtable.flat(state)["Winerdria.treasures_found"] == ["Pixie Dust"]
    code, state = run(db_url, "play", "finish", golden["game"], "--completed",
                      "Tim:Even Dragons Pay Taxes")
    assert code == 0 and state["finished"] == {"Tim": ["Even Dragons Pay Taxes"]}
    history = characters.show_character(db, "Winerdria", "Tim").history
    assert any("Even Dragons Pay Taxes" in h.text for h in history), [h.text for h in history]
    assert play.show(db, golden["game"]).state.finished is not None
    code, refused = run(db_url, "play", "end", golden["game"])
    assert code == 1 and [v["code"] for v in refused["violations"]] == ["play.finished"]
