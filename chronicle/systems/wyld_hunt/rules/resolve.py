"""Wyld Hunt's card resolver: the generic :class:`chronicle.rules.resolve.Resolver` with the
game's codes, its kinds' articles and its fixes in the terms of each front.

Card text supersedes the basic rules (the golden rule), so the rules read every number from the
card; when a number is unknown they report ``card.incomplete`` once per card and value instead of
assuming zero.
"""

from __future__ import annotations

from chronicle.rules import resolve
from chronicle.rules.lookup import CardLookup
from chronicle.rules.report import Fix, Report, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import Card, Kind

_ARTICLE = {Kind.ICON: "an icon", Kind.MERIT: "a merit", Kind.FLAW: "a flaw",
            Kind.QUEST: "a quest", Kind.LEAGUE: "a league", Kind.WAYLAY: "a waylay"}

CODES = resolve.ResolverCodes(unknown=codes.CARD_UNKNOWN, wrong_kind=codes.CARD_WRONG_KIND,
                              incomplete=codes.CARD_INCOMPLETE, duplicate=codes.CARD_DUPLICATE)
"""The four codes the Wyld Hunt resolver reports."""


class Resolver(resolve.Resolver[Card]):
    """Looks Wyld Hunt cards up for one check, recording problems in its report."""

    def __init__(self, catalog: CardLookup[Card], report: Report) -> None:
        super().__init__(catalog, report, CODES)

    def article(self, kind: str) -> str:
        """"an icon", "a merit", ... for the six Wyld Hunt kinds."""
        return _ARTICLE[Kind(kind)]

    def unknown_fix(self, name: str, kind: str) -> Fix:
        """Add the card as the user's own, with the values printed on it."""
        value = Kind(kind).value
        return Fix(
            f"add {name!r} as a card of your own, with the values of the physical card",
            cli=f"chronicle cards new {arg(name)} --kind {value} ... (the values printed "
                "on the card)",
            app="press 1 (Cards), then n, and fill in the card",
            file=f"add it as a [[card]] with kind = \"{value}\" and its values from the "
                 "physical card")

    def incomplete_fix(self, card: Card, field: str) -> Fix:
        """Fill the value in from the physical card, on whichever front."""
        return Fix(f"fill in {card.name}'s {field} from the physical card",
                   cli=f"chronicle cards new {arg(card.name)} --kind {card.kind} "
                       f"--{field.replace('_', '-')} <value>",
                   app=f"press 1 (Cards), select {card.name}, press e and fill in {field}",
                   file=f"a [[card]] correction with name = {card.name!r}, "
                        f"kind = \"{card.kind}\" and {field} = <value>")
