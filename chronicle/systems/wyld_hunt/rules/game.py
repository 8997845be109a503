"""Checking a game setup: the deck builder's rules for Waylays, Treasures and Leagues.

Rulebook: The Wyld Hunt, Setting the Stage (steps 2 and 3); Story Pack, Waylay Cards (Terrain);
Optional Rules: Chronicle Play (the Waylay bonus), Multi-Player Games, Solo Play and Epic Play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chronicle.domain.text import suggest
from chronicle.rules import fitting
from chronicle.rules.editions import find_edition
from chronicle.rules.lookup import CardLookup
from chronicle.rules.report import Fix, Report, Severity, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Kind,
    League,
    Merit,
    MeritType,
    Quest,
    Terrain,
    Waylay,
)
from chronicle.systems.wyld_hunt.chronicle import EpicOrder
from chronicle.systems.wyld_hunt.editions import WyldHuntEdition
from chronicle.systems.wyld_hunt.rules.character import check_character
from chronicle.systems.wyld_hunt.rules.ledger import epic_key, waylay_bonus
from chronicle.systems.wyld_hunt.rules.resolve import Resolver
from chronicle.systems.wyld_hunt.setup import GameSetup, PlayerSetup

MOST_PLAYERS = 5
"""Multi-Player Games: "Arcadia: The Wyld Hunt can be adapted to three, four or five players."
"""
LEAGUES_PER_QUEST = 5
SOLO_LEAGUES_PER_QUEST = 10


@dataclass
class PlayerState:
    """One player's numbers as the rules computed them."""

    setup: PlayerSetup
    career_xp: int
    character_points: int | None
    quests: list[Quest] = field(default_factory=list)
    waylays: list[Waylay] = field(default_factory=list)
    treasures: list[Merit] = field(default_factory=list)
    leagues: list[League] = field(default_factory=list)
    target: str | None = None
    waylaid_by: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The player's name."""
        return self.setup.name

    @property
    def bonus(self) -> int:
        """The fame bonus added to each of this player's quests."""
        return waylay_bonus(self.career_xp)

    @property
    def waylay_rating(self) -> int:
        """Effective Waylay rating of this player's quests: base plus bonus, per quest."""
        return sum((q.waylay_rating or 0) + self.bonus for q in self.quests)

    @property
    def rating_known(self) -> bool:
        """True when every quest's Waylay rating is known."""
        return all(q.waylay_rating is not None for q in self.quests)

    @property
    def treasure_known(self) -> bool:
        """True when every quest's Treasure rating is known."""
        return all(q.treasure_rating is not None for q in self.quests)

    @property
    def treasure_rating(self) -> int:
        """Treasure rating of this player's quests."""
        return sum(q.treasure_rating or 0 for q in self.quests)

    @property
    def waylays_total(self) -> int:
        """Total rating of the Waylays this player selected."""
        return sum(w.rating or 0 for w in self.waylays)

    @property
    def treasures_total(self) -> int:
        """Total points of the Treasures this player selected."""
        return sum(t.cost or 0 for t in self.treasures)

    def quest_order(self, order: EpicOrder) -> list[str] | None:
        """The order this player's quests must be completed in (Epic Play, read as ``order``);
        None when a value it needs is unknown."""
        field, _word, _basis = epic_key(order)
        values = [getattr(q, field) for q in self.quests]
        if any(v is None for v in values):
            return None
        ranked = sorted(zip(values, range(len(values)), strict=True))
        return [self.quests[i].name for _v, i in ranked]

    def summary(self, order: EpicOrder = EpicOrder.QUEST_NUMBER) -> dict[str, Any]:
        """This player's entry in ``summary.players``."""
        return {
            "name": self.name,
            "target": self.target,
            "waylaid_by": list(self.waylaid_by),
            "career_xp": self.career_xp,
            "waylay_bonus": self.bonus,
            "character_points": self.character_points,
            "quests": [q.name for q in self.quests],
            "quest_order": self.quest_order(order),
            "waylay_rating": self.waylay_rating,
            "waylays_total": self.waylays_total,
            "treasure_rating": self.treasure_rating,
            "treasures_total": self.treasures_total,
            "leagues": len(self.setup.leagues),  # as the league-count rule counts them
        }


@dataclass
class SetupState:
    """Every player's computed numbers."""

    setup: GameSetup
    players: list[PlayerState]

    def summary(self) -> dict[str, Any]:
        """The ``summary`` object of ``chronicle check --json`` for a setup."""
        order = self.setup.epic_order
        return {"system": self.setup.system, "solo": self.setup.solo,
                "epic_order": order.value, "house_rules": list(self.setup.house_rules),
                "players": [p.summary(order) for p in self.players]}


