"""Turning card names into cards for any game: unknown names, wrong kinds and unknown values,
each reported once.

Card text supersedes the basic rules in every Arcadia game, so rules read every number from the
card; when a number is unknown they report the game's "incomplete" code once per card and value
instead of assuming zero. A game gives the :class:`Resolver` its four codes
(:class:`ResolverCodes`) and may override how a kind is named and how each fix is worded in the
terms of its fronts; the lookups, the once-only bookkeeping and the messages are shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from chronicle.rules.codes import Code
from chronicle.rules.lookup import CardLookup
from chronicle.rules.report import Fix, Report, Severity


class NamedCard(Protocol):
    """What the resolver reads of a card: its name and its kind."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...


C = TypeVar("C", bound=NamedCard)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ResolverCodes:
    """The game's codes for the four things a resolver reports."""

    unknown: Code
    """A name matches no card of the kind asked for, nor of any other kind."""
    wrong_kind: Code
    """A name is a card of another kind."""
    incomplete: Code
    """A rule needs a value that is unknown for this card."""
    duplicate: Code
    """The same card is taken more than once in one list."""


def fold(name: str) -> str:
    """The key two spellings of one card name share for duplicate counting."""
    return name.casefold().strip()


class Resolver(Generic[C]):
    """Looks cards up for one check, recording problems in its report (each unknown card, and
    each unknown value of a card, once)."""

    def __init__(self, catalog: CardLookup[C], report: Report, codes: ResolverCodes) -> None:
        self.catalog = catalog
        self.report = report
        self.codes = codes
        self.subject = "<character>"
        """What is being checked, as fixes name it (a placeholder where there is none)."""
        self._incomplete: set[tuple[str, str]] = set()
        self._unknown: set[tuple[str, str]] = set()
        self.flagged: set[tuple[str, str]] = set()
        """(rule, card name) pairs already reported, for rules that report a card once."""

    def memory(self) -> tuple[frozenset[tuple[str, str]], ...]:
        """What was reported once so far (to come back to with ``recall``: a replay that goes
        back before an event)."""
        return frozenset(self._incomplete), frozenset(self._unknown), frozenset(self.flagged)

    def recall(self, memory: tuple[frozenset[tuple[str, str]], ...]) -> None:
        """Forget what was reported once since ``memory`` was taken."""
        incomplete, unknown, flagged = memory
        self._incomplete, self._unknown, self.flagged = set(incomplete), set(unknown), \
            set(flagged)

    # --- wording a game may override ---------------------------------------------------------

    def article(self, kind: str) -> str:
        """The kind with its article: "an icon", "a merit"."""
        word = str(kind)
        return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"

    def unknown_fix(self, name: str, kind: str) -> str | Fix:
        """How to fix an unknown card with no near-miss spelling."""
        return f"check the spelling of {name!r}, or add it as a {kind} card of your own"

    def incomplete_fix(self, card: C, field: str) -> str | Fix:
        """How to fill in an unknown value."""
        return f"fill in {card.name}'s {field} from the physical card"

    # --- lookups -------------------------------------------------------------------------------

    def card(self, name: str, kind: str, cls: type[T], role: str) -> T | None:
        """The ``kind`` card called ``name``, or None after reporting why not (once per name
        and kind).

        Args:
            cls: the class the card must be (the game's class for ``kind``).
            role: where the name was found, for the message ("in merits", "as a Treasure").
        """
        found = self.catalog.get(name, kind)
        if found is not None:
            assert isinstance(found, cls)
            return found
        if (name, str(kind)) in self._unknown:
            return None
        self._unknown.add((name, str(kind)))
        others = self.catalog.named(name)
        if others:
            other = others[0]
            self.report.add(self.codes.wrong_kind(
                f"{other.name!r} {role} is {self.article(other.kind)} card, "
                f"not {self.article(kind)} card", [other.name],
                fix=f"move {other.name!r} to the list where {self.article(other.kind)} "
                    "card belongs"))
            return None
        near = self.catalog.suggest(name, kind)
        fix = f"did you mean {near!r}?" if near else self.unknown_fix(name, kind)
        self.report.add(self.codes.unknown(f"No {kind} card is called {name!r} ({role})",
                                           [name], fix=fix))
        return None

    def need(self, card: C, field: str, purpose: str,
             severity: Severity | None = None) -> Any:
        """The value of ``field`` on ``card``; reports it incomplete when it is unknown."""
        value = getattr(card, field)
        if value is None:
            self.incomplete(card, field, purpose, severity)
        return value

    def incomplete(self, card: C, field: str, purpose: str,
                   severity: Severity | None = None) -> None:
        """Report (once per card and value) that ``field`` of ``card`` is unknown."""
        if (card.name, field) in self._incomplete:
            return
        self._incomplete.add((card.name, field))
        self.report.add(self.codes.incomplete(
            f"{card.name!r} has no known {field}, needed {purpose}", [card.name],
            fix=self.incomplete_fix(card, field), severity=severity))

    def duplicates(self, names: Sequence[str], where: str) -> None:
        """Warn about each card listed more than once."""
        seen: dict[str, int] = {}
        for name in names:
            key = fold(name)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 2:
                self.report.add(self.codes.duplicate(
                    f"{name!r} is taken more than once {where}", [name],
                    fix=f"remove the extra {name!r} unless you mean to use two copies"))
