"""The plug-in contract a game written as its own package relies on: the stable surface in one
module (``chronicle.systems.api``), ``py.typed`` so that a plug-in type-checks with
``mypy --strict``, and ``chronicle systems verify KEY``, which finds every problem of a plug-in
(a misspelt lazy name, a card kind without a model, a sample the game refuses, a sheet that
cannot be built) before the front that uses it runs."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chronicle.cli import main
from chronicle.systems import api, registry
from chronicle.systems.protocol import (
    Area,
    CommandGroup,
    FileKind,
    GameSystem,
    HomeParts,
    OddsCommand,
)

REPO = Path(__file__).resolve().parent.parent
TOY = REPO / "tests" / "toy_game"
BUNDLED = ["wyld-hunt", "tales-of-arcadia", "arcadia-quest", "hunters-of-arcfall"]


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


# --- chronicle systems verify ------------------------------------------------------------------

@pytest.mark.parametrize("key", BUNDLED)
def test_every_bundled_game_holds_to_the_contract(key: str) -> None:
    code, out, err = run_cli("systems", "verify", key, "--json")
    found = json.loads(out)
    assert (code, found["problems"]) == (0, []), err
    checked = "\n".join(found["checked"])
    assert "lazy name file kind" in checked and "card schema" in checked


@pytest.fixture
def toy() -> Iterator[GameSystem]:
    from toy_game import SYSTEM

    with registry.registered(SYSTEM) as system:
        yield system


def test_the_toy_game_holds_to_the_contract(toy: GameSystem) -> None:
    code, out, _ = run_cli("systems", "verify", toy.key, "--file",
                           str(TOY / "files" / "light.toml"))
    assert code == 0 and out.startswith("toy-pebbles: holds to the plug-in contract"), out
    code, out, _ = run_cli("systems", "verify", toy.key, "--json")
    checked = json.loads(out)["checked"]
    assert "sheet 'bag' built" in checked and "card schema" in checked
    assert "lazy name screen 'main': toy_game.screen:PebblesScreen" in checked


def crashing_sheet(db: Any, name: str, player: str | None) -> Any:
    """A sheet builder with a bug (not a refusal): verify reports it."""
    raise KeyError("limit")


LIGHT_SAMPLE = TOY / "files" / "light.toml"
"""A legal bag, named as a file kind's sample."""
HEAVY_SAMPLE = TOY / "files" / "heavy.toml"
"""A bag the toy's rules refuse, named as a sample: verify reports it."""


def broken_toy() -> GameSystem:
    """The toy game as a careless contributor might state it: one mistake of each sort."""
    from toy_game import SYSTEM

    return SYSTEM._replace(
        key="toy-broken", editions=(), card_kinds=("pebble", "boulder"),
        check="toy_game:check_path",
        file_kinds=(FileKind("bag", "a bag", "toy_game:chek_path",
                             sample="test_systems_contract:HEAVY_SAMPLE"),
                    FileKind("pouch", "a pouch", "toy_game:check_path",
                             sample="test_systems_contract:HEAVY_SAMPLE"),
                    FileKind("sack", "a sack", "toy_game:check_path",
                             sample="test_systems_contract:LIGHT_SAMPLE")),
        odds=(OddsCommand("weigh", "weigh", "weigh a bag", (), "toy_game.odds:weigh"),),
        commands=(CommandGroup("pouch", "pouches", "toy_game.cli:registr"),),
        sheets={"bag": "toy_game.service:BAGS.sheet",
                "crash": "test_systems_contract:crashing_sheet",
                "text": "toy_game:KEY"},
        screens={"main": "toy_game.screen:PebblesScreen", "bag": "toy_game:SCHEMA"},
        home=HomeParts(areas=(Area("bags", "Bags", "the bags", "table"),)),
        stats="toy_game.stats:stat")


def test_verify_reports_every_problem_of_a_broken_plug_in() -> None:
    with registry.registered(broken_toy()):
        code, out, _ = run_cli("systems", "verify", "toy-broken", "--file",
                               str(TOY / "files" / "broken.toml"))
        assert code == 1
        head, *lines = out.splitlines()
        assert head == "toy-broken: 11 problems with the plug-in contract:", out
        said = "\n".join(lines)
        for expected in (
            "file kind 'bag': check: 'toy_game:chek_path' does not resolve (AttributeError",
            "odds command 'weigh': run: 'toy_game.odds:weigh' does not resolve "
            "(ModuleNotFoundError",
            "command group 'pouch': register: 'toy_game.cli:registr' does not resolve",
            "stats: 'toy_game.stats:stat' does not resolve",
            "sheet 'text': 'toy_game:KEY' is a str, not something to call",
            "screen 'bag': 'toy_game:SCHEMA' is a ModelSchema, not something to call",
            "area 'bags': its screen 'table' is not one of the game's screens (main, bag)",
            "card schema: no model for the card kind 'boulder'",
            "file kind 'pouch': sample: the game finds it illegal (exit 1: card.unknown, "
            "bag.too_heavy)",
            f"sample {TOY / 'files' / 'broken.toml'}: the game cannot use it (exit 2:",
            "sheet 'crash': building it failed (KeyError: 'limit')",
        ):
            assert f"  - {expected}" in said, (expected, out)
        assert "sack" not in said  # its sample is legal
        code, out, _ = run_cli("systems", "verify", "toy-broken", "--json")
        assert code == 1 and len(json.loads(out)["problems"]) == 10


