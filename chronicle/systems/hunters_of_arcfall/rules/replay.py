"""Replaying a game log: bounty states, scores, rounds, who plays next, the end and the winner.

The ``Tracker`` is the score keeper of a table: it takes one turn at a time (``play``) and gives
the scoreboard between turns (``state``). ``replay`` runs a whole log through a fresh tracker,
after working out which entries later undo entries reverse; a check, a score pad and the app all
use this one replay. Every broken rule found on the way is kept with the entry's number.

Bounty states (The Bounties; On Your Turn): ``deck`` -> ``active`` (drawn; only one at a time)
-> ``captured`` (beneath the capturing hunter) -> ``claimed`` (the turn ended by choice; never
lost) or ``discarded`` (the hunter was fatally wounded).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol

from chronicle.domain.values import name_key
from chronicle.rules.report import Fix, Violation, arg
from chronicle.systems.hunters_of_arcfall import MAX_HEALS, codes
from chronicle.systems.hunters_of_arcfall.cards import Bounty, Card, Kind
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules.cards import CARDS_KEYS


class CardLookup(Protocol):
    """What the rules need of a catalog (``chronicle.catalog.store.Catalog`` is one)."""

    def get(self, name: str, kind: str | None = None) -> Card | None: ...

    def named(self, name: str) -> list[Card]: ...

    def suggest(self, name: str, kind: str | None = None) -> str | None: ...


class Status(enum.StrEnum):
    """Where a bounty is."""

    DECK = "deck"
    ACTIVE = "active"
    CAPTURED = "captured"
    CLAIMED = "claimed"
    DISCARDED = "discarded"


class Result(enum.StrEnum):
    """Where the game stands."""

    IN_PROGRESS = "in_progress"
    WON = "won"
    TIE = "tie"
    UNDECIDED = "undecided"
    """Finished, but a claimed bounty's Fortune or Fame is unknown."""


@dataclass(frozen=True, slots=True)
class BountyRecord:
    """One bounty seen in the game: its state, who holds it and the entry that put it there."""

    name: str
    status: Status
    holder: str | None = None
    entry: int = 0


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One line of the scoreboard."""

    name: str
    hunter: str
    fortune: int
    fame: int
    claimed: tuple[str, ...]
    captured: tuple[str, ...]
    """Bounties beneath the hunter, not yet claimed (only after a turn that ran out of dice)."""
    ability_used: bool
    turns: int
    unknown: tuple[str, ...] = ()
    """Claimed bounties whose Fortune or Fame is unknown: the totals leave them out."""


@dataclass(frozen=True, slots=True)
class TurnLine:
    """One log entry as replayed."""

    number: int
    entry: TurnPlayed | TurnUndone
    round: int | None = None
    applied: bool = True
    undone_by: int | None = None
    counted: bool = True
    """False for a turn logged after the game ended (not scored)."""
    claimed: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    fortune: int = 0
    """Fortune the player gained this turn."""


@dataclass(frozen=True, slots=True)
class GameState:
    """The game between turns, or at its end."""

    name: str
    limit: int
    players: tuple[PlayerScore, ...]
    bounties: tuple[BountyRecord, ...]
    active_bounty: str | None
    round: int
    turns: int
    """Turns counted (undone turns and turns after the end are not)."""
    final_round: bool
    """The limit has been reached and the round is being completed."""
    limit_reached_by: tuple[str, ...]
    finished: bool
    next_player: str | None
    still_to_play: tuple[str, ...]
    """In the final round: who still plays before the game ends."""
    result: Result
    winner: str | None
    tied: tuple[str, ...]
    verdict: str
    lines: tuple[TurnLine, ...] = ()
    violations: tuple[Violation, ...] = ()
    active_card: Bounty | None = None
    """The active bounty's card, when the catalog knows it (slots, chevrons, its rule)."""

    def player(self, name: str) -> PlayerScore:
        """The scoreboard line of ``name``."""
        key = name_key(name)
        return next(p for p in self.players if name_key(p.name) == key)

    def ranks(self) -> dict[str, int]:
        """Each player's place (1 = leading) by Fortune, then Fame; equals share a place."""
        order = sorted(self.players, key=lambda p: (-p.fortune, -p.fame))
        places: dict[str, int] = {}
        for index, p in enumerate(order):
            before = order[index - 1] if index else None
            same = before is not None and (before.fortune, before.fame) == (p.fortune, p.fame)
            places[p.name] = places[before.name] if same and before else index + 1
        return places


