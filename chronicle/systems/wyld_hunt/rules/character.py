"""Checking a whole character: creation (icon, points, court) and its chronicle, in one report.

The character's current state (Merits and Flaws after purchases, experience, Waylay bonus,
court) is derived here by replaying the ledger; nothing of it is stored anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from chronicle.rules.editions import find_edition
from chronicle.rules.lookup import CardLookup
from chronicle.rules.report import Report, arg
from chronicle.systems.wyld_hunt.cards import Card, Flaw, Icon, Kind, Merit
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
from chronicle.systems.wyld_hunt.editions import WyldHuntEdition
from chronicle.systems.wyld_hunt.rules.creation import (
    CourtState,
    PointsState,
    check_court,
    check_icon,
    check_points,
)
from chronicle.systems.wyld_hunt.rules.ledger import (
    LedgerState,
    replay,
    replay_steps,
    waylay_bonus,
)
from chronicle.systems.wyld_hunt.rules.resolve import Resolver
from chronicle.systems.wyld_hunt.rules.scores import Scores, effective_scores


@dataclass
class CharacterState:
    """Everything derived from a character's creation choices and chronicle."""

    build: CharacterBuild
    edition: WyldHuntEdition
    icon: Icon | None
    points: PointsState
    court: CourtState
    ledger: LedgerState

    @property
    def merits(self) -> list[Merit]:
        """The Merits the character has now."""
        return self.ledger.merits

    @property
    def flaws(self) -> list[Flaw]:
        """The Flaws the character has now (bought-off ones removed)."""
        return self.ledger.flaws

    @property
    def xp_earned(self) -> int:
        """Career experience, never reduced by spending."""
        return self.ledger.xp_earned

    @property
    def xp_spent(self) -> int:
        """Experience spent on Merits and on buying off Flaws."""
        return self.ledger.xp_spent

    @property
    def xp_unspent(self) -> int:
        """Experience available to spend."""
        return self.ledger.xp_earned - self.ledger.xp_spent

    @property
    def waylay_bonus(self) -> int:
        """Added to the Waylay rating of each quest the character undertakes next."""
        return waylay_bonus(self.ledger.xp_earned)

    @property
    def character_points(self) -> int:
        """Total character points: the cost of the Merits held, less the points a card says do
        not count (the Human male's Leader points). Decides who places a shared Unique League."""
        return sum(m.cost or 0 for m in self.merits) - self.points.uncounted

    @property
    def scores(self) -> Scores:
        """Might, Savvy, Resolve and Combat: base and effective, with the cards that change
        them. No play state is kept yet, so every Merit and Flaw held counts as active."""
        return effective_scores(self.icon, self.merits, self.flaws)

    def summary(self) -> dict[str, Any]:
        """The ``summary`` object of ``chronicle check --json`` for a character."""
        return {
            "name": self.build.name,
            "system": self.edition.key,
            "icon": self.icon.name if self.icon else None,
            "court": self.court.court.value if self.court.court else None,
            "seelie": self.court.seelie,
            "unseelie": self.court.unseelie,
            "points_start": self.points.start,
            "points_flaws": self.points.flaws,
            "points_extra": sum(p.effect.points or 0 for p in self.points.pools),
            "points_spent": self.points.spent,
            "points_needed": self.points.needed,
            "points_general": self.points.general,
            "points_over": self.points.over,
            "points_sources": self.points.sources(),
            "points_pools": self.points.pool_lines(),
            "points_unspent": self.points.unspent if self.points.complete else None,
            "points_complete": self.points.complete,
            "character_points": self.character_points,
            "xp_earned": self.xp_earned,
            "xp_spent": self.xp_spent,
            "xp_unspent": self.xp_unspent,
            "waylay_bonus": self.waylay_bonus,
            "quests_completed": list(self.ledger.quests_completed),
            "merits": [m.name for m in self.merits],
            "flaws": [f.name for f in self.flaws],
            "scores": self.scores.to_dict(),
        }


def _resolve_all(names: tuple[str, ...], kind: Kind, cls: type[Card], role: str,
                 res: Resolver) -> list[Any]:
    found = (res.card(name, kind, cls, role) for name in names)
    return [card for card in found if card is not None]


def check_character(build: CharacterBuild, catalog: CardLookup[Card]) -> tuple[Report,
                                                                            CharacterState]:
    """Check a character against the rules and derive its current state.

    Raises:
        ValueError: when ``build.system`` names no registered edition.
    """
    made = _creation(build, catalog)
    ledger = replay(build.events, made.merits, made.flaws, made.res)
    court = check_court(build, made.icon, made.merits, made.flaws, made.res)
    state = CharacterState(build, made.edition, made.icon, made.points, court, ledger)
    made.report.summary = state.summary()
    return made.report, state


def check_steps(build: CharacterBuild, catalog: CardLookup[Card]) -> Iterator[Report]:
    """``check_character``'s violations of the character with none of its events, then with
    its first 1, 2, ... events, from one replay of the chronicle (no summary): what an import
    needs to find the first event that broke a rule.

    The court is judged on the creation cards alone and reads no value the chronicle reads
    (``type`` and ``court`` against ``cost``, ``bonus`` and the quests'), so its violations are
    the same after every event: they are found once, on the resolver as creation left it.

    Raises:
        ValueError: when ``build.system`` names no registered edition.
    """
    made = _creation(build, catalog)
    aside = Resolver(catalog, Report())
    aside.subject = made.res.subject
    aside.recall(made.res.memory())
    check_court(build, made.icon, made.merits, made.flaws, aside)
    head, court = list(made.report.violations), aside.report.violations
    for violations in replay_steps(build.events, made.merits, made.flaws, made.res):
        yield Report([*head, *violations, *court])


@dataclass
class _Made:
    """A character's creation checked: the report so far and what the chronicle starts from."""

    edition: WyldHuntEdition
    report: Report
    res: Resolver
    icon: Icon | None
    merits: list[Merit]
    flaws: list[Flaw]
    points: PointsState


def _creation(build: CharacterBuild, catalog: CardLookup[Card]) -> _Made:
    edition = find_edition(build.system, WyldHuntEdition)
    if edition is None:
        raise ValueError(f"unknown system {build.system!r}")
    report = Report()
    res = Resolver(catalog, report)
    res.subject = arg(build.name) if build.name else "<character>"
    icon = check_icon(build, res)
    merits: list[Merit] = _resolve_all(build.merits, Kind.MERIT, Merit, "in merits", res)
    flaws: list[Flaw] = _resolve_all(build.flaws, Kind.FLAW, Flaw, "in flaws", res)
    res.duplicates(build.merits, "in merits")
    res.duplicates(build.flaws, "in flaws")
    points = check_points(build, edition, icon, merits, flaws, res)
    return _Made(edition, report, res, icon, merits, flaws, points)
