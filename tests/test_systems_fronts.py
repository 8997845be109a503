"""The fronts' side of the game-system seam: command groups and record kinds in the protocol,
``chronicle systems`` listing them, and the command line building each installed game's groups
from the registry (imported only when that group runs)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from typing import Any

from chronicle.cli import main
from chronicle.rules.report import Report, Severity, Violation
from chronicle.systems import registry
from chronicle.systems.protocol import (
    CommandGroup,
    Edition,
    GameSystem,
    RecordContext,
    RecordKind,
)


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
    commands = parser.add_subparsers(dest="jar_command", metavar="COMMAND", required=True)
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
