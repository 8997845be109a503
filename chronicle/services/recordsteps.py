"""A record's history replayed once: the game's report on its data alone, then after each
event in turn, for the store to find the first write that broke the rules
(``records.first_breach``: a create with a history, an import, a restore, a backup read back).

A game whose ``RecordKind`` names ``steps`` replays the history once (its rules fold the events
one by one), so the whole history is judged in time linear in its length. A game that names
none is judged the generic way: its ``check`` once per prefix (every game works, a long history
of such a game costs more).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from chronicle.errors import ChronicleError

if TYPE_CHECKING:
    from chronicle.rules.report import Report
    from chronicle.systems.protocol import RecordContext, RecordKind


def reports(spec: RecordKind, data: dict[str, Any], events: list[dict[str, Any]],
            context: RecordContext) -> Iterator[Report]:
    """The game's report on ``data`` alone, then after each of ``events`` in turn
    (``len(events) + 1`` reports; the game gets its own copies of data and events).

    Raises:
        ChronicleError: the game's ``steps`` gave more reports than the history has prefixes
            (a bug of the game, said as one).
    """
    stepper = spec.stepper()
    if stepper is None:
        check = spec.checker()
        for index in range(len(events) + 1):
            yield check(copy.deepcopy(data), copy.deepcopy(events[:index]), context)
        return
    given = 0
    for report in stepper(copy.deepcopy(data), copy.deepcopy(events), context):
        given += 1
        if given > len(events) + 1:
            raise ChronicleError(f"the {spec.label}'s steps gave more than "
                                 f"{len(events) + 1} reports for {len(events)} events")
        yield report
    if given != len(events) + 1:
        raise ChronicleError(f"the {spec.label}'s steps gave {given} reports for "
                             f"{len(events)} events (expected {len(events) + 1})")
