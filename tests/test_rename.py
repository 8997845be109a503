"""Renaming a character keeps its chronicle and games; a taken name is refused unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronicle.errors import AlreadyExists, BadInput, NotFound
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.services import characters, games
from chronicle.systems.wyld_hunt.services.demo import FIRST_GAME, run_demo


def test_rename_keeps_the_chronicle_and_the_games(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path}/t.db")
    run_demo(db)
    before = characters.show_character(db, "Winerdria")
    after = characters.rename_character(db, "winerdria", "Winerdria the Wise")
    assert after.name == "Winerdria the Wise" and after.version == before.version + 1
    assert after.build.events == before.build.events
    assert after.report.summary["xp_earned"] == 1
    with pytest.raises(NotFound):
        characters.show_character(db, "Winerdria")
    seats = games.show_game(db, FIRST_GAME).seats
    assert "Winerdria the Wise" in [s.character for s in seats]


def test_rename_refusals_change_nothing(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path}/t.db")
    run_demo(db)
    characters.new_character(db, "Tim", "Aline")
    with pytest.raises(AlreadyExists):
        characters.rename_character(db, "Aline", "WINERDRIA")
    with pytest.raises(BadInput):
        characters.rename_character(db, "Aline", "   ")
    assert characters.show_character(db, "Aline").version == 1
