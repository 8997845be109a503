"""The campaign file: its strict TOML format, how it is read into the ledger's events.

::

    system = "arcadia-quest"
    name = "Winter campaign"
    two_player_pve = true            # with 2 guilds one of the 2 quests must still be PvE
    fixed_seating = false            # true: the guilds keep these seats every scenario

    [[guild]]                        # in seating order, clockwise, when the seats are fixed
    color = "blue"                   # orange, blue, red, green
    player = "Ana"
    heroes = ["Diva", "Greensleeves", "Grom"]
    slots = { Diva = ["Rusty Blade", "Parrying Blade"], Greensleeves = ["Slingshot"],
              Grom = ["Life Drain", "Nova Bolt"] }

    [[scenario]]                     # one table per scenario played, oldest first
    name = "District of Hammers"
    winner = "blue"

    [[scenario.guild]]               # what each guild did in it
    color = "blue"
    quests = ["Break the forge", "pvp:green", "Free the smiths"]
    first = ["Break the forge", "pvp:green"]
    hero_kills = 2
    monster_coins = 3
    chests = 1
    deaths = { Diva = 1 }
    neutral_deaths = { Diva = 1 }
    title = "..."                    # optional
    rewards = ["..."]                # optional: reward cards won from quests

    [[scenario.upgrade]]             # the upgrade phase after the scenario, per guild
    color = "blue"
    bought = ["Fire Sword"]
    discarded = []
    curses = { Diva = "Weakness" }
    slots = { Diva = ["Fire Sword", "Parrying Blade"], ... }

    [[scenario.correction]]          # optional: a guild's record set right after the scenario
    color = "blue"
    note = "a chest was missed"      # why (required)
    coins = 1                        # also add_cards, remove_cards, slots, add_titles
    before_upgrade = true            # made before the upgrade phase (default: after it)

    [[card]]                         # user-entered card data

A ``[[correction]]`` table at the top holds a correction made before the first scenario.

Unknown keys are rejected. Every mistake is reported with the file, line, table and key (a
misspelt key gets a "did you mean"); a file with any such problem cannot be checked (exit 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, Strict, ValidationError

from chronicle.catalog.modelconfig import STRICT
from chronicle.catalog.problems import FileProblem, did_you_mean
from chronicle.catalog.tomlmap import LineMap
from chronicle.domain.limits import DATE_MAX
from chronicle.systems.arcadia_quest.ledger import (
    CampaignStarted,
    Color,
    Correction,
    Event,
    GuildResult,
    GuildSetup,
    GuildUpgrade,
    ScenarioPlayed,
    UpgradePhase,
    campaign_start_of,
    correction_of,
    guild_result_of,
    guild_setup_of,
    guild_upgrade_of,
    scenario_events,
)
from chronicle.systems.arcadia_quest.quickcheck import LoadedCampaign, quick_campaign
from chronicle.systems.arcadia_quest.schema import Count, Flag, Name, Names, Text

MAX_GUILDS = 8
"""Guild tables read (more than 4 is reported by the rules; more than this is refused)."""
MAX_SCENARIOS = 20
MAX_HEROES = 20
MAX_CORRECTIONS = 50
"""Corrections in one scenario's tables (or before the first scenario)."""
MAX_COINS_CHANGE = 1000


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


ColorField = Annotated[Color, BeforeValidator(_lower)]
SlotMap = Annotated[dict[Name, Names], Field(max_length=MAX_HEROES)]
CountMap = Annotated[dict[Name, Count], Field(max_length=MAX_HEROES)]
CurseMap = Annotated[dict[Name, Name], Field(max_length=MAX_HEROES)]
DateText = Annotated[str, Field(min_length=1, max_length=DATE_MAX)]


def _date_text(value: Any) -> Any:
    import datetime as dt

    return value.isoformat() if isinstance(value, dt.date | dt.datetime) else value


class _Strict(BaseModel):
    model_config = STRICT


