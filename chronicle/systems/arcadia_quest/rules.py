"""The campaign rules: ``replay`` folds the ledger's events into the campaign's state, checking
each event on the way, and ``check_campaign`` adds the JSON summary.

One implementation serves the campaign file check, the database (each event checked before it
is written: ``replay`` the history plus the new event) and the app's live checks. Every
violation carries its code, the actual numbers, the cards involved, a fix and the seed section
(see ``codes``). Coins follow the seed (*Recompensas de monedas*): the monster values, +1 per
enemy hero killed, +1 to every other guild per hero death to a monster or neutral effect, +1 per
first completion of a quest, +1 per quest completed, the treasure chests' values; they are spent
only in the upgrade phase, and at most one is carried to the next (*Actualizaciones*).
"""

from __future__ import annotations

import copy
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chronicle.domain.values import name_key
from chronicle.rules.report import Fix, Report, Violation
from chronicle.systems.arcadia_quest import codes as k
from chronicle.systems.arcadia_quest.cards import Circle, Kind, Scenario, Title, Upgrade
from chronicle.systems.arcadia_quest.inventory import (
    CAMPAIGN_LENGTH,
    HEROES_PER_GUILD,
    Context,
    circle_at,
    gain,
    not_in_guild,
    place,
    unknown_guild,
)
from chronicle.systems.arcadia_quest.ledger import (
    CampaignStarted,
    CampaignState,
    Correction,
    Event,
    GuildResult,
    GuildState,
    Played,
    ScenarioPlayed,
    Undo,
    UndoProblem,
    UpgradePhase,
    effective,
    pvp_target,
)
from chronicle.systems.arcadia_quest.phases import close_phase, correction, phase

if TYPE_CHECKING:
    from chronicle.systems.arcadia_quest.inventory import QuestCatalog


@dataclass
class Replay:
    """The state the events add up to, the violations found, and the undone events."""

    state: CampaignState
    violations: list[Violation]
    undone: dict[int, int]


def replay(events: Sequence[Event], catalog: QuestCatalog) -> Replay:
    """Fold the events (undos resolved) into the campaign's state, checking each one.

    Raises:
        ValueError: when the first event is not ``CampaignStarted``.
    """
    kept, undone, problems = effective(tuple(events))
    if not kept or not isinstance(kept[0][1], CampaignStarted):
        raise ValueError("a campaign's ledger begins with CampaignStarted")
    ctx = Context(catalog)
    for problem in problems:
        ctx.add(_bad_undo(problem))
    state = CampaignState()
    for _number, event in kept:
        step(state, event, ctx)
    return Replay(state, ctx.violations, undone)


def _bad_undo(problem: UndoProblem) -> Violation:
    return k.LEDGER_UNDO(f"event {problem.index} {problem.reason}",
                         fix="undo an earlier event that is not an undo")


def replay_steps(events: Sequence[Event], catalog: QuestCatalog) -> Iterator[list[Violation]]:
    """``replay``'s violations of the first event (the start), then of the first 2, 3, ...
    events, in one fold: each event is applied once, and an undo goes back to a copy of the
    state taken before the event it takes back, applying again only the events in effect
    after that one (none for an undo of the last one).

    Raises:
        ValueError: when the first event is not ``CampaignStarted``.
    """
    if not events or not isinstance(events[0], CampaignStarted):
        raise ValueError("a campaign's ledger begins with CampaignStarted")
    _kept, undone, problems = effective(tuple(events))  # an undo is judged by what precedes it
    undo_of = {undo: target for target, undo in undone.items()}
    bad = {problem.index: _bad_undo(problem) for problem in problems}
    ctx = Context(catalog)
    state = [CampaignState()]
    marks: dict[int, tuple[CampaignState, int, set[tuple[str, str]]]] = {}
    applied: list[int] = []                    # the events in effect, by number
    refused: list[Violation] = []              # the bad undos so far (``replay`` lists them first)

    def apply(number: int) -> None:
        if number in undone:
            marks[number] = (copy.deepcopy(state[0]), len(ctx.violations), set(ctx.reported))
        step(state[0], events[number - 1], ctx)
        applied.append(number)

    for number, event in enumerate(events, start=1):
        if not isinstance(event, Undo):
            apply(number)
        elif number in undo_of:
            target = undo_of[number]
            at = bisect_left(applied, target)
            again = applied[at + 1:]
            del applied[at:]
            state[0], count, ctx.reported = marks.pop(target)
            del ctx.violations[count:]
            for later in again:
                apply(later)
        else:
            refused.append(bad[number])
        yield [*refused, *ctx.violations]


