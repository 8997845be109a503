"""Imports and restores go through the same rules as every other write: each game record of a
whole-database export replayed through its game's rules before anything of it is written (its
data alone, then each event in turn, with the group's cards of the export as context), once per
record (``records.first_breach``: the game's ``RecordKind.steps``). The first event that brings
an error the history before it did not have is a problem naming the record, the event and the
violation. (Wyld Hunt's chronicles are replayed by
``transfer``, until they are records too.)
"""

from __future__ import annotations

from typing import Any

from chronicle.domain.values import name_key
from chronicle.services.exportformat import ExportModel

CARDS_MISSING = "card.unknown"
"""The code (the same for every game) of a name matching no card: a record that holds only
such errors is kept by a restore and said as a warning, for the cards it needs may live in one
member's own card folder, which never travels (records written since copy them into the
group's cards: ``RecordKind.cards``)."""


def record_problems(document: ExportModel) -> list[str]:
    """Replay every game record of ``document`` through its game's rules, as every write of
    it was checked: one problem per record that breaks them, naming it, the event and each new
    violation (records of an unknown game or kind are left to the reference checks). A record
    whose first breach and whose state at the end both hold no errors but cards found nowhere
    (``CARDS_MISSING``) is not a problem but a warning (``damage.notice``): one member's
    missing files never block a restore or a backup."""
    from chronicle import paths
    from chronicle.services import playernames
    from chronicle.services.damage import notice
    from chronicle.services.recordstore import check_record, first_breach, said
    from chronicle.systems import registry
    from chronicle.systems.protocol import RecordContext

    problems: list[str] = []
    contexts: dict[str, RecordContext] = {}
    players = playernames.Players.listed(p.name for p in document.players)

    def seen(spec: Any, where: str, value: dict[str, Any]) -> dict[str, Any]:
        """A file's names as the store hands them to the rules (each player's name as the
        file's players list spells it, guests as guests)."""
        return playernames.shown(spec, where,
                                 playernames.stored(spec, where, value, players)[0], players)

    for r, record in enumerate(document.records):
        try:
            system = registry.system(record.game)
        except (registry.UnknownSystem, registry.BadSystem):
            continue
        spec = next((k for k in system.records if k.name == record.kind), None)
        if spec is None:
            continue
        if record.game not in contexts:
            contexts[record.game] = RecordContext(
                user_cards_dir=paths.user_cards_dir(record.game),
                group_cards=tuple(dict(c.card) for c in document.group_cards
                                  if c.game == record.game))
        ordered = sorted(record.events, key=lambda e: e.seq)
        events = [{"kind": e.kind, "payload": seen(spec, e.kind, dict(e.payload))}
                  for e in ordered]
        breach = first_breach(None, record.game, spec, seen(spec, "data", dict(record.data)),
                              events, contexts[record.game])
        if breach is None:
            continue
        index, fresh = breach
        who = f"{spec.label} {record.name}" + (f" ({record.player})" if record.player else "")
        shown = "; ".join(said(v, record.name) for v in fresh[:3])
        if all(v.code == CARDS_MISSING for v in fresh) and all(
                v.code == CARDS_MISSING for v in check_record(
                    None, record.game, spec, seen(spec, "data", dict(record.data)), events,
                    contexts[record.game]).errors):
            notice(f"the {who} needs cards found neither in the group's cards nor in this "
                   f"member's own card files; it is kept as it is: {shown}", left_out=False)
            continue
        if index == 0:
            problems.append(f"records[{r}].data: the {who} breaks the rules: {shown}")
        else:
            event = ordered[index - 1]
            at = record.events.index(event)
            problems.append(f"records[{r}].events[{at}]: the {who}, event {event.seq} "
                            f"({event.kind}) breaks the rules: {shown}")
    return problems


def record_owner_key(record: Any) -> tuple[str, str, str, str]:
    """A record's unique key within an export: game, kind, owner and name."""
    return (record.game, record.kind, name_key(record.player or ""), name_key(record.name))