def test_verify_resolves_the_home_parts_and_the_folds() -> None:
    """Every lazy name of ``HomeParts`` (the parts any game gives as the home game) and of a
    record kind's fold is resolved and held to its use, each problem reported."""
    from toy_game import SYSTEM

    bag = SYSTEM.records[0]._replace(fold="toy_game.bags")  # a module without begin/step
    careless = SYSTEM._replace(
        key="toy-home", editions=(), records=(bag,),
        home=HomeParts(help="toy_game:SCHEMA", overview="toy_game:overveiw",
                       card_names="toy_game:KEY", demo="toy_game.demo:demo",
                       exchange="toy_game.exchange", completion="toy_game:bag"))
    with registry.registered(careless):
        code, out, _ = run_cli("systems", "verify", "toy-home", "--json")
    found = json.loads(out)
    assert code == 1
    assert sorted(problem.partition(":")[0] for problem in found["problems"]) == [
        "home card_names", "home demo", "home exchange", "home help", "home overview",
        "record kind 'bag'"], found["problems"]
    said = "\n".join(found["problems"])
    assert "home help: 'toy_game:SCHEMA' is a ModelSchema, not the help's text" in said
    assert "home card_names: 'toy_game:KEY' is a str, not something to call" in said
    assert "record kind 'bag': fold: 'toy_game.bags' has no begin, step, report" in said
    assert "lazy name home completion: toy_game:bag" in found["checked"]  # a module's part
    code, out, _ = run_cli("systems", "verify", registry.DEFAULT, "--json")
    checked = json.loads(out)["checked"]
    assert code == 0 and {line.split(":")[0] for line in checked if " home " in line} == {
        f"lazy name home {part}" for part in ("help", "overview", "card_names", "demo",
                                              "exchange", "completion")}


def test_verify_of_an_unknown_key_is_bad_input() -> None:
    code, out, err = run_cli("systems", "verify", "chess")
    assert code == 2 and out == "" and "'chess'" in err and "tales-of-arcadia" in err


def test_chronicle_systems_alone_still_lists_the_games() -> None:
    code, out, _ = run_cli("systems")
    assert code == 0 and "hunters-of-arcfall: Hunters of Arcfall" in out


# --- the stable surface ------------------------------------------------------------------------

def test_every_name_of_the_surface_resolves() -> None:
    assert api.__all__ == sorted(api.SURFACE)
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert api.GameSystem is GameSystem
    with pytest.raises(AttributeError, match="plug-in surface"):
        _ = api.Nothing


def test_importing_the_surface_loads_nothing_heavy() -> None:
    probe = ("import sys, json\nimport chronicle.systems.api\n"
             "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    loaded = json.loads(done.stdout)
    heavy = [m for m in loaded if m.split(".")[0] in ("pydantic", "sqlmodel", "sqlalchemy",
                                                      "textual", "reportlab")]
    assert heavy == [] and "chronicle.services.recordstore" not in loaded


def chronicle_names(package: Path) -> set[str]:
    """Every ``chronicle`` name the modules of ``package`` import, as ``module:name``."""
    found: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                    and node.module.split(".")[0] == "chronicle":
                found.update(f"{node.module}:{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("chronicle."))
    return found


def test_the_toy_game_uses_only_the_stable_surface() -> None:
    """A game written from the docs uses nothing the surface does not promise: a name the toy
    needs is added to ``chronicle.systems.api`` (and so kept stable), not used behind it."""
    surface = {*api.SURFACE.values(), "chronicle.systems.api"}  # the surface itself
    outside = sorted(name for name in chronicle_names(TOY)
                     if name not in surface and name.replace(":", ".") not in surface)
    assert outside == []


# --- typed ---------------------------------------------------------------------------------------

def test_the_package_is_marked_typed() -> None:
    assert (REPO / "chronicle" / "py.typed").is_file()


def test_a_plug_in_outside_the_repository_type_checks_strictly(tmp_path: Path) -> None:
    """The toy game copied out of the repository, as its own package, against the installed
    chronicle: ``mypy --strict`` finds no error (without ``py.typed`` every import of chronicle
    is an error)."""
    shutil.copytree(TOY, tmp_path / "toy_game",
                    ignore=shutil.ignore_patterns("__pycache__", "files"))
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           "--config-file", "", "toy_game"],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
