"""Replaying a character's chronicle: experience earned, spent, and the Merits and Flaws that
result (rulebook, Optional Rules: Chronicle Play and Epic Play)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from chronicle.domain.values import name_key
from chronicle.rules import ledger
from chronicle.rules.report import Fix, Violation, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import Flaw, Kind, Merit, Quest
from chronicle.systems.wyld_hunt.chronicle import (
    Correction,
    EpicOrder,
    Event,
    FlawBoughtOff,
    GamePlayed,
    MeritBought,
    Undo,
)
from chronicle.systems.wyld_hunt.rules.resolve import Resolver

Held = TypeVar("Held", Merit, Flaw)


def epic_bonus(completed: int) -> int:
    """Extra experience for an epic game: one for every two quests completed beyond the first.

    >>> [epic_bonus(n) for n in range(6)]
    [0, 0, 0, 1, 1, 2]
    """
    return max(0, (completed - 1) // 2)


def waylay_bonus(career_xp: int) -> int:
    """The fame bonus added to the Waylay rating of each later quest: one for every two full
    experience points earned in the career (Chronicle Play).

    >>> [waylay_bonus(n) for n in (0, 1, 2, 3, 4)]
    [0, 0, 1, 1, 2]
    """
    return max(0, career_xp) // 2


@dataclass
class LedgerLine:
    """One event as replayed, with the running totals after it."""

    index: int
    event: Event
    xp_change: int
    xp_earned: int
    xp_spent: int
    waylay_bonus: int
    """For a game: the bonus in force during it (earned before it). Otherwise: after it."""
    applied: bool = True
    undone_by: int | None = None
    """The number of the Undo event that reversed this one, if any."""
    quests: list[tuple[str, int | None]] = field(default_factory=list)
    """For a game: each quest with its effective Waylay rating (None when unknown)."""

    @property
    def xp_unspent(self) -> int:
        """Experience unspent after this event."""
        return self.xp_earned - self.xp_spent


@dataclass
class LedgerState:
    """The outcome of replaying the chronicle."""

    merits: list[Merit]
    flaws: list[Flaw]
    xp_earned: int = 0
    xp_spent: int = 0
    quests_completed: list[str] = field(default_factory=list)
    lines: list[LedgerLine] = field(default_factory=list)

    def line(self, index: int, event: Event, xp_change: int = 0, *, applied: bool = True,
             undone_by: int | None = None) -> LedgerLine:
        """The line of ``event`` with the totals as they stand (the bonus after them)."""
        return LedgerLine(index, event, xp_change, self.xp_earned, self.xp_spent,
                          waylay_bonus(self.xp_earned), applied=applied, undone_by=undone_by)


def replay(events: tuple[Event, ...], merits: list[Merit], flaws: list[Flaw],
           res: Resolver) -> LedgerState:
    """Apply every event in order, reporting each broken rule with the event's number.

    Events reversed by a later Undo are skipped (and marked), so their effects never count
    (the generic :func:`chronicle.rules.ledger.replay`, with Wyld Hunt's step).
    """
    state = LedgerState(merits=list(merits), flaws=list(flaws))

    def step(index: int, event: Event) -> LedgerLine:
        return _step(index, event, state, res)

    def skipped(index: int, event: Event, undone_by: int) -> LedgerLine:
        return state.line(index, event, applied=False, undone_by=undone_by)

    for line in ledger.replay(events, undo_of=_undo_of, step=step, skipped=skipped,
                              report=res.report, bad_undo=codes.LEDGER_BAD_UNDO):
        state.lines.append(line)
    return state


def replay_steps(events: tuple[Event, ...], merits: list[Merit], flaws: list[Flaw],
                 res: Resolver) -> Iterator[list[Violation]]:
    """The violations ``replay`` adds to ``res.report`` for the first 0, 1, 2, ... events, in
    one pass (``chronicle.rules.ledger.replay_steps``): an undo goes back to the state, the
    report and what was reported once, as they were before the event it takes back."""
    state = LedgerState(merits=list(merits), flaws=list(flaws))
    start = len(res.report.violations)

    def mark() -> tuple[LedgerState, int, tuple[frozenset[tuple[str, str]], ...]]:
        return (LedgerState(list(state.merits), list(state.flaws), state.xp_earned,
                            state.xp_spent, list(state.quests_completed)),
                len(res.report.violations), res.memory())

    def rewind(saved: tuple[LedgerState, int, tuple[frozenset[tuple[str, str]], ...]]) -> None:
        before, count, memory = saved
        state.merits, state.flaws = before.merits, before.flaws
        state.xp_earned, state.xp_spent = before.xp_earned, before.xp_spent
        state.quests_completed = before.quests_completed
        del res.report.violations[count:]
        res.recall(memory)

    for refused in ledger.replay_steps(events, undo_of=_undo_of,
                                       step=lambda index, event: _step(index, event, state, res),
                                       mark=mark, rewind=rewind, bad_undo=codes.LEDGER_BAD_UNDO):
        yield [*refused, *res.report.violations[start:]]


def _step(index: int, event: Event, state: LedgerState, res: Resolver) -> LedgerLine:
    """Apply one event to ``state``: Wyld Hunt's step of the generic replay."""
    if isinstance(event, GamePlayed):
        return _game(index, event, state, res)
    if isinstance(event, MeritBought):
        return _buy(index, event, state, res)
    if isinstance(event, FlawBoughtOff):
        return _buy_off(index, event, state, res)
    if isinstance(event, Correction):
        return _correction(index, event, state, res)
    return state.line(index, event)


def _undo_of(event: Event) -> int | None:
    """The event an Undo names; None for every other event."""
    return event.event if isinstance(event, Undo) else None


def _correction(index: int, event: Correction, state: LedgerState,
                res: Resolver) -> LedgerLine:
    """A correction changes the record without spending experience: it adds or removes cards
    and adjusts career experience; removing a card the character lacks is an error."""
    line = state.line(index, event, event.xp)
    for name in event.add_merits:
        merit = res.card(name, Kind.MERIT, Merit, f"added by correction {index}")
        if merit is not None:
            state.merits.append(merit)
    for name in event.add_flaws:
        flaw = res.card(name, Kind.FLAW, Flaw, f"added by correction {index}")
        if flaw is not None:
            state.flaws.append(flaw)
    _remove(index, event.remove_merits, state.merits, res)
    _remove(index, event.remove_flaws, state.flaws, res)
    state.xp_earned += event.xp
    line.xp_earned = state.xp_earned
    line.waylay_bonus = waylay_bonus(state.xp_earned)
    if state.xp_earned < state.xp_spent:
        res.report.add(codes.XP_OVERSPENT(
            f"Correction {index} leaves {state.xp_earned} experience earned against "
            f"{state.xp_spent} already spent", fix=Fix(
                "undo a purchase first, or correct less",
                cli=f"chronicle undo {res.subject} (the latest event), or correct less",
                app="press u on the character to undo the latest event, or correct less",
                file="remove a buy event before it, or lower the correction's xp")))
    return line


def _game(index: int, event: GamePlayed, state: LedgerState, res: Resolver) -> LedgerLine:
    """A game: completed quests earn their experience, plus one for every two completed beyond
    the first; in an epic game quests are completed in increasing order of quest number."""
    bonus = waylay_bonus(state.xp_earned)
    where = f"in event {index} (game)"
    if not event.quests:
        res.report.add(codes.QUEST_NONE(
            f"Event {index} records a game with no quest undertaken", fix=Fix(
                "name the quests undertaken in the game",
                cli=f"chronicle quest record {res.subject} --quest <quest>",
                app="in Record game (g), mark each quest undertaken (space)",
                file="list the quests undertaken in quests = [...]")))
    res.duplicates(event.quests, where)
    undertaken: dict[str, Quest] = {}
    line = LedgerLine(index, event, 0, state.xp_earned, state.xp_spent, bonus)
    for name in event.quests:
        quest = res.card(name, Kind.QUEST, Quest, where)
        if quest is not None:
            undertaken.setdefault(name_key(name), quest)
            line.quests.append((quest.name, None if quest.waylay_rating is None
                                else quest.waylay_rating + bonus))
    done: list[Quest] = []
    for name in event.completed:
        if name_key(name) not in {name_key(q) for q in event.quests}:
            res.report.add(codes.QUEST_NOT_UNDERTAKEN(
                f"{name!r} is completed in event {index} but not among its quests "
                f"({', '.join(event.quests) or 'none'})", [name],
                fix=Fix(f"add {name!r} to the quests undertaken, or leave it uncompleted",
                        cli=f"chronicle quest record {res.subject} --quest {arg(name)} "
                            f"--completed {arg(name)}",
                        app="in Record game (g), mark it undertaken (space) as well as "
                            "completed (c)",
                        file=f"add {name!r} to quests, or remove it from completed")))
            continue
        quest = undertaken.get(name_key(name))
        if quest is not None and quest not in done:
            done.append(quest)
    if len(undertaken) > 1:
        _epic_order(index, list(undertaken.values()), done, res, event.epic_order)
    gained = 0
    for quest in done:
        gained += res.need(quest, "experience", "to count the experience earned") or 0
    gained += epic_bonus(len(done))
    state.xp_earned += gained
    state.quests_completed.extend(q.name for q in done)
    line.xp_change = gained
    line.xp_earned = state.xp_earned
    return line


def epic_key(order: EpicOrder) -> tuple[str, str, str]:
    """The quest field epic order follows, the word for it in messages, and its fix."""
    if order is EpicOrder.WAYLAY_RATING:
        return "waylay_rating", "Waylay rating", "Waylay rating (the game's house rule)"
    return "number", "Quest", "quest number"


def _epic_order(index: int, undertaken: list[Quest], done: list[Quest], res: Resolver,
                order: EpicOrder = EpicOrder.QUEST_NUMBER) -> None:
    """Epic Play: "Quests must be completed in order of increasing Rating" (the example orders
    them by quest number: Quest 7 before Quest 25). Under the house rule ``waylay_rating`` the
    Waylay rating decides instead, and quests of equal rating may be completed in either
    order."""
    field, word, basis = epic_key(order)
    strict = order is EpicOrder.QUEST_NUMBER
    numbers: dict[str, int] = {}
    for quest in undertaken:
        number = res.need(quest, field, "to check the order quests are completed in"
                          + (" (house rule)" if not strict else ""))
        if number is not None:
            numbers[quest.name] = number
    last: Quest | None = None
    for quest in done:
        if quest.name not in numbers:
            continue
        if last is not None and (numbers[quest.name] < numbers[last.name] or (
                strict and numbers[quest.name] == numbers[last.name])):
            res.report.add(codes.EPIC_ORDER(
                f"Event {index}: {quest.name!r} ({word} {numbers[quest.name]}) is completed "
                f"after {last.name!r} ({word} {numbers[last.name]}); quests are completed in "
                f"increasing order of {basis}", [last.name, quest.name],
                fix=f"list completed quests in increasing order of {basis}"))
        last = quest
    for open_quest in undertaken:
        if open_quest in done or open_quest.name not in numbers:
            continue
        for quest in done:
            if quest.name in numbers and numbers[quest.name] > numbers[open_quest.name]:
                res.report.add(codes.EPIC_ORDER(
                    f"Event {index}: {quest.name!r} ({word} {numbers[quest.name]}) is "
                    f"completed while {open_quest.name!r} ({word} {numbers[open_quest.name]}) "
                    f"is not; the quest lower in {basis} must be completed first",
                    [open_quest.name, quest.name],
                    fix=f"complete {open_quest.name!r} first, or leave {quest.name!r} "
                        "uncompleted"))
                break


def _remove(index: int, names: tuple[str, ...], held: list[Held], res: Resolver) -> None:
    for name in ledger.remove_held(names, held):
        res.report.add(codes.LEDGER_NOT_HELD(
            f"Correction {index} removes {name!r}, which the character does not have at "
            "that point", [name], fix=f"remove {name!r} from the correction"))


def _spend(index: int, what: str, cost: int, state: LedgerState, res: Resolver,
           card: str) -> None:
    unspent = state.xp_earned - state.xp_spent
    if cost > unspent:
        res.report.add(codes.XP_OVERSPENT(
            f"Event {index}: {what} costs {cost} experience but only {unspent} is unspent "
            f"({state.xp_earned} earned, {state.xp_spent} spent)", [card],
            fix=Fix(f"earn {cost - unspent} more experience before this purchase",
                    cli=f"chronicle quest record {res.subject} --quest <quest> --completed "
                        "<quest> (a game earns experience), then buy it",
                    app="record a game on the character first (g), then spend (s)",
                    file=f"put a game event that earns {cost - unspent} more experience "
                         "before this purchase")))


def _buy(index: int, event: MeritBought, state: LedgerState, res: Resolver) -> LedgerLine:
    """Experience buys a Merit one for one: its cost, never beyond what is unspent."""
    line = state.line(index, event, applied=False)
    merit = res.card(event.merit, Kind.MERIT, Merit, f"bought in event {index}")
    if merit is None:
        return line
    if merit in state.merits:
        res.report.add(codes.CARD_DUPLICATE(
            f"Event {index} buys {merit.name!r}, which the character already has",
            [merit.name], fix=Fix(
                "take back the purchase unless you mean a second copy",
                cli=f"chronicle undo {res.subject} (when the purchase is the latest event)",
                app="press u on the character to undo the purchase",
                file="remove the buy event unless you mean a second copy")))
    cost = res.need(merit, "cost", "to spend experience on it")
    if cost is None:
        state.merits.append(merit)
        line.applied = True
        return line
    _spend(index, f"buying {merit.name!r}", cost, state, res, merit.name)
    state.xp_spent += cost
    state.merits.append(merit)
    line.xp_change, line.xp_spent, line.applied = -cost, state.xp_spent, True
    return line


def _buy_off(index: int, event: FlawBoughtOff, state: LedgerState, res: Resolver) -> LedgerLine:
    """Experience buys off a Flaw the character has, for its bonus points."""
    line = state.line(index, event, applied=False)
    flaw = res.card(event.flaw, Kind.FLAW, Flaw, f"bought off in event {index}")
    if flaw is None:
        return line
    if flaw not in state.flaws:
        held = ", ".join(f.name for f in state.flaws) or "none"
        res.report.add(codes.XP_NOT_HELD(
            f"Event {index} buys off {flaw.name!r}, which the character does not have at that "
            f"point (Flaws held: {held})", [flaw.name],
            fix=Fix("buy off a Flaw the character has",
                    cli=f"chronicle xp buy-off {res.subject} <flaw> (one of: {held})",
                    app="in Spend xp (s), choose one of the Flaws listed",
                    file="remove the buy_off event, or buy off a Flaw the character has")))
        return line
    bonus = res.need(flaw, "bonus", "to buy it off")
    state.flaws.remove(flaw)
    line.applied = True
    if bonus is None:
        return line
    _spend(index, f"buying off {flaw.name!r}", bonus, state, res, flaw.name)
    state.xp_spent += bonus
    line.xp_change, line.xp_spent = -bonus, state.xp_spent
    return line
