"""The benchmark's game is a legal six-player log, so its figures measure the real path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from chronicle.systems.hunters_of_arcfall.log import TurnPlayed
from chronicle.systems.hunters_of_arcfall.rules import Tracker, check_game

BENCH = Path(__file__).resolve().parents[2] / "bench" / "hunters_of_arcfall.py"


def test_the_bench_game_is_legal_and_the_tracker_agrees_with_the_check() -> None:
    spec = importlib.util.spec_from_file_location("hoa_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hoa_bench"] = module
    spec.loader.exec_module(module)
    log, cards, text = module.fixture()
    report, state = check_game(log, cards)
    assert report.valid, report.to_dict()["violations"]
    assert state.turns == 120 and sum(len(p.claimed) for p in state.players) > 10
    tracker = Tracker(log.seats, log.limit, cards)
    for entry in log.entries:
        assert isinstance(entry, TurnPlayed)
        tracker.play(entry)
    assert tracker.state().players == state.players
    assert text.count("[[turn]]") == 120
