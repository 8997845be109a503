"""Campaign ledger events to and from plain records (a kind and a JSON-ready dict), for storage
and the whole-database export. A record read back goes through the same strict models and limits
as the campaign file: one set of limits for every way in.

Kinds: ``start``, ``scenario``, ``upgrade``, ``correction``, ``undo``.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, Strict, ValidationError

from chronicle.catalog.modelconfig import STRICT
from chronicle.systems.arcadia_quest.campaignfile import (
    MAX_GUILDS,
    ColorField,
    CorrectionFields,
    DateText,
    GuildModel,
    ResultModel,
    UpgradeModel,
    guild_record,
    result_record,
    upgrade_record,
)
from chronicle.systems.arcadia_quest.ledger import (
    CampaignStarted,
    Correction,
    Event,
    ScenarioPlayed,
    Undo,
    UpgradePhase,
    campaign_start_of,
    correction_of,
    scenario_played_of,
)
from chronicle.systems.arcadia_quest.schema import Flag, Name, Text

KINDS = ("start", "scenario", "upgrade", "correction", "undo")


class _Strict(BaseModel):
    model_config = STRICT


class StartRecord(_Strict):
    """``start``: the campaign's name, the two-player reading, fixed seats and the guilds."""

    name: Name
    two_player_pve: Flag = True
    fixed_seating: Flag = False
    guild: Annotated[list[GuildModel], Field(max_length=MAX_GUILDS)] = []


class ScenarioRecord(_Strict):
    """``scenario``: one scenario played."""

    name: Name
    winner: ColorField
    date: DateText | None = None
    notes: Text | None = None
    guild: Annotated[list[ResultModel], Field(max_length=MAX_GUILDS)] = []


class UpgradeRecord(_Strict):
    """``upgrade``: the upgrade phase after the last scenario."""

    upgrade: Annotated[list[UpgradeModel], Field(max_length=MAX_GUILDS)] = []
    note: Text | None = None


class CorrectionRecord(CorrectionFields):
    """``correction``: a guild's record set right, with the reason."""


class UndoRecord(_Strict):
    """``undo``: the number of the event it reverses."""

    target: Annotated[int, Strict(), Field(ge=1, le=100_000)]
    note: Text | None = None


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


def event_to_record(event: Event) -> tuple[str, dict[str, Any]]:
    """The kind and payload stored for ``event``."""
    if isinstance(event, CampaignStarted):
        seats = {"fixed_seating": True} if event.fixed_seating else {}
        return "start", {"name": event.name, "two_player_pve": event.two_player_pve, **seats,
                         "guild": [guild_record(g) for g in event.guilds]}
    if isinstance(event, ScenarioPlayed):
        return "scenario", _clean({"name": event.name, "winner": event.winner,
                                   "date": event.date, "notes": event.note,
                                   "guild": [result_record(r) for r in event.results]})
    if isinstance(event, UpgradePhase):
        return "upgrade", _clean({"upgrade": [upgrade_record(u) for u in event.upgrades],
                                  "note": event.note})
    if isinstance(event, Correction):
        return "correction", _clean({
            "color": event.color, "note": event.note, "coins": event.coins,
            "add_cards": list(event.add_cards), "remove_cards": list(event.remove_cards),
            "slots": None if event.slots is None else
            {h: list(c) for h, c in event.slots.items()},
            "add_titles": list(event.add_titles)})
    return "undo", _clean({"target": event.target, "note": event.note})


def event_from_record(kind: str, data: dict[str, Any]) -> Event:
    """The event stored as ``kind`` and ``data``.

    Raises:
        ValueError: for an unknown kind or a payload that does not fit it (the message names
            the field).
    """
    try:
        if kind == "start":
            start = StartRecord.model_validate(data)
            return campaign_start_of(dict(start), map(dict, start.guild))
        if kind == "scenario":
            played = ScenarioRecord.model_validate(data)
            return scenario_played_of(dict(played), map(dict, played.guild))
        if kind == "upgrade":
            phase = UpgradeRecord.model_validate(data)
            return UpgradePhase(upgrades=tuple(u.to_upgrade() for u in phase.upgrade),
                                note=phase.note)
        if kind == "correction":
            fix = CorrectionRecord.model_validate(data)
            return correction_of(dict(fix))
        if kind == "undo":
            undo = UndoRecord.model_validate(data)
            return Undo(target=undo.target, note=undo.note)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])[:80] or kind
        raise ValueError(f"a {kind} record does not fit: {where}: {first['msg']}") from None
    raise ValueError(f"unknown campaign event kind {kind[:40]!r}; one of {', '.join(KINDS)}")
