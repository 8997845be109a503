"""Exact odds of Tests and Trials, as fractions.

A Test is opposed: each side rolls and adds its attribute, the higher score wins, equal scores
tie (rulebook, "Tests and Trials: Tests"). A Trial is unopposed: the roll plus the attribute must
equal or exceed the difficulty (rulebook, "Tests and Trials: Trials"). The Wyld Hunt rolls one
six-sided die; King Ironheart's Madness rolls two. Both are thin uses of the generic dice engine,
:mod:`chronicle.rules.faces`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from chronicle.rules import faces

SIDES = 6


@cache
def roll_counts(dice: int) -> dict[int, int]:
    """How many ways each total of ``dice`` six-sided dice can come up.

    >>> roll_counts(2)[7]
    6
    """
    if dice < 1:
        raise ValueError(f"at least one die is rolled, not {dice}")
    counted, _total = faces.ways(faces.pool_of(faces.numbered(SIDES), dice))
    return {tally[faces.VALUE]: ways for tally, ways in sorted(counted.items())}


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
    contest = faces.versus(_totals(dice, mine), _totals(dice, theirs))
    return TestOdds(mine, theirs, dice, contest.win, contest.tie, contest.lose)


def trial_odds(attribute: int, difficulty: int, dice: int = 1) -> TrialOdds:
    """Exact chance of passing a Trial: roll plus attribute at least the difficulty.

    >>> trial_odds(2, 5).passes
    Fraction(2, 3)
    """
    needed = difficulty - attribute
    passes = faces.at_least(_totals(dice, 0), needed)
    return TrialOdds(attribute, difficulty, dice, passes, 1 - passes, needed)


def _totals(dice: int, attribute: int) -> faces.Dist[int]:
    """The distribution of ``dice`` six-sided dice plus ``attribute``."""
    counts = roll_counts(dice)
    total = SIDES ** dice
    return faces.Dist({roll + attribute: Fraction(ways, total) for roll, ways in counts.items()})