def check_setup(setup: GameSetup, catalog: CardLookup[Card]) -> tuple[Report, SetupState]:
    """Check a game setup against the rules.

    Raises:
        ValueError: when ``setup.system`` names no registered edition.
    """
    if find_edition(setup.system, WyldHuntEdition) is None:
        raise ValueError(f"unknown system {setup.system!r}")
    report = Report()
    res = Resolver(catalog, report)
    players = [_player(p, catalog, res) for p in setup.players]
    _opponents(setup, players, res)
    for player in players:
        _cards(player, setup.solo, res)
    by_name = {p.name: p for p in players}
    for player in players:
        if setup.solo:
            _solo(player, res)
        elif player.target in by_name:
            _waylays_within(player, by_name[player.target], res)
        _treasures(player, res)
        _league_count(player, setup.solo, res)
    _unique_leagues(players, res)
    _terrain(players, res)
    state = SetupState(setup, players)
    report.summary = state.summary()
    if setup.map:
        from chronicle.systems.wyld_hunt.rules.map import replay
        from chronicle.systems.wyld_hunt.rules.map_ledger import from_state

        _map, found = replay(from_state(state, catalog, "<game>"), setup.map)
        report.extend(found.violations)
        report.summary["map"] = found.summary["map"]
    return report, state


def _player(setup: PlayerSetup, catalog: CardLookup[Card], res: Resolver) -> PlayerState:
    if setup.character is not None:
        sub_report, character = check_character(setup.character, catalog)
        if not sub_report.valid:
            found = ", ".join(sorted({v.code for v in sub_report.errors}))
            res.report.add(codes.SETUP_CHARACTER_INVALID(
                f"{setup.name}'s character {setup.character.name} has "
                f"{len(sub_report.errors)} rule error(s): {found}",
                fix=Fix(f"mend {setup.character.name} first",
                        cli=f"chronicle character show {arg(setup.character.name)} (its "
                            "violations and their fixes)",
                        app=f"press 2 (Characters) and open {setup.character.name}",
                        file=f"run 'chronicle check' on {setup.character.name}'s character "
                             "file")))
        return PlayerState(setup, character.xp_earned, character.character_points)
    return PlayerState(setup, setup.career_xp or 0, setup.character_points)


def _opponents(setup: GameSetup, players: list[PlayerState], res: Resolver) -> None:
    """Each player has one and only one opponent who can Waylay them (Multi-Player Games); in
    solo play the single player selects their own Waylays (Solo Play)."""
    add = res.report.add
    names = [p.name for p in players]
    for name in {n for n in names if names.count(n) > 1}:
        add(codes.SETUP_OPPONENTS(f"Two players are called {name!r}",
                                  fix="give every player a different name"))
    if setup.solo:
        if len(players) != 1:
            add(codes.SETUP_OPPONENTS(f"Solo play has one player, not {len(players)}",
                                      fix="set solo = false, or keep one [[player]]"))
        for player in players:
            if player.setup.target not in (None, player.name):
                add(codes.SETUP_OPPONENTS(
                    f"In solo play {player.name} waylays their own quests, not "
                    f"{player.setup.target!r}", fix="remove target"))
            player.target = player.name
            player.waylaid_by = [player.name]
        return
    if len(players) < 2:
        add(codes.SETUP_OPPONENTS(f"A game needs at least two players, not {len(players)}",
                                  fix="add a [[player]], or set solo = true"))
        return
    if len(players) > MOST_PLAYERS:
        add(codes.SETUP_PLAYER_COUNT(
            f"{len(players)} players: the rulebook adapts the game to three, four or five "
            "players, so a larger game is outside what it covers (checked as if it held)",
            fix=Fix(f"split the table into games of at most {MOST_PLAYERS} players",
                    cli="chronicle game new <name> --seat ... (a second game for the players "
                        f"beyond {MOST_PLAYERS})",
                    app=f"start a second game for the players beyond {MOST_PLAYERS}",
                    file=f"keep at most {MOST_PLAYERS} [[player]] tables in one setup file")))
    for player in players:
        target = player.setup.target
        if target is None:
            if len(players) == 2:
                player.target = next(p.name for p in players if p is not player)
                continue
            add(codes.SETUP_OPPONENTS(
                f"{player.name} names no target; in a game of {len(players)} players each "
                "player names the opponent their Waylays oppose",
                fix=Fix(f"name the opponent {player.name}'s Waylays oppose",
                        cli=f"chronicle game set <game> --player {arg(player.name)} "
                            "--target <player>",
                        app=f"in the game, choose {player.name}'s target",
                        file=f"add target = \"<player>\" to {player.name}")))
            continue
        if target == player.name:
            add(codes.SETUP_OPPONENTS(f"{player.name} targets themselves",
                                      fix="target another player (or play solo)"))
            continue
        if target not in names:
            near = suggest(target, [n for n in names if n != player.name])
            add(codes.SETUP_OPPONENTS(f"{player.name} targets {target!r}, who is not a player",
                                      fix=f"did you mean {near!r}?" if near else
                                      f"target one of: {', '.join(names)}"))
            continue
        player.target = target
    for player in players:
        player.waylaid_by = [p.name for p in players if p.target == player.name]
        if len(player.waylaid_by) != 1:
            who = ", ".join(player.waylaid_by) or "nobody"
            add(codes.SETUP_OPPONENTS(
                f"{player.name} is waylaid by {who}; each player has exactly one opponent "
                "who waylays them", fix="change targets so that each player is targeted once"))


