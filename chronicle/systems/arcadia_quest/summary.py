"""The JSON summary of a campaign: per guild (by colour) and what to set up next.

Per guild: ``player``, ``heroes``, ``coins_earned`` (one number per scenario played, in order),
``coins_spent`` (per upgrade phase; null when a cost is unknown), ``coins_held`` (now),
``coins_carried`` (the coin kept from the last upgrade phase), ``upgrades`` (how many upgrade
cards it has), ``slots`` (each hero's cards), ``under_curse`` (the upgrade lying unusable under a
slot-taking curse), ``curses`` (the curse each hero keeps: returned to the deck at the start of
the next upgrade phase), ``titles`` (with the scenario where each was earned),
``death_tokens`` (per hero: the tokens on it now, from the last scenario, until its upgrade
phase discards them), ``deaths`` (per hero over the whole campaign).

``next``: ``number`` and ``circle`` of the next scenario, ``choices`` (the scenarios still
legal; the first scenario's from the campaign's or the group's own scenario cards when they
define any, else the core box's), ``chosen_by`` (the last winner; null: all players together),
``first_player`` (known only when the campaign keeps fixed seats: the guild seated left of the
last winner, clockwise; else null, the start areas and so the seats being drawn at set-up),
``first_player_rule`` (how the first player is found, in words), ``monster_level`` (the next
scenario's number), ``pvp_quests`` (the PvP quest cards in play), ``unused_start_areas``, and
``campaign_winner`` once the final is played (seed, *Campaña por Arcadia*, *El turno del
jugador*, *Configuración de escenario*, *Fin del juego*).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import Origin, name_key
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest.cards import Circle, Curse, Kind, Scenario
from chronicle.systems.arcadia_quest.inventory import CAMPAIGN_LENGTH, circle_at
from chronicle.systems.arcadia_quest.ledger import CampaignState, GuildState, Played

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.inventory import QuestCatalog

START_AREAS = 4
OWN = (Origin.USER, Origin.FILE)
"""The origins of cards the group or the campaign's file defines (a corrected bundled card is
still the box's)."""
CORE_BOOK = "Arcadia Quest"
"""The campaign book of the core box."""


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
        "death_tokens": {hero: g.tokens.get(hero, 0) for hero in g.heroes},
        "deaths": {hero: g.deaths.get(hero, 0) for hero in g.heroes},
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
    books = _books(state, catalog)
    keys = None if owned is None else {name_key(p) for p in owned}
    choices = [] if circle is None else sorted(
        (c.name for c in catalog if isinstance(c, Scenario) and c.circle is circle
         and name_key(c.name) not in played and (keys is None or c.in_products(keys))
         and (books is None or name_key(c.campaign or "") in books
              or (not c.campaign and c.origin in OWN and not state.played))),
        key=str.casefold)
    first, rule = _first_player(state, last)
    return {
        "number": None if circle is None else number,
        "circle": None if circle is None else circle.value,
        "choices": choices,
        "chosen_by": last.winner if last is not None and not final_played else None,
        "first_player": None if final_played else first,
        "first_player_rule": None if final_played else rule,
        "monster_level": None if circle is None else number,
        "pvp_quests": [f"pvp:{color}" for color in order],
        "unused_start_areas": list(range(len(order) + 1, START_AREAS + 1)),
        "campaign_winner": last.winner if final_played and last is not None else None,
    }


def _first_player(state: CampaignState, last: Played | None) -> tuple[str | None, str]:
    """*El turno del jugador*: "El primer jugador ... es el que está sentado a la izquierda del
    jugador que ganó el último escenario. Sin embargo, en el primer escenario de una campaña, el
    primer jugador se elige al azar"; *Configuración de escenario*, 11: the start areas are
    drawn at random and "Los jugadores deben sentarse ... en el mismo orden que sus áreas de
    inicio". So the first player is known before the set-up only when the group keeps its
    seats (``fixed_seating``)."""
    order = state.order
    if last is None or last.winner not in order:
        return None, "drawn at random (the first scenario)"
    if state.fixed_seating:
        first = order[(order.index(last.winner) + 1) % len(order)]
        return first, f"the {first} guild, seated left of the {last.winner} guild (fixed seats)"
    return None, (f"drawn at set-up: the guild seated left of the {last.winner} guild once the "
                  "start areas are drawn")


def _books(state: CampaignState, catalog: QuestCatalog) -> set[str] | None:
    """The campaign books this campaign may follow (None: any). Once played, its first
    scenario's book. Before: the books of the outer scenarios the campaign's file or the group
    defines (its own ``[[card]]`` tables, the group's or the user's cards; such a card with no
    book is offered itself), else the core box (seed, *Campaña por Arcadia*: the players choose
    the first scenario together)."""
    if not state.played:
        own = [c for c in catalog if isinstance(c, Scenario) and c.origin in OWN
               and c.circle is Circle.OUTER]
        if own:
            return {name_key(c.campaign) for c in own if c.campaign}
        return {name_key(CORE_BOOK)}
    first = catalog.get(state.played[0].name, Kind.SCENARIO)
    if isinstance(first, Scenario) and first.campaign:
        return {name_key(first.campaign)}
    return None
