"""Games: seating players, choosing quests and cards from the collection, the setup rules on
the real chronicles, suggestions, and recording a result into every chronicle at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import dbfixtures as fx
import pytest

from chronicle.errors import AlreadyExists, BadInput, Conflict, NotFound, Refused
from chronicle.services import players
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, collection, games, ledger
from chronicle.systems.wyld_hunt.services.games import GameView

EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"
GAME = "Example of Play"
STORY_CARDS = ("Forest Spiders", "Manticora", "Hurricane", "Pirates", "Oathfriend",
               "Magical Barrier", "Irondew Road", "The Kyrrian Tower", "Huntinglane",
               "Balanvale", "Sibylline Swamp")
MORE_LEAGUES = ["Crystal Falls", "Court of Praxis Tynon", "Unnamed League (web map 8,3)",
                "Unnamed League (web map 9,9)", "Unnamed League (web map 7,7)"]


def counted(names: list[str]) -> list[tuple[str, int]]:
    return list(Counter(names).items())


def prepared(db: Database) -> None:
    """Build the Example of Play's table (``table``) into ``db``."""
    fx.define(*STORY_CARDS)
    fx.winerdria(db)
    fx.annoyicus(db)
    collection.add_cards(db, "Tim", counted(fx.TIM_STORY))
    collection.add_cards(db, "Josh", counted(fx.JOSH_STORY))
    games.new_game(db, GAME, [("Tim", "Winerdria"), ("Josh", "Annoyicus")])


@pytest.fixture
def table(databases: fx.Databases) -> Iterator[Database]:
    """The rulebook's Example of Play, prepared: Tim with Winerdria and Josh with Annoyicus,
    each with a Story Pack's worth of cards, seated at a new game (built once per run and
    backend, copied for each test)."""
    yield from fx.database(databases.built("games-table", prepared))


def chosen(db: Database) -> None:
    """Build the Example of Play's table with its quests chosen (``quests``) into ``db``."""
    prepared(db)
    games.choose(db, GAME, "Tim", quests=[EDPT])
    games.choose(db, GAME, "Josh", quests=[ORACLE])


@pytest.fixture
def quests(databases: fx.Databases) -> Iterator[Database]:
    """The Example of Play with its quests chosen (built once per run and backend, copied for
    each test)."""
    yield from fx.database(databases.built("games-quests", chosen))


def legal(db: Database) -> GameView:
    """Both players' legal choices for the Example of Play."""
    games.choose(db, GAME, "Tim", waylays=["Hurricane", "Sphinx's Riddle", "Forest Spiders"],
                 treasures=["Glamour Dust", "Bag of Gold", "Pixie Dust", "Pixie Dust"],
                 leagues=fx.TIM_LEAGUES)
    return games.choose(db, GAME, "Josh", waylays=["Magical Barrier", "Cog Dragoon"],
                        treasures=["Glamour Dust", "Bag of Gold"], leagues=fx.JOSH_LEAGUES)


def player_summary(view: GameView, name: str) -> dict[str, object]:
    found: dict[str, object] = next(p for p in view.report.summary["players"]
                                    if p["name"] == name)
    return found


def events_of(db: Database, name: str) -> list[tuple[str, int | None]]:
    return [(h.text, h.game_id) for h in characters.show_character(db, name).history]


# --- seating -----------------------------------------------------------------------------------


def test_a_new_game_seats_two_players_with_their_characters(table: Database) -> None:
    view = games.show_game(table, "example of play")
    assert (view.name, view.system, view.solo, view.status, view.version) == (
        GAME, "wyld-hunt", False, "prepared", 1)
    assert [s.to_dict() for s in view.seats] == [
        {"player": "Tim", "character": "Winerdria", "quests": [], "target": None, "waylays": [],
         "treasures": [], "leagues": [], "completed": None},
        {"player": "Josh", "character": "Annoyicus", "quests": [], "target": None,
         "waylays": [], "treasures": [], "leagues": [], "completed": None}]
    assert fx.codes(view.report.errors) == ["quest.none", "quest.none"]
    assert player_summary(view, "Tim")["target"] == "Josh"
    assert player_summary(view, "Josh")["waylaid_by"] == ["Tim"]
    assert player_summary(view, "Tim")["character_points"] == 7
    assert view.to_dict()["valid"] is False


