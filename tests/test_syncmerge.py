"""The three-way merge of an offline copy with its group (``chronicle.services.syncmerge``), on
small export documents: every rule of the merge, each asserted on codes and values."""

from __future__ import annotations

import copy
from typing import Any

from chronicle.services.syncmerge import merge


def doc(**sections: Any) -> dict[str, Any]:
    return {"players": [], "characters": [], "games": [], "records": [], "group_cards": [],
            "cards": [], **sections}


def player(uid: str, name: str, *owned: tuple[str, int]) -> dict[str, Any]:
    return {"uid": uid, "name": name, "created_at": "2026-12-01T00:00:00+00:00",
            "collection": [{"card": c, "kind": "merit", "count": n, "game": "g",
                            "uid": f"{uid}{c}"} for c, n in owned]}


def card(uid: str, **values: Any) -> dict[str, Any]:
    return {"uid": uid, "game": "g", "version": 1, "card": {"name": "Blade", "kind": "upgrade",
                                                             **values}}


def record(uid: str, *events: str) -> dict[str, Any]:
    return {"uid": uid, "game": "g", "kind": "log", "player": None, "name": "Log", "data": {},
            "version": 1, "created_at": "x", "archived_at": None,
            "events": [{"uid": e, "seq": n, "kind": "put", "payload": {"v": e},
                        "recorded_at": "x"} for n, e in enumerate(events, 1)]}


def never(_doc: Any, _section: str, _index: int) -> None:
    return None


def test_a_card_is_merged_value_by_value_and_a_clash_is_a_conflict() -> None:
    base = doc(group_cards=[card("c1", cost=3, power=1, speed=1)])
    mine = doc(group_cards=[card("c1", cost=4, power=2, speed=1)])
    theirs = doc(group_cards=[card("c1", cost=3, power=5, speed=2)])
    out = merge(base, mine, theirs, never)
    assert out.document["group_cards"][0]["card"] == {
        "name": "Blade", "kind": "upgrade", "cost": 4, "power": 5, "speed": 2}
    assert [(c.code, c.entry["field"], c.entry["mine"], c.entry["theirs"])
            for c in out.conflicts] == [("sync.both_changed", "card.power", 2, 5)]


def test_the_same_change_on_both_sides_is_no_conflict() -> None:
    base = doc(players=[player("p1", "Carl")])
    both = doc(players=[player("p1", "Charles")])
    out = merge(base, both, copy.deepcopy(both), never)
    assert out.conflicts == [] and out.document["players"][0]["name"] == "Charles"


def test_a_rename_against_a_delete_is_a_conflict_either_way() -> None:
    base = doc(players=[player("p1", "Carl")])
    renamed, deleted = doc(players=[player("p1", "Charles")]), doc()
    out = merge(base, deleted, renamed, never)  # deleted here, renamed in the group
    assert [c.code for c in out.conflicts] == ["sync.deleted_changed"]
    assert [p["name"] for p in out.document["players"]] == ["Charles"]
    out = merge(base, renamed, deleted, never)  # renamed here, deleted in the group
    assert [c.code for c in out.conflicts] == ["sync.deleted_changed"]
    assert out.document["players"] == [] and out.conflicts[0].entry["mine"]["name"] == "Charles"
    out = merge(base, deleted, copy.deepcopy(base), never)  # deleted, unchanged there
    assert out.conflicts == [] and out.document["players"] == []


def test_two_new_entries_with_one_name_keep_the_groups() -> None:
    out = merge(doc(), doc(players=[player("p2", "Carl")]), doc(players=[player("p1", "carl")]),
                never)
    assert [p["uid"] for p in out.document["players"]] == ["p1"]
    assert [(c.code, c.uid) for c in out.conflicts] == [("sync.name_taken", "p2")]


