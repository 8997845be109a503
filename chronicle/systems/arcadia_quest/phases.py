"""Upgrade phases and corrections (seed, *Fase de actualización*, *Maldiciones de la muerte*,
*Actualizaciones*): at most three cards bought at their printed cost from the deck of the
scenario's level, curses returned and kept, cards discarded and rearranged, twelve cards at
most, one coin carried; and a correction that sets a guild's record right.
"""

from __future__ import annotations

from chronicle.domain.values import name_key
from chronicle.rules.report import Fix
from chronicle.systems.arcadia_quest import codes as k
from chronicle.systems.arcadia_quest.cards import Circle, Kind, Upgrade
from chronicle.systems.arcadia_quest.inventory import (
    BUY_LIMIT,
    CAMPAIGN_LENGTH,
    CARRY_LIMIT,
    GUILD_CARD_LIMIT,
    Context,
    gain,
    keep_curse,
    lose,
    not_in_guild,
    place,
    unknown_guild,
)
from chronicle.systems.arcadia_quest.ledger import (
    CampaignState,
    Correction,
    GuildState,
    GuildUpgrade,
    Played,
    UpgradePhase,
)


def phase(state: CampaignState, event: UpgradePhase, ctx: Context) -> None:
    if not state.played or _after_final(state):
        when = "before the first scenario" if not state.played else "after the final"
        ctx.add(k.UPGRADE_NO_PHASE(f"an upgrade phase is recorded {when}; none takes place",
                                   fix="remove the upgrade tables"))
        return
    last = state.played[-1]
    for u in event.upgrades:
        if u.color not in state.guilds:
            ctx.add(unknown_guild(state, u.color, f"an upgrade phase after {last.name}"))
        elif u.color not in state.phase_pending:
            ctx.add(k.SCENARIO_GUILD_REPEATED(f"the {u.color} guild's upgrade phase after "
                                              f"{last.name} is recorded twice",
                                              fix=Fix("merge the two tables",
                                                      cli=f"give --guild {u.color} once",
                                                      app="each guild has one row: undo "
                                                          "the phase (u) and enter it once")))
        else:
            _upgrade(state.guilds[u.color], u, last, ctx)
            state.phase_pending.discard(u.color)


def _after_final(state: CampaignState) -> bool:
    last = state.played[-1]
    return last.circle == Circle.FINAL.value or last.number >= CAMPAIGN_LENGTH


def return_curses(g: GuildState) -> None:
    """*Maldiciones de la muerte*: "Al comienzo de cada fase de mejora, cualquier héroe con una
    carta de maldición mortal de un escenario anterior la devuelve al mazo": each kept curse
    leaves its hero, and the hero's slots."""
    for hero, curse in g.curses.items():
        if hero in g.slots:
            g.slots[hero] = [c for c in g.slots[hero] if name_key(c) != name_key(curse)]
    g.curses = {}


def _upgrade(g: GuildState, u: GuildUpgrade, last: Played, ctx: Context) -> None:
    where = f"after {last.name}"
    return_curses(g)
    if len(u.bought) > BUY_LIMIT:
        ctx.add(k.UPGRADE_TOO_MANY(f"the {g.color} guild bought {len(u.bought)} cards {where}; "
                                   f"at most {BUY_LIMIT} per upgrade phase", list(u.bought),
                                   fix=f"buy at most {BUY_LIMIT}"))
    costs: list[int | None] = []
    for name in u.bought:
        card = ctx.card(name, Kind.UPGRADE, f"bought by {g.color} {where}")
        gain(g, name, ctx, f"bought {where}")
        if not isinstance(card, Upgrade):
            costs.append(None)
            continue
        if card.level is not None and card.level != last.number:
            ctx.add(k.UPGRADE_WRONG_LEVEL(
                f"{name} is a level {card.level} card; the deck {where} is level "
                f"{last.number} (the scenario's number)", [name],
                fix=f"buy from the level {last.number} deck"))
        if card.cost is None:
            ctx.once(k.CARD_INCOMPLETE, card.name, f"the cost of {card.name} is unknown, so "
                     "the coins spent cannot be counted", "enter its cost from the card")
        costs.append(card.cost)
    known = sum(c for c in costs if c is not None)
    spent: int | None = known if all(c is not None for c in costs) else None
    if spent is not None and spent > g.coins:
        ctx.add(k.COINS_OVERSPENT(f"the {g.color} guild spent {spent} coins {where} but held "
                                  f"{g.coins}", list(u.bought),
                                  fix=f"buy cards worth at most {g.coins} coins"))
    g.coins = max(0, g.coins - known)
    g.spent.append(spent)
    for name in u.discarded:
        if not lose(g, name):
            ctx.add(k.INVENTORY_NOT_OWNED(f"the {g.color} guild discards {name} {where} but "
                                          "does not have it", [name], fix="remove it"))
    for hero, curse in u.curses.items():
        if name_key(hero) not in {name_key(h) for h in g.heroes}:
            ctx.add(not_in_guild(g, hero, f"a curse {where}"))
            continue
        keep_curse(g, next(h for h in g.heroes if name_key(h) == name_key(hero)), curse, ctx,
                    where)
    if u.slots is not None:
        place(g, u.slots, ctx, where)
    else:
        lost = {name_key(c) for c in u.discarded}
        g.slots = {h: [c for c in cards if name_key(c) not in lost]
                   for h, cards in g.slots.items()}
    _curses_kept(g, where, ctx)
    _limits(g, where, ctx)
    close_phase(g, last.name, ctx, recorded=True, known=spent is not None)


