"""Replaying a history is linear in its length: every game's one-pass ``steps`` gives, after
each event, the violations its ``check`` gives on that prefix, so ``records.first_breach``
finds the same first breach (index and violations) as checking every prefix did, on the
golden histories and on generated hostile ones of each game; a game that names no ``steps``
(the toy game) is checked per prefix as before. Linearity is proved by counting: the rules'
step runs once per event (not once per prefix), through ``first_breach``, ``records.create``,
``db import``, ``backup`` and ``restore``; an append checks the history twice when the store
keeps no state of the record, once when it keeps the report of the version it read."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.rules.report import Report, Violation
from chronicle.services import recordstore as records
from chronicle.services.recordsteps import reports
from chronicle.systems import registry
from chronicle.systems.protocol import RecordContext, RecordKind

SETTINGS = settings(max_examples=40, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))
HOA = "hunters-of-arcfall"
AQ = "arcadia-quest"
TOA = "tales-of-arcadia"


def kind_of(game: str, name: str) -> RecordKind:
    found = registry.system(game).record_kind(name)
    assert found is not None
    return found


def per_prefix(spec: RecordKind, data: dict[str, Any], events: list[dict[str, Any]],
               context: Any) -> tuple[int, list[Violation]] | None:
    """The first breach as the store found it before: the check run on every prefix."""
    check = spec.checker()
    before = Report()
    for index in range(len(events) + 1):
        after = check(copy.deepcopy(data), copy.deepcopy(events[:index]), context)
        fresh = records.new_errors(before, after)
        if fresh:
            return index, fresh
        before = after
    return None


def same_as_every_prefix(game: str, spec: RecordKind, data: dict[str, Any],
                         events: list[dict[str, Any]], context: Any) -> None:
    """The one-pass reports carry each prefix's violations, and the first breach is the same
    (index and violations)."""
    check = spec.checker()
    stepped = list(reports(spec, data, events, context))
    assert len(stepped) == len(events) + 1
    for index, report in enumerate(stepped):
        wanted = check(copy.deepcopy(data), copy.deepcopy(events[:index]), context)
        assert report.violations == wanted.violations, (index, wanted.codes, report.codes)
    assert records.first_breach(None, game, spec, data, events, context) == \
        per_prefix(spec, data, events, context)


# --- Hunters of Arcfall --------------------------------------------------------------------

HOA_GOLDEN = Path(__file__).resolve().parent / "hunters_of_arcfall" / "golden"
HOA_CONTEXT = RecordContext(HOA_GOLDEN / "cards")


def hoa_record(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game
    from chronicle.systems.hunters_of_arcfall.huntrecords import record_data, record_event

    loaded = load_game(path)
    assert loaded.log is not None, loaded.problems
    events = [dict(zip(("kind", "payload"), record_event(e), strict=True))
              for e in loaded.log.entries]
    return record_data(loaded.log, [dict(e.data) for e in loaded.cards]), events


def _hoa_files() -> list[Path]:
    from chronicle.systems.hunters_of_arcfall.gamelogfile import load_game

    return sorted(p for p in (HOA_GOLDEN / "games").glob("*.toml")
                  if load_game(p).log is not None)


@pytest.mark.parametrize("path", _hoa_files(), ids=lambda p: p.stem)
def test_hunts_golden_one_pass_equals_every_prefix(path: Path) -> None:
    data, events = hoa_record(path)
    same_as_every_prefix(HOA, kind_of(HOA, "hunt"), data, events, HOA_CONTEXT)


SEATS = [{"name": "Ana", "hunter": "Hunter B"}, {"name": "Bo", "hunter": "Hunter C"},
         {"name": "Cy", "hunter": "Hunter D"}]
BOUNTIES = ["Bounty 1", "Bounty 2", "Bounty 3", "Mystery Bounty", "Nobody's Bounty"]


@st.composite
def hunt_events(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Turns mostly in seat order (so histories reach deep), undos of the last turn and of
    any entry, and now and then a turn out of order, by a stranger, or not a turn at all."""
    events: list[dict[str, Any]] = []
    seat = 0
    for _ in range(draw(st.integers(0, 24))):
        roll = draw(st.integers(0, 19))
        if roll < 3:
            events.append({"kind": "undo", "payload": {"undo": draw(
                st.integers(1, len(events) + 1))}})
            continue
        if roll == 3:
            events.append(draw(st.sampled_from([
                {"kind": "turn", "payload": {"player": "Ana"}},
                {"kind": "turn", "payload": {"player": "Zed", "end": "claimed"}},
                {"kind": "dance", "payload": {}}])))
            continue
        player = SEATS[seat % 3]["name"] if roll > 5 else draw(st.sampled_from(
            ["Ana", "Bo", "Cy"]))
        seat += 1
        payload: dict[str, Any] = {"player": player, "end": draw(st.sampled_from(
            ["claimed", "claimed", "wounded", "no_dice"]))}
        drawn = draw(st.lists(st.sampled_from(BOUNTIES), max_size=2))
        captured = draw(st.lists(st.sampled_from(BOUNTIES), max_size=1))
        if drawn:
            payload["drawn"] = drawn
        if captured:
            payload["captured"] = captured
        if draw(st.integers(0, 9)) == 0:
            payload["ability"] = True
        if draw(st.integers(0, 9)) == 0:
            payload["heals"] = 4
        events.append({"kind": "turn", "payload": payload})
    return events


