"""Mending mistakes in the play group: renaming and deleting players, and the plan every
delete makes first (:class:`Removal`), whatever it deletes.

A delete that would break another record is refused and names that record: a player is
refused while any game keeps something of theirs, its records in the generic store and the
records that name them, and what a game keeps in tables of its own (``GameSystem.chronicles``:
its ``player_blockers``; Wyld Hunt's characters and seats, which that game mends itself on
the same :class:`Removal`).
``plan_*`` says beforehand what a delete would do and what the thing holds, for the fronts'
confirmation; ``delete_*`` re-plans inside its own transaction and refuses when the plan
changed meanwhile. Each change is one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from chronicle.domain.limits import name_problem
from chronicle.domain.values import name_key
from chronicle.errors import AlreadyExists, BadInput, Conflict, Refused
from chronicle.rules.report import arg
from chronicle.services.common import player_row
from chronicle.services.db import Database

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.models import PlayerRow
    from chronicle.services.players import PlayerInfo

Action = Literal["delete", "archive", "refuse"]


def _chronicles(system: str) -> Any:
    """The use cases of the game a character or game row belongs to, by the row's ``system``
    (``GameSystem.chronicles``: views checked by the game's rules, its catalog).

    Raises:
        Refused: that game keeps no characters or games.
    """
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found = registry.system(system)
    if found.chronicles is None:
        raise Refused(f"{found.label} keeps no characters or games to mend here")
    return load_name(found.chronicles)

SEAT_REFUSALS = frozenset({"collection.not_owned", "collection.shared_copy"})
"""Errors that refuse a seat change: the new character would need cards its player lacks."""
RESTORE_REFUSALS = SEAT_REFUSALS
"""Errors that refuse bringing back an archived character: its cards are now used by others."""


@dataclass(frozen=True)
class Removal:
    """What deleting a player, or anything a game keeps (a character, a game), does, and what
    it holds, worded for each front by the one who plans it.

    Attributes:
        subject: ``player``, or the game's word (``character``, ``game``): its command group.
        name: its name as stored.
        action: ``delete`` (gone for good), ``archive`` (hidden, restorable) or ``refuse``.
        holds: what it holds, in words ("3 events: 1 game, 2 purchases").
        blockers: the records a delete would break (why it is refused).
        fix: what to do first, when refused, on the command line.
        why: why it is archived rather than erased ("its result is recorded").
        hidden: what archiving takes away besides the lists (", its cards no longer in use").
        app_fix: ``fix`` in the app's keys (empty: ``fix``).
        app_why: ``why`` and what it means, in the app's terms (empty: hidden from the lists).
    """

    subject: str
    name: str
    action: Action
    holds: list[str] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    fix: str = ""
    why: str = ""
    hidden: str = ""
    app_fix: str = ""
    app_why: str = ""

    def describe(self) -> str:
        """One sentence for a confirmation (or a refusal)."""
        holds = "; ".join(self.holds) or "nothing else"
        if self.action == "refuse":
            return (f"{self.name} cannot be deleted: {'; '.join(self.blockers)}"
                    + (f" ({self.fix})" if self.fix else ""))
        if self.action == "archive":
            why = f" ({self.why})" if self.why else ""
            return (f"{self.name} will be archived, not erased{why}: "
                    f"hidden from the lists{self.hidden}, restorable with "
                    f"'chronicle {self.subject} restore-archived {arg(self.name)}'. It holds: "
                    f"{holds}.")
        return f"{self.name} will be deleted for good. It holds: {holds}."

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``--json``."""
        return {"subject": self.subject, "name": self.name, "action": self.action,
                "holds": self.holds, "blockers": self.blockers, "fix": self.fix,
                "message": self.describe()}


def clean_name(name: str, what: str) -> str:
    """``name`` with its spaces tidied, refused (``BadInput``) when it is no usable name."""
    problem = name_problem(name, what)
    if problem:
        raise BadInput(problem)
    return " ".join(name.split())


def expect(plan: Removal, expected: Action | None) -> Removal:
    """``plan`` when it may run: refused (``Refused``) when it refuses, a ``Conflict`` when it
    is no longer the ``expected`` action the user confirmed."""
    if plan.action == "refuse":
        raise Refused(plan.describe())
    if expected is not None and plan.action != expected:
        raise Conflict(f"{plan.name} changed meanwhile: it would now be {plan.action}d, not "
                       f"{expected}d; look again and confirm")
    return plan


def plural(count: int, word: str) -> str:
    """``"1 seat"``, ``"3 seats"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


# Players ---------------------------------------------------------------------------------------

def rename_player(db: Database, name: str, new_name: str) -> PlayerInfo:
    """Give a player another name; their cards and whatever they hold of each game stay
    theirs.

    Raises:
        BadInput: not a usable name. AlreadyExists: another player has it (case ignored).
    """
    from chronicle.persistence import repository as repo
    from chronicle.services.players import PlayerInfo, holdings, refuse_guest_mark

    clean = clean_name(new_name, "a player's name")
    refuse_guest_mark(clean)
    with db.transaction() as session:
        row = player_row(session, name)
        other = repo.find_player(session, clean)
        if other is not None and other.id != row.id:
            raise AlreadyExists(f"there is already a player called {other.name!r}")
        row.name, row.name_key = clean, name_key(clean)
        session.add(row)
        session.flush()
        assert row.id is not None
        cards = sum(o.count for o in repo.owned_cards(session, row.id, None))
        return PlayerInfo(row.name, cards, holdings(session).get(row.id, ()))


def _player_plan(session: Session, row: PlayerRow) -> Removal:
    from chronicle.persistence import repository as repo

    assert row.id is not None
    cards = sum(o.count for o in repo.owned_cards(session, row.id, None))
    holds = [f"a collection of {plural(cards, 'card')}"] if cards else []
    blockers, app_fixes = [], []
    for blocker, app_fix in _kept_by_games(session, row.id):
        blockers.append(blocker)
        app_fixes.append(app_fix)
    kept = _records_of(session, row.id)
    if kept:
        blockers.append("what they keep of other games: " + ", ".join(kept))
    from chronicle.services.playernames import naming

    named = naming(session, row.id)
    if named:  # a record names the player by id: deleting them would orphan it
        blockers.append("the group's records that name them: " + ", ".join(named))
    if kept or named:
        app_fixes.append("delete or archive those records in their games (5)")
    if blockers:
        return Removal("player", row.name, "refuse", holds, blockers,
                       "delete or archive those first, or rename the player",
                       app_fix=" and ".join(dict.fromkeys(app_fixes))
                       + " first, or rename the player (r)")
    return Removal("player", row.name, "delete", holds)


def _kept_by_games(session: Session, player_id: int) -> list[tuple[str, str]]:
    """What each game keeps of a player in tables of its own (``GameSystem.chronicles``:
    ``player_blockers(session, player_id)``, each blocker with what to do first in the
    app)."""
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    found: list[tuple[str, str]] = []
    for game in registry.systems():
        if game.chronicles is not None:
            found.extend(load_name(game.chronicles).player_blockers(session, player_id))
    return found


def _records_of(session: Session, player_id: int) -> list[str]:
    """A player's own records of every game (battle forces...), archived ones too, as
    "kind 'name'" for a refusal."""
    from chronicle.persistence.removals import records_of_player

    rows = records_of_player(session, player_id)
    return [f"{r.kind} {r.name!r}" + (" (archived)" if r.archived_at else "") for r in rows]


def plan_player_delete(db: Database, name: str) -> Removal:
    """What deleting a player would do: refused while a game keeps something of theirs."""
    with db.transaction() as session:
        return _player_plan(session, player_row(session, name))


def delete_player(db: Database, name: str) -> Removal:
    """Delete a player and their collection (refused while a game keeps something of theirs).

    Raises:
        Refused: naming what needs the player.
    """
    from chronicle.persistence.removals import erase_collection

    with db.transaction() as session:
        row = player_row(session, name)
        plan = expect(_player_plan(session, row), "delete")
        assert row.id is not None
        erase_collection(session, row.id)
        session.delete(row)
        return plan
