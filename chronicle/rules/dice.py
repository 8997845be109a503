"""Exact odds of Tests and Trials, as fractions.

A Test is opposed: each side rolls and adds its attribute, the higher score wins, equal scores
tie (rulebook, "Tests and Trials: Tests"). A Trial is unopposed: the roll plus the attribute must
equal or exceed the difficulty (rulebook, "Tests and Trials: Trials"). The Wyld Hunt rolls one
six-sided die; King Ironheart's Madness rolls two.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

SIDES = 6


@cache
def roll_counts(dice: int) -> dict[int, int]:
    """How many ways each total of ``dice`` six-sided dice can come up.

    >>> roll_counts(2)[7]
    6
    """
    if dice < 1:
        raise ValueError(f"at least one die is rolled, not {dice}")
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, SIDES + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    return counts


@dataclass(frozen=True, slots=True)
class TestOdds:
    """Chances of an opposed Test, seen from the side whose attribute is ``mine``."""

    mine: int
    theirs: int
    dice: int
    win: Fraction
    tie: Fraction
    lose: Fraction


@dataclass(frozen=True, slots=True)
class TrialOdds:
    """Chance of passing a Trial of ``difficulty`` with ``attribute``."""

    attribute: int
    difficulty: int
    dice: int
    passes: Fraction
    fails: Fraction
    needed: int
    """The smallest roll that passes (may lie outside the dice's range)."""


def test_odds(mine: int, theirs: int, dice: int = 1) -> TestOdds:
    """Exact chances of winning, tying and losing a Test (attribute plus roll against the same).

    >>> test_odds(2, 2).win
    Fraction(5, 12)
    """
    counts = roll_counts(dice)
    total = sum(counts.values()) ** 2
    win = tie = 0
    for mine_roll, mine_ways in counts.items():
        for their_roll, their_ways in counts.items():
            diff = (mine + mine_roll) - (theirs + their_roll)
            if diff > 0:
                win += mine_ways * their_ways
            elif diff == 0:
                tie += mine_ways * their_ways
    lose = total - win - tie
    return TestOdds(mine, theirs, dice, Fraction(win, total), Fraction(tie, total),
                    Fraction(lose, total))


def trial_odds(attribute: int, difficulty: int, dice: int = 1) -> TrialOdds:
    """Exact chance of passing a Trial: roll plus attribute at least the difficulty.

    >>> trial_odds(2, 5).passes
    Fraction(2, 3)
    """
    counts = roll_counts(dice)
    total = sum(counts.values())
    needed = difficulty - attribute
    passing = sum(ways for roll, ways in counts.items() if roll >= needed)
    return TrialOdds(attribute, difficulty, dice, Fraction(passing, total),
                     Fraction(total - passing, total), needed)
