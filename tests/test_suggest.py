"""Setup suggestions: exact Waylay and Treasure fitting, odds and terrain preferences, Leagues."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.rules import fitting
from chronicle.rules.dice import test_odds as chances
from chronicle.systems.wyld_hunt.cards import (
    Icon,
    Kind,
    League,
    Merit,
    MeritType,
    Terrain,
    Waylay,
)
from chronicle.systems.wyld_hunt.cards import (
    TestType as WaylayTest,
)
from chronicle.systems.wyld_hunt.rules.suggest import (
    Suggestion,
    suggest_leagues,
    suggest_treasures,
    suggest_waylays,
)

JOSH = Icon(name="Josh", kind=Kind.ICON, might=2, savvy=4, resolve=1)


def waylay(name: str, rating: int | None, *, test: WaylayTest = WaylayTest.MIGHT,
           value: int | None = 2, terrain: tuple[Terrain, ...] | None = (Terrain.FOREST,)
           ) -> Waylay:
    def at(which: WaylayTest) -> int | None:
        return value if which is test else None

    return Waylay(name=name, kind=Kind.WAYLAY, rating=rating, tests=(test,), terrain=terrain,
                  might=at(WaylayTest.MIGHT), savvy=at(WaylayTest.SAVVY),
                  resolve=at(WaylayTest.RESOLVE), combat=at(WaylayTest.COMBAT))


def league(name: str, terrain: tuple[Terrain, ...] | None, unique: bool | None = False
           ) -> League:
    return League(name=name, kind=Kind.LEAGUE, terrain=terrain, unique=unique)


def treasure(name: str, cost: int | None, kind: MeritType | None = MeritType.TREASURE) -> Merit:
    return Merit(name=name, kind=Kind.MERIT, type=kind, cost=cost)


# --- Waylays: exact totals ---------------------------------------------------------------------


def test_waylays_are_fitted_exactly_where_greedy_fails() -> None:
    owned = [(waylay("Ogre", 6), 1), (waylay("Harpy", 5), 1), (waylay("Kelpie", 5), 1)]
    got = suggest_waylays(owned, 10, opponent=JOSH)
    assert sorted(got.cards) == ["Harpy", "Kelpie"]
    assert (got.total, got.limit) == (10, 10)
    assert got.explanation[0] == "Waylays total 10 of Josh's effective rating 10 (exact)."


def test_waylay_copies_are_limited_by_the_owned_counts() -> None:
    one = suggest_waylays([(waylay("Harpy", 5), 1), (waylay("Imp", 3), 3)], 10, opponent=JOSH)
    assert sorted(one.cards) == ["Imp", "Imp", "Imp"]
    assert one.total == 9
    assert "1 under" in one.explanation[0]
    two = suggest_waylays([(waylay("Harpy", 5), 2), (waylay("Imp", 3), 3)], 10, opponent=JOSH)
    assert two.cards == ("Harpy", "Harpy")
    assert two.total == 10
    none = suggest_waylays([(waylay("Harpy", 5), 0)], 10, opponent=JOSH)
    assert none.cards == () and none.total == 0


def test_waylays_never_exceed_the_rating_in_normal_play() -> None:
    got = suggest_waylays([(waylay("Dragon", 12), 1), (waylay("Imp", 3), 1)], 10, opponent=JOSH)
    assert got.cards == ("Imp",)
    assert got.total == 3


def test_negative_rating_leaves_no_room() -> None:
    got = suggest_waylays([(waylay("Imp", 1), 1)], -1, opponent=JOSH)
    assert got.cards == () and got.total == 0
    assert "no room" in got.explanation[0]


# --- Waylays: odds and terrain -----------------------------------------------------------------


def test_weakest_attribute_decides_between_equal_totals() -> None:
    brute = waylay("Brute", 3, test=WaylayTest.MIGHT, value=3)
    sphinx = waylay("Sphinx", 3, test=WaylayTest.SAVVY, value=3)
    owned = [(brute, 1), (sphinx, 1)]
    weak_might = Icon(name="Josh", kind=Kind.ICON, might=1, savvy=4, resolve=3)
    weak_savvy = Icon(name="Kim", kind=Kind.ICON, might=4, savvy=1, resolve=3)
    assert suggest_waylays(owned, 3, opponent=weak_might).cards == ("Brute",)
    assert suggest_waylays(owned, 3, opponent=weak_savvy).cards == ("Sphinx",)
    line = f"Brute: Might 3 against Might 1 wins 13/18 of Tests ({round(13 / 18 * 100)}%)."
    assert line in suggest_waylays(owned, 3, opponent=weak_might).explanation


def test_odds_choose_between_two_selections_of_the_same_total() -> None:
    # 4+2 and 3+3 both make 6; the Resolve Waylays face Josh's Resolve 1.
    owned = [(waylay("Big Might", 4, value=2), 1), (waylay("Small Might", 2, value=2), 1),
             (waylay("Doubt", 3, test=WaylayTest.RESOLVE, value=2), 2)]
    got = suggest_waylays(owned, 6, opponent=JOSH)
    assert got.cards == ("Doubt", "Doubt")
    assert f"Doubt (x2): Resolve 2 against Resolve 1 wins " \
           f"{chances(2, 1).win.numerator}/{chances(2, 1).win.denominator} of Tests " \
           f"({round(float(chances(2, 1).win) * 100)}%)." in got.explanation


def test_combat_tests_use_the_characters_might() -> None:
    manticora = Waylay(name="Manticora", kind=Kind.WAYLAY, rating=3, tests=(WaylayTest.COMBAT,),
                       combat=4, terrain=(Terrain.FOREST,))
    got = suggest_waylays([(manticora, 1)], 3, opponent=JOSH)
    assert "Manticora: Combat 4 against Might 2 wins 13/18 of Tests (72%)." in got.explanation


def test_best_test_of_a_multi_test_waylay_counts() -> None:
    sphinx = Waylay(name="Sphinx", kind=Kind.WAYLAY, rating=2,
                    tests=(WaylayTest.SAVVY, WaylayTest.RESOLVE), savvy=4, resolve=3)
    got = suggest_waylays([(sphinx, 1)], 2, opponent=JOSH)
    win = chances(3, 1).win
    assert win > chances(4, 4).win
    assert any(line.startswith("Sphinx: Resolve 3 against Resolve 1") for line in
               got.explanation)


def test_two_dice_odds() -> None:
    got = suggest_waylays([(waylay("Imp", 1, value=3), 1)], 1, opponent=JOSH, dice=2)
    win = chances(3, 2, dice=2).win
    assert f"Imp: Might 3 against Might 2 wins {win.numerator}/{win.denominator} of Tests " \
           f"({round(float(win) * 100)}%)." in got.explanation
    with pytest.raises(ValueError):
        suggest_waylays([], 1, opponent=JOSH, dice=0)


def test_terrain_decides_between_equal_odds() -> None:
    marsh = waylay("Bog Lurker", 2, terrain=(Terrain.MARSH,))
    forest = waylay("Wood Lurker", 2, terrain=(Terrain.FOREST,))
    owned = [(marsh, 1), (forest, 1)]
    woods = [league("Greenwood", (Terrain.FOREST, Terrain.ROAD))]
    fens = [league("Fenmoor", (Terrain.MARSH,))]
    assert suggest_waylays(owned, 2, opponent=JOSH, leagues=woods).cards == ("Wood Lurker",)
    assert suggest_waylays(owned, 2, opponent=JOSH, leagues=fens).cards == ("Bog Lurker",)
    anywhere = [league("Crossroads", (Terrain.ANY,))]
    got = suggest_waylays(owned, 2, opponent=JOSH, leagues=anywhere)
    assert got.cards == ("Bog Lurker",)  # both fit: the name decides
    assert "Terrain: 1 of 1 chosen Waylay fit the given Leagues." in got.explanation


def test_any_waylay_fits_and_unknown_terrain_is_neutral() -> None:
    woods = [league("Greenwood", (Terrain.FOREST,))]
    wanderer = waylay("Wanderer", 2, terrain=(Terrain.ANY,))
    mystery = waylay("Mystery", 2, terrain=None)
    bog = waylay("Bog Lurker", 2, terrain=(Terrain.MARSH,))
    assert suggest_waylays([(mystery, 1), (wanderer, 1)], 2, opponent=JOSH,
                           leagues=woods).cards == ("Wanderer",)
    got = suggest_waylays([(bog, 1), (mystery, 1)], 2, opponent=JOSH, leagues=woods)
    assert got.cards == ("Mystery",)
    assert "Terrain fit unknown: Mystery." in got.explanation


def test_odds_outrank_terrain() -> None:
    strong = waylay("Strong", 2, value=5, terrain=(Terrain.MARSH,))
    weak = waylay("Weak", 2, value=1, terrain=(Terrain.FOREST,))
    woods = [league("Greenwood", (Terrain.FOREST,))]
    got = suggest_waylays([(strong, 1), (weak, 1)], 2, opponent=JOSH, leagues=woods)
    assert got.cards == ("Strong",)
    assert any(line.startswith("Fit no given League") and "Strong (marsh)" in line
               for line in got.explanation)


def test_without_opponent_values_odds_are_skipped_and_said_so() -> None:
    owned = [(waylay("Brute", 3), 1)]
    got = suggest_waylays(owned, 3, opponent=None)
    assert got.cards == ("Brute",)
    assert got.explanation[0] == "Waylays total 3 of the opponent's effective rating 3 (exact)."
    assert "No opponent given, so Waylays were not ranked by their odds." in got.explanation
    blank = Icon(name="Nobody", kind=Kind.ICON)
    got = suggest_waylays(owned, 3, opponent=blank)
    assert ("Nobody's Might, Savvy and Resolve are unknown, so Waylays were not ranked by "
            "their odds.") in got.explanation
    partial = Icon(name="Half", kind=Kind.ICON, might=2)
    got = suggest_waylays([(waylay("Quiz", 3, test=WaylayTest.SAVVY, value=3), 1)], 3,
                          opponent=partial)
    assert any("Savvy and Resolve are unknown" in line for line in got.explanation)
    assert any(line.startswith("Odds unknown") and "Quiz" in line for line in got.explanation)


def test_unknown_ratings_are_left_out_and_explained() -> None:
    owned = [(waylay("Ghost", None), 2), (waylay("Wisp", None), 1), (waylay("Imp", 2), 1)]
    got = suggest_waylays(owned, 10, opponent=JOSH)
    assert got.cards == ("Imp",)
    assert "Left out 2 Waylays with no known rating: Ghost, Wisp." in got.explanation
    assert "Ghost" not in got.cards


# --- Waylays: solo play ------------------------------------------------------------------------


def test_solo_prefers_an_exact_total() -> None:
    owned = [(waylay("A", 4), 2), (waylay("B", 3), 1)]
    got = suggest_waylays(owned, 8, opponent=JOSH, solo=True)
    assert got.cards == ("A", "A")
    assert got.explanation[0] == "Waylays total 8, exactly the Waylay rating of 8 (Solo Play)."


def test_solo_exceeds_by_as_little_as_possible() -> None:
    owned = [(waylay("A", 4), 2), (waylay("B", 3), 1), (waylay("C", 9), 1)]
    got = suggest_waylays(owned, 6, opponent=JOSH, solo=True)
    assert got.total == 7
    assert sorted(got.cards) == ["A", "B"]
    assert "7 is the smallest total above it" in got.explanation[0]


def test_solo_short_takes_everything() -> None:
    owned = [(waylay("A", 2), 1), (waylay("B", 3), 2), (waylay("Ghost", None), 1)]
    got = suggest_waylays(owned, 20, opponent=JOSH, solo=True)
    assert sorted(got.cards) == ["A", "B", "B"]
    assert got.total == 8
    assert got.explanation[0] == ("All owned Waylays with a known rating total only 8, under the "
                                  "Waylay rating of 20, so all are chosen (Solo Play).")
    assert "Left out 1 Waylay with no known rating: Ghost." in got.explanation


def test_solo_uses_the_same_preferences_among_equal_totals() -> None:
    brute = waylay("Brute", 3, test=WaylayTest.MIGHT, value=3)
    sphinx = waylay("Sphinx", 3, test=WaylayTest.SAVVY, value=3)
    got = suggest_waylays([(brute, 1), (sphinx, 1)], 2, opponent=JOSH, solo=True)
    assert got.cards == ("Brute",)  # Josh's Might 2 is weaker than his Savvy 4


# --- Waylays: against brute force --------------------------------------------------------------


def odds(w: Waylay) -> Fraction:
    """The Waylay's chance of beating Josh (Might 2) in its Might WaylayTest."""
    return chances(w.attribute_value(WaylayTest.MIGHT) or 0, JOSH.might or 0).win


