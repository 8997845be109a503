"""The JSON summary of a campaign: per guild (by colour) and what to set up next.

Per guild: ``player``, ``heroes``, ``coins_earned`` (one number per scenario played, in order),
``coins_spent`` (per upgrade phase; null when a cost is unknown), ``coins_held`` (now),
``coins_carried`` (the coin kept from the last upgrade phase), ``upgrades`` (how many upgrade
cards it has), ``slots`` (each hero's cards), ``under_curse`` (the upgrade lying unusable under a
slot-taking curse), ``curses`` (the curse each hero keeps), ``titles`` (with the scenario where
each was earned), ``death_tokens`` (per hero over the whole campaign).

``next``: ``number`` and ``circle`` of the next scenario, ``choices`` (the scenarios still
legal), ``chosen_by`` (the last winner; null: all players together), ``first_player`` (the guild
seated left of the last winner, clockwise; null: drawn at random), ``monster_level`` (the next
scenario's number), ``pvp_quests`` (the PvP quest cards in play), ``unused_start_areas``, and
``campaign_winner`` once the final is played (seed, *Campaña por Arcadia*, *El turno del
jugador*, *Configuración de escenario*, *Fin del juego*).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import name_key
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest.cards import Circle, Curse, Kind, Scenario
from chronicle.systems.arcadia_quest.inventory import CAMPAIGN_LENGTH, circle_at
from chronicle.systems.arcadia_quest.ledger import CampaignState, GuildState

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.inventory import QuestCatalog

START_AREAS = 4


def summarize(state: CampaignState, catalog: QuestCatalog,
              owned: Iterable[str] | None = None) -> dict[str, Any]:
    """The summary of ``state`` (see the module's docstring); ``owned`` products, when given,
    narrow the next scenario's choices to the group's collection."""
    return {
        "system": KEY,
        "name": state.name,
        "two_player_pve": state.two_player_pve,
        "scenarios": [{"number": p.number, "name": p.name, "winner": p.winner,
                       "circle": p.circle, "titles": dict(p.titles)} for p in state.played],
        "guilds": {color: _guild(g, catalog) for color, g in state.guilds.items()},
        "next": next_scenario(state, catalog, owned),
    }


def _guild(g: GuildState, catalog: QuestCatalog) -> dict[str, Any]:
    takes: dict[str, bool | None] = {}
    for curse in g.curses.values():
        card = catalog.get(curse, Kind.CURSE)
        takes[curse] = card.takes_slot if isinstance(card, Curse) else None
    return {
        "player": g.player,
        "heroes": list(g.heroes),
        "coins_earned": list(g.earned),
        "coins_spent": list(g.spent),
        "coins_held": g.coins,
        "coins_carried": g.carried,
        "upgrades": len(g.owned),
        "slots": {hero: list(cards) for hero, cards in g.slots.items()},
        "under_curse": g.under_curse(takes),
        "curses": dict(g.curses),
        "titles": [{"title": title, "scenario": where} for title, where in g.titles],
        "death_tokens": {hero: g.deaths.get(hero, 0) for hero in g.heroes},
    }


def next_scenario(state: CampaignState, catalog: QuestCatalog,
                  owned: Iterable[str] | None = None) -> dict[str, Any]:
    """What to set up next: the legal scenarios (of the ``owned`` products, when given), who
    chooses, who starts, the monster level."""
    order = state.order
    last = state.played[-1] if state.played else None
    final_played = last is not None and (last.circle == Circle.FINAL.value
                                         or last.number >= CAMPAIGN_LENGTH)
    number = len(state.played) + 1
    circle = None if final_played else circle_at(number)
    played = {name_key(p.name) for p in state.played}
    book = _book(state, catalog)
    keys = None if owned is None else {name_key(p) for p in owned}
    choices = [] if circle is None else sorted(
        (c.name for c in catalog if isinstance(c, Scenario) and c.circle is circle
         and name_key(c.name) not in played and (keys is None or c.in_products(keys))
         and (book is None or name_key(c.campaign or "") == book)), key=str.casefold)
    first = None
    if last is not None and last.winner in order:
        first = order[(order.index(last.winner) + 1) % len(order)]
    return {
        "number": None if circle is None else number,
        "circle": None if circle is None else circle.value,
        "choices": choices,
        "chosen_by": last.winner if last is not None and not final_played else None,
        "first_player": None if final_played else first,
        "monster_level": None if circle is None else number,
        "pvp_quests": [f"pvp:{color}" for color in order],
        "unused_start_areas": list(range(len(order) + 1, START_AREAS + 1)),
        "campaign_winner": last.winner if final_played and last is not None else None,
    }


def _book(state: CampaignState, catalog: QuestCatalog) -> str | None:
    """The campaign book this campaign follows: its first scenario's (the core one before)."""
    if not state.played:
        return name_key("Arcadia Quest")
    first = catalog.get(state.played[0].name, Kind.SCENARIO)
    if isinstance(first, Scenario) and first.campaign:
        return name_key(first.campaign)
    return None
