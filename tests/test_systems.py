"""The game-system registry: entry points of the four games, lazy loading, ``chronicle systems``,
``chronicle check`` dispatching on ``system =``, the games' odds commands, and a toy game that
lives only under ``tests/`` plugged in by a fixture. The tests count the bundled games, never
every installed one: those that list the games run again with a fifth game installed."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from chronicle.cli import main
from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem, OddsAnswer

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
GAMES = {"tales-of-arcadia": "tales_of_arcadia", "arcadia-quest": "arcadia_quest",
         "hunters-of-arcfall": "hunters_of_arcfall", "wyld-hunt": "wyld_hunt"}
SISTERS = [key for key in GAMES if key != "wyld-hunt"]
BUNDLED = {p.name for p in entry_points(group=registry.GROUP)
           if p.value.startswith("chronicle.systems.")}
"""The keys of the games shipped in this package: what the tests count, never every installed
game (a fifth one installed beside them is no failure)."""
WINERDRIA = TESTS / "golden" / "characters" / "winerdria.toml"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def game_modules_after(code: str) -> list[str]:
    """The game packages a fresh interpreter has imported after running ``code``."""
    probe = (f"{code}\nimport sys, json\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[:2] == "
             "['chronicle', 'systems'] and m.count('.') >= 2)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    found = json.loads(done.stdout.splitlines()[-1])
    return sorted({m.split(".")[2] for m in found} - {"protocol", "registry"})


def bundled(keys: Any) -> list[str]:
    """The keys among ``keys`` of the bundled games, in their order."""
    return [key for key in keys if key in BUNDLED]


@pytest.fixture(params=["bundled games alone", "a fifth game installed"])
def installed(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """The bundled games alone, then with a fifth game installed beside them (the toy game
    under ``tests/``): yields the fifth game's key, or None."""
    if request.param == "bundled games alone":
        yield None
        return
    from toy_game import SYSTEM

    with registry.registered(SYSTEM):
        yield SYSTEM.key


# --- the registry ------------------------------------------------------------------------------

def test_entry_points_of_the_four_games_are_installed() -> None:
    points = {p.name: p.value for p in entry_points(group=registry.GROUP)}
    for key, package in GAMES.items():
        assert points[key] == f"chronicle.systems.{package}.plugin:SYSTEM"
    assert points["ironheart"] == points["wyld-hunt"]
    assert {*GAMES, "ironheart"} <= set(registry.installed())


def test_listing_the_installed_keys_imports_no_game() -> None:
    code = ("from chronicle.systems import registry\n"
            "assert {'wyld-hunt', 'ironheart', 'tales-of-arcadia', 'arcadia-quest', "
            "'hunters-of-arcfall'} <= set(registry.installed())")
    assert game_modules_after(code) == []


def test_loading_one_system_imports_only_that_game() -> None:
    code = ("from chronicle.systems import registry\n"
            "assert registry.system('arcadia-quest').label == 'Arcadia Quest'")
    assert game_modules_after(code) == ["arcadia_quest"]


def test_checking_a_wyld_hunt_file_imports_no_other_game() -> None:
    code = ("import contextlib, io\nfrom chronicle.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert main(['check', {str(WINERDRIA)!r}]) == 0")
    assert game_modules_after(code) == ["wyld_hunt"]


@pytest.mark.parametrize("key", GAMES)
def test_every_lazy_name_of_a_system_resolves(key: str) -> None:
    one = registry.system(key)
    assert one.key == key and key in one.keys
    assert callable(one.checker())
    for kind in one.file_kinds:
        assert callable(kind.checker())
    for command in one.odds:
        assert callable(command.runner())
    from chronicle.systems.protocol import load_name
    for name in (one.card_schema, one.codes, one.ledger_codec):
        if name is not None:
            assert load_name(name) is not None
    assert one.docs is not None and (REPO / one.docs).is_file()


def test_edition_keys_name_their_game(installed: str | None) -> None:
    assert registry.system("ironheart") is registry.system("wyld-hunt")
    keys = [one.key for one in registry.systems()]
    assert bundled(keys) == sorted(GAMES)
    assert installed is None or installed in keys


def test_an_unknown_key_names_the_installed_ones() -> None:
    with pytest.raises(registry.UnknownSystem, match=r"'chess'.*tales-of-arcadia"):
        registry.system("chess")


def test_a_broken_registration_is_reported(installed: str | None) -> None:
    registry.register("chronicle.systems.protocol:nothing_here", ("broken-game",))
    try:
        with pytest.raises(registry.BadSystem, match="broken-game"):
            registry.system("broken-game")
        assert set(bundled(one.key for one in registry.systems())) == set(GAMES)
        assert "nothing_here" in registry.broken()["broken-game"]
        code, out, err = run_cli("systems", "--json")
        assert code == 1 and "broken-game" in err
        listed = [one["key"] for one in json.loads(out)["systems"]]
        assert set(bundled(listed)) == set(GAMES)
        assert installed is None or installed in listed
        code, data = odds_json("pool", "1d6")  # the other games' commands still work
        assert code == 0 and data["highest"] == 6
    finally:
        registry.unregister(("broken-game",))
    assert "broken-game" not in registry.installed() and registry.broken() == {}