class GuildModel(_Strict):
    """One ``[[guild]]``."""

    color: ColorField
    player: Name | None = None
    heroes: Annotated[list[Name], Field(max_length=MAX_HEROES)] = []
    slots: SlotMap = {}
    notes: Text | None = None

    def to_setup(self) -> GuildSetup:
        """The ledger's guild."""
        return guild_setup_of(dict(self))


class ResultModel(_Strict):
    """One ``[[scenario.guild]]``."""

    color: ColorField
    quests: Names = []
    first: Names = []
    hero_kills: Count = 0
    monster_coins: Count = 0
    chests: Count = 0
    deaths: CountMap = {}
    neutral_deaths: CountMap = {}
    title: Name | None = None
    rewards: Names = []

    def to_result(self) -> GuildResult:
        """The ledger's guild result."""
        return guild_result_of(dict(self))


class UpgradeModel(_Strict):
    """One ``[[scenario.upgrade]]``."""

    color: ColorField
    bought: Names = []
    discarded: Names = []
    curses: CurseMap = {}
    slots: SlotMap | None = None

    def to_upgrade(self) -> GuildUpgrade:
        """The ledger's guild upgrade."""
        return guild_upgrade_of(dict(self))


class CorrectionFields(_Strict):
    """A guild's record set right, with the reason: what a correction says wherever it is
    written (the campaign file, the stored ``correction`` record)."""

    color: ColorField
    note: Text
    coins: Annotated[int, Strict(), Field(ge=-MAX_COINS_CHANGE, le=MAX_COINS_CHANGE)] = 0
    add_cards: Names = []
    remove_cards: Names = []
    slots: SlotMap | None = None
    add_titles: Names = []


class CorrectionModel(CorrectionFields):
    """One ``[[scenario.correction]]`` (or ``[[correction]]`` before the first scenario): a
    guild's record set right, with the reason."""

    before_upgrade: Flag = False
    """Made before the scenario's upgrade phase (default: after it)."""

    def to_correction(self) -> Correction:
        """The ledger's correction."""
        return correction_of(dict(self))


class ScenarioModel(_Strict):
    """One ``[[scenario]]``."""

    name: Name
    winner: ColorField
    date: Annotated[DateText, BeforeValidator(_date_text)] | None = None
    notes: Text | None = None
    guild: Annotated[list[ResultModel], Field(max_length=MAX_GUILDS)] = []
    upgrade: Annotated[list[UpgradeModel], Field(max_length=MAX_GUILDS)] = []
    correction: Annotated[list[CorrectionModel], Field(max_length=MAX_CORRECTIONS)] = []


class CampaignFile(_Strict):
    """A campaign file."""

    system: Literal["arcadia-quest"] = "arcadia-quest"
    name: Name
    two_player_pve: Flag = True
    fixed_seating: Flag = False
    notes: Text | None = None
    guild: Annotated[list[GuildModel], Field(max_length=MAX_GUILDS)] = []
    scenario: Annotated[list[ScenarioModel], Field(max_length=MAX_SCENARIOS)] = []
    correction: Annotated[list[CorrectionModel], Field(max_length=MAX_CORRECTIONS)] = []
    card: list[Any] = []

    def to_events(self) -> list[Event]:
        """The campaign as the ledger's events: the start, then each scenario and the upgrade
        phase after it (when recorded)."""
        events: list[Event] = [campaign_start_of(dict(self), map(dict, self.guild))]
        events += [c.to_correction() for c in self.correction]
        for played in self.scenario:
            events += scenario_events(dict(played), map(dict, played.guild),
                                      [dict(u) for u in played.upgrade],
                                      [dict(c) for c in played.correction])
        return events


def load_campaign(path: Path) -> LoadedCampaign:
    """Read a campaign file. When ``problems`` is not empty the file is unusable. A plainly valid
    file is read without the models (``quickcheck``), any other by them."""
    loaded, parsed = quick_campaign(path)
    if parsed is None:
        return loaded
    document, lines = parsed
    return read_campaign(document, lines, str(path), loaded)


