"""The game-log file written and read back: what an export writes, an import reads unchanged,
whatever the names hold; the golden logs round-trip too."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.systems.hunters_of_arcfall.gamelogfile import (
    EntryRejected,
    dump_game,
    entry_from_payload,
    entry_payload,
    load_game,
)
from chronicle.systems.hunters_of_arcfall.log import End, GameLog, Seat, TurnPlayed, TurnUndone

GOLDEN = Path(__file__).resolve().parent / "golden"
names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf")),
                min_size=1, max_size=40).map(str.strip).filter(bool)


@st.composite
def logs(draw: st.DrawFn) -> GameLog:
    seats = draw(st.lists(names, min_size=1, max_size=6, unique_by=lambda n: " ".join(
        n.split()).casefold()))
    entries: list[TurnPlayed | TurnUndone] = []
    for _ in range(draw(st.integers(0, 8))):
        undo: bool = draw(st.booleans())
        if entries and undo:
            entries.append(TurnUndone(entry=draw(st.integers(1, 10_000)),
                                      note=draw(st.none() | names)))
            continue
        entries.append(TurnPlayed(
            player=draw(st.sampled_from(seats)),
            drawn=tuple(draw(st.lists(names, max_size=2))),
            captured=tuple(draw(st.lists(names, max_size=2))),
            ability=draw(st.booleans()), end=draw(st.sampled_from(list(End))),
            heals=draw(st.integers(0, 100)), note=draw(st.none() | names)))
    return GameLog(name=draw(names), limit=draw(st.integers(1, 1000)),
                   ended=draw(st.none() | st.booleans()), note=draw(st.none() | names),
                   date=draw(st.none() | st.just("2026-12-01")),
                   seats=tuple(Seat(name=n, hunter=draw(names)) for n in seats),
                   entries=tuple(entries))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(logs())
def test_a_written_log_reads_back_unchanged(log: GameLog) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        path.write_text(dump_game(log), encoding="utf-8")
        loaded = load_game(path)
    assert loaded.problems == [] and loaded.log == log


def test_the_golden_logs_round_trip(tmp_path: Path) -> None:
    count = 0
    for source in sorted((GOLDEN / "games").glob("*.toml")):
        first = load_game(source)
        if first.log is None:
            continue
        copy = tmp_path / source.name
        copy.write_text(dump_game(first.log, [e.data for e in first.cards]), encoding="utf-8")
        again = load_game(copy)
        assert again.problems == [] and again.log == first.log, source.name
        assert [e.data for e in again.cards] == [e.data for e in first.cards]
        count += 1
    assert count > 20


@settings(max_examples=40, deadline=None, derandomize=True)
@given(logs())
def test_an_entry_stored_apart_comes_back_the_same(log: GameLog) -> None:
    for entry in log.entries:
        assert entry_from_payload(entry_payload(entry)) == entry


@pytest.mark.parametrize(("payload", "wanted"), [
    ({"player": "Ana"}, "end"),
    ({"player": "Ana", "end": "fled"}, "'fled'"),
    ({"player": "x" * 10_000, "end": "claimed"}, "at most 200"),
    ({"player": "Ana", "end": "claimed", "heals": True}, "heals"),
    ({"undo": 2, "player": "Ana"}, "only undo"),
    ({"player": "Ana", "end": "claimed", "extra": 1}, "extra: unknown key"),
    ("not a table", "valid dictionary"),
    (None, "valid dictionary"),
])
def test_a_bad_entry_from_outside_a_file_is_refused_with_its_keys(payload: object,
                                                                   wanted: str) -> None:
    with pytest.raises(EntryRejected) as caught:
        entry_from_payload(payload)
    assert wanted in str(caught.value) and len(str(caught.value)) < 1000