def _curses_kept(g: GuildState, where: str, ctx: Context, *, recorded: bool = True) -> None:
    """*Maldiciones de la muerte*: "cualquier héroe que haya recibido una ficha de muerte
    durante el escenario anterior recibe un número de cartas de maldición de la muerte igual al
    número de fichas de muerte que posee. Cada Héroe debe mantener la carta de Maldición de la
    Muerte con el valor más alto": every hero with death tokens keeps one curse."""
    for hero in g.heroes:
        tokens = g.tokens.get(hero, 0)
        if tokens and hero not in g.curses:
            ctx.add(k.CURSE_MISSING(
                f"{hero} of the {g.color} guild has {tokens} death token(s) {where} but keeps "
                f"no Death Curse; it draws {tokens} curse card(s) and keeps the highest",
                [hero], fix=_curse_fix(g.color, hero, tokens, recorded)))


def _curse_fix(color: str, hero: str, tokens: int, recorded: bool) -> Fix:
    """The fix of ``curse.missing``: the curse in the upgrade phase being recorded, or (when
    the next scenario comes without one) an upgrade phase recorded first."""
    text = f"record the curse {hero} kept (the highest of the {tokens} drawn)"
    table = f'curses = {{ {hero} = "CURSE" }} in its [[scenario.upgrade]]'
    option = f"--curse {hero} CURSE after --guild {color}"
    field = f"{hero}=CURSE in the {color} guild's Curses kept field"
    if recorded:
        return Fix(text, file=table, cli=option, app=field)
    return Fix(f"{text} in an upgrade phase before the next scenario",
               file=f"{table}, before the next [[scenario]]",
               cli=f"first: chronicle upgrade record CAMPAIGN {option}",
               app=f"first the upgrade phase (g): {field}")


def _limits(g: GuildState, where: str, ctx: Context) -> None:
    if len(g.owned) > GUILD_CARD_LIMIT:
        ctx.add(k.INVENTORY_OVER_LIMIT(
            f"the {g.color} guild has {len(g.owned)} upgrade cards {where}; at most "
            f"{GUILD_CARD_LIMIT}", fix=Fix(f"discard {len(g.owned) - GUILD_CARD_LIMIT} card(s)",
                                           file="discarded = [...]",
                                           cli="--discard CARD after --guild "
                                               f"{g.color}",
                                           app="the Discard field")))
    placed = {name_key(c) for cards in g.slots.values() for c in cards}
    loose = [c for c in g.owned if name_key(c) not in placed]
    if loose:
        ctx.add(k.INVENTORY_UNPLACED(f"{', '.join(loose)} of the {g.color} guild lie in no "
                                     f"hero's slots {where}", loose,
                                     fix=Fix("place them in slots, or discard them",
                                             file="slots = { HERO = [...] }",
                                             cli=f"--slot HERO CARD... after --guild {g.color}",
                                             app="the Slots field")))


def close_phase(g: GuildState, scenario: str, ctx: Context, *, recorded: bool,
                 known: bool = True) -> None:
    """The end of an upgrade phase: death tokens go, one coin at most is carried."""
    if not recorded:
        return_curses(g)
        g.spent.append(0)
        _curses_kept(g, f"after {scenario} (its upgrade phase is not recorded)", ctx,
                     recorded=False)
    g.tokens = {}
    if known and g.coins > CARRY_LIMIT:
        ctx.add(k.COINS_CARRY(f"the {g.color} guild ends the upgrade phase after {scenario} "
                              f"with {g.coins} coins: {CARRY_LIMIT} kept, "
                              f"{g.coins - CARRY_LIMIT} lost to the bank",
                              fix="buy more, or accept the loss"))
    g.carried = min(g.coins, CARRY_LIMIT)
    g.coins = g.carried


def correction(state: CampaignState, event: Correction, ctx: Context) -> None:
    g = state.guilds.get(event.color)
    if g is None:
        ctx.add(unknown_guild(state, event.color, "a correction"))
        return
    g.coins = max(0, g.coins + event.coins)
    for name in event.add_cards:
        ctx.card(name, Kind.UPGRADE, f"added to {g.color} by a correction")
        gain(g, name, ctx, "a correction")
    for name in event.remove_cards:
        if not lose(g, name):
            ctx.add(k.INVENTORY_NOT_OWNED(f"a correction removes {name} from the {g.color} "
                                          "guild, which does not have it", [name],
                                          fix="remove it from the correction"))
    if event.slots is not None:
        place(g, event.slots, ctx, "after a correction")
    g.titles.extend((title, "correction") for title in event.add_titles)