def test_a_game_may_seat_a_player_without_a_character(table: Database) -> None:
    players.add_player(table, "Ann")
    view = games.new_game(table, "  Quick   game ", [("Ann", None), ("Josh", "Annoyicus")])
    assert view.name == "Quick game"
    assert [(s.player, s.character) for s in view.seats] == [("Ann", None), ("Josh", "Annoyicus")]
    assert player_summary(view, "Ann")["career_xp"] == 0


@pytest.mark.parametrize(("name", "seats", "error", "match"), [
    ("EXAMPLE OF PLAY", [("Tim", None), ("Josh", None)], AlreadyExists, "already a game"),
    ("Twice", [("Tim", None), ("tim", "Winerdria")], BadInput, "seated twice"),
    ("Stolen", [("Tim", "Annoyicus"), ("Josh", None)], NotFound, "for Tim"),
    ("Stranger", [("Tim", None), ("Zed", None)], NotFound, "no player is called 'Zed'"),
    ("Empty", [], BadInput, "at least one player"),
    ("  ", [("Tim", None)], BadInput, "needs a name"),
])
def test_a_game_that_cannot_be_seated_is_not_created(
        table: Database, name: str, seats: list[tuple[str, str | None]],
        error: type[Exception], match: str) -> None:
    with fx.unchanged(table), pytest.raises(error, match=match):
        games.new_game(table, name, seats)


def test_a_game_needs_a_known_system(table: Database) -> None:
    with fx.unchanged(table), pytest.raises(BadInput, match="unknown system"):
        games.new_game(table, "Later", [("Tim", None), ("Josh", None)], system="wyld hunt")


def test_games_are_listed_newest_first_and_found_by_name(table: Database) -> None:
    games.new_game(table, "Second", [("Tim", None), ("Josh", None)])
    assert [g.name for g in games.list_games(table)] == ["Second", GAME]
    with pytest.raises(NotFound, match=f"did you mean '{GAME}'"):
        games.show_game(table, "Example of Ply")


def test_the_list_reads_each_game_as_it_would_alone(quests: Database) -> None:
    """Listing reads a character or a collection seated in several games once, and each game
    in the list is exactly what reading it alone gives (its cards, targets and report)."""
    legal(quests)
    games.new_game(quests, "Second", [("Josh", "Annoyicus"), ("Tim", "Winerdria")])
    games.choose(quests, "Second", "Tim", quests=[EDPT], waylays=["Hurricane"],
                 treasures=["Pixie Dust"])
    listed = games.list_games(quests)
    assert [g.name for g in listed] == ["Second", GAME]
    assert listed == [games.show_game(quests, g.name) for g in listed]
    assert player_summary(listed[0], "Tim")["target"] == "Josh"


def test_a_game_with_its_seats_collections_and_icons_in_one_reading(quests: Database) -> None:
    """What the preparation screen reads in one transaction is what reading the game, each
    seated player's collection and each seated character apart gives."""
    games.new_game(quests, "Second", [("Josh", "Annoyicus"), ("Tim", None)])
    for name in (GAME, "Second"):
        view, owned, icons = games.show_game_seated(quests, name)
        assert view == games.show_game(quests, name)
        assert owned == {s.player: collection.list_collection(quests, s.player)
                         for s in view.seats}
        assert icons == {s.player: characters.show_character(quests, s.character,
                                                             s.player).state.icon
                         if s.character else None for s in view.seats}
    assert icons["Tim"] is None and icons["Josh"] is not None and owned["Tim"]


# --- choosing ----------------------------------------------------------------------------------


def test_choosing_quests_and_cards_from_the_collection(quests: Database) -> None:
    view = games.show_game(quests, GAME)
    assert view.version == 3
    assert set(fx.codes(view.report.errors)) == {"setup.league_count"}
    view = legal(quests)
    assert view.version == 5
    assert setup_errors(view) == []
    assert view.report.valid, view.report.errors
    tim = player_summary(view, "Tim")
    assert (tim["waylays_total"], tim["treasure_rating"], tim["treasures_total"],
            tim["leagues"]) == (10, 5, 5, 5)
    josh = player_summary(view, "Josh")
    assert (josh["waylay_rating"], josh["waylays_total"], josh["treasures_total"]) == (10, 10, 3)
    stored = games.show_game(quests, GAME)
    assert stored.seats == view.seats and stored.version == 5