def read_campaign(document: dict[str, Any], lines: LineMap | None, shown: str,
                  loaded: LoadedCampaign | None = None) -> LoadedCampaign:
    """Validate a parsed campaign document (``shown`` names it in problems)."""
    loaded = loaded or LoadedCampaign(Path(shown))
    try:
        model = CampaignFile.model_validate(document)
    except ValidationError as exc:
        loaded.problems.extend(_problems(exc, shown, lines, document))
        return loaded
    if model.card:
        from chronicle.systems.arcadia_quest.schema import SCHEMA

        loaded.read_cards(model.card, SCHEMA, shown, lines)
    loaded.name = model.name
    loaded.events = model.to_events()
    return loaded


_TABLES: dict[str, type[BaseModel]] = {"guild": GuildModel, "scenario": ScenarioModel,
                                       "correction": CorrectionModel,
                                       "scenario.guild": ResultModel,
                                       "scenario.upgrade": UpgradeModel,
                                       "scenario.correction": CorrectionModel}


def _nested_index(document: dict[str, Any], scenario: int, sub: str, index: int) -> int:
    """The index of ``[[scenario.<sub>]]`` number ``index`` of scenario ``scenario`` among all
    the file's ``[[scenario.<sub>]]`` headers."""
    scenarios = document.get("scenario")
    before = 0
    if isinstance(scenarios, list):
        for item in scenarios[:scenario]:
            inner = item.get(sub) if isinstance(item, dict) else None
            before += len(inner) if isinstance(inner, list) else 0
    return before + index


def _short(part: str) -> str:
    """A key of the file as shown in a problem: a hostile 10,000-character key is cut."""
    return part if len(part) <= 40 else f"{part[:37]}..."


def _problems(exc: ValidationError, path: str, lines: LineMap | None,
              document: dict[str, Any]) -> list[FileProblem]:
    found: list[FileProblem] = []
    for error in exc.errors():
        loc = list(error["loc"])
        table: str | None = None
        index = 0
        label = None
        fields: type[BaseModel] = CampaignFile
        if len(loc) >= 2 and loc[0] in ("guild", "scenario", "correction") \
                and isinstance(loc[1], int):
            table, index = str(loc[0]), loc[1]
            label = f"{table} #{index + 1}"
            loc = loc[2:]
            if table == "scenario" and len(loc) >= 2 \
                    and loc[0] in ("guild", "upgrade", "correction") and isinstance(loc[1], int):
                label += f": {loc[0]} #{loc[1] + 1}"
                table, index = f"scenario.{loc[0]}", _nested_index(document, index, str(loc[0]),
                                                                    loc[1])
                loc = loc[2:]
            fields = _TABLES[table]
        key = str(loc[0]) if loc else None
        where = None
        if lines is not None:
            where = (lines.key_line(table, index, key) if key else None) or (
                lines.entry_line(table, index) if table else None)
        dotted = ".".join(_short(str(p)) for p in loc) or None
        shown_field = f"{label}: {dotted}" if label and dotted else (label or dotted)
        if error["type"] == "extra_forbidden" and key:
            hint = did_you_mean(key, list(fields.model_fields)) if len(loc) == 1 else None
            found.append(FileProblem(path, "unknown key", line=where, field=shown_field,
                                     hint=hint))
        elif error["type"] == "missing":
            found.append(FileProblem(path, "is required", line=where, field=shown_field))
        else:
            message = error["msg"].removeprefix("Value error, ")
            shown = error.get("input")
            if error["type"] != "value_error" and not isinstance(shown, dict | list):
                text = repr(shown)
                message += f", got {text[:60] + '...' if len(text) > 60 else text}"
            found.append(FileProblem(path, message, line=where, field=shown_field))
    return found


