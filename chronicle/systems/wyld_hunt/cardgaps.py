"""What the Wyld Hunt catalog lacks, for collectors, and the user's own cards as one file to
share.

``catalog_gaps`` answers "which physical cards should I look at first?": per kind, how many
cards are complete, which values are missing and how often, and the incomplete cards in the
order worth checking (fewest values missing first, so one look completes a card; then cards of a
known set; then by name), plus the leads (names whose kind no source states).
``export_own_cards`` writes the user's own cards (new cards and corrections, exactly the values
the user gave) as one card file; ``import_cards`` takes such a file in, all or nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.problems import FileProblem
from chronicle.catalog.tomlwrite import dumps
from chronicle.domain.values import name_key
from chronicle.systems.wyld_hunt import GAME
from chronicle.systems.wyld_hunt.cards import KIND_ORDER, Card, CardSet, Kind
from chronicle.systems.wyld_hunt.leads import Lead, load_leads
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog, read_sources

if TYPE_CHECKING:
    from chronicle.services.db import Database

_SET_ORDER = {CardSet.WYLD_HUNT: 0, CardSet.IRONHEART: 1, None: 2}


@dataclass
class KindGaps:
    """One kind of card: how complete the catalog is, and what is missing."""

    kind: Kind
    total: int = 0
    complete: int = 0
    missing: Counter[str] = field(default_factory=Counter)
    """How many cards lack each value."""
    cards: list[Card] = field(default_factory=list)
    """The incomplete cards, in the order worth checking."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle cards missing --json``."""
        return {"kind": self.kind.value, "total": self.total, "complete": self.complete,
                "missing": dict(self.missing.most_common()),
                "cards": [{"name": c.name, "set": c.set.value if c.set else None,
                           "missing": c.missing(), "origin": c.origin.value}
                          for c in self.cards]}


@dataclass
class CatalogGaps:
    """The whole catalog's gaps, kind by kind, and its leads."""

    kinds: list[KindGaps]
    leads: list[Lead] = field(default_factory=list)
    """Leads no card of the catalog completes yet."""
    completed_leads: list[str] = field(default_factory=list)
    """Leads a card of the same name now completes (the user added it)."""
    problems: list[FileProblem] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Cards in the catalog (leads are not cards)."""
        return sum(k.total for k in self.kinds)

    @property
    def complete(self) -> int:
        """Cards with every value their kind prints known."""
        return sum(k.complete for k in self.kinds)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle cards missing --json``."""
        return {"total": self.total, "complete": self.complete,
                "kinds": [k.to_dict() for k in self.kinds],
                "leads": [lead.to_dict() for lead in self.leads],
                "completed_leads": list(self.completed_leads)}


def check_order(card: Card) -> tuple[int, int, str]:
    """Sort key of an incomplete card: fewest values missing, known set first, then name."""
    return (len(card.missing()), _SET_ORDER[card.set], card.name.casefold())


def catalog_gaps(catalog: WyldHuntCatalog | None = None, kind: str | None = None,
                 leads_dir: Path | None = None) -> CatalogGaps:
    """What the catalog lacks, per kind (or for ``kind`` only), and the open leads."""
    if catalog is None:
        from chronicle.systems.wyld_hunt.services.usercards import layered_catalog

        catalog = layered_catalog()
    by_kind = {k: KindGaps(k) for k in sorted(Kind, key=lambda k: KIND_ORDER[k])
               if kind is None or k.value == kind}
    for card in catalog:
        gaps = by_kind.get(card.kind)
        if gaps is None:
            continue
        gaps.total += 1
        missing = card.missing()
        if not missing:
            gaps.complete += 1
            continue
        gaps.missing.update(missing)
        gaps.cards.append(card)
    for gaps in by_kind.values():
        gaps.cards.sort(key=check_order)
    found, problems = load_leads(leads_dir or read_sources().bundled_dir)
    result = CatalogGaps(list(by_kind.values()), problems=problems)
    for lead in found:
        if catalog.named(lead.name):
            result.completed_leads.append(lead.name)
        elif kind is None or any(k.value == kind for k in lead.kinds):
            result.leads.append(lead)
    return result