@dataclass
class _Player:
    seat: Seat
    fortune: int = 0
    fame: int = 0
    claimed: list[str] = field(default_factory=list)
    captured: list[str] = field(default_factory=list)
    ability_entry: int | None = None
    turns: int = 0
    unknown: list[str] = field(default_factory=list)


def _copy(player: _Player) -> _Player:
    return replace(player, claimed=list(player.claimed), captured=list(player.captured),
                   unknown=list(player.unknown))


@dataclass(frozen=True, slots=True)
class Mark:
    """A tracker's state between two turns (``Tracker.mark``), to ``rewind`` to."""

    players: tuple[_Player, ...]
    bounties: dict[str, BountyRecord]
    active: str | None
    turns: int
    last_seat: int | None
    end_after: int | None
    reached_by: tuple[str, ...]
    after_end: int
    violations: int
    lines: int
    reported: frozenset[str]


class Tracker:
    """The score keeper: feed it turns in order, ask it for the scoreboard between them."""

    def __init__(self, seats: Iterable[Seat], limit: int, cards: CardLookup,
                 name: str = "") -> None:
        self.name = name
        self.limit = limit
        self.cards = cards
        self.players = [_Player(seat) for seat in seats]
        self._seat_of = {name_key(p.seat.name): i for i, p in enumerate(self.players)}
        self.bounties: dict[str, BountyRecord] = {}
        self.active: str | None = None
        self.turns = 0
        self.last_seat: int | None = None
        self.end_after: int | None = None
        self.reached_by: tuple[str, ...] = ()
        self.after_end: list[int] = []
        self.violations: list[Violation] = []
        self.lines: list[TurnLine] = []
        self._reported: set[str] = set()

    # -- between turns --------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """The round that completed the game has been played."""
        return self.end_after is not None and self.turns >= self.end_after

    def next_seat(self) -> int | None:
        """The seat index of who plays next (None when the game is over)."""
        if self.finished or not self.players:
            return None
        return 0 if self.last_seat is None else (self.last_seat + 1) % len(self.players)

    @property
    def still_to_play(self) -> tuple[str, ...]:
        """In the final round: who still plays before the game ends."""
        nxt = self.next_seat()
        if self.end_after is None or self.finished or nxt is None:
            return ()
        n = len(self.players)
        return tuple(self.players[(nxt + i) % n].seat.name
                     for i in range(self.end_after - self.turns))

    @property
    def final_round(self) -> bool:
        """The limit has been reached and the round is being completed."""
        return bool(self.still_to_play)

    @property
    def limit_reached_by(self) -> tuple[str, ...]:
        """Who had reached the limit when it was first reached."""
        return self.reached_by

    def mark(self) -> Mark:
        """Where the game stands, to come back to with ``rewind`` (what an undo of the next
        turn leaves). It costs the scoreboard's size, not the log's: the violations and lines
        so far are kept by their count."""
        return Mark(tuple(_copy(p) for p in self.players), dict(self.bounties), self.active,
                    self.turns, self.last_seat, self.end_after, self.reached_by,
                    len(self.after_end), len(self.violations), len(self.lines),
                    frozenset(self._reported))

    def rewind(self, mark: Mark) -> None:
        """Back to where ``mark`` was taken: every turn played since is forgotten."""
        self.players = [_copy(p) for p in mark.players]
        self.bounties = dict(mark.bounties)
        self.active, self.turns, self.last_seat = mark.active, mark.turns, mark.last_seat
        self.end_after, self.reached_by = mark.end_after, mark.reached_by
        del self.after_end[mark.after_end:]
        del self.violations[mark.violations:]
        del self.lines[mark.lines:]
        self._reported = set(mark.reported)

    # -- a turn ---------------------------------------------------------------------------
    def play(self, turn: TurnPlayed, number: int | None = None) -> TurnLine:
        """Apply one turn (``number`` is its entry number in the log, for messages)."""
        number = number if number is not None else len(self.lines) + 1
        who = f"Entry {number} ({turn.player})"
        seat = self._seat_of.get(name_key(turn.player))
        if seat is None:
            self.violations.append(codes.TURN_ORDER(
                f"{who}: {turn.player!r} is not at this table; the turn is ignored",
                fix="name a player of the game"))
            return self._line(TurnLine(number, turn, applied=False))
        if self.finished:
            self.after_end.append(number)
            return self._line(TurnLine(number, turn, counted=False))
        expected = self.next_seat()
        if expected is not None and seat != expected:
            wanted = self.players[expected].seat.name
            self.violations.append(codes.TURN_ORDER(
                f"{who}: it was {wanted}'s turn (seat {expected + 1}), not {turn.player}'s "
                f"(seat {seat + 1}); play goes clockwise from the first player",
                fix=Fix(f"log {wanted}'s turn first, or undo the turn entered for the wrong "
                        "player", file=f"[[turn]] #{number}: player = {wanted!r}, or undo = "
                                      f"{number} in a later [[turn]]")))
        player = self.players[seat]
        self._heals_and_ability(turn, player, who, number)
        self._bounties(turn, player, who, number)
        claimed, discarded, gained = self._end(turn, player, who, number)
        player.turns += 1
        self.turns += 1
        self.last_seat = seat
        round_number = (self.turns - 1) // len(self.players) + 1
        if self.end_after is None:
            reached = tuple(p.seat.name for p in self.players if p.fortune >= self.limit)
            if reached:
                self.reached_by = reached
                self.end_after = round_number * len(self.players)
        return self._line(TurnLine(number, turn, round_number, claimed=claimed,
                                   discarded=discarded, fortune=gained))

    def _line(self, line: TurnLine) -> TurnLine:
        self.lines.append(line)
        return line

    def _heals_and_ability(self, turn: TurnPlayed, player: _Player, who: str,
                           number: int) -> None:
        if turn.heals > MAX_HEALS:
            self.violations.append(codes.TOO_MANY_HEALS(
                f"{who}: {turn.heals} heals in one turn; at most {MAX_HEALS} are allowed",
                fix=Fix(f"at most {MAX_HEALS} heals",
                        file=f"[[turn]] #{number}: heals = {MAX_HEALS} or fewer")))
        if turn.ability:
            if player.ability_entry is not None:
                self.violations.append(codes.ABILITY_TWICE(
                    f"{who}: {player.seat.hunter}'s ability is used again; it was used in entry "
                    f"{player.ability_entry} and works once per game",
                    cards=[player.seat.hunter],
                    fix=Fix("the ability was not used this turn",
                            file=f"[[turn]] #{number}: ability = false")))
            else:
                player.ability_entry = number

    # -- bounties -------------------------------------------------------------------------
    def _record(self, name: str) -> BountyRecord:
        return self.bounties.get(name_key(name)) or BountyRecord(name, Status.DECK)

    def _set(self, name: str, status: Status, holder: str | None, number: int) -> None:
        key = name_key(name)
        shown = self.bounties[key].name if key in self.bounties else name
        self.bounties[key] = BountyRecord(shown, status, holder, number)

    def _where(self, record: BountyRecord) -> str:
        if record.status in (Status.CAPTURED, Status.CLAIMED):
            return f"{record.status.value} by {record.holder} in entry {record.entry}"
        if record.status is Status.DECK:
            return "in the deck, never drawn"
        return f"{record.status.value} since entry {record.entry}"

    def _bounties(self, turn: TurnPlayed, player: _Player, who: str, number: int) -> None:
        queue = list(turn.drawn)
        for name in (*turn.drawn, *turn.captured):
            self._known_bounty(name)
        for name in turn.captured:
            if self.active is None and queue:
                self._draw(queue.pop(0), who, number)
            self._capture(name, turn, player, who, number)
        for name in queue:
            self._draw(name, who, number)

    def _draw(self, name: str, who: str, number: int) -> None:
        record = self._record(name)
        if record.status is not Status.DECK:
            self.violations.append(codes.BAD_TRANSITION(
                f"{who}: {name} is drawn, but it is {self._where(record)}; a bounty is drawn "
                "from the deck once", cards=[name],
                fix=Fix(f"{name} was not drawn this turn",
                        file=f"[[turn]] #{number}: remove {name!r} from drawn")))
            return
        if self.active is not None:
            active = self._record(self.active)
            self.violations.append(codes.BAD_TRANSITION(
                f"{who}: {name} is drawn while {active.name} is active; a bounty is drawn only "
                "when none is present", cards=[name, active.name],
                fix=Fix(f"capture {active.name} first, or {name} was not drawn",
                        file=f"[[turn]] #{number}: remove {name!r} from drawn")))
            self._set(active.name, Status.DECK, None, number)
        self._set(name, Status.ACTIVE, None, number)
        self.active = name_key(name)

    def _capture(self, name: str, turn: TurnPlayed, player: _Player, who: str,
                 number: int) -> None:
        record = self._record(name)
        if record.status is Status.ACTIVE:
            self._set(name, Status.CAPTURED, player.seat.name, number)
            self.active = None
            player.captured.append(record.name)
            return
        if record.status is Status.CLAIMED and turn.end is End.WOUNDED:
            text = (f"would be lost, but {record.holder} claimed it in entry {record.entry}: "
                    "claimed bounties cannot be lost in any manner")
        elif record.status is Status.CLAIMED:
            text = (f"is claimed twice: {record.holder} claimed it in entry {record.entry}")
        else:
            active = self._record(self.active).name if self.active else "none"
            text = (f"is captured, but it is not the active bounty: it is {self._where(record)}, "
                    f"and the active bounty is {active}")
        self.violations.append(codes.BAD_TRANSITION(
            f"{who}: {name} {text}", cards=[name],
            fix=Fix(f"{name} was not captured this turn",
                    file=f"[[turn]] #{number}: remove {name!r} from captured")))

    def _end(self, turn: TurnPlayed, player: _Player, who: str,
             number: int) -> tuple[tuple[str, ...], tuple[str, ...], int]:
        held = tuple(player.captured)
        if turn.end is End.NO_DICE:
            return (), (), 0
        player.captured.clear()
        if turn.end is End.WOUNDED:
            for name in held:
                self._set(name, Status.DISCARDED, None, number)
            return (), held, 0
        gained = 0
        for name in held:
            self._set(name, Status.CLAIMED, player.seat.name, number)
            player.claimed.append(name)
            card = self.cards.get(name, Kind.BOUNTY)
            if not isinstance(card, Bounty):
                player.unknown.append(name)
                continue
            missing = [f for f, v in (("fortune", card.fortune), ("fame", card.fame))
                       if v is None]
            if missing:
                player.unknown.append(name)
                self._once(f"incomplete:{name_key(name)}", codes.CARD_INCOMPLETE(
                    f"{who}: {card.name} is claimed, but its {' and '.join(missing)} "
                    f"{'is' if len(missing) == 1 else 'are'} unknown; the score leaves it out",
                    cards=[card.name],
                    fix=Fix(f"enter the {' and '.join(missing)} of {card.name}",
                            cli=f"chronicle hunt card <game> {arg(card.name)} "
                                + " ".join(f"--{m} N" for m in missing),
                            app=f"{CARDS_KEYS}: e on {card.name}",
                            file=f"[[card]] name = {card.name!r}, kind = \"bounty\", "
                                 + ", ".join(f"{m} = ..." for m in missing))))
            gained += card.fortune or 0
            player.fortune += card.fortune or 0
            player.fame += card.fame or 0
        return held, (), gained

    def _once(self, key: str, violation: Violation) -> None:
        if key not in self._reported:
            self._reported.add(key)
            self.violations.append(violation)

    def _known_bounty(self, name: str) -> None:
        if self.cards.get(name, Kind.BOUNTY) is not None:
            return
        others = [c for c in self.cards.named(name) if c.kind is not Kind.BOUNTY]
        if others:
            self._once(f"kind:{name_key(name)}", codes.CARD_WRONG_KIND(
                f"{name} is a {others[0].kind.value} card, named where a bounty belongs",
                cards=[name], fix="name a bounty card"))
            return
        hint = self.cards.suggest(name, Kind.BOUNTY)
        self._once(f"unknown:{name_key(name)}", codes.CARD_UNKNOWN(
            f"No bounty card is called {name!r}" + (f" (did you mean {hint!r}?)" if hint else ""),
            cards=[name], fix=(f"write {hint!r}" if hint else Fix(
                f"enter the bounty {name!r} in a card file (kind = \"bounty\")",
                cli=f"chronicle hunt card <game> {arg(name)} --fortune N --fame N (read off "
                    "the card)",
                app=f"{CARDS_KEYS}: n, with its Fortune and Fame",
                file=f"[[card]] name = {json.dumps(name, ensure_ascii=False)}, kind = "
                     "\"bounty\", fortune = N, fame = N (read off the card)"))))

    # -- the scoreboard -------------------------------------------------------------------
    def _active_card(self) -> Bounty | None:
        if self.active is None:
            return None
        card = self.cards.get(self._record(self.active).name, Kind.BOUNTY)
        return card if isinstance(card, Bounty) else None

    def state(self) -> GameState:
        """The scoreboard as it stands."""
        players = tuple(PlayerScore(p.seat.name, p.seat.hunter, p.fortune, p.fame,
                                    tuple(p.claimed), tuple(p.captured),
                                    p.ability_entry is not None, p.turns, tuple(p.unknown))
                        for p in self.players)
        n = len(self.players) or 1
        finished = self.finished
        nxt = self.next_seat()
        round_number = (self.end_after or n) // n if finished else self.turns // n + 1
        still = self.still_to_play
        result, winner, tied, verdict = _outcome(players, finished, self.limit)
        return GameState(
            name=self.name, limit=self.limit, players=players,
            bounties=tuple(self.bounties.values()),
            active_bounty=self._record(self.active).name if self.active else None,
            active_card=self._active_card(),
            round=round_number, turns=self.turns, final_round=bool(still),
            limit_reached_by=self.reached_by, finished=finished,
            next_player=self.players[nxt].seat.name if nxt is not None else None,
            still_to_play=still, result=result, winner=winner, tied=tied, verdict=verdict,
            lines=tuple(self.lines), violations=tuple(self.violations))