@SETTINGS
@given(events=hunt_events(), limit=st.sampled_from([3, 15]),
       ended=st.sampled_from([None, True, False]))
def test_hostile_hunts_one_pass_equals_every_prefix(events: list[dict[str, Any]], limit: int,
                                                     ended: bool | None) -> None:
    data: dict[str, Any] = {"limit": limit, "player": SEATS}
    if ended is not None:
        data["ended"] = ended
    same_as_every_prefix(HOA, kind_of(HOA, "hunt"), data, events, HOA_CONTEXT)


def test_a_hunt_whose_data_breaks_the_format_is_checked_per_prefix() -> None:
    data = {"limit": "15", "player": SEATS}
    events = [{"kind": "turn", "payload": {"player": "Ana", "end": "claimed"}}] * 3
    same_as_every_prefix(HOA, kind_of(HOA, "hunt"), data, events, HOA_CONTEXT)
    assert records.first_breach(None, HOA, kind_of(HOA, "hunt"), data, events,
                                HOA_CONTEXT) is not None


# --- Arcadia Quest -------------------------------------------------------------------------

AQ_GOLDEN = Path(__file__).resolve().parent / "arcadia_quest" / "golden"
AQ_CONTEXT = SimpleNamespace(user_cards_dir=AQ_GOLDEN / "cards", group_cards=())


