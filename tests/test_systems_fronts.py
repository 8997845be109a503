"""The fronts' side of the game-system seam: command groups and record kinds in the protocol,
``chronicle systems`` listing them, and the command line building each installed game's groups
from the registry (imported only when that group runs)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chronicle.cli import build_parser, main
from chronicle.cli.overview import every_command
from chronicle.cli.systems import EditionKeys
from chronicle.rules.report import Report, Severity, Violation
from chronicle.systems import registry
from chronicle.systems.protocol import (
    CommandGroup,
    Edition,
    GameSystem,
    RecordContext,
    RecordKind,
)

TOY_FILES = Path(__file__).resolve().parent / "toy_game" / "files"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def check_jar(data: dict[str, Any], events: list[dict[str, Any]],
              context: RecordContext) -> Report:
    """A jar holds at most ``size`` marbles: each ``add`` event adds one."""
    held = sum(1 for event in events if event["kind"] == "add")
    found = [] if held <= data["size"] else [
        Violation("jar.full", Severity.ERROR, f"{held} marbles in a jar of {data['size']}")]
    return Report(found, {"held": held, "cards": len(context.group_cards)})


def describe_jar(event: dict[str, Any]) -> str:
    return f"{event['kind']} a marble"


def register_jar(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="jar_command", metavar="COMMAND")
    shake = commands.add_parser("shake", help="shake the jar")
    shake.set_defaults(handler=lambda args: 0)


JAR = RecordKind("jar", "marble jar", True, "test_systems_fronts:check_jar",
                 "test_systems_fronts:describe_jar")
MARBLES = GameSystem(key="toy-marbles", label="Marbles", editions=(Edition("toy-marbles",
                                                                           "Marbles"),),
                     card_kinds=(), file_kinds=(),
                     commands=(CommandGroup("jar", "marble jars", "test_systems_fronts:"
                                                                  "register_jar"),),
                     records=(JAR,))


# --- the protocol ------------------------------------------------------------------------------

def test_a_system_without_commands_or_records_has_none() -> None:
    plain = GameSystem(key="toy-plain", label="Plain", editions=(), card_kinds=(),
                       file_kinds=())
    assert plain.commands == () and plain.records == ()
    assert plain.to_dict()["commands"] == [] and plain.to_dict()["records"] == []
    assert plain.record_kind("jar") is None and plain.command_group("jar") is None


def test_record_kinds_and_command_groups_resolve_lazily() -> None:
    kind = MARBLES.record_kind("jar")
    assert kind is JAR
    check = kind.checker()
    context = RecordContext(None, ({"name": "Cat's eye"},))
    report = check({"size": 1}, [{"kind": "add", "payload": {}}] * 2, context)
    assert report.codes == ["jar.full"] and report.summary == {"held": 2, "cards": 1}
    describe = kind.describer()
    assert describe is not None and describe({"kind": "add", "payload": {}}) == "add a marble"
    assert RecordKind("jar", "jar", False, "x:y").describer() is None
    group = MARBLES.command_group("jar")
    assert group is not None and group.registrar() is register_jar


def test_chronicle_systems_lists_commands_and_records() -> None:
    with registry.registered(MARBLES):
        code, out, _ = run_cli("systems", "--json")
        text_code, text, _ = run_cli("systems")
    assert code == text_code == 0
    listed = {one["key"]: one for one in json.loads(out)["systems"]}
    marbles = listed["toy-marbles"]
    assert marbles["commands"] == [{"name": "jar", "help": "marble jars"}]
    assert marbles["records"] == [{"name": "jar", "label": "marble jar", "per_player": True}]
    assert "commands:   chronicle jar" in text and "keeps:      marble jar" in text


# --- the command line builds each game's groups ------------------------------------------------

REGISTERED: list[str] = []


def register_counted(parser: argparse.ArgumentParser) -> None:
    REGISTERED.append(parser.prog)
    register_jar(parser)


COUNTED = GameSystem(key="toy-marbles", label="Marbles", editions=(), card_kinds=(),
                     file_kinds=(), commands=(
                         CommandGroup("jar", "marble jars", "test_systems_fronts:register_counted"),
                         CommandGroup("check", "a clash: the built-in wins", "nowhere:nothing")))


def test_a_games_group_runs_and_is_listed_after_the_everyday_commands(
        capsys: pytest.CaptureFixture[str]) -> None:
    with registry.registered(MARBLES):
        assert run_cli("jar", "shake")[0] == 0
        code, _, err = run_cli("jar")
        assert code == 2 and "chronicle jar needs a subcommand" in err
        with pytest.raises(SystemExit):
            main(["--help"])
        helped = capsys.readouterr().out
        listed = dict(every_command())
    assert helped.index("    export") < helped.index("    jar ") < helped.index("    systems")
    assert "marble jars" in helped and listed["chronicle jar"] == "marble jars"
    assert "jar" not in dict(every_command())


def test_a_group_is_loaded_only_when_it_runs() -> None:
    REGISTERED.clear()
    with registry.registered(COUNTED):
        for argv in (["systems"], ["--help"], ["check", "x.toml"], [], ["--db", "jar"]):
            build_parser(argv)
        assert REGISTERED == []
        assert "jar" in subcommands(build_parser(["--help"]))
        assert "jar" not in subcommands(build_parser(["check", "x.toml"]))
        parser = build_parser(["--db", "sqlite://", "jar", "shake"])
        assert REGISTERED == ["chronicle jar"]
        assert parser.parse_args(["jar", "shake"]).handler(None) == 0
        code, _out, err = run_cli("check", str(TOY_FILES / "light.toml"))  # the built-in wins
        assert code == 2 and "toy-pebbles" in err


def test_a_built_in_command_reads_no_registry() -> None:
    probe = ("import sys\nfrom chronicle.cli import build_parser\n"
             "build_parser(['--db', 'sqlite://', 'player', 'list'])\n"
             "print(sorted(m for m in sys.modules if m in ('importlib.metadata', "
             "'chronicle.systems.registry', 'chronicle.systems.protocol')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_home_group_loads_no_other_game(tmp_path: Path) -> None:
    """``chronicle character show`` (a command group of the home system) reads the home system
    alone from the registry, whose entry points are cached after the first command."""
    probe = ("import sys\nfrom chronicle.cli import build_parser\n"
             "parser = build_parser(['--db', 'sqlite://', 'character', 'show', 'x'])\n"
             "assert parser.parse_args(['character', 'show', 'x']).handler\n"
             "print(sorted(m for m in sys.modules if m == 'importlib.metadata' or "
             "m.startswith('chronicle.systems.') and m.count('.') == 2))")
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(tmp_path)}
    for _ in range(2):  # the first reads the installed metadata and caches the entry points
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                              check=True, env=env)
    assert done.stdout.strip() == ("['chronicle.systems.protocol', "
                                   "'chronicle.systems.registry', 'chronicle.systems.wyld_hunt']")


def test_a_broken_group_exits_2_naming_the_game() -> None:
    broken = GameSystem(key="toy-marbles", label="Marbles", editions=(), card_kinds=(),
                        file_kinds=(), commands=(CommandGroup("jar", "marble jars",
                                                              "test_systems_fronts:nothing"),))
    with registry.registered(broken):
        code, out, err = run_cli("jar", "shake")
        assert code == 2 and out == ""
        assert "'jar' of Marbles cannot be loaded" in err and "nothing" in err
        assert run_cli("systems")[0] == 0  # the rest of the command line is unharmed
        whole = build_parser()  # the whole tree: listed, refused when run
        assert "jar" in subcommands(whole) and whole.parse_args(["jar"]).handler(None) == 2
    registry.register("chronicle.systems.protocol:nothing_here", ("toy-broken",))
    try:
        code, _, err = run_cli("hoard", "list")  # no installed game has a 'hoard' group
        assert code == 2 and "'hoard' is not a command" in err and "toy-broken" in err
    finally:
        registry.unregister(("toy-broken",))


def test_edition_choices_come_from_the_registry() -> None:
    parser = build_parser(["game", "new"])
    parsed = parser.parse_args(["game", "new", "x", "--seat", "A", "--system", "ironheart"])
    assert parsed.system == "ironheart"
    with pytest.raises(SystemExit), contextlib.redirect_stderr(io.StringIO()) as err:
        build_parser(["character", "new"]).parse_args(["character", "new", "x", "--player", "p",
                                                       "--system", "pebbles"])
    assert "'wyld-hunt', 'ironheart'" in err.getvalue()
    with registry.registered(MARBLES):
        assert "toy-marbles" in EditionKeys("toy-marbles") and len(EditionKeys()) == 2


def test_completion_reaches_a_groups_subcommands(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronicle.cli import _completed_words

    monkeypatch.setenv("COMP_LINE", "chronicle --db 'a b' jar sh")
    monkeypatch.setenv("COMP_POINT", "27")
    assert _completed_words() == ["--db", "a b", "jar", "sh"]
    with registry.registered(MARBLES):
        parser = build_parser(_completed_words())
    assert "shake" in subcommands(parser, "jar")


def subcommands(parser: argparse.ArgumentParser, *path: str) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            if path:
                return subcommands(action.choices[path[0]], *path[1:])
            return list(action.choices)
    return []


# --- the head of a printed page ----------------------------------------------------------------

def test_a_pages_head_is_the_registered_title() -> None:
    from chronicle.export.wording import brand

    assert brand("wyld-hunt") == "ARCADIA · THE WYLD HUNT"
    assert brand("ironheart") == "KING IRONHEART'S MADNESS"
    assert brand("no-such-game") == "NO-SUCH-GAME"
    edition = Edition("toy-glass", "Marbles: Glass (all clear marbles)")
    with registry.registered(GameSystem(key="toy-marbles", label="Marbles: The Game",
                                        editions=(edition, Edition("toy-odd", "Odd (")),
                                        card_kinds=(), file_kinds=())):
        assert brand("toy-marbles") == "MARBLES · THE GAME"
        assert brand("toy-glass") == "MARBLES · GLASS"
        assert brand("toy-odd") == "ODD ("


# --- chronicle export <sheet>: every game's sheets ---------------------------------------------

def page_document(db: Any, name: str, player: str | None) -> Any:
    from chronicle.errors import NotFound

    raise NotFound(f"no jar is called {name!r}")


def test_a_games_sheets_join_chronicle_export(tmp_path: Path) -> None:
    jars = GameSystem(key="toy-marbles", label="Marbles: Glass", editions=(), card_kinds=(),
                      file_kinds=(), sheets={"jar": "test_systems_fronts:page_document",
                                             "sheet": "nowhere:clash",
                                             "broken": "test_systems_fronts:nothing"})
    db = ["--db", f"sqlite:///{tmp_path}/t.db"]
    with registry.registered(jars):
        assert "jar" not in subcommands(build_parser(["-h", "character"]), "export")
        assert "jar" in subcommands(build_parser(["export", "jar"]), "export")
        # a PDF written and read back: tests/test_systems_toy.py (chronicle export bag)
        code, _, err = run_cli(*db, "export", "jar", "Red", "--out", str(tmp_path))
        assert code == 2 and "no jar is called 'Red'" in err
        code, _, err = run_cli(*db, "export", "broken", "Blue")
        assert code == 2 and "cannot be loaded" in err
        code, _, err = run_cli(*db, "export", "sheet", "Nobody")  # Wyld Hunt's keeps its name
        assert code == 2 and "Nobody" in err