def _outcome(players: tuple[PlayerScore, ...], finished: bool,
             limit: int) -> tuple[Result, str | None, tuple[str, ...], str]:
    if not finished:
        return Result.IN_PROGRESS, None, (), f"In progress; the limit is {limit} Fortune"
    if any(p.unknown for p in players):
        unknown = sorted({b for p in players for b in p.unknown})
        return (Result.UNDECIDED, None, (),
                f"Finished, but the Fortune or Fame of {', '.join(unknown)} is unknown: "
                "no winner can be named until it is entered")
    best = max(p.fortune for p in players)
    top = [p for p in players if p.fortune == best]
    if len(top) == 1:
        return Result.WON, top[0].name, (), f"{top[0].name} wins with {best} Fortune"
    fame = max(p.fame for p in top)
    first = [p for p in top if p.fame == fame]
    if len(first) == 1:
        return (Result.WON, first[0].name, (),
                f"{first[0].name} wins on Fame ({fame}) after a tie on {best} Fortune")
    names = tuple(p.name for p in first)
    return (Result.TIE, None, names,
            f"A tie: {' and '.join(names)} have {best} Fortune and {fame} Fame each; the "
            "rulebook breaks ties only by Fame, so they share the win")


def undone_entries(log: GameLog) -> tuple[dict[int, int], list[Violation]]:
    """Which entries are reversed and by which undo entry; bad undo entries are reported.
    An undo names an earlier turn that is not already undone."""
    undone: dict[int, int] = {}
    problems: list[Violation] = []
    for number, entry in enumerate(log.entries, start=1):
        if not isinstance(entry, TurnUndone):
            continue
        target = entry.entry
        problem = None
        if not 1 <= target < number:
            problem = f"names entry {target}, but only entries 1 to {number - 1} come before it"
        elif isinstance(log.entries[target - 1], TurnUndone):
            problem = f"names entry {target}, which is itself an undo"
        elif target in undone:
            problem = f"names entry {target}, already undone by entry {undone[target]}"
        if problem:
            problems.append(codes.LEDGER_BAD_UNDO(f"Entry {number} (undo) {problem}",
                                                  fix=Fix(f"remove entry {number}",
                                                          file=f"remove [[turn]] #{number}")))
        else:
            undone[target] = number
    return undone, problems