def setup_errors(view: GameView) -> list[str]:
    return fx.setup_codes(view.report)


def test_choices_are_stored_as_the_catalog_spells_them(quests: Database) -> None:
    view = games.choose(quests, GAME, "tim", waylays=["manticora", "FOREST SPIDERS"],
                        leagues=["irondew road"])
    (tim, _josh) = view.seats
    assert (tim.waylays, tim.leagues) == (["Manticora", "Forest Spiders"], ["Irondew Road"])
    view = games.choose(quests, GAME, "Tim", waylays=[])
    assert view.seats[0].waylays == [] and view.seats[0].leagues == ["Irondew Road"]


@pytest.mark.parametrize(("choice", "code"), [
    ({"waylays": ["Cog Dragoon"]}, "collection.not_owned"),
    ({"waylays": ["Forest Spiders"] * 3}, "collection.not_owned"),
    ({"treasures": ["Glamour Dust", "Glamour Dust"]}, "collection.not_owned"),
    ({"leagues": ["Balath Castle"]}, "collection.not_owned"),
    ({"quests": [ORACLE, "Slavers"]}, "collection.not_owned"),
    ({"waylays": ["Manticor"]}, "card.unknown"),
    ({"waylays": ["Balanvale"]}, "card.wrong_kind"),
    ({"treasures": ["Lightning Quick"]}, "card.wrong_kind"),
])
def test_a_choice_not_owned_or_not_fitting_is_refused(
        quests: Database, choice: dict[str, list[str]], code: str) -> None:
    with fx.unchanged(quests), pytest.raises(Refused) as info:
        games.choose(quests, GAME, "Tim", **choice)
    assert fx.codes(info.value.report) == [code]
    assert "This choice for Tim would break the rules" in str(info.value)


def test_going_over_a_rating_is_shown_not_refused(quests: Database) -> None:
    view = games.choose(quests, GAME, "Tim", waylays=["Hurricane", "Manticora", "Sphinx's Riddle"],
                        treasures=["Dem Bones", "Glamour Dust"])
    assert set(setup_errors(view)) == {"setup.waylays_over_rating", "setup.treasures_over_rating",
                                       "setup.league_count"}
    (over,) = [v for v in view.report.errors if v.code == "setup.waylays_over_rating"]
    assert "total 12 against Josh's effective Waylay rating of 10: 2 over" in over.message
    assert over.fix == "remove Sphinx's Riddle (3)"
    assert games.show_game(quests, GAME).seats[0].waylays == ["Hurricane", "Manticora",
                                                              "Sphinx's Riddle"]


def test_the_opponents_waylay_bonus_comes_from_their_real_chronicle(quests: Database) -> None:
    legal(quests)
    view = games.choose(quests, GAME, "Tim", waylays=["Hurricane", "Manticora", "Forest Spiders"])
    assert "setup.waylays_over_rating" in setup_errors(view)
    for _ in range(2):
        ledger.record_game(quests, "Annoyicus", [ORACLE], [ORACLE])
    view = games.show_game(quests, GAME)
    josh = player_summary(view, "Josh")
    assert (josh["career_xp"], josh["waylay_bonus"], josh["waylay_rating"]) == (2, 1, 11)
    assert setup_errors(view) == []
    view = games.choose(quests, GAME, "Tim", waylays=["Hurricane", "Manticora", "Sphinx's Riddle"])
    (over,) = [v for v in view.report.errors if v.code == "setup.waylays_over_rating"]
    assert "rating of 11 (1 quest(s) plus a Waylay bonus of 1 each): 1 over" in over.message


def test_a_stale_version_of_a_game_is_a_conflict(quests: Database) -> None:
    seen = games.show_game(quests, GAME)
    games.choose(quests, GAME, "Tim", waylays=["Manticora"], expected_version=seen.version)
    with fx.unchanged(quests), pytest.raises(Conflict, match="version 3 -> 4"):
        games.choose(quests, GAME, "Josh", waylays=["Oathfriend"], expected_version=seen.version)


