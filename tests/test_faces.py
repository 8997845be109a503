"""The generic dice engine against brute-force enumeration.

The enumerator here rolls dice one at a time from a queue (extra dice join the queue one
generation deeper), a different algorithm from the engine's per-die chains and convolutions.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.rules import dice as wyld_dice
from chronicle.rules import faces
from chronicle.rules.faces import Die, Dist, Tally

SETTINGS = settings(max_examples=40, deadline=None, database=None, derandomize=True)


def brute(pool: Sequence[Die], depth: int) -> tuple[dict[Tally, Fraction], Fraction]:
    """Every way the pool can land, one die at a time; cut chains go to the remainder."""
    out: dict[Tally, Fraction] = {}
    cut = Fraction(0)

    def go(queue: tuple[tuple[Die, int], ...], shown: Tally, p: Fraction) -> None:
        nonlocal cut
        if not queue:
            out[shown] = out.get(shown, Fraction(0)) + p
            return
        (one, generation), rest = queue[0], queue[1:]
        total = sum(one.weights)
        for face, weight in zip(one.faces, one.weights, strict=True):
            if not weight:
                continue
            q = p * Fraction(weight, total)
            if face.extra and generation == depth:
                cut += q
                continue
            go(rest + ((one, generation + 1),) * face.extra, shown + face.shows, q)

    go(tuple((d, 0) for d in pool), Tally(), Fraction(1))
    return out, cut


def assert_same(dist: Dist[Tally], pool: Sequence[Die], depth: int) -> None:
    expected, cut = brute(pool, depth)
    assert dist.outcomes == expected
    assert dist.remainder == cut
    assert sum(dist.outcomes.values()) + dist.remainder == 1


SYMBOLS = ["hit", "crit", "save", "wound", "heal", "stun", "miss"]
face_specs = st.one_of(
    st.integers(-3, 6),
    st.sampled_from(SYMBOLS),
    st.lists(st.sampled_from(SYMBOLS), max_size=3).map(tuple),
    st.dictionaries(st.sampled_from(SYMBOLS), st.integers(0, 2), max_size=2),
)


@st.composite
def dice_strategy(draw: st.DrawFn) -> Die:
    specs = draw(st.lists(face_specs, min_size=1, max_size=5))
    explode = draw(st.sampled_from([None, "crit"]))
    return faces.die(specs, explode=explode)


@SETTINGS
@given(pool=st.lists(dice_strategy(), min_size=0, max_size=3), depth=st.integers(0, 2))
def test_roll_matches_enumeration(pool: list[Die], depth: int) -> None:
    assert_same(faces.roll(pool, depth=depth), pool, depth)


@SETTINGS
@given(one=dice_strategy(), times=st.integers(0, 2))
def test_rerolled_die_matches_rolling_again(one: Die, times: int) -> None:
    def blank(t: Tally) -> bool:
        return not t.items

    got = faces.rerolled(one, blank, times)
    # brute force: roll, and while the face is blank and re-rolls remain, roll again
    expected: dict[faces.Face, Fraction] = {}
    n = len(one.faces)
    for seq in itertools.product(range(n), repeat=times + 1):
        p = Fraction(1, n ** (times + 1))
        final = next((i for i in seq[:-1] if not blank(one.faces[i].shows)), seq[-1])
        expected[one.faces[final]] = expected.get(one.faces[final], Fraction(0)) + p
    merged: dict[faces.Face, Fraction] = {}
    for face, p in got.chances():
        merged[face] = merged.get(face, Fraction(0)) + p
    assert {k: v for k, v in merged.items() if v} == {k: v for k, v in expected.items() if v}


def test_reroll_needs_whole_numbers_of_rerolls() -> None:
    with pytest.raises(ValueError):
        faces.rerolled(faces.numbered(6), lambda t: True, -1)


def test_numbered_sums_match_products() -> None:
    pool = [faces.numbered(4), faces.numbered(6), faces.numbered(6)]
    dist = faces.count(faces.roll(pool))
    expected: dict[int, Fraction] = {}
    for a, b, c in itertools.product(range(1, 5), range(1, 7), range(1, 7)):
        expected[a + b + c] = expected.get(a + b + c, Fraction(0)) + Fraction(1, 144)
    assert dist.outcomes == expected
    assert dist.remainder == 0 and dist.depth is None
    assert faces.at_least(dist, 12) == sum(p for v, p in expected.items() if v >= 12)
    assert list(dist.outcomes) == sorted(dist.outcomes)


def test_single_exploding_face_leaves_exactly_the_cut_chain() -> None:
    coin = faces.die(["crit", ()], explode="crit")
    for depth in range(5):
        dist = faces.roll(coin, depth=depth)
        assert dist.remainder == Fraction(1, 2 ** (depth + 1))
        assert dist.depth == depth
        crits = faces.count(dist, "crit")
        assert crits.outcomes == {k: Fraction(1, 2 ** (k + 1)) for k in range(depth + 1)}


def test_faces_adding_two_dice_branch() -> None:
    twin = faces.die([{"crit": 2}, "hit", ()], explode="crit")
    assert twin.faces[0].extra == 2
    assert_same(faces.roll([twin, twin], depth=2), [twin, twin], 2)


def test_arcadia_quest_shaped_attack_matches_enumeration() -> None:
    attack = faces.die(["melee"] * 3 + ["ranged"] * 2 + [("melee", "ranged", "crit")],
                       explode="crit")
    defense = faces.die([()] * 4 + ["save", ("save", "crit")], explode="crit")
    depth = 2
    hits = faces.count(faces.roll([attack, attack], depth=depth), "melee")
    saves = faces.count(faces.roll(defense, depth=depth), "save")
    wounds = faces.combine(hits, saves, lambda h, s: max(0, h - s))
    (a_out, a_cut), (d_out, d_cut) = brute([attack, attack], depth), brute([defense], depth)
    expected: dict[int, Fraction] = {}
    for ta, pa in a_out.items():
        for td, pd in d_out.items():
            w = max(0, ta["melee"] - td["save"])
            expected[w] = expected.get(w, Fraction(0)) + pa * pd
    assert wounds.outcomes == expected
    assert wounds.remainder == 1 - (1 - a_cut) * (1 - d_cut)
    assert wounds.expected(lambda w: w) == sum(w * p for w, p in expected.items())
    # keeping only the symbols that matter changes nothing but the size
    lean = faces.count(faces.roll([attack.keeping("melee")] * 2, depth=depth), "melee")
    assert lean.outcomes == hits.outcomes and lean.remainder == hits.remainder


def test_versus_matches_enumeration() -> None:
    d6, d4 = faces.numbered(6), faces.numbered(4)
    contest = faces.versus(faces.count(faces.roll([d6])), faces.count(faces.roll([d4, d4])))
    win = tie = lose = 0
    for a, b, c in itertools.product(range(1, 7), range(1, 5), range(1, 5)):
        win += a > b + c
        tie += a == b + c
        lose += a < b + c
    assert (contest.win, contest.tie, contest.lose) == (Fraction(win, 96), Fraction(tie, 96),
                                                       Fraction(lose, 96))
    assert contest.remainder == 0


@pytest.mark.parametrize(("mine", "theirs", "dice"), [(2, 2, 1), (3, 1, 1), (0, 4, 2), (5, 5, 2)])
def test_wyld_hunt_tests_are_the_generic_engine(mine: int, theirs: int, dice: int) -> None:
    pool = [faces.numbered(6)] * dice
    a = faces.shifted(faces.count(faces.roll(pool)), mine)
    b = faces.shifted(faces.count(faces.roll(pool)), theirs)
    contest = faces.versus(a, b)
    odds = wyld_dice.test_odds(mine, theirs, dice)
    assert (odds.win, odds.tie, odds.lose) == (contest.win, contest.tie, contest.lose)
    brute_win = sum(1 for r in itertools.product(range(1, 7), repeat=2 * dice)
                    if mine + sum(r[:dice]) > theirs + sum(r[dice:]))
    assert odds.win == Fraction(brute_win, 6 ** (2 * dice))
    trial = wyld_dice.trial_odds(mine, theirs + 3, dice)
    passing = sum(1 for r in itertools.product(range(1, 7), repeat=dice)
                  if mine + sum(r) >= theirs + 3)
    assert trial.passes == Fraction(passing, 6 ** dice)


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "ranges", "modifier"), [
    ("2d6+1", [(1, 6), (1, 6)], 1),
    ("3d3", [(1, 3)] * 3, 0),
    ("1d2-1", [(1, 2)], -1),
    ("d4 + 2 - 1d3", [(1, 4), (-3, -1)], 2),
    (" 2D6 ", [(1, 6), (1, 6)], 0),
    ("5", [], 5),
])
def test_notation_distribution_matches_enumeration(text: str, ranges: list[tuple[int, int]],
                                                   modifier: int) -> None:
    notation = faces.parse(text)
    dist = notation.distribution()
    expected: dict[int, Fraction] = {}
    combos = list(itertools.product(*[range(lo, hi + 1) for lo, hi in ranges]))
    for combo in combos:
        v = sum(combo) + modifier
        expected[v] = expected.get(v, Fraction(0)) + Fraction(1, len(combos))
    assert dist.outcomes == expected
    assert notation.lowest == min(expected) and notation.highest == max(expected)
    assert faces.parse(str(notation)).distribution().outcomes == expected


@pytest.mark.parametrize("text", [
    "", "   ", "2d", "d", "0d6", "2d0", "2d6+", "2x6", "2d6 3", "2d6++1", "61d6", "1d1001",
    "99999999999d6", "2d6\n", "٣d6", "1d6*2", "+", "2d6-d", "ｄ6", "-", "1e3",
])
def test_bad_notation_is_a_clear_error(text: str) -> None:
    with pytest.raises(faces.NotationError) as caught:
        faces.parse(text)
    assert "cannot read dice" in str(caught.value)
    assert 0 <= caught.value.position <= max(len(text), 1)


def test_long_notation_is_refused_before_reading() -> None:
    with pytest.raises(faces.NotationError, match="200"):
        faces.parse("1d6+" * 1000)


@SETTINGS
@given(st.text(max_size=30))
def test_any_text_parses_or_is_a_notation_error(text: str) -> None:
    try:
        notation = faces.parse(text)
    except faces.NotationError:
        return
    dist = notation.distribution()
    assert min(dist.outcomes) == notation.lowest and max(dist.outcomes) == notation.highest


# --- building dice and tallies ------------------------------------------------------------------


def test_tally_of_every_face_spelling() -> None:
    assert Tally.of(4)["value"] == 4
    assert Tally.of("hit") == Tally.of(("hit",)) == Tally.of({"hit": 1})
    assert Tally.of(()) == Tally.of("") == Tally.of({}) == Tally()
    assert Tally.of(("hit", "hit", "crit")).as_dict() == {"crit": 1, "hit": 2}
    assert Tally.of({"hit": 0}) == Tally()
    assert str(Tally()) == "blank" and str(Tally.of(("hit", "hit"))) == "2xhit"
    assert (Tally.of("hit") + Tally.of({"hit": -1})) == Tally()


@pytest.mark.parametrize("bad", [True, [1], {"hit": 1.5}, {"hit": True}, {3: 1}])
def test_bad_faces_are_refused(bad: object) -> None:
    with pytest.raises(TypeError):
        Tally.of(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("build", [
    lambda: faces.die([]),
    lambda: faces.numbered(0),
    lambda: faces.numbered(faces.MAX_SIDES + 1),
    lambda: Die((faces.Face(Tally()),), (0,)),
    lambda: Die((faces.Face(Tally(), -1),), (1,)),
    lambda: Die((faces.Face(Tally()),), (1, 1)),
    lambda: faces.roll([faces.numbered(2)] * (faces.MAX_POOL + 1)),
    lambda: faces.roll(faces.numbered(2), depth=-1),
    lambda: faces.pool_of(faces.numbered(2), -1),
    lambda: faces.ways([faces.die(["crit"], explode="crit")]),
])
def test_impossible_dice_are_refused(build: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        build()


def test_distributions_always_add_up() -> None:
    with pytest.raises(ValueError):
        Dist({1: Fraction(1, 2)})
    assert Dist({1: Fraction(1, 2)}, Fraction(1, 2)).resolved == Fraction(1, 2)


def test_engine_is_pure_python() -> None:
    import json
    import subprocess
    import sys

    probe = ("import chronicle.rules.faces, chronicle.rules.dice, sys, json;"
             "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    loaded = json.loads(done.stdout)
    heavy = {"textual", "sqlmodel", "sqlalchemy", "reportlab", "rich", "pydantic"}
    assert not [m for m in loaded if m.split(".")[0] in heavy]
    assert not [m for m in loaded if m.startswith(("chronicle.catalog", "chronicle.services"))]