def replay(log: GameLog, cards: CardLookup) -> GameState:
    """Replay the whole log: undo entries first take their turns out, then every remaining turn
    is played in order. The state carries every violation found, entry by entry."""
    undone, problems = undone_entries(log)
    tracker = Tracker(log.seats, log.limit, cards, log.name)
    tracker.violations.extend(problems)
    effective = set(undone.values())
    for number, entry in enumerate(log.entries, start=1):
        if isinstance(entry, TurnUndone):
            tracker.lines.append(TurnLine(number, entry, applied=number in effective))
        elif number in undone:
            tracker.lines.append(TurnLine(number, entry, applied=False,
                                          undone_by=undone[number]))
        else:
            tracker.play(entry, number)
    state = tracker.state()
    extra = continued(tracker.after_end)
    if extra is not None:
        state = replace(state, violations=(*state.violations, extra))
    return state


def continued(after_end: list[int]) -> Violation | None:
    """The violation of the turns logged after the round that completed the game (by their
    entry numbers); None when there are none."""
    if not after_end:
        return None
    first, last = after_end[0], after_end[-1]
    span = f"entry {first}" if first == last else f"entries {first} to {last}"
    return codes.CONTINUED(
        f"{len(after_end)} turn(s) logged after the round that completed the game "
        f"({span}); they are not scored",
        fix=Fix(f"undo {span}, or start a new game",
                file=f"remove the [[turn]] tables from #{first} on"))