def aq_record(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from chronicle.systems.arcadia_quest.campaignfile import load_campaign
    from chronicle.systems.arcadia_quest.ledger import CampaignStarted
    from chronicle.systems.arcadia_quest.record import data_of, payload_of

    ledger = load_campaign(path).events
    start = ledger[0]
    assert isinstance(start, CampaignStarted)
    events = [dict(zip(("kind", "payload"), payload_of(e), strict=True)) for e in ledger[1:]]
    return data_of(start), events


def _aq_files() -> list[Path]:
    from chronicle.systems.arcadia_quest.campaignfile import load_campaign

    found = []
    for path in sorted((AQ_GOLDEN / "campaigns").glob("*.toml")):
        try:
            if load_campaign(path).events:
                found.append(path)
        except Exception:  # a golden file that is not a campaign's ledger: not this test's
            continue
    return found


@pytest.mark.parametrize("path", _aq_files(), ids=lambda p: p.stem)
def test_campaigns_golden_one_pass_equals_every_prefix(path: Path) -> None:
    data, events = aq_record(path)
    same_as_every_prefix(AQ, kind_of(AQ, "campaign"), data, events, AQ_CONTEXT)


@st.composite
def campaign_events(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A golden campaign's events with undos of any event, corrections and events that do
    not fit put in anywhere."""
    data, events = aq_record(draw(st.sampled_from([
        AQ_GOLDEN / "campaigns" / f"{name}.toml" for name in (
            "legal-full-campaign", "coins-overspent", "curse-moved", "campaign-too-long")])))
    mixed = list(events)
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(mixed)))
        extra = draw(st.sampled_from([
            {"kind": "undo", "payload": {"target": draw(st.integers(1, at + 2))}},
            {"kind": "correction", "payload": {"color": draw(st.sampled_from(
                ["orange", "blue", "red"])), "note": "fix", "coins": draw(st.integers(-3, 3)),
                "remove_cards": draw(st.lists(st.sampled_from(["Nothing"]), max_size=1))}},
            {"kind": "correction", "payload": {"color": "purple", "note": "no such guild"}},
            {"kind": "scenario", "payload": {"name": 5}},
            {"kind": "teleport", "payload": {}}]))
        mixed.insert(at, extra)
    if draw(st.booleans()):    # a correction that breaks a rule, taken back at once
        mixed.append({"kind": "correction", "payload": {"color": "orange", "note": "oops",
                                                         "remove_cards": ["Nothing"]}})
        mixed.append({"kind": "undo", "payload": {"target": len(mixed) + 1}})
    if draw(st.booleans()):    # an early event taken back: the later ones applied again
        mixed.append({"kind": "undo", "payload": {"target": draw(st.integers(2, 4))}})
    return data, mixed


@SETTINGS
@given(case=campaign_events())
def test_hostile_campaigns_one_pass_equals_every_prefix(
        case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    data, events = case
    same_as_every_prefix(AQ, kind_of(AQ, "campaign"), data, events, AQ_CONTEXT)


# --- Tales of Arcadia ----------------------------------------------------------------------

TOA_CONTEXT = RecordContext(None)


def _battle(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=1, max_size=3))
    limit = draw(st.sampled_from([300, 500]))
    sides = [{"player": p, "points": draw(st.sampled_from([250, 450, 600]))} for p in players]
    table: dict[str, Any] = {"date": "2026-11-28", "limit": limit, "victory": "regicide",
                             "side": sides}
    winner = draw(st.sampled_from([None, "Ann", "Dee"]))
    if winner:
        table["winner"] = winner
    return table


@st.composite
def battle_events(draw: st.DrawFn) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 14))):
        roll = draw(st.integers(0, 9))
        if roll < 3:
            events.append({"kind": "battle-undone", "payload": {"event": draw(
                st.integers(0, len(events) + 1))}})
        elif roll == 3:
            events.append(draw(st.sampled_from([
                {"kind": "battle", "payload": {"date": "yesterday"}},
                {"kind": "skirmish", "payload": {}}])))
        else:
            events.append({"kind": "battle", "payload": _battle(draw)})
    return events


@SETTINGS
@given(events=battle_events())
def test_hostile_battle_histories_one_pass_equals_every_prefix(
        events: list[dict[str, Any]]) -> None:
    same_as_every_prefix(TOA, kind_of(TOA, "battles"), {}, events, TOA_CONTEXT)


def test_golden_battle_histories_and_forces_one_pass_equals_every_prefix() -> None:
    import tomllib

    golden = tomllib.loads((Path(__file__).resolve().parent / "tales_of_arcadia" / "golden"
                            / "records.toml").read_text("utf-8"))
    for case in golden["history"]:
        same_as_every_prefix(TOA, kind_of(TOA, "battles"), {}, case["events"], TOA_CONTEXT)
    for case in golden["force"]:
        events = [{"kind": "note", "payload": {}}] * 2   # a force's check reads its data only
        same_as_every_prefix(TOA, kind_of(TOA, "force"), case["data"], events, TOA_CONTEXT)


# --- a game that names no steps -------------------------------------------------------------

def test_a_game_without_steps_is_checked_once_per_prefix() -> None:
    from tests import records_toy

    spec = records_toy.SYSTEM.records[0]
    assert spec.steps is None
    data = {"capacity": 3}
    events = [{"kind": "put", "payload": {"marble": f"m{i}"}} for i in range(5)]
    events.insert(2, {"kind": "undo", "payload": {}})
    context = RecordContext(None, ({"name": "m4", "cursed": True},))
    before = records_toy.CALLS[0]
    breach = records.first_breach(None, records_toy.KEY, spec, data, events, context)
    assert breach is not None and breach[0] == 6 and breach[1][0].code == "jar.overflow"
    assert records_toy.CALLS[0] - before == 7
    assert breach == per_prefix(spec, data, events, context)


def test_steps_that_miscount_are_a_bug_said_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.errors import ChronicleError

    def short(data: dict[str, Any], events: list[dict[str, Any]],
              context: Any) -> Iterator[Report]:
        yield Report()

    monkeypatch.setattr(records, "_test_short_steps", short, raising=False)
    spec = RecordKind("jar", "jar", False, "tests.records_toy:check",
                      steps="chronicle.services.recordstore:_test_short_steps")
    with pytest.raises(ChronicleError, match="gave 1 reports for 2 events"):
        list(reports(spec, {}, [{"kind": "put", "payload": {}}] * 2, RecordContext(None)))


# --- linearity, counted ---------------------------------------------------------------------

def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (a function or method), wrapping it."""
    calls = [0]
    original: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def legal_hunt(turns: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A legal hunt of ``turns`` entries (the bench's), one in 17 an undo of the last turn."""
    import importlib.util
    import sys

    bench = Path(__file__).resolve().parent.parent / "bench" / "replay.py"
    spec = importlib.util.spec_from_file_location("replay_bench", bench)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["replay_bench"] = module
    spec.loader.exec_module(module)
    data, events = module.legal_hunt(turns)
    return data, events


@pytest.mark.parametrize("turns", [60, 240])
def test_a_hunt_is_replayed_once_not_once_per_prefix(monkeypatch: pytest.MonkeyPatch,
                                                     turns: int) -> None:
    from chronicle.systems.hunters_of_arcfall import huntrecords as hunts
    from chronicle.systems.hunters_of_arcfall.rules.replay import Tracker

    data, events = legal_hunt(turns)
    assert any(e["kind"] == "undo" for e in events)
    plays = counting(monkeypatch, Tracker, "play")
    checks = counting(monkeypatch, hunts, "check_record")
    assert records.first_breach(None, HOA, kind_of(HOA, "hunt"), data, events,
                                RecordContext(None)) is None
    played = sum(1 for e in events if e["kind"] == "turn")
    assert plays[0] == played           # each turn once (an undo of the last turn rewinds)
    assert checks[0] == 0               # never the whole check of a prefix


def test_a_campaign_is_replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.systems.arcadia_quest import record as campaigns
    from chronicle.systems.arcadia_quest import rules

    data, events = aq_record(AQ_GOLDEN / "campaigns" / "legal-full-campaign.toml")
    events = [*events, {"kind": "correction", "payload": {"color": "orange", "note": "x"}},
              {"kind": "undo", "payload": {"target": len(events) + 2}}]
    steps = counting(monkeypatch, rules, "step")
    checks = counting(monkeypatch, campaigns, "check_record")
    assert records.first_breach(None, AQ, kind_of(AQ, "campaign"), data, events,
                                AQ_CONTEXT) is None
    assert steps[0] == len(events)      # the start and each event once; the undo rewinds
    assert checks[0] == 0


def test_import_backup_restore_replay_each_history_once_and_a_write_twice(
        databases: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from chronicle.services import backup, transfer
    from chronicle.services.db import open_database
    from chronicle.systems.hunters_of_arcfall import huntrecords as hunts
    from chronicle.systems.hunters_of_arcfall.rules.replay import Tracker

    data, events = legal_hunt(120)
    turns = sum(1 for e in events if e["kind"] == "turn")
    plays = counting(monkeypatch, Tracker, "play")
    checks = counting(monkeypatch, hunts, "check_record")

    def counted(action: Callable[[], object]) -> tuple[int, int]:
        plays[0] = checks[0] = 0
        action()
        return plays[0], checks[0]

    source = open_database(databases.url("source"))
    target = open_database(databases.url("target"))
    restored = open_database(databases.url("restored"))
    try:
        history = [(e["kind"], e["payload"]) for e in events]
        assert counted(lambda: records.create(source, HOA, "hunt", "Long", data,
                                              events=history)) == (turns, 0)
        exported = tmp_path / "export.json"
        transfer.write_export(source, exported)
        assert counted(lambda: transfer.import_all(target, exported)) == (turns, 0)
        saved = tmp_path / "backup.json"
        assert counted(lambda: backup.backup(source, saved)) == (turns, 0)  # read back once
        assert counted(lambda: backup.restore(restored, saved)) == (turns, 0)
        effective = turns - sum(1 for e in events if e["kind"] == "undo")
        turn = {"player": f"Player {effective % 6}", "end": "claimed"}
        # a write checks the history before and after it: two replays, no more
        assert counted(lambda: records.append(source, HOA, "hunt", "Long", "turn",
                                              turn)) == (2 * effective + 1, 2)
        # the next write judges on the report kept for the version it read: one check
        turn = {"player": f"Player {(effective + 1) % 6}", "end": "claimed"}
        assert counted(lambda: records.append(source, HOA, "hunt", "Long", "turn",
                                              turn)) == (effective + 2, 1)
        assert counted(lambda: records.update(source, HOA, "hunt", "Long",
                                              {**data, "ended": False})) == (
            2 * (effective + 2), 2)
    finally:
        for db in (source, target, restored):
            db.close()


# --- Wyld Hunt's chronicles (an import's and a backup's replay) ----------------------------

WH_GOLDEN = Path(__file__).resolve().parent / "golden" / "characters"


@functools.cache
def _characters() -> list[Any]:
    """The golden characters (read once, inside a test: its data folder is a private one)."""
    from chronicle.systems.wyld_hunt.fileloader import load_file
    from chronicle.systems.wyld_hunt.services.catalog import read_sources

    found = []
    for path in sorted(WH_GOLDEN.glob("*.toml")):
        loaded = load_file(path)
        if loaded.character is not None and not loaded.problems:
            found.append((path.stem, loaded.character, read_sources().build(loaded.cards)))
    return found


def same_chronicle_as_every_prefix(build: Any, catalog: Any) -> None:
    from dataclasses import replace

    from chronicle.systems.wyld_hunt.rules.character import check_character, check_steps

    stepped = list(check_steps(build, catalog))
    assert len(stepped) == len(build.events) + 1
    for index, report in enumerate(stepped):
        wanted, _state = check_character(replace(build, events=build.events[:index]), catalog)
        assert report.violations == wanted.violations, (index, wanted.codes, report.codes)


def test_wyld_hunt_golden_chronicles_one_pass_equals_every_prefix() -> None:
    characters = _characters()
    assert sum(1 for _name, build, _cat in characters if build.events) >= 10
    for _name, build, catalog in characters:
        same_chronicle_as_every_prefix(build, catalog)


@SETTINGS
@given(data=st.data())
def test_hostile_wyld_hunt_chronicles_one_pass_equals_every_prefix(data: st.DataObject) -> None:
    from dataclasses import replace

    from chronicle.systems.wyld_hunt.chronicle import Correction, MeritBought, Undo

    characters = [c for c in _characters() if c[1].events]
    _name, build, catalog = data.draw(st.sampled_from(characters))
    pool = [e for _n, b, _c in characters for e in b.events] + [
        MeritBought(merit="Nobody's Merit"), Correction(note="fix", xp=-3),
        Correction(note="fix", remove_merits=("Nothing",))]
    events: list[Any] = list(build.events)
    for _ in range(data.draw(st.integers(0, 8))):
        at = data.draw(st.integers(0, len(events)))
        extra = data.draw(st.one_of(st.sampled_from(pool), st.builds(
            Undo, event=st.integers(0, len(events) + 1))))
        events.insert(at, extra)
    if data.draw(st.booleans()):  # an event that breaks a rule, taken back at once
        events += [Correction(note="oops", remove_merits=("Nothing",)),
                   Undo(event=len(events) + 1)]
    same_chronicle_as_every_prefix(replace(build, events=tuple(events)), catalog)


def test_a_chronicle_that_breaks_at_its_end_is_replayed_once_not_per_event(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``db import`` finds the event of a chronicle that broke the rules in one more pass (it
    checked every prefix of it before)."""
    import json

    import dbfixtures as fx

    from chronicle.errors import BadInput
    from chronicle.services import transfer
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.rules import character, ledger

    source = open_database(f"sqlite:///{tmp_path}/source.db")
    try:
        fx.winerdria(source)
        document = transfer.export_all(source)
    finally:
        source.close()
    winerdria = document["characters"][0]
    games = 150
    chronicle = [{"kind": "game", "payload": {"quests": ["Prove Yourself"],
                                              "completed": ["Prove Yourself"]}}] * games
    chronicle += [{"kind": "correction", "payload": {"note": "typo", "xp": -1000}}]
    winerdria["events"] = [{"seq": seq, "kind": e["kind"], "payload": e["payload"],
                            "recorded_at": winerdria["created_at"], "game": None}
                           for seq, e in enumerate(chronicle, 1)]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    steps = counting(monkeypatch, ledger, "_step")
    checks = counting(monkeypatch, character, "check_character")
    with pytest.raises(BadInput, match=rf"characters\[0\]\.events\[{games}\].*xp\.overspent"):
        transfer.validate_export(path)
    assert checks[0] == 2                    # the whole chronicle, and its start
    assert steps[0] == 2 * (games + 1)       # the whole chronicle, then one pass to the breach