def step(state: CampaignState, event: Event, ctx: Context) -> None:
    """Apply one event to ``state`` (in place), recording its violations in ``ctx``."""
    if isinstance(event, CampaignStarted):
        _start(state, event, ctx)
    elif isinstance(event, ScenarioPlayed):
        _scenario(state, event, ctx)
    elif isinstance(event, UpgradePhase):
        phase(state, event, ctx)
    elif isinstance(event, Correction):
        correction(state, event, ctx)


# --- the guilds ---------------------------------------------------------------------------------


def _start(state: CampaignState, event: CampaignStarted, ctx: Context) -> None:
    state.name, state.two_player_pve, state.started = event.name, event.two_player_pve, True
    state.fixed_seating = event.fixed_seating
    count = len(event.guilds)
    if not 2 <= count <= 4:
        ctx.add(k.CAMPAIGN_GUILD_COUNT(f"the campaign has {count} guild(s); 2 to 4 play",
                                       fix=Fix("give the campaign 2 to 4 guilds", file="[[guild]]",
                                               cli="--guild COLOR --heroes A B C, for 2 to "
                                                   "4 guilds")))
    taken: dict[str, str] = {}
    starters = [c for c in ctx.catalog if isinstance(c, Upgrade) and c.starter]
    for guild in event.guilds:
        if guild.color in state.guilds:
            ctx.add(k.GUILD_COLOR_TAKEN(f"two guilds are {guild.color}",
                                        fix=Fix("give each guild its own colour: orange, "
                                                "blue, red or green", file='color = "..."',
                                                cli="--guild orange|blue|red|green, each "
                                                    "once")))
            continue
        g = GuildState(guild.color, guild.player, list(guild.heroes))
        state.guilds[guild.color] = g
        if len(guild.heroes) != HEROES_PER_GUILD:
            ctx.add(k.GUILD_HERO_COUNT(
                f"the {guild.color} guild has {len(guild.heroes)} hero(es); a guild has "
                f"exactly {HEROES_PER_GUILD}", list(guild.heroes),
                fix=Fix(f"list exactly {HEROES_PER_GUILD} heroes", file="heroes = [...]",
                        cli="--heroes A B C")))
        for hero in guild.heroes:
            ctx.card(hero, Kind.HERO, f"a hero of the {guild.color} guild")
            key = name_key(hero)
            if key in taken:
                where = "twice in it" if taken[key] == guild.color else \
                    f"also in the {taken[key]} guild"
                ctx.add(k.GUILD_HERO_TAKEN(f"{hero} is a hero of the {guild.color} guild and "
                                           f"{where}; each hero card exists once", [hero],
                                           fix="choose another hero"))
            taken.setdefault(key, guild.color)
        _starting_cards(g, {hero: tuple(_named(ctx, card) for card in cards)
                            for hero, cards in guild.slots.items()}, starters, ctx)


def _named(ctx: Context, name: str) -> str:
    """The card's own name for ``name``, which may be one of its other names (the rulebook's
    Spanish ``Hoja oxidada`` is Rusty Blade); ``name`` itself when no card has it."""
    found = ctx.catalog.get(name, Kind.UPGRADE) or ctx.catalog.get(name, Kind.CURSE)
    return found.name if found is not None else name


