"""The upgrade cards on offer in an upgrade phase: the group's known upgrade cards of the level
deck after the scenario just played (its number, *Actualizaciones*), those a guild can buy, in
name order with their cost (None when nobody entered it). Pure: read off the catalog the
campaign is checked with (bundled, the user's, the group's and the campaign's own cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.systems.arcadia_quest.cards import Upgrade

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.catalog import QuestCatalog


def on_offer(catalog: QuestCatalog, level: int) -> list[Upgrade]:
    """The upgrade cards of the level ``level`` deck (a card whose level nobody entered is
    offered too: the rules cannot say it is of another deck), starting cards left out."""
    found = [card for card in catalog if isinstance(card, Upgrade) and not card.starter
             and (card.level is None or card.level == level)]
    return sorted(found, key=lambda card: card.name.casefold())


def offer_label(card: Upgrade) -> str:
    """``Fire Sword · 4 coins`` (``cost unknown`` when nobody entered it)."""
    cost = "cost unknown" if card.cost is None else f"{card.cost} coin{'s' * (card.cost != 1)}"
    return f"{card.name} · {cost}"
