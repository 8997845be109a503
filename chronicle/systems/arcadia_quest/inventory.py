"""The shared pieces of the campaign check: the replay's context (catalog, violations, card
look-ups reported once per card) and the inventory rules used by the guilds' start, rewards,
upgrade phases and corrections alike: slots (heroes of the guild, cards it has, no card twice, at
most four upgrades per hero with the slot-taking curse rule), curses that never move, gaining and
losing cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chronicle.domain.text import did_you_mean
from chronicle.domain.values import name_key
from chronicle.rules.codes import Code
from chronicle.rules.report import Fix, Violation, arg
from chronicle.systems.arcadia_quest import KEY
from chronicle.systems.arcadia_quest import codes as k
from chronicle.systems.arcadia_quest.cards import Card, Circle, Curse, Kind
from chronicle.systems.arcadia_quest.ledger import CampaignState, GuildState

if TYPE_CHECKING:  # the catalog's module reads card files: not needed to check a campaign
    from chronicle.catalog.store import Catalog

    QuestCatalog = Catalog[Card]
HEROES_PER_GUILD = 3
SLOTS_PER_HERO = 4
GUILD_CARD_LIMIT = 12
BUY_LIMIT = 3
CARRY_LIMIT = 1
CAMPAIGN_LENGTH = 6


def circle_at(number: int) -> Circle | None:
    """The circle scenario ``number`` (1-based) of a campaign belongs to (seed, *Campaña por
    Arcadia*): 1-3 outer, 4-5 inner, 6 the final; None beyond."""
    if 1 <= number <= 3:
        return Circle.OUTER
    if number in (4, 5):
        return Circle.INNER
    return Circle.FINAL if number == CAMPAIGN_LENGTH else None


@dataclass
class Context:
    """What a replay needs besides the state: the catalog and the violations found."""

    catalog: QuestCatalog
    violations: list[Violation] = field(default_factory=list)
    reported: set[tuple[str, str]] = field(default_factory=set)
    found: dict[tuple[str, Kind], Card | None] = field(default_factory=dict)
    """Look-ups already made (a campaign names the same cards again and again)."""

    def add(self, violation: Violation) -> None:
        """Record one violation."""
        self.violations.append(violation)

    def once(self, code: Code, card: str, message: str, fix: str | Fix) -> None:
        """Record a card problem once per card."""
        key = (code.code, name_key(card))
        if key not in self.reported:
            self.reported.add(key)
            self.add(code(message, [card], fix))

    def card(self, name: str, kind: Kind, where: str) -> Card | None:
        """The card called ``name`` of ``kind``; reports ``card.unknown`` or ``card.wrong_kind``
        (once per card) when there is none."""
        found = self.get(name, kind)
        if found is not None:
            return found
        others = self.catalog.named(name)
        if others:
            self.once(k.CARD_WRONG_KIND, name,
                      f"{name!r} ({where}) is a {others[0].kind} card, not a {kind} card",
                      f"name a {kind} card there")
        else:
            hint = self.catalog.suggest(name, kind)
            self.once(k.CARD_UNKNOWN, name, f"no {kind} card is called {name!r} ({where})",
                      f"did you mean {hint!r}?" if hint else Fix(
                          f"enter the {kind} card from the card itself",
                          file=f"add the {kind} card in a [[card]] table or a card file",
                          cli=f"chronicle cards new {arg(name)} --system {KEY} --kind {kind}",
                          app=f"enter it in Cards (1): g to Arcadia Quest's cards, then n "
                              f"(kind {kind})"))
        return None

    def get(self, name: str, kind: Kind) -> Card | None:
        """The card called ``name`` of ``kind``, or None (nothing reported)."""
        key = (name, kind)
        if key not in self.found:
            self.found[key] = self.catalog.get(name, kind)
        return self.found[key]

    def is_curse(self, name: str) -> bool:
        """True when ``name`` is a curse card (and no upgrade card)."""
        return self.get(name, Kind.CURSE) is not None and self.get(name, Kind.UPGRADE) is None


# --- slots --------------------------------------------------------------------------------------


def place(g: GuildState, slots: dict[str, tuple[str, ...]], ctx: Context, when: str) -> None:
    """Check and set every hero's slots: heroes of the guild, cards it has, no card twice, at
    most four upgrades each, curses only on the hero that kept them."""
    heroes = {name_key(h): h for h in g.heroes}
    owned = {name_key(c) for c in g.owned}
    kept = {name_key(curse): hero for hero, curse in g.curses.items()}
    seen: dict[str, str] = {}
    placed: dict[str, list[str]] = {h: [] for h in g.heroes}
    upgrades: dict[str, list[str]] = {h: [] for h in g.heroes}
    for hero_name, cards in slots.items():
        hero = heroes.get(name_key(hero_name))
        if hero is None:
            ctx.add(not_in_guild(g, hero_name, "slots"))
            continue
        for card in cards:
            key = name_key(card)
            if key in kept or ctx.is_curse(card):
                holder = kept.get(key)
                if holder is not None and name_key(holder) != name_key(hero):
                    ctx.add(k.CURSE_MOVED(
                        f"{card} lies in {hero}'s slots ({when}), but {holder} kept it; "
                        "Death Curses never move", [card, hero, holder],
                        fix=f"put {card} back in {holder}'s slots"))
                elif holder is None:
                    keep_curse(g, hero, card, ctx, when)
                    kept[key] = hero
                placed[hero].append(card)
                continue
            ctx.card(card, Kind.UPGRADE, f"in {hero}'s slots")
            if key in seen:
                ctx.add(k.INVENTORY_DUPLICATE(
                    f"{card} is in the {g.color} guild twice ({seen[key]} and {hero}, {when})",
                    [card], fix="keep one copy"))
            elif key not in owned:
                ctx.add(k.INVENTORY_NOT_OWNED(
                    f"{card} is in {hero}'s slots ({when}), but the {g.color} guild never had "
                    "it: not a starting card, reward or purchase, or discarded", [card],
                    fix="record how the guild got it, or take it out of the slots"))
            seen.setdefault(key, hero)
            upgrades[hero].append(card)
            placed[hero].append(card)
    for hero, cards_of_hero in upgrades.items():
        _over_slots(g, hero, cards_of_hero, ctx, when)
    g.slots = placed


def _over_slots(g: GuildState, hero: str, upgrades: list[str], ctx: Context, when: str) -> None:
    curse_name = g.curses.get(hero)
    curse = ctx.get(curse_name, Kind.CURSE) if curse_name else None
    takes = isinstance(curse, Curse) and curse.takes_slot
    if len(upgrades) > SLOTS_PER_HERO:
        under = (f"; its curse {curse_name} fills one slot, so only one upgrade may lie under "
                 "it" if takes else "")
        ctx.add(k.INVENTORY_OVER_SLOTS(
            f"{hero} holds {len(upgrades)} upgrade cards ({when}); a hero has "
            f"{SLOTS_PER_HERO} slots{under}", [hero, *upgrades],
            fix=f"move or discard {len(upgrades) - SLOTS_PER_HERO} card(s)"))
    elif (curse_name and isinstance(curse, Curse) and curse.takes_slot is None
          and len(upgrades) == SLOTS_PER_HERO):
        ctx.once(k.CARD_INCOMPLETE, curse_name,
                 f"whether the curse {curse_name} takes a slot is unknown, and {hero} holds 4 "
                 "upgrades: one of them is unusable if it does", "set takes_slot on the curse")


def keep_curse(g: GuildState, hero: str, curse: str, ctx: Context, when: str) -> None:
    """``hero`` keeps ``curse``: only a hero with death tokens from the last scenario may."""
    ctx.card(curse, Kind.CURSE, f"kept by {hero}")
    if not g.tokens.get(hero):
        ctx.add(k.CURSE_WITHOUT_DEATH(
            f"{hero} has the curse {curse} ({when}) without a death token in the last "
            "scenario; only heroes that died draw Death Curses", [curse, hero],
            fix=f"remove {curse}, or record {hero}'s deaths"))
    g.curses[hero] = curse


def not_in_guild(g: GuildState, hero: str, what: str) -> Violation:
    """``guild.hero_not_in_guild`` for ``hero``, named in ``what``; the fix names the nearest
    of the guild's heroes."""
    hint = did_you_mean(hero, g.heroes)
    return k.GUILD_HERO_NOT_IN_GUILD(
        f"{hero} ({what}) is not a hero of the {g.color} guild "
        f"({', '.join(g.heroes) or 'no heroes'})", [hero],
        fix=hint or f"use one of the guild's heroes: {', '.join(g.heroes) or 'none'}")


def unknown_guild(state: CampaignState, color: str, what: str) -> Violation:
    """``scenario.guild_unknown`` for ``color``, named as ``what``; the fix names the nearest
    guild of the campaign."""
    hint = did_you_mean(color, state.order)
    return k.SCENARIO_GUILD_UNKNOWN(
        f"{what} is {color!r}, not a guild of this campaign "
        f"({', '.join(state.order) or 'none'})", [color],
        fix=hint or f"use the colour of a guild of the campaign: "
                    f"{', '.join(state.order) or 'none'}")


def gain(g: GuildState, card: str, ctx: Context, how: str) -> None:
    """The guild gains ``card`` (``how`` says from where); a second copy is a duplicate."""
    if name_key(card) in {name_key(c) for c in g.owned}:
        ctx.add(k.INVENTORY_DUPLICATE(f"the {g.color} guild gains {card} ({how}) but already "
                                      "has it", [card], fix="record it once"))
        return
    g.owned.append(card)


def lose(g: GuildState, card: str) -> bool:
    """The guild loses ``card``; False when it did not have it."""
    key = name_key(card)
    for held in g.owned:
        if name_key(held) == key:
            g.owned.remove(held)
            return True
    return False
