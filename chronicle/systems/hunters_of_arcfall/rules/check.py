"""Checking a game log: the seats, every turn (through the one replay), the end of the game,
and the JSON summary a score keeper shows.

``check_game`` returns a ``Report``: every violation with its stable code, and the summary
(per player ``fortune``, ``fame``, ``claimed``, ``ability_used``; ``active_bounty``, ``round``,
``finished``, ``winner``, and the tie when there is one).
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from chronicle.domain.values import name_key
from chronicle.rules.report import Fix, Report, Severity, Violation, arg
from chronicle.systems.hunters_of_arcfall import (
    DEFAULT_LIMIT,
    KEY,
    PLAYERS_MAX,
    PLAYERS_MIN,
    codes,
)
from chronicle.systems.hunters_of_arcfall.cards import Kind
from chronicle.systems.hunters_of_arcfall.log import GameLog
from chronicle.systems.hunters_of_arcfall.rules.cards import CARDS_KEYS
from chronicle.systems.hunters_of_arcfall.rules.replay import (
    CardLookup,
    GameState,
    Status,
    replay,
)


class GameEnd(Protocol):
    """How a game stands, as far as its end goes (a ``GameState``, or a step of
    ``steps.replay_steps``)."""

    @property
    def finished(self) -> bool: ...

    @property
    def final_round(self) -> bool: ...

    @property
    def still_to_play(self) -> tuple[str, ...]: ...

    @property
    def limit_reached_by(self) -> tuple[str, ...]: ...


def setup_violations(log: GameLog, cards: CardLookup, *,
                     creating: bool = False) -> list[Violation]:
    """The table itself: how many players, and a hunter for each that nobody else plays.
    ``creating``: the game is being started, so a fix names no game that is not there yet (an
    unknown hunter's fix is the command that starts it with the hunter entered)."""
    found: list[Violation] = []
    count = len(log.seats)
    if count < PLAYERS_MIN:
        found.append(codes.PLAYER_COUNT(
            f"{count} player(s); the game is for {PLAYERS_MIN} to {PLAYERS_MAX}",
            fix=Fix("add a player", file="add a [[player]] with name and hunter",
                    app="seat another player: PLAYER:HUNTER in the Seats field")))
    elif count > PLAYERS_MAX:
        found.append(codes.PLAYER_COUNT(
            f"{count} players; the game is made for {PLAYERS_MIN} to {PLAYERS_MAX} (the box "
            "has 8 hunters, so more can sit in, at a slower pace)", severity=Severity.WARNING))
    seen: dict[str, str] = {}
    for seat in log.seats:
        key = name_key(seat.hunter)
        if key in seen:
            found.append(codes.HUNTER_TAKEN(
                f"{seat.name} plays {seat.hunter}, already taken by {seen[key]}; each player "
                "takes a different hunter", cards=[seat.hunter],
                fix=Fix(f"give {seat.name} another hunter",
                        file=f"[[player]] {seat.name!r}: hunter = another hunter")))
        else:
            seen[key] = seat.name
        found.extend(_hunter_card(seat.hunter, cards, {v.cards for v in found},
                                  log if creating else None))
    return found


def toml_value(text: str) -> str:
    """``text`` as a TOML string (a JSON string is one: names hold no control character)."""
    return json.dumps(text, ensure_ascii=False)


def _starting(log: GameLog, cards: CardLookup) -> str:
    """The command that starts ``log``'s game: a misspelt hunter written as its nearest card,
    every other hunter the catalog lacks entered (``--hunter``); the game's name is the
    ``<game>`` placeholder, filled by the front."""
    seats: list[str] = []
    missing: dict[str, None] = {}
    for seat in log.seats:
        hunter = seat.hunter
        if cards.get(hunter, Kind.HUNTER) is None and \
                not any(c.kind is not Kind.HUNTER for c in cards.named(hunter)):
            near = cards.suggest(hunter, Kind.HUNTER)
            if near is None:
                missing[hunter] = None
            else:
                hunter = near
        seats.append(f"--seat {arg(f'{seat.name}:{hunter}')}")
    return ("chronicle hunt new <game> " + " ".join(seats)
            + (f" --limit {log.limit}" if log.limit != DEFAULT_LIMIT else "")
            + "".join(f" --hunter {arg(h)}" for h in missing))


def _hunter_card(name: str, cards: CardLookup, reported: set[tuple[str, ...]],
                 creating: GameLog | None = None) -> list[Violation]:
    if cards.get(name, Kind.HUNTER) is not None or (name,) in reported:
        return []
    others = [c for c in cards.named(name) if c.kind is not Kind.HUNTER]
    if others:
        return [codes.CARD_WRONG_KIND(
            f"{name} is a {others[0].kind.value} card, named where a hunter belongs",
            cards=[name], fix="name a hunter card")]
    hint = cards.suggest(name, Kind.HUNTER)
    table = f'[[card]] name = {toml_value(name)}, kind = "hunter"'
    if creating is not None:            # the game is not there yet: start it with the hunter
        fix = Fix(f"write {hint!r}" if hint else
                  f"enter {name!r} as the game starts (a hunter the catalog lacks, its values "
                  "unknown)", cli=_starting(creating, cards),
                  app=None if hint else f"keep {name!r} in the seats: the game enters it, its "
                                        "values unknown",
                  file=f"hunter = {toml_value(hint)}" if hint else table)
    else:
        fix = Fix(f"write {hint!r}" if hint else
                  f"enter the hunter {name!r} in a card file (kind = \"hunter\")",
                  cli=None if hint else f"chronicle hunt card <game> {arg(name)} --kind hunter",
                  app=None if hint else CARDS_KEYS,
                  file=f"hunter = {toml_value(hint)}" if hint else table)
    return [codes.CARD_UNKNOWN(
        f"No hunter card is called {name!r}" + (f" (did you mean {hint!r}?)" if hint else ""),
        cards=[name], fix=fix)]


def end_violations(log: GameLog, state: GameEnd) -> list[Violation]:
    """A game said to be over before its final round is complete (an error), or a log that
    stops in the final round without saying whether the game goes on (a warning)."""
    if state.finished or log.ended is False:
        return []
    if log.ended is True:
        if state.final_round:
            text = (f"the final round lacks {len(state.still_to_play)} turn(s) "
                    f"({', '.join(state.still_to_play)})")
        else:
            text = f"nobody has reached the limit of {log.limit} Fortune"
        return [codes.ENDED_EARLY(
            f"The log says the game ended, but {text}; every player has the same number of "
            "turns once the limit is reached", severity=Severity.ERROR,
            fix=Fix("log the missing turns, or say the game goes on",
                    file="add the missing [[turn]] tables, or ended = false"))]
    if state.final_round:
        return [codes.ENDED_EARLY(
            f"The limit was reached ({', '.join(state.limit_reached_by)}), and the final round "
            f"lacks {len(state.still_to_play)} turn(s) ({', '.join(state.still_to_play)})",
            fix=Fix("log the missing turns, or say the game goes on",
                    file="add the missing [[turn]] tables, or ended = false"))]
    return []


def summary(log: GameLog, state: GameState) -> dict[str, Any]:
    """The JSON summary of a game (``--json``, the score pad, the app)."""
    ranks = state.ranks()
    card = state.active_card
    return {
        "system": KEY,
        "name": log.name,
        "limit": log.limit,
        "players": [{
            "name": p.name, "hunter": p.hunter, "fortune": p.fortune, "fame": p.fame,
            "claimed": list(p.claimed), "captured": list(p.captured),
            "ability_used": p.ability_used, "turns": p.turns,
            "complete": not p.unknown, "unknown": list(p.unknown),
            "rank": ranks[p.name], "to_limit": max(0, log.limit - p.fortune),
        } for p in state.players],
        "active_bounty": state.active_bounty,
        "active_card": None if card is None else {
            "name": card.name, "fortune": card.fortune, "fame": card.fame,
            "slots": None if card.slots is None else [r.value for r in card.slots],
            "chevrons": None if card.chevrons is None else list(card.chevrons),
            "ability": card.ability},
        "discarded": [b.name for b in state.bounties if b.status is Status.DISCARDED],
        "round": state.round,
        "turns": state.turns,
        "finished": state.finished,
        "final_round": state.final_round,
        "limit_reached_by": list(state.limit_reached_by),
        "next_player": state.next_player,
        "still_to_play": list(state.still_to_play),
        "result": state.result.value,
        "winner": state.winner,
        "tie": list(state.tied),
        "verdict": state.verdict,
        "undone": [line.number for line in state.lines if line.undone_by is not None],
    }


def check_game(log: GameLog, cards: CardLookup,
               catalog: list[Violation] | None = None) -> tuple[Report, GameState]:
    """Check a game log against the rules and the cards. ``catalog`` are the catalog's own
    violations (``catalog.incomplete_set``), reported first when given."""
    report = Report()
    report.extend(catalog or [])
    report.extend(setup_violations(log, cards))
    state = replay(log, cards)
    report.extend(state.violations)
    report.extend(end_violations(log, state))
    report.summary = summary(log, state)
    return report, state
