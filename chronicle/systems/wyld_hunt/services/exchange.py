"""Wyld Hunt's part of the whole-database export (``chronicle db export|import``, backups)
when it is the home game: the file's ``cards`` (the group's and the user's own Wyld Hunt
cards) and the characters' chronicles, checked event by event as every append was, against
those cards; and the payloads of the chronicles' events (``check_payloads``). Its sections
``characters`` and ``games`` (``exchangeformat``, ``exchangetables``) travel whichever game is
home, through ``GameSystem.chronicles``.

The generic transfer (``chronicle.services.transfer``) reaches this module through the
registry (``HomeParts.exchange`` of the home game).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

from pydantic import ValidationError

from chronicle.domain.values import Origin
from chronicle.services.importer import Problems, json_path, pydantic_problems
from chronicle.systems.wyld_hunt.codec import event_from_record
from chronicle.systems.wyld_hunt.payloads import PAYLOADS

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.catalog.loader import CardEntry
    from chronicle.rules.report import Violation
    from chronicle.services.exportformat import ExportModel
    from chronicle.systems.wyld_hunt.services.exchangeformat import Sections


CREATION_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "icon.multiple"})
"""Errors that the services never let a character be saved with."""


def cards() -> list[dict[str, Any]]:
    """The export's ``cards``: the group's and the user's own cards and corrections, their
    known values only."""
    from chronicle.systems.wyld_hunt.services.usercards import card_file_entry, own_cards

    return [card_file_entry(card) for card in own_cards()]


def _raw_events(data: Any) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Each event object of the parsed file with its place, however broken the rest is."""
    characters = data.get("characters") if isinstance(data, dict) else None
    for c, character in enumerate(characters if isinstance(characters, list) else []):
        events = character.get("events") if isinstance(character, dict) else None
        for e, event in enumerate(events if isinstance(events, list) else []):
            if isinstance(event, dict):
                yield c, e, event


def check_payloads(data: Any, problems: Problems) -> None:
    """Check each event's payload of the parsed file against its kind (payloads of an
    unknown kind are left to the ``kind`` problem)."""
    for c, e, event in _raw_events(data):
        kind, payload, seq = event.get("kind"), event.get("payload"), event.get("seq")
        if not isinstance(kind, str) or kind not in PAYLOADS or not isinstance(payload, dict):
            continue
        where: list[str | int] = ["characters", c, "events", e, "payload"]
        try:
            PAYLOADS[kind].model_validate(payload)
        except ValidationError as exc:
            problems.items.extend(pydantic_problems(exc, where))
            continue
        try:
            event_from_record(kind, payload)
        except ValueError as exc:
            problems.add(json_path(where), str(exc))
            continue
        undone = payload.get("event")
        if kind == "undo" and isinstance(undone, int) and isinstance(seq, int) \
                and not isinstance(seq, bool) and undone >= seq:
            problems.add(json_path([*where, "event"]),
                         f"undoes event {undone}, which is not before this one ({seq})")


def check_cards(document: ExportModel, problems: Problems) -> None:
    """Check the export's ``cards`` against the card schema."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    _entries, found = validate_card_tables(document.cards, SCHEMA, path="cards", lines=None,
                                           origin=Origin.USER)
    for problem in found:
        where = f"cards[{problem.card}]" if problem.card else "cards"
        problems.items.append(f"{where}.{problem.field or 'card'}: {problem.message}"
                              + (f" ({problem.hint})" if problem.hint else ""))


def chronicle_problems(document: ExportModel) -> list[str]:
    """Replay every character's chronicle through the rules, as every append was checked:
    creation choices the services refuse, a chronicle that starts before the character is
    finished, and an event that adds an error the chronicle before it did not have are each a
    problem naming the character, the event and the violation (``first_breach``)."""
    from chronicle.systems.wyld_hunt.codec import describe_event

    problems: list[str] = []
    cat = _catalog_of(document)
    for c, character in enumerate(cast("Sections", document).characters):
        where = f"characters[{c}]"
        who = f"{character.name} ({character.player})"
        found = first_breach(document, c, cat)
        if found is None:
            continue
        index, violations = found
        ordered = sorted(character.events, key=lambda e: e.seq)
        if index < 0:
            held = f" (the chronicle, event {min(e.seq for e in character.events)} onwards, " \
                "cannot start until it is fixed)" if character.events else ""
            for violation in violations[:3]:
                problems.append(f"{where}: {who}: {violation.code}: {violation.message}{held}")
            continue
        event = ordered[index]
        problems.append(f"{where}.events[{index}]: "
                        f"{who}, event {event.seq} "
                        f"({describe_event(event_from_record(event.kind, dict(event.payload)))})"
                        " breaks the rules: " + "; ".join(f"{v.code}: {v.message}"
                                                          for v in violations[:3]))
    return problems


def _catalog_of(document: ExportModel) -> Any:
    from chronicle.systems.wyld_hunt.services.common import catalog

    return catalog(card_entries(document))


def first_breach(document: ExportModel, c: int, cat: Any = None,
                 ) -> tuple[int, list[Violation]] | None:
    """Replay character ``c`` of ``document`` as every append was checked: (-1, violations)
    when its creation choices are refused (or the chronicle starts before it is finished),
    else (the 0-based index of the first event, oldest first, that adds an error the
    chronicle before it did not have, its new errors); None when the chronicle obeys the
    rules. ``cat``: the document's catalog, when the caller has it. A chronicle whose last
    event leaves an error its start had not is replayed once more to find the event that
    brought it (``check_steps``: one pass, not one check per event)."""
    from dataclasses import replace

    from chronicle.services.common import new_errors
    from chronicle.systems.wyld_hunt.cards import Court
    from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
    from chronicle.systems.wyld_hunt.rules.character import check_character, check_steps
    from chronicle.systems.wyld_hunt.services.common import UNFINISHED

    cat = cat if cat is not None else _catalog_of(document)
    unfinished = UNFINISHED - {"collection.not_owned"}  # collections are checked by the app
    character = cast("Sections", document).characters[c]
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
    if refused:
        return -1, refused
    if not events or not new_errors(start, final):
        return None
    steps = check_steps(build, cat)   # one replay of the chronicle, each event's report
    before = next(steps)
    for index, after in enumerate(steps):
        fresh = new_errors(before, after)
        if fresh:
            return index, list(fresh)
        before = after
    return None


def card_entries(document: ExportModel) -> list[Any]:
    """The user's own cards of an export, validated."""
    from chronicle.catalog.loader import validate_card_tables
    from chronicle.systems.wyld_hunt.schema import SCHEMA

    entries, _problems = validate_card_tables(document.cards, SCHEMA, path="cards", lines=None,
                                              origin=Origin.USER)
    return entries


def save_cards(session: Session, entries: list[CardEntry]) -> None:
    """Keep an imported export's ``cards`` (validated by :func:`card_entries`) as the group's
    cards (inside the caller's transaction)."""
    from chronicle.systems.wyld_hunt.services.usercards import save_group_cards

    if entries:
        save_group_cards(session, entries)
