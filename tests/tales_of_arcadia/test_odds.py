"""Exact odds checked against brute-force enumeration of the dice, as the seed describes them.

The enumerations below roll the seed's literal dice (an Accuracy Die and a Power Die per attack,
both again for a Shroud re-roll, a d6 for Cover read 1-3 as "automatically not hitting", a die
for Rise Again) and walk every sequence of attack outcomes; they share no code with the engine.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.systems.tales_of_arcadia.cards import Stats, Unit
from chronicle.systems.tales_of_arcadia.catalog import keywords, load_catalog
from chronicle.systems.tales_of_arcadia.odds import (
    attack_odds,
    parse_rise_again,
    pool_odds,
    roll_off,
    roll_off_odds,
    unit_attack_odds,
)

D6 = range(1, 7)


def one_attack(a: int, p: int, d: int, cover: bool, shroud_ready: bool
               ) -> Counter[tuple[bool, bool]]:
    """Every dice outcome of one attack, by (wounded, Shroud still ready afterwards), each
    weighted by 1/36 per pair of dice and 1/6 per cover die."""
    out: Counter[tuple[bool, bool]] = Counter()

    def resolve(acc: int, power: int, weight: Fraction, ready: bool) -> None:
        if acc < a:
            out[(False, ready)] += weight
            return
        if ready:  # Shroud: re-roll both dice, once this turn
            for acc2, power2 in itertools.product(D6, D6):
                resolve(acc2, power2, weight / 36, False)
            return
        covers = D6 if cover else [6]
        for die in covers:
            share = weight / len(covers)
            if die <= 3:
                out[(False, ready)] += share
            else:
                out[(power + p >= d, ready)] += share

    for acc, power in itertools.product(D6, D6):
        resolve(acc, power, Fraction(1, 36), shroud_ready)
    return out


def brute_kill(a: int, p: int, d: int, *, cover: bool = False, shroud: bool = False,
               attacks: int = 1, wounds: int = 1, rise: tuple[int, int] | None = None,
               per_turn: int = 1) -> Fraction:
    """Walk every sequence of attack outcomes (and Rise Again rolls) and add up the deaths."""
    tables = {ready: one_attack(a, p, d, cover, ready) for ready in (True, False)}

    def walk(number: int, left: int, ready: bool) -> Fraction:
        if number == attacks:
            return Fraction(0)
        if number % per_turn == 0:
            ready = shroud
        total = Fraction(0)
        for (wounded, after), weight in tables[ready].items():
            if not wounded:
                total += weight * walk(number + 1, left, after)
                continue
            if left - 1 > 0:
                total += weight * walk(number + 1, left - 1, after)
                continue
            if rise is None:
                total += weight
                continue
            k, n = rise
            for face in range(1, n + 1):
                if face > k:
                    total += weight / n
                else:
                    total += weight / n * walk(number + 1, 0, after)
        return total

    return walk(0, wounds, shroud)


def test_the_specs_worked_example() -> None:
    odds = attack_odds(4, 2, 5)
    assert odds.hit == Fraction(1, 2)
    assert odds.wound == Fraction(1, 3)
    assert odds.to_dict()["wound"] == "1/3"
    assert odds.to_dict()["wound_probability"] == pytest.approx(1 / 3)


def test_cover_is_three_in_six_never_two() -> None:
    plain, covered = attack_odds(3, 2, 4), attack_odds(3, 2, 4, cover=True)
    assert covered.hit == plain.hit * Fraction(3, 6)
    assert covered.hit != plain.hit * Fraction(4, 6)


def test_accuracy_above_six_never_hits_and_one_always_does() -> None:
    assert attack_odds(7, 10, 0).kill == 0
    assert attack_odds(1, 0, 0).hit == 1
    assert attack_odds(-5, 0, 0).hit == 1


def test_power_die_plus_power_must_reach_defense() -> None:
    assert attack_odds(1, 0, 7).wound == 0
    assert attack_odds(1, 0, 6).wound == Fraction(1, 6)
    assert attack_odds(1, 5, 6).wound == 1


@pytest.mark.parametrize(("a", "p", "d", "cover", "shroud"), [
    (a, p, d, cover, shroud)
    for a in (1, 3, 4, 6, 7) for p, d in ((2, 5), (0, 3), (4, 2))
    for cover in (False, True) for shroud in (False, True)])
def test_one_attack_matches_enumeration(a: int, p: int, d: int, cover: bool,
                                        shroud: bool) -> None:
    odds = attack_odds(a, p, d, cover=cover, shroud=shroud)
    table = one_attack(a, p, d, cover, shroud)
    assert odds.wound == sum(w for (wounded, _), w in table.items() if wounded)
    assert odds.kill == brute_kill(a, p, d, cover=cover, shroud=shroud)


@pytest.mark.parametrize(("attacks", "wounds", "rise", "per_turn"), [
    (1, 1, None, 1), (3, 2, None, 1), (4, 3, None, 2), (2, 1, (3, 6), 1), (3, 1, (3, 6), 1),
    (4, 2, (2, 6), 2), (3, 3, (1, 2), 3), (3, 1, (6, 6), 1), (2, 2, (0, 6), 1)])
@pytest.mark.parametrize(("cover", "shroud"), [(False, False), (True, False), (False, True),
                                               (True, True)])
def test_kill_matches_enumeration(attacks: int, wounds: int, rise: tuple[int, int] | None,
                                  per_turn: int, cover: bool, shroud: bool) -> None:
    chance = None if rise is None else Fraction(*rise)
    odds = attack_odds(3, 2, 5, cover=cover, shroud=shroud, attacks=attacks, wounds=wounds,
                       rise_again=chance, attacks_per_turn=per_turn)
    assert odds.kill == brute_kill(3, 2, 5, cover=cover, shroud=shroud, attacks=attacks,
                                   wounds=wounds, rise=rise, per_turn=per_turn)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(a=st.integers(-1, 8), p=st.integers(-2, 8), d=st.integers(-2, 12),
       attacks=st.integers(1, 3), wounds=st.integers(1, 3), cover=st.booleans(),
       shroud=st.booleans(), k=st.integers(0, 6) | st.none())
def test_generated_attacks_match_enumeration(a: int, p: int, d: int, attacks: int, wounds: int,
                                             cover: bool, shroud: bool, k: int | None) -> None:
    rise = None if k is None else (k, 6)
    odds = attack_odds(a, p, d, cover=cover, shroud=shroud, attacks=attacks, wounds=wounds,
                       rise_again=None if k is None else Fraction(k, 6))
    assert odds.kill == brute_kill(a, p, d, cover=cover, shroud=shroud, attacks=attacks,
                                   wounds=wounds, rise=rise)
    assert 0 <= odds.kill <= odds.wound * attacks or odds.kill == 0


def test_rise_again_applies_only_when_it_would_die() -> None:
    base = attack_odds(1, 6, 1, attacks=3, wounds=3)
    assert base.kill == 1
    # Three sure wounds on three Wounds: dies on the third, Rise Again 1:2 saves half of that.
    assert attack_odds(1, 6, 1, attacks=3, wounds=3, rise_again=Fraction(1, 2)).kill == \
        Fraction(1, 2)
    # Four sure wounds: two would-die rolls.
    assert attack_odds(1, 6, 1, attacks=4, wounds=3, rise_again=Fraction(1, 2)).kill == \
        Fraction(3, 4)


def test_bad_inputs_are_refused() -> None:
    for kwargs in ({"attacks": 0}, {"wounds": 0}, {"attacks_per_turn": 0},
                   {"rise_again": Fraction(7, 6)}, {"attacks": 101}, {"wounds": 101},
                   {"attacks_per_turn": 101}):
        with pytest.raises(ValueError):
            attack_odds(4, 2, 5, **kwargs)  # type: ignore[arg-type]
    assert parse_rise_again("3:6") == Fraction(1, 2)
    assert parse_rise_again(" 2 in 6 ") == Fraction(1, 3)
    for text in ("", "3", "7:6", "3:0", "x:6", "1:2:3", "9" * 50):
        with pytest.raises(ValueError):
            parse_rise_again(text)


# --- die pools ---------------------------------------------------------------------------------

SEED_DIE = {6: lambda x: x, 3: lambda x: math.ceil(x / 2), 2: lambda x: 1 if x <= 3 else 2}


def brute_pool(count: int, sides: int, modifier: int) -> dict[int, Fraction]:
    """Roll ``count`` six-sided dice, read each as the seed says, add the modifier once."""
    totals: Counter[int] = Counter()
    for faces in itertools.product(D6, repeat=count):
        totals[sum(SEED_DIE[sides](x) for x in faces) + modifier] += 1
    return {t: Fraction(n, 6 ** count) for t, n in sorted(totals.items())}


@pytest.mark.parametrize(("text", "count", "sides", "modifier"), [
    ("2d6+1", 2, 6, 1), ("3d3", 3, 3, 0), ("1d2-1", 1, 2, -1), ("1d6", 1, 6, 0),
    ("4d2+3", 4, 2, 3), ("3d6-2", 3, 6, -2), (" 2D3 + 0 ", 2, 3, 0), ("1d3", 1, 3, 0),
    ("3d2-1", 3, 2, -1)])
def test_pools_match_enumeration(text: str, count: int, sides: int, modifier: int) -> None:
    odds = pool_odds(text)
    assert odds.distribution == brute_pool(count, sides, modifier)
    assert sum(odds.distribution.values()) == 1


def test_pool_ranges_from_the_spec() -> None:
    assert (pool_odds("2d6+1").lowest, pool_odds("2d6+1").highest) == (3, 13)
    assert (pool_odds("1d3").lowest, pool_odds("1d3").highest) == (1, 3)
    assert (pool_odds("3d2-1").lowest, pool_odds("3d2-1").highest) == (2, 5)
    assert pool_odds("2d6").mean == 7
    summary = pool_odds("1d2-1").to_dict()
    assert summary["totals"][0] == {"total": 0, "chance": "1/2", "chance_probability": 0.5,
                                    "at_least": "1/1", "at_least_probability": 1.0}


@pytest.mark.parametrize("text", ["", "d6", "2d4", "2d6+1d6", "0d6", "61d6", "2d6+", "2d6*2",
                                  "1d6+9999999", "x" * 1000, "2d6 + 1 + 1", "-1d6", "1d06"])
def test_bad_pools_are_refused(text: str) -> None:
    if text == "1d06":  # leading zero still means a d6
        assert pool_odds(text).sides == 6
        return
    with pytest.raises(ValueError):
        pool_odds(text)


# --- roll-offs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("parties", [2, 3, 4, 5])
def test_roll_off_first_round_matches_enumeration(parties: int) -> None:
    tied: Counter[int] = Counter()
    for rolls in itertools.product(D6, repeat=parties):
        tied[rolls.count(max(rolls))] += 1
    odds = roll_off_odds(parties)
    assert odds.decided_first == Fraction(tied[1], 6 ** parties)
    for k, p in odds.top_tie.items():
        assert p == Fraction(tied[k], 6 ** parties)
    assert odds.win == Fraction(1, parties)


def test_roll_off_expected_rounds() -> None:
    assert roll_off_odds(2).expected_rounds == Fraction(6, 5)  # a tie 1 time in 6
    # Three parties: truncate the series of rounds far out and compare.
    two, three = roll_off_odds(2), roll_off_odds(3)
    tie2, tie3 = three.top_tie[2], three.top_tie[3]
    approx = Fraction(0)
    still3 = Fraction(1)
    for _ in range(200):  # rounds with all three still tied
        approx += still3 * (1 + tie2 * two.expected_rounds)
        still3 *= tie3
    assert abs(approx - three.expected_rounds) < Fraction(1, 10**30)


def test_roll_off_rerolls_only_the_tied() -> None:
    script = iter([5, 5, 2, 6, 1,   # Ann and Bob tie on 5, Cid 2, Dee 6, Eve 1
                   3, 3,            # Ann and Bob tie again
                   2, 4])           # Bob wins the re-roll
    result = roll_off(["Ann", "Bob", "Cid", "Dee", "Eve"], lambda: next(script))
    assert result.order == ("Dee", "Bob", "Ann", "Cid", "Eve")
    assert [sorted(r) for r in result.rolls] == [["Ann", "Bob", "Cid", "Dee", "Eve"],
                                                 ["Ann", "Bob"], ["Ann", "Bob"]]


def test_roll_off_refuses_bad_parties() -> None:
    for parties in ([], ["Ann"], ["Ann", "Ann"], [f"P{i}" for i in range(13)]):
        with pytest.raises(ValueError):
            roll_off(parties)
    with pytest.raises(ValueError):
        roll_off_odds(1)
    assert len(roll_off(["Ann", "Bob", "Cid"]).order) == 3


# --- one unit against another ------------------------------------------------------------------

def test_unit_against_unit_uses_their_stats_and_keywords(tmp_path: Path) -> None:
    catalog = load_catalog(tmp_path)
    known = keywords(catalog)

    def unit(name: str) -> Unit:
        card = catalog.get(name, "unit")
        assert isinstance(card, Unit)
        return card

    knight, martyr, kite, engine = (unit(n) for n in ("Gearknight", "Tin Martyr", "Aether Kite",
                                                      "Orrery Engine"))
    odds = unit_attack_odds(knight.stats, martyr.stats, keywords=known,
                            attacker_keywords=knight.keywords,
                            defender_keywords=martyr.keywords)
    assert odds == attack_odds(4, 3, 4, wounds=2, rise_again=Fraction(1, 2))
    assert odds.kill == brute_kill(4, 3, 4, wounds=2, rise=(3, 6))
    shrouded = unit_attack_odds(knight.stats, kite.stats, keywords=known,
                                defender_keywords=kite.keywords, cover=True)
    assert (shrouded.shroud, shrouded.cover) == (True, True)
    assert shrouded.kill == brute_kill(4, 3, 4, cover=True, shroud=True, wounds=2)
    double = unit_attack_odds(engine.stats, kite.stats, keywords=known,
                              attacker_keywords=engine.keywords,
                              defender_keywords=kite.keywords)
    assert (double.attacks, double.attacks_per_turn) == (2, 2)
    assert double.kill == brute_kill(4, 5, 4, shroud=True, attacks=2, wounds=2, per_turn=2)
    with pytest.raises(ValueError, match="Defense"):
        unit_attack_odds(knight.stats, Stats(wounds=1), keywords=known)
    with pytest.raises(ValueError, match="already dead"):
        unit_attack_odds(knight.stats, Stats(wounds=0, defense=3), keywords=known)


def test_the_roll_off_helper_on_the_command_line() -> None:
    """``chronicle odds roll-off N`` gives the exact odds; with names it plays one out (every
    roll kept, ties re-rolled among the tied, which the output says the seed leaves open)."""
    import contextlib
    import io
    import json

    from chronicle.cli import main

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["odds", "roll-off", *argv])
        return code, out.getvalue(), err.getvalue()

    code, out, _err = run("3", "--json")
    data = json.loads(out)
    assert code == 0 and data["win"] == "1/3" and data["decided_first"] == "55/72"
    assert Fraction(data["decided_first"]) == roll_off_odds(3).decided_first
    assert "order" not in data
    code, out, _err = run("Tim,Josh,[/x]Ann", "--json")
    played = json.loads(out)
    assert code == 0 and sorted(played["order"]) == sorted(["Tim", "Josh", "[/x]Ann"])
    assert set(played["rolls"][0]) == {"Tim", "Josh", "[/x]Ann"}
    first = played["rolls"][0]
    assert first[played["order"][0]] == max(first.values())
    code, out, _err = run("Tim,Josh")
    assert code == 0 and "leaves them open" in out and "Order: " in out
    for bad in ("1", "13", "Tim,Tim", "99999999999999", ","):
        assert run(bad)[0] == 2, bad
