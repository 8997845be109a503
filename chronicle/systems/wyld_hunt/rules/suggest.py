"""Suggesting a game setup from the cards a player owns: Waylays, Treasures and Leagues.

Provides ``suggest_waylays``, ``suggest_treasures`` and ``suggest_leagues``. Each returns a
``Suggestion``: the chosen card names, their total, the rating they were fitted to, and plain
English lines explaining the choice (totals, odds, terrain) and what was left out and why. The
suggestions satisfy the setup rules that ``game.check_setup`` enforces (rulebook, Setting the
Stage 2 and 3; Solo Play; Story Pack, Waylay Cards: Terrain).

Fitting is exact, never greedy: a bounded knapsack over totals (O(cards x rating)) finds the best
reachable total, ranks the selections reaching it by a secondary score, and rebuilds one of
them, preferring as many copies of the alphabetically first card as possible, so the result is
reproducible whatever the order of ``owned``. Pure functions: no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from chronicle.rules.dice import SIDES, test_odds
from chronicle.systems.wyld_hunt.cards import (
    Icon,
    League,
    Merit,
    MeritType,
    Terrain,
    TestType,
    Waylay,
)

__all__ = ["Suggestion", "opposed_attribute", "suggest_leagues", "suggest_treasures",
           "suggest_waylays"]

_NEG = -(1 << 256)
"""The value of a total no selection reaches (stays far below any reachable value)."""

_OPPOSED: dict[TestType, str] = {
    TestType.MIGHT: "might",
    TestType.SAVVY: "savvy",
    TestType.RESOLVE: "resolve",
    TestType.COMBAT: "might",
}
"""The character Attribute each Test type is rolled against (Tests and Trials: Combat uses the
character's Might against the Waylay's Combat)."""



def opposed_attribute(test: TestType) -> str:
    """The character Attribute a Waylay's Test is rolled against (Tests and Trials: "A
    character uses his/her Might Attribute against a Waylay's Combat Attribute").

    >>> opposed_attribute(TestType.COMBAT)
    'might'
    """
    return _OPPOSED[test]


_C = TypeVar("_C", Waylay, Merit, League)

_MAX_NAMES = 6
"""How many card names an explanation line lists before summarising the rest."""


@dataclass(frozen=True)
class Suggestion:
    """Cards suggested for one part of a game setup, with the reasons."""

    cards: tuple[str, ...]
    """Chosen card names; a name repeats when several copies are chosen."""
    total: int
    """Total rating (Waylays), cost (Treasures) or number of cards (Leagues) chosen."""
    limit: int
    """The rating (or League count) the cards were fitted to."""
    explanation: tuple[str, ...]
    """Plain-English lines: why these cards, what was left out and why."""


# --- exact fitting -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Item:
    """One owned card as the knapsack sees it: its weight (rating or cost), the value of one
    copy for ranking equal totals, and how many copies may be chosen."""

    name: str
    weight: int
    value: int
    copies: int


def _tables(items: Sequence[_Item], limit: int) -> list[list[int]]:
    """Suffix tables: ``rows[i][t]`` is the best summed value of a selection from ``items[i:]``
    totalling exactly ``t`` (``_NEG`` or below when none does). O(copies x limit)."""
    row = [0] + [_NEG] * limit
    rows = [row]
    for item in reversed(items):
        prev = row
        for k in range(1, item.copies + 1):
            shift = k * item.weight
            if shift > limit:
                break
            add = k * item.value
            shifted = [_NEG] * shift + [p + add for p in prev[: limit + 1 - shift]]
            row = list(map(max, row, shifted))
        rows.append(row)
    rows.reverse()
    return rows


def _reachable(value: int) -> bool:
    return value > _NEG // 2


def _pick(items: Sequence[_Item], rows: list[list[int]], total: int) -> list[int]:
    """Copies chosen of each item for a best selection totalling ``total``: walking the items in
    order, take as many copies of each as still allow the best value."""
    want, left = rows[0][total], total
    chosen: list[int] = []
    for index, item in enumerate(items):
        after = rows[index + 1]
        most = item.copies if item.weight == 0 else min(item.copies, left // item.weight)
        take = 0
        for k in range(most, -1, -1):
            if after[left - k * item.weight] + k * item.value == want:
                take = k
                break
        chosen.append(take)
        left -= take * item.weight
        want -= take * item.value
    return chosen


def _sorted_owned(owned: Sequence[tuple[_C, int]]) -> list[tuple[_C, int]]:
    """Owned cards with at least one copy, in name order (stable, so reproducible)."""
    kept = [(card, copies) for card, copies in owned if copies > 0]
    return sorted(kept, key=lambda pair: (pair[0].name.casefold(), pair[0].name))


# --- wording -------------------------------------------------------------------------------


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(names[:_MAX_NAMES])
    more = len(names) - _MAX_NAMES
    return f"{shown} and {more} more" if more > 0 else shown


def _set_aside(*groups: tuple[str, Sequence[str], str, str]) -> list[str]:
    """A line for each non-empty group of cards a suggestion leaves out or ignores, in order:
    ``(verb, names, noun, why)`` reads "Left out 2 Waylays with no known rating: A, B."."""
    return [f"{verb} {_plural(len(names), noun)}{why}: {_names(names)}."
            for verb, names, noun, why in groups if names]


def _join(words: Sequence[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _percent(chance: Fraction) -> str:
    return f"{round(chance * 100)}%"


def _terrain_text(terrain: tuple[Terrain, ...] | None) -> str:
    if terrain is None:
        return "terrain unknown"
    return ", ".join(t.value for t in terrain) or "no terrain"


def _counted(names: Sequence[str]) -> list[str]:
    """Names with repeats folded into "Name (x2)", first-seen order."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name} (x{n})" for name, n in counts.items()]


