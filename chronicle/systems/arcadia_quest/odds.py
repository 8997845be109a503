"""Exact attack odds: the wounds an attack pool deals against a defense pool.

Seed, *Ataque* steps 4-7: the attacker rolls black attack dice, the target white defense dice.
A melee attack scores on the melee symbol, a ranged attack on the ranged symbol, a defense roll
on the shield; a CRIT always scores and adds one more die of the same colour, again and again
while crits keep coming. Each save cancels one hit; wounds are the hits left (never below 0).

Die faces (not in the seed; spec AQ-60, ``aq_dice.csv``, from two fan dice rollers and a review):
the attack die has 3 melee, 2 ranged and 1 crit face; the defense die 1 shield, 1 crit and 4
blank faces.

Built on :mod:`chronicle.rules.faces`: the distribution is exact up to ``depth`` generations of
extra dice on each side; the chance of the rolls that would need more is reported as
``remainder``, never dropped. ``expected`` is the exact expectation over the resolved rolls and
``expected_at_most`` an exact upper bound that accounts for the remainder; ``expected_hits``
and ``expected_saves`` are exact with no depth at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from chronicle.rules import faces
from chronicle.systems.arcadia_quest.cards import Hero, Upgrade

ATTACK_FACES: tuple[str, ...] = ("melee",) * 3 + ("ranged",) * 2 + ("crit",)
"""The six faces of the black attack die (AQ-60)."""
DEFENSE_FACES: tuple[str, ...] = ("shield", "crit") + ("",) * 4
"""The six faces of the white defense die (AQ-60)."""
DICE_SOURCE = ("https://github.com/JhonatanRocha/ArcadiaQuestDiceRoller/blob/"
               "51b078b71454a6a2a478157bd832d9fb14b79ff6/app/src/main/java/com/jhonatanrocha/"
               "arcadiaquest/diceroller/DiceEnum.java")
DEFAULT_DEPTH = 8
MAX_DICE = 20
"""Most dice on either side (no card or ability gives more)."""
HIT, SAVE, CRIT = "hit", "save", "crit"


def attack_die(ranged: bool = False) -> faces.Die:
    """The attack die as a melee or ranged attack reads it: a hit on its symbol, a hit and one
    more die on a crit."""
    scoring = "ranged" if ranged else "melee"
    shown = [(HIT, CRIT) if f == CRIT else (HIT if f == scoring else ()) for f in ATTACK_FACES]
    return faces.die(shown, explode=CRIT, name="ranged attack" if ranged else "melee attack")


def defense_die() -> faces.Die:
    """The defense die: a save on the shield, a save and one more die on a crit."""
    shown = [(SAVE, CRIT) if f == CRIT else (SAVE if f == "shield" else ()) for f in DEFENSE_FACES]
    return faces.die(shown, explode=CRIT, name="defense")


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The wounds ``dice`` attack dice deal against ``defense`` defense dice."""

    dice: int
    defense: int
    ranged: bool
    depth: int
    wounds: dict[int, Fraction]
    """P(wounds = n) for each n, over the rolls resolved within ``depth``."""
    remainder: Fraction
    """The chance of the rolls whose crits go deeper than ``depth`` (not in ``wounds``)."""
    expected: Fraction
    """The expected wounds over the resolved rolls (a lower bound of the true expectation)."""
    expected_at_most: Fraction
    """An exact upper bound of the true expected wounds."""
    expected_hits: Fraction
    expected_saves: Fraction

    def at_least(self, wounds: int) -> Fraction:
        """P(at least ``wounds`` wounds) over the resolved rolls; the true chance lies between
        this and this plus ``remainder``."""
        return sum((p for n, p in self.wounds.items() if n >= wounds), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape: fractions as ``"n/d"`` strings beside their float values."""
        def frac(value: Fraction) -> dict[str, Any]:
            return {"exact": f"{value.numerator}/{value.denominator}", "value": float(value)}

        return {"kind": "aq-attack", "dice": self.dice, "defense": self.defense,
                "attack": "ranged" if self.ranged else "melee", "depth": self.depth,
                "wounds": {str(n): frac(p) for n, p in self.wounds.items()},
                "at_least": {str(n): frac(self.at_least(n)) for n in self.wounds if n > 0},
                "remainder": frac(self.remainder), "expected": frac(self.expected),
                "expected_at_most": frac(self.expected_at_most),
                "expected_hits": frac(self.expected_hits),
                "expected_saves": frac(self.expected_saves)}


def attack_odds(dice: int, defense: int = 0, *, ranged: bool = False,
                depth: int = DEFAULT_DEPTH) -> AttackOdds:
    """The exact distribution of wounds (hits minus saves, never below 0).

    >>> odds = attack_odds(1, 0, depth=0)
    >>> odds.wounds, odds.remainder
    ({0: Fraction(1, 3), 1: Fraction(1, 2)}, Fraction(1, 6))

    Raises:
        ValueError: for a negative pool, more than ``MAX_DICE`` dice, or a depth out of range.
    """
    for what, n in (("attack dice", dice), ("defense dice", defense)):
        if not 0 <= n <= MAX_DICE:
            raise ValueError(f"{what} are 0 to {MAX_DICE}, not {n}")
    a_die, d_die = attack_die(ranged).keeping(HIT), defense_die().keeping(SAVE)
    hits = faces.count(faces.roll(faces.pool_of(a_die, dice), depth=depth), HIT)
    rolled = defense if dice else 0   # with no attack dice the defense roll changes nothing
    saves = faces.count(faces.roll(faces.pool_of(d_die, rolled), depth=depth), SAVE)
    wounds = faces.combine(hits, saves, lambda h, s: max(0, h - s))
    expected = wounds.expected(lambda w: w)
    mean_hits = dice * faces.expected_count(a_die, HIT)
    mean_saves = defense * faces.expected_count(d_die, SAVE)
    # W <= H, so the unresolved rolls add at most E[H; attack cut] + P(defense cut) E[H; kept]
    kept_hits = hits.expected(lambda h: h)
    bound = expected + (mean_hits - kept_hits) + saves.remainder * kept_hits
    return AttackOdds(dice, defense, ranged, depth, dict(wounds.outcomes), wounds.remainder,
                      expected, bound, mean_hits, mean_saves)


def defense_pool(hero: Hero, cards: Iterable[Upgrade]) -> int | None:
    """A hero's defense dice: its Defense plus every defense icon on its cards, exhausted or
    not (seed, *Ataque* step 5); None when the hero's Defense is unknown."""
    if hero.defense is None:
        return None
    return hero.defense + sum(card.defense or 0 for card in cards)
