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
    from chronicle.services.damage import notice
    from chronicle.services.recordstore import check_record, said

    problems: list[str] = []
    replay = _Replay(document)
    for r, record in enumerate(document.records):
        found = replay.breach(r)
        if found is None:
            continue
        spec, index, fresh = found
        who = f"{spec.label} {record.name}" + (f" ({record.player})" if record.player else "")
        shown = "; ".join(said(v, record.name) for v in fresh[:3])
        if all(v.code == CARDS_MISSING for v in fresh) and all(
                v.code == CARDS_MISSING for v in check_record(
                    None, record.game, spec, *replay.seen_record(spec, r),
                    replay.context(record.game)).errors):
            notice(f"the {who} needs cards found neither in the group's cards nor in this "
                   f"member's own card files; it is kept as it is: {shown}", left_out=False)
            continue
        if index == 0:
            problems.append(f"records[{r}].data: the {who} breaks the rules: {shown}")
        else:
            event = sorted(record.events, key=lambda e: e.seq)[index - 1]
            at = record.events.index(event)
            problems.append(f"records[{r}].events[{at}]: the {who}, event {event.seq} "
                            f"({event.kind}) breaks the rules: {shown}")
    return problems


class _Replay:
    """The records of one document replayed through their games' rules, as the store hands
    them to the rules (each player's name as the file's players list spells it, guests as
    guests), with each game's context read once."""

    def __init__(self, document: ExportModel) -> None:
        from chronicle.services import playernames

        self.document = document
        self.contexts: dict[str, Any] = {}
        self.players = playernames.Players.listed(p.name for p in document.players)

    def context(self, game: str) -> Any:
        from chronicle import paths
        from chronicle.systems.protocol import RecordContext

        if game not in self.contexts:
            self.contexts[game] = RecordContext(
                user_cards_dir=paths.user_cards_dir(game),
                group_cards=tuple(dict(c.card) for c in self.document.group_cards
                                  if c.game == game))
        return self.contexts[game]

    def seen(self, spec: Any, where: str, value: dict[str, Any]) -> dict[str, Any]:
        from chronicle.services import playernames

        return playernames.shown(spec, where, playernames.stored(
            spec, where, value, self.players)[0], self.players)

    def seen_record(self, spec: Any, r: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        record = self.document.records[r]
        ordered = sorted(record.events, key=lambda e: e.seq)
        return (self.seen(spec, "data", dict(record.data)),
                [{"kind": e.kind, "payload": self.seen(spec, e.kind, dict(e.payload))}
                 for e in ordered])

    def breach(self, r: int) -> tuple[Any, int, list[Any]] | None:
        """Record ``r``'s first breach: (its kind, 0 for its data else the 1-based number of
        the event, oldest first, that brings an error; the new errors); None when it obeys
        the rules or its game or kind is not installed."""
        from chronicle.services.recordstore import first_breach
        from chronicle.systems import registry

        record = self.document.records[r]
        try:
            system = registry.system(record.game)
        except (registry.UnknownSystem, registry.BadSystem):
            return None
        spec = next((k for k in system.records if k.name == record.kind), None)
        if spec is None:
            return None
        data, events = self.seen_record(spec, r)
        found = first_breach(None, record.game, spec, data, events, self.context(record.game))
        return None if found is None else (spec, found[0], found[1])


def record_breach(document: ExportModel, r: int) -> tuple[int, list[Any]] | None:
    """The first breach of record ``r`` of ``document`` (``_Replay.breach``: 0 its data, else
    the event's 1-based number), None when it obeys its game's rules."""
    found = _Replay(document).breach(r)
    return None if found is None else (found[1], found[2])


def record_owner_key(record: Any) -> tuple[str, str, str, str]:
    """A record's unique key within an export: game, kind, owner and name."""
    return (record.game, record.kind, name_key(record.player or ""), name_key(record.name))
