"""Bags of pebbles kept in the database: the toy game's record kind (``bag``, a player's), its
one ledger event (``put``: a pebble into the bag) and the compensating ``undo`` (takes back one
put, named by its number). The rule is the bag file's: ``bag.too_heavy``, checked by the
record store before and after every write, with the pebbles the user's card folder and the
group's cards define (``card.unknown`` for any other)."""

from __future__ import annotations

from typing import Any

from chronicle.catalog.loader import validate_card_tables
from chronicle.domain.values import Origin
from chronicle.rules.report import Fix, Report, Severity, Violation
from chronicle.systems.protocol import RecordContext
from toy_game import SCHEMA, user_cards

PUT = "put"
UNDO = "undo"


def in_force(events: list[dict[str, Any]]) -> tuple[list[tuple[int, str]], list[Violation]]:
    """The puts still in force (their number, the pebble), oldest first, and the undos that
    take back nothing (``bag.bad_undo``)."""
    puts: dict[int, str] = {}
    wrong: list[Violation] = []
    for seq, event in enumerate(events, start=1):
        payload = event.get("payload", {})
        if event.get("kind") == PUT:
            puts[seq] = str(payload.get("pebble"))
        elif event.get("kind") == UNDO:
            target = payload.get("seq")
            if target not in puts:
                wrong.append(Violation("bag.bad_undo", Severity.ERROR,
                                       f"event {seq} takes back event {target}, which is not a "
                                       "pebble in the bag"))
            else:
                del puts[target]
        else:
            wrong.append(Violation("bag.bad_event", Severity.ERROR,
                                   f"event {seq} is {event.get('kind')!r}, not put or undo"))
    return sorted(puts.items()), wrong


def weights(context: RecordContext) -> dict[str, int | None]:
    """Every known pebble's weight: the user's card folder, then the group's cards."""
    user, _problems = user_cards(context.user_cards_dir)
    group, _bad = validate_card_tables(list(context.group_cards), SCHEMA, path="group cards",
                                       lines=None, origin=Origin.USER)
    return {entry.data["name"]: entry.data.get("weight") for entry in [*user, *group]}


def check(data: dict[str, Any], events: list[dict[str, Any]],
          context: RecordContext) -> Report:
    """A bag's rules: a whole-number limit, every pebble known, their weight within it."""
    limit = data.get("limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        return Report([Violation("bag.unreadable", Severity.ERROR,
                                 "the bag's limit must be a whole number of 0 or more")])
    puts, found = in_force(events)
    known = weights(context)
    total = 0
    for _seq, pebble in puts:
        if pebble not in known:
            found.append(Violation("card.unknown", Severity.ERROR,
                                   f"no pebble is called {pebble!r}", (pebble,)))
            continue
        total += known[pebble] or 0
    if total > limit:
        found.append(Violation(
            "bag.too_heavy", Severity.ERROR,
            f"the pebbles weigh {total}, {total - limit} over the limit of {limit}",
            tuple(p for _s, p in puts), fix="leave a pebble out", section="Toy rules",
            fixes=Fix("leave a pebble out", cli="chronicle bag undo BAG --player PLAYER")))
    summary = {"limit": limit, "weight": total, "pebbles": [p for _s, p in puts]}
    return Report(found, summary)


def describe(event: dict[str, Any]) -> str:
    """One line: ``put Jade in the bag``, ``took back event 2``."""
    payload = event.get("payload", {})
    if event.get("kind") == PUT:
        return f"put {payload.get('pebble')} in the bag"
    if event.get("kind") == UNDO:
        return f"took back event {payload.get('seq')}"
    return str(event.get("kind"))
