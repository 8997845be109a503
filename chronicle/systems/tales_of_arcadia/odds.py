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

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from chronicle.rules import faces
from chronicle.systems.tales_of_arcadia.cards import Keyword, Stats, read_chance, read_keyword

SIDES = 6
D6 = faces.numbered(SIDES)
D3 = faces.die([1, 1, 2, 2, 3, 3], name="d3")
"""The seed's d3: a d6 halved, rounding up."""
D2 = faces.die([1, 1, 1, 2, 2, 2], name="d2")
"""The seed's d2: a d6 read 1-3 as 1 and 4-6 as 2."""
DICE: dict[int, faces.Die] = {6: D6, 3: D3, 2: D2}
COVER_MISS = Fraction(3, 6)
"""The seed's cover: 3-in-6 that a hit is automatically not a hit (never the erroneous 2:6)."""
MAX_ATTACKS = 100
"""Most attacks in one calculation: exact fractions of more take seconds to compute."""
MAX_WOUNDS = 100


def _at_least(target: int, die: faces.Die = D6) -> Fraction:
    """Chance ``die`` (a d6) shows ``target`` or more."""
    return faces.at_least(faces.count(faces.roll(die)), target)


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
    """Wounds the ``attacks`` attacks deal on average (none after the defender is dead)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: the inputs, then each chance as an exact fraction string and a float."""
        return {
            "accuracy": self.accuracy, "power": self.power, "defense": self.defense,
            "cover": self.cover, "shroud": self.shroud, "attacks": self.attacks,
            "wounds": self.wounds, "attacks_per_turn": self.attacks_per_turn,
            "rise_again": (None if self.rise_again is None else
                           f"{self.rise_again.numerator}/{self.rise_again.denominator}"),
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
        raise ValueError(f"attacks per turn must be between 1 and {MAX_ATTACKS}, not "
                         f"{attacks_per_turn}")
    if rise_again is not None and not 0 <= rise_again <= 1:
        raise ValueError(f"a Rise Again chance is between 0 and 1, not {rise_again}")
    dice = _at_least(accuracy)
    # Shroud re-rolls an attack that would hit, once: the Accuracy Die re-rolled on a hit
    # (the Power Die is re-rolled with it, and is independent of it).
    shrouded = _at_least(accuracy, faces.rerolled(D6, lambda shown: shown[faces.VALUE]
                                                   >= accuracy))
    through = 1 - COVER_MISS if cover else Fraction(1)
    wounding = _at_least(defense - power)
    # One attack, by whether the defender's Shroud is still unspent this turn:
    # (chance the Shroud gets spent, chance the attack wounds).
    fresh_spent = dice if shroud else Fraction(0)
    fresh_wound = (shrouded if shroud else dice) * through * wounding
    spent_wound = dice * through * wounding
    hit = (shrouded if shroud else dice) * through
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
    chance = read_chance(text)
    if chance is None:
        raise ValueError(f"{text!r} is not a chance like 3:6")
    return Fraction(chance[0], chance[1])


# --- die pools ---------------------------------------------------------------------------------

_POOL = re.compile(r"^\s*([0-9]{1,3})\s*[dD]\s*([0-9]{1,3})\s*(?:([+-])\s*([0-9]{1,6}))?\s*$")


@dataclass(frozen=True, slots=True)
class PoolOdds:
    """The exact distribution of a die pool's total (seed, *Basic Concepts: Die Notation*)."""

    text: str
    dice: int
    sides: int
    modifier: int
    distribution: dict[int, Fraction]

    @property
    def lowest(self) -> int:
        """The smallest total."""
        return min(self.distribution)

    @property
    def highest(self) -> int:
        """The largest total."""
        return max(self.distribution)

    @property
    def mean(self) -> Fraction:
        """The average total."""
        return sum((total * p for total, p in self.distribution.items()), Fraction(0))

    def at_least(self, total: int) -> Fraction:
        """Chance of a total of ``total`` or more."""
        return sum((p for t, p in self.distribution.items() if t >= total), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: the pool, its range and mean, and each total with its exact chance and
        the chance of at least that total."""
        return {
            "pool": self.text, "dice": self.dice, "sides": self.sides,
            "modifier": self.modifier, "lowest": self.lowest, "highest": self.highest,
            "mean": f"{self.mean.numerator}/{self.mean.denominator}",
            "mean_value": float(self.mean),
            "totals": [{"total": total, **_exact("chance", p),
                        **_exact("at_least", self.at_least(total))}
                       for total, p in self.distribution.items()],
        }


def pool_odds(text: str) -> PoolOdds:
    """The exact distribution of a die pool written ``XdY`` or ``XdY+Z`` / ``XdY-Z`` with Y one
    of 6, 3 (a d6 halved, rounding up) and 2 (a d6 read 1-3 as 1, 4-6 as 2); the modifier is
    added to the total, not to each die.

    >>> pool_odds("2d6+1").distribution[8]
    Fraction(1, 6)

    Raises:
        ValueError: when the text is not such a pool (the message says why).
    """
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("a die pool is short text like 2d6+1")
    match = _POOL.match(text)
    if match is None:
        raise ValueError(f"{text!r} is not a die pool like 2d6+1, 3d3 or 1d2-1")
    count, sides = int(match.group(1)), int(match.group(2))
    if sides not in DICE:
        raise ValueError(f"{text!r}: the game rolls d6, d3 and d2, not d{sides}")
    if not 1 <= count <= faces.MAX_POOL:
        raise ValueError(f"{text!r}: a pool rolls 1 to {faces.MAX_POOL} dice, not {count}")
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    totals = faces.shifted(faces.count(faces.roll(faces.pool_of(DICE[sides], count))), modifier)
    shown = f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")
    return PoolOdds(shown, count, sides, modifier, dict(totals.outcomes))


# --- roll-offs ---------------------------------------------------------------------------------

MAX_PARTIES = 12


@dataclass(frozen=True, slots=True)
class RollOffOdds:
    """A roll-off among ``parties`` (seed, *Basic Concepts: Roll-Off*): each rolls 1d6 and the
    highest wins. The seed says nothing of ties; here the tied parties roll again (only they),
    as often as needed, so each party wins with the same chance."""

    parties: int
    win: Fraction
    """Each party's chance of winning."""
    decided_first: Fraction
    """Chance the first roll has a single highest result."""
    top_tie: dict[int, Fraction]
    """Chance the first roll's highest result is shared by exactly k parties (k >= 2)."""
    expected_rounds: Fraction
    """Rounds of rolling needed on average until the winner is known (re-rolls included)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"parties": self.parties, **_exact("win", self.win),
                **_exact("decided_first", self.decided_first),
                "expected_rounds": f"{self.expected_rounds.numerator}/"
                                   f"{self.expected_rounds.denominator}",
                "ties": "the seed leaves ties open; tied parties re-roll among themselves"}


def _top_tie(parties: int) -> dict[int, Fraction]:
    """Chance that exactly k of ``parties`` d6 share the highest result, for k = 1..parties."""
    out: dict[int, Fraction] = {}
    for k in range(1, parties + 1):
        ways = sum(comb(parties, k) * (top - 1) ** (parties - k) for top in range(1, SIDES + 1))
        out[k] = Fraction(ways, SIDES ** parties)
    return out


def roll_off_odds(parties: int) -> RollOffOdds:
    """Exact odds of a roll-off among ``parties`` parties (2 or more), ties re-rolled."""
    if not 2 <= parties <= MAX_PARTIES:
        raise ValueError(f"a roll-off has 2 to {MAX_PARTIES} parties, not {parties}")
    rounds: dict[int, Fraction] = {1: Fraction(0)}
    for n in range(2, parties + 1):
        tie = _top_tie(n)
        # E(n) = 1 + sum_k tie(k) E(k); the k = n term holds E(n) itself.
        known = sum((tie[k] * rounds[k] for k in range(2, n)), Fraction(0))
        rounds[n] = (1 + known) / (1 - tie[n])
    first = _top_tie(parties)
    return RollOffOdds(parties, Fraction(1, parties), first[1],
                       {k: p for k, p in first.items() if k >= 2}, rounds[parties])


@dataclass(frozen=True, slots=True)
class RollOff:
    """A roll-off played out: the parties from first to last and every roll made."""

    order: tuple[str, ...]
    rolls: tuple[dict[str, int], ...]
    """Each round of rolls: who rolled what (a re-roll round holds only the tied parties)."""


def roll_off(parties: Sequence[str], roll: Callable[[], int] | None = None) -> RollOff:
    """Play a roll-off: everyone rolls 1d6, highest first, then the second highest and so on;
    parties tied for a place roll again among themselves (the seed leaves ties open).
    ``roll`` gives one d6 result (default: a fair random d6)."""
    if len(parties) < 2 or len(set(parties)) != len(parties):
        raise ValueError("a roll-off needs two or more different parties")
    if len(parties) > MAX_PARTIES:
        raise ValueError(f"a roll-off has 2 to {MAX_PARTIES} parties, not {len(parties)}")
    one = roll or (lambda: random.randint(1, SIDES))
    rounds: list[dict[str, int]] = []

    def place(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        if len(rounds) > 10_000:
            raise RuntimeError("the roll-off does not end: the dice keep tying")
        results = {party: one() for party in group}
        if any(not 1 <= r <= SIDES for r in results.values()):
            raise ValueError("a d6 shows 1 to 6")
        rounds.append(results)
        ordered: list[str] = []
        for value in sorted(set(results.values()), reverse=True):
            ordered.extend(place([p for p in group if results[p] == value]))
        return ordered

    order = place(list(parties))
    return RollOff(tuple(order), tuple(rounds))


# --- one unit against another ------------------------------------------------------------------

def unit_attack_odds(attacker: Stats, defender: Stats, *, keywords: Iterable[Keyword],
                     attacker_keywords: Iterable[str] = (), defender_keywords: Iterable[str] = (),
                     cover: bool = False, attacks: int | None = None) -> AttackOdds:
    """The odds of one unit's attacks on another, from their resolved statistics and keywords
    (as a roster summary gives them): the defender's Shroud and Rise Again chance apply, its
    Wounds are the wounds to deal; with Double Attack the attacker makes two attacks in one
    activation (one turn, so the defender's Shroud works on the first only) unless ``attacks``
    says otherwise.

    Raises:
        ValueError: when a statistic needed is unknown, or the defender has no Wounds.
    """
    known = list(keywords)
    accuracy, power = attacker.accuracy, attacker.power
    defense, wounds = defender.defense, defender.wounds
    if accuracy is None or power is None or defense is None or wounds is None:
        needed = {"attacker's Accuracy": accuracy, "attacker's Power": power,
                  "defender's Defense": defense, "defender's Wounds": wounds}
        raise ValueError("unknown: " + ", ".join(n for n, v in needed.items() if v is None))
    if wounds < 1:
        raise ValueError(f"the defender has Wounds {wounds}: it is already dead")
    mine = {use.keyword.name for use in (read_keyword(t, known) for t in attacker_keywords)
            if use.keyword is not None}
    shroud, rise = False, None
    for text in defender_keywords:
        use = read_keyword(text, known)
        if use.keyword is None:
            continue
        if use.keyword.name == "Shroud":
            shroud = True
        elif use.keyword.parameter == "chance" and use.keyword.name == "Rise Again":
            rise = use.chance
    double = "Double Attack" in mine
    count = attacks if attacks is not None else (2 if double else 1)
    return attack_odds(accuracy, power, defense, cover=cover, shroud=shroud, attacks=count,
                       wounds=wounds, rise_again=rise, attacks_per_turn=2 if double else 1)
