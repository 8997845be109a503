"""No lost update in the generic record store (``chronicle.services.recordstore``), on every
backend, through the test-only marbles game (``records_toy``): another client's write lands
between a use case's reads and its write (``records_toy.HOOK``), and neither is lost.

- ``modify``: the change is made again on the fresh record, so both changes land.
- ``update`` / ``append`` with the version a member read: refused with the ``Conflict`` naming
  what changed, nothing written.
- ``append(create_with=...)``: two first events at once both land, the record made once.
- ``create(final_data=...)``: the data after the history, in the same transaction, checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dbfixtures as fx
import pytest
import records_toy as toy

from chronicle.errors import BadInput, Conflict, Refused
from chronicle.services import players
from chronicle.services import recordstore as records
from chronicle.services.db import Database, open_database
from chronicle.services.recordstore import StoredRecord
from chronicle.systems import registry

G = toy.KEY


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    """A fresh database with Tim, the marbles game installed."""
    with registry.registered(toy.SYSTEM):
        toy.SLACK[0] = 0
        toy.HOOK.clear()
        database = open_database(db_url)
        try:
            players.add_player(database, "Tim")
            yield database
        finally:
            toy.HOOK.clear()
            database.close()


def jar(capacity: int, *held: str) -> dict[str, Any]:
    return {"capacity": capacity, "marbles": list(held)}


def with_marble(marble: str) -> Any:
    def change(record: StoredRecord) -> dict[str, Any]:
        return {**record.data, "marbles": [*record.data["marbles"], marble]}
    return change


def test_a_change_made_from_a_stale_read_is_made_again_on_the_fresh_record(
        db: Database) -> None:
    records.create(db, G, "jar", "Jar", jar(5))
    other = fx.second_client(db)
    seen: list[list[str]] = []

    def change(record: StoredRecord) -> dict[str, Any]:
        seen.append(list(record.data["marbles"]))
        return {**record.data, "marbles": [*record.data["marbles"], "mine"]}

    try:  # the other member's change lands after this one read the jar, before it writes
        toy.HOOK.append(lambda: records.modify(other, G, "jar", "Jar", with_marble("theirs")))
        done = records.modify(db, G, "jar", "Jar", change)
    finally:
        other.close()
    assert done.data["marbles"] == ["theirs", "mine"] and done.version == 3
    assert seen == [[], ["theirs"]] and db.retries == 1  # made again on the fresh record
    assert records.get(db, G, "jar", "Jar").data["marbles"] == ["theirs", "mine"]


def test_a_change_is_checked_on_the_fresh_record_and_refusals_write_nothing(
        db: Database) -> None:
    records.create(db, G, "jar", "Jar", jar(1))
    other = fx.second_client(db)
    try:  # room for one marble: the other member takes it meanwhile
        toy.HOOK.append(lambda: records.modify(other, G, "jar", "Jar", with_marble("theirs")))
        with pytest.raises(Refused, match=r"jar\.overflow"):
            records.modify(db, G, "jar", "Jar", with_marble("mine"))
    finally:
        other.close()
    with fx.unchanged(db), pytest.raises(BadInput, match="no such line"):
        records.modify(db, G, "jar", "Jar", lambda _record: (_ for _ in ()).throw(
            BadInput("no such line")))
    assert records.get(db, G, "jar", "Jar").data["marbles"] == ["theirs"]


def test_a_write_from_the_version_a_member_read_is_refused_once_it_moved_on(
        db: Database) -> None:
    seen = records.create(db, G, "jar", "Jar", jar(5))
    records.modify(db, G, "jar", "Jar", with_marble("red"))
    with fx.unchanged(db):
        with pytest.raises(Conflict, match=r"Jar was changed by someone else meanwhile: "
                                           r"version 1 -> 2 \(its data was changed\)"):
            records.modify(db, G, "jar", "Jar", with_marble("blue"),
                           expected_version=seen.version)
        with pytest.raises(Conflict, match="version 1 -> 2"):
            records.append(db, G, "jar", "Jar", "put", {"marble": "blue"},
                           expected_version=seen.version)
    other = fx.second_client(db)
    try:  # changed between the version check and the write: refused, never overwritten
        toy.HOOK.append(lambda: records.append(other, G, "jar", "Jar", "put", {"marble": "x"}))
        with pytest.raises(Conflict, match=r"version 2 -> 3 \(event 1 \(put\) was appended\)"):
            records.update(db, G, "jar", "Jar", jar(9), expected_version=2)
    finally:
        other.close()
    assert records.get(db, G, "jar", "Jar").data == jar(5, "red")


def test_two_first_events_at_once_both_land_and_make_the_record_once(db: Database) -> None:
    other = fx.second_client(db)
    try:  # the other member makes the jar (and puts a marble in) after this one found none
        toy.HOOK.append(lambda: records.append(other, G, "jar", "Jar", "put", {"marble": "a"},
                                               create_with=jar(3)))
        done = records.append(db, G, "jar", " Jar ", "put", {"marble": "b"}, create_with=jar(3))
    finally:
        other.close()
    assert [(e.seq, e.payload["marble"]) for e in done.events] == [(1, "a"), (2, "b")]
    assert [r.name for r in records.list_records(db, G, "jar")] == ["Jar"]
    assert done.version == 3
    # A record made by its first event is checked as ``create`` checks it.
    with fx.unchanged(db), pytest.raises(Refused, match=r"creating the jar Small .*overflow"):
        records.append(db, G, "jar", "Small", "put", {"marble": "a"},
                       create_with=jar(-1))
    # An archived record of that name is said, not made again.
    records.delete(db, G, "jar", "Jar")
    with fx.unchanged(db), pytest.raises(Exception, match="archived; restore it first"):
        records.append(db, G, "jar", "Jar", "put", {"marble": "c"}, create_with=jar(3))


def test_a_record_created_with_its_final_data_is_checked_against_its_history(
        db: Database) -> None:
    made = records.create(db, G, "jar", "Imported", jar(3), events=[("put", {"marble": "a"})],
                          final_data=jar(1))
    assert (made.data, made.version, len(made.events)) == (jar(1), 2, 1)
    assert records.get(db, G, "jar", "Imported") == made
    with fx.unchanged(db), pytest.raises(Refused, match=r"changing Broken .*jar\.overflow"):
        records.create(db, G, "jar", "Broken", jar(3), events=[("put", {"marble": "a"})],
                       final_data=jar(0))
