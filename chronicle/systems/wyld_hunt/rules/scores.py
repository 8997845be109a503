"""A character's effective scores: each Test's base attribute plus the changes of the Merits and
Flaws in force, and which cards make the difference.

The rulebook's sources:

- Attributes: "Your Attributes (Might, Savvy and Resolve) are all detailed" on the Character
  Icon, and "Combat: Allies and Waylays [may] have a Combat Attribute; characters do not.
  Characters use their Might Attribute for all Combat Tests and Trials" (The Character Pack:
  Character Icon Cards). So a character's Combat base is its Might, and a change to Might counts
  in Combat Tests too; a change to Combat (a weapon) counts in Combat Tests only, as in the
  Example of Play: "Annoyicus has a Might of 2, plus the value of his Sidhe Sword permanent
  Treasure, which gives him a total Combat value of 3".
- Tests: "Tests are resolved by rolling a [six-sided] die and adding the result to your base
  Attribute" (Tests and Trials: Tests).
- Exhausted cards: "While a Merit is exhausted you do not benefit from any of its effects"
  (Exhausting and Recovering Merits) and "When a Flaw is exhausted, a character can no longer
  suffer from its effects until the next game" (Exhausting and Recovering Flaws). A change marked
  ``always`` holds even then: the card's own text says so, and "Rules on individual game cards
  supersede the basic game rules" (Playing This Game). Discarded Merits are not the character's
  to count at all.

No play state is kept yet, so a built character (``chronicle character show``) has every Merit
and Flaw active, as at the start of a game ("Your Merit Cards are placed face up (unexhausted)
in front of you. Your Flaw Cards are given to your opponent and placed face up", Setting the
Stage, 1). The rule takes the exhausted cards as an argument for play to pass.

Nothing is guessed: a card whose changes nobody knows leaves every effective score unknown
(it might change any of them), and the cards to fill in are named; so does an unknown base.
"""

from __future__ import annotations

import shlex
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from chronicle.systems.wyld_hunt.cards import Flaw, Icon, Merit, TestType, When

SCORES: tuple[TestType, ...] = (TestType.MIGHT, TestType.SAVVY, TestType.RESOLVE,
                                TestType.COMBAT)
"""The four scores, in the rulebook's order of Tests."""


