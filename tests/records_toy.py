"""Marbles, a test-only game for the generic record store (``chronicle.services.recordstore``):
jars that belong to the group and pouches that belong to a player, each a capacity and the
marbles put in (``put`` events; ``undo`` takes back the latest put still in force).

The check refuses a record holding more marbles than its capacity (``jar.overflow``) and a
marble the group's cards call cursed (``marble.cursed``, read from the ``RecordContext``).
``SLACK`` lets a test tighten the rule after records were written (a record that already breaks
it), and ``HOOK`` runs another client's work in the middle of a use case (after its reads,
before its writes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chronicle.rules.report import Fix, Report, Severity, Violation
from chronicle.systems.protocol import Edition, GameSystem, RecordContext, RecordKind

KEY = "toy-marbles"
SLACK = [0]
"""Added to every capacity (a test lowers it to make stored records break the rule)."""
HOOK: list[Callable[[], object]] = []
"""Callables run (and removed) by the next check, one per check."""
CALLS = [0]
"""How many times the check ran."""


def marbles(data: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """The marbles in a record: its data's, then each put still in force."""
    held = list(data.get("marbles", []))
    puts: list[str] = []
    for event in events:
        if event["kind"] == "put":
            puts.append(str(event["payload"]["marble"]))
        elif event["kind"] == "undo" and puts:
            puts.pop()
    return held + puts


def check(data: dict[str, Any], events: list[dict[str, Any]], context: RecordContext) -> Report:
    """The rules of a jar or a pouch."""
    CALLS[0] += 1
    if HOOK:
        HOOK.pop(0)()
    report = Report(summary={"marbles": marbles(data, events)})
    held = report.summary["marbles"]
    capacity = int(data.get("capacity", 0)) + SLACK[0]
    if len(held) > capacity:
        report.add(Violation("jar.overflow", Severity.ERROR,
                             f"{len(held)} marbles do not fit a capacity of {capacity}",
                             fix="take a marble out",
                             fixes=Fix("take a marble out", cli="chronicle marbles undo")))
    cursed = {str(card.get("name")) for card in context.group_cards if card.get("cursed")}
    for name in held:
        if name in cursed:
            report.add(Violation("marble.cursed", Severity.ERROR, f"{name} is cursed",
                                 cards=(name,)))
    if len(held) == capacity:
        report.add(Violation("jar.full", Severity.WARNING, "the jar is full"))
    return report


SYSTEM = GameSystem(
    key=KEY, label="Marbles", editions=(Edition(KEY, "Marbles"),), card_kinds=("marble",),
    file_kinds=(),
    records=(RecordKind("jar", "jar", False, f"{__name__}:check"),
             RecordKind("pouch", "pouch", True, f"{__name__}:check")))
