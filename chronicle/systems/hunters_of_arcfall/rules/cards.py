"""The rules a card obeys by itself, wherever it is entered: a hunter holds the rulebook's 3
wounds (The Hunters: "All of the Hunters of Arcfall can sustain up to 3 wounds ... Any hunter
that exceeds more than the allotted 3 wounds on their Hunter card is fatally wounded").

The card schema (``schema.HunterModel``) asks ``hunter_wounds`` about every hunter's ``wounds``,
so every reader of a card (card files, a game log's ``[[card]]`` tables, ``chronicle hunt
card``, the group's cards, an import or a restore) refuses the same card with the same code.
"""

from __future__ import annotations

from chronicle.rules.report import Fix, Violation, arg
from chronicle.systems.hunters_of_arcfall import WOUND_CAPACITY, codes

CARDS_KEYS = "enter it in Cards (1): g to Hunters of Arcfall's cards"
"""Where the app enters or corrects a card of this game (a fix's app form starts with it)."""
WOUNDS_SECTION = ("The Hunters: \"All of the Hunters of Arcfall can sustain up to 3 wounds\"")
"""The rulebook's words the wound capacity comes from."""


def hunter_wounds(name: str, wounds: int | None) -> Violation | None:
    """``card.hunter_wounds`` when a hunter card gives a wound capacity other than the
    rulebook's; None for 3 or a capacity left out (which is 3)."""
    if wounds is None or wounds == WOUND_CAPACITY:
        return None
    return codes.HUNTER_WOUNDS(
        f"the hunter {name} is given {wounds} wounds; every hunter holds {WOUND_CAPACITY} "
        f"({WOUNDS_SECTION}), so {wounds} would make the odds and the turns wrong",
        cards=[name],
        fix=Fix(f"leave the wounds of {name} out, or write {WOUND_CAPACITY}",
                cli=f"chronicle hunt card <game> {arg(name)} --kind hunter (without --wounds, "
                    f"or --wounds {WOUND_CAPACITY})",
                app=f"leave the wounds of {name} empty",
                file=f"wounds = {WOUND_CAPACITY}, or no wounds key"))
