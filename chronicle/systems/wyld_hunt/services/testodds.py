"""``chronicle odds test CHARACTER WAYLAY``: a stored character's effective scores against a
Waylay of the catalog (bundled, the group's and the user's cards), in the character's edition.

Raises the services' errors: ``NotFound`` (exit 2) for a character or Waylay nobody has, with
the nearest name.
"""

from __future__ import annotations

from dataclasses import dataclass

from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.cards import TestType, Waylay
from chronicle.systems.wyld_hunt.rules.testodds import WaylayTest, waylay_test
from chronicle.systems.wyld_hunt.services.characters import CharacterView, show_character
from chronicle.systems.wyld_hunt.services.collection import resolve_card
from chronicle.systems.wyld_hunt.services.common import catalog


@dataclass(frozen=True)
class NamedTest:
    """A character's Tests against a Waylay, and where their numbers come from."""

    view: CharacterView
    result: WaylayTest
    edition_dice: bool
    """True when the dice are the character's edition's (no ``--dice`` given)."""


def named_test(db: Database, character: str, waylay: str, *, player: str | None = None,
               test: TestType | None = None, dice: int | None = None) -> NamedTest:
    """The odds of ``character``'s Tests against ``waylay`` (``waylay:Slavers`` names the
    kind), with every Merit and Flaw active (no play state is kept yet).

    Raises:
        NotFound: no such character, or no such Waylay (each with the nearest name).
    """
    view = show_character(db, character, player)
    card = resolve_card(catalog(), waylay, "waylay")
    assert isinstance(card, Waylay)
    rolled = dice if dice is not None else view.state.edition.dice
    result = waylay_test(view.state.scores, card, rolled, test)
    return NamedTest(view, result, dice is None)