def _cards(player: PlayerState, solo: bool, res: Resolver) -> None:
    """Every card is of the kind its list needs; the quests give the ratings."""
    who = player.name
    if not player.setup.quests:
        res.report.add(codes.QUEST_NONE(f"{who} undertakes no quest", fix=Fix(
            f"choose {who}'s quests",
            cli=f"chronicle game set <game> --player {arg(who)} --quest <quest>",
            app=f"in the game, select {who}'s seat (tab), press q and pick quests (space)",
            file=f"add quests = [...] to {who}")))
    res.duplicates(player.setup.quests, f"in {who}'s quests")
    for name in player.setup.quests:
        quest = res.card(name, Kind.QUEST, Quest, f"in {who}'s quests")
        if quest is not None:
            player.quests.append(quest)
            res.need(quest, "waylay_rating", "for the Waylay rating")
            res.need(quest, "treasure_rating", "for the Treasure rating")
    for name in player.setup.waylays:
        waylay = res.card(name, Kind.WAYLAY, Waylay, f"in {who}'s waylays")
        if waylay is not None:
            player.waylays.append(waylay)
            res.need(waylay, "rating", "to total the Waylays")
            _lacks_attribute(waylay, res)
    for name in player.setup.treasures:
        treasure = res.card(name, Kind.MERIT, Merit, f"in {who}'s treasures")
        if treasure is None:
            continue
        kind = res.need(treasure, "type", "to confirm it is a Treasure")
        if kind is not None and kind is not MeritType.TREASURE:
            res.report.add(codes.CARD_WRONG_KIND(
                f"{treasure.name!r} in {who}'s treasures is an {kind.value} Merit, not a "
                "Treasure", [treasure.name], fix=f"remove {treasure.name!r} from treasures"))
            continue
        player.treasures.append(treasure)
        res.need(treasure, "cost", "to total the Treasures")
    for name in player.setup.leagues:
        league = res.card(name, Kind.LEAGUE, League, f"in {who}'s leagues")
        if league is not None:
            player.leagues.append(league)


def _lacks_attribute(waylay: Waylay, res: Resolver) -> None:
    """Totals count a Waylay's rating, which relies on the card being a real Waylay: "Each
    Waylay has at least one Attribute with a rating" (Waylay Cards: Attributes). A card whose
    four Attributes all print no number is reported (once), and its rating counted as given."""
    if not waylay.lacks_attribute() or ("no_attribute", waylay.name) in res.flagged:
        return
    res.flagged.add(("no_attribute", waylay.name))
    rating = "unknown" if waylay.rating is None else str(waylay.rating)
    res.report.add(codes.CARD_NO_ATTRIBUTE(
        f"{waylay.name!r} has Might, Savvy, Resolve and Combat all 'none', but each Waylay has "
        f"at least one Attribute with a rating; its rating ({rating}) is counted as given, and "
        "no Test against it can be scored",
        [waylay.name], fix=Fix(
            f"correct {waylay.name}'s Attributes from the physical card",
            cli=f"chronicle cards new {arg(waylay.name)} --kind waylay --<attribute> <value> "
                "(the Attribute the card prints a number for)",
            app=f"press 1 (Cards), select {waylay.name}, press e and fill in its Attributes",
            file=f"a [[card]] correction with name = {waylay.name!r}, kind = \"waylay\" and "
                 "the printed Attribute (might, savvy, resolve or combat) = <value>")))