def to_document(events: list[Event]) -> dict[str, Any]:
    """The campaign file's content for ``events`` (a start, then scenarios and upgrade phases).

    Raises:
        ValueError: for an event a campaign file cannot hold (a correction or an undo: export
            the replayed campaign instead) or a history that does not begin with the start.
    """
    if not events or not isinstance(events[0], CampaignStarted):
        raise ValueError("a campaign file begins with the campaign's start")
    start = events[0]
    document: dict[str, Any] = {"system": "arcadia-quest", "name": start.name,
                                "two_player_pve": start.two_player_pve,
                                "fixed_seating": start.fixed_seating or None, "guild": [],
                                "scenario": []}
    document["guild"] = [guild_record(g) for g in start.guilds]
    document["correction"] = []
    for event in events[1:]:
        last = document["scenario"][-1] if document["scenario"] else None
        if isinstance(event, ScenarioPlayed):
            document["scenario"].append({
                "name": event.name, "winner": event.winner, "date": event.date,
                "notes": event.note, "guild": [result_record(r) for r in event.results],
                "upgrade": [], "correction": []})
        elif isinstance(event, UpgradePhase) and last is not None:
            last["upgrade"].extend(upgrade_record(u) for u in event.upgrades)
        elif isinstance(event, Correction):
            table = correction_record(event)
            if last is None:
                document["correction"].append(table)
            else:
                if not last["upgrade"]:
                    table["before_upgrade"] = True
                last["correction"].append(table)
        else:
            raise ValueError(f"a campaign file cannot hold this event: {event.describe()}")
    return document


def correction_record(c: Correction) -> dict[str, Any]:
    """A ``[[scenario.correction]]`` table for ``c``."""
    return _set({"color": c.color, "note": c.note, "coins": c.coins or None,
                 "add_cards": list(c.add_cards) or None,
                 "remove_cards": list(c.remove_cards) or None,
                 "slots": None if c.slots is None else {h: list(v) for h, v in c.slots.items()},
                 "add_titles": list(c.add_titles) or None})


def guild_record(g: GuildSetup) -> dict[str, Any]:
    """A ``[[guild]]`` table for ``g``."""
    return _set({"color": g.color, "player": g.player, "heroes": list(g.heroes),
                 "slots": {h: list(c) for h, c in g.slots.items()}})


def result_record(r: GuildResult) -> dict[str, Any]:
    """A ``[[scenario.guild]]`` table for ``r``."""
    return _set({"color": r.color, "quests": list(r.quests), "first": list(r.first),
                 "hero_kills": r.hero_kills, "monster_coins": r.monster_coins,
                 "chests": r.chests, "deaths": dict(r.deaths),
                 "neutral_deaths": dict(r.neutral_deaths), "title": r.title,
                 "rewards": list(r.rewards) or None})


def upgrade_record(u: GuildUpgrade) -> dict[str, Any]:
    """A ``[[scenario.upgrade]]`` table for ``u``."""
    return _set({"color": u.color, "bought": list(u.bought), "discarded": list(u.discarded),
                 "curses": dict(u.curses),
                 "slots": None if u.slots is None else {h: list(c) for h, c in u.slots.items()}})


def _set(table: dict[str, Any]) -> dict[str, Any]:
    """The keys of a table that hold a value (TOML has no null)."""
    return {k: v for k, v in table.items() if v is not None}


def dump_campaign(events: list[Event], header: str = "") -> str:
    """``events`` as campaign-file TOML text that reads back to the same events."""
    from chronicle.catalog.tomlwrite import key, value

    document = to_document(events)
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [""] if lines else []
    lines += [f"{key(k)} = {value(v)}" for k, v in document.items()
              if k not in ("guild", "scenario", "correction") and v is not None]

    def table(name: str, entry: dict[str, Any], nested: tuple[str, ...] = ()) -> None:
        lines.extend(["", f"[[{name}]]"])
        lines.extend(f"{key(k)} = {value(v)}" for k, v in entry.items()
                     if v is not None and k not in nested)

    for guild in document["guild"]:
        table("guild", guild)
    for fix in document["correction"]:
        table("correction", fix)
    for played in document["scenario"]:
        table("scenario", played, ("guild", "upgrade", "correction"))
        for result in played["guild"]:
            table("scenario.guild", result)
        for upgrade in played["upgrade"]:
            table("scenario.upgrade", upgrade)
        for fix in played["correction"]:
            table("scenario.correction", fix)
    return "\n".join(lines) + "\n"
