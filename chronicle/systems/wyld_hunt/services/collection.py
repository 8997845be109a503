"""Collections: which cards each player owns, recorded one by one or a whole pack at a time.

Every card must be in the catalog (bundled or the user's own); an unknown name is refused with
the nearest names, and can be created on the spot first (``chronicle cards new``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chronicle.errors import BadInput, NotFound
from chronicle.services.common import player_row
from chronicle.services.db import Database
from chronicle.services.ownership import (  # the generic part, re-exported
    Recorded,
    add_cards_by_card,
    check_counts,
)
from chronicle.systems.wyld_hunt.cards import Card, Kind
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.rules.collection import check_pack
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
from chronicle.systems.wyld_hunt.services.common import catalog

__all__ = ["PACK_KINDS", "OwnedCard", "Recorded", "add_cards", "add_cards_by_card",
           "list_collection", "open_pack", "resolve_card"]

PACK_KINDS = ("character", "story")


@dataclass
class OwnedCard:
    """A card in a collection."""

    card: Card | None
    name: str
    kind: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle collection list --json``."""
        card = self.card
        return {"name": self.name, "kind": self.kind, "count": self.count,
                "set": card.set.value if card and card.set else None,
                "in_catalog": card is not None}


def resolve_card(cat: WyldHuntCatalog, name: str, kind: str | None = None) -> Card:
    """The catalog card called ``name`` (of ``kind``). ``name`` may carry its kind as a prefix,
    as in ``waylay:Slavers``, for names that several kinds share.

    Raises:
        NotFound: with the nearest name, or how to create the card; also when several kinds
            share the name and no kind was given.
    """
    kinds = {k.value for k in Kind}
    prefix, colon, rest = name.partition(":")
    if colon and prefix.strip().lower() in kinds and rest.strip():
        kind, name = prefix.strip().lower(), rest.strip()
    if kind is not None and kind not in kinds:
        raise BadInput(f"kind is one of {', '.join(sorted(kinds))}, not {kind!r}")
    found = cat.named(name)
    if kind is not None:
        found = [c for c in found if c.kind.value == kind]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        shared = ", ".join(c.kind.value for c in found)
        raise NotFound(f"{name!r} is the name of several cards ({shared}); say which with --kind "
                       f"or as '{found[-1].kind.value}:{name}'")
    from chronicle.rules.report import arg

    near = cat.suggest(name, kind)
    raise NotFound(f"no {kind or ''} card is called {name!r}".replace("  ", " ")
                   + (f"; did you mean {near!r}?" if near else
                      "; create it from the physical card with 'chronicle cards new "
                      f"{arg(name)} --kind {kind or 'KIND'}'"))


def add_cards(db: Database, player: str, cards: list[tuple[str, int]], *,
              kind: str | None = None) -> Recorded:
    """Add (or, with a negative count, remove) copies of cards, all in one transaction."""
    from chronicle.persistence import repository as repo

    db.sync_cards()  # the group's cards: a card entered with 'cards new' can be owned
    cat = catalog()
    resolved = [(resolve_card(cat, name, kind), count) for name, count in cards]
    check_counts(resolved)
    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        result = Recorded(owner.name)
        have = {(o.name.casefold(), o.kind): o.count
                for o in repo.owned_cards(session, owner.id, GAME)}
        for card, count in resolved:
            held = have.get((card.name.casefold(), card.kind.value), 0)
            if held + count < 0:
                raise BadInput(f"{owner.name} owns {held} {card.name}; cannot remove {-count}")
            new = repo.change_count(session, owner.id, card.name, card.kind.value, count, GAME)
            have[(card.name.casefold(), card.kind.value)] = new
            result.counts.append((card.name, card.kind.value, new))
        return result


def open_pack(db: Database, player: str, pack: str, names: list[str]) -> Recorded:
    """Record a whole pack in one step, warning when it differs from a standard pack.

    Raises:
        BadInput: an unknown pack type, or unknown cards (every one listed, nothing recorded).
    """
    if pack not in PACK_KINDS:
        raise BadInput(f"a pack is 'character' or 'story', not {pack!r}")
    db.sync_cards()  # the group's cards count
    cat = catalog()
    cards: list[Card] = []
    problems: list[str] = []
    for name in names:
        try:
            cards.append(resolve_card(cat, name))
        except NotFound as exc:
            problems.append(str(exc))
    if problems:
        raise BadInput("nothing was recorded: " + "; ".join(problems))
    counts: dict[tuple[str, str], int] = {}
    for card in cards:
        counts[(card.name, card.kind.value)] = counts.get((card.name, card.kind.value), 0) + 1
    result = add_cards_by_card(db, player, counts, GAME)
    result.warnings = check_pack(pack, cards)
    return result


def list_collection(db: Database, player: str, game: str = GAME) -> list[OwnedCard]:
    """A player's cards of ``game`` with their Wyld Hunt catalog entries (None for cards no
    longer in it, and for every card of another game)."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:   # the group's cards read first: the catalog has them
        cat = catalog() if game == "wyld-hunt" else None
        owner = player_row(session, player)
        assert owner.id is not None
        return [OwnedCard(cat.get(o.name, o.kind) if cat else None, o.name, o.kind, o.count)
                for o in repo.owned_cards(session, owner.id, game)]

