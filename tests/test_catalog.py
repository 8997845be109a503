"""The card catalog: bundled data, strict card files, located problems, user corrections."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from chronicle.catalog.loader import load_card_file
from chronicle.domain.values import Origin
from chronicle.services.catalog import load_catalog, read_sources
from chronicle.systems.wyld_hunt.cards import Flaw, Icon, Kind, Merit, Quest, Waylay
from chronicle.systems.wyld_hunt.schema import SCHEMA

SHARED = Path(__file__).resolve().parents[2] / "shared" / "catalog" / "wyld-hunt"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_catalog_loads_without_problems() -> None:
    catalog = load_catalog()
    assert catalog.problems == []
    kinds = {k: sum(1 for c in catalog if c.kind is k) for k in Kind}
    assert all(count > 0 for count in kinds.values()), kinds
    assert all(card.source for card in catalog), "every bundled card names its source"
    assert all(card.origin is Origin.BUNDLED for card in catalog)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the researched catalog is not beside the repo")
def test_every_researched_row_is_bundled() -> None:
    rows = 0
    for path in SHARED.glob("*.csv"):
        with path.open(encoding="utf-8") as handle:
            rows += sum(1 for _ in csv.DictReader(handle))
    assert len(load_catalog()) == rows


def test_unknown_values_stay_unknown_never_zero() -> None:
    catalog = load_catalog()
    clear = catalog.get("Clear Thinking", "merit")
    assert isinstance(clear, Merit) and clear.cost is None and "cost" in clear.missing()
    border_run = catalog.get("Border Run", "quest")
    assert isinstance(border_run, Quest) and border_run.experience is None
    hurricane = catalog.get("Hurricane", "waylay")
    assert isinstance(hurricane, Waylay) and hurricane.savvy == "none" and hurricane.might is None


def test_rulebook_facts_are_bundled() -> None:
    catalog = load_catalog()
    indecisive = catalog.get("Indecisive", "flaw")
    assert isinstance(indecisive, Flaw) and indecisive.bonus == 2
    assert indecisive.court is not None and indecisive.court.value == "seelie"
    quests = [c for c in catalog if isinstance(c, Quest) and c.set and c.set.value == "wyld-hunt"]
    assert quests and all(q.experience == 1 for q in quests)
    human = catalog.get("Human Male", "icon")
    assert isinstance(human, Icon) and human.effects
    # The same name may stand for two kinds of card.
    assert {c.kind for c in catalog.named("Slavers")} == {Kind.QUEST, Kind.WAYLAY}


def test_user_card_corrects_a_bundled_card_and_is_marked(user_cards: Path) -> None:
    write(user_cards, "mine.toml", """version = 1
[[card]]
name = "clear thinking"
kind = "merit"
cost = 1
attribute = "resolve"
court = "seelie"

[[card]]
name = "Homebrew Hat"
kind = "merit"
type = "treasure"
cost = 1
""")
    catalog = load_catalog()
    clear = catalog.get("Clear Thinking", "merit")
    assert isinstance(clear, Merit)
    assert clear.cost == 1 and clear.type is not None and clear.type.value == "ability"
    assert clear.origin is Origin.CORRECTED
    hat = catalog.get("homebrew hat", "merit")
    assert hat is not None and hat.origin is Origin.USER


def test_one_bad_user_file_never_hides_the_good_ones(user_cards: Path) -> None:
    write(user_cards, "a-broken.toml", "version = 1\n[[card]\nname = 'x'\n")
    write(user_cards, "b-good.toml", 'version = 1\n[[card]]\nname = "Good Hat"\nkind = "merit"\n')
    catalog = load_catalog()
    assert catalog.get("Good Hat", "merit") is not None
    (problem,) = catalog.problems
    assert problem.path.endswith("a-broken.toml") and problem.line == 2
    assert "not valid TOML" in problem.message


def test_bad_card_reports_file_card_field_line_and_hint(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", """version = 1

[[card]]
name = "Fine"
kind = "merit"

[[card]]
name = "Typo Sword"
kind = "merit"
cots = 2

[[card]]
name = "Wordy"
kind = "merit"
cost = "three"

[[card]]
name = "Odd"
kind = "merrit"
""")
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert [e.data["name"] for e in entries] == ["Fine"]
    by_card = {p.card: p for p in problems}
    typo = by_card["Typo Sword"]
    assert (typo.field, typo.line, typo.hint) == ("cots", 10, "did you mean 'cost'?")
    wordy = by_card["Wordy"]
    assert wordy.field == "cost" and wordy.line == 15 and "'three'" in wordy.message
    odd = by_card["Odd"]
    assert odd.field == "kind" and odd.line == 19 and odd.hint == "did you mean 'merit'?"
    assert str(typo).startswith(f"{path}:10: card 'Typo Sword', field 'cots'")


def test_card_file_needs_a_known_version(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", '[[card]]\nname = "A"\nkind = "merit"\n')
    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    assert not entries and problems[0].field == "version"
    assert "version = 1" in (problems[0].hint or "")


def test_a_field_of_another_kind_is_explained(tmp_path: Path) -> None:
    path = write(tmp_path, "c.toml", 'version = 1\n[[card]]\nname = "A"\nkind = "flaw"\n'
                                      'cost = 2\n')
    _entries, (problem,) = load_card_file(path, SCHEMA, Origin.USER)
    assert problem.field == "cost"
    assert problem.hint == "'cost' is not a field of a flaw card; a flaw card has 'bonus'"


def test_duplicate_card_in_one_layer_is_reported(user_cards: Path) -> None:
    write(user_cards, "a.toml", 'version = 1\n[[card]]\nname = "Twin"\nkind = "merit"\ncost = 1\n')
    write(user_cards, "b.toml", 'version = 1\n[[card]]\nname = "twin"\nkind = "merit"\ncost = 2\n')
    catalog = read_sources().build()
    twin = catalog.get("Twin", "merit")
    assert isinstance(twin, Merit) and twin.cost == 2
    assert any("again" in p.message for p in catalog.problems)


def test_search_matches_every_word_in_name_or_summary() -> None:
    catalog = load_catalog()
    names = {c.name for c in catalog.search("fae ARMOR")}
    assert "Fae Armor" in names
    pyretics = catalog.search("pyretics")
    assert pyretics and all("pyretics" in f"{c.name} {c.summary}".casefold() for c in pyretics)
    assert catalog.search("zzzz-nothing") == []


def test_suggest_finds_a_misspelt_card() -> None:
    assert load_catalog().suggest("Fae Armour", "merit") == "Fae Armor"