def test_chronicle_systems_lists_every_game(installed: str | None) -> None:
    code, out, _ = run_cli("systems", "--json")
    assert code == 0
    listed = {one["key"]: one for one in json.loads(out)["systems"]}
    assert set(bundled(listed)) == set(GAMES)
    assert installed is None or installed in listed
    assert [e["key"] for e in listed["wyld-hunt"]["editions"]] == ["wyld-hunt", "ironheart"]
    assert [k["name"] for k in listed["wyld-hunt"]["file_kinds"]] == ["character", "setup"]
    assert listed["tales-of-arcadia"]["odds"] == ["attack", "pool", "roll-off"]
    assert listed["wyld-hunt"]["odds"] == ["test", "trial"]
    assert listed["arcadia-quest"]["card_kinds"][0] == "hero"
    assert listed["hunters-of-arcfall"]["file_kinds"][0]["name"] == "game"
    code, out, _ = run_cli("systems")
    assert code == 0 and "hunters-of-arcfall: Hunters of Arcfall" in out
    assert "editions:   ironheart" in out


# --- chronicle check on each game's golden files -----------------------------------------------

def golden_cases() -> Iterator[Any]:
    """The first legal case and the first broken-rule case of each sister game's golden index."""
    for key in SISTERS:
        folder = TESTS / GAMES[key] / "golden"
        cases = tomllib.loads((folder / "cases.toml").read_text())["case"]
        for wanted in (0, 1, 2):
            case = next(c for c in cases if c["exit"] == wanted)
            yield pytest.param(key, folder, case, id=f"{key}-{case['file']}")


@pytest.mark.parametrize(("key", "folder", "case"), golden_cases())
def test_check_dispatches_each_game_through_the_cli(key: str, folder: Path,
                                                     case: dict[str, Any],
                                                     private_data_dir: Path) -> None:
    shutil.copytree(folder / "cards", private_data_dir / "cards" / key)
    path = folder / case["file"]
    code, out, err = run_cli("check", str(path), "--json")
    assert code == case["exit"], err
    data = json.loads(out)
    if case["exit"] == 2:
        assert data["valid"] is False and data["file_problems"]
        return
    assert Counter(v["code"] for v in data["violations"]) == Counter(case["codes"])
    assert data["valid"] is (case["exit"] == 0)
    text_code, text, _ = run_cli("check", str(path))
    assert text_code == code
    assert f"{key}):" in text.splitlines()[0]


def broken_files() -> Iterator[Any]:
    for key in SISTERS:
        for path in sorted((TESTS / GAMES[key] / "golden").glob("broken/*.toml")):
            yield pytest.param(key, path, id=f"{key}-{path.name}")


@pytest.mark.parametrize(("key", "path"), broken_files())
def test_each_games_broken_files_through_the_cli(key: str, path: Path) -> None:
    from chronicle.systems.protocol import load_name

    system = registry.system(key)
    expected = load_name(system.file_kinds[0].check)(path, None)
    code, out, err = run_cli("check", str(path))
    assert code == expected.exit_code != 3
    assert "internal error" not in err and "Traceback" not in out + err
    if code == 2:
        assert str(path) in err


