"""The game log as a ledger: the score keeper between turns, one replay for every use, and undo
as a compensating entry that leaves the same scoreboard as never having played the turn."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.catalog.store import Catalog
from chronicle.rules.report import Front
from chronicle.systems.hunters_of_arcfall.cards import Bounty, Card, Hunter
from chronicle.systems.hunters_of_arcfall.cards import Result as Res
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnPlayed, TurnUndone
from chronicle.systems.hunters_of_arcfall.rules import Result, Tracker, check_game, replay
from chronicle.systems.hunters_of_arcfall.rules.check import summary
from chronicle.systems.hunters_of_arcfall.rules.ledger import (
    NothingToUndo,
    describe,
    preview,
    turns_in_effect,
    undo_last,
)

WORTH = {f"B{i}": (i % 5 + 1, i % 3) for i in range(1, 13)}
CARDS: Catalog[Card] = Catalog([*(Hunter(name=h, wounds=3) for h in ("Gus", "H2", "H3")),
                                *(Bounty(name=n, fortune=f, fame=m)
                                  for n, (f, m) in WORTH.items())])
SEATS = (Seat(name="Ana", hunter="Gus"), Seat(name="Bo", hunter="H2"),
         Seat(name="Cy", hunter="H3"))


def game(*entries: TurnPlayed | TurnUndone, limit: int = 6) -> GameLog:
    return GameLog(name="Test", seats=SEATS, limit=limit, entries=entries)


def turn(player: str, end: End = End.CLAIMED, drawn: tuple[str, ...] = (),
         captured: tuple[str, ...] = (), **more: object) -> TurnPlayed:
    return TurnPlayed(player=player, end=end, drawn=drawn, captured=captured, **more)  # type: ignore[arg-type]


def test_between_turns_the_tracker_knows_the_scoreboard_the_next_player_and_the_final_round(
        ) -> None:
    tracker = Tracker(SEATS, 6, CARDS)
    assert tracker.state().next_player == "Ana" and tracker.state().round == 1
    tracker.play(turn("Ana", drawn=("B1",), captured=("B1",)))     # B1: 2 Fortune
    state = tracker.state()
    assert state.player("Ana").fortune == 2 and state.next_player == "Bo"
    assert not state.final_round and state.active_bounty is None
    tracker.play(turn("Bo", End.WOUNDED, drawn=("B4",)))
    assert tracker.state().active_bounty == "B4"
    tracker.play(turn("Cy", drawn=(), captured=("B4",)))            # B4: 5
    state = tracker.state()
    assert state.round == 2 and state.next_player == "Ana" and not state.final_round
    tracker.play(turn("Ana", drawn=("B5",), captured=("B5",)))      # B5: 1 -> Ana 3
    tracker.play(turn("Bo", drawn=("B9",), captured=("B9",)))       # B9: 5 -> Bo 5
    tracker.play(turn("Cy", drawn=("B3",), captured=("B3",)))       # B3: 4 -> Cy 9: the limit
    state = tracker.state()
    # Cy sits last: the round is complete at once.
    assert state.finished and state.winner == "Cy" and state.result is Result.WON
    assert state.limit_reached_by == ("Cy",) and state.next_player is None


def test_the_final_round_is_flagged_on_the_turn_the_limit_is_reached() -> None:
    tracker = Tracker(SEATS, 2, CARDS)
    tracker.play(turn("Ana", drawn=("B1",), captured=("B1",)))
    state = tracker.state()
    assert state.final_round and state.still_to_play == ("Bo", "Cy")
    assert state.limit_reached_by == ("Ana",) and not state.finished
    tracker.play(turn("Bo", End.WOUNDED, drawn=("B2",)))
    assert tracker.state().still_to_play == ("Cy",)
    tracker.play(turn("Cy", End.WOUNDED))
    assert tracker.state().finished and tracker.state().winner == "Ana"


def test_the_check_uses_the_replay() -> None:
    log = game(turn("Ana", drawn=("B1",), captured=("B1",)), turn("Bo", heals=4),
               turn("Bo", End.NO_DICE))
    report, state = check_game(log, CARDS)
    assert report.summary == summary(log, replay(log, CARDS))
    assert [v.code for v in report.violations] == [v.code for v in state.violations] == [
        "turn.too_many_heals", "turn.order"]


def test_an_undone_turn_is_marked_not_erased() -> None:
    log = game(turn("Ana", drawn=("B1",), captured=("B1",)), TurnUndone(entry=1))
    state = replay(log, CARDS)
    assert state.player("Ana").fortune == 0 and state.next_player == "Ana"
    first, second = state.lines
    assert not first.applied and first.undone_by == 2 and second.applied
    assert state.active_bounty is None


# -- generated logs ----------------------------------------------------------------------

@st.composite
def logs(draw: st.DrawFn) -> GameLog:
    """Plausible logs: mostly in order, bounties drawn and captured from a small pool, some
    mistakes (wrong player, too many heals, a second ability) on purpose."""
    entries: list[TurnPlayed | TurnUndone] = []
    names = list(WORTH)
    for index in range(draw(st.integers(0, 14))):
        player = SEATS[index % 3].name if draw(st.integers(0, 9)) else draw(
            st.sampled_from(["Ana", "Bo", "Cy"]))
        drawn = tuple(draw(st.lists(st.sampled_from(names), max_size=2)))
        captured = tuple(draw(st.lists(st.sampled_from(names), max_size=2)))
        entries.append(TurnPlayed(player=player, drawn=drawn, captured=captured,
                                  end=draw(st.sampled_from(list(End))),
                                  heals=draw(st.integers(0, 4)), ability=draw(st.booleans())))
        if entries and draw(st.integers(0, 9)) == 0:
            entries.append(TurnUndone(entry=draw(st.integers(1, len(entries)))))
    return game(*entries, limit=draw(st.integers(1, 12)))


def _board(log: GameLog) -> dict[str, object]:
    data = summary(log, replay(log, CARDS))
    data.pop("undone")
    return data


@settings(max_examples=60, deadline=None, derandomize=True)
@given(logs())
def test_undoing_the_last_turn_gives_the_scoreboard_without_it(log: GameLog) -> None:
    turns = [i for i, e in enumerate(log.entries, start=1) if isinstance(e, TurnPlayed)]
    if not turns:
        return
    last = len(log.entries)
    if not isinstance(log.entries[-1], TurnPlayed):
        return
    undone = log.append(TurnUndone(entry=last))
    without = replace(log, entries=log.entries[:-1])
    assert _board(undone) == _board(without)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(logs())
def test_turn_by_turn_is_the_same_as_the_replay_and_never_raises(log: GameLog) -> None:
    if any(isinstance(e, TurnUndone) for e in log.entries):
        log = replace(log, entries=tuple(e for e in log.entries if isinstance(e, TurnPlayed)))
    tracker = Tracker(log.seats, log.limit, CARDS, log.name)
    for number, entry in enumerate(log.entries, start=1):
        assert isinstance(entry, TurnPlayed)
        tracker.play(entry, number)
        state = tracker.state()
        assert sum(p.turns for p in state.players) == state.turns
        total = sum(p.fortune for p in state.players)
        assert total == sum(WORTH[b][0] for p in state.players for b in p.claimed)
    whole = replay(log, CARDS)
    assert tracker.state().players == whole.players
    assert tracker.state().finished == whole.finished
    claimed = [b for p in whole.players for b in p.claimed]
    assert len(claimed) == len(set(claimed)), "a bounty is claimed once"


# -- between turns: look before writing, take back the last turn ------------------------------

def test_preview_shows_the_state_and_only_the_new_turns_violations() -> None:
    log = game(turn("Ana", drawn=("B1",), captured=("B1",)), turn("Bo", heals=4))
    state, added = preview(log, turn("Cy", End.WOUNDED, drawn=("B2",)), CARDS)
    assert added == [] and state.active_bounty == "B2" and state.next_player == "Ana"
    _state, added = preview(log, turn("Ana", heals=5, ability=True), CARDS)
    assert sorted(v.code for v in added) == ["turn.order", "turn.too_many_heals"]
    assert len(log.entries) == 2, "the log itself is never changed"


def test_undo_last_appends_a_compensating_entry_for_the_last_turn_in_effect() -> None:
    log = game(turn("Ana", drawn=("B1",), captured=("B1",)), turn("Bo", End.WOUNDED))
    once = undo_last(log, note="misclick")
    assert once.entries[-1] == TurnUndone(entry=2, note="misclick")
    twice = undo_last(once)
    assert twice.entries[-1] == TurnUndone(entry=1)
    assert turns_in_effect(twice) == []
    assert replay(twice, CARDS).player("Ana").fortune == 0
    with pytest.raises(NothingToUndo):
        undo_last(twice)


def test_the_summary_ranks_players_and_shows_the_active_bounty_card() -> None:
    cards: Catalog[Card] = Catalog([*CARDS, Bounty(name="Slotted", slots=(Res.HIT, Res.STUN),
                                                   chevrons=(2,), ability="No healing.",
                                                   fortune=2)])
    log = game(turn("Ana", drawn=("B1",), captured=("B1",)),                   # 2, fame 1
               turn("Bo", drawn=("B6",), captured=("B6",)),                    # 2, fame 0
               turn("Cy", End.WOUNDED, drawn=("Slotted",)))
    report, _state = check_game(log, cards)
    data = report.summary
    assert [p["rank"] for p in data["players"]] == [1, 2, 3]
    assert [p["to_limit"] for p in data["players"]] == [4, 4, 6]
    assert data["active_card"] == {"name": "Slotted", "fortune": 2, "fame": None,
                                   "slots": ["hit", "stun"], "chevrons": [2],
                                   "ability": "No healing."}


def test_fixes_say_what_to_write_in_the_log() -> None:
    report, _state = check_game(game(turn("Ana", heals=4, ability=True),
                                     turn("Bo"), turn("Cy"), turn("Ana", ability=True)), CARDS)
    forms = {v.code: v.fix_for(Front.FILE) for v in report.violations}
    assert forms == {"turn.too_many_heals": "[[turn]] #1: heals = 3 or fewer",
                     "ability.used_twice": "[[turn]] #4: ability = false"}
    assert all(v.fix for v in report.violations)


def test_a_turn_for_someone_not_at_the_table_is_reported_and_ignored() -> None:
    tracker = Tracker(SEATS, 6, CARDS)
    line = tracker.play(turn("Zed", drawn=("B1",), captured=("B1",)))
    assert not line.applied and tracker.turns == 0
    assert [v.code for v in tracker.violations] == ["turn.order"]
    assert tracker.state().next_player == "Ana"


def test_each_turn_is_told_in_one_sentence() -> None:
    tracker = Tracker(SEATS, 4, CARDS)
    said = []
    for entry in (turn("Ana", drawn=("B1", "B2"), captured=("B1",)),      # B1: 2
                  turn("Bo", End.WOUNDED, captured=("B2",)),
                  turn("Cy", End.NO_DICE, drawn=("B3",), captured=("B3",)),
                  turn("Ana", drawn=("B4",), captured=("B4",)),           # B4: 5 -> 7
                  turn("Bo"), turn("Cy", End.WOUNDED)):
        line = tracker.play(entry)
        said.append(describe(line, tracker.state()))
    assert said == [
        "Ana claims B1 (+2 Fortune, 2 now). Bo is next.",
        "Bo is fatally wounded and loses B2. Cy is next.",
        "Cy runs out of dice; B3 stays beneath the hunter. Ana is next.",
        "Ana claims B4 (+5 Fortune, 7 now). Final round: Bo and Cy still play; Bo is next.",
        "Bo stops with nothing to claim. Final round: Cy still plays; Cy is next.",
        "Cy is fatally wounded and loses B3. Game over: Ana wins with 7 Fortune.",
    ]
