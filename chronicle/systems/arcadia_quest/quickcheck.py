"""Arcadia Quest's campaign file, read without building pydantic's validators when it is
plainly valid (why, and how the field tables come from the models: ``chronicle.catalog.quick``).

The models of ``campaignfile.py`` judge. A campaign whose every key is known and every value
already in its final form (text trimmed and within its length, names on one line without control
characters, whole numbers in range, colours in lower case, lists and maps within their length,
what each table requires present) and that defines no ``[[card]]`` is read here into the
ledger's events as the models would read it; anything else goes to the models
(``campaignfile.read_campaign``), which accept, normalise or refuse it with their located
message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chronicle.catalog.loadedfile import LoadedFile
from chronicle.catalog.loader import read_toml
from chronicle.catalog.quick import SHALLOW, Check, QuickSchema, checks, generated_tables, required
from chronicle.catalog.tomlmap import LineMap
from chronicle.systems.arcadia_quest.ledger import (
    Event,
    campaign_start_of,
    correction_of,
    scenario_events,
)

spec = generated_tables(__file__)
"""The field tables generated from the models (``quickspec.json``)."""


@dataclass
class LoadedCampaign(LoadedFile):
    """A campaign file read: its name and events (with the cards it defines and any problems
    found)."""

    name: str | None = None
    events: list[Event] = field(default_factory=list)


HANDLED: dict[str, Check | None] = {
    "_lower": None, "_date_text": None,  # a value in its final form passes them unchanged
    "_single_line": lambda v: "\n" not in v and "\t" not in v}
"""The models' validators the types do not show, and what each adds."""
_EACH: dict[str, Check | str] = {"guild": SHALLOW, "scenario": SHALLOW, "upgrade": SHALLOW,
                                 "correction": SHALLOW}  # each table is read below
GUILD: dict[str, Check] = checks(spec.GUILD, handled=HANDLED)
RESULT: dict[str, Check] = checks(spec.RESULT, handled=HANDLED)
UPGRADE: dict[str, Check] = checks(spec.UPGRADE, handled=HANDLED)
CORRECTION: dict[str, Check] = checks(spec.CORRECTION, handled=HANDLED)
SCENARIO: dict[str, Check] = checks(spec.SCENARIO, _EACH, handled=HANDLED)
CAMPAIGN: dict[str, Check] = checks(spec.CAMPAIGN, {**_EACH, "card": lambda v: v == []},
                                    handled=HANDLED)
"""Each table's checks, from its model's generated table (``quickspec.json``); a campaign with
cards goes to the models."""
_REQUIRED: dict[int, tuple[str, ...]] = {
    id(GUILD): required(spec.GUILD), id(RESULT): required(spec.RESULT),
    id(UPGRADE): required(spec.UPGRADE), id(CORRECTION): required(spec.CORRECTION),
    id(SCENARIO): required(spec.SCENARIO), id(CAMPAIGN): required(spec.CAMPAIGN)}


def _table(data: Any, fields: dict[str, Check]) -> dict[str, Any] | None:
    if type(data) is not dict or not data.keys() <= fields.keys():
        return None
    if not all(key in data for key in _REQUIRED[id(fields)]):
        return None
    return data if all(fields[key](value) for key, value in data.items()) else None


def _all(items: Any, fields: dict[str, Check]) -> list[dict[str, Any]] | None:
    tables = [_table(item, fields) for item in items]
    return None if any(t is None for t in tables) else [t for t in tables if t is not None]


def _scenario(t: dict[str, Any]) -> list[Event] | None:
    results, upgrades = _all(t.get("guild", ()), RESULT), _all(t.get("upgrade", ()), UPGRADE)
    corrections = _all(t.get("correction", ()), CORRECTION)
    if results is None or upgrades is None or corrections is None:
        return None
    return scenario_events(t, results, upgrades, corrections)


def campaign(document: dict[str, Any]) -> tuple[str, list[Event]] | None:
    """A plainly valid campaign document's name and events; None when the models must judge
    it."""
    found = _table(document, CAMPAIGN)
    if found is None:
        return None
    guilds = _all(found.get("guild", ()), GUILD)
    corrections = _all(found.get("correction", ()), CORRECTION)
    if guilds is None or corrections is None:
        return None
    events: list[Event] = [campaign_start_of(found, guilds)]
    events += [correction_of(c) for c in corrections]
    for item in found.get("scenario", ()):
        played = _scenario(item) if _table(item, SCENARIO) is not None else None
        if played is None:
            return None
        events += played
    return found["name"], events


def quick_campaign(path: Path) -> tuple[LoadedCampaign, tuple[dict[str, Any], LineMap] | None]:
    """Read a campaign file: the file as read when it could not be parsed or is plainly valid,
    else with the parsed document and its line map for the models
    (``campaignfile.read_campaign``)."""
    loaded = LoadedCampaign(path)
    parsed = read_toml(path, loaded.problems)
    if parsed is None:
        return loaded, None
    quick = campaign(parsed[0])
    if quick is None:
        return loaded, parsed
    loaded.name, loaded.events = quick
    return loaded, None


CARD_SCHEMA: QuickSchema[Any] = QuickSchema(
    "arcadia-quest", 1, "chronicle.systems.arcadia_quest.schema:SCHEMA",
    kinds=("hero", "upgrade", "curse", "scenario", "monster", "title"))
"""The card schema the catalog reads Arcadia Quest's card files with."""

__all__ = ["CAMPAIGN", "CARD_SCHEMA", "CORRECTION", "GUILD", "RESULT", "SCENARIO", "UPGRADE",
           "LoadedCampaign", "campaign", "quick_campaign"]