def test_collection_counts_add_both_sides_changes() -> None:
    base = doc(players=[player("p1", "Tim", ("Blade", 2))])
    mine = doc(players=[player("p1", "Tim", ("Blade", 3))])
    theirs = doc(players=[player("p1", "Tim", ("Blade", 5))])
    out = merge(base, mine, theirs, never)
    assert [o["count"] for o in out.document["players"][0]["collection"]] == [6]


def test_new_entries_are_appended_after_the_groups_and_a_breaking_one_is_kept_aside() -> None:
    base = doc(records=[record("r1", "e1")])
    mine = doc(records=[record("r1", "e1", "mine1", "bad", "mine2")])
    theirs = doc(records=[record("r1", "e1", "theirs1")])

    class Broken:
        code, message, section = "log.bad", "bad entry", "Rules, p. 3"

    def judge(document: Any, section: str, index: int) -> Any:
        events = document[section][index]["events"]
        at = next((i for i, e in enumerate(events) if e["uid"] == "bad"), None)
        return None if at is None else (at, [Broken()])

    out = merge(base, mine, theirs, judge)
    events = out.document["records"][0]["events"]
    assert [(e["uid"], e["seq"]) for e in events] == [
        ("e1", 1), ("theirs1", 2), ("mine1", 3), ("mine2", 4)]
    assert [(c.uid, c.code, c.section, c.entry["history"]) for c in out.conflicts] == [
        ("bad", "log.bad", "Rules, p. 3", "r1")]
    assert out.conflicts[0].entry["entry"]["payload"] == {"v": "bad"}  # kept whole
    again = merge(copy.deepcopy(out.document), copy.deepcopy(out.document),
                  copy.deepcopy(out.document), judge)
    assert again.document == out.document and again.conflicts == []  # nothing twice


def test_an_undo_follows_its_entry_when_renumbered_and_is_refused_with_it() -> None:
    base = doc(records=[record("r1", "e1")])
    mine = doc(records=[record("r1", "e1", "mine1", "bad", "undo-mine1", "undo-bad")])
    events = mine["records"][0]["events"]
    events[3]["payload"] = {"undo": 2}   # undoes mine1 (the copy's number 2)
    events[4]["payload"] = {"undo": 3}   # undoes bad (the copy's number 3)
    theirs = doc(records=[record("r1", "e1", "theirs1", "theirs2")])

    def judge(document: Any, section: str, index: int) -> Any:
        found = document[section][index]["events"]
        at = next((i for i, e in enumerate(found) if e["uid"] == "bad"), None)
        return None if at is None else (at, [])

    out = merge(base, mine, theirs, judge)
    kept = out.document["records"][0]["events"]
    assert [(e["uid"], e["seq"], e["payload"]) for e in kept] == [
        ("e1", 1, {"v": "e1"}), ("theirs1", 2, {"v": "theirs1"}),
        ("theirs2", 3, {"v": "theirs2"}), ("mine1", 4, {"v": "mine1"}),
        ("undo-mine1", 5, {"undo": 4})]  # still undoes mine1, now number 4
    assert sorted((c.uid, c.code) for c in out.conflicts) == [
        ("bad", "rules.broken"), ("undo-bad", "sync.undoes_refused")]


def test_a_copys_entry_naming_a_player_deleted_in_the_group_is_kept_with_the_player() -> None:
    base = doc(players=[player("p1", "Bob")])
    named = record("r2", "e1")
    named["data"] = {"seat": "p1"}  # players are named by uid in what a sync merges
    mine = doc(players=[player("p1", "Bob")], records=[named])
    out = merge(base, mine, doc(), never)
    assert out.document["players"] == [] and out.document["records"] == []
    assert [(c.code, c.uid, c.what) for c in out.conflicts] == [
        ("sync.player_gone", "r2", "deleted")]
    kept = out.conflicts[0].entry
    assert kept["mine"]["events"][0]["uid"] == "e1"  # whole, its history too
    assert [p["name"] for p in kept["needs"]] == ["Bob"] and "Bob" in out.conflicts[0].message
    entry = doc(players=[player("p1", "Bob")], records=[record("r1", "e1")])
    grown = copy.deepcopy(entry)
    grown["records"][0]["events"].append({"uid": "e2", "seq": 2, "kind": "put",
                                          "payload": {"who": "p1"}, "recorded_at": "x"})
    out = merge(entry, grown, doc(records=[record("r1", "e1")]), never)
    assert [(c.code, c.uid, c.what, c.entry["history"]) for c in out.conflicts] == [
        ("sync.player_gone", "e2", "entry", "r1")]
    assert [e["uid"] for e in out.document["records"][0]["events"]] == ["e1"]