def test_check_a_wyld_hunt_file_as_before() -> None:
    code, out, _ = run_cli("check", str(WINERDRIA), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "character" and data["summary"]["system"] == "wyld-hunt"
    code, text, _ = run_cli("check", str(WINERDRIA))
    assert text.startswith("Winerdria (character, wyld-hunt): valid")
    assert "Icon: Sidhe Female" in text


def test_check_a_file_of_an_unknown_system(tmp_path: Path) -> None:
    path = tmp_path / "chess.toml"
    path.write_text('system = "chess"\nname = "Opening"\n')
    code, out, err = run_cli("check", str(path), "--json")
    assert code == 2
    (problem,) = json.loads(out)["file_problems"]
    assert problem["field"] == "system"
    assert "'chess'" in problem["message"] and "arcadia-quest" in problem["message"]
    assert "wyld-hunt" in err


def test_a_misspelt_system_gets_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "log.toml"
    path.write_text('system = "Hunters-of-Arcfal"\nname = "Friday"\n')
    code, _, err = run_cli("check", str(path))
    assert code == 2 and "did you mean 'hunters-of-arcfall'?" in err


def test_an_edition_key_checks_as_its_game(tmp_path: Path) -> None:
    from chronicle.systems.wyld_hunt.check import check_file

    path = tmp_path / "winerdria.toml"
    path.write_text(WINERDRIA.read_text().replace('system = "wyld-hunt"', 'system = "ironheart"'))
    assert 'system = "ironheart"' in path.read_text()
    code, out, _ = run_cli("check", str(path), "--json")
    expected = check_file(path)
    assert expected.report is not None
    assert code == expected.exit_code
    assert json.loads(out) == {**expected.report.to_dict(), "kind": "character"}
    assert json.loads(out)["summary"]["system"] == "ironheart"


@pytest.mark.parametrize("key", ["\u001b[31mred\u001b[0m", "x" * 10_000, "", "wyld-hunt\u202e"])
def test_a_hostile_system_key_is_refused_plainly(tmp_path: Path, key: str) -> None:
    path = tmp_path / "hostile.toml"
    path.write_text(f"system = {json.dumps(key)}\nname = 'x'\n", encoding="utf-8")
    code, out, err = run_cli("check", str(path), "--json")
    assert code == 2
    assert "\x1b" not in out + err and "\u202e" not in out + err
    assert len(err) < 2000
    assert json.loads(out)["valid"] is False


def test_an_unreadable_file_is_still_located(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('system = "tales-of-arcadia"\nname = [\n')
    code, _, err = run_cli("check", str(path))
    assert code == 2 and str(path) in err


# --- odds commands from the registry -----------------------------------------------------------

def odds_json(*argv: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run_cli("odds", *argv, "--json")
    return code, json.loads(out)


def test_odds_attack_matches_the_game() -> None:
    from chronicle.systems.tales_of_arcadia.odds import attack_odds

    code, data = odds_json("attack", "--accuracy", "4", "--power", "2", "--defense", "5",
                           "--cover", "--shroud", "--attacks", "3", "--wounds", "2",
                           "--rise-again", "3:6")
    expected = attack_odds(4, 2, 5, cover=True, shroud=True, attacks=3, wounds=2,
                           rise_again=Fraction(1, 2))
    assert code == 0
    for name in ("hit", "wound", "kill"):
        assert Fraction(data[name]) == getattr(expected, name)
        assert data[f"{name}_probability"] == float(getattr(expected, name))
    assert data["kind"] == "attack" and data["cover"] is True and data["shroud"] is True


def test_odds_pool_matches_the_game() -> None:
    from chronicle.systems.tales_of_arcadia.odds import pool_odds

    code, data = odds_json("pool", "2d6+1")
    assert code == 0
    expected = pool_odds("2d6+1").distribution
    assert {row["total"]: Fraction(row["chance"]) for row in data["totals"]} == expected
    by_total = {row["total"]: row for row in data["totals"]}
    assert by_total[8]["chance"] == "1/6" and by_total[13]["at_least"] == "1/36"


def test_odds_aq_attack_matches_the_game() -> None:
    from chronicle.systems.arcadia_quest.odds import attack_odds

    code, data = odds_json("aq-attack", "3", "--defense", "2", "--ranged")
    expected = attack_odds(3, 2, ranged=True)
    assert code == 0 and data["attack"] == "ranged"
    assert {int(n): Fraction(v["exact"]) for n, v in data["wounds"].items()} == expected.wounds
    assert Fraction(data["remainder"]["exact"]) == expected.remainder
    assert Fraction(data["expected"]["exact"]) == expected.expected


def test_odds_bust_matches_the_game(private_data_dir: Path) -> None:
    from chronicle.systems.hunters_of_arcfall.cards import Result
    from chronicle.systems.hunters_of_arcfall.odds import bust_odds

    code, data = odds_json("bust", "--dice", "2", "--wounds", "2")
    assert code == 1
    assert [v["code"] for v in data["violations"]] == ["card.incomplete"]
    shutil.copytree(TESTS / "hunters_of_arcfall" / "golden" / "cards",
                    private_data_dir / "cards" / "hunters-of-arcfall")
    code, data = odds_json("bust", "--dice", "2", "--wounds", "2")
    counts = {Result.HIT: 3, Result.WOUND: 1, Result.MISS: 1, Result.HEAL: 1, Result.STUN: 0}
    expected = bust_odds(counts, 2, 2, die_name="Custom die")
    assert code == 0
    assert Fraction(data["bust"]) == expected.bust == Fraction(1, 36)
    assert data["bust_probability"] == float(expected.bust)
    assert [Fraction(p) for p in data["hits_at_least"]] == list(expected.hits_at_least)


@pytest.mark.parametrize("argv", [
    ("attack", "--accuracy", "4", "--power", "2", "--defense", "5", "--attacks", "0"),
    ("pool", "2d7"),
    ("aq-attack", "30"),
    ("aq-attack", "2", "--depth", "99"),
    ("bust", "--dice", "99", "--wounds", "0"),
])
def test_impossible_odds_are_refused_with_a_message(argv: tuple[str, ...],
                                                    private_data_dir: Path) -> None:
    shutil.copytree(TESTS / "hunters_of_arcfall" / "golden" / "cards",
                    private_data_dir / "cards" / "hunters-of-arcfall")  # the die's faces known
    code, out, err = run_cli("odds", *argv)
    assert code == 2 and out == ""
    assert err.startswith("chronicle: ") and len(err.splitlines()) == 1


def test_the_whole_parser_has_every_games_odds_commands(
        capsys: pytest.CaptureFixture[str]) -> None:
    from chronicle.cli import build_parser

    parser = build_parser()  # no argv: the whole tree (help, shell completion)
    with pytest.raises(SystemExit) as done:
        parser.parse_args(["odds", "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for name in ("test", "trial", "attack", "pool", "aq-attack", "bust"):
        assert f"\n    {name} " in shown
    lean = build_parser(["check", "x.toml"])  # another command: the registry is not read
    with pytest.raises(SystemExit) as refused:
        lean.parse_args(["odds", "bust", "--dice", "1", "--wounds", "0"])
    assert refused.value.code == 2


def test_wyld_hunt_odds_are_unchanged() -> None:
    code, data = odds_json("test", "3", "2")
    assert code == 0 and data["win"] == "7/12"


def test_odds_commands_text_output() -> None:
    code, out, _ = run_cli("odds", "pool", "1d2-1")
    assert code == 0 and out.startswith("Pool 1d2-1: totals 0 to 1")
    code, out, _ = run_cli("odds", "aq-attack", "1", "--depth", "0")
    assert code == 0 and "beyond the depth: 1/6" in out


# --- a toy game under tests/ -------------------------------------------------------------------

@pytest.fixture
def toy() -> Iterator[GameSystem]:
    from toy_game import SYSTEM

    with registry.registered(SYSTEM) as system:
        yield system
    assert "toy-pebbles" not in registry.installed()


def test_a_toy_game_goes_through_chronicle_check(toy: GameSystem) -> None:
    files = TESTS / "toy_game" / "files"
    code, out, _ = run_cli("check", str(files / "light.toml"))
    assert code == 0 and out.startswith("Light bag (bag, toy-pebbles): valid")
    assert "weight: 5" in out
    code, out, _ = run_cli("check", str(files / "heavy.toml"), "--json")
    data = json.loads(out)
    assert code == 1 and data["kind"] == "bag"
    assert sorted(v["code"] for v in data["violations"]) == ["bag.too_heavy", "card.unknown"]
    code, _, err = run_cli("check", str(files / "broken.toml"))
    assert code == 2 and "limit" in err
    code, out, _ = run_cli("systems", "--json")
    assert "toy-pebbles" in {one["key"] for one in json.loads(out)["systems"]}


def test_a_toy_game_reads_cards_through_the_shared_loader(toy: GameSystem,
                                                          private_data_dir: Path) -> None:
    files = TESTS / "toy_game" / "files"
    code, out, _ = run_cli("check", str(files / "bad-card.toml"), "--json")
    (problem,) = json.loads(out)["file_problems"]
    assert code == 2 and problem["line"] == 9 and problem["field"] == "weight"
    code, out, _ = run_cli("check", str(files / "borrowed.toml"), "--json")
    assert code == 1 and [v["code"] for v in json.loads(out)["violations"]] == ["card.unknown"]
    folder = private_data_dir / "cards" / "toy-pebbles"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('version = 1\n\n[[card]]\nname = "Jade"\n'
                                      'kind = "pebble"\nweight = 9\n')
    code, out, _ = run_cli("check", str(files / "borrowed.toml"), "--json")
    data = json.loads(out)
    assert code == 1 and [v["code"] for v in data["violations"]] == ["bag.too_heavy"]
    assert data["summary"]["weight"] == 11
    from chronicle.systems.protocol import load_name
    assert toy.card_schema is not None and load_name(toy.card_schema).kinds == ("pebble",)


def test_a_toy_odds_command_joins_chronicle_odds(toy: GameSystem) -> None:
    from chronicle.systems.protocol import OddsCommand, Option

    def coin(options: dict[str, Any]) -> OddsAnswer:
        chance = Fraction(1, 2) ** options["flips"]
        return OddsAnswer({"all_heads": str(chance)}, (f"all heads: {chance}",))

    command = OddsCommand("coins", "flip coins", "all heads", (Option(("--flips",), "flips",
                                                                      required=True),),
                          "test_systems:COIN")
    globals()["COIN"] = coin
    extended = toy._replace(odds=(command,))
    with registry.registered(extended):
        code, data = odds_json("coins", "--flips", "3")
    assert code == 0 and data == {"all_heads": "1/8"}
