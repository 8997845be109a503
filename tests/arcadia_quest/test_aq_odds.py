"""Arcadia Quest attack odds against brute-force enumeration of the dice, face by face.

The enumerator reads the raw faces (3 melee, 2 ranged, 1 crit; 1 shield, 1 crit, 4 blank) and
rolls one die at a time, adding a die per crit, cutting at the same depth; it shares nothing with
the engine but the face lists.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from chronicle.systems.arcadia_quest.cards import Hero, Kind, Upgrade
from chronicle.systems.arcadia_quest.odds import (
    ATTACK_FACES,
    DEFENSE_FACES,
    MAX_DICE,
    attack_odds,
    defense_pool,
)


def side(faces: tuple[str, ...], scoring: str, n: int,
         depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """P(successes) for ``n`` dice, crits exploding ``depth`` generations deep, and the cut."""
    out: dict[int, Fraction] = {}
    cut = Fraction(0)

    def go(queue: list[int], got: int, p: Fraction) -> None:
        nonlocal cut
        if not queue:
            out[got] = out.get(got, Fraction(0)) + p
            return
        generation, rest = queue[0], queue[1:]
        for face in faces:
            q = p / len(faces)
            if face == "crit":
                if generation == depth:
                    cut += q
                else:
                    go([*rest, generation + 1], got + 1, q)
            else:
                go(rest, got + (face == scoring), q)

    go([0] * n, 0, Fraction(1))
    return out, cut


@pytest.mark.parametrize(("dice", "defense", "ranged", "depth"),
                         [(a, d, r, depth) for a, d, r, depth in
                          itertools.product(range(4), range(3), (False, True), range(3))
                          if a + d <= 4])
def test_wounds_match_enumeration(dice: int, defense: int, ranged: bool, depth: int) -> None:
    hits, cut_a = side(ATTACK_FACES, "ranged" if ranged else "melee", dice, depth)
    # with no attack dice there is nothing to save: the defense is not rolled
    saves, cut_d = side(DEFENSE_FACES, "shield", defense if dice else 0, depth)
    expected: dict[int, Fraction] = {}
    for h, ph in hits.items():
        for s, ps in saves.items():
            w = max(0, h - s)
            expected[w] = expected.get(w, Fraction(0)) + ph * ps
    odds = attack_odds(dice, defense, ranged=ranged, depth=depth)
    assert odds.wounds == expected
    assert odds.remainder == 1 - (1 - cut_a) * (1 - cut_d)
    assert sum(odds.wounds.values()) + odds.remainder == 1
    assert odds.expected == sum(w * p for w, p in expected.items())
    assert odds.at_least(1) == sum(p for w, p in expected.items() if w >= 1)


def test_expected_bounds_hold_and_close_in() -> None:
    shallow, deep = attack_odds(3, 2, depth=1), attack_odds(3, 2, depth=10)
    assert shallow.expected <= deep.expected <= deep.expected_at_most <= shallow.expected_at_most
    assert deep.expected_at_most - deep.expected < Fraction(1, 10**6)
    assert deep.remainder < shallow.remainder


def test_expected_hits_and_saves_are_the_infinite_series() -> None:
    # a melee die: 1/2 hit, 1/6 crit (a hit and another die): e = 1/2 + 1/6 (1 + e) = 4/5
    odds = attack_odds(4, 3)
    assert odds.expected_hits == 4 * Fraction(4, 5)
    # ranged: 1/3 + 1/6 (1 + e) -> e = 3/5; defense: 1/6 + 1/6 (1 + e) -> e = 2/5
    assert attack_odds(1, 1, ranged=True).expected_hits == Fraction(3, 5)
    assert odds.expected_saves == 3 * Fraction(2, 5)
    deep = attack_odds(4, 0, depth=30)
    assert abs(deep.expected - odds.expected_hits) < Fraction(1, 10**12)


def test_no_dice_no_wounds() -> None:
    odds = attack_odds(0, 5)
    assert odds.wounds == {0: Fraction(1)} and odds.remainder == 0 and odds.expected == 0


@pytest.mark.parametrize(("dice", "defense", "depth"),
                         [(-1, 0, 8), (0, -1, 8), (MAX_DICE + 1, 0, 8), (1, 0, -1), (1, 0, 65)])
def test_impossible_pools_are_refused(dice: int, defense: int, depth: int) -> None:
    with pytest.raises(ValueError):
        attack_odds(dice, defense, depth=depth)


def test_json_shape_keeps_exact_fractions() -> None:
    data = attack_odds(2, 1).to_dict()
    assert data["kind"] == "aq-attack" and data["attack"] == "melee"
    total = sum(Fraction(v["exact"]) for v in data["wounds"].values())
    assert total + Fraction(data["remainder"]["exact"]) == 1


def test_defense_pool_adds_icons_and_keeps_unknown_unknown() -> None:
    diva = Hero(name="Diva", kind=Kind.HERO, defense=4, life=4)
    shield = Upgrade(name="Parrying Blade", kind=Kind.UPGRADE, defense=1)
    assert defense_pool(diva, [shield, Upgrade(name="Rusty Blade", kind=Kind.UPGRADE)]) == 5
    assert defense_pool(Hero(name="Nobody", kind=Kind.HERO), [shield]) is None