def _smallest_removal(cards: list[Waylay] | list[Merit], over: int, value: str) -> str | None:
    fitting_cards = sorted((getattr(c, value) or 0, c.name) for c in cards
                           if (getattr(c, value) or 0) >= over)
    return f"remove {fitting_cards[0][1]} ({fitting_cards[0][0]})" if fitting_cards else None


def _waylays_within(player: PlayerState, target: PlayerState, res: Resolver) -> None:
    """The Waylays a player selects total at most the opponent's effective Waylay rating: the
    opponent's quests' ratings plus the opponent's Waylay bonus per quest (Setting the Stage 2;
    Chronicle Play)."""
    total, rating = player.waylays_total, target.waylay_rating
    if total > rating and target.rating_known:
        over = total - rating
        bonus = (f" ({len(target.quests)} quest(s) plus a Waylay bonus of {target.bonus} each)"
                 if target.bonus else "")
        fix = _choice_fix(player.name, "waylay", _smallest_removal(
            player.waylays, over, "rating") or f"remove Waylays rated {over} in total")
        res.report.add(codes.SETUP_WAYLAYS_OVER(
            f"{player.name}'s Waylays total {total} against {target.name}'s effective Waylay "
            f"rating of {rating}{bonus}: {over} over", [w.name for w in player.waylays],
            fix=fix))


def _treasures(player: PlayerState, res: Resolver) -> None:
    """Treasures total at most the player's own quests' Treasure rating (Setting the Stage 2)."""
    total, rating = player.treasures_total, player.treasure_rating
    if not player.treasure_known:
        return
    if total > rating:
        over = total - rating
        res.report.add(codes.SETUP_TREASURES_OVER(
            f"{player.name}'s Treasures total {total} against a Treasure rating of {rating}: "
            f"{over} over", [t.name for t in player.treasures],
            fix=_choice_fix(player.name, "treasure", _smallest_removal(
                player.treasures, over, "cost") or f"remove Treasures worth {over}")))
    elif total < rating and player.quests:
        res.report.add(codes.SETUP_TREASURES_UNDER(
            f"{player.name}'s Treasures total {total} of a Treasure rating of {rating}",
            [t.name for t in player.treasures],
            fix=_choice_fix(player.name, "treasure",
                            f"add Treasures worth {rating - total} more")))


def _league_count(player: PlayerState, solo: bool, res: Resolver) -> None:
    """Five League cards per quest undertaken (Setting the Stage 3; Epic Play); ten in solo play
    (Solo Play)."""
    per = SOLO_LEAGUES_PER_QUEST if solo else LEAGUES_PER_QUEST
    wanted = per * len(player.setup.quests)
    have = len(player.setup.leagues)
    if have != wanted:
        change = f"add {wanted - have}" if have < wanted else f"remove {have - wanted}"
        res.report.add(codes.SETUP_LEAGUE_COUNT(
            f"{player.name} has {have} Leagues; {len(player.setup.quests)} quest(s) need "
            f"{wanted} ({per} per quest{' in solo play' if solo else ''})",
            fix=_choice_fix(player.name, "league", f"{change} League(s)")))


def _choice_fix(who: str, what: str, text: str) -> Fix:
    """A fix that changes one of a player's chosen lists (Waylays, Treasures or Leagues)."""
    key = {"waylay": "w", "treasure": "t", "league": "l"}[what]
    return Fix(text,
               cli=f"chronicle game choose <game> --player {arg(who)} --{what} <card> ... "
                   f"(the whole list; {text}), or chronicle game suggest <game> --player "
                   f"{arg(who)} --apply",
               app=f"in the game, select {who}'s seat (tab), press {key} and {text} (space)",
               file=f"{text} in {who}'s {what}s = [...]")


def _unique_leagues(players: list[PlayerState], res: Resolver) -> None:
    """A Unique League is in play once only; when two players want it, the player with fewer
    total character points places it (Setting the Stage 3)."""
    holders: dict[str, list[tuple[PlayerState, League]]] = {}
    for player in players:
        for league in player.leagues:
            holders.setdefault(league.name, []).append((player, league))
    for name, held in holders.items():
        if len(held) < 2:
            continue
        league = held[0][1]
        unique = res.need(league, "unique", "to know whether it may be in play twice",
                          severity=Severity.WARNING)
        if not unique:
            continue
        owners = [p for p, _l in held]
        distinct = list(dict.fromkeys(p.name for p in owners))
        if len(distinct) < len(owners):
            res.report.add(codes.SETUP_UNIQUE_LEAGUE(
                f"{name} is Unique but {', '.join(distinct)} list(s) it more than once",
                [name], fix=f"keep one {name}", severity=Severity.ERROR))
        if len(distinct) > 1:
            res.report.add(codes.SETUP_UNIQUE_LEAGUE(
                f"{name} is Unique and chosen by {', '.join(distinct)}: "
                f"{_placer(owners)}", [name],
                fix="the other players discard their copy (a League short)"))


