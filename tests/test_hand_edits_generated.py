"""Generated hand edits of every sister game's stored records (issue 25, item 7), without a
database: Hypothesis damages the data and the history of a real record of each kind (values of
every JSON type, numbers past 2^31, keys removed, added or retyped, unknown event kinds) and
checks the one place that decodes a stored row (``chronicle.services.damage.decode``): it
never raises, a damaged record carries codes of ``damage.CODES``, and a record it lets through
is one the game's own check and history lines read without raising, so no game's view has to
decide anything about damage."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from hostile_profile import PHASES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hand_edits import AQ_CARDS, _build

from chronicle.services import damage
from chronicle.services.db import open_database
from chronicle.systems.protocol import RecordContext

SETTINGS = settings(max_examples=60, deadline=None, database=None, phases=PHASES,
                    suppress_health_check=list(HealthCheck))

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                    st.sampled_from(["", "Gearknight", "2026-11-28", "Ana", "turn", "battle"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@st.composite
def mutated(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with one edit somewhere: a key removed, added or given another value, an
    element replaced; or a JSON value of any shape instead."""
    if draw(st.integers(0, 5)) == 0 or not isinstance(value, dict | list) or not value:
        return draw(JSON)
    if isinstance(value, list):
        index = draw(st.integers(0, len(value) - 1))
        return [*value[:index], draw(mutated(value[index])), *value[index + 1:]]
    key = draw(st.sampled_from(sorted(value)))
    action = draw(st.sampled_from(["drop", "retype", "deeper", "add"]))
    if action == "drop":
        return {k: v for k, v in value.items() if k != key}
    if action == "add":
        return {**value, draw(st.text(min_size=1, max_size=8)): draw(JSON)}
    return {**value, key: draw(JSON) if action == "retype" else draw(mutated(value[key]))}


def _records(tmp_path: Path) -> list[tuple[str, str, str, Any, list[tuple[str, Any]]]]:
    """Every record of the hand-edit tests' play group, as stored: game, kind, name, data,
    history."""
    import json

    db = open_database(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        _build(db)
    finally:
        db.close()
    with sqlite3.connect(tmp_path / "g.db") as connection:
        rows = connection.execute("SELECT id, game, kind, name, data FROM record").fetchall()
        events = connection.execute("SELECT record_id, kind, payload FROM record_event "
                                    "ORDER BY record_id, seq").fetchall()
    return [(game, kind, name, json.loads(data),
             [(k, json.loads(p)) for r, k, p in events if r == row_id])
            for row_id, game, kind, name, data in rows]


def _generated(spec: Any, name: str, data: Any, events: list[tuple[str, Any]],
               context: RecordContext, tally: dict[str, int]) -> Any:
    """The Hypothesis test of one stored record: its data and history damaged."""
    kinds = st.one_of(st.sampled_from(sorted({k for k, _p in events}) or ["zzz"]),
                      st.text(max_size=6), JSON)
    payloads = st.one_of(*(mutated(p) for _k, p in events), JSON)

    @SETTINGS
    @given(data=st.one_of(st.just(data), mutated(data)),
           history=st.lists(st.tuples(kinds, payloads), max_size=2), keep=st.booleans())
    def check(data: Any, history: list[tuple[Any, Any]], keep: bool) -> None:
        stored = [*events, *history] if keep else history
        decoded = damage.decode(spec, name, data, stored)
        if decoded.damage:
            assert all(d.code in damage.CODES for d in decoded.damage)
            tally["damaged"] += 1
            return
        tally["sound"] += 1
        listed = [{"kind": k, "payload": p} for k, p in decoded.events]
        spec.checker()(decoded.data, listed, context)  # the game reads it: no exception
        describe = spec.describer()
        for event in listed if describe is not None else []:
            assert isinstance(describe(event), str)

    return check


def test_decoding_never_raises_and_lets_through_only_what_the_game_reads(
        tmp_path: Path, private_data_dir: Path, backend: str) -> None:
    if backend != "sqlite":
        pytest.skip("no database is read: once is enough")
    shutil.copytree(AQ_CARDS, private_data_dir / "cards" / "arcadia-quest")
    found = _records(tmp_path)
    kinds = {(game, kind) for game, kind, *_rest in found}
    assert len(kinds) == 4, kinds
    tally = {"damaged": 0, "sound": 0}
    for game, kind, name, data, events in found:
        spec = damage.spec_of(game, kind)
        assert spec is not None
        context = RecordContext(private_data_dir / "cards" / game, ())

        _generated(spec, name, data, events, context, tally)()
    assert tally["damaged"] and tally["sound"], tally
    fx.record("generated hand edits", backend, **tally)