def possessive(name: str) -> str:
    """``"Fuddle's"``, ``"Forest Spiders'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class Unknown(NamedTuple):
    """A value a score or a Test needs that nobody knows yet."""

    card: str | None
    """The card that lacks it; None when the character has no Icon."""
    kind: str
    """``icon``, ``merit``, ``flaw`` or ``waylay``."""
    value: str
    """``score_changes``, ``tests``, or an Attribute (``might``)."""

    def describe(self) -> str:
        """``"Fuddle's score changes"``, ``"Manticora's Combat"``, ``"the Character Icon"``."""
        if self.card is None:
            return "the Character Icon"
        what = {"score_changes": "score changes", "tests": "Test types"}.get(
            self.value, self.value.title())
        return f"{possessive(self.card)} {what}"

    def fix(self) -> str | None:
        """The command that fills it in from the physical card (None: no Icon, say which)."""
        if self.card is None:
            return None
        head = f"chronicle cards new {shlex.quote(self.card)} --kind {self.kind}"
        if self.value == "score_changes":
            return f"{head} --score-changes CHANGES  (e.g. 'Might+1', or 'none')"
        if self.value == "tests":
            return f"{head} --tests TESTS  (e.g. might,combat)"
        return f"{head} --{self.value} N"


@dataclass(frozen=True, slots=True)
class Contribution:
    """One card's change to one score."""

    card: str
    kind: str
    """``merit`` or ``flaw``."""
    change: int
    via: TestType
    """The attribute the card changes (Might for a Might change counted in Combat)."""
    when: When

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape."""
        return {"card": self.card, "kind": self.kind, "change": self.change,
                "attribute": self.via.value, "when": self.when.value}

    def describe(self) -> str:
        """``"Sidhe Sword +1"``, ``"Belt of Troll Strength +1 (Might)"`` in a Combat line."""
        return f"{self.card} {self.change:+d}"


@dataclass(frozen=True, slots=True)
class Score:
    """One score: its base, the known changes in force, and what is not known."""

    attribute: TestType
    base: int | None
    """The Icon's Attribute (Might for Combat); None when unknown or there is no Icon."""
    contributions: tuple[Contribution, ...]
    unknown: tuple[Unknown, ...]
    """Active cards whose score changes are unknown: any of them might change this score."""
    icon: str | None = None
    """The Icon's name (for what an unknown base lacks)."""

    @property
    def unknown_cards(self) -> tuple[str, ...]:
        """The names of the active cards whose score changes are unknown."""
        return tuple(u.card for u in self.unknown if u.card is not None)

    @property
    def effective(self) -> int | None:
        """Base plus every change in force; None while the base or a card's changes are
        unknown."""
        if self.base is None or self.unknown_cards:
            return None
        return self.base + sum(c.change for c in self.contributions)

    @property
    def known(self) -> bool:
        """True when the effective score is known."""
        return self.effective is not None

    def unknowns(self) -> list[Unknown]:
        """What is missing: the Icon's Attribute (or the Icon), then the cards' changes."""
        missing = []
        if self.base is None:
            base = TestType.MIGHT if self.attribute is TestType.COMBAT else self.attribute
            missing.append(Unknown(self.icon, "icon", base.value))
        return missing + list(self.unknown)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: base, effective (null when unknown), the cards making the
        difference and the cards whose changes are unknown."""
        return {"attribute": self.attribute.value, "base": self.base,
                "effective": self.effective,
                "difference": sum(c.change for c in self.contributions),
                "cards": [c.to_dict() for c in self.contributions],
                "unknown_cards": list(self.unknown_cards)}


@dataclass(frozen=True, slots=True)
class Scores:
    """A character's four effective scores."""

    icon: str | None
    scores: dict[TestType, Score] = field(default_factory=dict)
    exhausted: tuple[str, ...] = ()
    """The cards counted as exhausted (their ``active`` changes left out)."""

    def __getitem__(self, attribute: TestType) -> Score:
        return self.scores[attribute]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: one object per score, by name."""
        return {a.value: s.to_dict() for a, s in self.scores.items()}


def effective_scores(icon: Icon | None, merits: Sequence[Merit], flaws: Sequence[Flaw],
                     exhausted: Collection[str] = ()) -> Scores:
    """Each score's base and effective value with the cards that change it.

    ``exhausted`` names the Merits and Flaws exhausted now (case-insensitively): only their
    ``always`` changes count, and an exhausted card whose changes are unknown leaves nothing
    unknown (its effects are not in force). With no play state every card is active.
    """
    down = {name.casefold() for name in exhausted}
    bases: dict[TestType, int | None] = {
        TestType.MIGHT: icon.might if icon else None,
        TestType.SAVVY: icon.savvy if icon else None,
        TestType.RESOLVE: icon.resolve if icon else None,
    }
    bases[TestType.COMBAT] = bases[TestType.MIGHT]
    found: dict[TestType, list[Contribution]] = {a: [] for a in SCORES}
    unknown: list[Unknown] = []
    cards: list[Merit | Flaw] = [*merits, *flaws]
    for card in cards:
        is_down = card.name.casefold() in down
        if card.score_changes is None:
            lacking = Unknown(card.name, card.kind.value, "score_changes")
            if not is_down and lacking not in unknown:
                unknown.append(lacking)
            continue
        for change in card.score_changes:
            if is_down and change.when is not When.ALWAYS:
                continue
            made = Contribution(card.name, card.kind.value, change.change, change.attribute,
                                change.when)
            found[change.attribute].append(made)
            if change.attribute is TestType.MIGHT:  # characters fight with their Might
                found[TestType.COMBAT].append(made)
    shown = tuple(c.name for c in cards if c.name.casefold() in down)
    return Scores(icon.name if icon else None,
                  {a: Score(a, bases[a], tuple(found[a]), tuple(unknown),
                            icon.name if icon else None) for a in SCORES},
                  shown)


def score_lines(scores: Scores) -> list[str]:
    """One line per score for a terminal: ``"Combat    2 -> 3  (Sidhe Sword +1)"`` (the base
    alone when no card changes it, ``-> ?`` while unknown), then one line naming the cards whose
    changes are unknown, with the command that fills one in."""
    lines = []
    for attribute, score in scores.scores.items():
        base = "?" if score.base is None else str(score.base)
        what = "; ".join(_describe(c, attribute) for c in score.contributions)
        shown = "?" if score.effective is None else str(score.effective)
        head = f"{attribute.value.title():<8}{base:>3}"
        if what or score.effective is None:
            head += f" -> {shown}"
        lines.append(head + (f"  ({what})" if what else ""))
    first = scores[TestType.MIGHT]
    if first.base is None:
        lines.append(f"Not known: {first.unknowns()[0].describe()}")
    if first.unknown:
        lines.append(f"Score changes not known yet: {', '.join(first.unknown_cards)}; fill each "
                     f"in from its card: {first.unknown[0].fix()}")
    return lines


def _describe(contribution: Contribution, attribute: TestType) -> str:
    text = contribution.describe()
    if contribution.via is not attribute:
        text += f" ({contribution.via.value.title()})"
    if contribution.when is When.ALWAYS:
        text += " always"
    return text