def _placer(owners: list[PlayerState]) -> str:
    points = {p.name: p.character_points for p in owners}
    if any(v is None for v in points.values()):
        return "who places it depends on total character points, unknown for " + ", ".join(
            n for n, v in points.items() if v is None)
    ranked = sorted(points.items(), key=lambda item: item[1] or 0)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return (f"{ranked[0][0]} and {ranked[1][0]} are tied on {ranked[0][1]} character "
                "points; agree who places it")
    return (f"{ranked[0][0]} places it, having the fewest total character points "
            f"({', '.join(f'{n} {v}' for n, v in ranked)})")


def _solo(player: PlayerState, res: Resolver) -> None:
    """Solo play: the player's own Waylays total at least their quests' Waylay rating, and exceed
    it only when no exact total can be made from the Waylays available, then by as little as
    possible (Solo Play)."""
    rating, total = player.waylay_rating, player.waylays_total
    names = [w.name for w in player.waylays]
    if not player.rating_known:
        return
    if player.setup.pool is None:
        res.report.add(codes.SETUP_NO_POOL(
            f"{player.name} plays solo without a pool, so whether an exact total of {rating} "
            "was possible cannot be checked", fix="list the Waylays available in pool = [...]"))
        pool_cards = list(player.waylays)
    else:
        pool_cards = [w for n in player.setup.pool
                      if (w := res.card(n, Kind.WAYLAY, Waylay, f"in {player.name}'s pool"))]
        pooled = [w.name.casefold() for w in pool_cards]
        left = list(pooled)
        for waylay in player.waylays:
            key = waylay.name.casefold()
            if key in left:
                left.remove(key)
                continue
            held = pooled.count(key)
            what = (f"is selected more often than the pool holds it ({held})" if held
                    else "is not in the pool")
            res.report.add(codes.SETUP_NOT_IN_POOL(
                f"{waylay.name!r} {what}", [waylay.name],
                fix=f"add {waylay.name!r} to pool or remove it from waylays"))
    ratings = [w.rating for w in pool_cards if w.rating is not None]
    best = fitting.smallest_total_at_least(ratings, rating)
    if total < rating:
        reach = (f"; the smallest total of at least {rating} the pool allows is {best}"
                 if best is not None else f"; the whole pool totals only {sum(ratings)}")
        res.report.add(codes.SETUP_SOLO_UNDER(
            f"{player.name}'s Waylays total {total}, under the Waylay rating of {rating}{reach}",
            names, fix=_choice_fix(player.name, "waylay",
                                   f"add Waylays rated {(best or rating) - total} in total")))
    elif total > rating and player.setup.pool is not None and best is not None and total > best:
        exact = best == rating
        res.report.add(codes.SETUP_SOLO_EXCESS(
            f"{player.name}'s Waylays total {total}, over the rating of {rating}, but "
            + (f"an exact total of {rating} can be made from the pool" if exact else
               f"no exact total exists and {best} is the smallest total above it"),
            names, fix=f"choose Waylays totalling {best}"))


def _terrain(players: list[PlayerState], res: Resolver) -> None:
    """A Waylay is played only on a League sharing one of its terrain features; the Arcadia "A"
    symbol plays on any (Story Pack, Waylay Cards: Terrain)."""
    leagues = [league for p in players for league in p.leagues]
    known: set[Terrain] = set()
    unknown = 0
    for league in leagues:
        if league.terrain is None:
            unknown += 1
        else:
            known.update(league.terrain)
    if Terrain.ANY in known or not leagues:
        return
    for player in players:
        for waylay in player.waylays:
            terrain = res.need(waylay, "terrain", "to match it to the game's Leagues",
                               severity=Severity.WARNING)
            if terrain is None or Terrain.ANY in terrain or known.intersection(terrain):
                continue
            note = f" ({unknown} League(s) have unknown terrain)" if unknown else ""
            res.report.add(codes.SETUP_WAYLAY_TERRAIN(
                f"{player.name}'s {waylay.name} ({', '.join(t.value for t in terrain)}) fits no "
                f"League of this game{note}", [waylay.name],
                fix="choose a League with matching terrain, or another Waylay"))