def _starting_cards(g: GuildState, slots: dict[str, tuple[str, ...]], starters: list[Upgrade],
                    ctx: Context) -> None:
    listed = [card for cards in slots.values() for card in cards]
    counts = Counter(name_key(c) for c in listed)
    wanted = {s.key: s.name for s in starters}
    missing = [name for key, name in wanted.items() if counts[key] == 0]
    twice = sorted({c for c in listed if counts[name_key(c)] > 1})
    extra = [c for c in listed if name_key(c) not in wanted and not ctx.is_curse(c)]
    if missing or twice or extra:
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + \
                ([f"{', '.join(twice)} more than once"] if twice else []) + \
                ([f"{', '.join(extra)} not a starting card"] if extra else [])
        ctx.add(k.GUILD_STARTING_CARDS(
            f"the {g.color} guild starts with {len(listed)} card(s): {'; '.join(parts)}; it "
            f"starts with the {len(wanted)} starting cards, once each",
            missing + twice + extra, fix=Fix(f"split {', '.join(wanted.values())} among the "
                                             "heroes", file="slots = { HERO = [...] }",
                                             cli="--slot HERO CARD... (or no --slot: spread "
                                                 "2, 2, 1)")))
    g.owned = list(dict.fromkeys(c for c in listed if not ctx.is_curse(c)))
    place(g, slots, ctx, "at the start")


# --- scenarios ----------------------------------------------------------------------------------


def _scenario(state: CampaignState, event: ScenarioPlayed, ctx: Context) -> None:
    number = len(state.played) + 1
    for color in [c for c in state.order if c in state.phase_pending]:
        close_phase(state.guilds[color], state.played[-1].name, ctx, recorded=False)
    state.phase_pending.clear()
    if number > CAMPAIGN_LENGTH:
        ctx.add(k.CAMPAIGN_TOO_LONG(f"{event.name} is scenario {number}; a campaign plays "
                                    f"{CAMPAIGN_LENGTH}", [event.name],
                                    fix="start a new campaign"))
    card = ctx.card(event.name, Kind.SCENARIO, f"scenario {number}")
    _path(state, event.name, number, card if isinstance(card, Scenario) else None, ctx)
    if event.winner not in state.guilds:
        ctx.add(unknown_guild(state, event.winner, f"the winner of {event.name}"))
    results = _results(state, event, ctx)
    _quests(state, event, results, ctx)
    titles = _titles_and_rewards(state, event, results,
                                 card if isinstance(card, Scenario) else None, ctx)
    _coins(state, results)
    for color, g in state.guilds.items():
        result = results.get(color)
        g.tokens = {}
        heroes = {name_key(h): h for h in g.heroes}
        for written, count in (result.deaths if result else {}).items():
            hero = heroes.get(name_key(written))
            if hero is None:
                ctx.add(not_in_guild(g, written, f"deaths in {event.name}"))
                continue
            g.tokens[hero] = g.tokens.get(hero, 0) + count
            g.deaths[hero] = g.deaths.get(hero, 0) + count
    circle = card.circle.value if isinstance(card, Scenario) and card.circle else None
    state.played.append(Played(number, event.name, event.winner, circle, tuple(titles)))
    final = circle == Circle.FINAL.value or number >= CAMPAIGN_LENGTH
    if not final:
        state.phase_pending = set(state.guilds)


def _path(state: CampaignState, name: str, number: int, card: Scenario | None,
          ctx: Context) -> None:
    if name_key(name) in {name_key(p.name) for p in state.played}:
        ctx.add(k.CAMPAIGN_REPEAT(f"{name} was already played in this campaign", [name],
                                  fix="choose a scenario not played yet"))
    expected = circle_at(number)
    if card is None or expected is None:
        return
    if card.circle is None:
        ctx.once(k.CARD_INCOMPLETE, name, f"the scenario {name} has no circle", "set its circle")
        return
    if card.circle is not expected:
        ctx.add(k.CAMPAIGN_PATH(
            f"{name} ({card.circle} circle) is scenario {number}, which must come from the "
            f"{expected} circle: 3 outer, then 2 inner, then the final", [name],
            fix=f"play a scenario of the {expected} circle"))
    first = ctx.catalog.get(state.played[0].name, Kind.SCENARIO) if state.played else None
    if isinstance(first, Scenario) and first.campaign and card.campaign \
            and name_key(first.campaign) != name_key(card.campaign):
        ctx.add(k.CAMPAIGN_PATH(f"{name} is from the {card.campaign} campaign book, this "
                                f"campaign from {first.campaign}", [name],
                                fix=f"play a scenario of {first.campaign}"))