# --- Waylays -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Odds:
    """A Waylay's best Test against the character: the Waylay's chance of winning it."""

    test: TestType
    mine: int
    theirs: int
    win: Fraction


def _opponent_values(opponent: Icon | None) -> dict[str, int]:
    if opponent is None:
        return {}
    values = {"might": opponent.might, "savvy": opponent.savvy, "resolve": opponent.resolve}
    return {name: value for name, value in values.items() if value is not None}


def _best_odds(waylay: Waylay, against: dict[str, int], dice: int,
               cache: dict[tuple[int, int], Fraction]) -> _Odds | None:
    """The Waylay's best chance of beating the character over the Tests it can be, using the
    character's Attribute opposed to each (Tests and Trials: Tests); None when no Test has both
    values known. With unknown Test types, every Test the card prints a value for counts."""
    tests = waylay.tests if waylay.tests is not None else tuple(TestType)
    best: _Odds | None = None
    for test in tests:
        mine, theirs = waylay.attribute_value(test), against.get(_OPPOSED[test])
        if mine is None or theirs is None:
            continue
        win = cache.get((mine, theirs))
        if win is None:
            win = cache[(mine, theirs)] = test_odds(mine, theirs, dice).win
        if best is None or win > best.win:
            best = _Odds(test, mine, theirs, win)
    return best


def _fits(terrain: tuple[Terrain, ...] | None, leagues: Sequence[League]) -> bool | None:
    """Whether a Waylay of ``terrain`` can be played on one of ``leagues``: True when some
    League shares a terrain feature or either side shows "any" (Story Pack, Waylay Cards:
    Terrain); None when that depends on unknown terrain."""
    if terrain is None:
        return None
    if Terrain.ANY in terrain and leagues:
        return True
    unknown = False
    for league in leagues:
        if league.terrain is None:
            unknown = True
        elif Terrain.ANY in league.terrain or set(terrain) & set(league.terrain):
            return True
    return None if unknown else False


