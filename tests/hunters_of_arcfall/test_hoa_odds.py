"""Bust and hit odds, checked against brute-force enumeration of every roll with test faces
(the real faces are unknown), and the catalog's answer while the faces are not entered."""

from __future__ import annotations

import itertools
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.catalog.store import Catalog
from chronicle.systems.hunters_of_arcfall.cards import Card, Die, Hunter, Result
from chronicle.systems.hunters_of_arcfall.catalog import load_catalog
from chronicle.systems.hunters_of_arcfall.odds import (
    OddsInputError,
    bust_odds,
    odds_from_catalog,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
ODDS: list[dict[str, Any]] = tomllib.loads(
    (GOLDEN / "cases.toml").read_text(encoding="utf-8"))["odds"]
TEST_FACES = {Result.HIT: 3, Result.WOUND: 1, Result.MISS: 1, Result.HEAL: 1, Result.STUN: 0}


def brute(counts: dict[Result, int], dice: int, wounds: int,
          capacity: int = 3) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Every sequence of faces, counted one by one."""
    sides = [r for r in Result for _ in range(counts[r])]
    total = len(sides) ** dice
    bust = 0
    hits = [0] * (dice + 1)
    safe = [0] * (dice + 1)
    for roll in itertools.product(sides, repeat=dice):
        fatal = wounds + roll.count(Result.WOUND) > capacity
        bust += fatal
        for k in range(roll.count(Result.HIT) + 1):
            hits[k] += 1
            safe[k] += not fatal
    return (Fraction(bust, total), [Fraction(h, total) for h in hits],
            [Fraction(s, total) for s in safe])


@pytest.mark.parametrize("case", ODDS, ids=[f"{c['dice']}d-{c['wounds']}w-{i}"
                                            for i, c in enumerate(ODDS)])
def test_golden_odds(case: dict[str, Any]) -> None:
    counts = {r: case[r.value] for r in Result}
    odds = bust_odds(counts, case["dice"], case["wounds"])
    assert odds.bust == Fraction(case["bust"])
    assert list(odds.hits_at_least) == [Fraction(p) for p in case["hits_at_least"]]
    bust, hits, safe = brute(counts, case["dice"], case["wounds"])
    assert (odds.bust, list(odds.hits_at_least), list(odds.hits_and_safe)) == (bust, hits, safe)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.fixed_dictionaries({r: st.integers(0, 3) for r in Result}).filter(
           lambda c: sum(c.values()) > 0),
       st.integers(1, 4), st.integers(1, 4), st.data())
def test_every_figure_matches_enumeration(counts: dict[Result, int], dice: int, capacity: int,
                                          data: st.DataObject) -> None:
    wounds = data.draw(st.integers(0, capacity))
    odds = bust_odds(counts, dice, wounds, capacity)
    bust, hits, safe = brute(counts, dice, wounds, capacity)
    assert odds.bust == bust and odds.safe == 1 - bust
    assert list(odds.hits_at_least) == hits and list(odds.hits_and_safe) == safe
    assert sum(odds.wounds_rolled.values()) == 1
    assert odds.bust == sum(p for k, p in odds.wounds_rolled.items() if k >= odds.fatal_at)


def test_thirteen_dice_are_exact_and_quick() -> None:
    odds = bust_odds(TEST_FACES, 13, 3)
    assert odds.bust == 1 - Fraction(5, 6) ** 13          # any wound is fatal at 3 held
    assert odds.hits_at_least[13] == Fraction(1, 2) ** 13
    assert odds.to_dict()["bust"] == str(odds.bust)


@pytest.mark.parametrize(("dice", "wounds"), [(0, 0), (14, 0), (1, -1), (1, 4), (99, 99)])
def test_impossible_inputs_are_refused_with_the_allowed_range(dice: int, wounds: int) -> None:
    with pytest.raises(OddsInputError, match=r"1 to 13|0 to 3"):
        bust_odds(TEST_FACES, dice, wounds)


def test_the_bundled_die_answers_card_incomplete(tmp_path: Path) -> None:
    odds, found = odds_from_catalog(load_catalog(tmp_path), 3, 1)
    assert odds is None and [v.code for v in found] == ["card.incomplete"]
    assert "Custom die" in found[0].cards


def test_the_entered_die_and_the_rulebook_capacity_are_used(tmp_path: Path) -> None:
    # Every hunter holds 3 wounds (The Hunters): even a card made in code with 4 (the schema
    # refuses it on every way in, card.hunter_wounds) never turns a bust into 0 (issue 27, 7).
    cards: Catalog[Card] = Catalog([Die(name="D", counts=dict(TEST_FACES)),
                                    Hunter(name="Tank", wounds=4), Hunter(name="Gus")])
    odds, found = odds_from_catalog(cards, 2, 3, hunter="Tank")
    assert found == [] and odds is not None
    assert odds.capacity == 3 and odds.bust == Fraction(11, 36)
    odds, _ = odds_from_catalog(cards, 2, 3, hunter="Gus")          # wounds unknown: the 3 of
    assert odds is not None and odds.capacity == 3                   # the rulebook
    odds, found = odds_from_catalog(cards, 2, 0, hunter="Tnak", die="E")
    assert odds is None and [v.code for v in found] == ["card.unknown", "card.unknown"]


def test_a_die_with_one_count_missing_is_incomplete() -> None:
    partial: dict[Result, int] = {r: n for r, n in TEST_FACES.items() if r is not Result.STUN}
    cards: Catalog[Card] = Catalog([Die(name="D", counts=partial)])
    odds, found = odds_from_catalog(cards, 1, 0)
    assert odds is None and "stun" in found[0].message


def test_the_odds_entry_gives_exit_codes_for_each_outcome(tmp_path: Path) -> None:
    from chronicle.systems.hunters_of_arcfall.check import bust_for

    missing = bust_for(3, 1, user_cards_dir=tmp_path / "none")
    assert missing.exit_code == 1 and missing.odds is None
    assert [v.code for v in missing.violations] == ["card.incomplete"]
    entered = bust_for(2, 2, user_cards_dir=GOLDEN / "cards", hunter="Hunter B")
    assert entered.exit_code == 0 and entered.odds is not None
    assert entered.odds.bust == Fraction(1, 36)
    impossible = bust_for(20, 1, user_cards_dir=GOLDEN / "cards")
    assert impossible.exit_code == 2 and impossible.refused and "1 to 13" in impossible.refused


@pytest.mark.parametrize(("dice", "wounds"), [(99, 0), (0, 1), (3, 7)])
def test_an_impossible_roll_is_refused_before_the_unknown_die(tmp_path: Path, dice: int,
                                                              wounds: int) -> None:
    from chronicle.systems.hunters_of_arcfall.check import bust_for

    answer = bust_for(dice, wounds, user_cards_dir=tmp_path / "none")   # faces unknown
    assert answer.exit_code == 2 and answer.violations == [] and answer.refused
