"""Exact odds for Tales of Arcadia: attacks, die pools and roll-offs, as fractions.

Attack (seed, *Attacking*; *Cover*; *Keyworded Special Rules*), step by step:

1. Roll two d6, the Accuracy Die and the Power Die. The attack would hit when the Accuracy Die
   equals or exceeds the attacker's Accuracy.
2. Shroud: once per turn, when an attack would hit the defender, the attacker re-rolls the
   attack, both dice, and keeps the new roll (seed, *Basic Concepts: Re-roll*). The re-roll
   spends the Shroud for that turn whatever it shows.
3. Cover: when the attack would (still) hit a defender in cover, it misses on a 3-in-6 chance.
   The seed calls the 2-in-6 of some older supplements an error; 3-in-6 is used, always.
4. A hit wounds when the Power Die plus the attacker's Power equals or exceeds the defender's
   Defense: the defender loses one Wound point (one attack deals at most one wound).
5. A unit with 0 or fewer Wound points dies. Rise Again K:N: every time it would die, it does not
   on a K-in-N chance (it stays at 0 or fewer, and the next wound is another would-die).

``attack_odds`` gives the chance one attack hits, hits and wounds, and that N attacks kill a
defender with W wounds. Attacks are grouped in turns of ``attacks_per_turn`` (default 1: one
activation attacks once; Double Attack's two attacks in one activation make 2), because Shroud
works once per turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

SIDES = 6
COVER_MISS = Fraction(3, 6)
"""The seed's cover: 3-in-6 that a hit is automatically not a hit (never the erroneous 2:6)."""
MAX_ATTACKS = 1000
MAX_WOUNDS = 1000


def _at_least(target: int) -> Fraction:
    """Chance a d6 shows ``target`` or more."""
    faces = sum(1 for face in range(1, SIDES + 1) if face >= target)
    return Fraction(faces, SIDES)


def _exact(name: str, value: Fraction) -> dict[str, Any]:
    return {name: f"{value.numerator}/{value.denominator}",
            f"{name}_probability": float(value)}


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances of an attack; ``kill`` is for ``attacks`` attacks on ``wounds`` wounds."""

    accuracy: int
    power: int
    defense: int
    cover: bool
    shroud: bool
    attacks: int
    wounds: int
    rise_again: Fraction | None
    attacks_per_turn: int
    hit: Fraction
    """One attack (the first of a turn) hits."""
    wound: Fraction
    """One attack (the first of a turn) hits and wounds."""
    kill: Fraction
    """``attacks`` attacks deal the defender's ``wounds`` wounds and it stays dead."""
    expected_wounds: Fraction
    """Wounds the ``attacks`` attacks deal on average (Rise Again aside)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: the inputs, then each chance as an exact fraction string and a float."""
        return {
            "accuracy": self.accuracy, "power": self.power, "defense": self.defense,
            "cover": self.cover, "shroud": self.shroud, "attacks": self.attacks,
            "wounds": self.wounds, "attacks_per_turn": self.attacks_per_turn,
            "rise_again": (None if self.rise_again is None else
                           f"{self.rise_again.numerator}:{self.rise_again.denominator}"),
            **_exact("hit", self.hit), **_exact("wound", self.wound),
            **_exact("kill", self.kill),
            "expected_wounds": f"{self.expected_wounds.numerator}/"
                               f"{self.expected_wounds.denominator}",
            "expected_wounds_value": float(self.expected_wounds),
        }


def attack_odds(accuracy: int, power: int, defense: int, *, cover: bool = False,
                shroud: bool = False, attacks: int = 1, wounds: int = 1,
                rise_again: Fraction | None = None, attacks_per_turn: int = 1) -> AttackOdds:
    """Exact odds of an attack by a unit with ``accuracy`` and ``power`` on a unit with
    ``defense`` (in ``cover``, with ``shroud``), and that ``attacks`` attacks kill it when it
    has ``wounds`` wounds (and ``rise_again``, the chance that it does not die when it would).

    >>> attack_odds(4, 2, 5).wound
    Fraction(1, 3)
    """
    if not 1 <= attacks <= MAX_ATTACKS:
        raise ValueError(f"attacks must be between 1 and {MAX_ATTACKS}, not {attacks}")
    if not 1 <= wounds <= MAX_WOUNDS:
        raise ValueError(f"wounds must be between 1 and {MAX_WOUNDS}, not {wounds}")
    if not 1 <= attacks_per_turn <= MAX_ATTACKS:
        raise ValueError(f"attacks per turn must be at least 1, not {attacks_per_turn}")
    if rise_again is not None and not 0 <= rise_again <= 1:
        raise ValueError(f"a Rise Again chance is between 0 and 1, not {rise_again}")
    dice = _at_least(accuracy)
    through = 1 - COVER_MISS if cover else Fraction(1)
    wounding = _at_least(defense - power)
    # One attack, by whether the defender's Shroud is still unspent this turn:
    # (chance the Shroud gets spent, chance the attack wounds).
    fresh_spent = dice if shroud else Fraction(0)
    fresh_wound = (dice * dice if shroud else dice) * through * wounding
    spent_wound = dice * through * wounding
    hit = (dice * dice if shroud else dice) * through
    survive = rise_again or Fraction(0)
    # States: (wounds dealt, capped at ``wounds``; Shroud unspent this turn) -> chance alive.
    alive: dict[tuple[int, bool], Fraction] = {(0, shroud): Fraction(1)}
    dead = Fraction(0)
    expected = Fraction(0)
    for number in range(attacks):
        if number % attacks_per_turn == 0 and shroud:
            merged: dict[tuple[int, bool], Fraction] = {}
            for (dealt, _unspent), chance in alive.items():
                merged[(dealt, True)] = merged.get((dealt, True), Fraction(0)) + chance
            alive = merged
        step: dict[tuple[int, bool], Fraction] = {}
        for (dealt, unspent), chance in alive.items():
            outcomes: list[tuple[Fraction, bool, bool]]
            if unspent:
                # Spent and wounded; spent and not wounded; not spent (the dice missed).
                outcomes = [(fresh_wound, True, False), (fresh_spent - fresh_wound, False, False),
                            (1 - fresh_spent, False, True)]
            else:
                outcomes = [(spent_wound, True, False), (1 - spent_wound, False, False)]
            for weight, wounded, still in outcomes:
                if not weight:
                    continue
                share = chance * weight
                if not wounded:
                    step[(dealt, still)] = step.get((dealt, still), Fraction(0)) + share
                    continue
                expected += share
                if dealt + 1 >= wounds:
                    dead += share * (1 - survive)
                    if survive:
                        key = (wounds, still)
                        step[key] = step.get(key, Fraction(0)) + share * survive
                else:
                    step[(dealt + 1, still)] = step.get((dealt + 1, still), Fraction(0)) + share
        alive = step
    return AttackOdds(accuracy, power, defense, cover, shroud, attacks, wounds, rise_again,
                      attacks_per_turn, hit, fresh_wound, dead, expected)


def parse_rise_again(text: str) -> Fraction:
    """``"3:6"`` (also ``3/6``, ``3 in 6``) as the chance 1/2.

    Raises:
        ValueError: when the text is not a chance K:N with 0 <= K <= N.
    """
    from chronicle.systems.tales_of_arcadia.cards import read_chance

    chance = read_chance(text)
    if chance is None:
        raise ValueError(f"{text!r} is not a chance like 3:6")
    return Fraction(chance[0], chance[1])
