"""The generic record store (``chronicle.services.recordstore``) on every backend, through a
test-only game (``records_toy``: jars of the group, pouches of a player)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dbfixtures as fx
import pytest
import records_toy as toy

from chronicle.errors import AlreadyExists, BadInput, Conflict, NotFound, Refused
from chronicle.persistence import repository as repo
from chronicle.services import playermending as mending
from chronicle.services import players
from chronicle.services import recordstore as records
from chronicle.services.db import Database, open_database
from chronicle.systems import registry

G = toy.KEY


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """A fresh database with Tim and Josh, the marbles game installed."""
    with registry.registered(toy.SYSTEM):
        toy.SLACK[0] = 0
        toy.HOOK.clear()
        database = open_database(db_url)
        try:
            players.add_player(database, "Tim")
            players.add_player(database, "Josh")
            yield database
        finally:
            database.close()


def jar(capacity: int = 2, *held: str) -> dict[str, Any]:
    return {"capacity": capacity, "marbles": list(held)}


def test_a_record_lives_its_whole_life(db: Database) -> None:
    made = records.create(db, G, "jar", "  Big   Jar ", jar(3, "blue"))
    assert (made.name, made.player, made.version, made.events, made.archived_at) == (
        "Big Jar", None, 1, (), None)
    assert made.created_at.utcoffset() is not None
    records.append(db, G, "jar", "big jar", "put", {"marble": "red"})
    records.append(db, G, "jar", "BIG JAR", "put", {"marble": "green"})
    undone = records.append(db, G, "jar", "Big Jar", "undo", {})
    assert [(e.seq, e.kind, e.payload) for e in undone.events] == [
        (1, "put", {"marble": "red"}), (2, "put", {"marble": "green"}), (3, "undo", {})]
    assert undone.version == 4
    changed = records.update(db, G, "jar", "Big Jar", jar(4, "blue", "white"),
                             expected_version=4)
    assert (changed.data, changed.version, len(changed.events)) == (jar(4, "blue", "white"),
                                                                    5, 3)
    renamed = records.rename(db, G, "jar", "Big Jar", "Great Jar")
    assert records.get(db, G, "jar", "great jar") == renamed
    assert [r.name for r in records.list_records(db, G, "jar")] == ["Great Jar"]
    assert "archived" in records.delete(db, G, "jar", "Great Jar")  # a history: kept
    assert records.list_records(db, G, "jar") == []
    archived = records.list_records(db, G, "jar", archived=True)
    assert [(r.name, len(r.events)) for r in archived] == [("Great Jar", 3)]
    assert archived[0].archived_at is not None
    back = records.restore(db, G, "jar", "Great Jar")
    assert back.archived_at is None and back.events == renamed.events
    records.create(db, G, "jar", "Empty", jar())
    assert "deleted" in records.delete(db, G, "jar", "Empty")  # no history: erased
    records.create(db, G, "jar", "Empty", jar())  # the name is free again


def test_a_players_records_are_theirs(db: Database) -> None:
    records.create(db, G, "pouch", "Pouch", jar(1), player="Tim")
    records.create(db, G, "pouch", "Pouch", jar(1), player="Josh")
    with pytest.raises(NotFound, match="2 players have a pouch called 'Pouch'; say whose"):
        records.get(db, G, "pouch", "Pouch")
    mine = records.append(db, G, "pouch", "pouch", "put", {"marble": "red"}, player="tim")
    assert (mine.player, len(mine.events)) == ("Tim", 1)
    assert [(r.player, len(r.events)) for r in records.list_records(db, G, "pouch")] == [
        ("Tim", 1), ("Josh", 0)]
    assert [r.player for r in records.list_records(db, G, "pouch", player="Josh")] == ["Josh"]
    with pytest.raises(BadInput, match="belongs to a player"):
        records.create(db, G, "pouch", "Nobody's", jar())
    with pytest.raises(BadInput, match="belongs to the group"):
        records.create(db, G, "jar", "Tim's jar", jar(), player="Tim")
    with pytest.raises(NotFound, match="did you mean 'Josh'"):
        records.get(db, G, "pouch", "Pouch", player="Jsoh")


def test_a_write_that_breaks_the_games_rules_is_refused_and_writes_nothing(
        db: Database) -> None:
    with fx.unchanged(db), pytest.raises(Refused) as refused:
        records.create(db, G, "jar", "Overfull", jar(1, "a", "b"))
    assert [v.code for v in refused.value.report.violations] == ["jar.overflow"]
    assert str(refused.value) == (
        "creating the jar Overfull would break the rules: 2 marbles do not fit a capacity of 1 "
        "(jar.overflow); nothing was written")
    # Each front says the fix in its own terms: the app its words, never the CLI's command.
    from chronicle.tui.messages import error_message

    assert error_message(refused.value).splitlines()[1:] == ["fix: take a marble out"]
    assert "chronicle marbles" not in error_message(refused.value)
    records.create(db, G, "jar", "Jar", jar(1))
    records.append(db, G, "jar", "Jar", "put", {"marble": "red"})  # full: a warning only
    with fx.unchanged(db), pytest.raises(Refused, match=r"put on Jar would break the rules"):
        records.append(db, G, "jar", "Jar", "put", {"marble": "green"})
    with fx.unchanged(db), pytest.raises(Refused, match=r"jar\.overflow"):
        records.update(db, G, "jar", "Jar", jar(0))


def test_the_check_sees_the_groups_cards(db: Database) -> None:
    with db.transaction() as session:
        repo.save_group_card(session, G, {"name": "Onyx", "kind": "marble", "cursed": True})
    records.create(db, G, "jar", "Jar", jar(5))
    with pytest.raises(Refused) as refused:
        records.append(db, G, "jar", "Jar", "put", {"marble": "Onyx"})
    assert [(v.code, v.cards) for v in refused.value.report.violations] == [
        ("marble.cursed", ("Onyx",))]


def test_an_error_the_record_already_had_does_not_block_other_changes(db: Database) -> None:
    records.create(db, G, "jar", "Jar", jar(2, "a", "b"))
    toy.SLACK[0] = -1  # the rule tightened: the stored jar now overflows
    undone = records.append(db, G, "jar", "Jar", "note", {"text": "still here"})
    assert len(undone.events) == 1
    records.update(db, G, "jar", "Jar", jar(2, "a", "b", "c"))  # the same error, no new one
    with db.transaction() as session:
        repo.save_group_card(session, G, {"name": "Onyx", "kind": "marble", "cursed": True})
    with pytest.raises(Refused) as refused:
        records.update(db, G, "jar", "Jar", jar(2, "a", "b", "Onyx"))
    assert [v.code for v in refused.value.report.violations] == ["marble.cursed"]


def test_unknown_names_say_what_is_near(db: Database) -> None:
    records.create(db, G, "jar", "Honey Jar", jar())
    with pytest.raises(NotFound, match="no jar is called 'Hony Jar'; did you mean 'Honey Jar'"):
        records.get(db, G, "jar", "Hony Jar")
    with pytest.raises(NotFound, match="no installed game system is called 'no-such-game'"):
        records.list_records(db, "no-such-game", "jar")
    with pytest.raises(BadInput, match=r"Marbles keeps no records of kind 'bag'.*jar, pouch"):
        records.get(db, G, "bag", "x")
    with pytest.raises(AlreadyExists, match="already a jar called Honey Jar"):
        records.create(db, G, "jar", "honey jar", jar())
    records.append(db, G, "jar", "Honey Jar", "put", {"marble": "a"})
    records.delete(db, G, "jar", "Honey Jar")
    with pytest.raises(NotFound, match="the jar Honey Jar is archived; restore it first"):
        records.append(db, G, "jar", "Honey Jar", "put", {"marble": "b"})
    with pytest.raises(AlreadyExists, match=r"\(archived: restore it instead\)"):
        records.create(db, G, "jar", "Honey Jar", jar())
    records.create(db, G, "jar", "Other", jar())
    with pytest.raises(AlreadyExists):
        records.rename(db, G, "jar", "Other", "HONEY JAR")


@pytest.mark.parametrize(("data", "payload", "message"), [
    (jar() | {"deep": [[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}, None, "nests deeper than 16"),
    (jar() | {"note": "x\x00y"}, None, r"data.note holds a control character \(\\x00"),
    (jar() | {"n": 2**40}, None, "data.n 1099511627776 is outside"),
    (jar() | {"note": "x" * 4001}, None, "data.note has 4,001 characters"),
    (jar() | {"f": float("inf")}, None, "data.f is inf"),
    (None, {"marble": "\x1b[31mred"}, r"payload.marble holds a control character"),
    (None, {"blob": ["x" * 4000] * 30}, "takes 120,.* bytes as JSON; at most 100,000"),
])
def test_data_and_payloads_are_held_to_the_limits(db: Database, data: Any, payload: Any,
                                                  message: str) -> None:
    records.create(db, G, "jar", "Jar", jar(5))
    with fx.unchanged(db), pytest.raises(BadInput, match=message):
        if data is not None:
            records.update(db, G, "jar", "Jar", data)
        else:
            records.append(db, G, "jar", "Jar", "put", payload)


@pytest.mark.parametrize(("name", "message"), [
    ("", "empty"), ("x" * 201, "201 characters"), ("Evil\u202eJar", "control character")])
def test_names_are_held_to_the_limits(db: Database, name: str, message: str) -> None:
    with fx.unchanged(db), pytest.raises(BadInput, match=message):
        records.create(db, G, "jar", name, jar())
    with pytest.raises(BadInput, match="the event's kind"):
        records.append(db, G, "jar", "Jar", "k" * 41, {})


def test_a_save_from_an_older_version_is_a_conflict_naming_what_changed(db: Database) -> None:
    seen = records.create(db, G, "jar", "Jar", jar(5))
    records.append(db, G, "jar", "Jar", "put", {"marble": "red"})
    with fx.unchanged(db), pytest.raises(
            Conflict, match=r"Jar was changed by someone else meanwhile: version 1 -> 2 "
                            r"\(event 1 \(put\) was appended\)"):
        records.update(db, G, "jar", "Jar", jar(6), expected_version=seen.version)


def test_two_writers_appending_at_once_number_their_events_without_gaps(db: Database) -> None:
    records.create(db, G, "jar", "Jar", jar(2))
    other = fx.second_client(db)
    try:  # the other client appends after this one read the history, before it writes
        toy.HOOK.append(lambda: records.append(other, G, "jar", "Jar", "put", {"marble": "a"}))
        done = records.append(db, G, "jar", "Jar", "put", {"marble": "b"})
        assert [(e.seq, e.payload["marble"]) for e in done.events] == [(1, "a"), (2, "b")]
        assert db.retries == 1
        records.append(db, G, "jar", "Jar", "undo", {})
        # room for one: the other client takes it meanwhile, and the retry, checked on the
        # fresh history, refuses this one's marble
        toy.HOOK.append(lambda: records.append(other, G, "jar", "Jar", "put", {"marble": "c"}))
        with pytest.raises(Refused, match=r"jar\.overflow"):
            records.append(db, G, "jar", "Jar", "put", {"marble": "d"})
        assert db.retries == 2
        assert [e.kind for e in records.get(db, G, "jar", "Jar").events] == [
            "put", "put", "undo", "put"]
    finally:
        other.close()


def test_a_record_created_with_its_history_is_checked_event_by_event(db: Database) -> None:
    made = records.create(db, G, "pouch", "Imported", jar(1), player="Tim", events=[
        ("put", {"marble": "a"}), ("undo", {}), ("put", {"marble": "b"})])
    assert ([(e.seq, e.kind) for e in made.events], made.version) == (
        [(1, "put"), (2, "undo"), (3, "put")], 4)
    assert records.get(db, G, "pouch", "Imported") == made
    with fx.unchanged(db), pytest.raises(
            Refused, match=r"^event 2 \(put\) of the pouch Broken would break the rules: 2 "
                           r"marbles do not fit a capacity of 1 \(jar\.overflow"):
        records.create(db, G, "pouch", "Broken", jar(1), player="Tim", events=[
            ("put", {"marble": "a"}), ("put", {"marble": "b"}), ("undo", {})])
    with fx.unchanged(db), pytest.raises(BadInput, match=r"event 2's payload\.marble holds"):
        records.create(db, G, "pouch", "Broken", jar(1), player="Tim", events=[
            ("put", {"marble": "a"}), ("put", {"marble": "\x00"})])


def test_a_games_service_gets_the_context_the_store_checks_with(db: Database) -> None:
    with db.transaction() as session:
        repo.save_group_card(session, G, {"name": "Onyx", "kind": "marble", "cursed": True})
        repo.save_group_card(session, "wyld-hunt", {"name": "Other", "kind": "merit"})
    found = records.context(db, G)
    assert found.group_cards == ({"name": "Onyx", "kind": "marble", "cursed": True},)
    assert found.user_cards_dir is not None and found.user_cards_dir.name == G


def test_a_player_who_keeps_records_is_not_deleted_until_they_are_gone(db: Database) -> None:
    records.create(db, G, "pouch", "Blue Pouch", jar(1), player="Josh")
    plan = mending.plan_player_delete(db, "Josh")
    assert plan.action == "refuse"
    assert "pouch 'Blue Pouch'" in " ".join(plan.blockers)
    with pytest.raises(Refused, match="Blue Pouch"):
        mending.delete_player(db, "Josh")
    assert [r.name for r in records.list_records(db, G, "pouch", player="Josh")] == ["Blue Pouch"]
    records.delete(db, G, "pouch", "Blue Pouch", player="Josh")
    assert mending.delete_player(db, "Josh").action == "delete"
