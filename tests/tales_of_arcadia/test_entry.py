"""What the builder shows (the units browser's search, odds against an enemy unit) and entering
a sourcebook's unit (live problems, saving to the user's card file), without a database."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from chronicle.errors import BadInput, Refused
from chronicle.systems.tales_of_arcadia.browse import odds_lines, search, stat_text, unit_rows
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, load_catalog
from chronicle.systems.tales_of_arcadia.entry import save_unit, unit_problems


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> TalesCatalog:
    return load_catalog(tmp_path_factory.mktemp("no-user-cards"))


def test_the_browser_lists_every_variant_and_searches_every_word(catalog: TalesCatalog) -> None:
    rows = unit_rows(catalog)
    labels = [row.label for row in rows]
    assert {"Gearknight", "Gearknight (Lancer)", "Gearknight (Sentinel)"} <= set(labels)
    assert [r.label for r in search(rows, "lancer")] == ["Gearknight (Lancer)"]
    assert {r.label for r in search(rows, "  FLYING  ")} == {"Aether Kite"}
    assert {r.unit.name for r in search(rows, "construct gear")} == {"Gearknight"}
    assert search(rows, "gear", army="Another List") == []
    assert search(rows, "[/x]") == []
    lancer = search(rows, "lancer")[0]
    assert lancer.cost == 50 and stat_text(lancer.stats) == "P4 A4 S7 W3 R1 D5"
    assert lancer.line().startswith("Gearknight (Lancer) · 50 pts · P4 A4 S7")


def test_odds_against_an_enemy_unit(catalog: TalesCatalog) -> None:
    rows = unit_rows(catalog)
    kite = search(rows, "aether kite")[0]
    entry = {"unit": "Gearknight", "variant": None, "power": 3, "accuracy": 4, "speed": 5,
             "wounds": 3, "range": 1, "defense": 5, "keywords": []}
    unknown = {**entry, "unit": "Mystery", "accuracy": None}
    lines = odds_lines([entry, unknown], kite, catalog)
    assert lines[0].startswith("Gearknight: hit ") and "kill" in lines[0]
    assert lines[1] == "Mystery: unknown: attacker's Accuracy"


SPRITE: dict[str, Any] = {"name": "Cog Sprite", "army": "Clockwork Legion", "cost": 10,
                          "power": 1, "accuracy": 4, "speed": 6, "wounds": 1, "range": 0,
                          "defense": 2}


@pytest.mark.parametrize(("change", "expected"), [
    ({}, []),
    ({"wounds": 0}, ["error: Cog Sprite has Wounds 0"]),
    ({"accuracy": 7}, ["warning: Cog Sprite has Accuracy 7"]),
    ({"keywords": ["Rise Again"]}, ["error: Cog Sprite has Rise Again without its chance"]),
    ({"keywords": ["Shrowd"]}, ["warning: Cog Sprite has the keyword 'Shrowd'"]),
    ({"cost": None}, ["error: Cog Sprite has no cost"]),
    ({"cost": "ten"}, ["Input should be a valid integer"]),
    ({"speed": -1}, ["greater than or equal to 0"]),
    ({"army": None}, ["say which army list"]),
])
def test_a_unit_is_checked_as_it_is_typed(change: dict[str, Any], expected: list[str],
                                          catalog: TalesCatalog) -> None:
    found = unit_problems({**SPRITE, **change}, catalog)
    assert len(found) == len(expected), found
    for got, start in zip(found, expected, strict=True):
        assert start in got, (got, start)


def test_saving_a_unit_writes_the_armys_card_file(tmp_path: Path) -> None:
    path = save_unit(SPRITE, tmp_path)
    assert path == tmp_path / "clockwork-legion.toml"
    save_unit({**SPRITE, "name": "Spring Mite", "cost": 5}, tmp_path)
    save_unit({**SPRITE, "cost": 12}, tmp_path)          # the same unit again: replaced
    cards = tomllib.loads(path.read_text("utf-8"))["card"]
    assert [(c["name"], c["cost"]) for c in cards] == [("Spring Mite", 5), ("Cog Sprite", 12)]
    loaded = load_catalog(tmp_path)
    assert loaded.problems == [] and loaded.get("Cog Sprite", "unit") is not None
    with pytest.raises(Refused, match="Wounds 0"):
        save_unit({**SPRITE, "wounds": 0}, tmp_path)
    with pytest.raises(BadInput, match="integer"):
        save_unit({**SPRITE, "cost": "ten"}, tmp_path)
    assert len(tomllib.loads(path.read_text("utf-8"))["card"]) == 2
    # What the sourcebook does not say stays unknown: saved, and reported when it is used.
    save_unit({**SPRITE, "name": "Half Known", "power": None}, tmp_path)
    assert "power" not in tomllib.loads(path.read_text("utf-8"))["card"][2]


@pytest.mark.parametrize("text", ["version = 1\n[[card]\n", "\x00\x01garbage", "version = 2\n"])
def test_a_broken_army_file_is_named_and_left_alone(text: str, tmp_path: Path) -> None:
    path = tmp_path / "clockwork-legion.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput, match=r"clockwork-legion\.toml"):
        save_unit(SPRITE, tmp_path)
    assert path.read_text(encoding="utf-8") == text
