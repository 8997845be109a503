"""The Tales of Arcadia card kinds: bundled cards, user files correcting them by name, located
errors, variants, keywords as written on units, and terrain costs."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.catalog.loader import load_card_file
from chronicle.domain.values import Origin, name_key
from chronicle.systems.tales_of_arcadia.cards import (
    Army,
    Keyword,
    Kind,
    Movement,
    Option,
    Stats,
    Terrain,
    Unit,
    Variant,
    card_from_data,
    movement_cost,
    read_keyword,
)
from chronicle.systems.tales_of_arcadia.catalog import (
    armies,
    keywords,
    load_catalog,
    terrains,
    units_of,
)
from chronicle.systems.tales_of_arcadia.quickcheck import SCHEMA
from chronicle.systems.tales_of_arcadia.rosterfile import dump_cards
from chronicle.systems.tales_of_arcadia.rules import check_army

SEED_KEYWORDS = {"Rise Again", "Shroud", "Flying", "Swimming", "Pathfinding", "Double Attack",
                 "Counter-Attack"}
SEED_TERRAIN = {"Ground", "Rough Ground", "Water", "Blocking", "Concealing"}


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    return folder


def test_bundled_cards_load_cleanly(user_dir: Path) -> None:
    catalog = load_catalog(user_dir)
    assert catalog.problems == []
    assert {k.name for k in keywords(catalog)} == SEED_KEYWORDS
    assert {t.name for t in terrains(catalog)} == SEED_TERRAIN
    assert all(card.source and card.summary for card in catalog)
    chance = [k.name for k in keywords(catalog) if k.parameter == "chance"]
    assert chance == ["Rise Again"]


def test_the_example_army_is_marked_as_an_example(user_dir: Path) -> None:
    catalog = load_catalog(user_dir)
    assert armies(catalog) == ["Clockwork Legion"]
    army = catalog.get("Clockwork Legion", "army")
    assert isinstance(army, Army) and army.example
    assert army.summary is not None and "example" in army.summary.casefold()
    units = units_of(catalog, "clockwork legion")
    assert len(units) >= 4
    assert all("invented" in " ".join(u.source) for u in units)
    assert check_army(catalog, "Clockwork Legion").violations == []


@pytest.mark.parametrize(("terrain", "movement", "words", "cost"), [
    ("Ground", Movement.WALKING, (), 1),
    ("Rough Ground", Movement.WALKING, (), 2),
    ("Rough Ground", Movement.FLYING, (), 1),
    ("Rough Ground", Movement.WALKING, ("Pathfinding",), 1),
    ("Rough Ground", Movement.SWIMMING, (), 2),
    ("Water", Movement.WALKING, (), 2),
    ("Water", Movement.SWIMMING, (), 1),
    ("Water", Movement.WALKING, ("Swimming",), 1),
    ("Water", Movement.WALKING, ("Flying",), 1),
    ("Water", Movement.WALKING, ("Pathfinding",), 2),
    ("Blocking", Movement.WALKING, (), None),
    ("Blocking", Movement.FLYING, (), 1),
    ("Concealing", Movement.WALKING, (), 1),
])
def test_terrain_costs_follow_the_seed(user_dir: Path, terrain: str, movement: Movement,
                                       words: tuple[str, ...], cost: int | None) -> None:
    card = load_catalog(user_dir).get(terrain, "terrain")
    assert isinstance(card, Terrain)
    assert movement_cost(card, movement, words) == cost


def test_concealing_terrain_gives_cover(user_dir: Path) -> None:
    catalog = load_catalog(user_dir)
    concealing = [t.name for t in terrains(catalog) if t.imperfect_los]
    assert concealing == ["Concealing"]


def test_variant_resolves_base_plus_overrides(user_dir: Path) -> None:
    unit = load_catalog(user_dir).get("Gearknight", "unit")
    assert isinstance(unit, Unit)
    lancer = unit.variant(" lancer ")
    assert lancer is not None
    cost, stats = unit.resolved(lancer)
    assert cost == 50
    assert stats.to_dict() == {"power": 4, "accuracy": 4, "speed": 7, "wounds": 3, "range": 1,
                               "defense": 5}
    assert unit.resolved(None) == (40, unit.stats)


@pytest.mark.parametrize(("text", "name", "chance"), [
    ("Rise Again 3:6", "Rise Again", Fraction(1, 2)),
    ("rise  again 2/6", "Rise Again", Fraction(1, 3)),
    ("Rise Again 1 in 6", "Rise Again", Fraction(1, 6)),
    ("Rise Again", "Rise Again", None),
    ("Rise Again 7:6", "Rise Again", None),
    ("Shroud", "Shroud", None),
    ("counter-attack", "Counter-Attack", None),
    ("Shroud 2", None, None),
    ("Shroudy", None, None),
    ("Regenerate", None, None),
])
def test_keywords_as_written_on_units(user_dir: Path, text: str, name: str | None,
                                      chance: Fraction | None) -> None:
    use = read_keyword(text, keywords(load_catalog(user_dir)))
    assert (use.keyword.name if use.keyword else None) == name
    assert use.chance == chance


def test_user_file_corrects_a_bundled_card_by_name(user_dir: Path) -> None:
    (user_dir / "mine.toml").write_text(
        'version = 1\n\n[[card]]\nname = "gearknight"\nkind = "unit"\ncost = 45\n\n'
        '[[card]]\nname = "Regenerate"\nkind = "keyword"\nsummary = "House rule."\n',
        encoding="utf-8")
    catalog = load_catalog(user_dir)
    assert catalog.problems == []
    unit = catalog.get("Gearknight", "unit")
    assert isinstance(unit, Unit)
    assert unit.cost == 45 and unit.stats.power == 3 and len(unit.variants) == 2
    assert unit.origin is Origin.CORRECTED
    regenerate = catalog.get("Regenerate", "keyword")
    assert isinstance(regenerate, Keyword) and regenerate.origin is Origin.USER


def test_bad_user_cards_are_located_and_skipped(user_dir: Path) -> None:
    (user_dir / "bad.toml").write_text(
        'version = 1\n'                                   # 1
        '\n'                                              # 2
        '[[card]]\n'                                      # 3
        'name = "Troll"\n'                                # 4
        'kind = "unit"\n'                                 # 5
        'powr = 3\n'                                      # 6
        '\n'                                              # 7
        '[[card]]\n'                                      # 8
        'name = "Goblin"\n'                               # 9
        'kind = "unit"\n'                                 # 10
        'cost = -5\n'                                     # 11
        '\n'                                              # 12
        '[[card]]\n'                                      # 13
        'name = "Orc"\n'                                  # 14
        'kind = "unit"\n'                                 # 15
        'movement = "burrowing"\n'                        # 16
        '\n'                                              # 17
        '[[card]]\n'                                      # 18
        'name = "Imp"\n'                                  # 19
        'kind = "unit"\n'                                 # 20
        '[[card.option]]\n'                               # 21
        'name = "Wings"\n'                                # 22
        'min = 2\n'                                       # 23
        '\n'                                              # 24
        '[[card]]\n'                                      # 25
        'name = "Fine"\n'                                 # 26
        'kind = "army"\n', encoding="utf-8")
    catalog = load_catalog(user_dir)
    found = {(p.card, p.field, p.line) for p in catalog.problems}
    assert ("Troll", "powr", 6) in found
    assert ("Goblin", "cost", 11) in found
    assert ("Orc", "movement", 16) in found
    assert any(p.card == "Imp" and "min 2 is above max 1" in p.message
               for p in catalog.problems)
    assert any("did you mean 'power'" in (p.hint or "") for p in catalog.problems)
    assert isinstance(catalog.get("Fine", "army"), Army)
    assert catalog.get("Troll") is None
    assert len(keywords(catalog)) == 7


def test_two_variants_or_options_with_one_name_are_refused(user_dir: Path) -> None:
    (user_dir / "twice.toml").write_text(
        'version = 1\n[[card]]\nname = "Imp"\nkind = "unit"\n'
        '[[card.variant]]\nname = "Big"\n[[card.variant]]\nname = "big"\n', encoding="utf-8")
    catalog = load_catalog(user_dir)
    assert any("two variants are called" in p.message for p in catalog.problems)


def _same(card: object) -> object:
    return replace(card, origin=Origin.BUNDLED, path=None)  # type: ignore[type-var]


def test_card_files_written_back_read_the_same(tmp_path: Path, user_dir: Path) -> None:
    catalog = load_catalog(user_dir)
    folder = tmp_path / "written"
    folder.mkdir()
    (folder / "all.toml").write_text(dump_cards(catalog, header="written back"), "utf-8")
    again = load_catalog(user_dir, bundled_dir=folder)
    assert again.problems == []
    assert [_same(c) for c in again] == [_same(c) for c in catalog]


NAMES = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                              blacklist_characters="\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                                   "\u2066\u2067\u2068\u2069"),
                min_size=1, max_size=30).map(str.strip).filter(bool)
STAT = st.integers(-5, 20) | st.none()


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAMES, army=NAMES, cost=st.integers(0, 500) | st.none(), power=STAT, accuracy=STAT,
       wounds=STAT, variants=st.lists(NAMES, max_size=3, unique_by=name_key),
       options=st.lists(NAMES, max_size=3, unique_by=name_key),
       words=st.lists(NAMES, max_size=3))
def test_generated_units_round_trip(tmp_path: Path, name: str, army: str, cost: int | None,
                                    power: int | None, accuracy: int | None,
                                    wounds: int | None, variants: list[str], options: list[str],
                                    words: list[str]) -> None:
    unit = Unit(name=name, kind=Kind.UNIT, army=army, cost=cost,
                stats=Stats(power=power, accuracy=accuracy, wounds=wounds, speed=4),
                keywords=tuple(words), movement=Movement.SWIMMING,
                variants=tuple(Variant(name=v, cost=3, stats=Stats(defense=2)) for v in variants),
                options=tuple(Option(name=o, cost=1, max=2, min=1, group="g") for o in options))
    path = tmp_path / "unit.toml"
    path.write_text(dump_cards([unit]), "utf-8")
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert problems == []
    (entry,) = entries
    assert _same(card_from_data(entry.data, Origin.USER, None)) == _same(unit)
