"""A bag's rules, the same for a bag file and a bag kept in the database: the pebbles put in
(an ``undo`` takes back a ``put`` by its number), each one known, within the bag's limit."""

from typing import Any

from chronicle import paths
from chronicle.catalog.layers import read_files
from chronicle.catalog.loader import card_files, validate_card_tables
from chronicle.domain.values import Origin
from chronicle.rules.report import Fix, Report, Severity, Violation
from chronicle.systems.protocol import RecordContext
from toy_game import KEY, SCHEMA


def in_force(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The puts still in force (their number, the pebble), oldest first."""
    puts: dict[int, str] = {}
    for seq, event in enumerate(events, start=1):
        payload = event["payload"]
        if event["kind"] == "put":
            puts[seq] = str(payload.get("pebble"))
        else:
            puts.pop(payload.get("seq"), None)
    return sorted(puts.items())


def check(data: dict[str, Any], events: list[dict[str, Any]],
          context: RecordContext) -> Report:
    """A bag's rules, with the pebbles of the user's card folder and of the group."""
    if type(data.get("limit")) is not int:
        return Report([Violation("bag.unreadable", Severity.ERROR, "the limit is no number")])
    folder = context.user_cards_dir or paths.user_cards_dir(KEY)
    user = read_files(card_files(folder), SCHEMA, Origin.USER)[0]
    group = validate_card_tables(list(context.group_cards), SCHEMA, path="group cards",
                                 lines=None, origin=Origin.USER)[0]
    weights = {e.data["name"]: e.data.get("weight") for e in [*user, *group]}
    puts, found = in_force(events), []
    limit, total = data["limit"], 0
    for _seq, pebble in puts:
        if pebble not in weights:
            found.append(Violation("card.unknown", Severity.ERROR,
                                   f"no pebble is called {pebble!r}", (pebble,),
                                   fix='add it as a [[card]] with kind = "pebble"'))
        total += weights.get(pebble) or 0
    if total > limit:
        found.append(Violation(
            "bag.too_heavy", Severity.ERROR,
            f"the pebbles weigh {total}, {total - limit} over the limit of {limit}",
            tuple(p for _s, p in puts), section="Toy rules",
            fixes=Fix("leave a pebble out", cli="chronicle bag undo BAG --player PLAYER")))
    return Report(found, {"limit": limit, "weight": total, "pebbles": [p for _s, p in puts]})


def describe(event: dict[str, Any]) -> str:
    """One line: ``put Jade in the bag``, ``took back event 2``."""
    if event["kind"] == "put":
        return f"put {event['payload']['pebble']} in the bag"
    return f"took back event {event['payload']['seq']}"
