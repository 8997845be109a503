"""The game in play's fold (``rules/playfold.py``, the store's kept state of a ``play`` record)
agrees with the replay of the whole ledger (``rules/playevents.replay``) after every event:
a long run of Days, then undos all the way back to the table as laid out, past many of the
states it keeps (one per ``CHECKPOINT`` events in force), and Days played again; a state it
keeps is never changed by a later step, and a state's copy shares nothing a step changes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from chronicle.systems.wyld_hunt.rules import playfold
from chronicle.systems.wyld_hunt.rules.playevents import replay

BENCH = Path(__file__).resolve().parent.parent / "bench" / "play.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("play_bench_fold", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["play_bench_fold"] = module
    spec.loader.exec_module(module)
    return module


def _seen(fold: playfold.PlayFold) -> dict[str, Any]:
    state = fold.played()
    return {**state.to_dict(), "log": state.log,
            "codes": [v.code for v in playfold.report(fold).violations]}


def _replayed(data: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    state, report = replay(data, events)
    return {**state.to_dict(), "log": state.log, "codes": [v.code for v in report.violations]}


def test_the_fold_is_the_replay_after_every_event_through_deep_undos() -> None:
    bench = _bench()
    data = bench.table()
    days = [e for e in bench.ledger(120) if e["kind"] != "undo"][:90]
    assert 2 * playfold.CHECKPOINT < 90
    fold = playfold.begin(data)
    assert isinstance(fold, playfold.PlayFold)
    events: list[dict[str, Any]] = []
    kept: list[tuple[playfold.PlayFold, dict[str, Any]]] = []

    def play(event: dict[str, Any]) -> None:
        nonlocal fold
        events.append(event)
        after = playfold.step(fold, event, len(events))
        assert isinstance(after, playfold.PlayFold)
        fold = after
        assert _seen(fold) == _replayed(data, events), len(events)
        kept.append((fold, _seen(fold)))

    for event in days:
        play(event)
    while fold.top is not None:  # back to the table as laid out, one undo at a time
        play({"kind": "undo", "payload": {"seq": fold.top.index + 1}})
    assert fold.played().to_dict() == replay(data, [])[0].to_dict()
    for event in days[:40]:
        play(event)
    for earlier, seen in kept:  # no later step changed a state made before it
        assert _seen(earlier) == seen


def test_a_bad_undo_is_reported_and_changes_nothing() -> None:
    bench = _bench()
    data = bench.table()
    fold = playfold.begin(data)
    first = [e for e in bench.ledger(3) if e["kind"] != "undo"]
    for seq, event in enumerate(first, start=1):
        fold = playfold.step(fold, event, seq)
    assert isinstance(fold, playfold.PlayFold)
    after = playfold.step(fold, {"kind": "undo", "payload": {"seq": 1}}, len(first) + 1)
    assert isinstance(after, playfold.PlayFold)
    assert [v.code for v in playfold.report(after).violations][-1:] == ["play.bad_undo"]
    assert after.played().to_dict() == fold.played().to_dict()


def test_a_table_that_cannot_be_read_is_said_once_and_stays_so() -> None:
    fold = playfold.begin({"game": "x"})
    assert isinstance(fold, playfold.Unreadable)
    assert playfold.step(fold, {"kind": "end", "payload": {}}, 1) is fold
    assert [v.code for v in playfold.report(fold).violations] == ["play.unreadable"]
    assert [[v.code for v in r.violations] for r in playfold.steps({"game": "x"}, [{}])] == [
        ["play.unreadable"]]


def test_a_copy_of_the_state_shares_nothing_a_step_changes() -> None:
    bench = _bench()
    state, _report = replay(bench.table(), bench.ledger(30))
    copy = state.clone()
    assert copy == type(state)(**{**{f: getattr(state, f) for f in state.__slots__},
                                   "log": []})
    for hero in copy.heroes.values():
        hero.exhausted.add("x")
        hero.faced.add(99)
        hero.found.append("y")
        hero.treasures["z"] = "t"
    for hand in copy.hands.values():
        hand.clear()
    copy.waylays.setdefault("Wood", []).append(None)  # type: ignore[arg-type]
    again, _report = replay(bench.table(), bench.ledger(30))
    assert state.to_dict() == again.to_dict()
    assert all("x" not in h.exhausted for h in state.heroes.values())