def suggest_waylays(owned: Sequence[tuple[Waylay, int]], rating: int, *, opponent: Icon | None,
                    leagues: Sequence[League] = (), dice: int = 1, solo: bool = False,
                    opponent_name: str | None = None) -> Suggestion:
    """Choose Waylays from ``owned`` (card, copies owned) against a Waylay rating.

    Normal play: the largest total not above ``rating``, the opponent's effective Waylay rating
    (Setting the Stage 2; Chronicle Play). Solo play: at least ``rating``, exactly when some
    selection makes it, otherwise the smallest total above it; all owned Waylays when even they
    fall short (Solo Play). Among selections reaching the same total, prefer the largest summed
    chance of beating ``opponent`` (each Waylay scored by its best Test, Tests and Trials:
    Tests; Combat against Might), then Waylays whose terrain fits one of ``leagues`` (a Waylay
    of unknown terrain neither gains nor loses), then alphabetically first names. Waylays with
    an unknown rating are never chosen. ``opponent_name`` names the opponent in explanations
    (the icon's name otherwise).

    Raises:
        ValueError: when ``dice`` is below one (no odds can be computed).
    """
    if dice < 1:
        raise ValueError(f"at least one die is rolled, not {dice}")
    lines: list[str] = []
    label = opponent_name or (opponent.name if opponent is not None else None)
    who = f"{label}'s" if label else "the opponent's"
    cards = _sorted_owned(owned)
    unknown = [card.name for card, _n in cards if card.rating is None]
    negative = [card.name for card, _n in cards if card.rating is not None and card.rating < 0]
    usable = [(card, n) for card, n in cards if card.rating is not None and card.rating >= 0]

    against = _opponent_values(opponent)
    cache: dict[tuple[int, int], Fraction] = {}
    odds = {card: _best_odds(card, against, dice, cache) for card, _n in usable}
    fits = {card: _fits(card.terrain, leagues) for card, _n in usable}
    scale = SIDES ** (2 * dice)
    spread = 2 * sum(n for _c, n in usable) + 1

    def value(card: Waylay) -> int:
        chance = odds[card]
        score = 0 if chance is None else chance.win.numerator * (scale // chance.win.denominator)
        fit = fits[card]
        return score * spread + (0 if fit is None or not leagues else 1 if fit else -1)

    chosen: list[Waylay] = []
    all_ratings = sum((card.rating or 0) * n for card, n in usable)
    if solo and all_ratings < rating:
        chosen = [card for card, n in usable for _ in range(n)]
        total = all_ratings
        lines.append(f"All owned Waylays with a known rating total only {total}, under the "
                     f"Waylay rating of {rating}, so all are chosen (Solo Play).")
    elif not solo and rating < 0:
        total = 0
        lines.append(f"A Waylay rating of {rating} leaves no room for any Waylay.")
    else:
        widest = max((card.rating or 0 for card, _n in usable), default=0)
        limit = max(rating, 0) + max(widest - 1, 0) if solo else rating
        candidates = [(card, n) for card, n in usable if (card.rating or 0) <= limit]
        items = [_Item(card.name, card.rating or 0, value(card), n) for card, n in candidates]
        rows = _tables(items, limit)
        best = rows[0]
        if solo:
            total = next(t for t in range(max(rating, 0), limit + 1) if _reachable(best[t]))
        else:
            total = max(t for t in range(limit + 1) if _reachable(best[t]))
        taken = _pick(items, rows, total)
        chosen = [card for (card, _n), k in zip(candidates, taken, strict=True)
                  for _ in range(k)]
        lines.append(_waylay_total_line(total, rating, who, solo))

    lines += _odds_lines(chosen, odds, opponent, against, total, label)
    lines += _terrain_lines(chosen, fits, leagues)
    lines += _set_aside(("Left out", unknown, "Waylay", " with no known rating"),
                        ("Left out", negative, "Waylay", " with a negative rating"))
    blank = _counted([card.name for card in chosen if card.lacks_attribute()])
    if blank:
        lines.append(f"Chosen by rating although Might, Savvy, Resolve and Combat are all "
                     f"'none' on file, which the rulebook rules out (each Waylay has at least "
                     f"one Attribute with a rating), so their odds are not scored: "
                     f"{_names(blank)}; check the physical cards.")
    return Suggestion(tuple(card.name for card in chosen), total, rating, tuple(lines))


def _waylay_total_line(total: int, rating: int, who: str, solo: bool) -> str:
    if solo:
        if total == rating:
            return f"Waylays total {total}, exactly the Waylay rating of {rating} (Solo Play)."
        return (f"Waylays total {total} against a Waylay rating of {rating}: no selection of the "
                f"owned Waylays makes exactly {rating}, and {total} is the smallest total above "
                "it (Solo Play).")
    if total == rating:
        return f"Waylays total {total} of {who} effective rating {rating} (exact)."
    return (f"Waylays total {total} of {who} effective rating {rating}: {rating - total} under, "
            "the closest the owned Waylays allow.")


def _odds_lines(chosen: Sequence[Waylay], odds: dict[Waylay, _Odds | None], opponent: Icon | None,
                against: dict[str, int], total: int, label: str | None = None) -> list[str]:
    if opponent is None:
        return ["No opponent given, so Waylays were not ranked by their odds."]
    name = label or opponent.name
    missing = [name.title() for name in ("might", "savvy", "resolve") if name not in against]
    if len(missing) == 3:
        return [f"{name}'s Might, Savvy and Resolve are unknown, so Waylays were not "
                "ranked by their odds."]
    lines: list[str] = []
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        lines.append(f"{name}'s {_join(missing)} {verb} unknown, so Tests against "
                     f"{'it' if len(missing) == 1 else 'them'} were not scored.")
    if not chosen:
        return lines
    summed = sum((o.win for c in chosen if (o := odds[c]) is not None), Fraction(0))
    lines.append(f"Among selections totalling {total}, these give the best summed chance of "
                 f"beating {name}: {float(summed):.2f} Tests expected won by "
                 f"{_plural(len(chosen), 'Waylay')}.")
    seen: dict[Waylay, int] = {}
    for card in chosen:
        seen[card] = seen.get(card, 0) + 1
    unscored: list[str] = []
    for card, copies in seen.items():
        chance = odds[card]
        label = card.name if copies == 1 else f"{card.name} (x{copies})"
        if chance is None:
            unscored.append(label)
            continue
        opposed = _OPPOSED[chance.test].title()
        lines.append(f"{label}: {chance.test.value.title()} {chance.mine} against {opposed} "
                     f"{chance.theirs} wins {chance.win.numerator}/{chance.win.denominator} of "
                     f"Tests ({_percent(chance.win)}).")
    if unscored:
        lines.append(f"Odds unknown (no Test value known against {name}), counted as "
                     f"no chance: {_names(unscored)}.")
    return lines


def _terrain_lines(chosen: Sequence[Waylay], fits: dict[Waylay, bool | None],
                   leagues: Sequence[League]) -> list[str]:
    if not leagues:
        return ["No Leagues given, so terrain was not compared."]
    if all(league.terrain is None for league in leagues):
        return ["Every given League has unknown terrain, so terrain was not compared."]
    if not chosen:
        return []
    fitting = [c.name for c in chosen if fits[c]]
    lines = [f"Terrain: {len(fitting)} of {_plural(len(chosen), 'chosen Waylay')} fit the "
             "given Leagues."]
    misfits = _counted([f"{c.name} ({_terrain_text(c.terrain)})" for c in chosen
                        if fits[c] is False])
    if misfits:
        lines.append(f"Fit no given League (only better odds or total justify them): "
                     f"{_names(misfits)}.")
    unknown = _counted([c.name for c in chosen if fits[c] is None])
    if unknown:
        lines.append(f"Terrain fit unknown: {_names(unknown)}.")
    return lines


# --- Treasures -----------------------------------------------------------------------------


def suggest_treasures(owned: Sequence[tuple[Merit, int]], rating: int) -> Suggestion:
    """Choose Treasures from ``owned`` (card, copies owned) for the player's own quests'
    Treasure rating: the largest total not above ``rating`` (Setting the Stage 2: "any
    combination that adds up to" the rating), then the fewest cards, then alphabetically first
    names. Merits that are not Treasures, and Treasures of unknown cost, are never chosen."""
    lines: list[str] = []
    cards = _sorted_owned(owned)
    not_treasure = [c.name for c, _n in cards if c.type is not None
                    and c.type is not MeritType.TREASURE]
    unknown_type = [c.name for c, _n in cards if c.type is None]
    treasures = [(c, n) for c, n in cards if c.type is MeritType.TREASURE]
    unknown = [c.name for c, _n in treasures if c.cost is None]
    negative = [c.name for c, _n in treasures if c.cost is not None and c.cost < 0]
    usable = [(c, n) for c, n in treasures if c.cost is not None and c.cost >= 0]

    chosen: list[str] = []
    if rating < 0:
        total = 0
        lines.append(f"A Treasure rating of {rating} leaves no room for any Treasure.")
    else:
        items = [_Item(c.name, c.cost or 0, -1, n) for c, n in usable if (c.cost or 0) <= rating]
        rows = _tables(items, rating)
        total = max(t for t in range(rating + 1) if _reachable(rows[0][t]))
        taken = _pick(items, rows, total)
        chosen = [item.name for item, k in zip(items, taken, strict=True) for _ in range(k)]
        if total == rating:
            lines.append(f"Treasures total {total} of a Treasure rating of {rating} (exact).")
        else:
            lines.append(f"Treasures total {total} of a Treasure rating of {rating}: "
                         f"{rating - total} under, the closest the owned Treasures allow.")
        if chosen:
            lines.append(f"The fewest cards making {total}: {_plural(len(chosen), 'Treasure')} "
                         f"({_names(_counted(chosen))}).")
    lines += _set_aside(("Left out", unknown, "Treasure", " with no known cost"),
                        ("Left out", negative, "Treasure", " with a negative cost"),
                        ("Ignored", not_treasure, "non-Treasure Merit", ""),
                        ("Ignored", unknown_type, "Merit",
                         " of unknown type (not known to be a Treasure)"))
    return Suggestion(tuple(chosen), total, rating, tuple(lines))


# --- Leagues -------------------------------------------------------------------------------


def _league_fit(league: League, waylays: Sequence[Waylay]) -> int:
    """How many of ``waylays`` can be played on ``league`` (Story Pack, Waylay Cards: Terrain);
    a Waylay of unknown terrain counts only on an "any" League."""
    if league.terrain is None:
        return 0
    if Terrain.ANY in league.terrain:
        return len(waylays)
    own = set(league.terrain)
    return sum(1 for w in waylays
               if w.terrain is not None and (Terrain.ANY in w.terrain or own & set(w.terrain)))


def suggest_leagues(owned: Sequence[tuple[League, int]], count: int, *,
                    waylays: Sequence[Waylay] = (), taken: Collection[str] = ()) -> Suggestion:
    """Choose ``count`` Leagues from ``owned`` (card, copies owned): five per quest, ten in solo
    play (Setting the Stage 3; Solo Play). Leagues whose terrain fits the most of ``waylays``
    come first, so the player's Waylays can be played (Story Pack, Waylay Cards: Terrain);
    Leagues of unknown terrain come last; ties go to alphabetically first names. A Unique League
    is chosen at most once, and never when its name is in ``taken`` (already placed by another
    player: only one of it can be in play, Setting the Stage 3)."""
    lines: list[str] = []
    placed = {name.casefold() for name in taken}
    cards = _sorted_owned(owned)
    blocked = [c.name for c, _n in cards if c.unique is True and c.name.casefold() in placed]
    available = [(c, 1 if c.unique is True else n) for c, n in cards
                 if not (c.unique is True and c.name.casefold() in placed)]
    ranked = sorted(available, key=lambda pair: (pair[0].terrain is None,
                                                 -_league_fit(pair[0], waylays)))
    chosen: list[League] = []
    for card, copies in ranked:
        room = max(count, 0) - len(chosen)
        if room <= 0:
            break
        chosen += [card] * min(copies, room)

    if len(chosen) == count:
        lines.append(f"Chose {_plural(len(chosen), 'League')}, as asked.")
    else:
        lines.append(f"Only {_plural(len(chosen), 'League')} can be chosen of the {count} asked "
                     f"for: {count - len(chosen)} short.")
    if not waylays:
        lines.append("No Waylays given, so Leagues were not ranked by terrain.")
    seen: dict[str, int] = {}
    for card in chosen:
        seen[card.name] = seen.get(card.name, 0) + 1
    by_name = {card.name: card for card in chosen}
    for name, copies in seen.items():
        card = by_name[name]
        label = name if copies == 1 else f"{name} (x{copies})"
        if card.terrain is None:
            lines.append(f"{label}: terrain unknown, so ranked last.")
        elif waylays:
            lines.append(f"{label} ({_terrain_text(card.terrain)}): fits "
                         f"{_league_fit(card, waylays)} of {_plural(len(waylays), 'Waylay')}.")
    owned_copies = {c.name: n for c, n in cards}
    for name in seen:
        card = by_name[name]
        if card.unique is True and owned_copies[name] > 1:
            lines.append(f"{name} is Unique: chosen once although {owned_copies[name]} copies "
                         "are owned.")
        elif card.unique is None and (seen[name] > 1 or name.casefold() in placed):
            lines.append(f"{name}: whether it is Unique is unknown; if it is, only one can be in "
                         "play.")
    lines += _set_aside(("Left out", blocked, "Unique League",
                         " already placed by another player"))
    if waylays and chosen:
        homeless = _counted([w.name for w in waylays if w.terrain is not None
                             and _fits(w.terrain, chosen) is False])
        if homeless:
            lines.append(f"No chosen League fits: {_names(homeless)}.")
    return Suggestion(tuple(card.name for card in chosen), len(chosen), count, tuple(lines))
