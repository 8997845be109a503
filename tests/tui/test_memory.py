"""The app's garbage collection (chronicle/tui/memory.py): frozen long-lived objects, full
collections made rarer while the app runs and run when the user pauses, the thresholds put back
when the app ends."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronicle.tui import memory
from chronicle.tui.memory import Collector


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)
    gc.unfreeze()


def test_freezing_makes_full_collections_rarer_and_restore_puts_them_back(
        thresholds: None) -> None:
    gc.set_threshold(700, 10, 10)
    collector = Collector()
    collector.freeze()
    assert gc.get_threshold() == (700, 10, memory.FULL_EVERY)
    collector.freeze()  # again (after the screens built in idle time): the original is kept
    collector.restore()
    assert gc.get_threshold() == (700, 10, 10)
    collector.restore()  # twice is harmless
    assert gc.get_threshold() == (700, 10, 10)


def test_a_due_collection_waits_for_the_user_to_pause(thresholds: None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    collector = Collector()
    assert not collector.at_rest()  # never before the first freeze
    collector.freeze()
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    counts = [(0, 0, memory.DUE)]
    monkeypatch.setattr(gc, "get_count", lambda: counts[0])
    ran: list[int] = []

    def collect() -> int:
        ran.append(1)
        return 0

    monkeypatch.setattr(gc, "collect", collect)
    collector.input_seen()
    now[0] += memory.REST / 2
    assert not collector.at_rest() and not ran  # the user is typing
    now[0] += memory.REST
    assert collector.at_rest() and ran == [1] and collector.collected == 1
    counts[0] = (0, 0, memory.DUE - 1)
    assert not collector.at_rest()  # nothing due
    assert ran == [1]


def test_the_app_tunes_the_collector_while_it_runs_and_puts_it_back(
        thresholds: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path))
    from chronicle.services.db import open_database
    from chronicle.tui.app import ChronicleApp

    url = f"sqlite:///{tmp_path}/t.db"
    open_database(url).close()
    gc.set_threshold(700, 10, 10)
    seen: dict[str, object] = {}

    async def run() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(4):
                await app.workers.wait_for_complete()
                await pilot.pause()
            seen["during"] = gc.get_threshold()
            before = app.memory.last_input
            await pilot.press("question_mark")
            seen["noticed"] = app.memory.last_input > before

    asyncio.run(run())
    assert seen == {"during": (700, 10, memory.FULL_EVERY), "noticed": True}
    assert gc.get_threshold() == (700, 10, 10)
