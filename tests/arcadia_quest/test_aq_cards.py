"""The bundled Arcadia Quest cards: what the researched catalog holds, with sources, and nothing
it does not (unknown costs, values and titles stay out)."""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

import pytest

from chronicle import paths
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest.cards import (
    Circle,
    Curse,
    Hero,
    Kind,
    Monster,
    Scenario,
    Title,
    Upgrade,
)
from chronicle.systems.arcadia_quest.catalog import (
    QuestCatalog,
    heroes,
    load_catalog,
    offered,
    products,
    scenarios,
)
from chronicle.systems.arcadia_quest.schema import SCHEMA

CATALOG_DIR = Path("/work/shared/catalog/sister-games")


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> QuestCatalog:
    return load_catalog(tmp_path_factory.mktemp("no-user-cards"))


def test_the_bundled_catalog_loads_cleanly(bundled: QuestCatalog) -> None:
    assert bundled.problems == []
    assert paths.bundled_cards_dir(KEY).is_dir()
    counts = Counter(card.kind for card in bundled)
    assert counts == {Kind.HERO: 141, Kind.UPGRADE: 5, Kind.SCENARIO: 11, Kind.CURSE: 7,
                      Kind.MONSTER: 10}
    assert all(card.source for card in bundled), "every bundled card keeps its sources"


def test_heroes_match_the_researched_table(bundled: QuestCatalog) -> None:
    if not (CATALOG_DIR / "aq_heroes.csv").is_file():
        pytest.skip("the researched catalog is not on this machine")
    rows = list(csv.DictReader(io.StringIO((CATALOG_DIR / "aq_heroes.csv").read_text("utf-8"))))
    assert len(rows) == 142
    for row in rows:
        hero = bundled.get(row["name"], Kind.HERO)
        assert isinstance(hero, Hero)
        assert (hero.defense, hero.life) == (int(row["defense"]), int(row["life"]))
        assert hero.ability == row["ability_name"]
    luke = bundled.get("Luke the Lucky", Kind.HERO)
    assert luke is not None and len(luke.products) == 2


def test_core_box_heroes_and_products(bundled: QuestCatalog) -> None:
    core = heroes(bundled, ["Arcadia Quest"])
    assert sorted(h.name for h in core) == ["Diva", "Greensleeves", "Grom", "Hobsbawm", "Johan",
                                            "Kanga", "Maya", "Scarlet", "Seth", "Spike", "Wisp",
                                            "Zazu"]
    assert all(h.core_box for h in core)
    assert len(heroes(bundled)) == 141
    assert "Arcadia Quest" in products(bundled) and "Guildmaster" in products(bundled)
    more = heroes(bundled, ["arcadia quest", "GUILDMASTER"])
    assert len(more) == 12 + 28
    assert offered(bundled, Kind.HERO, []) == []


def test_starting_cards_have_no_invented_cost(bundled: QuestCatalog) -> None:
    starters = [c for c in bundled if isinstance(c, Upgrade)]
    assert sorted(c.name for c in starters) == ["Life Drain", "Nova Bolt", "Parrying Blade",
                                                "Rusty Blade", "Slingshot"]
    assert all(c.starter and c.cost is None for c in starters)
    assert {c.aliases[0] for c in starters} == {"Hoja oxidada", "Hoja de parada", "Tirachinas",
                                             "Drenaje de vida", "Nova Bolt"}
    parrying = bundled.get("Parrying Blade", Kind.UPGRADE)
    assert isinstance(parrying, Upgrade) and parrying.defense == 1


def test_scenarios_follow_the_seed(bundled: QuestCatalog) -> None:
    by_circle = Counter(s.circle for s in scenarios(bundled))
    assert by_circle == {Circle.OUTER: 6, Circle.INNER: 4, Circle.FINAL: 1}
    no_title = sorted(s.name for s in bundled if isinstance(s, Scenario) and not s.title_quest)
    assert no_title == ["Brightsun Arena", "District of Hammers",
                        "The Temple of Dawning Twilight"]
    final = bundled.get("The Temple of Dawning Twilight", Kind.SCENARIO)
    assert isinstance(final, Scenario) and len(final.uses_titles_of) == 4
    assert [s.name for s in scenarios(bundled, Circle.INNER)] == [
        "Alchemist's District", "Evershadow District", "Red Dawn Square", "The University Plaza"]


def test_unknown_values_stay_unknown(bundled: QuestCatalog) -> None:
    assert all(c.value is None for c in bundled if isinstance(c, Curse))
    assert all(c.coins is None for c in bundled if isinstance(c, Monster))
    assert not [c for c in bundled if isinstance(c, Title)]
    slot = bundled.get("System Shock", Kind.CURSE)
    assert isinstance(slot, Curse) and slot.takes_slot is True


def test_a_user_file_fills_in_a_bundled_value(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('version = 1\n[[card]]\nname = "rusty blade"\n'
                                        'kind = "upgrade"\ncost = 0\n', encoding="utf-8")
    catalog = load_catalog(tmp_path)
    rusty = catalog.get("Rusty Blade", Kind.UPGRADE)
    assert isinstance(rusty, Upgrade) and rusty.cost == 0 and rusty.dice == 3
    assert rusty.origin.value == "corrected"


def test_the_schema_names_fields_and_aliases() -> None:
    assert "takes_slot" in SCHEMA.fields("curse")
    assert "circle" in SCHEMA.all_fields()
    assert SCHEMA.alias("curse", "cost") == "value"
    assert SCHEMA.alias("hero", "life") is None