def _results(state: CampaignState, event: ScenarioPlayed,
             ctx: Context) -> dict[str, GuildResult]:
    results: dict[str, GuildResult] = {}
    for result in event.results:
        if result.color not in state.guilds:
            ctx.add(unknown_guild(state, result.color, f"a guild of {event.name}"))
        elif result.color in results:
            ctx.add(k.SCENARIO_GUILD_REPEATED(f"the {result.color} guild is listed twice in "
                                              f"{event.name}", fix=Fix(
                                                  "merge the two tables",
                                                  cli=f"give --guild {result.color} once",
                                                  app="each guild has one row: undo the "
                                                      "scenario (u) and enter it once")))
        else:
            results[result.color] = result
    return results


def _quests(state: CampaignState, event: ScenarioPlayed, results: dict[str, GuildResult],
            ctx: Context) -> None:
    firsts: dict[str, str] = {}
    for color, r in results.items():
        done: set[str] = set()
        for quest in r.quests:
            key = name_key(quest)
            if key in done:
                ctx.add(k.QUEST_REPEATED(f"the {color} guild completed {quest!r} twice in "
                                         f"{event.name}; each quest once per scenario",
                                         [quest], fix="list it once"))
            done.add(key)
            target = pvp_target(quest)
            if target == color:
                ctx.add(k.QUEST_OWN_GUILD(f"the {color} guild cannot complete the PvP quest "
                                          f"against its own heroes ({quest!r})", [quest],
                                          fix="remove it"))
            elif target is not None and target not in state.guilds:
                ctx.add(unknown_guild(state, target, f"the PvP quest {quest!r} of {color}"))
        for quest in r.first:
            key = name_key(quest)
            if key not in done:
                ctx.add(k.QUEST_FIRST_NOT_COMPLETED(
                    f"the {color} guild is first on {quest!r} in {event.name} without "
                    "completing it", [quest], fix="add it to quests, or remove it from first"))
            if firsts.get(key) == color:
                ctx.add(k.QUEST_REPEATED(f"the {color} guild is first on {quest!r} twice in "
                                         f"{event.name}", [quest], fix="list it once"))
            elif key in firsts:
                ctx.add(k.QUEST_FIRST_TWICE(
                    f"{firsts[key]} and {color} are both first on {quest!r} in {event.name}; "
                    "only one guild is first", [quest], fix="keep it in one guild's first"))
            firsts.setdefault(key, color)
        pvp = sum(1 for q in dict.fromkeys(map(name_key, r.quests)) if pvp_target(q))
        if pvp > r.hero_kills:
            ctx.add(k.SCENARIO_KILLS_MISMATCH(
                f"the {color} guild completed {pvp} PvP quest(s) in {event.name} with "
                f"{r.hero_kills} hero kill(s)", fix="check hero_kills and quests"))
        for hero, count in r.neutral_deaths.items():
            if name_key(hero) not in {name_key(h) for h in r.deaths}:
                died = 0
            else:
                died = next(v for h, v in r.deaths.items() if name_key(h) == name_key(hero))
            if count > died:
                ctx.add(k.SCENARIO_DEATHS(f"{hero} has {count} neutral death(s) but {died} "
                                          f"death token(s) in {event.name}", [hero],
                                          fix="neutral deaths are counted among the deaths"))
    kills = sum(r.hero_kills for r in results.values())
    by_heroes = sum(max(0, sum(r.deaths.values()) - sum(r.neutral_deaths.values()))
                    for r in results.values())
    if kills != by_heroes:
        ctx.add(k.SCENARIO_KILLS_MISMATCH(
            f"in {event.name} the guilds record {kills} hero kill(s) but {by_heroes} death(s) "
            "to enemy heroes", fix="check hero_kills, deaths and neutral_deaths"))
    _winner(state, event, results, ctx)


