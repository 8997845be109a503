"""The chronicle: games recorded, experience spent, corrections, undo and history."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.errors import BadInput, Conflict, NotFound, Refused
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.chronicle import Undo
from chronicle.systems.wyld_hunt.services import characters, collection, ledger, usercards
from chronicle.systems.wyld_hunt.services.characters import CharacterView

EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"
PROVE = "Prove Yourself"


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


@pytest.fixture
def tim(databases: fx.Databases) -> Iterator[Database]:
    """Tim with his pack and the finished Winerdria, her chronicle still empty (built once
    per run and backend, copied for each test)."""
    yield from fx.database(databases.built("ledger-tim", fx.winerdria))


def won(db: Database, quests: tuple[str, ...] = (EDPT,)) -> CharacterView:
    return ledger.record_game(db, "Winerdria", list(quests), list(quests))


def line(view: CharacterView, seq: int) -> dict[str, Any]:
    found = view.history[seq - 1].to_dict()
    assert found["seq"] == seq
    return {k: v for k, v in found.items() if k not in ("recorded_at", "date", "note", "game")}


def summary(db: Database) -> dict[str, Any]:
    return characters.show_character(db, "Winerdria").report.summary


# --- games -------------------------------------------------------------------------------------


def test_a_game_won_earns_the_quests_experience(tim: Database) -> None:
    view = ledger.record_game(tim, "winerdria", [EDPT], [EDPT], player="Tim",
                              date="1996-07-01", opponent="Josh", note="first game")
    assert view.version == 4
    assert line(view, 1) == {
        "seq": 1, "kind": "game", "xp_change": 1, "xp_earned": 1, "xp_unspent": 1,
        "waylay_bonus": 0, "applied": True, "undone_by": None, "game_id": None,
        "text": f"Game: quests {EDPT}; completed {EDPT}; against Josh"}
    assert view.history[0].recorded_at is not None
    assert (view.history[0].date, view.history[0].note, view.history[0].game) == (
        "1996-07-01", "first game", None)
    assert view.report.summary["quests_completed"] == [EDPT]
    assert view.report.valid
    assert characters.export_character(tim, "Winerdria").count('note = "first game"') == 1


def test_a_game_lost_earns_nothing(tim: Database) -> None:
    view = ledger.record_game(tim, "Winerdria", [EDPT], [])
    assert (view.report.summary["xp_earned"], line(view, 1)["xp_change"]) == (0, 0)
    assert line(view, 1)["text"] == f"Game: quests {EDPT}; completed none"


def test_the_waylay_bonus_grows_after_2_and_4_career_points(tim: Database) -> None:
    bonuses = [won(tim).report.summary["waylay_bonus"] for _ in range(5)]
    assert bonuses == [0, 1, 1, 2, 2]
    view = characters.show_character(tim, "Winerdria")
    # each game line shows the bonus in force while it was played
    assert [h.waylay_bonus for h in view.history] == [0, 0, 1, 1, 2]
    assert [h.xp_earned for h in view.history] == [1, 2, 3, 4, 5]


def test_an_epic_game_earns_a_point_for_every_two_quests_beyond_the_first(tim: Database) -> None:
    view = won(tim, (PROVE, ORACLE, EDPT))
    assert line(view, 1)["xp_change"] == 4
    assert view.report.summary["quests_completed"] == [PROVE, ORACLE, EDPT]
    two = ledger.record_game(tim, "Winerdria", [PROVE, EDPT], [PROVE, EDPT])
    assert line(two, 2)["xp_change"] == 2
    five = ["Prove Yourself", "Quest II (name unknown)", "Quest IV (name unknown)", ORACLE, EDPT]
    many = won(tim, tuple(five))
    assert line(many, 3)["xp_change"] == 7
    partly = ledger.record_game(tim, "Winerdria", [PROVE, ORACLE, EDPT], [PROVE, ORACLE])
    assert line(partly, 4)["xp_change"] == 2
    assert partly.report.summary["xp_earned"] == 15


def test_epic_quests_completed_out_of_order_are_refused(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.record_game(tim, "Winerdria", [PROVE, EDPT], [EDPT, PROVE])
    assert set(fx.codes(info.value.report)) == {"epic.order"}
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.record_game(tim, "Winerdria", [PROVE, EDPT], [EDPT])
    assert fx.codes(info.value.report) == ["epic.order"]


@pytest.mark.parametrize(("quests", "completed", "code"), [
    ([], [], "quest.none"),
    ([EDPT], [ORACLE], "quest.not_undertaken"),
    (["Even Dragons Pay Tax"], [], "card.unknown"),
    (["Fae Armor"], [], "card.wrong_kind"),
    (["Lost Quest"], ["Lost Quest"], "card.incomplete"),
])
def test_a_game_breaking_a_rule_is_refused(tim: Database, quests: list[str],
                                           completed: list[str], code: str) -> None:
    if code == "card.incomplete":
        # unknown ratings are no obstacle, but counting an unknown experience value is
        usercards.create_card({"name": "Lost Quest", "kind": "quest", "number": 30})
        view = ledger.record_game(tim, "Winerdria", quests, [])
        assert view.report.valid
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.record_game(tim, "Winerdria", quests, completed)
    assert code in fx.codes(info.value.report)
    assert "Winerdria cannot record this game: " in str(info.value)


def test_an_unfinished_character_cannot_start_a_chronicle(tim: Database) -> None:
    characters.new_character(tim, "Tim", "Morwen", icon="Sidhe Female")
    characters.edit_character(tim, "Morwen", add_merits=("Eloquent Speech", "Pearl of Wisdom"))
    with fx.unchanged(tim), pytest.raises(Refused, match="Morwen is not finished") as info:
        ledger.record_game(tim, "Morwen", [EDPT], [EDPT])
    assert set(fx.codes(info.value.report)) == {"points.over_budget"}
    characters.new_character(tim, "Tim", "Nobody")
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.buy(tim, "Nobody", "Clear Thinking")
    assert set(fx.codes(info.value.report)) == {"icon.missing", "court.tie"}


def test_the_chronicle_of_a_missing_character_is_not_found(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound, match="did you mean 'Winerdria'"):
        ledger.record_game(tim, "Winerdra", [EDPT], [])
    with pytest.raises(NotFound):
        ledger.history(tim, "Winerdria", player="Josh")


# --- spending experience -----------------------------------------------------------------------


def test_buying_a_merit_spends_its_cost(tim: Database) -> None:
    won(tim)
    view = ledger.buy(tim, "Winerdria", "clear thinking", date="1996-07-02", note="saved up")
    assert line(view, 2) | {"text": None} == {
        "seq": 2, "kind": "buy", "xp_change": -1, "xp_earned": 1, "xp_unspent": 0,
        "waylay_bonus": 0, "applied": True, "undone_by": None, "game_id": None, "text": None}
    assert view.history[1].text == "Bought Clear Thinking"  # the card's own name
    assert view.report.summary["merits"] == [*fx.WINERDRIA_MERITS, "Clear Thinking"]
    assert (view.report.summary["xp_spent"], view.report.summary["xp_unspent"]) == (1, 0)
    assert view.report.summary["character_points"] == 8
    assert view.report.valid


def test_buying_off_a_flaw_spends_its_bonus(tim: Database) -> None:
    won(tim)
    won(tim)
    view = ledger.buy_off(tim, "Winerdria", "Indecisive")
    assert line(view, 3)["xp_change"] == -2
    assert view.report.summary["flaws"] == []
    assert (view.report.summary["xp_earned"], view.report.summary["xp_unspent"]) == (2, 0)
    # the court was decided at creation and stays
    assert view.report.summary["court"] == "seelie"


def test_overspending_is_refused_and_writes_nothing(tim: Database) -> None:
    won(tim)
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.buy(tim, "Winerdria", "Pearl of Wisdom")
    assert fx.codes(info.value.report) == ["xp.overspent"]
    assert info.value.report.violations[0].cards == ("Pearl of Wisdom",)
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.buy_off(tim, "Winerdria", "Indecisive")
    assert fx.codes(info.value.report) == ["xp.overspent"]
    assert summary(tim)["xp_unspent"] == 1


def test_buying_a_merit_not_owned_is_refused(tim: Database) -> None:
    won(tim)
    won(tim)
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.buy(tim, "Winerdria", "Warhorse")
    assert fx.codes(info.value.report) == ["collection.not_owned"]
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.buy(tim, "Winerdria", "Fae Armor")  # Tim's only copy is already hers
    assert "collection.not_owned" in fx.codes(info.value.report)
    collection.add_cards(tim, "Tim", [("Warhorse", 1)])
    assert "Warhorse" in ledger.buy(tim, "Winerdria", "Warhorse").report.summary["merits"]


@pytest.mark.parametrize(("use_case", "card", "code"), [
    (ledger.buy, "Warhors", "card.unknown"),
    (ledger.buy, "Indecisive", "card.wrong_kind"),
    (ledger.buy_off, "Pansy", "xp.not_held"),
    (ledger.buy_off, "Fae Armor", "card.wrong_kind"),
])
def test_spending_on_the_wrong_card_is_refused(tim: Database, use_case: Any, card: str,
                                               code: str) -> None:
    won(tim)
    won(tim)
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        use_case(tim, "Winerdria", card)
    assert fx.codes(info.value.report) == [code]


# --- corrections -------------------------------------------------------------------------------


def test_a_correction_changes_the_record_without_spending(tim: Database) -> None:
    view = ledger.correct(tim, "Winerdria", "forgot a game", xp=2, add_merits=("Clear Thinking",),
                          remove_flaws=("Indecisive",), date="1996-07-03")
    assert line(view, 1)["kind"] == "correction"
    assert line(view, 1)["xp_change"] == 2
    assert line(view, 1)["text"] == ("Correction (forgot a game): +Clear Thinking, -Indecisive,"
                                     " +2 experience")
    assert view.report.summary["merits"] == [*fx.WINERDRIA_MERITS, "Clear Thinking"]
    assert view.report.summary["flaws"] == []
    assert (view.report.summary["xp_earned"], view.report.summary["xp_spent"]) == (2, 0)
    assert view.report.summary["waylay_bonus"] == 1


@pytest.mark.parametrize("note", ["", "   "])
def test_a_correction_says_why(tim: Database, note: str) -> None:
    with fx.unchanged(tim), pytest.raises(BadInput, match="a note"):
        ledger.correct(tim, "Winerdria", note, xp=1)


def test_a_correction_changes_something(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(BadInput, match="changes nothing"):
        ledger.correct(tim, "Winerdria", "just a remark")


@pytest.mark.parametrize(("change", "code"), [
    ({"remove_merits": ("Clear Thinking",)}, "ledger.not_held"),
    ({"remove_flaws": ("Pansy",)}, "ledger.not_held"),
    ({"xp": -1}, "xp.overspent"),
    ({"add_merits": ("Warhorse",)}, "collection.not_owned"),
    ({"add_flaws": ("Fae Armor",)}, "card.wrong_kind"),
])
def test_a_correction_breaking_a_rule_is_refused(tim: Database, change: dict[str, Any],
                                                 code: str) -> None:
    won(tim)
    ledger.buy(tim, "Winerdria", "Clear Thinking")
    ledger.correct(tim, "Winerdria", "sold it", remove_merits=("Clear Thinking",))
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.correct(tim, "Winerdria", "oops", **change)
    assert fx.codes(info.value.report) == [code]


# --- undo and history --------------------------------------------------------------------------


def test_undo_appends_a_compensating_event(tim: Database) -> None:
    won(tim)
    ledger.buy(tim, "Winerdria", "Clear Thinking")
    view, what = ledger.undo(tim, "Winerdria", note="bought by mistake")
    assert what == "event 2: Bought Clear Thinking"
    assert line(view, 2)["applied"] is False
    assert line(view, 2)["undone_by"] == 3
    assert line(view, 3) | {"xp_earned": None} == {
        "seq": 3, "kind": "undo", "text": "Undo of event 2", "xp_change": 0, "xp_earned": None,
        "xp_unspent": 1, "waylay_bonus": 0, "applied": True, "undone_by": None,
        "game_id": None}
    assert view.report.summary["merits"] == list(fx.WINERDRIA_MERITS)
    assert view.report.summary["xp_unspent"] == 1
    shown = ledger.history(tim, "Winerdria")
    assert [(h.seq, h.kind, h.applied, h.undone_by) for h in shown.history] == [
        (1, "game", True, None), (2, "buy", False, 3), (3, "undo", True, None)]
    assert shown.build.events[2] == Undo(event=2, note="bought by mistake")


def test_undo_walks_back_through_the_events_still_in_force(tim: Database) -> None:
    won(tim)
    ledger.buy(tim, "Winerdria", "Clear Thinking")
    assert ledger.undo(tim, "Winerdria")[1] == "event 2: Bought Clear Thinking"
    view, what = ledger.undo(tim, "Winerdria")
    assert what == f"event 1: Game: quests {EDPT}; completed {EDPT}"
    assert view.report.summary["xp_earned"] == 0
    assert [(h.applied, h.undone_by) for h in view.history] == [
        (False, 4), (False, 3), (True, None), (True, None)]
    with fx.unchanged(tim), pytest.raises(Refused, match="nothing left to undo"):
        ledger.undo(tim, "Winerdria")
    # the chronicle has begun: the creation cards stay locked even with every event undone
    with fx.unchanged(tim), pytest.raises(Refused, match="chronicle has begun"):
        characters.edit_character(tim, "Winerdria", add_merits=("Clear Thinking",))


def test_undo_on_an_empty_chronicle_is_refused(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(Refused, match="nothing left to undo"):
        ledger.undo(tim, "Winerdria")


def test_undoing_a_game_whose_experience_was_spent_is_refused(tim: Database) -> None:
    won(tim)
    ledger.buy(tim, "Winerdria", "Clear Thinking")
    with fx.unchanged(tim), pytest.raises(Refused) as info, tim.transaction() as session:
        from chronicle.systems.wyld_hunt.services.common import character_row

        ledger.append(session, character_row(session, "Winerdria"), Undo(event=1))
    assert fx.codes(info.value.report) == ["xp.overspent"]
    assert "Winerdria cannot undo event 1: " in str(info.value)
    # the undo use case takes back the purchase first, then the game
    assert ledger.undo(tim, "Winerdria")[1].startswith("event 2")
    assert ledger.undo(tim, "Winerdria")[1].startswith("event 1")


def test_undoing_a_buy_off_brings_the_flaw_back(tim: Database) -> None:
    won(tim)
    won(tim)
    ledger.buy_off(tim, "Winerdria", "Indecisive")
    view, _what = ledger.undo(tim, "Winerdria")
    assert view.report.summary["flaws"] == ["Indecisive"]
    assert view.report.summary["xp_unspent"] == 2


def test_an_undo_that_would_need_a_card_no_longer_owned_is_refused(tim: Database) -> None:
    won(tim)
    won(tim)
    ledger.buy_off(tim, "Winerdria", "Indecisive")
    collection.add_cards(tim, "Tim", [("Indecisive", -1)])
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        ledger.undo(tim, "Winerdria")
    assert fx.codes(info.value.report) == ["collection.not_owned"]


def test_an_event_from_a_stale_version_is_a_conflict(tim: Database) -> None:
    seen = characters.show_character(tim, "Winerdria")
    won(tim)
    with fx.unchanged(tim), pytest.raises(Conflict), tim.transaction() as session:
        from chronicle.systems.wyld_hunt.services.common import character_row

        ledger.append(session, character_row(session, "Winerdria"),
                      Undo(event=1), expected_version=seen.version)


def test_two_clients_spending_the_same_experience_do_not_overspend(
        tim: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    won(tim)
    other = fx.second_client(tim)
    try:
        # the collision is retried on the fresh chronicle, where the experience is gone
        with fx.meanwhile(monkeypatch, ledger, lambda: ledger.buy(
                other, "Winerdria", "Mirror, Mirror")), pytest.raises(
                Refused, match="only 0 is unspent"):
            ledger.buy(tim, "Winerdria", "Clear Thinking")
    finally:
        other.close()
    view = characters.show_character(tim, "Winerdria")
    assert view.report.valid
    assert [h.text for h in view.history] == [
        f"Game: quests {EDPT}; completed {EDPT}", "Bought Mirror, Mirror"]
    assert (view.report.summary["xp_spent"], view.report.summary["xp_unspent"]) == (1, 0)