def find_lead(name: str) -> Lead | None:
    """The open lead called ``name`` (case-insensitive), if any."""
    leads, _problems = load_leads(read_sources().bundled_dir)
    return next((lead for lead in leads if name_key(lead.name) == name_key(name)), None)


EXPORT_HEADER = ("Wyld Hunt cards and corrections shared from Arcadia Chronicle: the values their "
                 "owner read off\nphysical cards. Put this file in your own card folder (see "
                 "'chronicle cards validate') to use it;\na card named like a bundled one fills in "
                 "or corrects that card.")


def _plain(item: Any) -> Any:
    if isinstance(item, dict):
        return {k: _plain(v) for k, v in item.items()}
    if isinstance(item, list | tuple):
        return [_plain(v) for v in item]
    return getattr(item, "value", item)


def export_own_cards() -> tuple[str, int]:
    """The group's and the user's own cards and corrections (the group's cards of the database
    in use, then the user's card files) as one card file's text, and how many cards it holds.
    Each card holds exactly the values those layers give, merged as the catalog merges them,
    never the bundled values it corrects."""
    from chronicle.systems.wyld_hunt.services.usercards import group_entries, layered_catalog

    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for layer in (group_entries(), read_sources().user):
        below = dict(merged)  # as the catalog reads them: a later layer corrects an earlier
        for entry in layer:  # one, and within a layer a later duplicate wins
            key = (name_key(entry.data["name"]), str(entry.data["kind"]))
            merged[key] = {**below.get(key, {}), **_plain(entry.data)}
    catalog = layered_catalog()
    for data in merged.values():
        known = catalog.get(str(data["name"]), str(data["kind"]))
        if known is not None:
            data["name"] = known.name  # the catalog's spelling, not a later lower-case one
    tables = sorted(merged.values(), key=lambda d: (KIND_ORDER[Kind(d["kind"])],
                                                    str(d["name"]).casefold()))
    ordered = [{"name": t["name"], "kind": t["kind"],
                **{k: v for k, v in t.items() if k not in ("name", "kind")}} for t in tables]
    text = dumps({"version": 1, "game": GAME, "card": ordered or None}, header=EXPORT_HEADER)
    return text, len(ordered)



def import_cards(path: Path, db: Database | None = None) -> int:
    """Add the cards of a shared card file (``export_own_cards`` writes one) to the group's
    cards of ``db`` (else to the user's own card file), each correcting a card of the same name
    and kind. All or nothing: any problem in the file refuses the whole import.

    Raises:
        BadInput: listing every problem of the file, with its place.
    """
    from chronicle.catalog.loader import load_card_file
    from chronicle.catalog.store import merge_entries
    from chronicle.domain.values import Origin
    from chronicle.errors import BadInput
    from chronicle.systems.wyld_hunt.cards import card_from_data
    from chronicle.systems.wyld_hunt.schema import SCHEMA
    from chronicle.systems.wyld_hunt.services.catalog import card_problems
    from chronicle.systems.wyld_hunt.services.usercards import (
        save_group_cards,
        save_user_cards,
        sync_group,
    )

    entries, problems = load_card_file(path, SCHEMA, Origin.USER)
    cards, duplicates = merge_entries([entries], card_from_data)
    problems += duplicates + card_problems(cards, [entries])
    if problems:
        raise BadInput(f"nothing imported from {path}; fix these first:\n"
                       + "\n".join(f"  {problem}" for problem in problems))
    if not entries:
        raise BadInput(f"{path} holds no [[card]]; nothing to import")
    if db is None:
        save_user_cards(entries)
    else:
        with db.transaction() as session:
            save_group_cards(session, entries)
            sync_group(session)
    return len(entries)
