"""The odds of a character's Test against a Waylay: the effective score the Test uses, the
Waylay's Attribute for it and the edition's dice, or what is unknown.

The rulebook's sources:

- "Tests are always opposed ... Might Tests are based on the character or Waylay's Might
  Attribute ... Combat Tests are special. A character uses his/her Might Attribute against a
  Waylay's Combat Attribute" and "Tests are resolved by rolling a [six-sided] die and adding the
  result to your base Attribute ... Your opponent rolls for the Waylay and adds the result to the
  Waylay's base Attribute ... If your score is higher, you are victorious ... If there is a tie
  ... the Waylay remains in play" (Tests and Trials: Tests). King Ironheart's Madness rolls two
  dice (the edition, ``chronicle.systems.wyld_hunt.editions``).
- "The symbols on top of a Waylay Card identify the types of Tests required ... If a Waylay has
  two Tests listed, the character encountering it can choose which Test to face" (Waylay Cards:
  Test): every Test listed is worked out, for the player to choose.
- "Waylays are resolved based on the Attributes listed on them, unless you have a Merit that
  allows you to change the nature of a Waylay. Waylays that list no number for a specific
  Attribute can never be changed into Waylays of that Attribute type" (Waylay Cards): a Test
  asked for by name is worked out when the Waylay prints a number for it, and refused when the
  card prints none.
- The Waylay rating ("Waylays are ranked by their potency", Waylay Cards: Waylay Rating) is
  shown but plays no part in a Test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.rules.dice import TestOdds, test_odds
from chronicle.systems.wyld_hunt.cards import NOT_PRINTED, TestType, Waylay
from chronicle.systems.wyld_hunt.rules.scores import Score, Scores, Unknown


@dataclass(frozen=True, slots=True)
class TestLine:
    """One Test the character may face against the Waylay."""

    test: TestType
    score: Score
    theirs: int | None
    odds: TestOdds | None
    unknown: tuple[Unknown, ...]
    """What is not known (Manticora's Combat, Fuddle's score changes)."""
    refused: str | None = None
    """Why this Test can never be faced (the Waylay prints no number for it)."""
    listed: bool = True
    """False for a Test asked for that the card does not list (a Merit changes its nature)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape: exact fractions as strings, with floats beside them."""
        data: dict[str, Any] = {
            "test": self.test.value, "listed": self.listed, "base": self.score.base,
            "mine": self.score.effective, "theirs": self.theirs,
            "cards": [c.to_dict() for c in self.score.contributions],
            "unknown": [u.describe() for u in self.unknown], "refused": self.refused}
        if self.odds is not None:
            data.update({"win": str(self.odds.win), "tie": str(self.odds.tie),
                         "lose": str(self.odds.lose), "win_probability": float(self.odds.win),
                         "tie_probability": float(self.odds.tie),
                         "lose_probability": float(self.odds.lose)})
        return data


@dataclass(frozen=True, slots=True)
class WaylayTest:
    """Every Test a character may face against one Waylay."""

    waylay: Waylay
    dice: int
    lines: tuple[TestLine, ...]
    unknown: tuple[Unknown, ...]
    """What is not known about the Waylay as a whole (its Test types)."""

    @property
    def complete(self) -> bool:
        """True when every Test was worked out (nothing unknown, nothing refused)."""
        return not self.unknown and bool(self.lines) and all(
            line.odds is not None for line in self.lines)


def waylay_test(scores: Scores, waylay: Waylay, dice: int,
                test: TestType | None = None) -> WaylayTest:
    """The odds of each Test ``waylay`` lists (or only ``test``), with the character's
    effective ``scores`` and ``dice`` dice a side; unknown values are named, never guessed."""
    if test is not None:
        tests: tuple[TestType, ...] = (test,)
    elif waylay.tests:
        tests = waylay.tests
    else:
        return WaylayTest(waylay, dice, (), (Unknown(waylay.name, "waylay", "tests"),))
    lines = []
    for kind in tests:
        score = scores[kind]
        printed = getattr(waylay, kind.value)
        listed = waylay.tests is None or kind in waylay.tests
        if printed == NOT_PRINTED:
            lines.append(TestLine(kind, score, None, None, (), refused=(
                f"{waylay.name} prints no {kind.value.title()} number, so it can never be a "
                f"{kind.value.title()} Test"), listed=listed))
            continue
        theirs = printed if isinstance(printed, int) else None
        unknown = score.unknowns()
        if theirs is None:
            unknown.append(Unknown(waylay.name, "waylay", kind.value))
        mine = score.effective
        odds = test_odds(mine, theirs, dice) if mine is not None and theirs is not None \
            else None
        lines.append(TestLine(kind, score, theirs, odds, tuple(unknown), listed=listed))
    return WaylayTest(waylay, dice, tuple(lines), ())