def test_a_choice_saved_meanwhile_by_another_client_is_not_overwritten(
        quests: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = games.show_game(quests, GAME)
    other = fx.second_client(quests)
    try:
        with fx.meanwhile(monkeypatch, games, lambda: games.choose(
                other, GAME, "Josh", waylays=["Oathfriend"])), pytest.raises(Conflict):
            games.choose(quests, GAME, "Tim", waylays=["Manticora"])
    finally:
        other.close()
    view = games.show_game(quests, GAME)
    assert view.version == seen.version + 1
    assert [s.waylays for s in view.seats] == [[], ["Oathfriend"]]


def test_a_choice_for_someone_not_seated_is_refused(quests: Database) -> None:
    players.add_player(quests, "Ann")
    with fx.unchanged(quests), pytest.raises(NotFound, match="'Ann' has no seat"):
        games.choose(quests, GAME, "Ann", quests=[EDPT])
    with fx.unchanged(quests), pytest.raises(NotFound, match="no player is called 'Zed'"):
        games.choose(quests, GAME, "Tim", target="Zed")
    with fx.unchanged(quests), pytest.raises(NotFound, match="no game"):
        games.choose(quests, "Another game", "Tim", quests=[EDPT])


# --- three players -----------------------------------------------------------------------------


@pytest.fixture
def three(table: Database) -> Database:
    players.add_player(table, "Ann")
    collection.add_cards(table, "Ann", [(EDPT, 1), ("Manticora", 1), ("Hurricane", 2),
                                        ("Magical Barrier", 1)])
    games.new_game(table, "Three", [("Tim", "Winerdria"), ("Josh", "Annoyicus"), ("Ann", None)])
    for player, quest in (("Tim", EDPT), ("Josh", ORACLE), ("Ann", EDPT)):
        games.choose(table, "Three", player, quests=[quest])
    return table


def test_three_players_each_name_the_opponent_they_waylay(three: Database) -> None:
    view = games.show_game(three, "Three")
    assert fx.codes(view.report.errors).count("setup.opponents") >= 3
    for player, target in (("Tim", "Josh"), ("Josh", "Ann"), ("Ann", "Tim")):
        view = games.choose(three, "Three", player, target=target)
    assert "setup.opponents" not in fx.codes(view.report)
    assert [(s.player, s.target) for s in view.seats] == [("Tim", "Josh"), ("Josh", "Ann"),
                                                          ("Ann", "Tim")]
    assert [player_summary(view, n)["waylaid_by"] for n in ("Tim", "Josh", "Ann")] == [
        ["Ann"], ["Tim"], ["Josh"]]
    # Ann's Waylays oppose Tim's quest: 10, and Winerdria has no bonus yet
    view = games.choose(three, "Three", "Ann", waylays=["Hurricane", "Hurricane", "Manticora"])
    (over,) = [v for v in view.report.errors if v.code == "setup.waylays_over_rating"]
    assert "Ann's Waylays total 14 against Tim's effective Waylay rating of 10" in over.message
    # two players on one target leave another without an opponent
    view = games.choose(three, "Three", "Ann", target="Josh")
    messages = [v.message for v in view.report.errors if v.code == "setup.opponents"]
    assert any("Josh is waylaid by Tim, Ann" in m for m in messages)
    assert any("Tim is waylaid by nobody" in m for m in messages)
    view = games.choose(three, "Three", "Ann", target="")
    assert view.seats[2].target is None


def test_a_suggestion_needs_quests_and_a_target(three: Database) -> None:
    games.new_game(three, "Empty", [("Tim", None), ("Josh", None)])
    with fx.unchanged(three), pytest.raises(Refused, match="choose quests first"):
        games.suggest_for(three, "Empty", "Tim")
    with fx.unchanged(three), pytest.raises(Refused, match="set a target first"):
        games.suggest_for(three, "Three", "Tim", apply=True)


# --- solo --------------------------------------------------------------------------------------


@pytest.fixture
def solo(table: Database) -> Database:
    collection.add_cards(table, "Tim", [(name, 1) for name in MORE_LEAGUES])
    games.new_game(table, "Alone", [("Tim", "Winerdria")], solo=True)
    games.choose(table, "Alone", "Tim", quests=[EDPT])
    return table


def test_a_solo_game_uses_the_collection_as_the_pool(solo: Database) -> None:
    leagues = fx.TIM_LEAGUES + MORE_LEAGUES
    view = games.choose(solo, "Alone", "Tim", waylays=["Hurricane", "Sphinx's Riddle",
                                                       "Forest Spiders"], leagues=leagues)
    assert view.solo and setup_errors(view) == []
    view = games.choose(solo, "Alone", "Tim", waylays=["Hurricane", "Manticora"])
    assert setup_errors(view) == ["setup.solo_waylays_under_rating"]
    view = games.choose(solo, "Alone", "Tim", waylays=["Hurricane", "Manticora",
                                                       "Forest Spiders"])
    (excess,) = [v for v in view.report.errors if v.code == "setup.solo_waylays_excess"]
    assert "an exact total of 10 can be made from the pool" in excess.message
    # without the Sphinx's Riddle no exact 10 exists, and 11 is the least Tim can do
    collection.add_cards(solo, "Tim", [("Sphinx's Riddle", -1)])
    assert setup_errors(games.show_game(solo, "Alone")) == []
    with fx.unchanged(solo), pytest.raises(Refused) as info:
        games.choose(solo, "Alone", "Tim", waylays=["Sphinx's Riddle", "Hurricane",
                                                    "Forest Spiders"])
    assert fx.codes(info.value.report) == ["collection.not_owned"]


def test_a_solo_game_has_one_player_who_waylays_themselves(solo: Database) -> None:
    view = games.show_game(solo, "Alone")
    assert player_summary(view, "Tim")["target"] == "Tim"
    view = games.choose(solo, "Alone", "Tim", target="Josh")
    assert "setup.opponents" in setup_errors(view)
    games.new_game(solo, "Not alone", [("Tim", None), ("Josh", None)], solo=True)
    assert "setup.opponents" in fx.codes(games.show_game(solo, "Not alone").report)


def test_a_solo_suggestion_is_legal(solo: Database) -> None:
    suggested = games.suggest_for(solo, "Alone", "Tim", apply=True)
    assert suggested.applied and suggested.game is not None
    assert sum(CARD_RATINGS[name] for name in suggested.waylays.cards) == 10
    assert suggested.waylays.explanation[0].endswith("(Solo Play).")
    assert len(suggested.leagues.cards) == 10
    assert setup_errors(suggested.game) == []


CARD_RATINGS = {"Hurricane": 5, "Manticora": 4, "Sphinx's Riddle": 3, "Forest Spiders": 2,
                "Magical Barrier": 5, "Cog Dragoon": 5, "Flock of Harpies": 4,
                "Unseelie Knight": 3, "Pirates": 3, "Oathfriend": 1}


# --- suggestions -------------------------------------------------------------------------------


def test_a_suggestion_is_legal_and_explains_itself(quests: Database) -> None:
    with fx.unchanged(quests):
        looked = games.suggest_for(quests, GAME, "Tim")
    assert not looked.applied and looked.game is None
    tim = games.suggest_for(quests, GAME, "Tim", apply=True)
    josh = games.suggest_for(quests, GAME, "josh", apply=True)
    assert josh.game is not None and josh.game.version == 5
    assert setup_errors(josh.game) == []
    for suggested, rating, treasure_rating in ((tim, 10, 5), (josh, 10, 3)):
        assert suggested.waylays.limit == rating
        assert suggested.waylays.total == sum(CARD_RATINGS[n] for n in suggested.waylays.cards)
        assert suggested.waylays.total <= rating
        assert suggested.waylays.explanation[0].startswith(
            f"Waylays total {suggested.waylays.total} of ")
        assert suggested.treasures.limit == treasure_rating
        assert suggested.treasures.explanation
        assert suggested.leagues.total == 5
        assert suggested.leagues.explanation[0] == "Chose 5 Leagues, as asked."
        shown = suggested.to_dict()
        assert shown["applied"] is True and shown["player"] in ("Tim", "Josh")
    for suggested, opponent in ((tim, "Josh"), (josh, "Tim")):  # ranked by odds against them
        assert any("best summed chance of beating" in line and opponent in line
                   for line in suggested.waylays.explanation)
    (tim_seat, josh_seat) = games.show_game(quests, GAME).seats
    assert tim_seat.waylays == list(tim.waylays.cards)
    assert josh_seat.leagues == list(josh.leagues.cards)
    owned = {o.name: o.count for o in collection.list_collection(quests, "Tim")}
    for name, count in Counter(tim_seat.waylays + tim_seat.treasures + tim_seat.leagues).items():
        assert count <= owned[name]


# --- recording the result ----------------------------------------------------------------------


def test_recording_the_result_appends_to_every_chronicle_at_once(quests: Database) -> None:
    legal(quests)
    before = fx.snapshot(quests)["counts"]
    view = games.record_result(quests, GAME, {"tim": [EDPT]}, date="1996-07-01")
    assert (view.status, view.version) == ("played", 6)
    assert [s.completed for s in view.seats] == [[EDPT], []]
    after = fx.snapshot(quests)["counts"]
    assert after["ledger_event"] == before["ledger_event"] + 2
    assert {k: v for k, v in after.items() if k != "ledger_event"} == {
        k: v for k, v in before.items() if k != "ledger_event"}
    assert events_of(quests, "Winerdria") == [
        (f"Game: quests {EDPT}; completed {EDPT}; against Josh", view.id)]
    assert events_of(quests, "Annoyicus") == [
        (f"Game: quests {ORACLE}; completed none; against Tim", view.id)]
    winerdria = characters.show_character(quests, "Winerdria")
    assert winerdria.report.summary["xp_earned"] == 1
    assert winerdria.build.events[0].date == "1996-07-01"  # type: ignore[union-attr]
    assert characters.show_character(quests, "Annoyicus").report.summary["xp_earned"] == 0


def test_a_result_refused_for_one_character_is_written_for_none(quests: Database) -> None:
    legal(quests)
    with fx.unchanged(quests), pytest.raises(Refused) as info:
        games.record_result(quests, GAME, {"Tim": [EDPT], "Josh": [EDPT]})
    assert fx.codes(info.value.report) == ["quest.not_undertaken"]
    collection.add_cards(quests, "Josh", [("Fuddle", -1)])
    with fx.unchanged(quests), pytest.raises(Refused, match="Annoyicus is not finished"):
        games.record_result(quests, GAME, {"Tim": [EDPT]})
    assert events_of(quests, "Winerdria") == []
    assert games.show_game(quests, GAME).status == "prepared"


def test_a_result_names_seated_players_only(quests: Database) -> None:
    with fx.unchanged(quests), pytest.raises(BadInput, match="'Ann' has no seat"):
        games.record_result(quests, GAME, {"Ann": [EDPT]})


def test_a_result_is_recorded_once_and_then_the_setup_is_fixed(quests: Database) -> None:
    games.record_result(quests, GAME, {})
    with fx.unchanged(quests), pytest.raises(Refused, match="already recorded"):
        games.record_result(quests, GAME, {"Tim": [EDPT]})
    with fx.unchanged(quests), pytest.raises(Refused, match="has been played"):
        games.choose(quests, GAME, "Tim", waylays=["Manticora"])
    assert events_of(quests, "Winerdria") == [(f"Game: quests {EDPT}; completed none; "
                                               "against Josh", 1)]


def test_a_result_of_three_players_and_a_seat_without_character(three: Database) -> None:
    for player, target in (("Tim", "Josh"), ("Josh", "Ann"), ("Ann", "Tim")):
        games.choose(three, "Three", player, target=target)
    view = games.record_result(three, "Three", {"Ann": [EDPT], "Josh": [ORACLE]})
    assert [s.completed for s in view.seats] == [[], [ORACLE], [EDPT]]
    assert events_of(three, "Winerdria") == [
        (f"Game: quests {EDPT}; completed none; against Ann", view.id)]
    assert events_of(three, "Annoyicus") == [
        (f"Game: quests {ORACLE}; completed {ORACLE}; against Tim", view.id)]


def test_a_solo_result_names_no_opponent(solo: Database) -> None:
    view = games.record_result(solo, "Alone", {"Tim": [EDPT]})
    assert events_of(solo, "Winerdria") == [(f"Game: quests {EDPT}; completed {EDPT}", view.id)]
