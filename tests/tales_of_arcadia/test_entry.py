"""What the builder shows (the units browser's search, odds against an enemy unit) and entering
a sourcebook's unit (live problems, the rules it is held to before it is saved), without a
database."""

from __future__ import annotations

from typing import Any

import pytest

from chronicle.systems.tales_of_arcadia.browse import odds_lines, search, stat_text, unit_rows
from chronicle.systems.tales_of_arcadia.catalog import TalesCatalog, load_catalog
from chronicle.systems.tales_of_arcadia.entry import table_problems, unit_problems


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


def test_the_rules_a_typed_unit_is_held_to_before_it_is_saved() -> None:
    """``table_problems`` (the game's ``card_rules``, which the card front applies to every
    card entered): a rule broken carries its code (refused, exit 1), a bad value none (exit 2),
    a value nobody knows yet is no reason to refuse the unit."""
    assert table_problems([SPRITE | {"kind": "unit"}], "the unit") == []
    (broken,) = table_problems([SPRITE | {"kind": "unit", "wounds": 0}], "the unit")
    assert broken.code == "unit.no_wounds" and broken.card == "Cog Sprite"
    (bad,) = table_problems([SPRITE | {"kind": "unit", "cost": "ten"}], "the unit")
    assert bad.code is None and "integer" in bad.message
    assert table_problems([SPRITE | {"kind": "unit", "power": None}], "the unit") == []
    assert table_problems([{"name": "Bog", "kind": "terrain", "wounds": 0}], "x") == []
