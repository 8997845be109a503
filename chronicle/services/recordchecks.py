"""The rules side of the generic record store (``chronicle.services.recordstore``): what a record
check of a game is given (its context), the game's report on a record, the replay of a whole
history as every write of it was checked (``first_breach``, once, linear in its length), and
how a violation is said in a line or a refusal. Each function is re-exported by
``chronicle.services.recordstore``, where the games and services find them.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.errors import Refused
from chronicle.rules.report import Front, Report, Severity, Violation

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.systems.protocol import RecordContext, RecordKind


def record_context(session: Session, game: str) -> RecordContext:
    """What a record check of ``game`` is given besides the record: the user's card folder
    for the game and the group's cards of the game (read in ``session``)."""
    from chronicle import paths
    from chronicle.persistence import repository as repo
    from chronicle.systems.protocol import RecordContext

    return RecordContext(user_cards_dir=paths.user_cards_dir(game),
                         group_cards=tuple(d for _id, _v, d in repo.group_cards(session, game)))


def _given(session: Session | None, game: str, given: RecordContext | None,
           ) -> RecordContext:
    if given is not None:
        return given
    assert session is not None, "a record check needs a session or a context"
    return record_context(session, game)


def check_record(session: Session | None, game: str, spec: RecordKind, data: dict[str, Any],
                 events: list[dict[str, Any]], given: RecordContext | None = None) -> Report:
    """The game's report on a record (``RecordKind.check``), with the context it may need
    (``given``, else ``record_context`` read in ``session``)."""
    from chronicle.systems.protocol import load_name

    check: Callable[..., Report] = load_name(spec.check)
    return check(copy.deepcopy(data), copy.deepcopy(events), _given(session, game, given))


def first_breach(session: Session | None, game: str, spec: RecordKind, data: dict[str, Any],
                 events: list[dict[str, Any]], given: RecordContext | None = None,
                 ) -> tuple[int, list[Violation]] | None:
    """Replay a record as every write of it was checked: its data alone, then each event in
    turn. The first step that brings an error the step before did not have, as (0 for the
    data, else the event's 1-based number, its new violations); None when there is none.
    ``given``: the context (an import's), else read in ``session``. The history is replayed
    once (``recordsteps.reports``: the game's ``steps``, else its check per prefix)."""
    from chronicle.services.recordsteps import reports

    before = Report()
    for index, after in enumerate(reports(spec, data, events,
                                          _given(session, game, given))):
        fresh = new_errors(before, after)  # an event undone later was still refused
        if fresh:
            return index, fresh
        before = after
    return None


def new_errors(before: Report, after: Report) -> list[Violation]:
    """Errors of ``after`` that ``before`` did not have (compared by code and cards)."""
    seen = Counter((v.code, v.cards) for v in before.violations
                   if v.severity is Severity.ERROR)
    fresh: list[Violation] = []
    for violation in after.violations:
        if violation.severity is not Severity.ERROR:
            continue
        key = (violation.code, violation.cards)
        if seen[key]:
            seen[key] -= 1
        else:
            fresh.append(violation)
    return fresh


def said(violation: Violation, name: str | None = None) -> str:
    """A violation in one line: its message, code and the fix on the command line, the
    record's ``name`` filling the fix's ``<game>`` placeholder (the game being kept). For a
    list of problems that carries no report (an import's); a refusal says :func:`refused`."""
    fix = violation.fix_for(Front.CLI, **({"game": name} if name is not None else {}))
    return f"{violation.message} ({violation.code}" + (f"; fix: {fix})" if fix else ")")


def refused(what: str, fresh: list[Violation], name: str) -> Refused:
    """The refusal of ``what``: each violation's message and code, not its fix, for the
    refusal's report carries the violations and each front says their fixes in its own terms
    (the command line its commands, the app its keys)."""
    return Refused(f"{what} would break the rules: "
                   + "; ".join(f"{v.message} ({v.code})" for v in fresh)
                   + "; nothing was written", Report(fresh), names={"game": name})


__all__ = ["check_record", "first_breach", "new_errors", "record_context", "refused", "said"]
