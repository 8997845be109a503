"""Arcadia Quest's use cases over the database: campaigns kept as records of kind ``campaign``
(the group's) in the generic record store (``chronicle.services.recordstore``), each scenario,
upgrade phase, correction and undo an event appended to it.

Every write is checked twice: here first, so the refusal names exactly what the new event would
break (``rules.check_event``), and by the store itself, which runs the record kind's check
(``record.check_record``) before and after in the same transaction. Imports are checked whole
before anything is written. Errors are the services' own: ``NotFound`` (with "did you mean"),
``Refused`` (carrying the violations), ``BadInput``, ``AlreadyExists``, ``Conflict``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.errors import BadInput, NotFound, Refused
from chronicle.rules.report import Report, Violation
from chronicle.services.gamerecords import GameRecords
from chronicle.systems.arcadia_quest import KEY, LABEL
from chronicle.systems.arcadia_quest.drafts import starting_slots
from chronicle.systems.arcadia_quest.record import (
    RECORD_KIND,
    catalog_for,
    data_of,
    ledger_of,
    payload_of,
)

if TYPE_CHECKING:
    from chronicle.export.model import Document
    from chronicle.services.db import Database
    from chronicle.services.recordstore import StoredRecord
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog
    from chronicle.systems.arcadia_quest.ledger import Event


UNKNOWN_NAMES = frozenset({"card.unknown", "card.wrong_kind", "guild.hero_not_in_guild",
                           "scenario.guild_unknown"})
"""Errors that mean an entry names what the catalog or the campaign does not know (a card, a
hero of the guild, a guild's colour): bad input, not a rule broken."""


class UnknownName(NotFound):
    """An entry names a card, hero or guild nobody knows; ``report`` holds those violations
    (each with its nearest name). Nothing was written."""

    def __init__(self, message: str, report: Report) -> None:
        super().__init__(message)
        self.report = report


def refuse(errors: list[Violation], what: str) -> None:
    """Refuse ``what`` when ``errors`` hold any: ``UnknownName`` when some name what nobody
    knows, else ``Refused``. Nothing is written either way.

    Raises:
        UnknownName, Refused: as said.
    """
    unknown = [v for v in errors if v.code in UNKNOWN_NAMES]
    if unknown:
        raise UnknownName(f"{what} names what is not known; nothing was written: "
                          + "; ".join(v.message + (f" ({v.fix})" if v.fix else "")
                                      for v in unknown), Report(unknown))
    if errors:  # worded as the record store words its refusals, the fixes left to the fronts
        raise Refused(f"{what} would break the rules: "
                      + "; ".join(f"{v.message} ({v.code})" for v in errors)
                      + "; nothing was written", Report(errors))


@dataclass(frozen=True)
class HistoryLine:
    """One event of a campaign's history, numbered as the ledger numbers it (1: the start)."""

    number: int
    kind: str
    text: str
    recorded_at: str | None
    undone_by: int | None = None


@dataclass
class CampaignView:
    """A stored campaign as the fronts show it."""

    name: str
    report: Report
    """Every violation and the JSON summary (``summary.summarize``)."""
    history: list[HistoryLine]
    events: list[Event]
    cards: list[dict[str, Any]] = field(default_factory=list)
    """The campaign's own ``[[card]]`` tables."""
    version: int = 0
    archived: bool = False
    created_at: str | None = None

    @property
    def summary(self) -> dict[str, Any]:
        """The report's summary."""
        summary: dict[str, Any] = self.report.summary
        return summary

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape: the summary, the violations and the history."""
        return {**self.summary, "valid": self.report.valid, "archived": self.archived,
                "violations": [v.to_dict(campaign=self.name) for v in self.report.violations],
                "history": [{"number": h.number, "kind": h.kind, "text": h.text,
                             "recorded_at": h.recorded_at, "undone_by": h.undone_by}
                            for h in self.history]}


def _catalog(db: Database, own: list[Any] | None = None) -> QuestCatalog:
    """The catalog the store checks a campaign with: bundled cards, the user's folder, the
    group's cards (``records.context``), then the campaign's own."""
    from chronicle.services import recordstore as records

    context = records.context(db, KEY)
    return catalog_for(context.user_cards_dir, context.group_cards, own or [])


def view_of(db: Database, stored: StoredRecord,
            owned: list[str] | bool | None = True) -> CampaignView:
    """The view of a stored campaign: its ledger replayed with every rule; ``owned`` the
    group's products (True: read them now)."""
    from chronicle.systems.arcadia_quest.ledger import effective
    from chronicle.systems.arcadia_quest.rules import check_campaign

    stored_events = stored.history()
    try:
        events, own = ledger_of(stored.name, stored.data, stored_events)
    except ValueError as exc:
        raise BadInput(f"the campaign {stored.name!r} cannot be read: {exc}") from None
    products = owned_products(db) if owned is True else owned or None
    cards = _catalog(db, own)
    report = check_campaign(events, cards, products)
    report.summary["name"] = stored.name
    report.extend(not_owned(db, report.summary, cards))
    _kept, undone, _problems = effective(events)
    history = [HistoryLine(1, "start", events[0].describe(),
                           stored.created_at.isoformat(timespec="seconds"))]
    for event, kept in zip(stored.events, events[1:], strict=True):
        number = event.seq + 1
        history.append(HistoryLine(number, event.kind, kept.describe(),
                                   event.recorded_at.isoformat(timespec="seconds"),
                                   undone.get(number)))
    return CampaignView(stored.name, report, history, events,
                        list(stored.data.get("card") or []), stored.version,
                        stored.archived_at is not None,
                        stored.created_at.isoformat(timespec="seconds"))


def not_owned(db: Database, summary: dict[str, Any], cards: QuestCatalog) -> list[Violation]:
    """The ``collection.not_owned`` warnings of a campaign: a guild's hero, or an upgrade it
    holds (not a starting card), that the guild's player has not recorded in their collection
    (once they have recorded any Arcadia Quest card; never a refusal)."""
    from chronicle.services.collection import not_owned_warnings
    from chronicle.systems.arcadia_quest.cards import Kind, Upgrade

    uses: list[tuple[str | None, str, str]] = []
    for guild in (summary.get("guilds") or {}).values():
        player = guild.get("player")
        if not player:
            continue
        uses += [(player, hero, Kind.HERO.value) for hero in guild.get("heroes") or ()]
        for held in (guild.get("slots") or {}).values():
            for name in held:
                card = cards.get(name, Kind.UPGRADE)
                if isinstance(card, Upgrade) and not card.starter:
                    uses.append((player, card.name, Kind.UPGRADE.value))
    return not_owned_warnings(db, KEY, uses)


def group_catalog(db: Database) -> QuestCatalog:
    """The catalog a new campaign is checked with (for the app's live check)."""
    return _catalog(db)


def catalog_of(db: Database, view: CampaignView) -> QuestCatalog:
    """The catalog ``view`` is checked with (for the app's live tallies)."""
    own = ledger_of(view.name, {"card": view.cards}, [])[1] if view.cards else []
    return _catalog(db, own)


PRODUCT = "product"
"""The kind of an Arcadia Quest product (a box) in a player's collection."""


def owned_products(db: Database) -> list[str] | None:
    """The Arcadia Quest products the group owns (every player's collection together), or None
    when nobody has recorded any: then every known hero and scenario is offered."""
    from chronicle.services.ownership import owned_cards
    from chronicle.services.players import list_players

    found: dict[str, str] = {}
    for player in list_players(db):
        for owned in owned_cards(db, player.name, KEY):
            if owned.kind == PRODUCT and owned.count > 0:
                found.setdefault(owned.name.casefold(), owned.name)
    return sorted(found.values(), key=str.casefold) or None


def own_products(db: Database, player: str, names: list[str]) -> list[str]:
    """Record that ``player`` owns the products ``names`` (boxes, expansions); returns the
    group's products after it. A product owned already stays owned once.

    Raises:
        NotFound: no such player.
        BadInput: a product no card names (with "did you mean").
    """
    from chronicle.catalog.problems import did_you_mean
    from chronicle.services.ownership import add_cards_by_card, owned_cards
    from chronicle.systems.arcadia_quest.catalog import products

    known = {p.casefold(): p for p in products(_catalog(db))}
    chosen: dict[str, str] = {}
    for name in names:
        product = known.get(" ".join(name.split()).casefold())
        if product is None:
            hint = did_you_mean(name, list(known.values()))
            raise BadInput(f"no Arcadia Quest product is called {name[:60]!r}"
                           + (f"; {hint}" if hint else "")
                           + "; see 'chronicle campaign products'")
        chosen[product.casefold()] = product
    held = {o.name.casefold() for o in owned_cards(db, player, KEY) if o.kind == PRODUCT}
    add = {(p, PRODUCT): 1 for key, p in chosen.items() if key not in held}
    if add:
        add_cards_by_card(db, player, add, game=KEY)
    return owned_products(db) or []


def known_products(db: Database) -> list[str]:
    """Every product some card of the catalog names."""
    from chronicle.systems.arcadia_quest.catalog import products

    return products(_catalog(db))


def _refuse_errors(report: Report, what: str) -> None:
    refuse(list(report.errors), what)


def new_campaign(db: Database, name: str, guilds: list[dict[str, Any]], *,
                 two_player_pve: bool = True, fixed_seating: bool = False,
                 cards: list[dict[str, Any]] | None = None) -> CampaignView:
    """Start a campaign: ``guilds`` are ``[[guild]]`` tables (colour, player, heroes, slots)
    in seating order (``fixed_seating``: kept in every scenario). A guild given no slots gets
    the five starting cards spread over its heroes in order (2, 2, 1), as a player may
    rearrange them before the first scenario.

    Raises:
        BadInput: a guild that does not fit the campaign file's format.
        Refused: the campaign breaks a rule (too few guilds, a hero twice, ...).
        AlreadyExists: a campaign of that name exists.
    """
    from chronicle.systems.arcadia_quest.rules import check_campaign

    tables = _named(db, "data", {"guild": [dict(g) for g in guilds]})["guild"]
    catalog = _catalog(db)
    for table in tables:
        if not table.get("slots") and isinstance(table.get("heroes"), list):
            table["slots"] = starting_slots(table["heroes"], catalog)
    data: dict[str, Any] = {"two_player_pve": two_player_pve, "guild": tables,
                            "card": list(cards or [])}
    if fixed_seating:
        data["fixed_seating"] = True
    try:
        events, own = ledger_of(name, data, [])
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    _refuse_errors(check_campaign(events, _catalog(db, own)), f"the campaign {name!r}")
    return CAMPAIGNS.create(db, name, data)


def import_campaign(db: Database, path: Path, *, name: str | None = None) -> CampaignView:
    """Read a campaign file and keep it in the database (``name`` overrides the file's). The
    file is checked whole first: nothing is written when a rule is broken.

    Raises:
        BadInput: the file cannot be read (every problem named, with its line).
        Refused: the campaign breaks a rule.
        AlreadyExists: a campaign of that name exists.
    """
    from chronicle.catalog.loader import read_toml
    from chronicle.catalog.problems import FileProblem
    from chronicle.systems.arcadia_quest.campaignfile import read_campaign
    from chronicle.systems.arcadia_quest.ledger import CampaignStarted
    from chronicle.systems.arcadia_quest.rules import check_campaign

    problems: list[FileProblem] = []
    parsed = read_toml(path, problems)
    loaded = read_campaign(parsed[0], parsed[1], str(path)) if parsed is not None else None
    if loaded is None or loaded.problems:
        found = problems if loaded is None else loaded.problems
        raise BadInput("\n".join(str(p) for p in found[:20]) or f"{path} cannot be read")
    document = parsed[0] if parsed is not None else {}
    events = loaded.events
    start = events[0]
    assert isinstance(start, CampaignStarted)
    chosen = name or start.name
    raw_cards = document.get("card") if isinstance(document, dict) else None
    cards = list(raw_cards) if isinstance(raw_cards, list) else []
    data = _named(db, "data", data_of(start, cards))     # the cards under their own names
    history = [(kind, _named(db, kind, payload))
               for kind, payload in (payload_of(event) for event in events[1:])]
    try:
        events, own = ledger_of(chosen, data, [{"kind": k, "payload": p} for k, p in history])
    except ValueError as exc:
        raise BadInput(f"{path}: {exc}") from None
    report = check_campaign(events, _catalog(db, own))
    _refuse_errors(report, f"the campaign file {path.name}")
    return CAMPAIGNS.create(db, chosen, data, events=history)


def show_campaign(db: Database, name: str, *, archived: bool = False) -> CampaignView:
    """A campaign, replayed and checked.

    Raises:
        NotFound: no such campaign (with "did you mean").
    """
    return CAMPAIGNS.get(db, name, archived=archived)


def list_campaigns(db: Database, *, archived: bool = False) -> list[CampaignView]:
    """Every campaign of the group (the archived ones with ``archived``)."""
    from chronicle.services import recordstore as records

    owned = owned_products(db)
    return [view_of(db, r, owned)
            for r in records.list_records(db, KEY, RECORD_KIND, archived=archived)]


def _append(db: Database, name: str, event: Event, what: str,
            built_from: CampaignView | None = None) -> CampaignView:
    """Check ``event`` against the campaign, then append it (the store checks it again on the
    campaign as the write reads it). ``built_from``: the campaign the event was made from (an
    upgrade keeping the slots it saw); a campaign changed since is refused (``Conflict``)."""
    from chronicle.systems.arcadia_quest.rules import check_event

    current = built_from or show_campaign(db, name)
    added = check_event(current.events, event, catalog_of(db, current))
    refuse([v for v in added if v.severity.value == "error"], f"{what} of {current.name}")
    kind, payload = payload_of(event)
    return CAMPAIGNS.append(db, current.name, kind, payload,
                            expected_version=None if built_from is None else built_from.version)


def _named(db: Database, where: str, value: dict[str, Any]) -> dict[str, Any]:
    """``value`` (the data, or an event's payload) with every card named by another of its
    names (the rulebook's Spanish one, another letter case) under the card's own: the rules
    judge and the messages say the cards the store will keep."""
    from chronicle.services.cardnames import own_names

    return own_names(db, KEY, RECORD_KIND, where, value)


def _event(kind: str, payload: dict[str, Any]) -> Event:
    from chronicle.systems.arcadia_quest.codec import event_from_record

    try:
        return event_from_record(kind, payload)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def record_scenario(db: Database, name: str, payload: dict[str, Any]) -> CampaignView:
    """Append a scenario played (``payload``: a ``[[scenario]]`` table with its guilds).

    Raises:
        NotFound, BadInput, Refused: as for every write.
    """
    payload = _named(db, "scenario", payload)
    return _append(db, name, _event("scenario", payload), "the scenario")


def record_upgrade(db: Database, name: str, payload: dict[str, Any]) -> CampaignView:
    """Append the upgrade phase after the last scenario (``payload``: ``upgrade``, a list of
    ``[[scenario.upgrade]]`` tables). A guild that places only some heroes' slots keeps the
    others' as they were, less the cards it discards.

    Raises:
        NotFound, BadInput, Refused: as for every write.
    """
    payload = _named(db, "upgrade", payload)
    current = show_campaign(db, name)
    guilds = current.summary["guilds"]
    tables = []
    for table in payload.get("upgrade") or []:
        table = dict(table)
        slots = table.get("slots")
        state = guilds.get(str(table.get("color", "")).strip().lower())
        if isinstance(slots, dict) and slots and state is not None:
            gone = {str(c).casefold() for c in table.get("discarded") or []}
            given = {str(h).casefold() for h in slots}
            for hero, cards in state["slots"].items():
                if hero.casefold() not in given:
                    slots[hero] = [c for c in cards if c.casefold() not in gone]
        tables.append(table)
    return _append(db, name, _event("upgrade", {**payload, "upgrade": tables}),
                   "the upgrade phase", current)


def correct(db: Database, name: str, payload: dict[str, Any]) -> CampaignView:
    """Append a correction (a guild's coins, cards, slots or titles set right, with a note).

    Raises:
        NotFound, BadInput, Refused: as for every write.
    """
    return _append(db, name, _event("correction", _named(db, "correction", payload)),
                   "the correction")


def undo(db: Database, name: str, number: int | None = None,
         note: str | None = None) -> tuple[CampaignView, HistoryLine]:
    """Undo event ``number`` (default: the last one still counting) by appending an undo; the
    event stays in the history, marked. Returns the campaign and the event undone.

    Raises:
        NotFound: no such campaign.
        BadInput: nothing to undo, or a number that names no event that can be undone.
    """
    current = show_campaign(db, name)
    undoable = [h for h in current.history
                if h.kind not in ("start", "undo") and h.undone_by is None]
    if number is None:
        if not undoable:
            raise BadInput(f"{current.name} has nothing to undo: no scenario, upgrade phase "
                           "or correction is recorded")
        target = undoable[-1]
    else:
        found = [h for h in undoable if h.number == number]
        if not found:
            numbers = ", ".join(str(h.number) for h in undoable) or "none"
            raise BadInput(f"event {number} of {current.name} cannot be undone; events that "
                           f"can: {numbers} (see 'chronicle campaign history')")
        target = found[0]
    payload: dict[str, Any] = {"target": target.number}
    if note:
        payload["note"] = note
    # "the last one" as read: refused (Conflict) if another event landed meanwhile
    return _append(db, name, _event("undo", payload), "the undo",
                   current if number is None else None), target


def export_text(db: Database, name: str) -> str:
    """The campaign as a campaign file (the events still counting; undone ones left out), with
    its own cards.

    Raises:
        NotFound: no such campaign.
        BadInput: a correction is recorded (the campaign file has no place for one).
    """
    from chronicle.catalog.tomlwrite import key, value
    from chronicle.systems.arcadia_quest.campaignfile import dump_campaign
    from chronicle.systems.arcadia_quest.ledger import effective

    current = show_campaign(db, name)
    kept = [event for _n, event in effective(current.events)[0]]
    try:
        text = dump_campaign(kept, f"{LABEL} campaign exported by Arcadia Chronicle")
    except ValueError as exc:
        raise BadInput(f"{current.name} cannot be written as a campaign file: {exc}") from None
    for card in current.cards:
        if isinstance(card, dict):
            text += "\n[[card]]\n" + "".join(f"{key(k)} = {value(v)}\n"
                                               for k, v in card.items() if v is not None)
    return text


def campaign_sheet(db: Database, name: str, player: str | None = None) -> Document:
    """The campaign sheet of a stored campaign (``chronicle export campaign NAME``; campaigns
    are the group's, so ``player`` is not used).

    Raises:
        NotFound: no such campaign.
    """
    from chronicle.systems.arcadia_quest.sheets import sheet_document

    return sheet_document(show_campaign(db, name))


CAMPAIGNS: GameRecords[CampaignView] = GameRecords(KEY, RECORD_KIND, view_of,
                                                  sheet=campaign_sheet, suffix="-campaign")
"""The group's campaigns: the use cases every kept record has (``GameRecords``)."""
rename_campaign = CAMPAIGNS.rename
delete_campaign = CAMPAIGNS.delete
restore_campaign = CAMPAIGNS.restore
export_sheet = CAMPAIGNS.export_sheet