def _winning_set(state: CampaignState, color: str,
                 result: GuildResult | None) -> tuple[list[str], list[str], int, bool]:
    """A guild's quests that count toward a win (PvP quests against a guild in play other than
    its own), those of them that are PvE, how many win and whether one must be PvE (seed,
    *Ganar el escenario*: 3 with at least one PvE; 2 with two players)."""
    quests = list(dict.fromkeys(name_key(q) for q in result.quests)) if result else []
    valid = [q for q in quests if pvp_target(q) is None or (pvp_target(q) in state.guilds
             and pvp_target(q) != color)]
    pve = [q for q in valid if pvp_target(q) is None]
    two = len(state.guilds) == 2
    return valid, pve, 2 if two else 3, not two or state.two_player_pve


def _wins(valid: list[str], pve: list[str], needed: int, needs_pve: bool) -> bool:
    return len(valid) >= needed and (bool(pve) or not needs_pve)


def _winner(state: CampaignState, event: ScenarioPlayed, results: dict[str, GuildResult],
            ctx: Context) -> None:
    """*Ganar el escenario* / *Fin del escenario*: "Cuando un jugador completa su tercera
    misión, al menos una de ellas es PvE, el escenario termina inmediatamente y ese jugador
    sale victorioso" ("En un juego de 2 jugadores, la victoria se logra completando solo 2
    misiones"). The recorded winner holds a winning set, completed in an order whose last
    quest ended the scenario; no other guild holds one."""
    if event.winner not in state.guilds:
        return
    valid, pve, needed, needs_pve = _winning_set(state, event.winner,
                                                 results.get(event.winner))
    rule = f"{needed} completed quests" + (", at least one PvE" if needs_pve else "")
    if not _wins(valid, pve, needed, needs_pve):
        ctx.add(k.SCENARIO_WINNER_SHORT(
            f"{event.winner} won {event.name} with {len(valid)} quest(s) ({len(pve)} PvE); "
            f"winning takes {rule}", fix="record the winner's quests, or the right winner"))
    elif len(valid) > needed and (not needs_pve or len(pve) > 1):
        ctx.add(k.SCENARIO_AFTER_END(
            f"{event.winner} won {event.name} with {len(valid)} quest(s) ({len(pve)} PvE), "
            f"but the scenario ended the moment it held {rule}: the others came after the "
            "end", list(results[event.winner].quests),
            fix=Fix(f"keep only the quests {event.winner} completed up to its winning one",
                    file="quests = [...] in its [[scenario.guild]]",
                    cli=f"--quest QUEST after --guild {event.winner}, up to the winning one",
                    app=f"the {event.winner} guild's Quests field")))
    for color, result in results.items():
        if color == event.winner:
            continue
        valid, pve, needed, needs_pve = _winning_set(state, color, result)
        if _wins(valid, pve, needed, needs_pve):
            ctx.add(k.SCENARIO_LOSER_WON(
                f"the {color} guild holds {len(valid)} quest(s) ({len(pve)} PvE) in "
                f"{event.name}, a winning set ({rule}), but {event.winner} is recorded as "
                f"the winner: the scenario ended, won by {color}, when it completed them",
                [color, *result.quests],
                fix=Fix(f"record {color} as the winner, or remove the quests {color} did not "
                        "complete", file=f'winner = "{color}"', cli=f"--winner {color}",
                        app=f"type {color} in the Winner (colour) field")))