def brute_force(owned: list[tuple[Waylay, int]], rating: int, solo: bool) -> tuple[int, Fraction]:
    """Best (total, summed odds) by enumerating every multiset."""
    best: tuple[int, Fraction] | None = None
    for counts in itertools.product(*(range(n + 1) for _w, n in owned)):
        total = sum((w.rating or 0) * k for (w, _n), k in zip(owned, counts, strict=True))
        score = sum((odds(w) * k for (w, _n), k in zip(owned, counts, strict=True)),
                    Fraction(0))
        if (total < rating) if solo else (total > rating):
            continue
        key = (-total if solo else total, score)
        if best is None or key > best:
            best = key
    assert best is not None
    return (-best[0] if solo else best[0]), best[1]


cases = st.lists(st.tuples(st.integers(1, 7), st.integers(0, 5), st.integers(1, 2)),
                 min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(cases, st.integers(0, 25), st.booleans())
def test_waylays_match_brute_force(spec: list[tuple[int, int, int]], rating: int,
                                   solo: bool) -> None:
    owned = [(waylay(f"W{i}", r, value=v), n) for i, (r, v, n) in enumerate(spec)]
    ratings = [r for r, _v, n in spec for _ in range(n)]
    got = suggest_waylays(owned, rating, opponent=JOSH, solo=solo)
    if solo and sum(ratings) < rating:
        assert got.total == sum(ratings)
        return
    total, score = brute_force(owned, rating, solo)
    assert got.total == total
    if solo:
        assert total == fitting.smallest_total_at_least(ratings, rating)
    else:
        assert total == fitting.largest_total_at_most(ratings, rating)
    by_name = dict((w.name, w) for w, _n in owned)
    chosen = [by_name[name] for name in got.cards]
    assert sum(w.rating or 0 for w in chosen) == got.total
    assert sum((odds(w) for w in chosen), Fraction(0)) == score
    for w, n in owned:
        assert got.cards.count(w.name) <= n


def test_results_are_deterministic_whatever_the_order() -> None:
    rnd = random.Random(7)
    owned = [(waylay(f"W{i:02d}", rnd.randint(1, 5), value=rnd.randint(0, 4),
                     terrain=(rnd.choice(list(Terrain)),)), rnd.randint(1, 3))
             for i in range(30)]
    leagues = [league("Greenwood", (Terrain.FOREST, Terrain.ROAD))]
    first = suggest_waylays(owned, 17, opponent=JOSH, leagues=leagues)
    for _ in range(5):
        shuffled = owned[:]
        rnd.shuffle(shuffled)
        again = suggest_waylays(shuffled, 17, opponent=JOSH, leagues=leagues)
        assert again == first
    assert isinstance(first, Suggestion)
    assert list(first.cards) == sorted(first.cards)


# --- Treasures ---------------------------------------------------------------------------------


def test_treasures_fit_exactly_with_the_fewest_cards() -> None:
    owned = [(treasure("Amulet", 1), 3), (treasure("Blade", 2), 1), (treasure("Crown", 3), 1)]
    got = suggest_treasures(owned, 3)
    assert got.cards == ("Crown",)
    assert (got.total, got.limit) == (3, 3)
    assert got.explanation[0] == "Treasures total 3 of a Treasure rating of 3 (exact)."
    got = suggest_treasures(owned, 5)
    assert sorted(got.cards) == ["Blade", "Crown"]


def test_treasures_tie_break_on_name_and_greedy_failure() -> None:
    owned = [(treasure("Zither", 2), 1), (treasure("Anvil", 2), 1)]
    assert suggest_treasures(owned, 2).cards == ("Anvil",)
    owned = [(treasure("Orb", 6), 1), (treasure("Ring", 5), 2)]
    assert suggest_treasures(owned, 10).cards == ("Ring", "Ring")


def test_treasures_under_the_rating_and_left_out() -> None:
    owned = [(treasure("Orb", 4), 1), (treasure("Mystery Box", None), 1),
             (treasure("Charm", None, MeritType.ALLY), 1),
             (treasure("Thing", 1, None), 1)]
    got = suggest_treasures(owned, 5)
    assert got.cards == ("Orb",)
    assert got.total == 4
    assert "1 under" in got.explanation[0]
    assert "Left out 1 Treasure with no known cost: Mystery Box." in got.explanation
    assert "Ignored 1 non-Treasure Merit: Charm." in got.explanation
    assert any("unknown type" in line and "Thing" in line for line in got.explanation)
    assert "Thing" not in got.cards


# --- Leagues -----------------------------------------------------------------------------------


def test_leagues_prefer_terrain_fitting_the_waylays() -> None:
    waylays = [waylay("Wolf", 1, terrain=(Terrain.FOREST,)),
               waylay("Bandit", 1, terrain=(Terrain.ROAD,)),
               waylay("Troll", 1, terrain=(Terrain.BRIDGE,))]
    owned = [(league("Aardvark Lake", (Terrain.LAKE,)), 3),
             (league("Greenway", (Terrain.FOREST, Terrain.ROAD)), 1),
             (league("Old Bridge", (Terrain.BRIDGE,)), 1),
             (league("Crossroads", (Terrain.ANY,)), 1),
             (league("Fog Valley", None), 2)]
    got = suggest_leagues(owned, 4, waylays=waylays)
    assert got.cards == ("Crossroads", "Greenway", "Old Bridge", "Aardvark Lake")
    assert (got.total, got.limit) == (4, 4)
    assert "Greenway (forest, road): fits 2 of 3 Waylays." in got.explanation
    # unknown terrain ranks last, even below Leagues that fit nothing
    got = suggest_leagues(owned, 8, waylays=waylays)
    assert got.cards[-2:] == ("Fog Valley", "Fog Valley")
    assert got.cards.count("Aardvark Lake") == 3


def test_unique_leagues_once_and_not_when_taken() -> None:
    owned = [(league("Spire", (Terrain.CASTLE,), unique=True), 3),
             (league("Throne", (Terrain.CASTLE,), unique=True), 1),
             (league("Moat", (Terrain.CASTLE,)), 2)]
    waylays = [waylay("Guard", 1, terrain=(Terrain.CASTLE,))]
    got = suggest_leagues(owned, 5, waylays=waylays, taken=["throne"])
    assert got.cards == ("Moat", "Moat", "Spire")
    assert got.total == 3
    assert got.explanation[0] == "Only 3 Leagues can be chosen of the 5 asked for: 2 short."
    assert "Spire is Unique: chosen once although 3 copies are owned." in got.explanation
    assert ("Left out 1 Unique League already placed by another player: Throne."
            in got.explanation)


def test_leagues_report_waylays_with_no_home() -> None:
    owned = [(league("Greenwood", (Terrain.FOREST,)), 5)]
    waylays = [waylay("Wolf", 1), waylay("Kraken", 1, terrain=(Terrain.OCEAN,))]
    got = suggest_leagues(owned, 5, waylays=waylays)
    assert got.cards == ("Greenwood",) * 5
    assert got.explanation[0] == "Chose 5 Leagues, as asked."
    assert "No chosen League fits: Kraken." in got.explanation


def test_leagues_without_waylays_go_by_name_known_terrain_first() -> None:
    owned = [(league("Bravo", (Terrain.HILLS,)), 1), (league("Alpha", None), 1),
             (league("Charlie", (Terrain.TOWN,)), 1)]
    got = suggest_leagues(owned, 2)
    assert got.cards == ("Bravo", "Charlie")
    assert "No Waylays given, so Leagues were not ranked by terrain." in got.explanation


def test_a_waylay_with_no_attribute_rating_is_named_when_chosen() -> None:
    blank = Waylay(name="Blank Fog", kind=Kind.WAYLAY, rating=3, terrain=(Terrain.MARSH,),
                   might="none", savvy="none", resolve="none", combat="none")
    got = suggest_waylays([(blank, 1), (waylay("Imp", 2), 1)], 5, opponent=JOSH)
    assert set(got.cards) == {"Blank Fog", "Imp"} and got.total == 5
    assert any("Blank Fog" in line and "at least one Attribute" in line
               for line in got.explanation)
    alone = suggest_waylays([(waylay("Imp", 2), 1)], 5, opponent=JOSH)
    assert not any("at least one Attribute" in line for line in alone.explanation)
