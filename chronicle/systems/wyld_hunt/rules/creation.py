"""Character creation: the icon, the point budget and the court (rulebook, Building Your
Character, Steps 1 to 3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from chronicle.rules.report import Fix, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import (
    Card,
    Court,
    ExtraPoints,
    FixedCourt,
    Flaw,
    FlawType,
    Icon,
    Kind,
    Merit,
    MeritType,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
from chronicle.systems.wyld_hunt.editions import WyldHuntEdition
from chronicle.systems.wyld_hunt.rules.resolve import Resolver


def check_icon(build: CharacterBuild, res: Resolver) -> Icon | None:
    """Exactly one Character Icon (Step 1: Select Your Race: "It defines your character's race
    and gender")."""
    if not build.icons:
        res.report.add(codes.ICON_MISSING(
            f"{build.name} has no Character Icon", fix=Fix(
                "choose a Character Icon (race and gender)",
                cli=f'chronicle character set {res.subject} --icon "<race> <gender>"',
                app="in the builder (b), press i and choose an icon",
                file='add icon = "<race> <gender>"')))
        return None
    if len(build.icons) > 1:
        res.report.add(codes.ICON_MULTIPLE(
            f"{build.name} has {len(build.icons)} Character Icons; a character has one",
            list(build.icons), fix=Fix(
                f"keep one of: {', '.join(build.icons)}",
                cli=f"chronicle character set {res.subject} --icon <one of them>",
                app="in the builder (b), press i and choose one icon",
                file=f"keep one of: {', '.join(build.icons)}")))
    icons = [res.card(name, Kind.ICON, Icon, "as the icon") for name in build.icons]
    return next((i for i in icons if i is not None), None)


@dataclass
class Pool:
    """Extra starting points from a card effect, usable on some Merits only."""

    effect: ExtraPoints
    source: str
    used: int = 0


@dataclass
class PointsState:
    """The creation budget as computed: the one set of numbers the engine's messages, the
    app's meter, the character view and the sheet all show (never recomputed elsewhere).

    ``needed`` is what the Merits cost once the card pools (points usable on some Merits only)
    have paid what they can; it is measured against ``general`` (starting points plus the
    creation Flaws' bonuses). The Flaws counted are those taken at creation: buying one off
    later changes neither the creation points nor the court tally."""

    start: int
    flaws: int
    pools: list[Pool] = field(default_factory=list)
    spent: int = 0
    unspent: int = 0
    uncounted: int = 0
    """Points spent from pools that do not count toward total character points."""
    complete: bool = True
    """False when any cost, bonus or granted amount is unknown."""
    budget_known: bool = True
    """False when the points available are unknown (a Flaw's bonus, a card's grant)."""
    needed: int = 0
    """The Merits' cost left for the general points after the pools paid their share."""
    flaw_bonuses: list[tuple[str, int]] = field(default_factory=list)
    """The creation Flaws with a known bonus, as (name, bonus)."""

    @property
    def general(self) -> int:
        """Points any Merit may use: the starting points plus the creation Flaws' bonuses."""
        return self.start + self.flaws

    @property
    def over(self) -> int:
        """How far the Merits go past the general points (0 within them)."""
        return max(0, self.needed - self.general)

    @property
    def general_left(self) -> int:
        """General points not spent yet."""
        return max(0, self.general - self.needed)

    @property
    def pools_left(self) -> int:
        """Pool points not spent yet (they pay only for the Merits they name)."""
        return sum((p.effect.points or 0) - p.used for p in self.pools)

    def sources(self) -> str:
        """Where the points come from: ``5 starting + 2 from Indecisive (plus 2 points for
        Allies from Human Male)``."""
        flaw_note = "".join(f" + {bonus} from {name}" for name, bonus in self.flaw_bonuses)
        pool_note = "".join(f" (plus {p.effect.describe()} from {p.source})"
                            for p in self.pools)
        return f"{self.start} starting{flaw_note}{pool_note}"

    def pool_lines(self) -> list[str]:
        """One line per pool: ``2 points for Allies from Human Male: 0 used``."""
        return [f"{p.effect.describe()} from {p.source}: {p.used} used"
                for p in self.pools]


def _pool_order(pool: Pool) -> int:
    return 0 if pool.effect.subtype else 1 if pool.effect.merit_type else 2


def check_points(build: CharacterBuild, edition: WyldHuntEdition, icon: Icon | None,
                 merits: list[Merit], flaws: list[Flaw], res: Resolver) -> PointsState:
    """Merits cost at most the starting points plus the Flaws' bonus points (Step 2: "You begin
    with 5 free points ... By taking that Flaw you gain its bonus points to be spent on more
    Merits"). King Ironheart's Madness starts with 10. Extra points granted by a card's effect
    (the golden rule) pay only for the Merits they name."""
    bonus = 0
    known = True
    for flaw in flaws:
        value = res.need(flaw, "bonus", "to count the creation points")
        known = known and value is not None
        bonus += value or 0
    state = PointsState(start=edition.starting_points, flaws=bonus, complete=known,
                        budget_known=known,
                        flaw_bonuses=[(f.name, f.bonus) for f in flaws if f.bonus])
    sources: list[Card] = ([icon] if icon else []) + list(merits) + list(flaws)
    for card in sources:
        for effect in card.effects:
            if isinstance(effect, ExtraPoints):
                if effect.points is None:
                    res.incomplete(card, "effects.points",
                                   f"to know how many points {card.name!r} grants "
                                   f"({effect.describe()})")
                    state.complete = False
                    state.budget_known = False
                    continue
                state.pools.append(Pool(effect, card.name))
    state.pools.sort(key=_pool_order)
    remaining: list[tuple[Merit, int]] = []
    for merit in merits:
        cost = res.need(merit, "cost", "to count the creation points")
        if cost is None:
            state.complete = False
            continue
        state.spent += cost
        remaining.append((merit, cost))
    for pool in state.pools:
        for i, (merit, left) in enumerate(remaining):
            room = (pool.effect.points or 0) - pool.used
            if room <= 0:
                break
            if left and pool.effect.applies_to(merit):
                take = min(room, left)
                pool.used += take
                remaining[i] = (merit, left - take)
                if not pool.effect.counts_toward_total:
                    state.uncounted += take
    needed = sum(left for _m, left in remaining)
    state.needed = needed
    general = state.general
    over = needed - general
    if over > 0 and state.budget_known:
        cheapest = sorted((cost, m.name) for m, cost in
                          ((m, m.cost) for m in merits if m.cost is not None) if cost >= over)
        fix = (f"drop {cheapest[0][1]} ({cheapest[0][0]} points)" if cheapest
               else f"drop Merits worth {over} points")
        fix += f", or take Flaws worth {over} more bonus points"
        drop = arg(cheapest[0][1]) if cheapest else "<merit>"
        res.report.add(codes.POINTS_OVER_BUDGET(
            f"Merits cost {needed} but only {general} points are available: "
            f"{state.sources()}",
            [m.name for m in merits], fix=Fix(
                fix, cli=f"chronicle character remove {res.subject} --merit {drop}, or "
                         f"chronicle character add {res.subject} --flaw <flaw>",
                app="in the builder (b), press m and remove a Merit (x), or f and add a Flaw",
                file=fix.replace("drop ", "remove from merits: ", 1))))
    state.unspent = max(0, -over) + sum((p.effect.points or 0) - p.used for p in state.pools)
    if state.complete and over < 0:
        res.report.add(codes.POINTS_UNSPENT(
            f"{-over} of {general} points are unspent ({needed} spent)",
            fix=Fix(f"add Merits worth {-over} points, or drop Flaws worth {-over}",
                    cli=f"chronicle character add {res.subject} --merit <merit>",
                    app="in the builder (b), press m and add Merits",
                    file=f"add Merits worth {-over} points to merits, or drop Flaws worth "
                         f"{-over}")))
    for pool in state.pools:
        left = (pool.effect.points or 0) - pool.used
        if state.complete and left > 0:
            res.report.add(codes.POINTS_UNSPENT(
                f"{left} of the {pool.effect.describe()} from {pool.source} are unspent",
                [pool.source], fix=f"add Merits they can pay for, worth {left} points"))
    return state


@dataclass
class CourtState:
    """The court tally and the court that follows."""

    seelie: int = 0
    unseelie: int = 0
    court: Court | None = None


def check_court(build: CharacterBuild, icon: Icon | None, merits: list[Merit],
                flaws: list[Flaw], res: Resolver) -> CourtState:
    """The court by majority of Seelie against Unseelie among Abilities and Weaknesses only; on a
    tie the player's choice, which then stays (Step 3: Your Court). A card that fixes the court
    (Dragonkin are always Seelie) supersedes the tally (the golden rule).

    The court is decided at creation, from the creation cards: the rulebook sets it in Step 3
    of building and gives no rule for changing it when experience later buys Abilities or buys
    off Weaknesses ("cannot change it after you have decided")."""
    state = CourtState()
    traits: list[Merit | Flaw] = []
    for merit in merits:
        kind = res.need(merit, "type", "to tell whether it counts toward the court")
        if kind is MeritType.ABILITY:
            traits.append(merit)
    for flaw in flaws:
        kind = res.need(flaw, "type", "to tell whether it counts toward the court")
        if kind is FlawType.WEAKNESS:
            traits.append(flaw)
    for trait in traits:
        court = res.need(trait, "court", "for the court tally")
        if court is Court.SEELIE:
            state.seelie += 1
        elif court is Court.UNSEELIE:
            state.unseelie += 1
    fixed: tuple[Court, str] | None = None
    for card in ([icon] if icon else []) + list(merits) + list(flaws):
        for effect in card.effects:
            if isinstance(effect, FixedCourt):
                fixed = (effect.court, card.name)
    tally = f"{state.seelie} Seelie against {state.unseelie} Unseelie"
    majority = (Court.SEELIE if state.seelie > state.unseelie else
                Court.UNSEELIE if state.unseelie > state.seelie else None)
    chosen = build.court
    if fixed is not None:
        state.court = fixed[0]
        if chosen is not None and chosen is not fixed[0]:
            res.report.add(codes.COURT_OVERRIDDEN(
                f"the {chosen.value.title()} court was chosen, but {fixed[1]} is always "
                f"{fixed[0].value.title()} ({tally})", [fixed[1]],
                fix=_court_fix(res, fixed[0].value)))
    elif majority is not None:
        state.court = majority
        if chosen is not None and chosen is not majority:
            res.report.add(codes.COURT_OVERRIDDEN(
                f"the {chosen.value.title()} court was chosen, but the Abilities and "
                f"Weaknesses make {build.name} {majority.value.title()} ({tally})",
                [t.name for t in traits], fix=_court_fix(res, majority.value)))
    elif chosen is not None:
        state.court = chosen
    else:
        res.report.add(codes.COURT_TIE(
            f"Abilities and Weaknesses are tied ({tally}) and no court was chosen",
            [t.name for t in traits], fix=Fix(
                "choose the Seelie or the Unseelie court",
                cli=f"chronicle character set {res.subject} --court seelie (or unseelie)",
                app="in the builder (b), press c and choose the court",
                file='choose: court = "seelie" or court = "unseelie"')))
    return state


def _court_fix(res: Resolver, court: str) -> Fix:
    return Fix(f"choose the {court.title()} court",
               cli=f"chronicle character set {res.subject} --court {court}",
               app="in the builder (b), press c and choose the court",
               file=f'set court = "{court}"')
