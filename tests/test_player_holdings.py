"""A player's holdings come from what each installed game declares, never from one game's
field: the records of its per-player kinds (the toy's bags, through the generic record store)
and what its ``chronicles`` module's ``holdings`` says (here a game made up for the test), on
the command line and in the players' service, the home game's first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import test_systems_toy
from test_systems_toy import run

from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem

toy = test_systems_toy.toy
"""The toy game installed for a test (its fixture)."""


def holdings(reader: Any) -> list[tuple[int, str, str]]:
    """This module as a game's ``chronicles``: every player holds one jar of its own tables."""
    from chronicle.persistence import reads

    return [(ident, "jar", f"{name}'s jar") for ident, name in reads.players_by_id(reader)]


def test_a_players_records_of_a_game_are_what_they_hold(toy: GameSystem,
                                                        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/toy.db"
    for name in ("Ada", "Bo"):
        assert run("--db", url, "player", "add", name)[0] == 0
    for bag in ("Pouch", "Sack"):
        assert run("--db", url, "bag", "new", bag, "--limit", "10", "--player", "Ada")[0] == 0
    code, out, _ = run("--db", url, "player", "list", "--json")
    assert code == 0
    assert json.loads(out) == [
        {"name": "Ada", "cards": 0, "holdings": [
            {"game": toy.key, "what": "bag of pebbles", "names": ["Pouch", "Sack"]}]},
        {"name": "Bo", "cards": 0, "holdings": []}]
    code, out, _ = run("--db", url, "player", "list")
    assert code == 0 and "bag of pebbles: Pouch, Sack" in out
    assert run("--db", url, "bag", "delete", "Sack", "--player", "Ada")[0] == 0
    code, out, _ = run("--db", url, "player", "list")
    assert "bag of pebbles: Pouch" in out and "Sack" not in out


def test_a_games_own_tables_say_what_a_player_holds(
        toy: GameSystem, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game keeping tables of its own names what a player holds there (its ``chronicles``
    module's ``holdings``); the home game's holdings come first."""
    from chronicle.services import players
    from chronicle.services.db import open_database

    jars = toy._replace(key="toy-jars", editions=(), records=(), commands=(),
                        chronicles="test_player_holdings")
    with registry.registered(jars):
        monkeypatch.setenv(registry.HOME_SETTING, "toy-jars")
        db = open_database(f"sqlite:///{tmp_path}/jars.db")
        try:
            players.add_player(db, "Ada")
            assert run("--db", f"sqlite:///{tmp_path}/jars.db", "bag", "new", "Pouch",
                       "--limit", "3", "--player", "Ada")[0] == 0
            (ada,) = players.list_players(db)
            assert [(h.game, h.what, h.names) for h in ada.holdings] == [
                ("toy-jars", "jar", ("Ada's jar",)), (toy.key, "bag of pebbles", ("Pouch",))]
            assert ada.said() == "jar: Ada's jar · bag of pebbles: Pouch"
        finally:
            db.close()
