"""A campaign as the database keeps it: a record of kind ``campaign`` (the group's, not a
player's) in the generic record store (``chronicle.services.recordstore``).

- the record's **data**: how the campaign started — ``two_player_pve``, ``fixed_seating``
  (present only when true), the ``guild`` tables in seating order (as in the campaign file)
  and the campaign's own ``card`` tables (the upgrade cards, costs and curses the group typed
  in from their cards);
- its **events**, oldest first: ``scenario``, ``upgrade``, ``correction`` and ``undo`` (the
  codec's kinds, the same payloads as the campaign file's tables).

``ledger_of`` turns a record back into the ledger's events (the start from the data), through
the same strict models and limits as the campaign file; ``check_record`` is the record kind's
check the store runs before and after every write, ``steps_record`` the same check after each
event from one fold (a history judged whole: an import, a restore); ``describe`` is one line
per event. Event
numbers shown to people are the ledger's: 1 is the campaign's start, the store's event ``seq``
is ``number - 1``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chronicle.catalog.loader import CardEntry, validate_card_tables
from chronicle.domain.values import Origin
from chronicle.rules.report import Report
from chronicle.systems.arcadia_quest import codes as k
from chronicle.systems.arcadia_quest.campaignfile import MAX_GUILDS, GuildModel, guild_record
from chronicle.systems.arcadia_quest.codec import event_from_record, event_to_record
from chronicle.systems.arcadia_quest.ledger import CampaignStarted, Event
from chronicle.systems.arcadia_quest.schema import Flag

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.cards import Card
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog, Sources

RECORD_KIND = "campaign"
"""The store's kind for a campaign."""
EVENT_KINDS = ("scenario", "upgrade", "correction", "undo")
"""The kinds of a campaign record's events (the start is the record's data)."""
MAX_CARDS = 500
"""``[[card]]`` tables a campaign keeps (a campaign file holds as many)."""


class CampaignData(BaseModel):
    """A campaign record's data."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True,
                              defer_build=True)

    two_player_pve: Flag = True
    fixed_seating: Flag = False
    guild: Annotated[list[GuildModel], Field(max_length=MAX_GUILDS)] = []
    card: Annotated[list[Any], Field(max_length=MAX_CARDS)] = []


def data_of(start: CampaignStarted, cards: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    """The record data of a campaign that begins with ``start``, keeping ``cards`` (the
    ``[[card]]`` tables of its file)."""
    seats = {"fixed_seating": True} if start.fixed_seating else {}
    return {"two_player_pve": start.two_player_pve, **seats,
            "guild": [guild_record(g) for g in start.guilds], "card": list(cards)}


def payload_of(event: Event) -> tuple[str, dict[str, Any]]:
    """The stored kind and payload of an event after the start.

    Raises:
        ValueError: for a campaign's start, which is the record's data, not an event.
    """
    if isinstance(event, CampaignStarted):
        raise ValueError("a campaign's start is its record, not an event")
    return event_to_record(event)


def ledger_of(name: str, data: dict[str, Any],
              events: Sequence[dict[str, Any]]) -> tuple[list[Event], list[CardEntry]]:
    """The ledger's events of the campaign ``name`` (its start, then each stored event) and its
    own cards.

    Raises:
        ValueError: data or an event that does not fit (the message names the event number and
            the field).
    """
    try:
        start = CampaignData.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])[:80] or "data"
        raise ValueError(f"the campaign's guilds do not fit: {where}: {first['msg']}") from None
    ledger: list[Event] = [CampaignStarted(name=name, two_player_pve=start.two_player_pve,
                                           fixed_seating=start.fixed_seating,
                                           guilds=tuple(g.to_setup() for g in start.guild))]
    for number, stored in enumerate(events, start=2):
        ledger.append(event_of(number, stored))
    cards: list[CardEntry] = []
    if start.card:
        from chronicle.systems.arcadia_quest.schema import SCHEMA

        cards, problems = validate_card_tables(start.card, SCHEMA, path="the campaign's cards",
                                               lines=None, origin=Origin.FILE)
        if problems:
            raise ValueError(str(problems[0]))
    return ledger, cards


def event_of(number: int, stored: dict[str, Any]) -> Event:
    """The stored event ``number`` (of the ledger: 2 is the first after the start) as the
    ledger's event.

    Raises:
        ValueError: it does not fit (the message names the event number and the field).
    """
    kind, payload = stored.get("kind"), stored.get("payload")
    if not isinstance(kind, str) or not isinstance(payload, dict):
        raise ValueError(f"event {number} is not a kind and a payload")
    if kind not in EVENT_KINDS:
        raise ValueError(f"event {number}: unknown campaign event kind {kind[:40]!r}; one "
                         f"of {', '.join(EVENT_KINDS)}")
    try:
        return decoded(kind, payload)
    except ValueError as exc:
        raise ValueError(f"event {number}: {exc}") from None


_DECODED: dict[str, Event] = {}
"""Stored events already read through the models, by kind and JSON payload (as stored): the
store checks a campaign before and after every write, so each write would otherwise read every
earlier event twice more. Events are frozen; the cache is bounded."""
DECODED_MAX = 4096


def decoded(kind: str, payload: dict[str, Any]) -> Event:
    """``codec.event_from_record(kind, payload)``, once per distinct stored event.

    Raises:
        ValueError: as ``event_from_record`` (a refusal is never kept).
    """
    try:
        key = kind + "\0" + json.dumps(payload, separators=(",", ":"),
                                       allow_nan=False)
    except (TypeError, ValueError):           # not JSON: nothing a store could hold
        return event_from_record(kind, payload)
    found = _DECODED.get(key)
    if found is None:
        found = event_from_record(kind, payload)
        if len(_DECODED) >= DECODED_MAX:
            _DECODED.clear()
        _DECODED[key] = found
    return found


_SOURCES: dict[tuple[Any, ...], Sources[Card]] = {}


def _stamp(folder: Path | None) -> tuple[Any, ...]:
    """What tells whether a card folder changed: its files' names, sizes and times."""
    if folder is None or not folder.is_dir():
        return (str(folder),)
    found: list[Any] = [str(folder)]
    for path in sorted(folder.glob("*.toml")):
        try:
            stat = path.stat()
        except OSError:
            continue
        found.append((path.name, stat.st_size, stat.st_mtime_ns))
    return tuple(found)


