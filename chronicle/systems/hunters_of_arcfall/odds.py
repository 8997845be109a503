"""Exact odds of the next roll, from the die faces the user entered (``chronicle.rules.faces``).

``bust_odds``: rolling N dice with a hunter holding W wounds, the chance the roll fatally wounds
it (more wounds than it can hold: its turn ends and every captured bounty is discarded, The
Hunters; On Your Turn, step 5), the chance of at least k Hits for every k, and the chance of at
least k Hits *and* surviving the roll (Hits are placed before Wounds, step 4 then 5, so a bounty
captured on a fatal roll is lost). Heals rolled do not help on the roll that wounds: the fatal
check comes first (step 5 before step 6).

The die's face counts are not in the public record: until the user enters every count, the
answer is ``card.incomplete``, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from chronicle.rules import faces
from chronicle.rules.report import Fix, Violation, arg
from chronicle.systems.hunters_of_arcfall import DICE_IN_GAME, KEY, WOUND_CAPACITY, codes
from chronicle.systems.hunters_of_arcfall.cards import Card, Die, Hunter, Kind, Result
from chronicle.systems.hunters_of_arcfall.rules.cards import CARDS_KEYS
from chronicle.systems.hunters_of_arcfall.rules.replay import CardLookup


class Cards(CardLookup, Protocol):
    """A catalog that can also be listed (``chronicle.catalog.store.Catalog`` is one)."""

    def __iter__(self) -> Iterator[Card]: ...


class OddsInputError(ValueError):
    """Dice or wounds outside what the game allows; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class BustOdds:
    """The chances of the next roll."""

    dice: int
    wounds: int
    """Wounds the hunter holds before the roll."""
    capacity: int
    """Wounds the hunter can hold; one more is fatal."""
    die: str
    sides: int
    bust: Fraction
    """The roll fatally wounds the hunter."""
    wounds_rolled: dict[int, Fraction]
    hits_at_least: tuple[Fraction, ...]
    """Index k: at least k Hits (k = 0 .. dice)."""
    hits_and_safe: tuple[Fraction, ...]
    """Index k: at least k Hits and not fatally wounded."""

    @property
    def safe(self) -> Fraction:
        """The roll does not fatally wound the hunter."""
        return 1 - self.bust

    @property
    def fatal_at(self) -> int:
        """Wounds rolled that are fatal: this many or more."""
        return self.capacity - self.wounds + 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (``--json``): fractions as strings, with floats beside them."""
        return {
            "dice": self.dice, "wounds": self.wounds, "capacity": self.capacity,
            "die": self.die, "sides": self.sides, "fatal_at": self.fatal_at,
            "bust": str(self.bust), "bust_float": float(self.bust),
            "safe": str(self.safe),
            "wounds_rolled": {str(k): str(v) for k, v in self.wounds_rolled.items()},
            "hits_at_least": [str(p) for p in self.hits_at_least],
            "hits_and_safe": [str(p) for p in self.hits_and_safe],
        }


def die_from_counts(counts: dict[Result, int], name: str = "") -> faces.Die:
    """The generic die with ``counts[r]`` faces showing each result."""
    return faces.die([r.value for r in Result for _ in range(counts[r])], name=name)


def check_request(dice: int, wounds: int, capacity: int = WOUND_CAPACITY) -> None:
    """Refuse an impossible roll, whatever the catalog knows of the die.

    Raises:
        OddsInputError: dice outside 1..13, or wounds outside 0..capacity.
    """
    if not 1 <= dice <= DICE_IN_GAME:
        raise OddsInputError(f"the dice rolled are 1 to {DICE_IN_GAME} (the box has "
                             f"{DICE_IN_GAME}), not {dice}")
    if not 0 <= wounds <= capacity:
        raise OddsInputError(f"a hunter holds 0 to {capacity} wounds before a roll (more is "
                             f"already fatal), not {wounds}")


def bust_odds(counts: dict[Result, int], dice: int, wounds: int,
              capacity: int = WOUND_CAPACITY, die_name: str = "") -> BustOdds:
    """Exact odds for ``dice`` dice with these face counts, the hunter holding ``wounds`` of
    ``capacity``.

    Raises:
        OddsInputError: dice outside 1..13, wounds outside 0..capacity, or no face at all.
    """
    check_request(dice, wounds, capacity)
    if sum(counts.values()) <= 0:
        raise OddsInputError("the die has no face")
    one = die_from_counts(counts, die_name).keeping(Result.HIT.value, Result.WOUND.value)
    joint = faces.roll(faces.pool_of(one, dice)).map(
        lambda t: (t[Result.HIT.value], t[Result.WOUND.value]))
    fatal_at = capacity - wounds + 1
    wounds_rolled: dict[int, Fraction] = {}
    at_least = [Fraction(0)] * (dice + 1)
    safe_at_least = [Fraction(0)] * (dice + 1)
    bust = Fraction(0)
    for (hits, rolled), chance in joint.outcomes.items():
        wounds_rolled[rolled] = wounds_rolled.get(rolled, Fraction(0)) + chance
        fatal = rolled >= fatal_at
        if fatal:
            bust += chance
        for k in range(hits + 1):
            at_least[k] += chance
            if not fatal:
                safe_at_least[k] += chance
    return BustOdds(dice, wounds, capacity, die_name, sum(counts.values()), bust,
                    dict(sorted(wounds_rolled.items())), tuple(at_least), tuple(safe_at_least))


def odds_from_catalog(cards: Cards, dice: int, wounds: int, *, die: str | None = None,
                      hunter: str | None = None) -> tuple[BustOdds | None, list[Violation]]:
    """The odds with the catalog's die (the only die card, or the one named) for a hunter
    holding the rulebook's 3 wounds (The Hunters: every hunter; a card saying otherwise is
    refused where it is entered, ``card.hunter_wounds``, so ``hunter`` is only looked up).
    Returns the violations instead when a card is unknown or its faces are not entered yet.

    Raises:
        OddsInputError: an impossible roll (checked before any card, so the answer to
            ``--dice 99`` is the allowed range, never ``card.incomplete``).
    """
    found: list[Violation] = []
    capacity = WOUND_CAPACITY
    if hunter is not None and not isinstance(cards.get(hunter, Kind.HUNTER), Hunter):
        found.append(_unknown(cards, hunter, Kind.HUNTER))
    check_request(dice, wounds, capacity)
    chosen = _die(cards, die, found)
    if chosen is None:
        return None, found
    counts = chosen.faces
    if counts is None:
        missing = ", ".join(r.value for r in chosen.missing_faces) or "every result"
        found.append(codes.CARD_INCOMPLETE(
            f"The faces of {chosen.name} are unknown ({missing}): the odds need how many faces "
            "show each result, and the public record does not say",
            cards=[chosen.name], fix=_faces_fix(chosen.name)))
    if found or counts is None:
        return None, found
    return bust_odds(counts, dice, wounds, capacity, chosen.name), []


def _faces_fix(name: str) -> Fix:
    """How to enter a die's faces read off the die: a command, the app's card form, a file."""
    counts = ", ".join(f"{r.value}=N" for r in Result)
    return Fix(f"enter the faces of {name!r} read off the die",
               cli=f"chronicle cards new {arg(name)} --system {KEY} --kind die "
                   f"--faces \"{counts}\"",
               app=f"{CARDS_KEYS}: e on {name}, its faces",
               file=f"faces = {{ {counts.replace('=', ' = ')} }} for {name!r} in a card file")


def _die(cards: Cards, name: str | None, found: list[Violation]) -> Die | None:
    if name is not None:
        card = cards.get(name, Kind.DIE)
        if isinstance(card, Die):
            return card
        found.append(_unknown(cards, name, Kind.DIE))
        return None
    every = [c for c in cards if isinstance(c, Die)]
    if len(every) == 1:
        return every[0]
    found.append(codes.CARD_UNKNOWN(
        "No die card in the catalog" if not every else
        f"{len(every)} die cards in the catalog; say which one is rolled",
        fix="name the die" if every else Fix(
            "enter the die (kind = \"die\") in a card file",
            cli=f"chronicle cards new NAME --system {KEY} --kind die --faces "
                f"\"{', '.join(f'{r.value}=N' for r in Result)}\"",
            app=f"{CARDS_KEYS}: n, a die")))
    return None


def _unknown(cards: CardLookup, name: str, kind: Kind) -> Violation:
    hint = cards.suggest(name, kind)
    return codes.CARD_UNKNOWN(f"No {kind.value} card is called {name!r}"
                              + (f" (did you mean {hint!r}?)" if hint else ""),
                              cards=[name], fix=f"write {hint!r}" if hint else None)
