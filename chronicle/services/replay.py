"""Imports and restores go through the same rules as every other write: the rules replayed
over a whole-database export before anything of it is written.

Each Wyld Hunt character is checked as the services check a save (creation choices they refuse,
a chronicle that starts before the character is finished) and its chronicle replayed event by
event; each game record is replayed through its game's ``RecordKind.check`` (its data alone,
then each event in turn, with the group's cards of the export as context). The first event that
brings an error the history before it did not have is a problem naming the record, the event
and the violation.
"""

from __future__ import annotations

from typing import Any

from chronicle.domain.values import Origin, name_key
from chronicle.services.exportformat import ExportModel
from chronicle.systems.wyld_hunt.codec import event_from_record

CREATION_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "icon.multiple"})
"""Errors that the services never let a character be saved with."""


def chronicle_problems(document: ExportModel) -> list[str]:
    """Replay every character's chronicle through the rules, as every append was checked:
    creation choices the services refuse, a chronicle that starts before the character is
    finished, and an event that adds an error the chronicle before it did not have are each a
    problem naming the character, the event and the violation."""
    from dataclasses import replace

    from chronicle.services.common import UNFINISHED, catalog, new_errors
    from chronicle.systems.wyld_hunt.cards import Court
    from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
    from chronicle.systems.wyld_hunt.codec import describe_event
    from chronicle.systems.wyld_hunt.rules.character import check_character

    problems: list[str] = []
    cat = catalog(card_entries(document))
    unfinished = UNFINISHED - {"collection.not_owned"}  # collections are checked by the app
    for c, character in enumerate(document.characters):
        where = f"characters[{c}]"
        who = f"{character.name} ({character.player})"
        events = tuple(event_from_record(e.kind, dict(e.payload))
                       for e in sorted(character.events, key=lambda e: e.seq))
        cards = sorted(character.creation_cards, key=lambda card: card.position)
        build = CharacterBuild(
            name=character.name, system=character.system,
            icons=(character.icon,) if character.icon else (),
            court=Court(character.court) if character.court else None,
            merits=tuple(card.card for card in cards if card.role == "merit"),
            flaws=tuple(card.card for card in cards if card.role == "flaw"),
            background=character.background, player=character.player, events=events)
        final, _state = check_character(build, cat)
        start, _state = check_character(replace(build, events=()), cat) \
            if events else (final, _state)
        refused = [v for v in start.errors if v.code in CREATION_REFUSALS
                   or (events and v.code in unfinished)]
        held = f" (the chronicle, event {min(e.seq for e in character.events)} onwards, " \
            "cannot start until it is fixed)" if events else ""
        for violation in refused[:3]:
            problems.append(f"{where}: {who}: {violation.code}: {violation.message}{held}")
        if refused or not events or not new_errors(start, final):
            continue
        before = start
        for index in range(1, len(events) + 1):
            after, _state = check_character(replace(build, events=events[:index]), cat)
            fresh = new_errors(before, after)
            if fresh:
                seq = sorted(character.events, key=lambda e: e.seq)[index - 1].seq
                problems.append(f"{where}.events[{index - 1}]: "
                                f"{who}, event {seq} ({describe_event(events[index - 1])}) breaks "
                             "the rules: " + "; ".join(f"{v.code}: {v.message}"
                                                       for v in fresh[:3]))
                break
            before = after
    return problems


def card_entries(document: ExportModel) -> list[Any]:
    """The user's own cards of an export, validated."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, _problems = validate_card_tables(document.cards, SCHEMA, path="cards", lines=None,
                                              origin=Origin.USER)
    return entries




def record_problems(document: ExportModel) -> list[str]:
    """Replay every game record of ``document`` through its game's rules, as every write of
    it was checked: one problem per record that breaks them, naming it, the event and each new
    violation (records of an unknown game or kind are left to the reference checks)."""
    from chronicle import paths
    from chronicle.services.records import first_breach, said
    from chronicle.systems import registry
    from chronicle.systems.protocol import RecordContext

    problems: list[str] = []
    contexts: dict[str, RecordContext] = {}
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
        events = [{"kind": e.kind, "payload": dict(e.payload)} for e in ordered]
        breach = first_breach(None, record.game, spec, dict(record.data), events,
                              contexts[record.game])
        if breach is None:
            continue
        index, fresh = breach
        who = f"{spec.label} {record.name}" + (f" ({record.player})" if record.player else "")
        shown = "; ".join(said(v) for v in fresh[:3])
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
