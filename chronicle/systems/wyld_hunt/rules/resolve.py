"""Turning card names into cards, reporting unknown names, wrong kinds and missing values.

Card text supersedes the basic rules (the golden rule), so the rules read every number from the
card; when a number is unknown they report ``card.incomplete`` once per card and value instead of
assuming zero.
"""

from __future__ import annotations

from typing import Any, TypeVar

from chronicle.rules.lookup import CardLookup
from chronicle.rules.report import Fix, Report, Severity, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import Card, Kind

C = TypeVar("C", bound=Card)

_ARTICLE = {Kind.ICON: "an icon", Kind.MERIT: "a merit", Kind.FLAW: "a flaw",
            Kind.QUEST: "a quest", Kind.LEAGUE: "a league", Kind.WAYLAY: "a waylay"}


class Resolver:
    """Looks cards up for one check, recording problems in its report."""

    def __init__(self, catalog: CardLookup[Card], report: Report) -> None:
        self.catalog = catalog
        self.report = report
        self.subject = "<character>"
        """The character being checked, as fixes name it (a placeholder in a game setup)."""
        self._incomplete: set[tuple[str, str]] = set()
        self._unknown: set[tuple[str, Kind]] = set()
        self.flagged: set[tuple[str, str]] = set()
        """(rule, card name) pairs already reported, for rules that report a card once."""

    def card(self, name: str, kind: Kind, cls: type[C], role: str) -> C | None:
        """The ``kind`` card called ``name``, or None after reporting why not.

        Args:
            role: where the name was found, for the message ("in merits", "as a Treasure").
        """
        found = self.catalog.get(name, kind)
        if found is not None:
            assert isinstance(found, cls)
            return found
        if (name, kind) in self._unknown:
            return None
        self._unknown.add((name, kind))
        others = self.catalog.named(name)
        if others:
            other = others[0]
            self.report.add(codes.CARD_WRONG_KIND(
                f"{other.name!r} {role} is {_ARTICLE[Kind(other.kind)]} card, "
                f"not {_ARTICLE[kind]} card", [other.name],
                fix=f"move {other.name!r} to the list where {_ARTICLE[Kind(other.kind)]} "
                    "card belongs"))
            return None
        near = self.catalog.suggest(name, kind)
        fix: str | Fix = (f"did you mean {near!r}?" if near else Fix(
            f"add {name!r} as a card of your own, with the values of the physical card",
            cli=f"chronicle cards new {arg(name)} --kind {kind.value} ... (the values printed "
                "on the card)",
            app="press 1 (Cards), then n, and fill in the card",
            file=f"add it as a [[card]] with kind = \"{kind.value}\" and its values from the "
                 "physical card"))
        self.report.add(codes.CARD_UNKNOWN(f"No {kind.value} card is called {name!r} ({role})",
                                           [name], fix=fix))
        return None

    def need(self, card: Card, field: str, purpose: str,
             severity: Severity | None = None) -> Any:
        """The value of ``field`` on ``card``; reports ``card.incomplete`` when it is unknown."""
        value = getattr(card, field)
        if value is None:
            self.incomplete(card, field, purpose, severity)
        return value

    def incomplete(self, card: Card, field: str, purpose: str,
                   severity: Severity | None = None) -> None:
        """Report (once per card and value) that ``field`` of ``card`` is unknown."""
        if (card.name, field) in self._incomplete:
            return
        self._incomplete.add((card.name, field))
        self.report.add(codes.CARD_INCOMPLETE(
            f"{card.name!r} has no known {field}, needed {purpose}", [card.name],
            fix=Fix(f"fill in {card.name}'s {field} from the physical card",
                    cli=f"chronicle cards new {arg(card.name)} --kind {card.kind} "
                        f"--{field.replace('_', '-')} <value>",
                    app=f"press 1 (Cards), select {card.name}, press e and fill in {field}",
                    file=f"a [[card]] correction with name = {card.name!r}, "
                         f"kind = \"{card.kind}\" and {field} = <value>"),
            severity=severity))

    def duplicates(self, names: tuple[str, ...] | list[str], where: str) -> None:
        """Warn about each card listed more than once."""
        seen: dict[str, int] = {}
        for name in names:
            key = name.casefold().strip()
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 2:
                self.report.add(codes.CARD_DUPLICATE(
                    f"{name!r} is taken more than once {where}", [name],
                    fix=f"remove the extra {name!r} unless you mean to use two copies"))