def test_a_player_deleted_here_but_named_by_the_groups_new_entries_stays() -> None:
    base = doc(players=[player("p1", "Bob")])
    named = record("r2")
    named["data"] = {"seat": "p1"}
    theirs = doc(players=[player("p1", "Bob")], records=[named])
    out = merge(base, doc(), theirs, never)
    assert [p["uid"] for p in out.document["players"]] == ["p1"]
    assert [(c.code, c.entry["theirs"]["name"]) for c in out.conflicts] == [
        ("sync.deleted_changed", "Bob")]
    assert "players deleted" not in out.sent


def test_the_home_games_cards_match_by_uid_and_merge_value_by_value() -> None:
    uids = {"card_uids": {"merit:feather": "u1"}}
    feather = {"name": "Feather", "kind": "merit", "cost": 2}
    base = doc(cards=[feather], **uids)
    mine = doc(cards=[{**feather, "cost": 3, "summary": "mine"}], **uids)
    theirs = doc(cards=[{**feather, "cost": 4, "notes": "theirs"}], **uids)
    out = merge(base, mine, theirs, never)
    assert out.document["cards"] == [{**feather, "cost": 4, "summary": "mine", "notes": "theirs"}]
    assert out.document["card_uids"] == {"merit:feather": "u1"}
    assert [(c.uid, c.entry["field"], c.entry["mine"], c.entry["theirs"])
            for c in out.conflicts] == [("u1", "card.cost", 3, 4)]
    fresh = doc(cards=[feather, {"name": "Quill", "kind": "merit"}],
                card_uids={"merit:feather": "u1", "merit:quill": "u2"})
    out = merge(base, fresh, copy.deepcopy(base), never)
    assert out.document["card_uids"] == {"merit:feather": "u1", "merit:quill": "u2"}


def test_the_sections_merged_are_the_games_own_declarations() -> None:
    from chronicle.services.exportformat import section_games
    from chronicle.services.syncmerge import layout

    shape = layout()
    declared = [key for game in section_games() for key in game.SECTIONS]
    assert shape.sections == ("players", *declared, "records", "group_cards")
    assert "records" in shape.histories and set(shape.histories) <= set(shape.sections)
    assert all(shape.children[h] == "events" for h in shape.histories)


def test_a_rename_to_a_name_the_group_gave_another_meanwhile_is_undone_as_a_conflict() -> None:
    base = doc(players=[player("p1", "Ann")])
    mine = doc(players=[player("p1", "Bea")])
    theirs = doc(players=[player("p1", "Ann"), player("p2", "bea")])
    out = merge(base, mine, theirs, never)
    assert sorted(p["name"] for p in out.document["players"]) == ["Ann", "bea"]
    assert [(c.code, c.uid, c.entry["mine"]) for c in out.conflicts] == [
        ("sync.name_taken", "p1", "Bea")]


def test_a_player_restored_where_the_group_still_holds_them_adds_no_copies() -> None:
    restored = doc(players=[player("p1", "Bob", ("Blade", 2))])
    out = merge(doc(), restored, copy.deepcopy(restored), never)
    assert out.document["players"][0]["collection"][0]["count"] == 2 and out.conflicts == []