def _titles_and_rewards(state: CampaignState, event: ScenarioPlayed,
                        results: dict[str, GuildResult], card: Scenario | None,
                        ctx: Context) -> list[tuple[str, str]]:
    """*Tarjetas de recompensa*: "Cuando un jugador completa esa misión, su gremio obtiene
    inmediatamente una de las cartas de recompensa disponibles" (one card per quest completed,
    at most); *Campaña*: "Cuando un héroe completa una de estas misiones, su gremio recibe el
    título asociado" (a title only with its quest, in its scenario)."""
    titles: list[tuple[str, str]] = []
    for color, r in results.items():
        g = state.guilds[color]
        done = {name_key(q) for q in r.quests}
        if r.title:
            if card is not None and card.title_quest is False:
                ctx.add(k.SCENARIO_NO_TITLE(f"the {color} guild earned the title {r.title!r} "
                                            f"in {event.name}, which has no title quest",
                                            [r.title], fix="remove the title"))
            else:
                _title_quest(color, r.title, done, event.name, ctx)
            g.titles.append((r.title, event.name))
            titles.append((color, r.title))
        if len(r.rewards) > len(done):
            ctx.add(k.REWARD_WITHOUT_QUEST(
                f"the {color} guild takes {len(r.rewards)} reward card(s) in {event.name} but "
                f"completed {len(done)} quest(s); a guild takes at most one reward card per "
                "quest it completes", list(r.rewards),
                fix=Fix("record the quests that gave the rewards, or remove the rewards",
                        file="rewards = [...] in its [[scenario.guild]]",
                        cli=f"--quest QUEST (or fewer --reward) after --guild {color}",
                        app=f"the {color} guild's Quests field")))
        for reward in r.rewards:
            ctx.card(reward, Kind.UPGRADE, f"a reward of {color} in {event.name}")
            gain(g, reward, ctx, f"a reward in {event.name}")
    return titles


def _title_quest(color: str, title: str, done: set[str], scenario: str, ctx: Context) -> None:
    """``title.without_quest`` when ``color`` earns ``title`` without the quest that awards it
    (any quest when the title card does not name it) or outside the title's scenario."""
    card = ctx.get(title, Kind.TITLE)
    quest = card.quest if isinstance(card, Title) else None
    where = card.scenario if isinstance(card, Title) else None
    if where and name_key(where) != name_key(scenario):
        why = f"the title {title!r} is awarded in {where}, not in {scenario}"
    elif quest and name_key(quest) not in done:
        why = (f"the {color} guild earned the title {title!r} in {scenario} without completing "
               f"its quest {quest!r}")
    elif not done:
        why = (f"the {color} guild earned the title {title!r} in {scenario} without completing "
               "any quest; a title goes to the guild that completes its quest")
    else:
        return
    add = f"--quest {quest!r}" if quest else "--quest QUEST"
    ctx.add(k.TITLE_WITHOUT_QUEST(why, [title, color],
                                  fix=Fix("record the title's quest, or remove the title",
                                          file="quests = [...] or title in its "
                                               "[[scenario.guild]]",
                                          cli=f"{add} (or no --title) after --guild {color}",
                                          app=f"the {color} guild's Quests or Title earned "
                                              "field")))


def _coins(state: CampaignState, results: dict[str, GuildResult]) -> None:
    neutral = {color: sum(r.neutral_deaths.values()) for color, r in results.items()}
    for color, g in state.guilds.items():
        r = results.get(color)
        earned = sum(v for c, v in neutral.items() if c != color)
        if r is not None:
            quests = len({name_key(q) for q in r.quests})
            first = len({name_key(q) for q in r.first})
            earned += r.monster_coins + r.hero_kills + first + quests + r.chests
        g.earned.append(earned)
        g.coins += earned


def check_campaign(events: Iterable[Event], catalog: QuestCatalog,
                   owned: Iterable[str] | None = None) -> Report:
    """Every violation of a campaign and its JSON summary (see ``summary.summarize``);
    ``owned`` (the products of the group's collection) narrows the next scenario's choices."""
    from chronicle.systems.arcadia_quest.summary import summarize

    done = replay(list(events), catalog)
    return Report(done.violations, summarize(done.state, catalog, owned))


def check_event(history: Sequence[Event], event: Event, catalog: QuestCatalog) -> list[Violation]:
    """The violations ``event`` would add to ``history``: what a store checks before it writes
    the event (an empty list: the event keeps the campaign as legal as it was)."""
    before = replay(history, catalog).violations if history else []
    remaining = list(before)
    added: list[Violation] = []
    for violation in replay([*history, event], catalog).violations:
        if violation in remaining:
            remaining.remove(violation)
        else:
            added.append(violation)
    return added