def sources(user_cards_dir: Path | None) -> Sources[Card]:
    """The bundled and user card layers, read once per process while the user's folder is
    unchanged."""
    from chronicle import paths
    from chronicle.systems.arcadia_quest import KEY
    from chronicle.systems.arcadia_quest.catalog import read_sources

    folder = user_cards_dir if user_cards_dir is not None else paths.user_cards_dir(KEY)
    stamp = (*_stamp(folder), os.environ.get("CHRONICLE_DATA", ""))
    found = _SOURCES.get(stamp)
    if found is None:
        _SOURCES.clear()
        found = _SOURCES[stamp] = read_sources(folder)
    return found


def group_entries(group_cards: Iterable[dict[str, Any]]) -> list[CardEntry]:
    """The group's cards of this game (the database's ``[[card]]`` tables) as entries; a bad
    one is skipped (the group's card commands report it)."""
    from chronicle.systems.arcadia_quest.schema import SCHEMA

    entries, _problems = validate_card_tables(list(group_cards), SCHEMA, path="group cards",
                                              lines=None, origin=Origin.USER)
    return entries


def catalog_for(user_cards_dir: Path | None, group_cards: Iterable[dict[str, Any]] = (),
                own: Iterable[CardEntry] = ()) -> QuestCatalog:
    """The catalog a stored campaign is checked against: bundled cards, the user's, the
    group's, then the campaign's own."""
    built: QuestCatalog = sources(user_cards_dir).build([*group_entries(group_cards), *own])
    return built


def check_record(data: dict[str, Any], events: list[dict[str, Any]], context: Any) -> Report:
    """The record kind's check (``RecordKind.check``): every violation of the stored campaign
    and its summary. Data or an event that does not fit is reported as ``ledger.bad_record``
    (the store then refuses the write that brought it)."""
    from chronicle.systems.arcadia_quest.rules import check_campaign

    name = str(data.get("name") or "campaign") if isinstance(data, dict) else "campaign"
    try:
        ledger, own = ledger_of(name, data, events)
    except ValueError as exc:
        return Report([k.LEDGER_BAD_RECORD(str(exc)[:500], fix="record the event again with "
                                                                "values that fit")])
    catalog: QuestCatalog = catalog_for(getattr(context, "user_cards_dir", None),
                                        getattr(context, "group_cards", ()), own)
    return check_campaign(ledger, catalog)


def steps_record(data: dict[str, Any], events: list[dict[str, Any]],
                 context: Any) -> Iterator[Report]:
    """``check_record`` after each event, from one fold (``RecordKind.steps``): the campaign's
    start, then each event in turn (``rules.replay_steps``); from an event that does not fit
    on, each step is ``check_record`` of its prefix (``ledger.bad_record``)."""
    from chronicle.systems.arcadia_quest.rules import replay_steps

    name = str(data.get("name") or "campaign") if isinstance(data, dict) else "campaign"
    try:
        ledger, own = ledger_of(name, data, [])
    except ValueError:
        ledger, own = [], []
    if ledger:
        for number, stored in enumerate(events, start=2):
            try:
                ledger.append(event_of(number, stored))
            except ValueError:
                break
        catalog: QuestCatalog = catalog_for(getattr(context, "user_cards_dir", None),
                                            getattr(context, "group_cards", ()), own)
        for violations in replay_steps(ledger, catalog):
            yield Report(violations)
    for index in range(len(ledger), len(events) + 1):
        yield check_record(data, events[:index], context)


def campaign_problems(name: str, data: dict[str, Any],
                      events: list[dict[str, Any]]) -> list[str]:
    """What keeps a stored campaign from reading as a ledger (``RecordKind.readable``)."""
    try:
        ledger_of(name, data, events)
    except (ValueError, TypeError) as exc:
        return [str(exc)[:500]]
    return []


def describe(event: dict[str, Any]) -> str:
    """One line for a stored event, for history listings."""
    try:
        return event_from_record(str(event.get("kind")), dict(event.get("payload") or {})) \
            .describe()
    except (ValueError, TypeError):
        return f"{str(event.get('kind'))[:40]} (unreadable)"

